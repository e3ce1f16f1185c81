"""A model is served from the weights its makers publish (session 41, ds3fp8): DeepSeek-V3 and -R1
are released as FP8 only, and were sized at BF16 (48 × H200 at 50 requests/s where 24 carry it);
the deadline messages said in days name their time ``days``; an overloaded layout's first token is
a queue that grows without bound, not "1,831,796 ms"."""

from __future__ import annotations

import dataclasses
import json

import pytest

from configurator.core.architecture import load_presets, preset
from configurator.core.estimate import estimate
from configurator.core.formats import WeightFormat
from configurator.core.messages import deadline_msg
from configurator.core.precision import plan_serving, plan_training
from configurator.core.published_format import published_default, published_format
from configurator.core.recommend_reasons import FIRST_ROW_CAUTIONS
from configurator.core.scenario import Scenario, updated
from configurator.core.units import Precision
from configurator.core.view.tradeoff_view import ttft_cell
from configurator.core.view.words import Words
from configurator.core.workloads.serving.pareto import TradeoffPoint


def _served(model="deepseek-v3", card="h200-sxm", count=8, **serving):
    return Scenario(model=preset(model), card_id=card, count=count, workload="inference",
                    serving={"concurrency": 8, **serving})


def test_only_deepseek_v3_and_r1_are_published_in_fp8():
    """Every other preset's main release is 16-bit (Llama 3.1 405B's and Qwen3's FP8 checkpoints are separate
    repositories beside it)."""
    published = {name: found.weight_format for name, model in load_presets().items()
                 if (found := published_format(model)) is not None}
    assert published == {"deepseek-v3": WeightFormat.FP8, "deepseek-r1": WeightFormat.FP8}
    assert "quantization_config" in published_format(preset("deepseek-v3")).source
    edited = preset("deepseek-v3").model_copy(update={"n_layers": 30})  # no longer the published checkpoint
    assert published_format(edited) is None


def test_deepseek_is_served_in_fp8_unless_another_format_or_fewer_bits_are_asked(catalog):
    h200 = catalog.get("h200-sxm")
    plan = plan_serving(_served(), h200)
    assert (plan.weight_format, plan.weight_bits, plan.math) == (WeightFormat.FP8, 8.0, Precision.FP8)
    assert [m.id for m in plan.messages] == ["weights-published"]
    bf16 = plan_serving(_served(weight_format="bf16"), h200)
    assert (bf16.weight_format, bf16.weight_bits) == (WeightFormat.BF16, 16.0) and not bf16.messages
    int4 = plan_serving(updated(_served(), precision="int4"), h200)
    assert int4.weight_format is WeightFormat.AWQ_INT4  # a quantisation of the release, as asked
    assert published_default(updated(_served(), precision="fp4")) is None
    llama = plan_serving(_served("llama3-70b"), h200)
    assert llama.weight_format is WeightFormat.BF16 and not llama.messages
    assert plan_training(h200, Precision.BF16).weights is Precision.BF16  # training: as asked


def test_a_card_without_fp8_serves_the_release_upcast_and_says_so_among_the_reasons(catalog):
    a100 = catalog.get("a100-sxm-80gb")
    plan = plan_serving(_served(card="a100-sxm-80gb", count=32), a100)
    assert (plan.weight_format, plan.weight_bits) == (WeightFormat.BF16, 16.0)
    said = plan.messages[0]
    assert said.id == "weights-published-upcast" and said.id in FIRST_ROW_CAUTIONS
    assert "upcast to BF16" in said.text and "--weight-format fp8" in said.text
    assert "转换为 BF16" in said.text_in("zh_CN")


def test_eight_h200_hold_deepseek_v3_as_published(catalog):
    """SGLang's and vLLM's DeepSeek pages: 8 × H200 serve the FP8 checkpoint; in BF16 (1.3 TB) they cannot."""
    h200 = catalog.get("h200-sxm")
    at = {"parallelism": {"tp": 8, "ep": 8}}
    assert estimate(updated(_served(), **at), h200).fits
    assert not estimate(updated(_served(weight_format="bf16"), **at), h200).fits


