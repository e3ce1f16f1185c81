"""The capacity section of a graphics estimate's view model (desktops, video, rendering): what one card
carries, what limits it, and the cards and servers for the whole load. Split from
:mod:`configurator.core.view.estimate_view` (which names these in its family tables). Qt-free."""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurator.core.graphics import boards_needed, limit_engines
from configurator.core.procurement.servers import servers_needed
from configurator.core.desks import at_desks
from configurator.core.procurement.workstations import workstations_needed
from configurator.core.view import numbers
from configurator.core.view.names import LIMITS, work_unit
from configurator.core.view.rows import Amount, Phrase, Row, Section, counted, in_deadline_unit

if TYPE_CHECKING:  # named for type checking only
    from configurator.core.estimate import Estimate


def capacity_section(est: Estimate) -> Section:
    """Desktops and video: what one card carries, what limits it, and the cards for the whole load; at the
    users' desks, the workstations instead of servers (:func:`desk_capacity_section`)."""
    if at_desks(est.scenario):
        return desk_capacity_section(est)
    g = est.graphics
    per_server = g.cards_per_server or est.scenario.parallelism.cards_per_node
    unit = g.unit
    servers = None if not g.cards_needed else _servers_phrase(est.card, per_server, g.cards_needed)
    rows = [
        Row("Per card", Phrase("{n}\u00a0{unit}", {"n": Amount(g.per_card, "count"),
                                                  "unit": work_unit(unit, g.per_card)}),
            key="per_card"),
        *((Row("vGPU profile", numbers.with_unit(f"{g.vgpu_profile_gib:g}", "GiB"), key="vgpu_profile"),)
          if g.vgpu_profile_gib is not None else ()),
        Row("Limited by", _limit_value(est.card, g.limiting), key="limiting"),
        *(Row(Phrase("— {limit}", {"limit": LIMITS.get(name, name)}), _capacity_value(est.card, name, value, unit),
              key=f"capacity.{name}", detail=True) for name, value in g.capacities),
        Row("Carried", Phrase("{served} of {demand} {unit}", {"served": Amount(g.served, "count"),
                                                              "demand": Amount(g.demand, "count"), "unit": unit}),
            key="served"),
        Row("Cards needed", None if g.cards_needed is None else counted("card", g.cards_needed), key="cards_needed"),
        Row("Servers needed", servers, key="servers_needed"),
    ]
    if est.card.gpus_per_board > 1:
        boards = boards_needed(g.cards_needed, est.card, per_server)
        rows.append(Row("Boards needed", None if boards is None else counted("board", boards), key="boards_needed"))
    if g.tflops_per_user is not None:
        rows.append(Row("FP32 per user", Amount(g.tflops_per_user, "TFLOP/s"), key="tflops_per_user"))
    return Section("speed", "Capacity", tuple(rows))


DESK_LIMIT = "one workstation per desk"
"""What bounds the users a card carries where the monitors are cabled to it: the desk's own workstation
(:mod:`~configurator.core.procurement.workstations`), one card each (a label id)."""


def desk_capacity_section(est: Estimate) -> Section:
    """Local-display desktops (``--local-display``): one workstation per desk, its card driving the desk's
    monitors through its display outputs — the workstations and the card's outputs against the monitors a
    desk, no servers, vGPU profile or vGPU limit (until December 2026 the table said "Servers needed 1 at 8
    cards each" under a page one of "4 deskside workstations: no server"). A card whose outputs drive no
    desk (none, or fewer than the monitors) is limited by them, as elsewhere."""
    g, card, monitors = est.graphics, est.card, est.scenario.graphics.monitors
    unit = g.unit
    drives = g.per_card >= 1
    outputs = None if card.display_outputs is None else Phrase(
        "{outputs} on the card, {monitors} {monitor_word} a desk",
        {"outputs": Amount(card.display_outputs, "count"), "monitors": Amount(monitors, "count"),
         "monitor_word": "monitor" if monitors == 1 else "monitors"})
    rows = [
        Row("Per card", Phrase("{n}\u00a0{unit}", {"n": Amount(g.per_card, "count"),
                                                  "unit": work_unit(unit, g.per_card)}), key="per_card"),
        Row("Limited by", DESK_LIMIT if drives else _limit_value(card, g.limiting), key="limiting"),
        Row("Display outputs", outputs, key="display_outputs"),
        *(Row(Phrase("— {limit}", {"limit": LIMITS.get(name, name)}), _capacity_value(card, name, value, unit),
              key=f"capacity.{name}", detail=True) for name, value in g.capacities if name != "display outputs"),
        Row("Carried", Phrase("{served} of {demand} {unit}", {"served": Amount(g.served, "count"),
                                                              "demand": Amount(g.demand, "count"), "unit": unit}),
            key="served"),
        Row("Cards needed", None if g.cards_needed is None else counted("card", g.cards_needed), key="cards_needed"),
        Row("Workstations", None if not g.cards_needed else Phrase(
            "{n}, one card each", {"n": Amount(workstations_needed(g.cards_needed), "count")}),
            key="workstations_needed"),
    ]
    if g.tflops_per_user is not None:
        rows.append(Row("FP32 per user", Amount(g.tflops_per_user, "TFLOP/s"), key="tflops_per_user"))
    return Section("speed", "Capacity", tuple(rows))


