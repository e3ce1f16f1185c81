"""Long values of the command line's label blocks folded to the terminal's width, under their own column.

An estimate's assumptions ("Efficiencies  matrix products 77.3 % (training) and 92.7 % …") run to 190
columns; a 100-column terminal folded them back to its first column, across the labels. Printed to a
terminal, a value longer than the room after its label goes on in its own column; to a pipe or a file
(the tests, ``> out.txt``, the README's blocks) nothing is folded, so the text is the same everywhere else.
"""

from __future__ import annotations

import re
import shutil
import sys

from configurator.core.view.printable import display_width

NARROWEST_VALUE_COLUMNS = 30
"""Fewest columns [terminal columns] a value is folded into; with less room after its label it is left
whole (the terminal folds it), since a column a few words wide reads worse than one folded line."""

_CJK = "\u2e80-\u9fff\uf900-\ufaff"
_KEPT = "\u00a0\u202f"  # the no-break spaces the texts put between a number and its unit ('80.0\u00a0%')
_OPENING = "\uff08\u300a\u300c\u300e\u3010\u3014\uff3b\uff5b"  # （《「『【〔［｛: never end a line
_PIECES = re.compile(rf"[{_OPENING}]*"  # opening brackets, with what they open
                     rf"(?:\d(?:[\d,.]*\d)?[ {_KEPT}]?)?"  # a number and the space after it, then
                     rf"(?:[{_CJK}](?:(?![{_OPENING}])[\u3000-\u303f\uff00-\uffef])*"  # a Chinese character and
                     # the punctuation after it but an opening bracket
                     rf"|(?:[^\s{_CJK}]|[{_KEPT}])+[^\S{_KEPT}]*)"  # or a word and the spaces after it
                     rf"|[^\S{_KEPT}]+")
"""Where a line may break: after a Chinese character (with the full-width punctuation after it, which
never starts a line) or after a run of other characters and the spaces that follow it, never at a
no-break space nor after an opening bracket (a line ended '总额不含 1 台工作站（' until session 46); a number
stays with the word or character after it, its unit ('4.21 元', '80 GB')."""


def terminal_columns() -> int | None:
    """Columns of the terminal standard output prints to [terminal columns]; None when it is not a
    terminal (a pipe, a file, a test's captured output): nothing is folded then."""
    stream = sys.stdout
    if stream is None or not getattr(stream, "isatty", lambda: False)():
        return None
    return shutil.get_terminal_size().columns


def folded(text: str, columns: int) -> list[str]:
    """``text`` in lines of at most ``columns`` terminal columns (two a Chinese character), broken after a
    word or a Chinese character; a word longer than a line (an address) keeps a line of its own, whole.

    Parameters
    ----------
    text : str
        One line of text.
    columns : int
        Widest line [terminal columns].

    Returns
    -------
    list of str
        The lines, without trailing spaces; one line when ``text`` fits.
    """
    lines, line = [], ""
    for piece in _PIECES.findall(text):
        if line and display_width(line + piece.rstrip()) > columns:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    return [*lines, line.rstrip()] if line.strip() or not lines else lines


def hanging(text: str, indent: int, columns: int | None) -> str:
    """``text`` that starts ``indent`` columns in, folded to ``columns`` with its later lines starting
    at the same column; ``text`` unchanged where ``columns`` is None (not a terminal) or leaves fewer
    than :data:`NARROWEST_VALUE_COLUMNS` for it."""
    if columns is None or columns - indent < NARROWEST_VALUE_COLUMNS:
        return text
    return ("\n" + " " * indent).join(folded(text, columns - indent))


def bullet(text: str) -> str:
    """A list item as the command line prints it, ``'  - text'``, folded on a terminal with its later lines
    under its first word (:func:`hanging`): the ranking's reasons and the cards not ranked ran to 200 columns."""
    return f"  - {hanging(text, 4, terminal_columns())}"
