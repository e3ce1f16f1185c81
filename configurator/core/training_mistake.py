"""The costly mistake of full training: a card outside the training class (an inference card such as the
H20, L40S, L4 or A10) bought to pre-train or fully fine-tune a model.

What such a card lacks beside the training card a ranking found is catalog fact, each figure with its
unit: no card-to-card link (the gradients' all-reduce then crosses PCIe, a multi-card training on it
"pays PCIe bandwidth", ``docs/estimator.md``; the catalog's ``interconnect``), less memory per card
(``memory_gb``, marketed) and a lower dense BF16 peak (``bf16_tflops``: an H20's 148 TFLOP/s against an
H100 SXM's 989.5, NVIDIA datasheets as catalog.json cites them). Until December 2026 such a card drew only
the generic line "pre-train work usually belongs on training cards", with nothing of what it costs
(session 42); what it costs is worked out above the ranking
(:func:`configurator.core.mismatch.class_training_mismatch`).
"""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.messages import Message, msg
from configurator.core.scenario import Scenario, updated, updated_or_none
from configurator.core.scenario_sections import Constraints
from configurator.core.serving_use import asked_scenario
from configurator.core.workloads.base import Estimate

TRAINING_TIME_SLACK = 1.25
"""Without a deadline, a training alternative must finish within this multiple of the chosen configuration's
time: a cheaper cluster that takes years longer is not an alternative (the summary's alternatives and the
class rule's training card alike)."""

LONGEST_DEADLINE_H = float(next(m.le for m in Constraints.model_fields["deadline_hours"].metadata if hasattr(m, "le")))
"""The longest deadline a scenario takes, ten years [h]: ``Constraints.deadline_hours``' bound, read from it (it
was written again here as 87,660 h)."""


def comparable_scenario(chosen: Estimate) -> Scenario:
    """The job an alternative to ``chosen`` answers: the one asked, and for training without a deadline,
    finishing within :data:`TRAINING_TIME_SLACK` of the chosen time. Of ``chosen``'s settings it carries only
    the buyer's: a ranked configuration is applied with the cards a server may hold asked, not the ones its
    card's servers use (:func:`~configurator.core.applied.applied`), so the alternatives are the ranking's own."""
    s = asked_scenario(chosen)
    if s.workload.is_training and s.constraints.deadline_hours is None and chosen.hours:
        hours = min(LONGEST_DEADLINE_H, chosen.hours * TRAINING_TIME_SLACK)
        return updated_or_none(s, constraints={"deadline_hours": hours}) or s
    return s


def at_the_pace_asked(alternative: Scenario, asked: Scenario) -> Scenario:
    """``alternative`` (a configuration :func:`comparable_scenario`'s window picked) with the deadline the buyer
    set in ``asked`` (none: full use): the window picks which configurations compete, their cost per unit of
    work is counted at the pace asked, as the buyer's own choice and ``recommend`` count it (a deadline prices
    one job per deadline: 8 × Gaudi 3 0.021 against 0.0193 USD at full use; a summary's 4 × A10 read 0.0937
    USD per million tokens beside the command line's 0.0591 until December 2026)."""
    deadline = asked.constraints.deadline_hours
    if alternative.constraints.deadline_hours == deadline:
        return alternative
    return updated(alternative, constraints={"deadline_hours": deadline})


def training_lacks(card: Card, other: Card) -> list[Message]:
    """What ``card`` lacks for full training beside the training card ``other``, each with its figures: no
    card-to-card link where ``other`` has one (the gradients cross PCIe at ``card``'s one-way host-bus rate
    [GB/s] against ``other``'s one-way link [GB/s]), less marketed memory per card [GB], a lower dense BF16
    peak [TFLOP/s]. A figure not published (None) is not compared."""
    lacks = []
    if not card.has_fast_link and other.has_fast_link:
        pcie, link = card.interconnect.pcie_gbps_one_way, other.interconnect.link_gbps_one_way
        lacks.append(msg("lacks-training-link", pcie=pcie, link=link, other=other.name) if pcie and link
                     else msg("lacks-training-link-plain"))
    if card.memory_gb < other.memory_gb:
        lacks.append(msg("lacks-training-memory", memory=float(card.memory_gb), other_memory=float(other.memory_gb)))
    if card.bf16_tflops is not None and other.bf16_tflops is not None and card.bf16_tflops < other.bf16_tflops:
        lacks.append(msg("lacks-training-bf16", tflops=card.bf16_tflops, other_tflops=other.bf16_tflops))
    return lacks
