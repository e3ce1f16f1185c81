"""The host part of an offloaded training step, per trainer that runs it (session 51, offload51;
benchmarks/data/notes-offload-time-2026-12-07.md): FSDP2's CPUOffloadPolicy fetches each rank's shard in
its stored dtype and sends its gradients out every micro-batch; Megatron-LM's HybridDeviceOptimizer copies
fp32 both ways after backward; ZeRO-Offload keeps Ren et al.'s 16-bit schedule."""

from __future__ import annotations

import dataclasses

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core import sharded_alternative as sharded
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas import host_offload
from configurator.core.memory import training_states
from configurator.core.precision import plan_training
from configurator.core.training_speed import host_link_gbps, micro_batch_offload_seconds, offload_optimizer_seconds
from configurator.core.units import GB

FINETUNE_8B = ("--workload", "finetune", "--model", "llama3-8b", "--tokens", "1e9")


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _scenario(catalog, card: str, count: int, *argv: str):
    args = build_parser().parse_args(["estimate", *FINETUNE_8B, "--card", card, "--count", str(count), *argv])
    return scenario_from_args(args, catalog)


def _link(scenario, card) -> float:
    return host_link_gbps(card) * GB * scenario.assumptions.link_efficiency


def test_the_formulas():
    """Megatron's hybrid optimizer: 4 B a parameter out and 4 B back, then the update, in series; a shard of
    FSDP2's weights is the stage's parameters over the shards at the stored bytes."""
    assert host_offload.HYBRID_COPY_BYTES == 4.0
    assert host_offload.hybrid_optimizer_seconds(8e9, 1, 32e9, 4e9) == pytest.approx(2 * 8e9 * 4 / 32e9 + 2.0)
    assert host_offload.cpu_update_seconds(8e9, 2, 4e9) == pytest.approx(4.0)
    assert host_offload.shard_weight_bytes(8e9, 4, 4.0) == pytest.approx(8e9)
    # the gradients leave behind backward (2/3 of the compute) as far as the overlap allows
    assert host_offload.gradients_out_seconds(8e9, 4.0, 3.0, 32e9, 0.5) == pytest.approx(1.0 - 0.5 * 2.0)


@pytest.mark.parametrize(("recipe", "stored"), [("torch-amp", 4.0), ("pure", 2.0)])
def test_fsdp2_fetches_the_shard_in_its_stored_dtype(catalog, recipe, stored):
    """FSDPParam.all_gather_inputs copies the sharded parameter in its own dtype (fp32 under AMP) and casts
    on the card; foreach_reduce copies the gradient shard to the host in the parameter's dtype. With no
    compute to hide behind, one micro-batch costs the two fetches and the gradients out, all over the link."""
    card = catalog.get("h100-pcie")
    s = _scenario(catalog, "h100-pcie", 2, "--recipe", recipe, "--offload", "optimizer,params", "--zero", "3")
    states = training_states(s, plan_training(card, s.precision))
    assert states.weights == stored and states.gradients == stored
    params, shard = 8e9, 2
    got = micro_batch_offload_seconds(s, card, params, shard, 0.0, 2.0, states, 0.0)
    assert got == pytest.approx((2 * params / shard * stored + params / shard * stored) / _link(s, card))
    # the step's host part is the CPU update alone: nothing comes back (the next all-gather fetches)
    assert offload_optimizer_seconds(s, params, 1, 0.0, card, 2.0) == pytest.approx(
        params / s.assumptions.cpu_optimizer_params_per_s)


def test_megatron_copies_fp32_both_ways_after_backward(catalog):
    """HybridDeviceOptimizer.step copies the gradients out and the master weights back at the step, not
    during backward (no --overlap-cpu-optimizer-d2h-h2d): compute hides none of it."""
    card = catalog.get("rtx-4090")
    s = _scenario(catalog, "rtx-4090", 1, "--recipe", "megatron-mixed", "--offload", "optimizer", "--zero", "1")
    params, rate = 8e9, s.assumptions.cpu_optimizer_params_per_s
    expected = 2 * params * 4.0 / _link(s, card) + params / rate
    assert offload_optimizer_seconds(s, params, 1, 100.0, card, 2.0) == pytest.approx(expected)
    est = estimate(s, card)
    assert est.fits and est.training.offload_s >= params / rate


def test_zero_offload_under_a_pytorch_recipe_keeps_ren_et_al(catalog):
    """The optimizer alone under a PyTorch recipe (DeepSpeed's ZeRO-Offload, pinned by the user): 16-bit
    gradients out behind backward, 16-bit weights back, exposed."""
    card = catalog.get("rtx-4090")
    s = _scenario(catalog, "rtx-4090", 2, "--offload", "optimizer", "--zero", "3")
    params, link = 4e9, _link(s, card)
    got = offload_optimizer_seconds(s, params, 2, 0.0, card, 2.0)
    assert got == pytest.approx(params * 2 / link + 2 * params / s.assumptions.cpu_optimizer_params_per_s
                                + params * 2 / link)


def test_the_planner_and_the_estimate_time_an_offload_alike(catalog):
    """One card of H100 PCIe: FSDP2 fetches the whole fp32 model twice a micro-batch; the plan's exact
    estimate is the estimate's."""
    card = catalog.get("h100-pcie")
    est = estimate(_scenario(catalog, "h100-pcie", 1), card)
    assert est.scenario.training.offload_params and est.scenario.training.offload_optimizer
    pinned = estimate(est.scenario.model_copy(update={"auto_layout": ()}), card)
    assert pinned.training.step_time_s == pytest.approx(est.training.step_time_s, rel=1e-9)


def test_why_not_fsdp_is_not_said_of_an_offloaded_plan(catalog, monkeypatch):
    """The FSDP line names traffic over PCIe; with the training states in host memory the sharded layout's
    step holds host-link time it does not name (it read "0.0 s of a … s step"), and where the sharded
    layout exposes no more traffic than the first's tensor parallelism the reason it gives is not the one."""
    card = catalog.get("l40s")
    est = estimate(_scenario(catalog, "l40s", 4), card)
    assert est.scenario.parallelism.tp > 1 and sharded.sharded_alternative(est) is not None
    training = est.scenario.training.model_copy(update={"offload_optimizer": True})
    offloaded = dataclasses.replace(est, scenario=est.scenario.model_copy(update={"training": training}))
    assert sharded.sharded_alternative(offloaded) is None
    alt = estimate(sharded.sharded_scenario(est), card)
    quiet = dataclasses.replace(alt, training=dataclasses.replace(alt.training, data_parallel_s=0.0))
    monkeypatch.setattr(sharded, "estimate", lambda *_: quiet)
    assert sharded.sharded_alternative(est) is None


def test_the_launch_file_asks_for_the_host_step_threads(capsys):
    """torchrun sets OMP_NUM_THREADS to 1 for each of several processes when it is unset; the host's AdamW
    then runs on one core per card, where the estimate counts the server's CPUs: the launch file says so,
    in both languages, for several processes a server only."""
    from configurator.cli import main

    line = "estimate --workload finetune --model llama3-8b --card rtx-4090 --count {} --launch torchtitan"
    assert main(line.format(2).split()) == 0
    assert "set OMP_NUM_THREADS to the server's CPU cores over its 2 processes" in capsys.readouterr().out
    assert main([*line.format(2).split(), "--lang", "zh_CN"]) == 0
    assert "OMP_NUM_THREADS 设为服务器 CPU 核数除以其 2 个进程" in capsys.readouterr().out
    assert main(line.format(1).split()) == 0
    assert "OMP_NUM_THREADS" not in capsys.readouterr().out
