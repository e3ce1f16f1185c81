"""Bounds on every number: declared once on the models, named in every refusal and in the help."""

from __future__ import annotations

import json
import math

import pytest
from pydantic import BaseModel, ValidationError

from configurator import cli
from configurator.core import scenario as scenario_module
from configurator.core.bounds import Bounds, error_text, field_at, field_bounds
from configurator.core.scenario import Scenario, updated


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def numeric_fields():
    """(section, field) of every float or int field of the scenario and its parts."""
    for name, info in Scenario.model_fields.items():
        inner = info.annotation
        if isinstance(inner, type) and issubclass(inner, BaseModel):
            for sub, sub_info in inner.model_fields.items():
                if any(t in str(sub_info.annotation) for t in ("float", "int")):
                    yield name, sub
        elif name == "count":
            yield (name,)


@pytest.mark.parametrize("path", list(numeric_fields()), ids=".".join)
def test_every_number_has_a_finite_range(path):
    model, name = field_at(Scenario, path)
    bounds = field_bounds(model, name)
    if model.__name__ == "Graphics" and name == "profile_gib":
        assert bounds.high is not None  # a list of sizes, with bounds around them too
    assert bounds.low is not None and bounds.high is not None, f"{'.'.join(path)} has an open range"
    assert math.isfinite(bounds.low) and math.isfinite(bounds.high)


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan, 1e308, 5e-324, 10**400])
def test_extreme_values_are_refused_with_the_bound(training_scenario, value):
    for path in (("economics", "card_price"), ("graphics", "shading_tflops_per_user"),
                 ("constraints", "deadline_hours"), ("assumptions", "network_gbps_per_card")):
        with pytest.raises(ValidationError) as caught:
            updated(training_scenario, **{path[0]: {path[1]: value}})
        loc, text = error_text(caught.value, Scenario)
        assert loc == path
        bounds = field_bounds(*field_at(Scenario, path))
        assert bounds.text() in text and "outside the range" in text


def test_range_text():
    model, name = field_at(Scenario, ("economics", "card_price"))
    assert field_bounds(model, name).text() == "0.01 to 10⁹ [currency]"
    assert field_bounds(*field_at(Scenario, ("graphics", "fps"))).symbols() == "1 … 240 [1/s]"
    assert field_bounds(*field_at(Scenario, ("count",))).text() == "1 to 1,000,000"


@pytest.mark.parametrize(("argv", "message"), [
    (["estimate", "--card-price", "inf", "--json"], "--card-price: inf is outside the range 0.01 to 10⁹ [USD]"),
    (["estimate", "--workload", "vdi", "--shading", "1e-308"], "--shading: 1e-308 is outside the range 0.001 to"),
    (["estimate", "--usd-rate", "nan"], "--usd-rate: 'nan' is not a number"),
    (["estimate", "--workload", "transcode", "--fps", "0.5"], "--fps: 0.5 is outside the range 1 to 240"),
    (["estimate", "--global-batch", "1e400"], "'1e400' is too large"),
    (["recommend", "--deadline", "9" * 30], "--deadline: 1e+30 is outside the range 0.01 to 87,660 [h]"),
    (["recommend", "--requests-per-s", "1e9", "--workload", "inference"], "--requests-per-s: 1e+09 is outside"),
    (["recommend", "--owned", "h100-sxm:-8"], "--owned: -8 cards is outside the range 1 to 1,000,000 cards"),
    (["recommend", "--owned", "nosuchcard:8"], "--owned: unknown card 'nosuchcard'"),
    (["recommend", "--limit", "-1"], "--limit: between 1 and 10,000, not -1"),
    (["recommend", "--vendor", "Nobody"], "--vendor: no card in the catalog is made by 'Nobody'; vendors: AMD"),
], ids=["inf-price", "tiny-shading", "nan-rate", "slow-fps", "huge-batch", "long-deadline", "huge-load",
        "negative-owned", "unknown-owned", "negative-limit", "unknown-vendor"])
def test_cli_refuses_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_cli_json_is_strict_json(capsys, monkeypatch):
    code, out, _ = run(capsys, "estimate", "--card-price", "1e9", "--json")
    assert code == 0
    json.loads(out, parse_constant=lambda name: pytest.fail(f"{name} in JSON output"))
    stub = {"messages": (), "usable": True, "fits": True, "verdicts": (), "scenario": None}
    monkeypatch.setattr(cli, "estimate", lambda *a: type("E", (), stub)())
    monkeypatch.setattr(cli, "deployment_cost", lambda est: None)
    monkeypatch.setattr(cli, "estimate_load_note", lambda est: None)
    monkeypatch.setattr("configurator.core.fit_suggestions.what_would_fit", lambda *a: ())  # the stub has no job
    monkeypatch.setattr("configurator.core.mismatch.mismatch", lambda *a: None)  # nor a scenario to check
    monkeypatch.setattr(cli, "with_slow_end_asked", lambda est: est)  # nor a deadline's slow end to search
    monkeypatch.setattr(cli, "estimate_to_dict", lambda est, cost: {"x": math.inf})
    code, out, err = run(capsys, "estimate", "--json")
    assert code == 2 and "Infinity" not in out and "not finite" in err


def test_help_states_the_ranges(capsys):
    with pytest.raises(SystemExit):
        cli.main(["recommend", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "[TFLOP/s]; 0.001 to 1,000" in text  # --shading: the unit is not repeated
    assert "0.01 to 87,660 [h]" in text  # --deadline
    assert "purchase price per card (a multi-GPU board such as the A16: per board); 0.01 to 10⁹ [currency]" in text


def test_editor_refuses_with_the_bound_and_tooltip_states_it(qtbot):
    from configurator.app.controller import ScenarioController
    from configurator.app.editor import ScenarioEditor
    from configurator.app.main import default_scenario
    from configurator.core.catalog import load_catalog

    controller = ScenarioController(load_catalog(), default_scenario())
    editor = ScenarioEditor(controller)
    qtbot.addWidget(editor)
    before = controller.scenario
    assert not controller.apply("economics.card_price", math.inf)
    assert "economics.card_price: inf is outside the range 0.01 to 10⁹ [currency]" in editor.error_label.text()
    assert controller.scenario == before
    assert "Accepted range: 0.001 … 1,000 TFLOP/s" in editor.shading.toolTip()
    assert "Accepted range: 1 … 240 fps" in editor.fps.toolTip()
    assert "Accepted range: 0.001 … 1,000,000 B tokens" in editor.tokens.toolTip()  # in the widget's units
    assert "Accepted range: 1 … 100 %" in editor.matmul.toolTip()


def test_the_models_refuse_non_finite_numbers():
    for model in (scenario_module.Economics, scenario_module.Assumptions, scenario_module.Graphics):
        assert model.model_config.get("allow_inf_nan") is False


def test_a_range_in_a_scaled_unit_groups_its_whole_numbers():
    """The zh token box's tooltip read "0.01 … 1e7 亿词元" until December 2026: a box's range in a unit of a
    scale is written grouped; a field's own range keeps its power of ten."""
    in_yi = Bounds(low=0.01, high=1e7, unit="亿词元")
    assert in_yi.symbols(grouped=True) == "0.01 … 10,000,000 亿词元"
    assert in_yi.symbols() == "0.01 … 10⁷ 亿词元"
    assert Bounds(low=0, high=1e9, low_inclusive=False).symbols() == "> 0 … 10⁹"
