"""Session 51 (buyer51b, after buyer51): a total ranked without its energy (no published board power) is said so
wherever rent is compared with buying (:func:`~configurator.core.procurement.partial.no_break_even`), the heading
over the totals ranked after every complete one names the energy beside an unpriced item, the summary's alternatives
carry the ranking rows' precision warning (:func:`~configurator.core.precision_risk.precision_risk`), and the unused
``no-power-tco`` reason is gone. Question: ``recommend --workload inference --model qwen2.5-72b --concurrency 200
--tpot-ms 50 --region cn --budget 500万元``: 16 × Ascend 910C server, ranked on a total without energy."""

from __future__ import annotations

import pytest
from buyer_questions import cli_text, question_scenario

from configurator.core.catalog import load_catalog
from configurator.core.messages import CATALOGUES
from configurator.core.procurement.partial import NO_ENERGY, NO_PURCHASE_PRICE
from configurator.core.recommend import Filters, Objective, recommend
from configurator.core.recommend_costs import ownership_cost, rent_or_buy
from configurator.core.view.ranking_view import RANKED_AFTER_HEADING
from configurator.core.view.words import words
from configurator.report.summary import build_summary
from configurator.report.summary_bill import rent_chart
from configurator.report.summary_money import ranked_option

QUESTION = ("recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--concurrency", "200", "--tpot-ms",
            "50", "--region", "cn")
TRAINING = ("recommend", "--workload", "finetune", "--model", "llama3-70b", "--tokens", "2B", "--deadline", "48h",
            "--budget-basis", "rent")
"""persona50b #13: 256 × Tesla V100 SXM2 16GB in a rent ranking of a BF16 fine-tune (tests/test_buyer51_rankings.py)."""


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module")
def without_energy(catalog):
    """The 910C server's recommendation at 500 万元, its total without energy."""
    result = recommend(question_scenario((*QUESTION, "--limit", "3", "--budget", "500万元"), catalog), catalog)
    first = result.ranked[0]
    assert first.card.id == "ascend-910c-a3-server" and first.reasons[0].id == "total-excludes-energy"
    return result, first


def test_rent_against_a_total_without_energy_gives_no_break_even(without_energy):
    result, first = without_energy
    cost = ownership_cost(first.estimate, result.book)
    assert cost.ownership.energy_per_year is None and cost.no_break_even == NO_ENERGY
    said = rent_or_buy(first.estimate, cost)
    assert said.id == "rent-or-buy-no-energy"
    assert "buying" in said.text and "without energy" in said.text and "pays off above" not in said.text
    assert "不含电费" in said.text_in("zh_CN") and "高于" not in said.text_in("zh_CN")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_summary_declines_the_break_even_and_the_rent_chart(without_energy, catalog, language):
    result, first = without_energy
    summary = build_summary(first.estimate, catalog, language, recommended=True)
    tco = next(t for t in summary.tables if t.key == "tco")
    w = words(language)
    break_even = next(row for row in tco.rows if row[0] == w.label("Break-even utilisation"))
    assert break_even[1] == w.label(NO_ENERGY) != NO_PURCHASE_PRICE and tco.image is None
    option = ranked_option(first.estimate, Objective.TCO, result.book)
    assert rent_chart(first.estimate, option, w) is None


@pytest.mark.parametrize(("language", "said"), [("en", "the energy (no board power)"), ("zh_CN", "不含电费")])
def test_the_heading_over_a_total_without_energy_names_the_energy(language, said):
    """At 1,000 万元 48 × Ascend 910B ranks first; with one row listed, the 910C server follows under the heading,
    which named only "an item without a price" until buyer51b."""
    text = cli_text(*QUESTION, "--budget", "1000万元", "--limit", "1", "--lang", language)
    heading = words(language).label(RANKED_AFTER_HEADING)
    assert said in heading and heading in text
    assert text.index(heading) < text.index("910C")


@pytest.mark.parametrize(("language", "said"), [("en", "No BF16 on Tesla V100 SXM2 16GB"),
                                                 ("zh_CN", "Tesla V100 SXM2 16GB 不支持 BF16")])
def test_the_summary_alternatives_carry_the_precision_warning(catalog, language, said):
    filters = Filters(cards=("v100-sxm-16gb", "mi300x", "h100-sxm"))
    result = recommend(question_scenario(TRAINING, catalog), catalog, Objective.CLOUD, filters)
    assert result.best.card.id != "v100-sxm-16gb"
    summary = build_summary(result.best.estimate, catalog, language, objective=Objective.CLOUD, filters=filters,
                            recommended=True)
    alternatives = next(t for t in summary.tables if t.key == "alternatives")
    assert any("Tesla V100 SXM2 16GB" in row[1] for row in alternatives.rows)
    assert alternatives.note.count(said) == 1


def test_no_reason_says_a_tco_cannot_be_counted_for_want_of_a_board_power():
    assert all("no-power-tco" not in catalogue for catalogue in CATALOGUES.values())


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_bill_panel_declines_the_break_even_in_both_languages(qtbot, without_energy, catalog, language):
    from configurator.app.bom_panel import BomPanel
    from configurator.app.controller import ScenarioController
    from configurator.app.i18n import language_for_a_while

    _, first = without_energy
    with language_for_a_while(language):
        controller = ScenarioController(catalog, first.estimate.scenario)
        controller.recompute()
        qtbot.waitUntil(lambda: controller.analysis is not None, timeout=60_000)
        panel = BomPanel(controller)
        qtbot.addWidget(panel)
        panel.update_from(controller.analysis)
        values = [panel.money.item(row, 1).text() for row in range(panel.money.rowCount())]
        assert words(language).label(NO_ENERGY) in values and not panel.break_even.isVisible()
        assert len(panel.own_curve.getData()[0] or ()) == 0
