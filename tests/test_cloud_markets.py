"""Cloud rents by market: every catalog rent says where it is sold, and a ranking uses a rent only
where the buyer can take it (configurator.core.procurement.card_price's policy)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from configurator.core.architecture import preset
from configurator.core.card import CLOUD_MARKETS, PriceEntry
from configurator.core.catalog import load_bundled_catalog
from configurator.core.economics import clear_price_basis_memo, price_basis
from configurator.core.estimate import clear_estimate_memo
from configurator.core.procurement import card_price, prices
from configurator.core.procurement.card_price import RENT_MARKETS, cloud_price, rent_markets, rent_open
from configurator.core.quote import Quote
from configurator.core.recommend import Objective, recommend
from configurator.core.scenario import Economics, Scenario
from configurator.core.view.card_view import price_description, ranked_price_value
from configurator.core.view.price_view import price_value, unpriced_value
from configurator.core.view.rows import write

CATALOG_FILE = Path(__file__).resolve().parents[1] / "catalog.json"

CHINA_PROVIDERS = ("胜算云", "天翼云", "火山引擎", "模力方舟", "云擎天下", "上海有色网", "华为云", "腾讯云", "极智算")
"""The mainland-China providers the catalog's rents name (their own sites sell in CNY to accounts
verified in mainland China)."""


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _raw_rents():
    document = json.loads(CATALOG_FILE.read_text(encoding="utf-8"))
    return [(card["id"], price) for card in document["cards"] for price in card.get("prices", [])
            if price["kind"] == "cloud-hourly"]


def test_every_catalog_rent_says_its_market():
    """Every rent carries ``market`` written out (null only with a note saying why), one market per
    provider, the mainland-China providers' rents ``cn`` (in CNY), every other ``global``."""
    rents = _raw_rents()
    assert len(rents) >= 60
    by_provider: dict[str, set] = {}
    for card_id, price in rents:
        assert "market" in price, card_id
        assert price["market"] in (*CLOUD_MARKETS, None), card_id
        if price["market"] is None:
            assert "market" in price.get("note", ""), card_id
        by_provider.setdefault(price["provider"], set()).add(price["market"])
        china = any(name in price["provider"] for name in CHINA_PROVIDERS)
        if price["market"] is not None:
            assert (price["market"] == "cn") == china, (card_id, price["provider"])
            assert price["currency"] == ("CNY" if china else "USD"), card_id
    assert all(len(markets) == 1 for markets in by_provider.values()), by_provider


def test_a_market_is_a_rents_field_only():
    base = {"amount": 1.0, "currency": "USD", "date": "2026-03", "source": "a provider's page"}
    assert PriceEntry(**base, kind="cloud-hourly", market="cn").market == "cn"
    with pytest.raises(ValidationError, match="market"):
        PriceEntry(**base, kind="street", market="global")
    with pytest.raises(ValidationError):
        PriceEntry(**base, kind="cloud-hourly", market="us")


def test_who_may_rent_where():
    """Delivered to mainland China: its own market; elsewhere, or no region said: the worldwide one."""
    assert RENT_MARKETS == {"cn": {"cn"}, "other": {"global"}, None: {"global"}}
    base = {"amount": 1.0, "currency": "USD", "date": "2026-03", "source": "a provider's page",
            "kind": "cloud-hourly"}
    china, world, unknown = (PriceEntry(**base, market=m) for m in ("cn", "global", None))
    mine = PriceEntry(**base, market="cn", origin="user")
    assert [rent_open(e, rent_markets(None)) for e in (china, world, unknown, mine)] == [False, True, True, True]
    assert [rent_open(e, rent_markets("cn")) for e in (china, world, unknown, mine)] == [True, False, True, True]
    assert all(rent_open(e, None) for e in (china, world, unknown))  # a card's own page: every rent
    assert [f.id for f in card_price.price_flags(unknown)] == ["price-market-unknown"]
    assert card_price.price_flags(world) == ()


