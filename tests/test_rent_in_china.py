"""Renting cards already in mainland China: ranked by rent (``--objective cloud`` or ``--budget-basis
rent``) with delivery to China, a card rented at a China-market rent is no export by the renter — it is
ranked, its line saying where it is rented and its export status as a note; a card with no such rent,
and buying, keep the licence rule (configurator.core.region.rented_where_held)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.recommend import Objective, recommend
from configurator.core.recommend_card import rank_card
from configurator.core.region import rented_where_held
from configurator.core.scenario import Scenario, updated

RENTED_IN_CHINA = ("h800-sxm", "a100-sxm-80gb")
"""Licence-required cards with a China-market rent in the catalog (云擎天下, 2026-08). The H200 SXM has
one too, but China's customs bar its entry: not ranked, rented or bought (tests/test_china_import.py).
The H20 has one as well (腾讯云, 2026-07): ranked, its region note also naming the Chinese regulators'
advice (:func:`test_ranked_by_rent_the_h20_is_ranked_on_its_china_rent`)."""

NO_CHINA_RENT = ("a800-sxm", "gh200-96gb")
"""Licence-required cards without one (the tracker the catalog cites found no A800 rent on 2026-08-22)."""


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _question(budget_basis: str = "capex", budget: float | None = None) -> Scenario:
    """The brief's question: Qwen2.5 72B served to 100 users, delivered to mainland China, in CNY."""
    return Scenario.model_validate({
        "workload": "inference", "model": preset("qwen2.5-72b").model_dump(), "card_id": "h800-sxm", "count": 4,
        "serving": {"concurrency": 100}, "economics": {"currency": "CNY", "usd_to_currency": 7.1},
        "constraints": {"region": "cn", "budget_basis": budget_basis, "budget": budget}})


def _region(est):
    return next(v for v in est.verdicts if v.id == "region")


@pytest.mark.parametrize("card_id", RENTED_IN_CHINA)
def test_ranked_by_rent_a_card_rented_in_china_is_ranked_with_its_status_as_a_note(catalog, card_id):
    one = rank_card(_question(), catalog.get(card_id), Objective.CLOUD)
    assert one.ranked is not None, one.rejected
    verdict = _region(one.ranked.estimate)
    assert verdict.met and verdict.actual == "licence-required"
    said = verdict.message
    assert said.id == "region-rented-licence-required"
    assert "云擎天下" in said.text and "rented in mainland China" in said.text and "not legal advice" in said.text
    assert "2026-01-15" in said.text
    zh = said.text_in("zh_CN")
    assert "在中国大陆" in zh and "租用方不构成出口" in zh and "不构成法律意见" in zh


def test_ranked_by_rent_the_h20_is_ranked_on_its_china_rent(catalog):
    one = rank_card(_question(), catalog.get("h20"), Objective.CLOUD)
    assert one.ranked is not None, one.rejected
    assert one.ranked.estimate.costs.prices.cloud_price_date == "2026-07"
    assert _region(one.ranked.estimate).met


@pytest.mark.parametrize("card_id", NO_CHINA_RENT)
def test_a_card_without_a_china_market_rent_is_not_ranked(catalog, card_id):
    one = rank_card(_question(), catalog.get(card_id), Objective.CLOUD)
    assert one.ranked is None and one.rejected


def test_buying_keeps_the_licence_rule(catalog):
    one = rank_card(_question(), catalog.get("h800-sxm"), Objective.TCO)
    assert one.ranked is None
    assert one.below_line is not None
    assert [m.id for m in one.below_line.reasons] == ["export-licence-required"]


def test_a_capex_budget_ranked_by_rent_keeps_the_licence_rule(catalog):
    """A budget on the purchase says the buyer buys: the ranking by rent does not turn it into renting."""
    one = rank_card(_question(budget=10_000_000), catalog.get("h800-sxm"), Objective.CLOUD)
    assert one.ranked is None


def test_a_rent_budget_is_renting_in_the_estimate_too(catalog):
    """The estimate, the panel's and the summary's lines, reads the same verdict as the ranking."""
    card = catalog.get("h800-sxm")
    rented = _region(estimate(_question("rent"), card))
    bought = _region(estimate(_question(), card))
    assert rented.met and rented.message.id == "region-rented-licence-required"
    assert not bought.met and bought.message.id == "export-licence-required"


