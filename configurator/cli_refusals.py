"""argparse's own refusals (its English text, Python 3.11) said as messages of the catalogue, so that
``--lang zh_CN`` says them in Chinese, with what was typed quoted as typed (:class:`AsTyped`) and a
value split from its unit by a space named (``--budget 300 万``: write ``--budget 300万``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from configurator.core.messages import Message, msg


class AsTyped(str):
    """Text the user typed, quoted in a message as typed in every language: a message's plain string
    parameter is a word it translates (``days`` read "天" in a Chinese refusal of ``--deadline 10 days``
    until December 2026)."""

    def text_in(self, language: str) -> str:  # noqa: ARG002 - the same in every language
        return str(self)


_NUMBER = re.compile(r"[-+]?[0-9][0-9,]*(?:\.[0-9]+)?")
"""A value typed as a bare number (``300``, ``1,000``, ``2.5``): a unit or magnitude may follow it."""

_UNIT_WORD = re.compile(r"[^\W\d_]+")
"""A word of letters only (``万``, ``days``, ``元``, ``USD``): a unit or magnitude typed apart from its number."""


def _split_value(args: str, argv: Sequence[str]) -> Message | None:
    """The hint for an unrecognized word that follows a flag's bare number (``--budget 300 万``): the
    shell hands it over as a separate argument; written with no space it is read (``300万``)."""
    words = list(argv)
    first = args.split(" ")[0]
    if first not in words or not _UNIT_WORD.fullmatch(first):
        return None
    at = words.index(first)
    if at < 2 or not words[at - 2].startswith("--") or "=" in words[at - 2] or not _NUMBER.fullmatch(words[at - 1]):
        return None
    return msg("cli-value-split", flag=AsTyped(words[at - 2]), value=AsTyped(words[at - 1]), word=AsTyped(first))


def _unrecognized(match: re.Match, argv: Sequence[str]) -> Message:
    """Arguments no flag takes, quoted as typed, with the form read where a unit was split off
    (:func:`_split_value`)."""
    args = match["args"]
    split = _split_value(args, argv)
    if split is not None:
        return msg("cli-unrecognized-split", args=AsTyped(args), hint=split)
    return msg("cli-unrecognized", args=AsTyped(args))


def _missing_value(match: re.Match, argv: Sequence[str]) -> Message:
    """A flag with no value after it: where the next argument starts with '-' (``--tokens -2B``), the form
    argparse takes it in is that value after '=' (``--tokens=-2B``); else ``=-1`` as an example."""
    flags = match["flag"].split("/")
    words = list(argv)
    at = next((i for i, word in enumerate(words) if word in flags), None)
    after = words[at + 1] if at is not None and at + 1 < len(words) else ""
    typed = after if re.fullmatch(r"-\.?[0-9].*", after) else "-1"  # a negative number, not the next flag
    return msg("cli-argument", flag=AsTyped(match["flag"]),  # the long flag: "-o=-1" would read "=-1"
               problem=msg("cli-expected-value", flag=AsTyped(flags[-1]), value=AsTyped(typed)))


ARGPARSE_REFUSALS: tuple[tuple[re.Pattern, Callable[[re.Match, Sequence[str]], Message]], ...] = (
    (re.compile(r"argument (?P<flag>\S+): expected one argument"), _missing_value),
    (re.compile(r"unrecognized arguments: (?P<args>.*)"), _unrecognized),
    (re.compile(r"the following arguments are required: (?P<args>.*)"),
     lambda m, _: msg("cli-required", args=AsTyped(m["args"]))),
)
"""argparse's refusal (its English text, matched whole) -> the same said as a message of the catalogue,
given the arguments parsed (``argv``); any other is passed on as written."""


def argparse_refusal(message: str, argv: Sequence[str]) -> Message | None:
    """argparse's refusal ``message`` as a message of the catalogue (:data:`ARGPARSE_REFUSALS`), given the
    arguments it parsed; None where it is none of them."""
    for pattern, said_as in ARGPARSE_REFUSALS:
        match = pattern.fullmatch(message)
        if match:
            return said_as(match, argv)
    return None
