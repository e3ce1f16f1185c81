"""The memo of estimates every family shares: the last :data:`MEMO_SIZE` estimates, given again
for the same scenario, card and price book. :func:`configurator.core.estimate.estimate` and each
family's own searches (which estimate scenarios of their own family) read and fill the same memo."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from configurator.core.catalog import Card
from configurator.core.procurement.prices import active_price_book
from configurator.core.scenario import Scenario
from configurator.core.workloads.base import Estimate

MEMO_SIZE = 2048
"""Estimates kept for reuse (:func:`remembered`), least recently used dropped first: about
7 KiB each (measured with tracemalloc on a catalog-wide training search), so ~14 MiB at most."""

_MEMO: OrderedDict[tuple, tuple[Card, object, Estimate]] = OrderedDict()
_MEMO_LOCK = threading.Lock()  # the window analyses on a worker thread while the GUI thread may estimate


def clear_memo() -> None:
    """Forget every kept estimate."""
    with _MEMO_LOCK:
        _MEMO.clear()


def remembered(scenario: Scenario, card: Card, assemble: Callable[[Scenario, Card], Estimate]) -> Estimate:
    """``assemble(scenario, card)`` (a family's assembly), or the estimate kept for the same three.

    An estimate depends on the scenario, the card and the price book in use only, and is never
    edited (frozen), so the last :data:`MEMO_SIZE` are kept and given again for the same three
    (the card and the book by identity: the catalog is loaded once, hashing a card costs more):
    the recommendation under another objective, re-analysing after an undo, a summary printed
    from a fresh analysis. The scenario is compared by its JSON (``1`` and ``1.0`` differ there).
    """
    book = active_price_book()
    key = (scenario.model_dump_json(warnings=False), id(card), id(book))
    with _MEMO_LOCK:
        kept = _MEMO.get(key)
        if kept is not None and kept[0] is card and kept[1] is book:
            _MEMO.move_to_end(key)
            return kept[2]
    result = assemble(scenario, card)  # outside the lock: it estimates too
    with _MEMO_LOCK:
        _MEMO[key] = (card, book, result)  # card and book held, so their ids are not reused while kept
        if len(_MEMO) > MEMO_SIZE:
            _MEMO.popitem(last=False)
    return result
