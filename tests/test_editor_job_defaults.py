"""The editor's sequence on a change of job: a field the user has not typed takes the new job's
default, the one the command line reads (``family.default_seq_len``: a pre-training of Llama 3 on
Meta's 8,192 tokens, a fine-tune on 2,048); a sequence the user typed stays. Until December 2026 a
switch from the first fine-tune to pre-training kept 2,048."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.scenario import Scenario
from configurator.core.workloads import family_of

pytestmark = pytest.mark.gui


@pytest.fixture
def editor(editor_on):
    return editor_on(Scenario(workload="finetune", model=preset("llama3-8b"), card_id="h100-sxm", count=8))


def _choose_workload(editor, workload: str) -> None:
    editor.workload.setCurrentIndex(editor.workload.findData(workload))


def test_a_switch_to_pretraining_takes_the_models_context(editor):
    controller = editor.controller
    assert editor.seq_len.value() == 2048
    _choose_workload(editor, "pretrain")
    scenario = controller.scenario
    assert scenario.training.seq_len == 8192 == family_of(scenario.workload).default_seq_len(scenario)
    assert editor.seq_len.value() == 8192
    _choose_workload(editor, "finetune")  # and back: the fine-tuning recipes' 2,048
    assert controller.scenario.training.seq_len == 2048 and editor.seq_len.value() == 2048
    _choose_workload(editor, "pretrain")
    controller.undo_stack.undo()  # one step: the workload and its sequence together
    assert controller.scenario.workload.value == "finetune" and editor.seq_len.value() == 2048


def test_a_typed_sequence_stays(editor):
    controller = editor.controller
    editor.seq_len.setValue(4096)
    assert controller.scenario.training.seq_len == 4096
    _choose_workload(editor, "pretrain")
    assert controller.scenario.workload.value == "pretrain"
    assert controller.scenario.training.seq_len == 4096 and editor.seq_len.value() == 4096


def test_a_sequence_typed_at_the_default_stays_too(editor):
    controller = editor.controller
    editor.seq_len.setValue(4096)
    editor.seq_len.setValue(2048)  # typed, though it is the fine-tune's default
    _choose_workload(editor, "pretrain")
    assert controller.scenario.training.seq_len == 2048


def test_the_models_context_follows_a_model_change_in_pretraining(editor):
    controller = editor.controller
    _choose_workload(editor, "pretrain")
    assert editor._apply_model(preset("llama2-7b"))
    assert controller.scenario.training.seq_len == 4096 and editor.seq_len.value() == 4096
