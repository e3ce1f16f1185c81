"""The serving trade-off in the configuration summary (issue 29, part 1): every layout the serving
planner weighed for the chosen card and count as a chart (tokens/s per GPU against tokens/s per
user, the window's chart model: :func:`~configurator.core.view.tradeoff_view.tradeoff_chart`),
and under it the front as a table, with the TPOT target and how TTFT is applied."""

from __future__ import annotations

from configurator.core.view.family_view import view_of
from configurator.core.view.tradeoff_view import chart_text, front_table, tradeoff_chart
from configurator.core.workloads.base import Estimate
from configurator.report.language import Words
from configurator.report.parts import PointChart, Table

CHART_KEY = "tradeoff"
"""The chart's image key in the summary (``chart://tradeoff`` in the document)."""


def tradeoff_section(est: Estimate, w: Words) -> tuple[Table, PointChart] | None:
    """The trade-off of a serving estimate: the front as a table with the chart of every layout
    drawn above it (None for other families, or when the front is the chosen layout alone: the
    speed table already says it)."""
    if not view_of(est.scenario.workload).ranking.serving_tradeoff:
        return None
    from configurator.core.workloads.serving.pareto import search_start, serving_tradeoff

    tradeoff = serving_tradeoff(search_start(est), est.card, est)
    if len(tradeoff.front) < 2 and tradeoff.chosen_on_front:  # the chosen layout alone: nothing to trade
        return None
    heading, rows = front_table(tradeoff, w)
    text = chart_text(tradeoff, w, table=True)
    stop = "." if w.language == "en" else "。"
    sentences = [*((text.tpot_line + stop,) if text.tpot_line else ()), text.note]  # the card and count: the summary's
    note = (" " if w.language == "en" else "").join(sentences)
    table = Table("tradeoff", w("Serving trade-off: the Pareto front"), tuple(heading),
                  tuple(tuple(r) for r in rows), note=note, image=CHART_KEY,
                  image_title=w("Serving trade-off"))
    return table, PointChart(CHART_KEY, tradeoff_chart(tradeoff, w))
