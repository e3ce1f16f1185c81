"""The priced system a card without a price of its own is bought in whole (an NVL72 rack whose price
includes its cards), and its price's age flags: what the summary, the panel and the JSON show in a
card's price row. Split out of :mod:`configurator.core.recommend` in December 2026."""

from __future__ import annotations

from configurator.core.catalog import PriceEntry
from configurator.core.estimate import Estimate
from configurator.core.messages import Message, msg
from configurator.core.procurement.bom import BomLine
from configurator.core.procurement.card_price import STALE_AFTER_MONTHS, is_stale
from configurator.core.procurement.prices import PriceBook
from configurator.core.recommend import ownership_cost


def system_price_line(est: Estimate, book: PriceBook | None = None) -> BomLine | None:
    """The priced system a card without a price of its own is bought in whole (an NVL72 rack,
    whose price includes its cards), or None; priced from ``book`` (None: the estimate scenario's own)."""
    lines = ownership_cost(est, book).bom.lines
    if not any(line.kind == "accelerator" and line.unit_price == 0.0 and line.role != "owned" for line in lines):
        return None
    return next((line for line in lines if line.role == "system" and line.unit_price), None)


def system_price_flags(line: BomLine) -> tuple[Message, ...]:
    """A system price older than :data:`~configurator.core.procurement.card_price.STALE_AFTER_MONTHS`
    months is flagged as a card price is."""
    if not line.date:
        return ()
    entry = PriceEntry.model_validate({"amount": 1, "currency": "USD", "date": line.date, "kind": "street",
                                       "source": line.source or "—"})
    return (msg("price-stale", date=line.date, months=STALE_AFTER_MONTHS),) if is_stale(entry) else ()