def test_the_ranking_by_rent_ranks_the_rented_configuration(catalog):
    """The configuration ranked is a rented one (``budget_basis`` "rent"), so that opening it, or its
    summary, says the same as the ranking's line."""
    one = rank_card(_question(), catalog.get("h800-sxm"), Objective.CLOUD)
    assert one.ranked.estimate.scenario.constraints.budget_basis == "rent"
    again = _region(estimate(one.ranked.estimate.scenario, catalog.get("h800-sxm")))
    assert again.message.id == "region-rented-licence-required"


def test_who_counts_as_rented_where_held(catalog):
    h800 = catalog.get("h800-sxm")
    assert rented_where_held(h800, "cn", "cn")
    assert not rented_where_held(h800, "cn", "global")  # a rent abroad: not ranked for China (card_price)
    assert not rented_where_held(h800, "cn", None)  # a rent whose market is not known
    assert not rented_where_held(h800, "other", "cn")
    assert not rented_where_held(catalog.get("ascend-910b"), "cn", "cn")  # nothing to set aside
    denied = next(c for c in catalog.cards if c.export_control is not None and c.export_control.china == "not-permitted")
    assert not rented_where_held(denied, "cn", "cn")  # presumption of denial: out even rented


def test_the_whole_ranking_by_rent_in_china(catalog):
    """The brief's command: H800 and A100 ranked on their China-market rents, none of the ranked
    lines a refusal; A800, H20 and GH200 (no China-market rent) not ranked."""
    question = _question()
    result = recommend(question, catalog, Objective.CLOUD, limit=20)
    ranked = {r.card.id: r for r in result.ranked}
    assert {*RENTED_IN_CHINA, "h20"} <= set(ranked)
    assert not set(NO_CHINA_RENT) & set(ranked)
    assert all(not r.estimate.violations for r in result.ranked)
    capex = recommend(updated(question, constraints={"budget_basis": "capex"}), catalog, Objective.TCO, limit=20)
    assert not set(RENTED_IN_CHINA) & {r.card.id for r in capex.ranked}


def test_the_summary_of_a_card_ranked_by_rent_says_it_is_rented(tmp_path, capsys):
    """``report --objective cloud --region cn --card h800-sxm``: the summary's delivery row says what
    the ranking's line says (rented, met), not the buyer's licence; in both languages."""
    from configurator.cli import main

    args = ["report", "--workload", "inference", "--model", "qwen2.5-72b", "--concurrency", "100", "--region", "cn",
            "--objective", "cloud", "--card", "h800-sxm", "--count", "4"]
    for language, said, meets in (("en", "rented in mainland China from 云擎天下", "**Meets what was asked**"),
                                  ("zh_CN", "租用方不构成出口", "**满足要求**")):
        out = tmp_path / f"h800-{language}.md"
        assert main([*args, "--lang", language, "-o", str(out)]) == 0, capsys.readouterr().err
        text = out.read_text(encoding="utf-8")
        assert said in text and meets in text


def test_the_panel_and_the_wizard_say_the_rankings_line(catalog):
    """The panel's lines under a ranked row (``against_html``) and the wizard's answer with a rent
    budget (``suggest``, then ``verdict_items``): the same 'rented' line, met, in both languages."""
    from configurator.app.against_constraints import against_html, verdict_items
    from configurator.core.recommend_card import suggest

    card = catalog.get("h800-sxm")
    rec = rank_card(_question(), card, Objective.CLOUD).ranked
    assert "租用方不构成出口" in against_html(rec, True, "zh_CN")
    assert "rented in mainland China" in against_html(rec, True, "en")
    chosen = suggest(_question("rent"), card)
    lines = verdict_items(estimate(chosen, card), "en")
    assert any("rented in mainland China" in line and "#1b5e20" in line for line in lines)  # met: green


def test_a_rented_card_below_the_line_is_listed_with_the_deliverable_ones(catalog):
    """Rented where it is held, a card that misses a latency target is below the line for that
    alone, listed with the cards that may be delivered, before those needing a licence."""
    question = updated(_question(), constraints={"tpot_ms": 5.0})
    result = recommend(question, catalog, Objective.CLOUD, limit=10)
    below = [r.card.id for r in result.below_line]
    h800 = next(r for r in result.below_line if r.card.id == "h800-sxm")
    assert "export-licence-required" not in [m.id for m in h800.reasons]
    licensed = [i for i, r in enumerate(result.below_line)
                if "export-licence-required" in [m.id for m in r.reasons]]
    assert licensed and below.index("h800-sxm") < min(licensed)
