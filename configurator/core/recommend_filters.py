"""Which cards a ranking may recommend: the buyer's filters (the cards named, vendors, domestic vendors only,
classes, consumer cards, software) and the classes each workload considers by default. Below
:mod:`configurator.core.recommend`, which re-exports them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from configurator.core.catalog import Card
from configurator.core.messages import Message, msg
from configurator.core.region import DOMESTIC_VENDORS
from configurator.core.scenario import RankingQuestion, Workload
from configurator.core.software import runs_software
from configurator.core.verdicts import Verdict
from configurator.core.workloads import FAMILIES, family_of

DEFAULT_CLASSES = {workload: classes for family in FAMILIES for workload, classes in family.default_classes.items()}
"""Classes considered unless the user picks others: data-centre cards for each job. Consumer
graphics cards are left out by default (no ECC, no NVLink, no vGPU, licence limits in data
centres); picking classes explicitly brings them back. The built-in families' table; the ranking
asks the family (``WorkloadFamily.default_classes``), so a registered family needs no entry here."""


def default_classes(workload: Workload) -> tuple[str, ...]:
    """The card classes ranked for ``workload`` unless the user picks others: its family's
    (``WorkloadFamily.default_classes``), a registered family's too (:data:`DEFAULT_CLASSES` holds the
    built-in families' alone)."""
    return family_of(workload).default_classes[workload]


CONSUMER_LEFT_OUT = msg("left-out-consumer")
"""Why a consumer (GeForce-class) card of an allowed class is not ranked (``Result.rejected``): no ECC,
data-centre use restricted by its licence; picking the classes (``--classes``, the panel's consumer
box) ranks it. The ranking text says how many were left out so (a render farm's buyer whose reference
card is an RTX 4090 saw it nowhere, only "59 cards left out")."""


@dataclass(frozen=True)
class Filters:
    """Which cards may be recommended (``classes`` empty = the workload's default classes; a card is of a class its
    vendor positions it for, :meth:`~configurator.core.card.Card.positioned_for`)."""

    vendors: tuple[str, ...] = ()
    domestic_only: bool = False
    classes: tuple[str, ...] = ()
    owned_card: str | None = None
    owned_count: int = 0
    consumer: bool | None = None  # consumer graphics cards; None = only when classes are picked explicitly
    software: tuple[str, ...] = ()  # frameworks the buyer's software needs (supported or partial on the card)
    cards: tuple[str, ...] = ()
    """The cards the buyer names to compare, by catalog id (``recommend --cards h20,ascend-910b,l20,rtx-4090``);
    empty: every card. A card named is ranked whatever its class, consumer cards included (the buyer asked for
    it); the other filters still apply. Until December 2026 four named cards could not be compared in one
    ranking: ``--card`` names the card a price is for, ``estimate`` plans one card (persona44)."""

    def weighed(self, cards: Sequence[Card]) -> list[Card]:
        """The cards of ``cards`` a ranking weighs: those named (:attr:`cards`), else all; a card not named is
        neither ranked nor counted as left out (``recommend``, the window's ranking card by card)."""
        return [c for c in cards if c.id in self.cards] if self.cards else list(cards)

    def allows(self, card: Card, workload: Workload) -> bool:
        if self.cards and card.id not in self.cards:
            return False
        classes = self.classes or (() if self.cards else default_classes(workload))
        return ((not self.vendors or card.vendor in self.vendors)
                and (not self.domestic_only or card.vendor in DOMESTIC_VENDORS)
                and (not classes or card.positioned_for(classes, workload))
                and (self.allows_consumer or not card.is_consumer)
                and runs_software(card, self.software))

    @property
    def allows_consumer(self) -> bool:
        return bool(self.classes or self.cards) if self.consumer is None else self.consumer


def vendors_verdict(card: Card, filters: Filters | None) -> Verdict | None:
    """Whether ``card`` is made by a vendor the buyer narrowed the cards to (``--domestic-only``, ``--vendor``,
    the panel's domestic switch), as a verdict beside the scenario's (``id`` ``vendors``, a rule: ``target`` the
    vendors asked for, "domestic" for mainland-China vendors only; ``actual`` the card's vendor); None where the
    filters name no vendor. A summary counts it with the others in one list (until December 2026 its first page
    listed five constraints under a headline that "meets all 4": persona46)."""
    if filters is None or not (filters.domestic_only or filters.vendors):
        return None
    met = ((not filters.domestic_only or card.vendor in DOMESTIC_VENDORS)
           and (not filters.vendors or card.vendor in filters.vendors))
    target = "domestic" if filters.domestic_only else ", ".join(filters.vendors)
    return Verdict("vendors", target, card.vendor, "", met, params={"card": card.name})


def filters_said(asked: Filters, kept_out: tuple[str, ...] = ()) -> list[Message]:
    """The buyer's filters ``asked`` in words, each set part once (the cards named, the vendors, domestic vendors
    only, the software), and the classes picked where they keep out every class of ``kept_out`` (a check's right
    class: :func:`~configurator.core.mismatch.allowed_rivals`); a list, said joined in the message's language."""
    parts = [*((msg("filters-said-cards"),) if asked.cards else ()),
             *((msg("filters-said-vendors", vendors=asked.vendors),) if asked.vendors else ()),
             *((msg("filters-said-domestic"),) if asked.domestic_only else ()),
             *((msg("filters-said-software", software=asked.software),) if asked.software else ())]
    if asked.classes and kept_out and not set(kept_out) & set(asked.classes):
        parts.append(msg("filters-said-classes", classes=asked.classes))
    return parts


def asked_filters(asked: RankingQuestion, workload: Workload) -> Filters:
    """The filters of the ranking question ``asked`` (``Scenario.ranking``: the recommendation panel's) for
    ``workload``: the workload's card classes, and the graphics class too when consumer cards are let in; where
    cards are named, those cards, any class, consumer cards too (:meth:`Filters.allows`, as ``recommend --cards``).
    The panel ranks with them, and the window's summary with a scenario's saved question."""
    if asked.cards:
        return Filters(domestic_only=asked.domestic_only, cards=asked.cards)
    classes = default_classes(workload)
    if asked.consumer and "graphics" not in classes:
        classes = (*classes, "graphics")
    return Filters(domestic_only=asked.domestic_only, classes=classes, consumer=asked.consumer)
