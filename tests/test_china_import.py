"""China's own import stance on a card (``Card.china_import``), honoured where the delivery region is
mainland China: a card China's customs bar (the H200s, 2026-01) is not recommended — below the line,
the customs reason first — bought or rented; one Chinese regulators discourage (the H20, 2025-08; the
RTX PRO 6000D, 2025-09) is ranked where its US status lets it be, with the caution on its row, its
bill and the summary's first page; other regions are unchanged."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.card import ChinaImport
from configurator.core.catalog import load_bundled_catalog
from configurator.core.constraints import region_rank
from configurator.core.estimate import estimate
from configurator.core.recommend import Objective, ranking_of, recommend
from configurator.core.recommend_card import rank_card
from configurator.core.region import import_message
from configurator.core.scenario import Scenario, updated
from configurator.core.view.card_view import card_view
from configurator.core.view.rows import write


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _question(region: str | None = "cn", owned: int = 0, card_id: str = "h800-sxm") -> Scenario:
    """Qwen2.5 72B served to 100 users, in CNY, delivered to ``region``."""
    return Scenario.model_validate({
        "workload": "inference", "model": preset("qwen2.5-72b").model_dump(), "card_id": card_id, "count": 4,
        "serving": {"concurrency": 100},
        "economics": {"currency": "CNY", "usd_to_currency": 7.1, "owned_cards": owned},
        "constraints": {"region": region}})


def _region(est):
    return next(v for v in est.verdicts if v.id == "region")


def test_the_h200_ranked_on_its_china_rent_elsewhere_is_below_the_line_with_the_customs_reason(catalog):
    """Ranked by rent in mainland China the H200 SXM (a 云擎天下 rent in the catalog) ranked second
    until its customs bar was a field; now it is below the line, the customs reason its first words,
    in both languages."""
    result = recommend(_question(), catalog, Objective.CLOUD, limit=10)
    assert "h200-sxm" not in {r.card.id for r in result.considered}
    below = {r.card.id: r for r in result.below_line}
    assert "h200-sxm" in below
    first = below["h200-sxm"].reasons[0]
    assert first.params["first"].id == "import-barred"  # then why the cards held there are refused (session 38)
    assert first.text.startswith("H200 SXM 141GB may not enter mainland China: China's customs")
    assert "2026-01" in first.text and "not legal advice" in first.text
    assert "中国海关" in first.text_in("zh_CN") and "2026-01" in first.text_in("zh_CN")


def test_bought_the_customs_reason_comes_before_the_licence(catalog):
    est = estimate(_question(card_id="h200-nvl"), catalog.get("h200-nvl"))
    verdict = _region(est)
    assert verdict.met is False and verdict.actual == "licence-required"
    text = verdict.message.text
    assert text.index("China's customs") < text.index("US export licence")
    assert region_rank(catalog.get("h200-nvl"), "cn") > region_rank(catalog.get("h800-sxm"), "cn")


def test_h200_cards_already_owned_are_delivered(catalog):
    est = estimate(updated(_question(owned=4, card_id="h200-sxm"), count=4), catalog.get("h200-sxm"))
    assert _region(est).met and _region(est).message.id == "region-owned"
    more = _region(estimate(updated(_question(owned=2, card_id="h200-sxm"), count=4), catalog.get("h200-sxm")))
    assert not more.met and "the 2 more to buy may not enter mainland China" in more.message.text


def test_the_h20_below_the_line_carries_the_regulators_caution(catalog):
    one = rank_card(_question(card_id="h20"), catalog.get("h20"), Objective.TCO)
    assert one.ranked is None and one.below_line is not None
    said = one.below_line.reasons[0]
    assert "US export licence" in said.text and "Chinese regulators told firms not to buy H20" in said.text
    assert "2025-08" in said.text and "中国监管部门" in said.text_in("zh_CN")


def test_a_discouraged_card_that_ranks_says_so_first_on_its_row(catalog):
    """No discouraged card ranks with today's catalog (the H20 needs a US licence, the RTX PRO 6000D
    has no published rates): the L20, permitted, given the H20's stance and ranked on its rents in
    China, carries the caution as the first words of its row and in its region verdict."""
    l20 = catalog.get("l20").model_copy(update={"china_import": catalog.get("h20").china_import})
    scenario = _question(card_id="l20")
    result = ranking_of(scenario, [rank_card(scenario, l20, Objective.CLOUD)], Objective.CLOUD)  # its rents in China
    row = next(r for r in result.ranked if r.card.id == "l20")
    assert row.reasons[0].id == "import-discouraged"
    assert "Chinese regulators told firms not to buy L20" in row.reasons[0].text
    verdict = _region(row.estimate)
    assert verdict.met and "Chinese regulators" in verdict.message.text


@pytest.mark.parametrize("region", [None, "other"])
def test_other_regions_are_unchanged(catalog, region):
    h200 = catalog.get("h200-sxm")
    assert import_message(h200, region) is None and region_rank(h200, region) == 0
    one = rank_card(_question(region, card_id="h200-sxm"), h200, Objective.TCO)
    assert one.ranked is not None, one.rejected
    assert not any(m.id.startswith("import-") for m in one.ranked.reasons)
    assert not any(v.id == "region" for v in one.ranked.estimate.verdicts)


def test_the_card_page_shows_the_stance_beside_the_export_status(catalog):
    sections = {s.key: s for s in card_view(catalog.get("h200-sxm")).sections}
    assert list(sections).index("import") == list(sections).index("export") + 1
    heading = sections["import"].title
    assert write(heading, "en") == "Import into China: entry barred by customs"
    assert write(heading, "zh_CN") == "中国进口：海关禁止入境"
    rows = {r.key: r for r in sections["import"].rows}
    assert rows["import.date"].value == "2026-01" and "particle.news" in rows["import.source"].value
    none = {s.key: s for s in card_view(catalog.get("h100-sxm")).sections}["import"]
    assert write(none.title, "en") == "Import into China: none known" and not none.rows


def test_a_stance_needs_a_known_status_and_a_real_date():
    with pytest.raises(ValueError):
        ChinaImport(status="banned", date="2026-01", source="somewhere")
    with pytest.raises(ValueError):
        ChinaImport(status="barred", date="2026-13", source="somewhere")


def test_the_summary_says_the_caution_on_page_one_and_under_the_bill(tmp_path, capsys):
    from configurator.cli import main

    args = ["report", "--workload", "inference", "--model", "qwen2.5-72b", "--concurrency", "100", "--region", "cn",
            "--card", "h20", "--count", "8"]
    for language, label, said in (("en", "**Import into China**", "Chinese regulators told firms not to buy"),
                                  ("zh_CN", "**中国进口**", "中国监管部门已要求企业不要采购")):
        out = tmp_path / f"h20-{language}.md"
        assert main([*args, "--lang", language, "-o", str(out)]) == 0, capsys.readouterr().err
        text = out.read_text(encoding="utf-8")
        assert label in text and text.count(said) >= 3  # page 1's row, the region verdict, the bill's note
