"""The serving planner: tensor parallelism, pipeline stages, expert parallelism, batch per copy
and KV precision of a serving deployment chosen for its load and latency targets (moved here
from ``core/estimate.py``, which calls it for scenarios with Auto serving fields).
"""

from __future__ import annotations

from dataclasses import replace

from configurator.core.catalog import Card
from configurator.core.estimate import (
    Estimate,
    _estimate_inference,
    inference_basis,
    messages_for_serving_targets,
    with_layout,
)
from configurator.core.memory import inference_memory_model
from configurator.core.messages import msg
from configurator.core.performance import fabric
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.units import Precision


def _serving_rank(est: Estimate) -> tuple:
    """Order of serving layouts: carries the load within its targets, then throughput, then
    fewer cards per copy."""
    i = est.inference
    if i is None:
        return (0, 0, 0.0, 0)
    return (est.fits, not messages_for_serving_targets(est.scenario, i), i.requests_per_s,
            -est.scenario.parallelism.tp)


def serving_tensor_parallel_options(scenario: Scenario, card: Card) -> list[int]:
    """Tensor-parallel degrees for one model copy: powers of two inside the fast-link domain
    (1 on cards without one) that divide the heads and the card count."""
    if "tp" not in scenario.auto_layout:
        return [scenario.parallelism.tp]
    domain = fabric(card, scenario.parallelism.cards_per_node, scenario.assumptions).domain
    limit = min(domain, scenario.count) if card.has_fast_link else 1
    return [t for t in (1, 2, 4, 8, 16, 32, 64) if t <= limit and scenario.model.n_heads % t == 0
            and scenario.count % t == 0] or [1]


SERVING_PIPELINE_STAGES = (2, 4, 8, 16)
"""Pipeline stages a serving copy is split into when tensor parallelism inside one fast domain
does not hold it (vLLM ``--pipeline-parallel-size`` across servers); each token still passes
every stage, so the time per token is that of the whole model's weights and cache read once."""


def serving_expert_parallel_options(scenario: Scenario, card: Card, tp: int, pp: int) -> list[int]:
    """Expert-parallel degrees tried for copies of ``tp × pp`` cards: 1, and for a mixture of
    experts the most copies that can share one set of experts inside one fast domain (the
    degree divides the copies and the experts; dispatch and combine stay on the fast link)."""
    if "ep" not in scenario.auto_layout:
        return [scenario.parallelism.ep]
    model = scenario.model
    if not model.is_moe:
        return [1]
    copies = scenario.count // (tp * pp)
    domain = fabric(card, scenario.parallelism.cards_per_node, scenario.assumptions).domain
    fitting = [e for e in range(2, copies + 1) if copies % e == 0 and model.n_experts % e == 0
               and e * tp * pp <= domain]
    return [1, max(fitting)] if fitting and card.has_fast_link else [1]


def planned_inference(scenario: Scenario, card: Card) -> Estimate:
    """Tensor parallelism (and pipeline stages when one fast domain cannot hold a copy), expert
    parallelism for a mixture of experts, and batch per copy chosen for the load: for every
    tensor-parallel degree that divides the cards, the smallest batch that holds every user and
    carries the request rate (Little's law: a copy serves ``batch / latency`` requests/s) within
    memory and the latency targets; the option that does so at the highest request rate wins."""
    tps = serving_tensor_parallel_options(scenario, card)

    def copies(pp: int) -> list[Estimate]:
        # stages are for copies larger than one fast domain: beside them, the widest tensor parallel
        degrees = tps if pp == 1 else [max(tps)]
        return [_batched_replica(with_layout(scenario, {"tp": tp, "pp": pp, "virtual_stages": 1, "cp": 1, "ep": ep}),
                                 card) for tp in degrees if scenario.count % (tp * pp) == 0
                for ep in serving_expert_parallel_options(scenario, card, tp, pp)]

    pinned_pp = "pp" not in scenario.auto_layout
    first = copies(scenario.parallelism.pp if pinned_pp else 1) or copies(1)
    best = max(first, key=_serving_rank)
    if best.fits or pinned_pp:
        return _with_fp8_cache_if_needed(scenario, card, best)
    widest = max(first, key=lambda e: e.scenario.parallelism.tp)
    if widest.memory.weights * widest.scenario.parallelism.tp > scenario.count * widest.memory.budget:
        return _with_fp8_cache_if_needed(scenario, card, best)  # the weights alone outgrow every card
    for pp in SERVING_PIPELINE_STAGES:  # a copy too large for one fast domain spans servers in stages
        if pp > scenario.model.n_layers:
            break
        staged = copies(pp)
        if staged:
            best = max([best, *staged], key=_serving_rank)
            if best.fits:
                break
    return _with_fp8_cache_if_needed(scenario, card, best)


def _with_fp8_cache_if_needed(scenario: Scenario, card: Card, best: Estimate) -> Estimate:
    """When the engine's default KV cache (the KV precision left unset) keeps a copy from
    carrying the load, the same plan with an FP8 cache (vLLM/SGLang ``kv_cache_dtype=fp8``,
    half the bytes per token) if the card computes FP8 and that carries more; said in a message."""
    i = best.inference
    if scenario.serving.kv_precision is not None or not card.supports(Precision.FP8) or i is None:
        return best
    if best.fits and not messages_for_serving_targets(best.scenario, i):
        return best
    fp8 = best.scenario.model_copy(update={"serving": best.scenario.serving.model_copy(
        update={"kv_precision": Precision.FP8})})
    other = _batched_replica(fp8, card)
    if _serving_rank(other)[:2] > _serving_rank(best)[:2]:  # fits, or meets the targets, where it did not
        return replace(other, messages=(msg("kv-fp8-chosen"), *other.messages))
    return best


def _batched_replica(scenario: Scenario, card: Card) -> Estimate:
    """The scenario with the batch per copy chosen (when it is Auto), estimated."""
    def at(batch: int | None) -> Estimate:
        s = scenario.model_copy(update={"serving": scenario.serving.model_copy(update={"max_batch": batch})})
        return _estimate_inference(s, card, inference_basis(s, card))

    if "max_batch" not in scenario.auto_layout:
        return at(scenario.serving.max_batch)
    spread = -(-scenario.serving.concurrency // scenario.data_parallel)
    model = inference_memory_model(scenario, card, plan_serving(scenario, card))
    largest = max(model.max_concurrency(scenario.serving.context), 1)
    est, batch = at(spread), spread

    def missed(e: Estimate) -> set[str]:
        return set(messages_for_serving_targets(e.scenario, e.inference)) if e.inference else {"no-speed"}

    while batch < largest and est.fits and "misses-request-rate" in missed(est):
        batch = min(2 * batch, largest)
        bigger = at(batch)
        if not bigger.fits or missed(bigger) - {"misses-request-rate"}:
            break  # a larger batch would not fit or would miss a latency target
        est = bigger
    return est
