"""What a deskside workstation's and the desks' cost labels say (ws44, session 44). The TCO per unit names the
bill it sums where the cards are in an office (:func:`~configurator.core.procurement.host.in_office`): "cards,
workstations, power, support" for ``--card rtx-4090 --count 2`` (until December 2026 "cards, servers, network"),
its job's pace kept. The bill panel's cost per unit is per the work's own unit, as the summary names it: "Cost per
user-month" for virtual desktops (until December 2026 "TCO per million tokens" stood there, beside the
user-month's row)."""

from __future__ import annotations

import pytest

from configurator.app.bom_panel import BomPanel
from configurator.app.controller import ScenarioController
from configurator.app.i18n import language_for_a_while
from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.estimate import estimate
from configurator.report.language import Words
from configurator.report.summary_money import per_unit_name

LORA = ["--workload", "lora", "--model", "qwen2.5-7b", "--card", "rtx-4090"]
DESKS = ["--workload", "vdi", "--users", "4", "--user-class", "designer", "--card", "rtx-a6000", "--count", "4",
         "--local-display"]


def _estimate(catalog, *argv: str):
    args = build_parser().parse_args(["estimate", *argv])
    scenario = scenario_from_args(args, catalog)
    return estimate(scenario, catalog.get(scenario.card_id))


@pytest.mark.parametrize(("language", "office", "servers"), [
    ("en", "cards, workstations, power, support", "cards, servers, network"),
    ("zh_CN", "加速卡、工作站、电力、维保", "加速卡、服务器、网络")])
def test_the_tco_names_the_workstation_bill_and_keeps_the_pace(catalog, language, office, servers):
    w = Words(language)
    two, three = (per_unit_name(_estimate(catalog, *LORA, "--count", str(n)), w) for n in (2, 3))
    assert office in two and servers not in two
    assert servers in three
    assert two.split("—")[-1] == three.split("—")[-1]  # "over 4 years, if the cards train at this pace …" kept


@pytest.mark.parametrize(("language", "per_unit", "tokens"), [
    ("en", "Cost per user-month", "TCO per million tokens"), ("zh_CN", "每用户·月成本", "每百万词元总拥有成本")])
def test_the_bill_panel_names_the_desktops_cost_per_user_month(qtbot, catalog, language, per_unit, tokens):
    with language_for_a_while(language):
        controller = ScenarioController(catalog, _estimate(catalog, *DESKS).scenario)
        controller.recompute()
        qtbot.waitUntil(lambda: controller.analysis is not None, timeout=60_000)
        panel = BomPanel(controller)
        qtbot.addWidget(panel)
        panel.update_from(controller.analysis)
        rows = {panel.money.item(r, 0).text(): panel.money.item(r, 0) for r in range(panel.money.rowCount())}
        assert per_unit in rows and tokens not in rows
        assert panel.money.item(list(rows).index(per_unit), 1).text() != "—"
        full = per_unit_name(controller.analysis.estimate, Words(language))
        assert rows[per_unit].toolTip() == full  # the summary's words in full
