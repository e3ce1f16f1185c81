"""A rented bill the housing rule refuses is priced for buying nowhere (refusedbill51): 48 × RTX PRO 6000 Blackwell
Workstation Edition rented (``--budget-basis rent``) cannot be built in rack servers, yet the summary's cost section
read its capex, TCO (882,475 USD), break-even (28 %), "renting costs more from month 18" and rent chart, the window's
bill panel the same break-even, and ``--json`` the break-evens, beside "cannot be built" on the first page."""

from __future__ import annotations

import json

import pytest

from configurator.app.bom_panel import BomPanel
from configurator.app.controller import ScenarioController
from configurator.app.i18n import language_for_a_while
from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.estimate import estimate
from configurator.core.procurement.prices import price_book_for
from configurator.core.recommend import Objective
from configurator.core.recommend_costs import rented_not_bought
from configurator.report.language import Words
from configurator.report.summary_bill import rent_chart, tco_table
from configurator.report.summary_money import ranked_option

RENTED = ["--workload", "render", "--frames", "20000", "--deadline", "24h", "--card", "rtx-pro-6000-blackwell",
          "--count", "48", "--budget-basis", "rent"]
"""The render farm's 48 Workstation Edition boards, rented: a bill the housing rule refuses when bought."""


def _rented(catalog, card: str = "rtx-pro-6000-blackwell"):
    args = build_parser().parse_args(["estimate", *RENTED[:7], card, *RENTED[8:]])
    return estimate(with_constraints(scenario_from_args(args, catalog), args), catalog.get(card))


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_summary_cost_section_prices_no_refused_purchase(catalog, language):
    w = Words(language)
    est = _rented(catalog)
    assert rented_not_bought(est) is not None
    mine = ranked_option(est, Objective.CLOUD, price_book_for(est.scenario.economics))
    table = tco_table(est, mine, w)
    rows = dict(table.rows)
    assert rows[w("Buying instead")].startswith(w("cannot be built: {why}", why="")[:4])
    assert w("Capex") not in rows and w("Break-even utilisation") not in rows
    assert w("Renting costs more than buying and running") not in rows and w("Rented and bought") not in rows
    assert table.image is None and rent_chart(est, mine, w) is None
    # the rack-server edition can be built: its comparison stays
    server = _rented(catalog, "rtx-pro-6000-blackwell-server")
    theirs = ranked_option(server, Objective.CLOUD, price_book_for(server.scenario.economics))
    assert w("Break-even utilisation") in dict(tco_table(server, theirs, w).rows)
    assert rent_chart(server, theirs, w) is not None


def test_the_summary_says_no_capex_tco_or_break_even_of_the_refused_bill(tmp_path):
    out = tmp_path / "summary.md"
    assert main(["report", *RENTED, "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "882,475" not in text and "Break-even" not in text and "from month" not in text
    assert "| Capex (sum of the priced purchases) |  |  | cannot be built |" in text
    row = next(line for line in text.splitlines() if "(your choice)" in line)
    assert "| cannot be built | cannot be built |" in row, row  # the alternatives' row of the choice


def test_the_json_says_buying_is_refused_and_has_no_break_even(capsys):
    assert main(["estimate", *RENTED, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["buying_refused"]["id"] == "housing-not-met"
    assert document["bom"]["break_even_utilisation"] is None
    assert document["bom"]["rent_against_buy"]["break_even_utilisation"] is None
    assert document["bom"]["rent_against_buy"]["rent_per_year"] > 0
    assert document["cost"]["job_alone"] is None  # its cards and servers bought for the job: never built
    assert main(["estimate", *RENTED[:7], "rtx-pro-6000-blackwell-server", "--count", "48", "--json"]) == 0
    server = json.loads(capsys.readouterr().out)
    assert server["buying_refused"] is None and server["bom"]["break_even_utilisation"] > 0


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_bill_panel_shows_no_break_even_for_the_refused_bill(qtbot, catalog, language):
    w = Words(language)
    with language_for_a_while(language):
        controller = ScenarioController(catalog, _rented(catalog).scenario)
        controller.recompute()
        qtbot.waitUntil(lambda: controller.analysis is not None, timeout=60_000)
        panel = BomPanel(controller)
        qtbot.addWidget(panel)
        panel.update_from(controller.analysis)
        rows = {panel.money.item(row, 0).text(): panel.money.item(row, 1).text()
                for row in range(panel.money.rowCount())}
        assert rows[w("Buying instead")].startswith(w("cannot be built: {why}", why=""))
        assert len(rows) == 3 and "882,475 USD" not in rows.values()  # the refused bill's TCO: no row
        assert panel.headline.text() == w("Buying instead: {what}", what=w("cannot be built"))
        assert not panel.break_even.isVisible() and not panel.own_curve.getData()[0]
