"""Packed fine-tuning sequences: the tokens a training step's causal attention runs over
(:func:`attention_span`), read by the estimate, the layout search and the job's FLOPs alike.

A thin adapter from the scenario's training section to
:func:`~configurator.core.formulas.flops.attention_span_tokens`.
"""

from __future__ import annotations

from configurator.core.formulas.flops import attention_span_tokens
from configurator.core.scenario_sections import Training


def attention_span(training: Training) -> int:
    """Tokens each causal attention of a training sequence runs over [tokens]: the example's
    (``training.tokens_per_example``, at most the sequence) where ``training.packed`` keeps attention
    within each packed example, else the whole sequence (``training.seq_len``)."""
    return int(attention_span_tokens(training.seq_len, training.tokens_per_example, training.packed))
