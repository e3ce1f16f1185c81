"""Pipeline stages of one serving copy working at once (``tp × pp`` cards, ``pp > 1``).

An engine serving a copy split into ``pp`` stages keeps ``pp`` micro-batches in flight, one in
each stage, so that every stage works at once: TensorRT-LLM's PyTorch executor runs
``_executor_loop_pp`` with ``num_micro_batches`` equal to the pipeline size
(NVIDIA/TensorRT-LLM ``tensorrt_llm/_torch/pyexecutor/py_executor.py`` at 9521caf), vLLM one scheduler
per stage, its "virtual engines" (vllm-project/vllm ``vllm/engine/llm_engine.py`` at 1473f74,
``parallel_config.pipeline_parallel_size`` schedulers). A running batch of ``B`` sequences is
``pp`` micro-batches of ``B / pp``; a sequence's next token waits for its micro-batch to pass every
stage, ``pp`` stage steps of ``1/pp`` of the layers each, plus the activations' sends between
stages. That round is what :attr:`~configurator.core.load.StepCosts.decode_s` gives the load model
(the time per output token, and the copy's ``B`` tokens a round); memory already splits by stage
(:mod:`configurator.core.workloads.serving.memory`).
"""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.decode_step import copy_fabric
from configurator.core.fabric import links
from configurator.core.formulas.collectives import point_to_point_seconds
from configurator.core.precision import PrecisionPlan
from configurator.core.scenario import Scenario


def stage_send_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan):
    """``(fixed, per_sequence)`` of one micro-batch's sends between stages in a round [s, s]:
    ``pp − 1`` sends of ``hidden × tokens`` activations at the math bytes (each tensor-parallel rank
    sends its whole copy to its peer of the next stage), over the fast domain where the copy's
    ``tp × pp`` cards fit one (one pair's own link on a board without a switch,
    :func:`~configurator.core.fabric.links`), else the network
    (:func:`~configurator.core.formulas.collectives.point_to_point_seconds`: its fixed latency once per send).
    The sampled tokens' return to the first stage is a few bytes a sequence: not counted."""
    par = scenario.parallelism
    net = copy_fabric(card, par.cards_per_node, scenario.assumptions)
    gbps = links(net, scenario.assumptions, 2)[0] if par.tp * par.pp <= net.domain else net.network_gbps
    efficiency = scenario.assumptions.link_efficiency
    fixed = point_to_point_seconds(0.0, gbps, efficiency)
    one = point_to_point_seconds(scenario.model.hidden * plan.math_bytes, gbps, efficiency) - fixed
    return (par.pp - 1) * fixed, (par.pp - 1) * one


def pipelined_decode(decode_s, pp: int, fixed_s: float, per_sequence_s: float):
    """The round of a ``pp``-stage copy with ``n`` sequences [s]: its micro-batch of ``n / pp`` through
    the whole model on the copy's tensor-parallel group (``decode_s``, the unpipelined step: ``pp``
    stage steps of ``1/pp`` of the layers each), plus the sends (:func:`stage_send_seconds`)."""
    def round_s(n: float) -> float:
        return decode_s(n / pp) + fixed_s + per_sequence_s * n / pp
    return round_s
