"""A command-line table fitted to the terminal's width: its text cells and headings folded in their columns.

The ranking's table ran to about 300 columns (the card's full name, its price with date and kind, the first
reason in full): an 80-200 column terminal folded each row back to its first column, across the others.
Printed to a terminal, a table wider than it keeps every number on one line and folds its words (a card's
name, the reason, a heading) in their own columns, the widest first, down to :data:`NARROWEST_CELL`
columns or the longest word; where even that is too wide, its last columns of words are left out with a
note. To a pipe or a file nothing is folded (:mod:`configurator.report.text_wrap`), as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.view.printable import display_width
from configurator.report.text_wrap import folded

INDENT = "  "
"""Before each line of a table."""

GAP = "  "
"""Between two columns."""

NARROWEST_CELL = 10
"""Fewest columns [terminal columns] a column of words is folded into (a word longer than that keeps its
own width: an address or a card's model number is not broken)."""

NARROWEST_HEADING = 12
"""Fewest columns [terminal columns] a heading is folded into: "Time per output token (p90)" in three lines,
not five."""


def table_width(widths: Sequence[int]) -> int:
    """Columns a table of columns ``widths`` takes [terminal columns], its indent and gaps included."""
    return display_width(INDENT) + sum(widths) + display_width(GAP) * (len(widths) - 1)


def _longest_word(text: str) -> int:
    return max((display_width(piece) for piece in folded(text, 1)), default=0)


def _least_widths(cells: list[list[str]], numeric: frozenset[int]) -> list[int]:
    """The narrowest each column may be folded to: a number's whole width, words down to
    :data:`NARROWEST_CELL` (a heading's to :data:`NARROWEST_HEADING`) or their longest word."""
    least = []
    for i in range(len(cells[0])):
        heading, body = cells[0][i], [row[i] for row in cells[1:]]
        natural = max(display_width(text) for text in (heading, *body))
        heading_least = max(min(display_width(heading), NARROWEST_HEADING), _longest_word(heading))
        if i in numeric:
            least.append(max(heading_least, *(display_width(text) for text in body)))
        else:
            least.append(max(min(natural, NARROWEST_CELL), heading_least, *(_longest_word(text) for text in body)))
    return least


def fitted_widths(cells: list[list[str]], numeric: frozenset[int], columns: int) -> list[int] | None:
    """Each column's width for the table to fit ``columns`` [terminal columns]: narrowed a few columns at a
    time where that adds the fewest lines to the table (the widest first among equals: a long reason folds
    before a card's name or a short heading); None where it cannot fit even at its least widths
    (:func:`_least_widths`)."""
    widths = [max(display_width(row[i]) for row in cells) for i in range(len(cells[0]))]
    least = _least_widths(cells, numeric)
    if table_width(least) > columns:
        return None
    counts: dict[tuple[int, int], list[int]] = {}

    def lines_at(i: int, width: int) -> list[int]:  # each row's line count of column i at ``width``
        if (i, width) not in counts:
            counts[i, width] = [1 if display_width(row[i]) <= width else len(folded(row[i], width)) for row in cells]
        return counts[i, width]

    def table_lines_with(i: int, width: int) -> int:
        per_column = [lines_at(j, width if j == i else widths[j]) for j in range(len(widths))]
        return sum(max(row) for row in zip(*per_column, strict=True))

    while (over := table_width(widths) - columns) > 0:
        steps = {i: max(1, min(widths[i] - least[i], over, STEP_COLUMNS)) for i in range(len(widths))
                 if widths[i] > least[i]}
        i = min(steps, key=lambda i: (table_lines_with(i, widths[i] - steps[i]), -widths[i]))
        widths[i] -= steps[i]
    return widths


STEP_COLUMNS = 4
"""Most columns a column is narrowed by at once [terminal columns] while the table is fitted."""


def table_lines(cells: list[list[str]], numeric: frozenset[int], widths: Sequence[int]) -> list[str]:
    """The table's lines, each row's cells folded to their column's width (numbers right-aligned, a last
    column of words not padded); a row of cells that all fit is one line, as an unfolded table's."""
    lines = []
    for row in cells:
        parts = [folded(text, widths[i]) if display_width(text) > widths[i] else [text] for i, text in enumerate(row)]
        for k in range(max(len(p) for p in parts)):
            words = []
            for i, part in enumerate(parts):
                text = part[k] if k < len(part) else ""
                gap = " " * max(widths[i] - display_width(text), 0)
                words.append(gap + text if i in numeric else text if i == len(parts) - 1 else text + gap)
            lines.append((INDENT + GAP.join(words)).rstrip())
    return lines
