"""Text from files and users made safe to print (issue 30, part 5).

Quote ids, card names, file names and config values reach the terminal, the summary and the
window. A control character among them can recolour or clear a terminal (``"\\x1b[31m"``), move
the cursor back over a line (``"\\r"``), forge a line of its own (``"\\n"``), or reverse the
order text is shown in (the Unicode bidirectional controls, "Trojan Source", CVE-2021-42574).
:func:`printable` writes each such character as a visible ``\\uXXXX`` escape instead: the text
stays legible and the escape says what was there. Every message the command line prints goes
through it (:class:`PrintableStream`), and the summary's Markdown and HTML writers call it too.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

_BIDI_AND_LINE_SEPARATORS = "\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
"""Arabic letter mark, left-to-right and right-to-left marks, the line and paragraph separators,
the embeddings and overrides and the isolates (Unicode UAX #9, table 1)."""

_UNSAFE = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI_AND_LINE_SEPARATORS}]")
"""Every C0 and C1 control character (tab and line feed included) and the characters above."""

_UNSAFE_KEEPING_LINES = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI_AND_LINE_SEPARATORS}]")
"""The same without tab and line feed, which lay out a table the program prints."""


def _escape(match: re.Match) -> str:
    return f"\\u{ord(match.group()):04x}"


def printable(text: str, keep_lines: bool = False) -> str:
    """``text`` with every control and bidirectional-control character written as ``\\uXXXX``.

    Parameters
    ----------
    text : str
        Any text (a message, a file name, a cell of a table).
    keep_lines : bool
        Keep tab and line feed (a whole table or document); otherwise they are escaped too, so
        one value stays on one line.

    Returns
    -------
    str
        The text; unchanged when it holds none of them (Chinese, accents, symbols stay as they are).
    """
    return (_UNSAFE_KEEPING_LINES if keep_lines else _UNSAFE).sub(_escape, text)


_LINE_BREAKS = re.compile("\r\n|[\n\r\t\v\f\x1c-\x1e\x85\u2028\u2029]")
"""Every character that starts a new line in some reader (CommonMark takes \\n and \\r; Python's
``splitlines``, editors and terminals the rest), and the tab."""


def single_line(text: str) -> str:
    """``text`` on one line, as a title or a table cell shows it: each line break (and tab) a
    space, every other control character escaped (:func:`printable`), ends trimmed."""
    return printable(_LINE_BREAKS.sub(" ", text)).strip()


class PrintableStream:
    """A text stream that writes what it is given through :func:`printable` (lines kept) to
    ``stream``; everything else (``flush``, ``fileno``, ``encoding`` …) is the stream's."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(printable(text, keep_lines=True))
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


@contextmanager
def printable_output() -> Iterator[None]:
    """Within the block, everything written to ``sys.stdout`` and ``sys.stderr`` is printable:
    the command line's tables, messages, JSON (an escape there is a JSON escape of the same
    character) and argparse's own errors."""
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = (None if s is None else PrintableStream(s) for s in (stdout, stderr))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = stdout, stderr


def display_width(text: str) -> int:
    """Columns ``text`` takes in a terminal: two for each wide (CJK) character (Unicode UAX #11)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
