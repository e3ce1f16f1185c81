"""At the users' desks (``--local-display``) the energy counts the cards alone: no sourced figure for a
deskside workstation without its card is on file, so its own power is unknown and not counted (until
December 2026 a rack server's 930 W was counted for each desk, "no workstation figure on file"); the
assumptions row says so in both languages. Off the desks the servers' own power is still counted."""

from __future__ import annotations

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.view.assumptions_view import assumptions_section
from configurator.core.view.rows import label, write

DESKS = ["--workload", "vdi", "--users", "4", "--user-class", "designer", "--card", "rtx-a6000", "--count", "4"]
"""4 designers on 4 × RTX A6000 (300 W each)."""


def _estimate(*more: str):
    catalog = load_catalog()
    scenario = scenario_from_args(build_parser().parse_args(["estimate", *DESKS, *more]), catalog)
    return estimate(scenario, catalog.get("rtx-a6000"))


def test_at_desks_the_facility_power_is_the_cards_alone():
    est = _estimate("--local-display")
    e = est.scenario.economics
    assert est.power.board_watts == pytest.approx(1200.0)
    assert est.power.facility_watts == pytest.approx(1200.0 * e.power_fraction * e.pue)


def test_off_desks_the_servers_own_power_still_counts():
    est = _estimate()
    e = est.scenario.economics
    assert est.power.facility_watts > 1200.0 * e.power_fraction * e.pue * 1.1


@pytest.mark.parametrize(("language", "said"), [
    ("en", "not counted: no figure on file for a workstation without its card"),
    ("zh_CN", "未计入：无不含加速卡的工作站功耗数据")])
def test_the_assumptions_row_says_the_workstation_power_is_not_counted(language, said):
    rows = {r.key: r for r in assumptions_section(_estimate("--local-display")).rows}
    assert said in write(rows["host_watts"].value, language)
    assert label(rows["host_watts"].label, language) == {"en": "Workstation power besides its card",
                                                         "zh_CN": "工作站功耗（不含加速卡）"}[language]
