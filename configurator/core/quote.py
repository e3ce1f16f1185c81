"""The buyer's quote: one price for one item of the bill of materials, from one vendor on one
date. A scenario holds its quotes (``Economics.quotes``), so they are saved, undone and priced
with it; :func:`configurator.core.procurement.prices.price_book_for` prices a bill from the
bundled price file with them applied."""

from __future__ import annotations

import re

from pydantic import Field, field_validator

from configurator.core.catalog import MAX_PRICE, checked_currency, checked_date
from configurator.core.frozen_model import FrozenModel

MAX_QUOTE_TEXT = 200
"""Longest item id or vendor name [characters]."""
MAX_QUOTES = 1000
"""Most quotes one scenario holds: the bundled price file prices a few dozen items, and a
scenario file stays far below its 1 MB bound (a quote takes about 100 bytes)."""
CONTROL_CHARACTERS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""Characters an item id or vendor may not hold: C0 and C1 controls, line and paragraph
separators, and the bidirectional overrides and isolates that could reverse a printed line."""


class Quote(FrozenModel):
    """A price the buyer was quoted for one item of the price file (``server-hgx-8``,
    ``nic-400g`` …), in its own currency; it replaces the bundled unit price of that item."""

    item: str = Field(min_length=1, max_length=MAX_QUOTE_TEXT, description="item id of the price file")
    unit_price: float = Field(ge=0, le=MAX_PRICE, description="price per unit [currency]")
    currency: str = Field(pattern=r"^[A-Z]{3}$", description="ISO 4217 code of the price")
    date: str = Field(pattern=r"^\d{4}(-\d{2}(-\d{2})?)?$",
                      description="when it was quoted (YYYY-MM-DD, YYYY-MM or YYYY)")
    vendor: str = Field(default="", max_length=MAX_QUOTE_TEXT, description="who quoted it (empty: the buyer)")

    @field_validator("item", "vendor")
    @classmethod
    def _plain_text(cls, value: str) -> str:
        if CONTROL_CHARACTERS.search(value):
            raise ValueError("holds a control character")
        return value

    @field_validator("currency")
    @classmethod
    def _currency_is_known(cls, value: str) -> str:
        return checked_currency(value)

    @field_validator("date")
    @classmethod
    def _date_is_real(cls, value: str) -> str:
        return checked_date(value)

    @property
    def row(self) -> tuple[str, float, str, str, str]:
        """(item, unit price, currency, date, vendor): the quote as a row of a quotes file."""
        return self.item, self.unit_price, self.currency, self.date, self.vendor
