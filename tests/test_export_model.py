"""What a buyer in mainland China needs to know of a card's export state beyond its current status
(session 38): the fee the US government takes on licensed sales (H20 15 %, H200 25 %), said by the
region check and the card page and never added to a price; the statuses the card held before; whether
it is still made (the H20's production halted), a caution on a purchase of one that is not; and a card
China's customs bar rented where a provider holds it — refused where those cards came in outside the
US licences (the H200s), allowed with a caution where they came in lawfully before the bar."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.card_trade import Availability, ExportChange, HeldInCountry, LicenceFee
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.recommend import Objective, ranking_of, recommend
from configurator.core.recommend_card import rank_card
from configurator.core.scenario import Scenario
from configurator.core.view.card_view import card_view
from configurator.core.view.rows import label, write


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _question(region: str | None = "cn", card_id: str = "h800-sxm") -> Scenario:
    """Qwen2.5 72B served to 100 users, in CNY, delivered to ``region``."""
    return Scenario.model_validate({
        "workload": "inference", "model": preset("qwen2.5-72b").model_dump(), "card_id": card_id, "count": 4,
        "serving": {"concurrency": 100},
        "economics": {"currency": "CNY", "usd_to_currency": 7.1},
        "constraints": {"region": region}})


def _region(est):
    return next(v for v in est.verdicts if v.id == "region")


def _plain(text: str) -> str:
    """``text`` with its no-break spaces (between a figure and its per cent sign) as spaces."""
    return text.replace("\u00a0", " ")


def _sections(card):
    return {s.key: s for s in card_view(card).sections}


def test_the_licence_fees_are_dated_and_sourced(catalog):
    h20 = catalog.get("h20").export_control.licence_fee
    assert (h20.share, h20.basis, h20.paid_by, h20.since) == (0.15, "revenue-share", "vendor", "2025-08-08")
    for card_id in ("h200-sxm", "h200-nvl", "mi325x"):
        fee = catalog.get(card_id).export_control.licence_fee
        assert (fee.share, fee.basis, fee.paid_by, fee.since) == (0.25, "import-tariff", "vendor", "2026-01-15")
        assert "Section 232" in fee.source and "2025-12-08" in fee.source
    assert catalog.get("h800-sxm").export_control.licence_fee is None  # none known


def test_the_region_check_says_the_fee_in_both_languages(catalog):
    said = _region(estimate(_question(card_id="h20"), catalog.get("h20"))).message
    assert ("licences come with a 15 % share of the sales to the US government, since 2025-08-08: paid by the vendor "
            "(not added to the prices here)") in _plain(said.text)
    assert "销售额的 15% 交给美国政府（自 2025-08-08 起）：由厂商支付（未计入此处价格）" in _plain(said.text_in("zh_CN"))
    mi325x = _region(estimate(_question(card_id="mi325x"), catalog.get("mi325x"))).message
    assert "25 % US import tariff on the chips' value" in _plain(mi325x.text) and "美国进口关税" in mi325x.text_in("zh_CN")
    assert "licences come with" not in _region(estimate(_question(), catalog.get("h800-sxm"))).message.text


def test_the_fee_is_not_added_to_any_price(catalog):
    h20 = catalog.get("h20")
    unpriced = h20.model_copy(update={"export_control": h20.export_control.model_copy(update={"licence_fee": None})})
    with_fee, without = (estimate(_question(None, "h20"), card) for card in (h20, unpriced))
    assert with_fee.costs == without.costs


def test_a_fee_of_unknown_size_says_why_and_a_share_is_a_fraction():
    with pytest.raises(ValueError):
        LicenceFee(share=None, basis="revenue-share", paid_by=None, since="2025-08", source="somewhere")
    with pytest.raises(ValueError):
        LicenceFee(share=15, basis="revenue-share", paid_by="vendor", since="2025-08", source="somewhere")
    fee = LicenceFee(share=None, basis="revenue-share", paid_by=None, since="2025-08", source="somewhere",
                     note="the size was not reported")
    assert fee.share is None


def test_the_status_history_runs_to_the_current_status(catalog):
    ec = catalog.get("h20").export_control
    assert [(c.china, c.date) for c in ec.history] == [("permitted", "2023-11-17"), ("licence-required", "2025-04-09")]
    assert (ec.china, ec.date) == ("licence-required", "2025-08-08")  # what the region check reads
    h200 = catalog.get("h200-sxm").export_control
    assert [(c.china, c.date) for c in h200.history] == [("not-permitted", "2023-11-17")]
    rows = [r for r in _sections(catalog.get("h20"))["export"].rows if r.key.startswith("export.history.")]
    assert [write(r.value, "en") for r in rows if not r.key.endswith(".source")] == [
        "2023-11-17: permitted", "2025-04-09: licence required", "2025-08-08: licence required (current)"]
    assert label(rows[0].label, "zh_CN") == "状态沿革" and write(rows[-1].value, "zh_CN") == "2025-08-08：需要许可证（当前）"


def test_a_history_runs_oldest_first_and_ends_before_the_current_status(catalog):
    ec = catalog.get("h20").export_control
    permitted, required = ec.history
    with pytest.raises(ValueError):
        ec.model_validate({**ec.model_dump(), "history": [required.model_dump(), permitted.model_dump()]})
    later = ExportChange(china="permitted", date="2026-01", source="somewhere")
    with pytest.raises(ValueError):
        ec.model_validate({**ec.model_dump(), "history": [later.model_dump()]})


def test_the_card_page_shows_the_fee_and_the_production_status(catalog):
    sections = _sections(catalog.get("h20"))
    rows = {r.key: r for r in sections["export"].rows}
    assert _plain(write(rows["export.fee"].value, "en")).startswith("licences come with a 15 % share")
    assert label(rows["export.fee"].label, "zh_CN") == "许可费用"
    assert "hindustantimes" in rows["export.fee.source"].value
    production = sections["availability"]
    assert write(production.title, "en") == "Production: production halted"
    assert write(production.title, "zh_CN") == "生产状态：已停产"
    assert {r.key: r.value for r in production.rows}["availability.date"] == "2025-08-22"
    assert "availability" not in _sections(catalog.get("h100-sxm"))  # none recorded: no section


def test_a_card_bought_that_is_no_longer_made_carries_a_caution(catalog):
    h20 = catalog.get("h20")
    assert Availability(status="in-production", date="2026-01", source="somewhere").in_production
    bought = rank_card(_question(None, "h20"), h20, Objective.TCO)
    assert bought.ranked is not None, bought.rejected
    row = ranking_of(_question(None, "h20"), [bought], Objective.TCO).ranked[0]
    caution = next(r for r in row.reasons if r.id == "supply-production-halted")
    assert caution.text == ("H20 96GB (China export SKU): production halted (reported 2025-08-22) — new cards may be "
                            "hard to obtain; check supply before buying")
    assert "已停产（报道于 2025-08-22）" in caution.text_in("zh_CN")
    rented = rank_card(_question(None, "h20"), h20, Objective.CLOUD)
    if rented.ranked is not None:  # ranked by rent: nothing is bought, nothing to caution
        row = ranking_of(_question(None, "h20"), [rented], Objective.CLOUD).ranked[0]
        assert not any(r.id.startswith("supply-") for r in row.reasons)
    h200 = rank_card(_question(None, "h200-sxm"), catalog.get("h200-sxm"), Objective.TCO)
    assert not any(r.id.startswith("supply-") for r in ranking_of(
        _question(None, "h200-sxm"), [h200], Objective.TCO).ranked[0].reasons)  # in production


def test_the_h200_rented_in_china_stays_refused_with_the_reason(catalog):
    """The 云擎天下 rent is credible as an offer, but the H200s held in mainland China came in while the
    US status was 'not permitted' and none under licence: refused rented as bought, and the words say why."""
    held = catalog.get("h200-sxm").china_import.held_in_country
    assert held.entered == "outside-licences" and not held.rentable and "736.2(b)(10)" in held.note
    result = recommend(_question(), catalog, Objective.CLOUD, limit=10)
    assert "h200-sxm" not in {r.card.id for r in result.considered}
    said = {r.card.id: r for r in result.below_line}["h200-sxm"].reasons[0]
    assert "cards 云擎天下 (Omniyq) holds in mainland China came in outside the US licences (reported 2026-08-22)" \
        in said.text
    assert "licences come with" not in said.text  # nothing is licensed for a renter
    assert "未经美国出口许可运入" in said.text_in("zh_CN")


def test_a_barred_card_whose_cards_came_in_lawfully_is_rented_with_a_caution(catalog):
    """The other way: were the H200s a provider holds in mainland China lawfully there before the bar,
    renting them would import nothing — ranked, the bar said as a caution — while buying stays barred."""
    h200 = catalog.get("h200-sxm")
    lawful = HeldInCountry(entered="lawfully", date="2026-08-22", source="somewhere", note="a test's assumption")
    card = h200.model_copy(update={"china_import": h200.china_import.model_copy(update={"held_in_country": lawful})})
    rented = rank_card(_question(card_id="h200-sxm"), card, Objective.CLOUD)
    assert rented.ranked is not None, rented.rejected
    verdict = _region(rented.ranked.estimate)
    assert verdict.met and verdict.message.id == "region-rented-import-barred"
    assert verdict.message.text.startswith("H200 SXM 141GB rented in mainland China from 云擎天下 (Omniyq), which holds "
                                           "cards that came in before China's customs barred its entry")
    assert "no new supply comes in" in verdict.message.text and "不会再有新的供货" in verdict.message.text_in("zh_CN")
    bought = rank_card(_question(card_id="h200-sxm"), card, Objective.TCO)
    assert bought.ranked is None and not _region(bought.below_line.estimate).met
