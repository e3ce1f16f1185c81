"""The command line's usage errors: :class:`UsageError`, the parser that says each refusal as one
line in the language of ``--lang`` (:class:`CommandParser`), and the list flags' reader with its
nearest name (:func:`listed`, :func:`nearest`)."""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Sequence

from configurator.cli_refusals import argparse_refusal
from configurator.core.messages import Message, msg


class UsageError(Exception):
    """Bad command-line input; reported as one line on stderr, in the language of ``--lang``
    where it is a message of the catalogue (``said``, :func:`configurator.core.messages_said.said_in`)."""

    def __init__(self, text: str | Message) -> None:
        if isinstance(text, Message):
            self.said = text
        super().__init__(text.text if isinstance(text, Message) else text)


_WRONG_KIND = {"int": "cli-not-a-whole-number", "float": "cli-not-a-plain-number"}
"""A value argparse's ``int`` or ``float`` type refused -> the message saying what the flag takes."""


def _flag_name(action: argparse.Action) -> str:
    """The flag as argparse names it in a refusal ('-o/--output'; a positional by its name)."""
    return "/".join(action.option_strings) or action.metavar or action.dest


class CommandParser(argparse.ArgumentParser):
    """argparse with each refusal one line (no usage text), said in the language of ``--lang``."""

    def parse_known_args(self, args=None, namespace=None):
        """As argparse's, remembering the arguments (``argv``), which a refusal may quote."""
        self.argv = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> None:  # one clear line instead of usage + message
        raise UsageError(argparse_refusal(message, getattr(self, "argv", ())) or message)

    def _get_value(self, action: argparse.Action, arg_string: str):
        """A value its type refuses, said as a message: the type's own (``said``), or what an
        integer or decimal flag takes."""
        try:
            return super()._get_value(action, arg_string)
        except argparse.ArgumentError:
            problem = getattr(sys.exc_info()[1].__context__, "said", None)
            kind = _WRONG_KIND.get(getattr(action.type, "__name__", ""))
            if problem is None and kind is None:
                raise
            raise UsageError(msg("cli-argument", flag=_flag_name(action),
                                 problem=problem or msg(kind, text=arg_string))) from None

    def _check_value(self, action: argparse.Action, value) -> None:
        """A value outside the flag's choices, said with the choices and the nearest one."""
        if action.choices is not None and value not in action.choices:
            choices = [str(c) for c in action.choices]
            raise UsageError(msg("cli-argument", flag=_flag_name(action), problem=msg(
                "cli-invalid-choice", text=str(value), hint=nearest(str(value), choices), choices=", ".join(choices))))
        super()._check_value(action, value)

    def _get_values(self, action: argparse.Action, arg_strings: list[str]):
        """Refuse ``--flag=--``: argparse (3.11) drops the ``--`` and hands the flag an empty list
        without calling its type, which no later check expects (a TypeError deep in the run)."""
        if action.option_strings and action.nargs is None and arg_strings == ["--"]:
            raise UsageError(msg("cli-not-a-value", flag="/".join(action.option_strings)))
        return super()._get_values(action, arg_strings)


def listed(flag: str, text: str, valid: Sequence[str], unknown_id: str) -> tuple[str, ...]:
    """The names of a comma-separated list flag (``--classes training,inference``), in lower
    case, each once; a usage error naming the valid values (and the nearest one) for a name that
    is not one of ``valid``, or for a list that names none."""
    names = tuple(dict.fromkeys(n.strip().lower() for n in text.split(",") if n.strip()))
    choices = ", ".join(valid)
    unknown = [n for n in names if n not in valid]
    if unknown:
        raise UsageError(msg(unknown_id, flag=flag, names=", ".join(f"'{n}'" for n in unknown),
                             hint=nearest(unknown[0], valid), choices=choices))
    if not names:
        raise UsageError(msg("cli-empty-list", flag=flag, choices=choices))
    return names


def nearest(name: str, valid: Sequence[str]) -> Message | str:
    """" (did you mean 'training'?)" for a name close to one of ``valid``; "" otherwise."""
    close = difflib.get_close_matches(name.lower(), [v.lower() for v in valid], n=1)
    if not close:
        return ""
    return msg("cli-did-you-mean", name=f"'{next(v for v in valid if v.lower() == close[0])}'")
