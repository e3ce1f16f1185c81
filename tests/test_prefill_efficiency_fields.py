"""The efficiency fields after the prompt's own share (session 48): no help text repeats a default, the
serving steps' share (``prefill_efficiency``) is edited beside the prompt's, and an older file's serving-step
setting reaches its time to first token as ``core/scenario_migrate.py`` (version 5 → 6) says."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from configurator.core.architecture import preset
from configurator.core.fields import FIELDS, BY_PATH
from configurator.core.formulas.efficiency import PREFILL_EFFICIENCY, PROMPT_EFFICIENCY
from configurator.core.scenario import Scenario
from configurator.core.scenario_io import read_scenario, scenario_from_document, scenario_to_document
from configurator.core.scenario_migrate import OLD_PREFILL_DEFAULTS, carried_prompt_efficiency

PATH = "assumptions.prefill_efficiency"
EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "serve-llama3-70b.gpuconf.json"
_QUOTED_DEFAULT = re.compile(r"default[^.;:{]{0,12}?\d", re.IGNORECASE)
"""'default 70 %', 'defaults to 8': a number written beside the word, not read from the model."""


def test_no_help_text_writes_a_default_number():
    for entry in FIELDS:
        if entry.help is not None:
            assert not _QUOTED_DEFAULT.search(entry.help.source), entry.path


@pytest.mark.parametrize("entry", [f for f in FIELDS if f.help is not None and "{default}" in f.help.source],
                         ids=lambda f: f.path)
def test_a_help_text_names_its_fields_default_as_the_model_holds_it(entry):
    from configurator.app.field_help import default_shown, field_help

    model, name = entry.model_field
    said = default_shown(entry.path)
    assert said and f"{model.model_fields[name].default / entry.scale:g}" in said.replace(",", "")
    assert said in field_help(entry.path) and "{default}" not in field_help(entry.path)


def test_the_matrix_efficiency_help_says_the_fitted_default():
    from configurator.app.field_help import field_help

    assert "(default 76.7 %)" in field_help("assumptions.matmul_efficiency")
    assert "70 %" not in field_help("assumptions.matmul_efficiency")


def test_the_serving_step_share_is_declared_with_its_rule():
    entry = BY_PATH[PATH]
    assert entry.suffix.source.strip() == "%" and entry.scale == pytest.approx(0.01)
    assert "SERVING_EFFICIENCY_RULE" in entry.help.source and "{default}" in entry.help.source


def test_the_editor_sets_it_for_ai_work_only(qtbot, window):
    from configurator.app.field_help import field_help, field_range, row_label

    editor = window.editor
    assert window.controller.apply("workload", "inference")
    assert editor.step_eff.isVisibleTo(window) and editor.step_eff.suffix().strip() == "%"
    assert field_range(PATH).low == pytest.approx(0.01) and field_range(PATH).high == pytest.approx(1)
    assert row_label(PATH) == "Serving-step efficiency" and "95.8 %" in field_help(PATH)
    editor.step_eff.setValue(80.0)
    assert window.controller.scenario.assumptions.prefill_efficiency == pytest.approx(0.80)
    assert window.controller.scenario.assumptions.prompt_efficiency == pytest.approx(PROMPT_EFFICIENCY)
    assert window.controller.apply("workload", "render")
    assert not editor.step_eff.isVisibleTo(window)


def _old(prefill: float, workload: str = "inference", version: int = 5) -> dict:
    scenario = Scenario(model=preset("llama3-8b"), workload=workload, card_id="l40s", count=1,
                        assumptions={"prefill_efficiency": prefill})
    document = scenario_to_document(scenario)
    del document["scenario"]["assumptions"]["prompt_efficiency"]  # written before the prompt had its own share
    document["version"] = document["scenario"]["schema_version"] = version
    return document


def test_the_example_files_own_value_reaches_its_first_token():
    notes = []
    opened = read_scenario(EXAMPLE, notes)
    assert json.loads(EXAMPLE.read_text(encoding="utf-8"))["scenario"]["assumptions"]["prefill_efficiency"] == 0.55
    assert opened.assumptions.prefill_efficiency == pytest.approx(0.55)  # the serving steps keep the file's value
    assert opened.assumptions.prompt_efficiency == pytest.approx(0.481)  # 0.55 × 0.837 / 0.958 (0.486 before 49)
    (said,) = [n for n in notes if n.id == "scenario-prefill-carried"]
    assert "55.0\xa0%" in said.text_in("en") and "48.1\xa0%" in said.text_in("en")
    assert "服务步效率设为 55.0%" in said.text_in("zh_CN")
    assert "提示预填充效率 48.1%" in said.text_in("zh_CN")


def test_a_users_own_value_is_carried_to_the_prompt_at_the_defaults_ratio():
    notes = []
    opened = scenario_from_document(_old(0.6), notes)
    assert opened.assumptions.prefill_efficiency == pytest.approx(0.6)
    assert opened.assumptions.prompt_efficiency == pytest.approx(0.524)  # 0.6 × 0.837 / 0.958 (0.530 until session 49)
    assert carried_prompt_efficiency(0.6) == pytest.approx(round(0.6 * PROMPT_EFFICIENCY / PREFILL_EFFICIENCY, 3))
    (said,) = [n for n in notes if n.id == "scenario-prefill-carried"]
    assert "60.0\xa0%" in said.text_in("en") and "52.4\xa0%" in said.text_in("en")
    assert "52.4%" in said.text_in("zh_CN") and " %" not in said.text_in("zh_CN")


def test_a_shape_rate_default_a_file_carried_leaves_the_prompt_at_todays():
    for value in OLD_PREFILL_DEFAULTS:
        notes = []
        opened = scenario_from_document(_old(value), notes)
        assert opened.assumptions.prefill_efficiency == pytest.approx(value)
        assert opened.assumptions.prompt_efficiency == pytest.approx(PROMPT_EFFICIENCY) and not notes


def test_a_file_with_its_prompt_share_or_of_this_version_keeps_both_values():
    document = _old(0.6)
    document["scenario"]["assumptions"]["prompt_efficiency"] = 0.7
    assert scenario_from_document(document).assumptions.prompt_efficiency == pytest.approx(0.7)
    current = _old(0.6, version=6)  # hand-written today: the steps' share alone, the prompt's default
    assert scenario_from_document(current).assumptions.prompt_efficiency == pytest.approx(PROMPT_EFFICIENCY)


def test_training_files_migrate_without_a_note():
    notes = []
    opened = scenario_from_document(_old(0.6, workload="pretrain"), notes)
    assert opened.assumptions.prompt_efficiency == pytest.approx(0.524) and not notes


def test_the_window_says_the_carried_value_on_open(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from configurator.app.main import build_main_window

    path = tmp_path / "old.gpuconf.json"
    path.write_text(json.dumps(_old(0.6)), encoding="utf-8")
    window = build_main_window(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert window.open_path(path)
    assert window.controller.scenario.assumptions.prompt_efficiency == pytest.approx(0.524)
    assert "52.4\xa0%" in window.statusBar().currentMessage()
    assert window.editor.prompt_eff.value() == pytest.approx(52.4)
