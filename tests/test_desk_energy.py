"""At the users' desks (``--local-display``) the energy counts the cards alone: no sourced figure for a
deskside workstation without its card is on file, so its own power is unknown and not counted (until
December 2026 a rack server's 930 W was counted for each desk, "no workstation figure on file"); the
assumptions row says so in both languages. Off the desks the servers' own power is still counted."""

from __future__ import annotations

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_catalog
from configurator.core.desks import OFFICE_PUE, applied_pue
from configurator.core.estimate import estimate
from configurator.core.scenario import updated
from configurator.core.view.assumptions_view import assumptions_section
from configurator.core.view.rows import label, write

DESKS = ["--workload", "vdi", "--users", "4", "--user-class", "designer", "--card", "rtx-a6000", "--count", "4"]
"""4 designers on 4 × RTX A6000 (300 W each)."""


def _estimate(*more: str):
    catalog = load_catalog()
    scenario = scenario_from_args(build_parser().parse_args(["estimate", *DESKS, *more]), catalog)
    return estimate(scenario, catalog.get("rtx-a6000"))


def test_at_desks_the_power_is_the_cards_alone_in_an_office_without_pue():
    est = _estimate("--local-display")
    e = est.scenario.economics
    assert e.pue > 1.0 and applied_pue(est.scenario) == OFFICE_PUE == 1.0
    assert est.power.board_watts == pytest.approx(1200.0)
    assert est.power.facility_watts == pytest.approx(1200.0 * e.power_fraction)  # 960 W; 1,478 W with PUE 1.54


def test_off_desks_the_servers_own_power_and_the_pue_still_count():
    est = _estimate()
    e = est.scenario.economics
    assert applied_pue(est.scenario) == e.pue
    assert est.power.facility_watts > 1200.0 * e.power_fraction * e.pue * 1.1


def test_at_desks_the_yearly_energy_of_the_tco_takes_no_pue():
    from configurator.core.procurement.deployment import deployment_cost

    desks, remote = _estimate("--local-display"), _estimate("--pue", "1.3")
    e = desks.scenario.economics
    own = deployment_cost(desks).ownership
    assert own.energy_per_year == pytest.approx(1.2 * e.power_fraction * 8766 * e.utilisation * e.electricity_per_kwh)
    held = deployment_cost(remote)
    assert held.ownership.energy_per_year == pytest.approx(
        held.bom.it_kw * e.power_fraction * 1.3 * 8766 * e.utilisation * e.electricity_per_kwh)


def test_at_desks_a_pue_typed_in_changes_nothing():
    assert _estimate("--local-display", "--pue", "2.0").power.facility_watts == \
        pytest.approx(_estimate("--local-display").power.facility_watts)


@pytest.mark.parametrize(("language", "said", "site"), [
    ("en", "office: no facility overhead (PUE) applied", "Site"),
    ("zh_CN", "办公室：不计机房附加能耗（PUE）", "场所")])
def test_the_assumptions_say_no_pue_is_applied_at_the_desks(language, said, site):
    rows = {r.key: r for r in assumptions_section(_estimate("--local-display")).rows}
    assert write(rows["facility"].value, language).startswith(said)
    assert label(rows["facility"].label, language) == site
    remote = {r.key: r for r in assumptions_section(_estimate()).rows}
    assert write(remote["facility"].value, language).startswith("PUE 1.54")  # a data hall's, as before


@pytest.mark.parametrize(("language", "said"), [
    ("en", "not counted: no figure on file for a workstation without its card"),
    ("zh_CN", "未计入：无不含加速卡的工作站功耗数据")])
def test_the_assumptions_row_says_the_workstation_power_is_not_counted(language, said):
    rows = {r.key: r for r in assumptions_section(_estimate("--local-display")).rows}
    assert said in write(rows["host_watts"].value, language)
    assert label(rows["host_watts"].label, language) == {"en": "Workstation power besides its card",
                                                         "zh_CN": "工作站功耗（不含加速卡）"}[language]


# ---- no cloud rent at the desks (procurement/workstations.py without_rent, rent_ranking_refused) ----


def test_at_desks_no_rent_is_offered_and_the_reason_is_said_once():
    est = _estimate("--local-display")
    assert est.costs.cloud is None and est.costs.basis == "ownership" and est.costs.per_unit is not None
    assert [m.id for m in est.messages].count("desks-no-rent") == 1
    assert _estimate().costs.basis == "cloud"  # off the desks the rent is still the estimate's basis


@pytest.mark.parametrize(("language", "said"), [("en", "Desks cannot be ranked by cloud rent"),
                                                ("zh_CN", "工位方案无法按云租用价格排名")])
