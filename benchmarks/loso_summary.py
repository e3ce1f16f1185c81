"""The summaries of a leave-one-source-out run (:func:`loso.leave_one_source_out`): each row's out-of-source
prediction and status, and the medians by kind and by publication the reports print (split from ``loso.py``,
2026-12-05, session 36, when the joint fit of an ``Assumptions`` field with a profile field passed it over 600
lines; ``loso`` re-exports every name)."""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from dataclasses import dataclass

from accuracy_base import Row


@dataclass(frozen=True)
class Held:
    """One row predicted without its publication's rows."""

    row: Row
    predicted: float | None
    """The prediction with the defaults set without the row's publication (None: n/a)."""
    status: str
    """'not fitted', 'refitted: <fits>', or 'n/a: <fit> is set only from this source' (and why, where the other
    sources have rows enough but no solution under the fit's ceilings)."""

    @property
    def error_pct(self) -> float | None:
        return None if self.predicted is None else 100.0 * (self.predicted - self.row.measured) / self.row.measured


NOT_FITTED = "not fitted"
SET_ELSEWHERE = "fitted without this source: "
"""The status of a row whose publication holds no fitting row of the fitted defaults it depends on."""


@dataclass(frozen=True)
class KindSummary:
    """In-sample and leave-one-source-out medians of one kind [%]."""

    rows: int
    in_sample: float
    out_of_source: float | None
    """Median |error| over the rows with an out-of-source prediction (None: none has one)."""
    with_value: int
    """Rows with an out-of-source prediction."""
    fitted: bool
    """Whether any of the kind's rows depends on a fitted default (refitted, missing, or set
    without the row's source)."""


def kind_summary(held: Iterable[Held], kind: str) -> KindSummary | None:
    members = [h for h in held if h.row.kind == kind]
    if not members:
        return None
    valued = [abs(h.error_pct) for h in members if h.error_pct is not None]
    return KindSummary(len(members), statistics.median(abs(h.row.error_pct) for h in members),
                       statistics.median(valued) if valued else None, len(valued),
                       any(h.status != NOT_FITTED for h in members))


@dataclass(frozen=True)
class SourceSummary:
    """One publication's rows of one kind: in-sample and leave-one-source-out medians [%]."""

    publication: str
    rows: int
    in_sample: float
    out_of_source: float | None
    """Median |error| over the rows with an out-of-source prediction (None: none has one)."""
    with_value: int


def by_publication(held: Iterable[Held], kind: str) -> list[SourceSummary]:
    """Each publication's rows of ``kind``, most rows first: which sources carry a kind's out-of-source error
    (``accuracy.py --by-source`` prints it)."""
    members: dict[str, list[Held]] = {}
    for h in held:
        if h.row.kind == kind:
            members.setdefault(h.row.publication, []).append(h)
    out = []
    for publication, items in members.items():
        valued = [abs(h.error_pct) for h in items if h.error_pct is not None]
        out.append(SourceSummary(publication, len(items), statistics.median(abs(h.row.error_pct) for h in items),
                                 statistics.median(valued) if valued else None, len(valued)))
    return sorted(out, key=lambda x: (-x.rows, x.publication))


def describe(summary: KindSummary | None, unit: str = "") -> str:
    """The leave-one-source-out figure as the reports print it (``unit`` after the number)."""
    if summary is None:
        return ""
    if not summary.fitted:
        return f"{summary.out_of_source:.1f}{unit} (not fitted)"
    if summary.out_of_source is None:
        return f"n/a (0/{summary.rows}: fitted on own source)"
    if summary.with_value < summary.rows:
        return f"{summary.out_of_source:.1f}{unit} ({summary.with_value}/{summary.rows} rows)"
    return f"{summary.out_of_source:.1f}{unit}"
