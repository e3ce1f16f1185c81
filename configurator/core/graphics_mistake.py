"""The costly mistake of graphics work: a training card bought for desktops, video or rendering.

A ranking for graphics work (virtual desktops, transcoding, rendering) leaves the training class out
by default (:data:`~configurator.core.recommend_filters.DEFAULT_CLASSES`), so until December 2026 a
buyer read only 'filtered out' in ``--json`` for an H100 and nothing on the table, the summary or the
window (persona12gfx, session 42). What a training card lacks is catalog fact (``display_outputs``,
``video.nvenc``, ``vgpu``, ``rt_cores``: H100 SXM5 'No NVENC; 7 NVDEC + 7 NVJPG; no display outputs',
NVIDIA H100 datasheet, and 'C-series compute profiles' only, docs.nvidia.com/vgpu/gpus-supported-by-vgpu.html,
as catalog.json cites them); what the mistake costs is the training card's own best deployment, ranked
as every other card is (:func:`~configurator.core.recommend_card.rank_card`), beside the first's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from configurator.core.catalog import Card, load_bundled_catalog
from configurator.core.messages import Message, msg
from configurator.core.procurement.prices import PriceBook
from configurator.core.recommend_record import Objective, Recommendation
from configurator.core.region import delivery_message, delivery_problem
from configurator.core.scenario import Scenario, Workload, updated
from configurator.core.workloads import family_of

MISTAKEN_CLASS = "training"
"""The class whose cards are the costly mistake for graphics work (no display outputs, video encoders,
desktop vGPU profiles or ray-tracing cores on any of its NVIDIA cards)."""

COMPARED_ON = (Objective.TCO, Objective.CLOUD)
"""The objectives whose score is a cost per unit of work, so a ratio of two is what the mistake costs."""


def graphics_lacks(card: Card, workload: Workload) -> list[Message]:
    """What ``card`` lacks of what ``workload`` needs (its family's ``needs``:
    :attr:`~configurator.core.workloads.graphics.family.GraphicsFamily.needs`), each a catalog fact: a
    field not verified (None) is not said."""
    lacking = {
        "desktop-vgpu": card.vgpu is not None and card.vgpu != "graphics",
        "video-encoders": card.video.nvenc == 0,
        "display-outputs": card.display_outputs == 0,
        "rt-cores": card.rt_cores == 0,
    }
    return [msg(f"lacks-{need}") for need in getattr(family_of(workload), "needs", ()) if lacking[need]]


def _mistaken_cards(ranked: Sequence[Recommendation], workload: Workload) -> list[Card]:
    """The catalog's training cards with the most of ``workload``'s needs known to be lacking
    (:func:`graphics_lacks`: the H100, H200, A100 and V100, whose datasheets and NVIDIA's vGPU list say
    so), in catalog order; none when a training card is ranked (the buyer asked for the class)."""
    if any(r.card.category == MISTAKEN_CLASS for r in ranked):
        return []
    cards = [c for c in load_bundled_catalog().cards if c.category == MISTAKEN_CLASS]
    most = max((len(graphics_lacks(c, workload)) for c in cards), default=0)
    return [c for c in cards if most and len(graphics_lacks(c, workload)) == most]


MistakeCost = Callable[[Scenario, Card, Objective, PriceBook | None], tuple[float, int, Card] | None]
"""(cost per unit of work on the objective, cards, the card) of a card's best deployment for a scenario, or
None where it cannot do the work or has no cost: the ranking's own (``recommend._mistaken_card_cost``),
passed in so that this module, below the ranking, never imports it."""


def training_card_reason(best: Recommendation, ranked: Sequence[Recommendation], objective: Objective,
                         book: PriceBook | None, cost_of: MistakeCost) -> Message | None:
    """Why no training card is ranked for the first's graphics work, and what one would cost: the
    training card of least cost per unit of work carrying the same load (users, streams, frames
    before the deadline) at ``ratio`` × the first's cost, with what it lacks; where none of the class
    can do the work at any count, the best-known one's lacks. None outside :data:`COMPARED_ON`, where
    a training card is ranked, or where the catalog has none with known lacks (every family but graphics:
its ``needs`` are what is lacked). ``cost_of`` prices one training card's deployment (:data:`MistakeCost`)."""
    if objective not in COMPARED_ON or not best.score:
        return None
    cards = _mistaken_cards(ranked, best.estimate.scenario.workload)
    if not cards:
        return None
    scenario = best.estimate.scenario
    costs = [cost for cost in (cost_of(scenario, card, objective, book) for card in cards) if cost]
    workload = scenario.workload.value
    if not costs:
        return _without_cost(scenario, cards, objective, book, cost_of)
    score, count, card = min(costs, key=lambda c: (c[0], c[1], c[2].id))
    if score <= best.score:
        return None
    return msg("reason-training-card-costs", card=card.name, count=count, workload=workload,
               ratio=score / best.score, first=best.card.name, lacks=graphics_lacks(card, scenario.workload),
               unit=family_of(scenario.workload).cost_unit)


def _without_cost(scenario: Scenario, cards: Sequence[Card], objective: Objective, book: PriceBook | None,
                  cost_of: MistakeCost) -> Message:
    """Why no training card has a cost for the work: none can do it at any count (no video encoders for
    transcoding), or — where one has a cost once the delivery region and the budget are set aside — it cannot be
    delivered where the cards go (a US export licence for mainland China), else the constraints set rule it out.
    Rendering delivered to mainland China read "none can do it at any count (e.g. H100 SXM5 80GB: no ray-tracing
    cores …)" while the same ranking elsewhere priced 3 H100 PCIe at 3.5× the first's cost per frame (persona50)."""
    workload, region = scenario.workload, scenario.constraints.region
    relaxed = updated(scenario, constraints={"region": None, "budget": None})
    if not any(cost_of(relaxed, c, objective, book) for c in cards):
        return msg("reason-training-card-cannot", card=cards[0].name, workload=workload.value,
                   lacks=graphics_lacks(cards[0], workload))
    blocked = [c for c in cards if delivery_problem(c, region)]
    if blocked:
        return msg("reason-training-card-not-delivered", card=blocked[0].name, workload=workload.value,
                   why=delivery_message(blocked[0], region), lacks=graphics_lacks(blocked[0], workload))
    return msg("reason-training-card-ruled-out", card=cards[0].name, workload=workload.value,
               lacks=graphics_lacks(cards[0], workload))
