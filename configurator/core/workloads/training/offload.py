"""The planner's CPU offload: where no layout of a count fits on the cards, the same job with the training
states in host memory, when the user left the offload to the planner (``offload`` in
``Scenario.auto_layout``), as the recipe's own trainer offloads them, so that the launch file written for it
runs what was estimated (:func:`offloaded`):

- Megatron-Core's recipes (``megatron-mixed``, ``megatron-bf16-grads``): the optimizer only (fp32 master
  weights, moments and gradients on the host, the update by its CPUs, ``HybridDeviceOptimizer``'s fp32 copies
  out and back after each backward: ``formulas/host_offload.py``), on the distributed optimizer (ZeRO 1),
  the one layout Megatron-LM's ``--optimizer-cpu-offload`` runs on: it asserts ``--use-precision-aware-optimizer``
  (NVIDIA/Megatron-LM d98e8a6 ``megatron/training/arguments.py`` ``validate_args``), which only Adam takes
  (``megatron/core/optimizer/optimizer_config.py`` ``OptimizerConfig.__post_init__``), and the offload is
  built into the distributed optimizer's ``HybridDeviceOptimizer`` (``megatron/core/optimizer/__init__.py``).
- PyTorch's recipes (``torch-amp``, ``pure``): FSDP2's ``CPUOffloadPolicy``, the only offload torchtitan
  writes (``training.enable_cpu_offload``, "CPU offloading of parameters, gradients, and optimizer states in
  FSDP": pytorch/torchtitan v0.2.2 73a0e69 ``torchtitan/config/job_config.py``, applied in
  ``torchtitan/models/llama3/infra/parallelize.py`` ``apply_fsdp``): the sharded parameters, their gradients
  and the optimizer step on the host (``offload_optimizer`` and ``offload_params``), on ZeRO 3, each layer's
  weights copied to the card for forward and again for backward.

Its memory and step time are the estimate's own (``training_stage_memory``, ``training_speed``), its host
memory per server here (:func:`host_offload_bytes_per_server`)."""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.formulas.states import offloaded_optimizer_host_bytes
from configurator.core.memory import training_states
from configurator.core.messages import Message, msg
from configurator.core.precision import plan_training
from configurator.core.scenario import Optimizer, Scenario, updated_or_none
from configurator.core.scenario_choices import OFFLOAD_LAYOUT
from configurator.core.units import GIB
from configurator.core.workloads.base import Estimate

OFFLOAD_PLANNED = "offload-planned"
"""The message an estimate whose optimizer the planner put in host memory says first [message id]."""

OFFLOAD_PLANNED_PARAMS = "offload-planned-params"
"""The message an estimate whose parameters, gradients and optimizer the planner put in host memory (FSDP2's
CPU offload) says first [message id]."""

MEGATRON_OFFLOAD_ZERO = 1
"""The ZeRO stage of an offload planned under Megatron-Core's recipes: its distributed optimizer (ZeRO 1), the
one ``--optimizer-cpu-offload`` runs on (ZeRO 3 is written as Torch FSDP2 or Megatron FSDP, which it does not
take; ZeRO 0 writes no distributed optimizer)."""

HOST_BYTES_PER_SERVER_MAX = 4096 * GIB
"""The most host memory a server offers for offloaded training states [B]: NVIDIA's DGX B200, 2 TB in 32 DIMMs
"upgradable to 4 TB" (NVIDIA DGX B200 User Guide, "Introduction to NVIDIA DGX B200 Systems", component table,
read 2026-12-07; 32 × 128 GiB DIMMs). A plan whose offloaded states need more per server is no plan: no server
holds them (:func:`host_fits`)."""

FSDP_OFFLOAD_ZERO = 3
"""The ZeRO stage of an offload planned under PyTorch's recipes: FSDP2's sharded parameters, which its
``CPUOffloadPolicy`` keeps on the host."""


