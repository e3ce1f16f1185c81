"""The optimizer step in backward (torchtune's optimizer_in_bwd, ``Training.optimizer_in_backward``): the
gradient held is the largest parameter's, not the model's; refused where torchtune refuses it; a setting
of the command line, the editor and the scenario file; and torchtune's README rows that use it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from heldout_training import _training_scenario  # noqa: E402
from cli_estimates import estimate_from_cli  # noqa: E402
from heldout_card import card_as_run  # noqa: E402

from configurator.cli import main  # noqa: E402
from configurator.core.architecture import preset  # noqa: E402
from configurator.core.catalog import load_catalog  # noqa: E402
from configurator.core.estimate import estimate  # noqa: E402
from configurator.core.formulas.states import in_backward_gradient_share, optimizer_in_backward_runs  # noqa: E402
from configurator.core.scenario import Scenario, updated  # noqa: E402
from configurator.core.scenario_io import scenario_from_document, scenario_to_document  # noqa: E402
from configurator.core.training_held_states import largest_parameter  # noqa: E402
from configurator.core.units import GIB  # noqa: E402
from configurator.core.view.fields_read import reads  # noqa: E402
from configurator.core.workloads.training.search import plan_training_layout  # noqa: E402

CATALOG = load_catalog()


def _finetune(count=1, in_backward=True, workload="finetune", zero=0, **training) -> Scenario:
    """Llama 3.1 8B fully fine-tuned as torchtune's 8B_full_single_device.yaml runs it: batch 2, bf16,
    8-bit AdamW, activation checkpointing, one micro-batch per step (2,048 tokens here)."""
    return Scenario.model_validate({
        "workload": workload, "model": preset("llama3.1-8b").model_dump(mode="json"), "card_id": "l40s",
        "count": count, "precision": "bf16", "parallelism": {"zero": zero},
        "training": {"micro_batch": 2, "grad_accum": 1, "seq_len": 2048, "recompute": "full", "recipe": "pure",
                     "optimizer": "adamw-8bit", "optimizer_in_backward": in_backward, **training}})


def _peak(memory) -> float:
    return memory.total - memory.overhead


def test_the_largest_parameter_of_llama3_8b_is_its_embedding():
    model = preset("llama3.1-8b")
    assert largest_parameter(model) == 128256 * 4096
    assert in_backward_gradient_share(largest_parameter(model), model.total_params()) == pytest.approx(0.0654, abs=1e-3)
    assert in_backward_gradient_share(10.0, 5.0) == 1.0  # never more than the whole


def test_an_8b_full_fine_tune_holds_one_parameters_gradient_not_the_models():
    card = CATALOG.get("l40s")
    before = estimate(_finetune(in_backward=False), card).memory
    after = estimate(_finetune(), card).memory
    model = preset("llama3.1-8b")
    assert before.gradients == pytest.approx(model.total_params() * 2, rel=1e-6)  # bf16, the whole model
    assert after.gradients == pytest.approx(128256 * 4096 * 2, rel=1e-6)  # the embedding's alone
    assert after.weights == before.weights and after.optimizer == before.optimizer  # states unchanged
    # before: the whole gradients or the activations, the larger; after: one gradient beside the activations
    assert _peak(before) - _peak(after) == pytest.approx(
        max(before.gradients, before.activations) - after.gradients - after.activations, rel=1e-3)
    assert _peak(before) - _peak(after) > 7 * GIB
    assert after.total < before.total


def test_the_step_time_is_unchanged():
    card = CATALOG.get("l40s")
    assert estimate(_finetune(), card).training.step_time_s == \
        estimate(_finetune(in_backward=False), card).training.step_time_s


def test_refused_with_gradient_accumulation_in_both_languages():
    with pytest.raises(ValueError, match="gradient accumulation of 4"):
        _finetune(grad_accum=4)
    from configurator.core.messages import msg
    zh = msg("optimizer-in-backward-accumulation", accum=4).text_in("zh_CN")
    assert "梯度累积 4" in zh
    _finetune(in_backward=False, grad_accum=4)  # off: accumulation is fine


def test_refused_over_replicas_unless_zero_3_and_under_megatron_recipes():
    with pytest.raises(ValueError, match="ZeRO 1 over 8 replicas"):
        _finetune(count=8, zero=1)
    with pytest.raises(ValueError, match="ZeRO 0 over 8 replicas"):
        _finetune(count=8, zero=0)
    with pytest.raises(ValueError, match="Megatron"):
        _finetune(recipe="megatron-mixed", optimizer="adamw")
    fsdp = _finetune(count=8, zero=3)
    memory = estimate(fsdp, CATALOG.get("l40s")).memory
    assert memory.gradients == pytest.approx(128256 * 4096 * 2 / 8, rel=1e-6)  # the rank's shard of it
    assert optimizer_in_backward_runs(1, 0, 1) and optimizer_in_backward_runs(1, 3, 8)
    assert not optimizer_in_backward_runs(2, 3, 8) and not optimizer_in_backward_runs(1, 2, 8)


def test_adapters_do_not_read_it():
    lora = _finetune(workload="lora")
    plain = updated(lora, training={"optimizer_in_backward": False})
    card = CATALOG.get("l40s")
    assert estimate(lora, card).memory == estimate(plain, card).memory
    assert not reads(lora.workload, "training.optimizer_in_backward")
    assert reads(_finetune().workload, "training.optimizer_in_backward")
    _finetune(workload="lora", grad_accum=4)  # not refused: not read


def test_the_planner_keeps_one_micro_batch_a_step_and_one_replica_or_zero_3():
    scenario = updated(_finetune(count=8, zero=3), auto_layout=("tp", "pp", "cp", "zero", "micro_batch",
                                                                "grad_accum"))
    plan = plan_training_layout(scenario, CATALOG.get("h100-sxm"))
    assert plan.layouts
    for layout in plan.layouts:
        assert layout.grad_accum == 1
        assert layout.zero == 3 or layout.dp * layout.cp == 1


def test_written_to_files_only_when_on_and_kept_by_save_and_load():
    assert "optimizer_in_backward" not in _finetune(in_backward=False).model_dump(mode="json")["training"]
    on = _finetune()
    assert on.model_dump(mode="json")["training"]["optimizer_in_backward"] is True
    assert scenario_from_document(scenario_to_document(on)) == on
    document = scenario_to_document(_finetune(in_backward=False))
    document["scenario"]["training"].pop("optimizer_in_backward", None)  # a file written before the setting
    assert scenario_from_document(document).training.optimizer_in_backward is False


def test_the_command_line_flag_and_the_json_echo(capsys):
    argv = ("--workload finetune --model llama3.1-8b --card l40s --count 1 --zero 0 --tp 1 --pp 1 --batch 2 "
            "--grad-accum 1 --seq 2048 --recompute full --recipe pure --optimizer adamw-8bit")
    on = estimate_from_cli(CATALOG, argv + " --optimizer-in-backward")
    off = estimate_from_cli(CATALOG, argv)
    assert on.scenario.training.optimizer_in_backward and not off.scenario.training.optimizer_in_backward
    assert on.memory.gradients < off.memory.gradients / 10
    code = main(["estimate", "--json", *argv.split(), "--optimizer-in-backward"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert json.loads(out)["scenario"]["training"]["optimizer_in_backward"] is True
    code = main(["estimate", *argv.split(), "--grad-accum", "2", "--optimizer-in-backward"])
    assert code != 0 and "gradient accumulation of 2" in capsys.readouterr().err


def test_torchtunes_fused_optimizer_step_row_drops_as_measured():
    """torchtune's README 'Optimization flags' (Llama 3.2 3B, A100): '+ Activation Checkpointing' 24.9 GiB,
    '+ Fuse optimizer step into backward' 23.1 GiB peak active; the drop, 1.8 GiB, is the whole gradients
    (6.0 GiB) less the larger of them and the activations they were made beside, plus the tied embedding's
    gradient kept beside the activations."""
    setup = {"model": "llama3.2-3b", "card": "a100-sxm-80gb", "count": 1, "zero": 0, "micro_batch": 2,
             "grad_accum": 1, "seq_len": 4096, "recompute": "full", "recipe": "pure", "precision": "bf16",
             "loss": "chunked", "workload": "finetune"}
    card = card_as_run(setup)
    before = _peak(estimate(_training_scenario(setup), card).memory)
    after = _peak(estimate(_training_scenario({**setup, "optimizer_in_backward": True}), card).memory)
    assert (before - after) / GIB == pytest.approx(24.9 - 23.1, abs=0.3)
    assert after / GIB == pytest.approx(23.1, rel=0.05)


def test_a_launch_script_says_its_trainer_has_no_optimizer_step_in_backward():
    from configurator.core.launch import launch_text
    card = CATALOG.get("h100-sxm")
    est = estimate(updated(_finetune(), card_id="h100-sxm", training={"optimizer": "adamw"}), card)
    assert "No torchtitan flag for the optimizer step in backward" in launch_text(est, "torchtitan")
    assert "反向传播中的优化器步骤" in launch_text(est, "torchtitan", "zh_CN")
    plain = estimate(updated(_finetune(in_backward=False), card_id="h100-sxm", training={"optimizer": "adamw"}), card)
    assert "optimizer step in backward" not in launch_text(plain, "torchtitan")
