"""LoRA targets (``training.lora_targets``: every linear layer, or the attention projections only):
a command-line flag and an editor control beside the LoRA rank, both declared once in
core/fields.py."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main
from configurator.core.fields import BY_PATH

ANALYSIS_WAIT_MS = 30_000
"""The analysis runs on a worker thread: on a loaded 2-core machine a big one takes seconds."""


def _estimate_json(capsys, *flags) -> dict:
    code = main(["estimate", "--json", "--model", "llama3-8b", "--card", "h100-sxm", *flags])
    out = capsys.readouterr().out
    assert code == 0
    return json.loads(out)


def test_the_flag_is_declared_once_with_its_choices():
    entry = BY_PATH["training.lora_targets"]
    assert entry.flag == "--lora-targets" and entry.choices == ("all-linear", "attention", "qkv")


@pytest.mark.parametrize("targets", ["attention", "all-linear", "qkv"])
def test_the_flag_sets_the_scenario(capsys, targets):
    result = _estimate_json(capsys, "--workload", "lora", "--lora-targets", targets)
    assert result["scenario"]["training"]["lora_targets"] == targets


def test_attention_targets_train_fewer_adapter_weights_than_every_linear_layer(capsys):
    adapters = {t: _estimate_json(capsys, "--workload", "lora", "--recipe", "pure", "--zero", "0", "--lora-targets", t)
                for t in ("attention", "all-linear")}
    assert adapters["attention"]["memory"]["optimizer"] < adapters["all-linear"]["memory"]["optimizer"]


def test_an_unknown_target_is_refused(capsys):
    assert main(["estimate", "--workload", "lora", "--lora-targets", "mlp"]) != 0
    assert "--lora-targets" in capsys.readouterr().err


def test_the_editor_control_changes_the_scenario_and_undo_restores_it(qtbot, window):
    editor, controller = window.editor, window.controller
    assert controller.apply_many({"workload": "lora"})
    assert editor.lora_targets.isEnabled()
    assert controller.scenario.training.lora_targets == "all-linear"
    with qtbot.waitSignal(controller.analysis_changed, timeout=ANALYSIS_WAIT_MS):
        editor.lora_targets.setCurrentIndex(editor.lora_targets.findData("attention"))
    assert controller.scenario.training.lora_targets == "attention"
    assert controller.undo_stack.undoText() == "Change LoRA targets"
    with qtbot.waitSignal(controller.analysis_changed, timeout=ANALYSIS_WAIT_MS):
        window.undo_action.trigger()
    assert controller.scenario.training.lora_targets == "all-linear"
    assert editor.lora_targets.currentData() == "all-linear"


def test_the_control_is_off_unless_adapters_train(window):
    assert window.controller.apply_many({"workload": "finetune"})
    assert not window.editor.lora_targets.isEnabled()