def offloaded(scenario: Scenario) -> Scenario | None:
    """``scenario`` with its training states in host memory as its recipe's trainer offloads them (module
    docstring), when the planner may put them there: the offload is left to it (not pinned), the job trains
    the whole model (an adapter's optimizer is small), offloads nothing already, and its ZeRO stage is the
    one that offload runs on or left to the planner (then set to it, but on one card under PyTorch's recipes,
    where sharding changes nothing); None otherwise, under Megatron-Core's
    recipes with SGD (the precision-aware optimizer is Adam's), or when the scenario refuses it."""
    training = scenario.training
    if OFFLOAD_LAYOUT not in scenario.auto_layout or training.offload_optimizer or training.offload_params \
            or not scenario.workload.is_training or scenario.workload.is_adapter:
        return None
    megatron = training.recipe.runs_megatron_core
    if megatron and training.optimizer is Optimizer.SGD:
        return None
    zero = MEGATRON_OFFLOAD_ZERO if megatron else FSDP_OFFLOAD_ZERO
    pinned_ok = (1, 2) if megatron else (FSDP_OFFLOAD_ZERO,)
    auto = scenario.auto_layout
    if "zero" not in auto and scenario.parallelism.zero not in pinned_ok:
        return None
    changes = {"offload_optimizer": True} if megatron else {"offload_optimizer": True, "offload_params": True}
    if "zero" not in auto or (not megatron and scenario.count == 1):  # one card: nothing to shard
        return updated_or_none(scenario, training=changes)
    return updated_or_none(scenario, training=changes, parallelism={"zero": zero},
                           auto_layout=tuple(f for f in auto if f != "zero"))


def host_offload_bytes_per_server(scenario: Scenario, card: Card) -> float:
    """Host memory the offloaded states of ``scenario``'s layout hold on one server [B]: each card's
    parameters (the model over tensor and pipeline stages; with ZeRO 1 or more shared out over the replicas,
    as DeepSpeed, Megatron's distributed optimizer and FSDP2 shard them) at the host bytes per parameter,
    times the cards of a server. With the parameters offloaded (FSDP2) those are the recipe's own weights,
    gradients and optimizer states (``memory.training_states``, the memory's: torch-amp 4 + 4 + 8 = 16 B with
    AdamW, pure at bf16 2 + 2 + 4 = 8 B); with the optimizer alone, ZeRO-Offload's fp32 master, gradient and
    moments (:func:`~configurator.core.formulas.states.offloaded_optimizer_host_bytes`: 16 B with AdamW).
    Experts split by expert parallelism are counted as if replicated (an upper bound for MoE)."""
    par = scenario.parallelism
    per_card = scenario.model.total_params() / (par.tp * par.pp)
    if par.zero >= 1:
        per_card /= scenario.replicas
    if scenario.training.offload_params:
        states = training_states(scenario, plan_training(card, scenario.precision))
        per_param = states.weights + states.gradients + states.optimizer
    else:
        per_param = float(offloaded_optimizer_host_bytes(1.0, scenario.training.optimizer.value))
    return per_card * per_param * min(par.cards_per_node, scenario.count)


def host_fits(scenario: Scenario, card: Card) -> bool:
    """Whether one server's host memory can hold the offloaded states of ``scenario``'s layout
    (:func:`host_offload_bytes_per_server` ≤ :data:`HOST_BYTES_PER_SERVER_MAX`)."""
    return host_offload_bytes_per_server(scenario, card) <= HOST_BYTES_PER_SERVER_MAX


def offload_planned(scenario: Scenario, card: Card) -> Message:
    """What the answer says first when the planner put the training states in host memory (``scenario``: the
    layout chosen): that nothing fits on the cards alone, what went to the host (the optimizer; or with FSDP2
    the parameters, gradients and optimizer) and the host memory each server needs [GiB]."""
    key = OFFLOAD_PLANNED_PARAMS if scenario.training.offload_params else OFFLOAD_PLANNED
    return msg(key, count=scenario.count, card=card.name, host_gib=host_offload_bytes_per_server(scenario, card) / GIB)


def offload_planned_in(est: Estimate) -> bool:
    """Whether the planner put ``est``'s training states in host memory (no layout fit on the cards alone)."""
    return any(m.id in (OFFLOAD_PLANNED, OFFLOAD_PLANNED_PARAMS) for m in est.messages)
