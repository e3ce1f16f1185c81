"""The field registry (core/fields.py) is the one declaration of each editable field: the undo
labels, the editor's controls, the CLI's flags and the wizard's answers are built from it, and
its ranges are the models' own."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from configurator.core.bounds import field_bounds
from configurator.core.fields import BY_FLAG, BY_PATH, FIELDS, NUMBER_FORMS, Kind, cli_help

TS = Path(__file__).resolve().parents[1] / "resources" / "i18n" / "gpu_configurator_zh_CN.ts"


def test_every_entry_is_a_scenario_field_once():
    assert len(BY_PATH) == len(FIELDS) > 60
    assert len(BY_FLAG) == len([f for f in FIELDS if f.flag])
    for entry in FIELDS:
        model, name = entry.model_field  # raises for a path the scenario lacks
        assert name in model.model_fields
        assert entry.label.context == "ScenarioController" and entry.label.source, entry.path
        assert "_" not in entry.label.source, entry.path


def test_a_unit_is_declared_once():
    """The registry names a unit only where the model's description carries none."""
    for entry in FIELDS:
        if entry.unit:
            assert field_bounds(*entry.model_field).unit == "", f"{entry.path}: the model already has the unit"
            assert entry.unit.startswith("[") and entry.unit.endswith("]")


def test_number_entries_have_a_closed_range_inside_the_models():
    for entry in (f for f in FIELDS if f.is_number):
        low, high = entry.display_range()
        bounds = entry.bounds
        assert low <= high
        shown_low = low if entry.none_text is None else low + entry.step
        # rounded inwards: every value the box offers is one the model takes
        assert shown_low * entry.scale >= bounds.low * (1 - 1e-9) or shown_low <= 0 < bounds.low, entry.path
        assert high * entry.scale <= bounds.high * (1 + 1e-9), entry.path
        # and the box reaches the model's bounds within one shown step
        assert math.isclose(high * entry.scale, bounds.high, rel_tol=1e-3) or (
            bounds.high - high * entry.scale) <= entry.scale * 10.0 ** -entry.decimals, entry.path


def test_display_range_rounds_inwards():
    assert BY_PATH["training.global_batch_tokens"].display_range() == (0.01, 2147.48)  # ge=1 token, in M tokens
    assert BY_PATH["serving.engine_memory_fraction"].display_range() == (11.0, 100.0)  # gt=0.1, in %
    assert BY_PATH["serving.max_batch"].display_range() == (0.0, 65536.0)  # 0 stands for None
    assert BY_PATH["constraints.deadline_hours"].display_range(scale=24, decimals=1) == (0.1, 3652.5)  # days


def test_kinds_follow_the_field_types():
    assert BY_PATH["training.micro_batch"].kind is Kind.INT
    assert BY_PATH["training.global_batch_tokens"].kind is Kind.FLOAT and BY_PATH["training.global_batch_tokens"].whole
    assert BY_PATH["serving.disaggregated"].kind is Kind.CHECK
    assert BY_PATH["serving.engine"].kind is Kind.CHOICE
    assert BY_PATH["parallelism.zero"].kind is Kind.CHOICE  # declared: 0-3 as a list


def test_cli_help_states_the_models_range_and_unit():
    assert cli_help(BY_PATH["training.micro_batch"]).endswith("1 to 65,536 [sequences]")
    assert cli_help(BY_PATH["graphics.shading_tflops_per_user"]).endswith("[TFLOP/s]; 0.001 to 1,000")
    assert cli_help(BY_PATH["serving.context"]) == \
        "max tokens per sequence (default: the prompt and the answer together); 1 to 2,097,152 [tokens]"


def _translated() -> dict[tuple[str, str], str]:
    root = ET.parse(TS).getroot()
    return {(c.find("name").text, m.find("source").text): (m.find("translation").text or "")
            for c in root.iter("context") for m in c.iter("message")}


def test_every_registry_text_has_its_chinese():
    translated = _translated()
    texts = [t for f in FIELDS for t in f.texts]
    missing = [(t.context, t.source) for t in texts if not translated.get((t.context, t.source))]
    assert missing == [], "run tools/build_translations.py and fill_translation.py zh_CN"


