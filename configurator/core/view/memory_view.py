"""The memory rows of an estimate's view: what each card holds, the total against what it allows,
and the headroom on what the run needs, with the allocator's usual cache as a note where it would
exceed the card (:class:`~configurator.core.memory_breakdown.MemoryBreakdown`). Qt-free."""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurator.core.uncertainty import headline_bands
from configurator.core.view.rows import Amount, Phrase, Row, Section

if TYPE_CHECKING:
    from configurator.core.estimate import Estimate
    from configurator.core.memory_breakdown import MemoryBreakdown


def gib_amount(n_bytes: float, band=None) -> Amount:
    """``n_bytes`` [B] as an amount shown in GiB, with its likely range ``band`` where it has one."""
    return Amount(n_bytes, "B", band=band)


def allowed(m: MemoryBreakdown) -> Amount | Phrase:
    """What a card allows: its usable memory, or — a serving engine reserving its share up front
    (``serving.engine_memory_fraction``, vLLM ``gpu_memory_utilization``) — that share of it, said
    as such (the buyer read "57.0 GiB allowed" beside the card's "63.4 GiB usable" as a
    contradiction, persona s25 #11)."""
    if m.budget >= m.capacity:
        return gib_amount(m.budget)
    return Phrase("{budget} ({share} of the card's {capacity}: the serving engine's share)",
                  {"budget": gib_amount(m.budget), "share": Amount(m.budget / m.capacity, "share"),
                   "capacity": gib_amount(m.capacity)})


def cache_note(m: MemoryBreakdown) -> Phrase:
    """The note beside a headroom where the allocator's usual cache (``total``) would exceed the
    card although the run fits (:attr:`~configurator.core.memory_breakdown.MemoryBreakdown.cache_given_back`):
    "given room, the allocator would hold 92.8 GiB" beside an 80 GB card (it said "usually holds", which no
    80 GB card does, until December 2026, persona45)."""
    return Phrase("given room, the allocator would hold {total}; near the card's limit it gives its cache back",
                  {"total": gib_amount(m.total)})


def headroom_value(m: MemoryBreakdown) -> Amount | Phrase:
    """The headroom on what the run needs (:attr:`~configurator.core.memory_breakdown.MemoryBreakdown.headroom`),
    with :func:`cache_note` beside it where the usual cache would exceed the card."""
    share = Amount(m.headroom, "share")
    if not m.cache_given_back:
        return share
    return Phrase("{headroom} — {note}", {"headroom": share, "note": cache_note(m)})


def headroom_rows(m: MemoryBreakdown) -> list[Row]:
    """The headroom row: where the usual cache would exceed the card, the full tables say the note
    beside the figure, the window's key numbers (narrow, the headline saying it already) in its tooltip;
    where the run does not fit, what it lacks per card ("short 145 GiB", as the headline and the plan
    table say it; until December 2026 "Headroom -203.3 %", persona11ml)."""
    if not m.fits:
        return [Row("Headroom", Phrase("short {short}", {"short": gib_amount(m.shortfall)}), key="memory.headroom")]
    if not m.cache_given_back:
        return [Row("Headroom", Amount(m.headroom, "share"), key="memory.headroom")]
    return [Row("Headroom", headroom_value(m), key="memory.headroom", detail=True),
            Row("Headroom", Amount(m.headroom, "share"), note=cache_note(m), key="memory.headroom", screen_only=True)]


def digest(m: MemoryBreakdown, band=None) -> Phrase:
    """The window's one line of memory: what the run needs of what the card allows, and — where the
    run needs less than the allocator usually holds — that total with its likely range ``band``."""
    if m.needed is None:
        return Phrase("{need} of {allowed}", {"need": gib_amount(m.total, band), "allowed": gib_amount(m.budget)})
    return Phrase("{need} of {allowed}; given room, the allocator would hold {total}",
                  {"need": gib_amount(m.fit_total), "allowed": gib_amount(m.budget), "total": gib_amount(m.total, band)})


def fits_verdict(who: dict, m: MemoryBreakdown) -> Phrase:
    """The headline of a configuration that fits: its headroom on what it needs, and the usual
    cache's note where that would exceed the card (``who``: the count and card's name)."""
    if m.cache_given_back:
        return Phrase("{count} × {card} fits, {headroom} headroom at its peak: {note}",
                      {**who, "headroom": Amount(m.headroom, "share"), "note": cache_note(m)})
    return Phrase("{count} × {card} fits, {headroom} headroom", {**who, "headroom": Amount(m.headroom, "share")})


def memory_section(est: Estimate, parts: list[Row]) -> Section:
    """``parts`` (the family's memory rows), the total the allocator typically holds (the figure
    measured runs report), what the run needs where that is less, what the card allows, and the
    headroom on what the run needs."""
    m = est.memory
    band = headline_bands(est).get("memory_total")
    note = None if band is not None else "No calibration data for this workload: its numbers carry no likely range"
    needed = [] if m.needed is None else [
        Row("Needed to run", gib_amount(m.fit_total), key="memory.needed", detail=True,
            note="Its peak with the reserve the allocator keeps near the card's limit, and the CUDA context")]
    rows = [
        *parts,
        Row("Total", gib_amount(m.total, band), key="memory.total", detail=True),
        *needed,
        Row("Allowed", Phrase("{budget} — {verdict}", {"budget": allowed(m),
                                                       "verdict": "fits" if m.fits else "does not fit"}),
            key="memory.budget", detail=True),
        Row("Memory per card", digest(m, band), note=note, key="memory.per_card", screen_only=True),
        *headroom_rows(m),
    ]
    return Section("memory", "Memory per card", tuple(rows))