def test_ranking_desks_by_rent_ranks_nothing_and_says_why(language, said):
    from configurator.core.recommend import Objective, recommend
    from configurator.report.text import recommendation_table

    catalog = load_catalog()
    scenario = _estimate("--local-display").scenario
    result = recommend(scenario, catalog, Objective.CLOUD)
    assert not result.ranked and not result.unpriced and not result.below_line
    assert result.not_ranked is not None and result.left_out["rtx-a6000"].id == "desks-not-ranked-by-rent"
    text = recommendation_table(result, language)
    assert said in text and "No card meets" not in text and "没有满足" not in text
    assert recommend(scenario, catalog, Objective.TCO).ranked  # by TCO the desks rank


def test_a_power_per_server_is_said_not_checked_at_the_desks():
    catalog = load_catalog()
    card = catalog.get("rtx-a6000")
    desks = updated(_estimate("--local-display").scenario, constraints={"rack_power_kw": 2.0})
    est = estimate(desks, card)
    assert "rack-power" not in {v.id for v in est.verdicts}
    assert [m.id for m in est.messages].count("desks-no-server-power") == 1
    remote = updated(desks, graphics={"local_display": False})
    assert "rack-power" in {v.id for v in estimate(remote, card).verdicts}  # off the desks: checked


def test_the_constraints_left_open_do_not_list_a_power_per_server_at_the_desks():
    from configurator.core.view.constraints_view import unset_constraints

    assert "Power per server" not in unset_constraints(_estimate("--local-display"))
    assert "Power per server" in unset_constraints(_estimate())


# ---- the summary says the office's energy (no PUE) at the desks, the data hall's PUE elsewhere ----


@pytest.mark.parametrize(("language", "energy", "power"), [
    ("en", "Energy (office, no PUE, ", "Power at the desks (average, no PUE)"),
    ("zh_CN", "电力（办公室，不计 PUE，", "工位平均功率（不计 PUE）")])
def test_the_summary_writes_the_office_energy_and_power_without_pue(language, energy, power):
    import json

    from configurator.report.summary import build_summary

    catalog = load_catalog()
    text = json.dumps(build_summary(_estimate("--local-display"), catalog, language),
                      default=lambda o: getattr(o, "__dict__", str(o)), ensure_ascii=False)
    assert energy in text and power in text and "PUE 1.54" not in text
    remote = json.dumps(build_summary(_estimate(), catalog, language),
                        default=lambda o: getattr(o, "__dict__", str(o)), ensure_ascii=False)
    assert "PUE 1.54" in remote and power not in remote


@pytest.mark.parametrize(("language", "said", "target"), [
    ("en", "Power at the desks 0.96 kW (average draw, an office's: no PUE), 0.04 kW within the 1.00 kW power cap",
     "≤ 1,000 W power at the desks (average, no PUE)"),
    ("zh_CN", "工位功率 0.96 kW（平均功耗，办公室：不计 PUE），在 1.00 kW 的功率上限内，余 0.04 kW",
     "工位功率（平均，不计 PUE）≤ 1,000 W")])
def test_a_power_cap_at_the_desks_is_checked_on_their_power_without_pue(language, said, target):
    from configurator.core.view.constraints_view import constraints_columns

    def said_of(est, lang):
        return " ".join(write(part, lang) for row in constraints_columns(est).rows
                        for part in row[1:3]).replace("\u00a0", " ")  # the unit kept on the number's line

    catalog = load_catalog()
    desks = updated(_estimate("--local-display").scenario, constraints={"power_cap_kw": 1.0})
    est = estimate(desks, catalog.get("rtx-a6000"))
    cap = next(v for v in est.verdicts if v.id == "power-cap")
    assert cap.met and cap.actual == pytest.approx(0.96)  # 1.478 kW with the PUE: over the cap until December 2026
    text = said_of(est, language)
    assert said in text and target in text
    remote = estimate(updated(desks, graphics={"local_display": False}), catalog.get("rtx-a6000"))
    assert "PUE included" in said_of(remote, "en")


@pytest.mark.parametrize(("language", "axis"), [("en", "Power at the desks [kW]"), ("zh_CN", "工位功率 [kW]")])
def test_the_scaling_chart_names_the_desks_power_not_a_facility(language, axis):
    from configurator.core.view.family_view import view_for

    desks, remote = view_for(_estimate("--local-display").scenario), view_for(_estimate().scenario)
    assert label(desks.charts.second_axis, language) == axis
    assert remote.charts.second_axis == "Facility power [kW]" and desks.family == remote.family == "desktops"
