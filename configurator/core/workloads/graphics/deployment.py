"""Graphics deployments: the cards that carry every user or stream (desktops, video), or a
render job at every count that fits. The family object (passed in) says which and assembles
each estimate; estimates go through the shared memo."""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.catalog import Card
from configurator.core.graphics import cards_for_deadline, graphics_unsuitable, no_display_for_monitor
from configurator.core.procurement.servers import LARGEST_PCIE_SERVER
from configurator.core.scenario import COUNT_SWEEP, Scenario, Workload
from configurator.core.workloads.base import Estimate, WorkloadFamily
from configurator.core.workloads.layout import at_count, with_layout
from configurator.core.workloads.memo import remembered

GRAPHICS_COUNTS = COUNT_SWEEP
"""Card counts a render job is estimated at: 1, 2, 3, 4, 6, 8, 12, … 768, 1,024 (the powers of two
and the counts half-way between them, :data:`configurator.core.scenario.COUNT_SWEEP`), and with a
deadline the fewest cards that meet it (:data:`DEADLINE_COUNT`)."""

DEADLINE_COUNT = "the fewest cards that meet the deadline"
"""With a deadline, a render job is also estimated at the fewest cards that meet it
(:func:`configurator.core.graphics.cards_for_deadline`), when that is within
:data:`GRAPHICS_COUNTS`: on the sweep alone a job was bought at the next count up, up to a third more
cards than it needs, idle at the pace asked, and the cheaper card could lose — 10,000 frames of
10 min on an RTX 4090 in 30 h: 48 × RTX PRO 6000 Blackwell Max-Q first (0.0856 USD a frame),
where 40 × RTX PRO 6000 Blackwell Workstation (27.3 h) cost 0.0768 USD a frame and were not
tried (persona check, December 2026). Between sweep counts only this count is tried: the others
meet the deadline no sooner for less."""


NO_DEADLINE_COUNTS = "at most one server"
"""A render job without a deadline is estimated at the counts one server holds, 1 to
:data:`~configurator.core.procurement.servers.LARGEST_PCIE_SERVER` cards: with no time to buy,
more cards only finish sooner, while the cost per frame (the TCO over the cards' years of
back-to-back jobs) flattens past one server — 2,000 frames on RTX PRO 6000 Blackwell
Workstation cards: 0.0364 USD a frame on 8 cards (13.7 h), 0.0344 on 192 (36 min), 5 % apart —
so until December 2026 the ranking bought 192 cards for a job one server renders overnight.
A deadline sizes the job past one server (every count of :data:`GRAPHICS_COUNTS`), and the
recommendation says which deadline would change its answer (``reason-deadline-changes``)."""


A_FRAME_EACH = "no more cards than frames"
"""Counts of :data:`GRAPHICS_COUNTS` past the job's frames are tried as one card a frame: a frame is
rendered whole on one card (:func:`configurator.core.formulas.graphics.render_hours`), so cards
past the frames only stand idle — a 20-frame job that no count rendered within a minute was
offered below the line on 64 RTX PRO 6000 and 96 L40S (persona check, December 2026)."""


def carrying_whole_load(est: Estimate, family: WorkloadFamily) -> Estimate:
    """Desktops and transcoding: the same scenario on as many cards as every user or stream
    needs (``est`` itself when it already has that count, or for a render job)."""
    g = est.graphics
    if g is None or not family.carries_load or not g.cards_needed or g.cards_needed == est.scenario.count:
        return est
    scenario = at_count(est.scenario, g.cards_needed, has_layout=False)
    if g.cards_per_server is not None and g.cards_per_server != scenario.parallelism.cards_per_node:
        scenario = with_layout(scenario, {"cards_per_node": g.cards_per_server})  # as the needed count was sized
    return remembered(scenario, est.card, family.assemble)


def graphics_deployments(scenario: Scenario, card: Card, family: WorkloadFamily,
                         counts: Sequence[int] = GRAPHICS_COUNTS) -> list[Estimate]:
    """Rendering: the job at every count that fits. Desktops and transcoding: the cards needed
    for every user or stream."""
    if graphics_unsuitable(scenario.workload, card) or no_display_for_monitor(scenario, card):
        return []
    per_node = 1 if card.is_consumer and scenario.workload is Workload.TRANSCODE else None  # sessions per server
    par = scenario.parallelism.model_copy(update={"cards_per_node": per_node or scenario.parallelism.cards_per_node})
    base = scenario.model_copy(update={"card_id": card.id, "count": 1, "parallelism": par})
    if not family.carries_load:  # without a deadline, no count past one server's worth (NO_DEADLINE_COUNTS)
        most = None if scenario.constraints.deadline_hours else LARGEST_PCIE_SERVER
        frames = scenario.graphics.frames  # no more cards than frames (A_FRAME_EACH)
        tried = {min(n, frames) for n in counts if n >= 1 and (most is None or n <= most)}
        fewest = cards_for_deadline(card, base)  # DEADLINE_COUNT
        if fewest is not None and fewest <= max(tried, default=0):
            tried.add(fewest)
        return [e for e in family.sweep(base, card, sorted(tried)) if e.fits and e.graphics.hours is not None]
    first = remembered(base, card, family.assemble)
    if not first.graphics.cards_needed or not first.fits:
        return []
    deployment = carrying_whole_load(first, family)
    return [deployment] if deployment.usable else []
