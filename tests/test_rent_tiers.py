"""Rents of different tiers (on demand, monthly, reserved) compared in a ranking by rent are said to be so,
once, among the first row's reasons, in both languages; a ranking of one tier says nothing."""

from __future__ import annotations

import json

import pytest

from configurator.core.card import PriceEntry
from configurator.cli import main
from configurator.core.catalog import load_bundled_catalog
from configurator.core.procurement.rent_tier import rent_tier


def _entry(tier: str | None) -> PriceEntry:
    return PriceEntry(amount=1.0, currency="CNY", date="2026-07", kind="cloud-hourly", source="a test", tier=tier)


@pytest.mark.parametrize(("offer", "tier"), [
    ("on-demand", "on-demand"), ("on-demand (marketplace)", "on-demand"),
    ("monthly, 8-GPU bare-metal machine", "monthly"), ("1-year reserved", "reserved"),
    ("not stated", None), ("EC2 Capacity Block (US East, Ohio)", None), (None, None)])
def test_rent_tier_reads_the_recorded_offer(offer, tier):
    assert rent_tier(_entry(offer)) == tier


def test_every_china_rent_has_a_tier():
    for card in load_bundled_catalog().cards:
        for price in card.prices:
            if price.kind == "cloud-hourly" and price.market == "cn":
                assert rent_tier(price) is not None, (card.id, price.tier)


CN_RENTED = ["--workload", "inference", "--model", "qwen2.5-72b", "--concurrency", "50", "--region", "cn",
             "--objective", "cloud"]


def test_a_ranking_of_monthly_and_on_demand_rents_says_so_once(capsys):
    assert main(["recommend", *CN_RENTED, "--json"]) == 0
    ranked = json.loads(capsys.readouterr().out)["ranked"]
    said = [r for row in ranked for r in row["reasons"] if "Rents of different tiers are compared" in str(r)]
    assert len(said) == 1 and said[0] in ranked[0]["reasons"], said
    tiers = {row["card"]["id"]: row["price"]["rent_tier"] for row in ranked}
    assert tiers["ascend-910b"] == "monthly" and tiers["h20"] == "on-demand", tiers
    assert main(["recommend", *CN_RENTED]) == 0
    out = capsys.readouterr().out
    assert "Ascend 910B's rent is a monthly rental (2.60 CNY per card-hour" in out and "'s on demand (" in out
    assert "the same for" in out and "H20 96GB (China export SKU))" in out  # every on-demand rent ranked is named
    assert main(["recommend", *CN_RENTED, "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out.replace("\xa0", " ")
    assert "租用价为包月租用（每卡时 2.60 元" in out and "按需租用价通常高于包月或预留价" in out, out
    assert "H20 96GB（对华出口版）同样如此）" in out


def test_a_ranking_of_on_demand_rents_alone_says_nothing(capsys):
    assert main(["recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--concurrency", "50",
                 "--objective", "cloud", "--json"]) == 0
    ranked = json.loads(capsys.readouterr().out)["ranked"]
    assert not [r for row in ranked for r in row["reasons"] if "tiers are compared" in str(r)]


def test_the_summary_alternatives_say_it(tmp_path, capsys):
    for language, said in (("en", "Rents of different tiers are compared: Ascend 910B's rent is a monthly rental"),
                           ("zh_CN", "比较的是不同计费方式的租用价：昇腾 910B 的租用价为包月租用")):
        path = tmp_path / f"s-{language}.md"
        assert main(["report", *CN_RENTED, "--lang", language, "-o", str(path)]) == 0
        capsys.readouterr()
        text = path.read_text(encoding="utf-8").replace("\xa0", " ")
        alternatives = text[text.index("## Alternatives" if language == "en" else "## 备选方案"):]
        assert text.count(said) == 1 and said in alternatives, language