def test_undo_labels_come_from_the_registry(qtbot, controller):
    from configurator.app.controller import field_name

    for entry in FIELDS:
        assert field_name(entry.path) == entry.label.source
    assert field_name("graphics.no_such_field") == "no such field"
    assert controller.apply("training.micro_batch", 2)
    assert controller.undo_stack.undoText() == "Change micro-batch"


def test_undo_labels_are_translated(qtbot):
    from configurator.app import i18n
    from configurator.app.controller import field_name

    i18n.install_language("zh_CN")
    try:
        assert field_name("training.micro_batch") != "micro-batch"
        assert all(field_name(f.path) for f in FIELDS)
    finally:
        i18n.install_language("en")


@pytest.fixture
def editor(qtbot, controller):
    from configurator.app.editor import ScenarioEditor

    widget = ScenarioEditor(controller)
    qtbot.addWidget(widget)
    return widget


def _inputs(editor, path: str) -> list:
    from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox, QComboBox, QWidget

    return [w for w in editor.widget().findChildren(QWidget, path) if isinstance(w, QAbstractSpinBox | QComboBox | QCheckBox)]


@pytest.mark.parametrize("entry", [f for f in FIELDS if f.editor], ids=lambda f: f.path)
def test_each_entry_has_one_editor_control_built_from_it(editor, entry):
    from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox

    from configurator.app.field_help import accessible_label, shown

    controls = _inputs(editor, entry.path)
    assert len(controls) == 1, entry.path
    box = controls[0]
    assert box.accessibleName() == accessible_label(entry.path)
    assert box.accessibleName().lower() == entry.label.source.lower()
    if entry.is_number:
        assert isinstance(box, QSpinBox if entry.kind is Kind.INT else QDoubleSpinBox)
        assert (box.minimum(), box.maximum()) == pytest.approx(entry.display_range())
        money = f" {editor.controller.scenario.economics.currency}{shown(entry.suffix).strip()}"  # a money box
        assert box.suffix() in (shown(entry.suffix), money) and box.singleStep() == pytest.approx(entry.step)
        assert box.specialValueText() == shown(entry.none_text)
        if isinstance(box, QDoubleSpinBox):
            assert box.decimals() == entry.decimals
        assert "Accepted range" in box.toolTip() or not box.isEnabled()  # a disabled row says why instead


def _editor_rows(editor) -> list:
    """(label, control's objectName) of each labelled row of the editor's forms."""
    from PySide6.QtWidgets import QLabel

    rows = []
    for label in editor.widget().findChildren(QLabel):
        buddy = label.buddy()
        if buddy is not None:
            rows.append((label, (buddy.focusProxy() or buddy).objectName()))
    return rows


def test_editor_row_labels_come_from_the_registry(editor):
    """Each field's row in the editor is labelled with its registry row label (shortcut included),
    and every registry row label labels one row."""
    from configurator.app.field_help import row_label

    labelled = [(label.text(), path) for label, path in _editor_rows(editor) if path in BY_PATH]
    assert sorted(path for _, path in labelled) == sorted(f.path for f in FIELDS if f.row_label)
    for text, path in labelled:
        assert text == row_label(path) == BY_PATH[path].row_label.source, path


