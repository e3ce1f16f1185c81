"""The planner's CPU optimizer offload: where no layout of a count fits on the cards, the same job with the
optimizer in host memory (ZeRO-Offload, Ren et al. 2021: fp32 master weights, moments and gradients on the host,
the update by the host's CPUs, 16-bit weights back over PCIe each step), when the user left the offload to the
planner (``offload`` in ``Scenario.auto_layout``); its memory and step time are the estimate's own
(``training_stage_memory``, ``training_speed.offload_optimizer_seconds``), its host memory per server here."""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.formulas.states import offloaded_optimizer_host_bytes
from configurator.core.messages import Message, msg
from configurator.core.scenario import Scenario, updated_or_none
from configurator.core.scenario_choices import OFFLOAD_LAYOUT
from configurator.core.units import GIB
from configurator.core.workloads.base import Estimate

OFFLOAD_PLANNED = "offload-planned"
"""The message an estimate whose optimizer the planner put in host memory says first [message id]."""


def optimizer_offloaded(scenario: Scenario) -> Scenario | None:
    """``scenario`` with the optimizer in host memory, when the planner may put it there: the offload is
    left to it (not pinned), the job trains the whole model (an adapter's optimizer is small) and does not
    offload it already; None otherwise, or when the scenario refuses it (an optimizer step in backward)."""
    training = scenario.training
    if OFFLOAD_LAYOUT not in scenario.auto_layout or training.offload_optimizer or not scenario.workload.is_training \
            or scenario.workload.is_adapter:
        return None
    return updated_or_none(scenario, training={"offload_optimizer": True})


def host_optimizer_bytes_per_server(scenario: Scenario) -> float:
    """Host memory the offloaded optimizer of ``scenario``'s layout holds on one server [B]: each card's
    parameters (the model over tensor and pipeline stages; with ZeRO 1 or more shared out over the replicas
    as DeepSpeed partitions the offloaded states) at :func:`~configurator.core.formulas.states.
    offloaded_optimizer_host_bytes`, times the cards of a server. Experts split by expert parallelism are
    counted as if replicated (an upper bound for MoE)."""
    par = scenario.parallelism
    per_card = scenario.model.total_params() / (par.tp * par.pp)
    if par.zero >= 1:
        per_card /= scenario.replicas
    return float(offloaded_optimizer_host_bytes(per_card, scenario.training.optimizer.value)) \
        * min(par.cards_per_node, scenario.count)


def offload_planned(scenario: Scenario, card: Card) -> Message:
    """What the answer says first when the planner put the optimizer in host memory (``scenario``: the layout
    chosen): that nothing fits on the cards alone, and the host memory each server needs [GiB]."""
    return msg(OFFLOAD_PLANNED, count=scenario.count, card=card.name,
               host_gib=host_optimizer_bytes_per_server(scenario) / GIB)


def offload_planned_in(est: Estimate) -> bool:
    """Whether the planner put ``est``'s optimizer in host memory (no layout fit on the cards alone)."""
    return any(m.id == OFFLOAD_PLANNED for m in est.messages)