@pytest.mark.parametrize("region, provider", [(None, None), ("other", None), ("cn", "胜算云")])
def test_a_china_market_rent_is_ranked_only_for_delivery_to_china(catalog, region, provider):
    card = catalog.get("bi-v100")
    clear_price_basis_memo()
    basis = price_basis(card, Economics(), region)
    if provider is None:
        assert basis.cloud is None and basis.cloud_per_hour is None
        said = [m for m in basis.messages if m.id == "cloud-price-china-only"]
        # in the scenario's money (USD here), as a used card's price: 1.49 CNY at the dated rate (persona11zh)
        assert said and "胜算云" in said[0].text and "0.21 USD" in said[0].text
        assert "仅在中国大陆销售" in said[0].text_in("zh_CN")
    else:
        assert basis.cloud.entry.market == "cn" and provider in basis.cloud.entry.provider
    assert cloud_price(card).entry.market == "cn"  # the card's own page names it whatever the region


def test_a_worldwide_rent_is_not_ranked_for_delivery_to_china(catalog):
    card = catalog.get("h100-sxm")
    clear_price_basis_memo()
    assert price_basis(card, Economics(), None).cloud.entry.market == "global"
    cn = price_basis(card, Economics(), "cn")
    assert cn.cloud is None
    assert [m.id for m in cn.messages if m.id.startswith("cloud-price-")] == ["cloud-price-abroad-only"]


def _screenshot_question(region: str | None) -> Scenario:
    """The README screenshot's question: Llama 3 8B, 8 users, 2 requests/s, ranked by cloud rent."""
    return Scenario.model_validate({"workload": "inference", "model": preset("llama3-8b").model_dump(),
                                    "card_id": "h100-sxm", "count": 1, "serving": {"concurrency": 8},
                                    "constraints": {"requests_per_s": 2.0, "region": region}})


def test_the_cloud_ranking_names_each_rents_market(catalog):
    """No region: worldwide rents only, each marked 'sold outside mainland China'; the China-only
    rents (BI-V100, MTT S4000 on 胜算云; L20) are listed without a rent, saying where they are sold.
    Delivered to China: the China-market rents, marked so."""
    clear_estimate_memo()
    result = recommend(_screenshot_question(None), catalog, Objective.CLOUD)
    assert all(r.estimate.costs.prices.cloud.entry.market in ("global", None) for r in result.ranked)
    assert "sold outside mainland China" in write(price_value(result.ranked[0].estimate, Objective.CLOUD))
    unpriced = {r.card.id: r for r in result.unpriced}
    for card_id in ("bi-v100", "mtt-s4000", "l20"):
        assert unpriced[card_id].reasons[0].id == "cloud-price-china-only", card_id
        assert "sold in mainland China only" in write(unpriced_value(unpriced[card_id]))
        assert "仅在中国大陆销售" in write(unpriced_value(unpriced[card_id]), "zh_CN")
    china = recommend(_screenshot_question("cn"), catalog, Objective.CLOUD)
    assert china.ranked and all(r.estimate.costs.prices.cloud.entry.market == "cn" for r in china.ranked)
    first = china.ranked[0].estimate
    assert "sold in mainland China" in write(price_value(first, Objective.CLOUD))
    assert "仅在中国大陆销售" in write(price_value(first, Objective.CLOUD), "zh_CN")


def test_a_rents_description_says_its_market(catalog):
    entry = cloud_price(catalog.get("mtt-s4000")).entry
    assert "sold in mainland China" in write(price_description(entry))
    chosen = cloud_price(catalog.get("h100-sxm"))
    assert "sold outside mainland China" in write(ranked_price_value(chosen, rent=True))
    assert "在中国大陆以外销售" in write(ranked_price_value(chosen, rent=True), "zh_CN")


def test_the_json_price_says_its_market(catalog):
    assert card_price.price_to_dict(cloud_price(catalog.get("bi-v100")))["market"] == "cn"


def test_clearing_the_memos_forgets_the_books_with_quotes():
    """A price book with the scenario's quotes applied is made from the scenario's own prices, so a
    cold estimate (benchmarks/speed.py's clear_memos: clear_estimate_memo) applies them again."""
    from benchmarks.speed import clear_memos

    economics = Economics(quotes=(Quote(item="server-hgx-8", unit_price=200000.0, currency="USD",
                                        date="2026-01", vendor="a vendor"),))
    first = prices.price_book_for(economics)
    assert prices.price_book_for(economics) is first and len(prices._QUOTED) >= 1
    clear_memos()
    assert len(prices._QUOTED) == 0
    again = prices.price_book_for(economics)
    assert again is not first and again.items == first.items
    clear_estimate_memo()
    assert len(prices._QUOTED) == 0
