"""Packed fine-tuning sequences: the tokens a training step's causal attention runs over
(:func:`attention_span`), read by the estimate, the layout search and the job's FLOPs alike.

A thin adapter from the scenario to :func:`~configurator.core.formulas.flops.attention_span_tokens`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurator.core.formulas.flops import attention_span_tokens

if TYPE_CHECKING:
    from configurator.core.scenario import Scenario


def packed_in_force(scenario: Scenario) -> bool:
    """Whether the scenario's sequences are packed from examples with attention kept within each:
    ``training.packed`` on fine-tuning work (:attr:`~configurator.core.scenario_choices.Workload.trains_on_examples`);
    a pre-training job's box left on from a fine-tune is not read (the editor greys it, the command line refuses
    ``--packed``)."""
    return scenario.training.packed and scenario.workload.trains_on_examples


def attention_span(scenario: Scenario) -> int:
    """Tokens each causal attention of a training sequence runs over [tokens]: the example's
    (``training.tokens_per_example``, at most the sequence) where packed examples keep attention
    within each (:func:`packed_in_force`), else the whole sequence (``training.seq_len``)."""
    training = scenario.training
    return int(attention_span_tokens(training.seq_len, training.tokens_per_example, packed_in_force(scenario)))
