"""The tables a cold estimate finds filled (benchmarks/speed.py's ``clear_memos``, issue 28): the
bundled presets' parameter counts (``architecture._PRESET_COUNTS``) and the price policy's picks of
a card by day and convertible currencies (``price_basis._PICKS``) give what working them out afresh
gives, and only for what they were made from."""

from __future__ import annotations

from datetime import date

import pytest

from configurator.core import architecture, price_basis
from configurator.core.architecture import ModelArchitecture, load_presets
from configurator.core.estimate import clear_estimate_memo
from configurator.core.procurement import card_price
from configurator.core.procurement.card_price import PURCHASE_KINDS
from configurator.core.scenario import Economics


def test_every_preset_has_its_counts_in_the_table_and_they_are_its_own():
    presets = load_presets()
    assert len(architecture._PRESET_COUNTS) >= len(presets)
    for model in presets.values():
        fresh = ModelArchitecture.model_validate_json(model.model_dump_json())  # a scenario read afresh
        clear_estimate_memo()
        assert fresh.counts == fresh._counts()


def test_an_edited_preset_works_its_counts_out():
    model = load_presets()["llama3-8b"]
    edited = ModelArchitecture.model_validate({**model.model_dump(), "n_layers": model.n_layers + 1})
    clear_estimate_memo()
    assert edited.counts == edited._counts()
    assert edited.counts.total > model.counts.total


@pytest.mark.parametrize("region", [None, "cn"])
@pytest.mark.parametrize("currency, rate", [("USD", 1.0), ("CNY", 7.2), ("EUR", 0.9)])
def test_the_kept_picks_are_the_policys_picks(catalog, currency, rate, region):
    economics_ = Economics(currency=currency, usd_to_currency=rate)
    on = date(2026, 6, 1)
    markets = card_price.rent_markets(region)
    price_basis._PICKS.clear()
    for card in catalog.cards:
        def usable(entry):
            return price_basis.price_conversion(entry.currency, economics_) is not None

        expected = (card_price.pick(card, PURCHASE_KINDS, on, usable),
                    card_price.cloud_price(card, on, usable, markets=markets))
        first = price_basis._picks(card, economics_, on, region)
        again = price_basis._picks(card, economics_, on, region)
        assert first[:2] == expected
        assert first[2] == (None if expected[1] else card_price.rent_elsewhere(card, markets, on, usable))
        assert again[0] is first[0] and again[1] is first[1]  # kept
    later = date(2028, 6, 1)  # another day ages the prices again
    card = catalog.cards[0]
    assert price_basis._picks(card, economics_, later, region)[:2] == (
        card_price.pick(card, PURCHASE_KINDS, later, lambda e: price_basis.price_conversion(e.currency, economics_)
                        is not None),
        card_price.cloud_price(card, later, lambda e: price_basis.price_conversion(e.currency, economics_)
                               is not None, markets=markets))
