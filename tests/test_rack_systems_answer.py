"""A rack-scale system as the buyer's summary says it (session 24): counted as systems and racks,
not "1 server (384 cards each)"; its unpriced line names the item id a quote is entered by; a
quoted system prices its cards (per card derived from the system and labelled so, not the card's
own catalog figure); a TCO without a published power says energy is unknown and why; the
CloudMatrix 384's cooling, unpublished, is not called liquid. Both languages."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.prices import bundled_price_book
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, updated
from configurator.report.render import to_markdown
from configurator.report.summary import build_summary


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _scenario(card_id: str, count: int, quotes=(), workload="inference") -> Scenario:
    s = Scenario(model=preset("llama3-70b"), workload=workload, card_id=card_id, count=count,
                 auto_layout=LAYOUT_FIELDS)
    rows = [dict(zip(("item", "unit_price", "currency", "date", "vendor"), q, strict=True)) for q in quotes]
    return updated(s, economics={"quotes": rows}) if rows else s


def _summary(catalog, scenario: Scenario, language: str) -> str:
    return to_markdown(build_summary(estimate(scenario, catalog.get(scenario.card_id)), catalog, language))


@pytest.mark.parametrize(("language", "said", "not_said"), [
    ("en", ("as 1 rack-scale system of 384 NPUs, 16 racks", "no price — enter a quote for item rack-cloudmatrix-384",
            "--quotes FILE", "cooling not published"), ("in 1 server", "liquid-cooled racks")),
    ("zh_CN", ("1 套机柜级系统（384 颗 NPU），16 个机柜", "请为报价项 rack-cloudmatrix-384 输入报价", "冷却方式未公开"),
     ("1 台", "液冷机柜")),
])
def test_cloudmatrix_is_one_system_of_16_racks_with_the_item_to_quote(catalog, language, said, not_said):
    text = _summary(catalog, _scenario("ascend-910c", 384), language)
    for words in said:
        assert words in text
    for words in not_said:
        assert words not in text


def test_only_a_system_whose_cooling_is_published_is_liquid_cooled(catalog):
    book = bundled_price_book()
    assert book.item("rack-cloudmatrix-384").cooling is None and book.item("rack-nvl72").cooling == "liquid"
    cm = bill_of_materials(_scenario("ascend-910c", 384), catalog.get("ascend-910c"), book)
    vr = bill_of_materials(_scenario("vera-rubin", 144), catalog.get("vera-rubin"), book)
    assert cm.liquid_cooled is None and vr.liquid_cooled is True
    assert cm.system.item_id == "rack-cloudmatrix-384" and vr.system.quantity == 2


@pytest.mark.parametrize(("language", "said"), [
    ("en", ("20,833 USD, system 2026-11: 8,000,000 USD ÷ 384 NPUs",
            "your quote: partner")),
    ("zh_CN", ("整机价格 2026-11：", "÷ 384 颗 NPU", "您的报价：partner")),  # 颗, as the configuration line (words49)
])
def test_a_quoted_system_prices_its_cards_per_card_derived(catalog, language, said):
    """Before: the prices table gave the catalog's 28,000 USD per NPU, a figure the bill no longer used."""
    scenario = _scenario("ascend-910c", 384, [("rack-cloudmatrix-384", 8_000_000, "USD", "2026-11", "partner")])
    prices = next(t for t in build_summary(estimate(scenario, catalog.get("ascend-910c")), catalog, language).tables
                  if t.key == "prices")
    row = next(r for r in prices.rows if r[0].startswith("384 ×"))
    for words in said:
        assert words in " ".join(row).replace("\xa0", " ")
    assert "28,000" not in row[1]


@pytest.mark.parametrize(("language", "said"), [
    ("en", ("unknown: neither Vera Rubin", "(rack-vera-rubin-nvl72) has a published power",
            "without energy (no published power) and the unpriced items")),
    ("zh_CN", ("未知：Vera Rubin", "均无公开功率——总额未计入电费", "未含电费（无公开功率）及无价格的项")),
])
def test_a_tco_without_a_published_power_says_energy_is_unknown_and_why(catalog, language, said):
    text = _summary(catalog, _scenario("vera-rubin", 144), language)
    for words in said:
        assert words in text
    assert "2 rack-scale systems of 72 GPUs each" in text or "2 套机柜级系统（每套 72 颗 GPU）" in text
