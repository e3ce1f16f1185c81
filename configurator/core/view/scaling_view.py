"""The scaling chart's series, worked out from an analysis (session 51, chart51): what the window's
:class:`~configurator.app.scaling_chart.ScalingChart` draws, in the family's units, Qt-free.

The lines are one layout along the counts (:attr:`~configurator.core.analysis.Analysis.line`: a serving
deployment's chosen copy, more or fewer of them), so no segment joins two layouts as if one trend ran through
them: 24 × MI300X serving Llama 3 70B at 40 requests/s drew the planner's layout per count, its time per token
12, 125, 69, 27, 12, 38 and 15 ms at 16-96 cards. Each count's own plan, where it lays the cards out otherwise
and carries the load, is a marker of its own; a count where no layout fits, or none carries the load, a mark on
the chart's floor (its plan ranks fitting, then carrying, first: when it does not, no layout it weighed does)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from configurator.core.view.family_view import ChartView

if TYPE_CHECKING:
    from configurator.core.analysis import Analysis
    from configurator.core.estimate import Estimate

Point = tuple[int, float]
"""(cards, value in the unit of the chart's axis)."""


@dataclass(frozen=True)
class ScalingSeries:
    """What the scaling chart draws for one analysis."""

    throughput: list[Point]
    """The line's counts that fit, with their throughput (left axis)."""
    second: list[list[Point]]
    """The right axis' line in runs: its counts that fit and carry the load; a count between them that does not
    carry it ends a run (the line breaks there rather than join its neighbours over it)."""
    not_fitting: list[int]
    """Counts where no layout fits."""
    not_carried: list[int]
    """Counts where a layout fits but none carries the load (:attr:`ChartView.short_of_load`)."""
    other_layouts: list[Point]
    """Counts whose own plan lays the cards out otherwise than the line and carries the load, with its
    right-axis value: the planner's choice had the user typed that count."""
    layout: Estimate | None
    """The estimate whose layout the lines keep (the chosen one), None where they draw each count's own plan."""


def copy_layout(est: Estimate) -> tuple:
    """What makes two deployments of a count one layout in the chart's eyes: the copy's tensor, pipeline and
    expert parallel degrees and whether prefill and decode run in separate pools (a pool split in another
    proportion, or another batch cap, is the same copy: 8 × MI350X at 40 requests/s, Llama 3 70B, put a marker
    at 25.9 ms beside the line's 26.2 at 64 cards for a split of its own)."""
    s = est.scenario
    p = s.parallelism
    return p.tp, p.pp, p.ep, bool(s.prefill_copies)


def _carried(charts: ChartView, est: Estimate) -> bool:
    return est.fits and not charts.short_of_load(est)


def scaling_series(analysis: Analysis, charts: ChartView) -> ScalingSeries:
    """The scaling chart's series of ``analysis``, read through the family's ``charts`` view."""
    planned = [e for e in analysis.by_count if e.throughput]
    line = [e for e in analysis.line if e.throughput and e.fits]
    runs: list[list[Point]] = [[]]
    for e in line:
        carried = _carried(charts, e)
        value = charts.second_value(e) if carried else None
        if value:
            runs[-1].append((e.scenario.count, value))
        elif not carried and runs[-1]:
            runs.append([])
    drawn = {e.scenario.count: e for e in line if _carried(charts, e)}
    other = []
    if analysis.by_layout:
        for e in planned:
            kept = drawn.get(e.scenario.count)
            value = charts.second_value(e) if _carried(charts, e) else None
            if value and (kept is None or copy_layout(kept) != copy_layout(e)):
                other.append((e.scenario.count, value))
    return ScalingSeries(
        throughput=[(e.scenario.count, e.throughput) for e in line],
        second=[run for run in runs if run],
        not_fitting=[e.scenario.count for e in planned if not e.fits],
        not_carried=[e.scenario.count for e in planned if e.fits and charts.short_of_load(e)],
        other_layouts=other,
        layout=analysis.estimate if analysis.by_layout else None)
