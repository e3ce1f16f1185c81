"""The summary's configurations below the line: what the ranking left out because each breaks a
constraint the buyer set, and by how much (session 18: the command line and the recommendation
panel listed them — the Chinese buyer's 3,000,000 CNY budget left MTT S4000, BI-V100 and RTX A6000
over budget — and the printed summary, the page a buyer signs, was silent on them)."""

from __future__ import annotations

from configurator.core.recommend import Result
from configurator.core.view.ranking_view import below_line_columns, below_line_heading
from configurator.core.view.rows import label, write
from configurator.report.language import Words
from configurator.report.parts import Table, count

MAX_BELOW_LINE = 6
"""Configurations below the line the summary lists, in the ranking's order (the closest to
meeting the constraints first); the recommendation panel lists them all."""


def below_line_table(result: Result, w: Words) -> Table | None:
    """The first :data:`MAX_BELOW_LINE` configurations below the line — count, card, class, speed,
    the constraint each breaks and by how much — in the summary's language; None when none is."""
    columns = below_line_columns(result)
    if not columns.rows:
        return None
    header = tuple(label(h, w.language) for h in columns.headings)
    rows = tuple(tuple(write(v, w.language) for v in row) for row in columns.rows[:MAX_BELOW_LINE])
    rest = len(columns.rows) - MAX_BELOW_LINE
    note = w("{n} more below the line; the recommendation panel lists them all.", n=count(rest)) if rest > 0 else ""
    return Table("below-line", w(below_line_heading(result)), header, rows,
                 note=note)
