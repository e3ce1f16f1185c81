"""A desktop user class's starting shading load, one rule for the command line, the window's editor and
the wizard (persona check, session 39): ``--user-class designer`` read 0.25 TFLOP/s per user (the office
desktop's) and only warned that 2 is typical, while the wizard's designer read 2. A load the user gave is
kept."""

from __future__ import annotations

import json

import pytest

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args
from configurator.core.architecture import preset
from configurator.core.formulas.graphics import DESKTOP_CLASS_LOAD_TFLOPS
from configurator.core.scenario import Graphics, Scenario, updated
from configurator.core.scenario_io import write_scenario
from configurator.core.workloads.job_defaults import class_load, with_class_load


def _graphics(catalog, *extra: str) -> Graphics:
    args = build_parser().parse_args(["estimate", "--workload", "vdi", "--users", "100", "--card", "l40s", *extra])
    return scenario_from_args(args, catalog).graphics


@pytest.mark.parametrize("user_class", ["knowledge", "power", "designer", "heavy"])
def test_the_command_line_starts_each_class_at_its_load(catalog, user_class):
    g = _graphics(catalog, "--user-class", user_class)
    assert g.user_class == user_class and g.shading_tflops_per_user == DESKTOP_CLASS_LOAD_TFLOPS[user_class]


def test_a_load_given_on_the_command_line_is_kept(catalog):
    assert _graphics(catalog, "--user-class", "designer", "--shading", "1").shading_tflops_per_user == 1.0
    assert _graphics(catalog, "--user-class", "designer", "--shading", "0.25").shading_tflops_per_user == 0.25


def test_a_files_own_load_is_kept_and_its_class_start_moves(catalog, tmp_path):
    """A file's designer at a custom 1.3 switched to heavy keeps 1.3; one at the designer's 2 reads 6."""
    base = Scenario(model=preset("llama3-8b"), workload="vdi", card_id="l40s", graphics={"user_class": "designer",
                                                              "shading_tflops_per_user": 1.3})
    custom = tmp_path / "custom.json"
    write_scenario(custom, base)
    start = tmp_path / "start.json"
    write_scenario(start, updated(base, graphics={"shading_tflops_per_user": 2.0}))
    for path, load in ((custom, 1.3), (start, 6.0)):
        args = build_parser().parse_args(["estimate", "--scenario", str(path), "--user-class", "heavy"])
        assert scenario_from_args(args, catalog).graphics.shading_tflops_per_user == load


def test_the_rule_moves_only_a_load_left_at_the_class_start():
    before = Scenario(model=preset("llama3-8b"), workload="vdi", card_id="l40s")
    designer = updated(before, graphics={"user_class": "designer"})
    assert with_class_load(designer, before.graphics).graphics.shading_tflops_per_user == class_load("designer") == 2.0
    assert with_class_load(designer, before.graphics, typed=True).graphics.shading_tflops_per_user == 0.25
    tuned = updated(before, graphics={"shading_tflops_per_user": 0.4})
    assert with_class_load(updated(tuned, graphics={"user_class": "designer"}), tuned.graphics) \
        .graphics.shading_tflops_per_user == 0.4


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_a_designer_on_the_command_line_is_not_warned_about_the_office_load(capsys, lang):
    code = main(["estimate", "--workload", "vdi", "--users", "100", "--user-class", "designer", "--card", "l40s",
                 "--count", "4", "--lang", lang])
    out = capsys.readouterr().out
    assert code == 0
    assert "office desktop's 0.25" not in out and "办公桌面的 0.25" not in out
    code = main(["estimate", "--workload", "vdi", "--users", "100", "--user-class", "designer", "--card", "l40s",
                 "--count", "4", "--shading", "0.25", "--lang", lang])
    out = capsys.readouterr().out
    said = {"en": "Each designer is counted at an office desktop's 0.25 TFLOP/s",
            "zh_CN": "每位设计人员按办公桌面的 0.25 TFLOP/s"}[lang]
    assert code == 0 and said in out


def test_the_json_answer_carries_the_designers_load(capsys):
    main(["estimate", "--workload", "vdi", "--users", "100", "--user-class", "designer", "--card", "l40s",
          "--count", "4", "--json"])
    assert json.loads(capsys.readouterr().out)["scenario"]["graphics"]["shading_tflops_per_user"] == 2.0


def test_the_editor_moves_the_load_with_the_class_and_keeps_a_typed_one(qtbot, controller):
    assert controller.apply("workload", "vdi")
    assert controller.apply("graphics.user_class", "designer")
    assert controller.scenario.graphics.shading_tflops_per_user == 2.0
    assert controller.apply("graphics.user_class", "heavy")
    assert controller.scenario.graphics.shading_tflops_per_user == 6.0
    assert controller.apply("graphics.shading_tflops_per_user", 3.0)
    assert controller.apply("graphics.user_class", "power")
    assert controller.scenario.graphics.shading_tflops_per_user == 3.0
    controller.wait()
