"""Money and power figures the mutation run (tools/mutate.py) found unpinned, checked against the
published figure or the stated rule they stand for (not against the program's current output)."""

from __future__ import annotations

import pytest

from configurator.core import currency
from configurator.core.catalog import MAX_PRICE, PriceEntry
from configurator.core.economics import node_power_kw
from configurator.core.procurement.prices import PriceBook, PriceFileError, bundled_price_book, read_quotes
from configurator.core.scenario import Scenario

DGX_SYSTEM_KW = {"h100-sxm": 10.2, "b200": 14.3}
"""Maximum system power of the 8-GPU systems [kW]: NVIDIA DGX H100/H200 User Guide and DGX B200
User Guide, "Power Specifications" (the price file's server items cite both)."""


@pytest.mark.parametrize(("card_id", "published_kw"), DGX_SYSTEM_KW.items())
@pytest.mark.parametrize("pue", [1.0, 1.5])
def test_an_eight_gpu_server_draws_the_published_system_maximum(catalog, llama8b, card_id, published_kw, pue):
    """A full server is its eight boards plus the host: the DGX maximum [kW], whatever the hall's PUE."""
    s = Scenario(model=llama8b, card_id=card_id, count=8, workload="finetune", economics={"pue": pue})
    card = catalog.get(card_id)
    assert node_power_kw(card, s) == pytest.approx(published_kw, rel=1e-9)


def test_node_power_is_it_power_whatever_the_pue(catalog, llama8b):
    """A server's draw at its rack's PDU is IT power: PUE is facility power over IT equipment power
    (The Green Grid, White Paper 49), and cooling does not pass through the server's plug."""
    card = catalog.get("h100-sxm")
    one = node_power_kw(card, Scenario(model=llama8b, card_id="h100-sxm", count=8, economics={"pue": 1.0}))
    more = node_power_kw(card, Scenario(model=llama8b, card_id="h100-sxm", count=8, economics={"pue": 1.5}))
    assert more == pytest.approx(one, rel=1e-9)


def test_cny_fallback_approximates_the_dated_rate_of_the_price_file():
    """The fallback stands in for the price file's dated CFETS rate (7.0197 CNY/USD, central
    parity of 2026-01-08): within 2 % of it, so a price file without the rate converts about the same."""
    dated = bundled_price_book().rates["usd_to_cny"].value
    assert dated == pytest.approx(7.0197)
    assert currency.USD_TO_CNY_FALLBACK == pytest.approx(dated, rel=0.02)


def test_cny_uses_the_fallback_when_the_price_file_lacks_the_rate(monkeypatch):
    book = bundled_price_book()
    without = PriceBook(items=book.items, rates={k: v for k, v in book.rates.items() if k != "usd_to_cny"},
                        price_date=book.price_date)
    monkeypatch.setattr(currency, "bundled_price_book", lambda: without)
    rate, _ = currency.currency_defaults("CNY")
    assert rate == currency.USD_TO_CNY_FALLBACK
    assert currency.currency_defaults("USD")[0] == 1.0


PRICE_LIMIT = 1_000_000_000
"""The highest price the program accepts, as the quote file's error message states it [currency]."""


def test_a_catalog_price_is_accepted_up_to_a_billion():
    entry = dict(currency="USD", date="2025-01", kind="msrp", source="test")
    assert MAX_PRICE == PRICE_LIMIT
    PriceEntry(amount=PRICE_LIMIT, **entry)
    with pytest.raises(ValueError):
        PriceEntry(amount=1.1 * PRICE_LIMIT, **entry)
    with pytest.raises(ValueError):
        PriceEntry(amount=1.0, amount_high=1.1 * PRICE_LIMIT, **entry)


def test_a_quoted_price_is_accepted_up_to_a_billion(tmp_path):
    quotes = tmp_path / "quotes.csv"
    header = "item,unit_price,currency,date,vendor\n"
    quotes.write_text(header + f"server-hgx-8,{PRICE_LIMIT},USD,2026-01,ACME\n", encoding="utf-8")
    assert read_quotes(quotes)[0][1] == PRICE_LIMIT
    quotes.write_text(header + f"server-hgx-8,{int(1.1 * PRICE_LIMIT)},USD,2026-01,ACME\n", encoding="utf-8")
    with pytest.raises(PriceFileError, match="1,000,000,000"):
        read_quotes(quotes)


def test_an_800g_ethernet_switch_is_sized_as_twice_its_ports_at_400g(catalog, llama8b):
    """The scale-out fabric is built of 400 Gb/s ports: the price file's Spectrum-4 SN5600 has
    64 × 800 GbE (51.2 Tb/s), i.e. 51,200 / 400 = 128 ports of 400 Gb/s (split 2:1)."""
    from configurator.core.procurement.bom import SCALE_OUT_PORT_GBPS, bill_of_materials

    book = bundled_price_book()
    switch = book.item("switch-eth-800g-64")
    assert switch.ports == 64 and "51.2 Tb/s" in switch.name
    ports_400g = 51_200 / SCALE_OUT_PORT_GBPS
    s = Scenario(model=llama8b, card_id="mi300x", count=64, workload="pretrain")
    bom = bill_of_materials(s, catalog.get("mi300x"), book)
    leaves = [line for line in bom.lines if line.role == "leaf"]
    assert leaves and all(f"({ports_400g:.0f} × 400G ports)" in line.name for line in leaves)
