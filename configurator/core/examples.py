"""A fine-tuning data set counted in examples (what buyers say: "10 万条数据", 100,000 examples) and
turned into the token budget the estimator reads, in one place (:func:`example_tokens`).

The default length of an example, :data:`DEFAULT_TOKENS_PER_EXAMPLE` = 512 tokens, is the maximum
length the Stanford Alpaca fine-tune (52,002 instruction examples) cut each one to (README.md,
"Max length 512"; train.py ``model_max_length=512``; tatsu-lab/stanford_alpaca commit 761dc5b):
an upper bound on a short instruction example, not its mean (the data file was not at hand to
measure one). A data set of longer examples (chat transcripts, documents) gives its own length.
"""

from __future__ import annotations

from configurator.core.messages import Message, msg

DEFAULT_TOKENS_PER_EXAMPLE = 512
"""Tokens per fine-tuning example when the buyer gives none [tokens]: the Alpaca fine-tune's
maximum length (see the module's docstring)."""


def example_tokens(examples: int, tokens_per_example: int = DEFAULT_TOKENS_PER_EXAMPLE) -> float:
    """The token budget of ``examples`` examples of ``tokens_per_example`` tokens each [tokens]
    (one pass over the data)."""
    return float(examples) * float(tokens_per_example)


def examples_said(examples: int | None, tokens_per_example: int, tokens: float) -> Message | None:
    """"100,000 examples × 512 tokens = 51.2M tokens" ("… = 5,120 万词元" in Chinese, the one token
    writer's large numbers) where the token budget is the examples'
    (:func:`example_tokens`); None without examples, or where the budget was changed since."""
    if examples is None or example_tokens(examples, tokens_per_example) != tokens:
        return None
    return msg("examples-as-tokens", examples=examples, per_example=tokens_per_example, tokens=tokens)
