"""The memo of estimates every family shares: the last :data:`MEMO_SIZE` estimates, given again
for the same scenario and card (the price book is the scenario's own: its quotes are in its
key). :func:`configurator.core.estimate.estimate` and each family's own searches (which estimate
scenarios of their own family) read and fill the same memo."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

from configurator.core.catalog import Card
from configurator.core.memo import ScenarioMemo
from configurator.core.scenario import Scenario, Workload
from configurator.core.workloads.base import Estimate

MEMO_SIZE = 2048
"""Estimates kept for reuse (:func:`remembered`), least recently used dropped first: about
7 KiB each (measured with tracemalloc on a catalog-wide training search), so ~14 MiB at most; each
is kept with the scenario asked (for a stated layout the estimate's own)."""

FAMILY_SECTIONS = ("training", "serving", "graphics")
"""The scenario's sections of one family of workloads each (training, serving, graphics)."""


def _own_fields(workload: Workload) -> Callable[[dict], tuple]:
    """The values of a scenario's fields but the other families' sections (:data:`FAMILY_SECTIONS`),
    from its field dictionary, for a scenario of ``workload``."""
    own = "training" if workload.is_training else "graphics" if workload.is_graphics else "serving"
    return itemgetter(*(name for name in Scenario.model_fields if name not in FAMILY_SECTIONS or name == own))


_OWN_FIELDS = {workload: _own_fields(workload) for workload in Workload}


def estimate_hash(scenario: Scenario) -> int:
    """What the memo sorts a scenario by: the hash of its fields' values but the other families'
    sections (a serving scenario's training and graphics settings, some 40 values not hashed each
    estimate). Equal scenarios hash equal; two that differ only in another family's section meet
    under one hash and are told apart by their text (:class:`~configurator.core.memo.ScenarioMemo`)."""
    try:
        return hash(_OWN_FIELDS[scenario.workload](scenario.__dict__))
    except KeyError:  # a field missing (made without validation): pydantic's own hash, which allows for it
        return hash(scenario)


_MEMO: ScenarioMemo[Estimate] = ScenarioMemo(MEMO_SIZE, hash_of=estimate_hash)  # shared by the GUI thread and worker


def clear_memo() -> None:
    """Forget every kept estimate."""
    _MEMO.clear()


def remembered(scenario: Scenario, card: Card, assemble: Callable[[Scenario, Card], Estimate]) -> Estimate:
    """``assemble(scenario, card)`` (a family's assembly), or the estimate kept for the same two.

    An estimate depends on the scenario and the card only (its prices too: the price book is the
    bundled one with the scenario's own quotes, :func:`~configurator.core.procurement.prices.price_book_for`),
    and is never edited (frozen), so the last :data:`MEMO_SIZE` are kept and given again for the
    same two (the card by identity: the catalog is loaded once, hashing a card costs more): the
    recommendation under another objective, re-analysing after an undo, a summary printed from a
    fresh analysis. The scenario is compared by its JSON (``1`` and ``1.0`` differ there; its
    quotes are part of it), written only where a kept scenario has the same hash
    (:class:`~configurator.core.memo.ScenarioMemo`).
    """
    return _MEMO.kept_or_made(scenario, (card,), lambda: assemble(scenario, card))  # made outside the lock
