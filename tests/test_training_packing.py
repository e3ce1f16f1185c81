"""Packed fine-tuning sequences (issue 27, Megatron-Bridge / NeMo SFT and LoRA on packed SQuAD):
``training.packed``, default off.

The plain formula pinned, off == today, attention (and only attention) shortened to the example, the
planner agreeing with the estimate, the field through files, the CLI and the editor, the layout line in
both languages, and the held-out rows that state packing."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.flops import attention_span_tokens, causal_attention_flops_per_token
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, updated
from configurator.core.scenario_io import scenario_from_document, scenario_to_document
from configurator.core.training_packing import attention_span
from configurator.core.workloads.training.search import plan_training_layout
from cli_estimates import estimate_from_cli
from searched_layout import estimated_alone

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _sft(packed: bool, example: int = 225, workload: str = "finetune") -> Scenario:
    """Megatron-Bridge 26.06's Llama 3 70B SFT on 32 H100 (TP4 PP4 VP5, 4,096-token packs)."""
    return Scenario(model=preset("llama3-70b"), workload=workload, card_id="h100-sxm", count=32, precision="fp8",
                    parallelism={"tp": 4, "pp": 4, "virtual_stages": 5, "zero": 1, "tp_comm_overlap": True},
                    training={"micro_batch": 1, "grad_accum": 16, "seq_len": 4096, "recipe": "megatron-bf16-grads",
                              "recompute": "none", "packed": packed, "tokens_per_example": example})


def test_span_is_the_example_where_packed():
    assert attention_span_tokens(4096, 225, True) == 225
    assert attention_span_tokens(4096, 225, False) == 4096
    assert attention_span_tokens(4096, 8192, True) == 4096  # an example longer than the pack: the pack
    np.testing.assert_array_equal(attention_span_tokens(np.array([128, 4096]), 225, True), [128, 225])
    # 18 examples of 225 tokens in a 4,096-token pack: 225/4,096 of the causal square's FLOPs
    whole = causal_attention_flops_per_token(80, 4 * 64 * 128, 4096)
    assert causal_attention_flops_per_token(80, 4 * 64 * 128, attention_span_tokens(4096, 225, True)) \
        == pytest.approx(whole * 225 / 4096)
    assert attention_span(_sft(True)) == 225 and attention_span(_sft(False)) == 4096


def test_off_is_todays_answer_and_packing_only_shortens_attention(catalog):
    card = catalog.get("h100-sxm")
    off, on = estimate(_sft(False), card), estimate(_sft(True), card)
    assert "packed" not in scenario_to_document(_sft(False))["scenario"]["training"]
    assert estimate(_sft(True, example=4096), card).training.step_time_s == off.training.step_time_s
    assert on.training.step_time_s < off.training.step_time_s
    # the products, the traffic and the memory are the pack's: only attention is the example's
    assert on.training.memory_traffic_s == off.training.memory_traffic_s
    assert on.memory.total == off.memory.total
    saved = off.training.step_time_s / on.training.step_time_s - 1
    assert 0.03 < saved < 0.08  # attention is about 7 % of the unpacked 70B step at 4,096 tokens


def test_planner_agrees_with_the_estimate(catalog):
    card = catalog.get("h100-sxm")
    scenario = Scenario(model=preset("llama3-70b"), workload="lora", card_id="h100-sxm", count=8,
                        auto_layout=LAYOUT_FIELDS, precision="fp8",
                        training={"tokens": 1e9, "seq_len": 4096, "recipe": "megatron-bf16-grads", "packed": True,
                                  "tokens_per_example": 225})
    plan = plan_training_layout(scenario, card, top=4)
    assert plan.layouts
    for layout in plan.layouts:
        exact = estimated_alone(scenario, layout, card)
        assert exact.scenario.training.packed
        assert exact.training.step_time_s == pytest.approx(layout.step_s, rel=1e-9)
        assert exact.training.mfu == pytest.approx(layout.mfu, rel=1e-9)
    plain = plan_training_layout(updated(scenario, training={"packed": False}), card, top=4)
    assert plan.layouts[0].step_s < plain.layouts[0].step_s


def test_field_round_trip_and_cli(catalog):
    document = scenario_to_document(_sft(True))
    assert document["scenario"]["training"]["packed"] is True
    assert scenario_from_document(json.loads(json.dumps(document))) == _sft(True)
    cli = ("--workload lora --model llama3-70b --card h100-sxm --count 8 --tp 2 --pp 4 --zero 1 --seq 4096 "
           "--batch 1 --grad-accum 32 --precision fp8 --recompute none")
    est = estimate_from_cli(catalog, cli + " --packed --tokens-per-example 225")
    assert est.scenario.training.packed and est.scenario.training.tokens_per_example == 225
    assert not estimate_from_cli(catalog, cli).scenario.training.packed


