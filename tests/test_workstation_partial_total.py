"""Local-display desktops are ranked on their priced part (wsprice, session 43): the deskside workstation has no
sourced price (``workstation-1gpu`` null), and until December 2026 "--local-display" read "No card meets the
scenario's constraints." with every card listed without a price. Where the workstations are a bill's only lines
without a price, the ranking ranks on the rest and every surface (command line, JSON, summary, the window's
reasons) says the total excludes them; a budget on such a total is never said to be met."""

from __future__ import annotations

import json

import pytest

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.procurement.partial import excluded_message
from configurator.core.procurement.workstations import WORKSTATION_ITEM, workstations_unpriced
from configurator.core.recommend import recommend
from configurator.core.scenario import updated
from configurator.report.summary import build_summary

DESKS = ["--workload", "vdi", "--users", "4", "--user-class", "designer", "--local-display"]
"""The brief's question: 4 designers, their monitors cabled to the card at their desks."""

QUOTE = {"item": WORKSTATION_ITEM, "unit_price": 4000.0, "currency": "USD", "date": "2026-12"}
"""A buyer's quote for the workstation (a test figure, not a price on file)."""


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _scenario(catalog, *more: str):
    return scenario_from_args(build_parser().parse_args(["estimate", *DESKS, "--card", "rtx-a6000", *more]), catalog)


def _run(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def test_the_workstations_alone_unpriced_are_ranked_on_the_rest(catalog):
    cost = deployment_cost(estimate(_scenario(catalog), catalog.get("rtx-a6000")))
    assert not cost.bom.complete and workstations_unpriced(cost.bom) == 1
    assert cost.ranked_per_unit == pytest.approx(cost.tco_per_unit)  # the priced part: cards, energy, support
    result = recommend(_scenario(catalog), catalog)
    assert result.ranked and result.ranked[0].card.id == "rtx-a6000"
    assert all(any(m.id.startswith("total-excludes-workstation") for m in rec.reasons) for rec in result.ranked)


def test_a_quote_completes_the_bill_and_the_note_goes(catalog):
    quoted = updated(_scenario(catalog), economics={"quotes": [QUOTE]})
    bom = deployment_cost(estimate(quoted, catalog.get("rtx-a6000"))).bom
    assert bom.complete and workstations_unpriced(bom) == 0 and excluded_message(bom) is None


@pytest.mark.parametrize(("language", "said"), [("en", "The total excludes 4 workstations (not priced: enter a quote"),
                                                ("zh_CN", "总额不含 4 台工作站（未定价：请为 workstation-1gpu 输入报价）")])
def test_the_command_line_ranks_and_says_it(capsys, language, said):
    out = _run(capsys, "recommend", *DESKS, "--lang", language)
    assert "No card meets" not in out and said in out


def test_the_json_names_what_the_total_excludes(capsys):
    ranked = json.loads(_run(capsys, "recommend", *DESKS, "--json"))["ranked"]
    assert ranked and ranked[0]["excludes"] == {"item": WORKSTATION_ITEM, "count": 4}
    assert ranked[0]["bom"]["complete"] is False
    assert ranked[0]["reason_ids"][0]["id"] == "total-excludes-workstations"


def test_a_budget_on_a_partial_total_cannot_be_confirmed(capsys):
    out = _run(capsys, "recommend", *DESKS, "--budget", "30000")
    assert "RTX A6000" in out.splitlines()[4]  # ranked first, on the priced part
    assert "the budget cannot be confirmed" in out and "within the budget" not in out


@pytest.mark.parametrize(("language", "excluded", "recommended"), [
    ("en", "the total excludes 4 workstations", "the budget cannot be confirmed until the workstations are quoted"),
    ("zh_CN", "总额不含 4 台工作站", "工作站报价之前无法确认是否在预算内")])
def test_the_summary_says_it_on_its_first_page(catalog, language, excluded, recommended):
    budget = updated(_scenario(catalog, "--count", "4"), constraints={"budget": 100_000.0})  # 100,000 USD: the priced part fits
    summary = build_summary(estimate(budget, catalog.get("rtx-a6000")), catalog, "en" if language == "en" else language,
                            recommended=True)
    assert any(excluded in value for value in dict(summary.headline).values())
    text = json.dumps(summary, default=lambda o: getattr(o, "__dict__", str(o)), ensure_ascii=False)
    assert recommended in text and "meets every constraint set." not in text