def _shortcut(text: str) -> str | None:
    import re

    found = re.search(r"&([^&\s])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_no_two_rows_of_a_group_share_a_shortcut(qtbot, controller, language):
    """Alt+letter reaches one row of a group: within each group box (a group inside another is its
    own), no two row labels share a shortcut letter, in English and in Chinese."""
    from PySide6.QtWidgets import QGroupBox

    from configurator.app import i18n
    from configurator.app.editor import ScenarioEditor

    i18n.install_language(language)
    try:
        widget = ScenarioEditor(controller)
        qtbot.addWidget(widget)
        groups: dict[QGroupBox, list[str]] = {}
        for label, _path in _editor_rows(widget):
            group = label.parentWidget()
            while group is not None and not isinstance(group, QGroupBox):
                group = group.parentWidget()
            letter = _shortcut(label.text())
            if group is not None and letter:
                groups.setdefault(group, []).append(letter)
        assert len(groups) >= 10
        for group, letters in groups.items():
            assert len(letters) == len(set(letters)), (group.title(), sorted(letters))
        assert sum(len(v) for v in groups.values()) >= 60
    finally:
        i18n.install_language("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_no_editor_or_panel_row_takes_a_menu_bars_letter(qtbot, controller, tmp_path, language):
    """Alt+F opens the File menu: no row label of the editor or the recommendation panel (both in
    the main window) uses a letter of the menu bar, or Alt+letter would alternate between them."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QLabel

    from configurator.app import i18n
    from configurator.app.main_window import MainWindow

    i18n.install_language(language)
    try:
        window = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
        qtbot.addWidget(window)
        menus = {_shortcut(action.text()) for action in window.menuBar().actions()} - {None}
        assert len(menus) >= 4
        rows = [label.text() for label in window.findChildren(QLabel) if label.buddy() is not None]
        assert len(rows) >= 60
        clashing = sorted(text for text in rows if _shortcut(text) in menus)
        assert not clashing, (sorted(menus), clashing)
    finally:
        i18n.install_language("en")


NOT_FIELDS = {"model:params": "the size typed in: architecture.from_param_count's 1e6 to 1e13 parameters"}
"""Number boxes of the editor that edit no scenario field, and where their range comes from."""


def test_every_editor_number_box_has_its_range_from_the_registry(editor):
    from PySide6.QtWidgets import QAbstractSpinBox

    boxes = editor.widget().findChildren(QAbstractSpinBox)
    assert len(boxes) > 40
    for box in boxes:
        name = box.objectName()
        if name in NOT_FIELDS:
            continue
        assert name in BY_PATH, f"a number box ({name or 'unnamed'}) that no registry entry declares"
        assert (box.minimum(), box.maximum()) == pytest.approx(BY_PATH[name].display_range()), name


def test_editor_controls_are_named_in_chinese_too(qtbot, controller):
    from configurator.app import i18n
    from configurator.app.editor import ScenarioEditor

    i18n.install_language("zh_CN")
    try:
        widget = ScenarioEditor(controller)
        qtbot.addWidget(widget)
        assert widget.micro_batch.accessibleName() != "Micro-batch" and widget.micro_batch.accessibleName()
        assert widget.seq_len.suffix().strip() != "tokens"
    finally:
        i18n.install_language("en")


def _cli_actions(command: str) -> dict:
    import argparse

    from configurator import cli_scenario

    parser = argparse.ArgumentParser()
    cli_scenario.add_scenario_flags(parser)
    cli_scenario.add_constraint_flags(parser)
    cli_scenario.state_ranges(parser)
    return {flag: action for action in parser._actions for flag in action.option_strings}


NUMBER_FLAGS = [f for f in FIELDS if f.flag and f.cli_form in NUMBER_FORMS]


@pytest.mark.parametrize("entry", NUMBER_FLAGS, ids=lambda f: f.flag)
def test_each_registry_flag_exists_with_its_range_in_the_help(entry):
    from configurator import cli_scenario

    action = _cli_actions("recommend")[entry.flag]
    assert action.help == cli_help(entry)
    bounds = entry.bounds
    assert bounds.text().removesuffix(bounds.unit).rstrip() in action.help
    assert bounds.unit in action.help
    if entry.auto:
        assert action.type("auto") == cli_scenario.AUTO
        assert action.dest in cli_scenario._LAYOUT_FLAGS
    value = action.type("3") if entry.cli_form != "quantity" else action.type("3M")
    assert isinstance(value, int if entry.whole and entry.cli_form == "number" else (int, float)), entry.flag


LIST_FLAGS = [f for f in FIELDS if f.flag and f.cli_form == "choice"]


@pytest.mark.parametrize("entry", LIST_FLAGS, ids=lambda f: f.flag)
def test_each_list_flag_offers_the_models_choices(entry):
    """A list flag's choices are its field's enum or Literal values (no second list); one that
    takes ``auto`` too reads each of them and names them in its help."""
    import argparse

    from configurator import cli_scenario

    action = _cli_actions("recommend")[entry.flag]
    assert action.help == cli_help(entry) and entry.choices
    if entry.auto:
        assert action.choices is None and action.type("auto") == cli_scenario.AUTO
        assert [action.type(str(v)) for v in entry.choices] == list(entry.choices)
        assert action.help.endswith(", ".join(str(v) for v in entry.choices))
        with pytest.raises(argparse.ArgumentTypeError):
            action.type("no-such-choice")
    else:
        assert action.choices == list(entry.choices)
        assert [(action.type or str)(str(v)) for v in entry.choices] == list(entry.choices)


def test_list_choices_come_from_the_models_types():
    from configurator.core.engines import Engine
    from configurator.core.scenario import RESOLUTIONS, Recompute

    assert BY_PATH["serving.engine"].choices == tuple(e.value for e in Engine)
    assert BY_PATH["training.recompute"].choices == tuple(r.value for r in Recompute)
    assert BY_PATH["serving.batching"].choices == ("continuous", "static")  # Literal[...] | None, None left out
    assert BY_PATH["constraints.latency_percentile"].choices == (50, 90, 95, 99)
    assert BY_PATH["graphics.resolution"].choices == tuple(RESOLUTIONS)
    assert BY_PATH["parallelism.zero"].choices == () and BY_PATH["parallelism.zero"].cli_form == "number"
    assert cli_help(BY_PATH["training.recompute"]) == "activation recomputation: none, selective, full"


SWITCH_FLAGS = [f for f in FIELDS if f.flag and f.cli_form not in (*NUMBER_FORMS, "choice", "text")]
TEXT_FLAGS = [f for f in FIELDS if f.flag and f.cli_form == "text"]


def test_free_text_flags_set_their_fields_as_written(catalog):
    """--name, --card and --currency come from the registry too: the text as given reaches its field."""
    from configurator.cli import build_parser
    from configurator.cli_scenario import scenario_from_args

    assert {f.flag for f in TEXT_FLAGS} == {"--name", "--card", "--currency"}
    args = build_parser().parse_args(["estimate", "--name", "Cluster A — 8 cards", "--card", "l40s",
                                      "--currency", "EUR", "--usd-rate", "0.92"])
    scenario = scenario_from_args(args, catalog)
    assert (scenario.name, scenario.card_id, scenario.economics.currency) == ("Cluster A — 8 cards", "l40s", "EUR")
    assert {f.flag: cli_help(f) for f in TEXT_FLAGS}["--card"] == "card id (see 'catalog list')"


@pytest.mark.parametrize("entry", SWITCH_FLAGS, ids=lambda f: f.flag)
def test_each_on_off_flag_sets_its_field(entry):
    """An on/off flag fills its bool field: a value (on|off, and auto for a layout field), or a
    switch that leaves the field alone unless given."""
    import argparse

    from configurator import cli_scenario

    parser = argparse.ArgumentParser()
    cli_scenario.add_scenario_flags(parser)
    dest = _cli_actions("recommend")[entry.flag].dest
    assert cli_scenario._FLAG_TO_FIELD[dest] == tuple(entry.path.split("."))
    assert getattr(parser.parse_args([]), dest) is None
    if entry.cli_form == "on_off":
        assert getattr(parser.parse_args([entry.flag, "on"]), dest) is True
        assert getattr(parser.parse_args([entry.flag, "off"]), dest) is False
        assert not entry.auto or getattr(parser.parse_args([entry.flag, "auto"]), dest) == cli_scenario.AUTO
    else:
        assert getattr(parser.parse_args([entry.flag]), dest) is (entry.cli_form != "clear")
    if entry.cli_form == "switch":
        assert getattr(parser.parse_args(["--no-" + entry.flag.removeprefix("--")]), dest) is False


def test_the_flags_fill_the_registry_fields(capsys):
    from configurator import cli

    code = cli.main(["estimate", "--workload", "inference", "--context", "8192", "--prefix-hit-rate", "0.5",
                     "--batch", "auto", "--json"])
    assert code == 0
    refused = cli.main(["estimate", "--seq", "3000000"])
    assert refused == 2 and "--seq: 3000000 is outside the range 1 to 2,097,152 [tokens]" in capsys.readouterr().err


def test_help_shows_the_registry_flags_with_units(capsys):
    from configurator import cli

    with pytest.raises(SystemExit):
        cli.main(["recommend", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--batch BATCH sequences per data-parallel rank; 1 to 65,536 [sequences]" in text
    assert "--years YEARS years the hardware is used" in text


def test_every_wizard_number_box_offers_the_models_range(qtbot, controller):
    """The wizard's caps equal the model's bounds, through the registry (the prompt is capped at
    2,097,152 tokens like the model, not at a million)."""
    from PySide6.QtWidgets import QAbstractSpinBox

    from configurator.app.wizard import WorkloadWizard
    from configurator.app.wizard_boxes import SCALE
    from configurator.core.fields import entry_for
    from configurator.core import scenario

    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    boxes = [b for b in wizard.findChildren(QAbstractSpinBox) if b.objectName() != "wizard:model:params"]
    assert len(boxes) >= 18  # the model size is no field (NOT_FIELDS); every other box is one
    models = {m.__name__.lower(): m for m in (scenario.Scenario, scenario.Training, scenario.Serving,
                                             scenario.Graphics, scenario.Constraints, scenario.Parallelism,
                                             scenario.Economics)}  # the years of use (session 42)
    for box in boxes:
        model_name, _, name = box.objectName().removeprefix("wizard:").partition(".")
        entry = entry_for(models[model_name], name)
        bounds, scale = entry.bounds, box.property(SCALE)
        shown_step = 10.0 ** -(box.decimals() if hasattr(box, "decimals") else 0)
        assert bounds.high - shown_step * scale <= box.maximum() * scale <= bounds.high, box.objectName()
        assert box.minimum() == 0 and box.specialValueText() or (
            bounds.low <= box.minimum() * scale <= bounds.low + shown_step * scale), box.objectName()
        assert box.accessibleName().lower() == entry.label.source.lower()
    assert wizard.load.prompt.maximum() == 2_097_152


def test_lupdate_sees_every_registry_text(tmp_path):
    """Each text is written as a literal ``_t("Context", "text")``, so lupdate collects it (a
    context held in a variable would be skipped silently)."""
    import subprocess
    import sys

    sys.path.insert(0, str(TS.parents[2] / "tools"))
    from build_translations import ALIAS, REGISTRY

    fresh = tmp_path / "registry.ts"
    lupdate = str(Path(sys.executable).with_name("pyside6-lupdate"))
    subprocess.run([lupdate, "-tr-function-alias", ALIAS, *(str(path) for path in REGISTRY), "-ts", str(fresh)], check=True,
                   capture_output=True)
    seen = {(c.find("name").text, m.find("source").text) for c in ET.parse(fresh).getroot().iter("context")
            for m in c.iter("message")}
    texts = {(t.context, t.source) for f in FIELDS for t in f.texts}
    assert texts <= seen, sorted(texts - seen)[:5]


def test_layout_fields_are_the_models_and_the_editors():
    """Each layout field the planner may choose is declared once in the registry; the editor's
    Auto rows (fields.LAYOUT_PATHS, used by the controller and the binders) and the CLI's layout
    flags are built from it."""
    import typing

    from configurator.app import binders, controller
    from configurator.cli_scenario import _LAYOUT_FLAGS
    from configurator.core.fields import LAYOUT_PATHS
    from configurator.core.scenario import LayoutField
    from configurator.core.scenario_choices import OFFLOAD_LAYOUT

    declared = [f.layout for f in FIELDS if f.layout]
    assert sorted(declared) == sorted(typing.get_args(LayoutField))  # each one once
    assert LAYOUT_PATHS == {f.path: f.layout for f in FIELDS if f.layout}
    assert controller.LAYOUT_PATHS is LAYOUT_PATHS and binders.LAYOUT_PATHS is LAYOUT_PATHS
    # the optimizer's CPU offload is pinned by --offload (the parts to offload, or none), not by a flag taking 'auto'
    assert set(_LAYOUT_FLAGS.values()) | {OFFLOAD_LAYOUT} == set(declared)
