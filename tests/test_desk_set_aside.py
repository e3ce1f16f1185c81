"""At the users' desks (``--local-display``) what a scenario sets for a data hall is left out and said so, once,
on every surface the estimate's warnings reach (the command line's, the JSON's, the window's, the summary's):
a PUE typed in is not applied (until December 2026 ``--pue 1.6 --local-display`` dropped its 1.6 unsaid), and a
colocation price from a scenario file is not charged (until then it was charged on the desks' cards)."""

from __future__ import annotations

import json

import pytest

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_catalog
from configurator.core.desks import applied_colocation, colocation_set_aside, pue_set_aside
from configurator.core.estimate import estimate
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import updated

DESKS = ["--workload", "vdi", "--users", "4", "--user-class", "designer", "--card", "rtx-a6000", "--count", "4"]
"""4 designers on 4 × RTX A6000 (300 W each)."""

COLOCATION = 150.0
"""A colocation price as a scenario file sets it [USD per kW-month] (no flag sets it)."""


def _estimate(*more: str, colocation: float | None = None):
    catalog = load_catalog()
    scenario = scenario_from_args(build_parser().parse_args(["estimate", *DESKS, *more]), catalog)
    if colocation is not None:
        scenario = updated(scenario, economics={"colocation_per_kw_month": colocation})
    return estimate(scenario, catalog.get("rtx-a6000"))


def _ids(est) -> set[str]:
    return {m.id for m in est.messages}


def test_a_pue_typed_in_at_the_desks_is_said_not_applied():
    est = _estimate("--local-display", "--pue", "1.6")
    assert pue_set_aside(est.scenario) == 1.6
    said = next(m for m in est.messages if m.id == "desks-pue-not-applied")
    assert said.text.startswith("PUE 1.6 not applied: the cards are under office desks")
    assert said.text_in("zh_CN").startswith("未计入 PUE 1.6：加速卡在办公室工位下")


def test_the_default_pue_at_the_desks_and_any_pue_off_them_say_nothing():
    assert "desks-pue-not-applied" not in _ids(_estimate("--local-display"))  # the facility row says it already
    assert "desks-pue-not-applied" not in _ids(_estimate("--pue", "1.6"))  # applied in a data hall


def test_a_colocation_price_is_not_charged_at_the_desks_and_said_so():
    desks = _estimate("--local-display", colocation=COLOCATION)
    assert applied_colocation(desks.scenario) is None and colocation_set_aside(desks.scenario) == COLOCATION
    assert deployment_cost(desks).ownership.colocation_per_year == 0.0
    said = next(m for m in desks.messages if m.id == "desks-no-colocation")
    assert said.text.startswith("Colocation (150 USD per kW-month) not charged: the cards are under office desks")
    assert said.text_in("zh_CN").startswith("不计机房托管费（每 kW·月 150 USD）")


def test_off_the_desks_colocation_is_still_charged_on_the_it_load():
    remote = _estimate(colocation=COLOCATION)
    held = deployment_cost(remote)
    assert held.ownership.colocation_per_year == pytest.approx(COLOCATION * held.bom.it_kw * 12)
    assert "desks-no-colocation" not in _ids(remote)


@pytest.mark.parametrize(("language", "said"), [
    ("en", "PUE 1.6 not applied: the cards are under office desks"),
    ("zh_CN", "未计入 PUE 1.6：加速卡在办公室工位下")])
def test_the_command_line_says_the_pue_is_not_applied(capsys, language, said):
    assert main(["estimate", *DESKS, "--local-display", "--pue", "1.6", "--lang", language]) == 0
    assert said in capsys.readouterr().out


def test_the_json_lists_the_note_among_the_warnings(capsys):
    assert main(["estimate", *DESKS, "--local-display", "--pue", "1.6", "--json"]) == 0
    assert "desks-pue-not-applied" in [m["id"] for m in json.loads(capsys.readouterr().out)["warning_ids"]]


def test_the_ranking_says_it_among_the_warnings_on_the_first(capsys):
    assert main(["recommend", "--workload", "vdi", "--users", "30", "--user-class", "designer", "--local-display",
                 "--pue", "1.6"]) == 0
    out = capsys.readouterr().out
    assert "Warnings on the first:" in out and "PUE 1.6 not applied" in out


def test_the_window_lists_the_note_among_the_warnings(qtbot, window):
    c = window.controller
    c.apply_many({"workload": "vdi", "card_id": "rtx-a6000", "count": 4, "graphics.users": 4,
                  "graphics.local_display": True, "economics.pue": 1.6})
    c.recompute()
    said = [window.results.warnings.item(i).text() for i in range(window.results.warnings.count())]
    assert any(text.startswith("PUE 1.6 not applied: the cards are under office desks") for text in said)


@pytest.mark.parametrize(("language", "said"), [
    ("en", "PUE 1.6 not applied: the cards are under office desks"),
    ("zh_CN", "未计入 PUE 1.6：加速卡在办公室工位下")])
def test_the_summary_says_it_among_its_warnings(tmp_path, capsys, language, said):
    out = tmp_path / "summary.md"
    assert main(["report", "-o", str(out), *DESKS, "--local-display", "--pue", "1.6", "--lang", language]) == 0
    assert said in out.read_text(encoding="utf-8")
