"""The planner's CPU offload is what the written launch files run (offloadlaunch50): under Megatron-Core's
recipes the optimizer alone on the distributed optimizer (ZeRO 1), written as ``--optimizer-cpu-offload``;
under PyTorch's recipes FSDP2's CPU offload (parameters, gradients and optimizer, ZeRO 3), written as
torchtitan's ``training.enable_cpu_offload`` where torchtitan v0.2.2 applies FSDP, else a note says why not;
the host memory each server needs from the recipe's own state bytes. Through the command line."""

from __future__ import annotations

import json

import pytest
from numpy.testing import assert_allclose

from configurator.cli import main

PARAMS_8B = 8_030_261_248
"""Llama 3 8B's parameters [count]."""


def _estimate(capsys, line: str) -> dict:
    assert main(["estimate", *line.split(), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _launch(capsys, line: str, target: str) -> str:
    assert main(["estimate", *line.split(), "--launch", target]) == 0
    return capsys.readouterr().out


def _line(recipe: str, count: int) -> str:
    return f"--workload finetune --model llama3-8b --card rtx-4090 --count {count} --recipe {recipe}"


@pytest.mark.parametrize("recipe", ["megatron-mixed", "megatron-bf16-grads"])
def test_megatron_recipes_offload_the_optimizer_on_the_distributed_optimizer(capsys, recipe):
    """Megatron-Core's recipes: the optimizer alone on the host at ZeRO 1, and Megatron-LM's launch writes
    the distributed optimizer with its CPU offload (it asserts --use-precision-aware-optimizer); 16 B of
    host memory per parameter (fp32 master, gradient, two moments)."""
    said = _estimate(capsys, _line(recipe, 1))
    t, par = said["scenario"]["training"], said["scenario"]["parallelism"]
    assert t["offload_optimizer"] and not t.get("offload_params", False) and par["zero"] == 1
    first = said["warning_ids"][0]
    assert first["id"] == "offload-planned"
    assert_allclose(first["params"]["host_gib"], PARAMS_8B * 16 / 2**30, rtol=1e-9)
    text = _launch(capsys, _line(recipe, 1), "megatron")
    assert "--use-distributed-optimizer" in text and "--optimizer-cpu-offload" in text \
        and "--use-precision-aware-optimizer" in text and "Not written" not in text
    assert "enable_cpu_offload = true" not in _launch(capsys, _line(recipe, 1), "torchtitan")


def test_torch_amp_offloads_as_fsdp2_and_torchtitan_writes_it(capsys):
    """torch-amp (the default recipe) on 2 cards: parameters, gradients and optimizer on the host at ZeRO 3,
    which torchtitan's enable_cpu_offload runs (FSDP2 CPUOffloadPolicy over a shard degree of 2); host memory
    4 + 4 + 8 B per parameter, half per card, two cards a server."""
    said = _estimate(capsys, _line("torch-amp", 2))
    t, par = said["scenario"]["training"], said["scenario"]["parallelism"]
    assert t["offload_optimizer"] and t["offload_params"] and par["zero"] == 3
    first = said["warning_ids"][0]
    assert first["id"] == "offload-planned-params"
    assert_allclose(first["params"]["host_gib"], PARAMS_8B * 16 / 2**30, rtol=1e-9)
    text = _launch(capsys, _line("torch-amp", 2), "torchtitan")
    assert "enable_cpu_offload = true" in text and "data_parallel_shard_degree = 2" in text
    assert "--optimizer-cpu-offload \\" not in _launch(capsys, _line("torch-amp", 2), "megatron")


def test_pure_recipe_host_memory_is_its_own_state_bytes(capsys):
    """pure at BF16 keeps weights, gradients and both moments in 16 bits: 2 + 2 + 4 = 8 B per parameter on
    the host (the memory's own training_states), not ZeRO-Offload's 16."""
    first = _estimate(capsys, _line("pure", 2))["warning_ids"][0]
    assert first["id"] == "offload-planned-params"
    assert_allclose(first["params"]["host_gib"], PARAMS_8B * 8 / 2**30, rtol=1e-9)


def test_torchtitan_one_card_offload_is_a_note_not_a_flag(capsys):
    """One card: torchtitan v0.2.2 applies FSDP (and its offload) only above one shard, so the flag is not
    written (it would put the model on the CPU) and a note says why."""
    text = _launch(capsys, _line("torch-amp", 1), "torchtitan")
    assert "enable_cpu_offload = true" not in text
    assert "Not written for torchtitan: the training states in host memory" in text and "fsdp_enabled" in text


def test_pinned_optimizer_offload_is_not_written_as_fsdp_offload(capsys):
    """An optimizer-only offload pinned by the user is not torchtitan's (FSDP2 puts the parameters on the host
    too): a note, no flag."""
    text = _launch(capsys, _line("torch-amp", 2) + " --offload optimizer --zero 3", "torchtitan")
    assert "enable_cpu_offload = true" not in text and "CPUOffloadPolicy" in text


def test_the_planner_never_offloads_on_a_zero_stage_megatron_cannot(capsys):
    """ZeRO 3 pinned under Megatron-Core's recipe: its --optimizer-cpu-offload does not run under FSDP, so the
    planner does not offload (the shortfall is said instead)."""
    said = _estimate(capsys, _line("megatron-mixed", 2) + " --zero 3")
    assert not said["scenario"]["training"]["offload_optimizer"]
    assert all(w["id"] != "offload-planned" for w in said["warning_ids"])


def test_torchtitan_offload_under_pipeline_stages_reshards_after_forward(capsys):
    """Llama 3 70B on 8 × L40S under torch-amp: FSDP2's offload over pipeline stages; torchtitan v0.2.2 would
    keep each stage's gathered weights from forward to backward there (reshard_after_forward = not
    pp_enabled), so "always" is written with the offload, as estimated (one layer at a time)."""
    line = "--workload finetune --model llama3-70b --card l40s --count 8"
    said = _estimate(capsys, line)
    assert said["scenario"]["parallelism"]["pp"] > 1 and said["scenario"]["training"]["offload_params"]
    text = _launch(capsys, line, "torchtitan")
    assert "enable_cpu_offload = true" in text and 'fsdp_reshard_after_forward = "always"' in text
