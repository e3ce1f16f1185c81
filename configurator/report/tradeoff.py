"""The serving trade-off in the configuration summary (issue 29, part 1): the front of every layout
the serving planner weighed for the chosen card and count, as a table (tokens/s per GPU against
tokens/s per user), with the TPOT target and how TTFT is applied under it."""

from __future__ import annotations

from configurator.core.view.family_view import view_of
from configurator.core.view.tradeoff_view import chart_text, front_table
from configurator.core.workloads.base import Estimate
from configurator.report.language import Words
from configurator.report.parts import Table


def tradeoff_table(est: Estimate, w: Words) -> Table | None:
    """The front as a table for a serving estimate (None for other families, or when the front is
    the chosen layout alone: the speed table already says it)."""
    if not view_of(est.scenario.workload).ranking.serving_tradeoff:
        return None
    from configurator.core.workloads.serving.pareto import asked_scenario, serving_tradeoff

    tradeoff = serving_tradeoff(asked_scenario(est), est.card, est)
    if len(tradeoff.front) < 2 and tradeoff.chosen_on_front:  # the chosen layout alone: nothing to trade
        return None
    heading, rows = front_table(tradeoff, w)
    text = chart_text(tradeoff, w, table=True)
    stop = "." if w.language == "en" else "。"
    sentences = [*((text.tpot_line + stop,) if text.tpot_line else ()), text.note]  # the card and count: the summary's
    note = (" " if w.language == "en" else "").join(sentences)
    return Table("tradeoff", w("Serving trade-off: the Pareto front"), tuple(heading),
                 tuple(tuple(r) for r in rows), note=note)
