"""``--examples N [--tokens-per-example T]``: fine-tuning data given in examples, read into the
scenario's token budget by the one conversion (:func:`configurator.core.examples.example_tokens`)."""

from __future__ import annotations

import argparse

from configurator.core.examples import DEFAULT_TOKENS_PER_EXAMPLE, example_tokens
from configurator.core.fields import BY_PATH
from configurator.core.messages import Message, msg


def tokens_of_examples(data: dict, args: argparse.Namespace) -> Message | None:
    """``--examples N [--tokens-per-example T]``: the token budget set to N × T
    (:func:`~configurator.core.examples.example_tokens`), the examples kept to say so; with
    ``--tokens`` too, the refusal to raise (two budgets); ``--tokens-per-example`` alone (without ``--packed``,
    where it is the packed examples' length), or too few
    examples for the least budget, one too; None when taken (or not given)."""
    training = data.setdefault("training", {})
    examples = getattr(args, "examples", None)
    if examples is None:
        if getattr(args, "tokens_per_example", None) is not None and not getattr(args, "packed", None):
            return msg("cli-flag", flag="--tokens-per-example", problem=msg("cli-needs-examples"))
        return None
    if getattr(args, "tokens", None) is not None:
        return msg("cli-flag", flag="--examples", problem=msg("cli-examples-and-tokens"))
    per_example = training.get("tokens_per_example", DEFAULT_TOKENS_PER_EXAMPLE)
    tokens, least = example_tokens(int(examples), per_example), BY_PATH["training.tokens"].bounds.low
    if least is not None and tokens < least:  # said in examples, not as a --tokens the user never gave
        return msg("cli-flag", flag="--examples", problem=msg(
            "cli-examples-too-few", examples=int(examples), per_example=per_example, tokens=int(tokens),
            least=int(least)))
    training["examples"] = int(examples)
    training["tokens"] = tokens
    return None