@pytest.mark.parametrize("language, text", [("en", "packed examples of 225 tokens"), ("zh_CN", "打包样本，每条 225 词元")])
def test_layout_line_says_so(capsys, language, text):
    from configurator.cli import main

    cli = ["estimate", "--lang", language, "--workload", "lora", "--model", "llama3-70b", "--card", "h100-sxm",
           "--count", "8", "--tp", "2", "--pp", "4", "--seq", "4096", "--batch", "1", "--grad-accum", "32"]
    main([*cli, "--packed", "--tokens-per-example", "225"])
    assert text in capsys.readouterr().out
    main(cli)
    assert text not in capsys.readouterr().out


@pytest.mark.parametrize("language, text, words", [("en", "Pac&ked examples, attention within each", "Megatron-Bridge"),
                                                   ("zh_CN", "打包样本，注意力限于各样本内(&K)", "打包微调")])
def test_editor_check_box_in_both_languages(qtbot, controller, language, text, words):
    from configurator.app import i18n
    from configurator.app.editor import ScenarioEditor

    i18n.install_language(language)
    try:
        editor = ScenarioEditor(controller)
        qtbot.addWidget(editor)
        box = editor.packed
        assert box.text() == text and not box.isChecked()
        assert words in box.toolTip()
        if not controller.scenario.workload.is_training:
            return
        box.click()
        assert controller.scenario.training.packed
    finally:
        i18n.install_language("en")


def test_held_out_rows_that_state_packing():
    rows = [r for r in json.loads((ROOT / "benchmarks/data/held-out.json").read_text(encoding="utf-8"))
            if r["case"] == "train" and r["setup"].get("packed")]
    # NeMo 24.07's fine-tuning table (SQuAD v1.1 packed to 4,096) and Megatron-Bridge 26.06's SFT / LoRA
    # recipes (packed SQuAD: PackedSequenceSpecs, pad_to_max_length)
    assert len(rows) == 12
    assert {r["publication"] for r in rows} == {"nemo-performance-summary-2407", "megatron-bridge-performance"}
    for r in rows:
        assert r["setup"]["workload"] in ("finetune", "lora") and r["setup"]["tokens_per_example"] == 225
        assert "SQuAD" in r["assumed"] or "SQuAD" in r["measured"]


@pytest.mark.parametrize("flag", [["--packed"], ["--examples", "100k"], ["--packed", "--tokens-per-example", "1024"]])
def test_pre_training_refuses_the_fine_tuning_example_flags(capsys, flag):
    """``--packed`` on a pre-training job was taken: attention cut to the 512-token default example (the Alpaca
    fine-tune's), the step 31.8 -> 26.2 s. Pre-training concatenates documents, causal attention across the whole
    sequence: the examples' flags are refused as every flag the work does not read is, and named for fine-tuning."""
    from configurator.cli import main

    args = ["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "8", *flag]
    assert main(args) == 2
    err = capsys.readouterr().err
    refused = err.partition(" is not read by --workload pretrain")[0].rpartition(" ")[2]
    assert refused in flag and "finetune, lora, qlora" in err


def test_a_pre_training_scenario_left_packed_is_not_read(catalog):
    """A box left on from a fine-tune (a file, the window's task switched) does not change a pre-training
    estimate: the one rule that greys the box and refuses the flag (:func:`Workload.trains_on_examples`)."""
    card = catalog.get("h100-sxm")
    pretrain = [estimate(_sft(packed, workload="pretrain"), card) for packed in (True, False)]
    assert pretrain[0].training.step_time_s == pretrain[1].training.step_time_s
    assert attention_span(_sft(True, workload="pretrain")) == 4096
    assert attention_span(_sft(True, workload="lora")) == 225


@pytest.mark.parametrize("language, words", [("en", "Used only in fine-tuning"), ("zh_CN", "仅用于微调")])
def test_editor_greys_the_example_rows_outside_fine_tuning(qtbot, controller, language, words):
    from configurator.app import i18n
    from configurator.app.editor import ScenarioEditor

    i18n.install_language(language)
    try:
        editor = ScenarioEditor(controller)
        qtbot.addWidget(editor)
        rows = (editor.packed, editor.examples, editor.tokens_per_example)
        assert controller.apply("workload", "pretrain")
        for row in rows:
            assert not row.isEnabled() and words in row.toolTip()
        assert controller.apply("workload", "lora")
        assert all(row.isEnabled() for row in rows)
    finally:
        i18n.install_language("en")