def test_the_estimate_json_says_the_weights_come_from_the_release(capsys):
    from configurator.cli import main

    assert main(["estimate", "--workload", "inference", "--model", "deepseek-r1", "--card", "h200-sxm",
                 "--count", "8", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["precision"]["weight_format"] == "fp8"
    assert "weights-published" in [m["id"] for m in out["warning_ids"]]


def test_the_wizard_names_bf16_for_a_model_published_in_fp8_and_reopens_at_it(catalog):
    from configurator.app.wizard_answers import answers_from, answers_scenario

    current = _served()
    refs = ("rtx-a6000",)
    auto = answers_from(current, refs)
    assert auto.serving_precision is None
    picked = answers_scenario(dataclasses.replace(auto, serving_precision="bf16"), current, catalog)
    assert picked.serving.weight_format is WeightFormat.BF16
    assert plan_serving(picked, catalog.get("h200-sxm")).weight_bits == 16.0
    assert answers_from(picked, refs).serving_precision == "bf16"  # reopened: BF16, not Auto
    back = answers_scenario(dataclasses.replace(auto, serving_precision=None), picked, catalog)
    assert back.serving.weight_format is None and published_default(back) is not None


@pytest.mark.parametrize("message_id", ("meets-deadline", "misses-deadline-every-count",
                                        "meets-deadline-at-estimate"))
def test_a_deadline_said_in_days_names_its_time_days(message_id):
    m = deadline_msg(message_id, 2160.0, {"hours": 597.0, **({"slow": 700.0} if "estimate" in message_id else {})},
                     {"margin": 1563.0}, count=8, days=597.0 / 24)
    assert m.id == f"{message_id}-days"
    params = m.to_dict()["params"]
    assert "hours" not in params and params["days"] == pytest.approx(597.0 / 24)
    assert "24.9 days" in m.text and "24.9 天" in m.text_in("zh_CN")
    hours = deadline_msg(message_id, 10.0, {"hours": 5.0}, {"margin": 5.0}, count=8, days=5 / 24, slow=6.0)
    assert hours.id == message_id and hours.params["hours"] == 5.0  # in hours: named so


def test_an_overloaded_layout_has_no_time_to_first_token():
    point = TradeoffPoint(tp=8, pp=1, ep=8, batch=8, tokens_per_step=8192, kv_precision=None, disaggregated=False,
                          prefill_cards=0, per_gpu=10.0, per_user=20.0, ttft_s=1831.796, meets_targets=False,
                          overloaded=True)
    assert ttft_cell(point, Words("en")) == "queue grows without bound (rate over capacity)"
    assert ttft_cell(point, Words("zh_CN")) == "排队无限增长（请求速率超过承载能力）"
    carried = dataclasses.replace(point, overloaded=False, ttft_s=0.7081)
    assert ttft_cell(carried, Words("en")) == "708 ms" and ttft_cell(carried, Words("en"), unit=False) == "708"


def test_the_launch_command_loads_the_published_checkpoint_without_a_quantisation_flag(capsys):
    """SGLang's DeepSeek page: the official checkpoint is already FP8, so no ``--quantization fp8``."""
    from configurator.cli import main

    for engine in ("vllm", "sglang"):
        assert main(["plan", "--workload", "inference", "--model", "deepseek-v3", "--card", "h200-sxm", "--count",
                     "8", "--concurrency", "16", "--launch", engine]) == 0
        out = capsys.readouterr().out
        assert "deepseek-ai/DeepSeek-V3" in out and "--quantization" not in out


def test_the_wizards_auto_precision_names_the_published_format(qtbot, controller):
    from configurator.app.wizard import WorkloadWizard

    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.answers.set("workload", "inference")
    wizard.answers.set("model", preset("deepseek-v3"))
    wizard.load.initializePage()
    assert wizard.load.serving_precision.itemText(0) == "Auto (FP8, as the model is published, where the card has it)"
    wizard.answers.set("model", preset("llama3-8b"))
    wizard.load.initializePage()
    assert wizard.load.serving_precision.itemText(0) == "Auto (BF16 where the card has it)"


def test_a_precision_typed_on_the_command_line_is_served_as_typed(capsys):
    """``--precision bf16`` typed for DeepSeek-V3 is a constraint the user set: served in BF16, not the FP8
    release (without the flag the release is served, as above)."""
    from configurator.cli import main

    base = ["estimate", "--workload", "inference", "--model", "deepseek-v3", "--card", "h200-sxm", "--count", "16",
            "--json"]
    assert main(base + ["--precision", "bf16"]) == 0
    typed = json.loads(capsys.readouterr().out)
    assert main(base) == 0
    unasked = json.loads(capsys.readouterr().out)
    assert typed["scenario"]["serving"]["weight_format"] == "bf16"
    assert unasked["scenario"]["serving"].get("weight_format") is None
