"""Offline rendering: a card's time per frame from the reference card's (measured render scores, else
the FP32 rate), the fewest cards that meet a deadline, and the RT-core generation that FP32 scaling
does not carry across. The graphics workloads' capacity of a count of cards is
:func:`configurator.core.graphics.graphics_speed`.

Sources
-------
Rendering
    Shading-bound render time scales with the FP32 rate from a time measured on a reference
    card. Within one architecture RT-core throughput grows with SM count and clock just as
    FP32 does (one RT core per SM), so the same scaling holds for ray-traced scenes; across
    RT-core generations it does not, and the estimate says so. Frames render independently,
    one card per frame, so N cards finish ``ceil(frames / N)`` frames each. The scene must fit in each card's memory (no
    out-of-core rendering assumed).
"""

from __future__ import annotations

from configurator.core.catalog import Card, load_bundled_catalog
from configurator.core.formulas import graphics as formulas
from configurator.core.messages import Message, msg
from configurator.core.render_scores import measured_ratio
from configurator.core.scenario import Scenario


def measured_speedup(card: Card, scenario: Scenario) -> float | None:
    """How much faster ``card`` renders than the scenario's reference card by their measured Blender
    Open Data scores (:func:`configurator.core.render_scores.measured_ratio`), None unless both
    are measured (then FP32 scaling stands in)."""
    return measured_ratio(card.id, scenario.graphics.reference_card)


def measured_fp32_share(card: Card, scenario: Scenario) -> float | None:
    """The card's measured render speed over the speed FP32 scaling gives it, both from the reference
    card (dimensionless): 0.69 for an H100 NVL against an RTX 4090, whose FP32 rate says 0.73 of the
    4090's where Blender Open Data measures 0.50; None unless measured and the FP32 rate known."""
    speedup = measured_speedup(card, scenario)
    if speedup is None or not card.fp32_tflops:
        return None
    return speedup / (card.fp32_tflops / scenario.graphics.reference_fp32_tflops)


def minutes_per_frame(card: Card, scenario: Scenario) -> float | None:
    """Time per frame from the reference card's [min]: divided by the measured speed-up where both
    cards have a render score (:func:`measured_speedup`), else scaled by FP32 rate
    (:func:`formulas.scaled_minutes_per_frame`); None when neither is known."""
    g = scenario.graphics
    speedup = measured_speedup(card, scenario)
    if speedup is not None:
        return g.reference_minutes_per_frame / speedup
    if card.fp32_tflops is None:
        return None
    return formulas.scaled_minutes_per_frame(g.reference_minutes_per_frame, g.reference_fp32_tflops, card.fp32_tflops)


def cards_for_deadline(card: Card, scenario: Scenario) -> int | None:
    """The fewest ``card`` that render the scenario's frames within its deadline
    (:func:`formulas.cards_for_deadline`) [count]; None without a deadline, without the card's FP32
    rate, or when one frame takes longer than the deadline."""
    deadline = scenario.constraints.deadline_hours
    minutes = minutes_per_frame(card, scenario)
    if not deadline or not minutes:
        return None
    return formulas.cards_for_deadline(scenario.graphics.frames, minutes, deadline)


def frame_beyond_deadline(card: Card, scenario: Scenario) -> Message | None:
    """That one frame on ``card`` takes longer than the whole deadline, so no count meets it (frames
    are whole on a card, :func:`formulas.render_hours`); None when it does not, or without a deadline
    or a time per frame. A 20-frame job in a minute on L40S (1.42 min a frame) said only "misses the
    deadline by 0.416 min", as if more cards would do (persona check, December 2026)."""
    deadline = scenario.constraints.deadline_hours
    minutes = minutes_per_frame(card, scenario)
    if not deadline or not minutes or cards_for_deadline(card, scenario) is not None:
        return None
    return msg("frame-beyond-deadline", card=card.name, frame=minutes / 60, deadline=deadline)


RT_CORE_GENERATIONS = (("Turing", 1), ("Ampere", 2), ("Ada", 3), ("Blackwell", 4))
"""RT-core generation by NVIDIA architecture: A40 'second-generation RT Cores' (Ampere),
L40/L40S and RTX 4090 'third-generation' (Ada), RTX 5090 'fourth generation' (Blackwell)
(datasheet reprints cited in catalog.json); Turing introduced RT cores."""


def rt_generation(card: Card) -> int | None:
    """The card's RT-core generation, None when it has none or it is not known."""
    if not card.rt_cores:
        return None
    name = card.architecture or ""
    return next((gen for arch, gen in RT_CORE_GENERATIONS if name.startswith(arch)), None)


def reference_card_name(scenario: Scenario) -> str:
    """The name of the card the time per frame was measured on (``graphics.reference_card`` is its
    catalog id); the id itself where the bundled catalog does not list it (a card of the user's own)."""
    card_id = scenario.graphics.reference_card
    bundled = load_bundled_catalog()
    return bundled.get(card_id).name if card_id in bundled else card_id