def _limit_value(card, name: str) -> str | Phrase:
    """What bounds a card's load ('video encoders'), with the engines a video limit comes from
    ('video encoders (2 NVENC)', :func:`configurator.core.graphics.limit_engines`)."""
    engines = limit_engines(card, name)
    if engines is None:
        return LIMITS.get(name, name)
    return Phrase("{limit} ({engines} {engine})", {"limit": LIMITS.get(name, name), "engines": engines[0],
                                                   "engine": engines[1]})


def _capacity_value(card, name: str, value: float | None, unit: str) -> Phrase | None:
    """What one limit lets a card carry ('4 streams'); a video engine's limit with the card's engines it
    comes from ('4 streams (2 NVENC)', :func:`configurator.core.graphics.limit_engines`)."""
    if value is None:
        return None
    said = {"n": Amount(value, "count"), "unit": work_unit(unit, value)}
    engines = limit_engines(card, name)
    if engines is None:
        return Phrase("{n}\u00a0{unit}", said)
    return Phrase("{n}\u00a0{unit} ({engines} {engine})", {**said, "engines": engines[0], "engine": engines[1]})


def _servers_phrase(card, per_server: int, cards: int) -> Phrase:
    """'10 at 16 cards each' ('1 at 7 cards each' for 7 cards in a server of 8 places, '2 at up to 8 cards each'
    for 10); for a multi-GPU board the boards a server holds with their GPUs, '10 at 4
    boards (16 GPUs) each' (:func:`configurator.core.graphics.server_gpu_places`)."""
    n = servers_needed(card, per_server, cards)
    if card.gpus_per_board > 1:
        per_server = min(per_server, cards)  # 13 A16 GPUs in one server of 4 boards: 13 used
        boards = -(-per_server // card.gpus_per_board)
        said = ("{n} at 1 board (1 {chip} used) each" if per_server == 1
                else "{n} at 1 board ({per} {chip}s used) each" if boards == 1
                else "{n} at {boards} boards ({per} {chip}s used) each")
        return Phrase(said, {"n": n, "boards": boards, "per": per_server, "chip": card.chip_word})
    each = min(per_server, cards)  # one server holds the cards there are: '1 at 7 cards each', as page one's '7 × L4
    # in 1 server (7 cards each)' (persona51: the capacity table read "1 at 8 cards each" beside it)
    said = ("{n} at 1 card each" if each == 1 else "{n} at {per} cards each" if cards >= n * each
            else "{n} at up to {per} cards each")  # servers not all full, as the summary's configuration says
    return Phrase(said, {"n": n, "per": each})


def rendering_section(est: Estimate) -> Section:
    g = est.graphics
    minutes = g.minutes_per_frame
    rows = (
        Row("Time per frame", Amount(None if minutes is None else minutes / 60, "h"), key="minutes_per_frame"),
        Row("Frames per hour", Amount(g.served, "frames/h"), key="frames_per_hour"),
        Row("Time for the job", in_deadline_unit(g.hours, est.scenario.constraints.deadline_hours), key="hours"),
    )
    return Section("speed", "Capacity", rows)
