"""Card counts the serving deployment search need not plan: those at which no layout the plan of
shared copies may weigh carries the stated request rate at any batch per copy, with either KV
cache (:func:`short_at_count`), from each layout's ceiling on the rate a copy sustains — the
prompt compute alone (:func:`copy_ceiling`), nothing timed under load. The search
itself is :mod:`configurator.core.workloads.serving.deployment`, the layout search
:mod:`configurator.core.workloads.serving.plan`.

Why no plan there carries the load. The plan ranks the layouts it weighs by
:func:`~configurator.core.workloads.serving.weighing.serving_rank`, whose second place is "meets
every target", the stated rate among them; the layout it chooses is one it weighed, with its
batch per copy and KV cache. Every layout it may weigh at the count is among
:func:`layouts_weighed` (:func:`~.plan.planned_layout`'s own choice of tensor-parallel degrees,
:func:`~.layouts.serving_tensor_parallel_options`, at the pinned or every pipeline degree of
:data:`~.layouts.SERVING_PIPELINE_STAGES` up to the layers, whether or not it reaches them, and for a
mixture of experts each such stage count's copy over as many fast domains by tensor parallelism,
:func:`~.layouts.across_domains_tensor_parallel`, with the expert-parallel degrees of
:func:`~.layouts.serving_expert_parallel_options`, and the copies inside one domain whose experts
are split over as many domains, :func:`~.layouts.across_domains_expert_parallel`),
each with the engine's KV cache and, where the search may try it
(:func:`~.replica_plan.with_fp8_cache_if_needed`), the FP8 one. For each, the rate its estimate reports
at any batch per copy is at most :meth:`~.probe.RateProbe.short_at_every_batch`'s ceiling
(:func:`~.probe.prefill_ceiling`, ``1/(P·τ_p)`` per copy, times the copies kept busy: the
capacity ``B/(D·T*)`` with ``T* ≥ B·P·τ_p/D``); where that misses the stated rate for every one,
the plan's rate verdict is missed whichever it chooses, so it does not carry the load. Only where
the rate probe applies (a stated rate, continuous batching, a speed for every layout: then none
of the plan's layouts lacks one either, :attr:`~.weighing.Weighed.timed`), and for shared copies
(separate pools, pinned, are left to the plan).
"""

from __future__ import annotations

from collections.abc import Iterator

from configurator.core.catalog import Card
from configurator.core.formats import kv_bytes
from configurator.core.precision import kv_element_bytes
from configurator.core.scenario import Scenario
from configurator.core.serving_speed import busy_copies, serving_batching
from configurator.core.units import Precision
from configurator.core.verdicts import floor
from configurator.core.workloads.serving.copies import kept_memory_model, kept_plan
from configurator.core.workloads.serving.edits import with_parallelism, with_serving
from configurator.core.workloads.serving.layouts import (
    SERVING_PIPELINE_STAGES,
    across_domains_expert_parallel,
    across_domains_tensor_parallel,
    serving_expert_parallel_options,
    serving_tensor_parallel_options,
)
from configurator.core.workloads.serving.probe import prefill_ceiling
from configurator.core.workloads.serving.search_state import EVALUATED as _EVALUATED


def layouts_weighed(scenario: Scenario, card: Card) -> Iterator[Scenario]:
    """Every layout :func:`~.plan.planned_layout` may weigh for ``scenario`` at its card count, as
    it picks them (a superset: every stage count it may reach, whether or not one stage holds a
    copy): one stage with every tensor-parallel degree that divides the cards, and, beyond one
    stage, the widest that divides them into whole stages and, for a mixture of experts with the
    stages Auto, one copy over as many fast domains by tensor parallelism alone
    (:func:`~.layouts.across_domains_tensor_parallel`) and copies sharing experts split over as many
    domains (:func:`~.layouts.across_domains_expert_parallel`); each with the KV caches it may be
    weighed with (the engine's, and FP8 where :func:`~.replica_plan.with_fp8_cache_if_needed` may try it)."""
    for degrees in _layout_degrees(scenario, card):
        laid_out = _laid_out(scenario, degrees)
        yield laid_out
        if laid_out.serving.kv_precision is None and card.supports(Precision.FP8) and \
                kv_element_bytes(laid_out, kept_plan(laid_out, card)) > kv_bytes(Precision.FP8):
            yield with_serving(laid_out, kv_precision=Precision.FP8)


def _layout_degrees(scenario: Scenario, card: Card) -> Iterator[tuple[int, int, int]]:
    """The (tensor, pipeline, expert) degrees of :func:`layouts_weighed`'s layouts, in its order."""
    stages = (1, *(pp for pp in SERVING_PIPELINE_STAGES if pp <= scenario.model.n_layers)) \
        if "pp" in scenario.auto_layout else tuple(dict.fromkeys((scenario.parallelism.pp, 1)))
    count, tps = scenario.count, serving_tensor_parallel_options(scenario, card)
    across = "pp" in scenario.auto_layout and scenario.model.is_moe  # the plan's copies over several domains
    for pp in stages:
        fitting = [tp for tp in tps if count % (tp * pp) == 0]
        for tp in fitting if pp == 1 else fitting[-1:]:  # tps rise: the widest last
            for ep in serving_expert_parallel_options(scenario, card, tp, pp):
                yield tp, pp, ep
        if across and pp > 1 and (wide := across_domains_tensor_parallel(scenario, card, pp)) is not None:
            for ep in serving_expert_parallel_options(scenario, card, wide, 1):
                yield wide, 1, ep
        if across and pp > 1:
            for tp, ep in across_domains_expert_parallel(scenario, card, pp):
                yield tp, 1, ep


def _laid_out(scenario: Scenario, degrees: tuple[int, int, int]) -> Scenario:
    """``scenario`` with the (tensor, pipeline, expert) ``degrees`` of one copy, as the plan lays it out."""
    tp, pp, ep = degrees
    return with_parallelism(scenario, {"tp": tp, "pp": pp, "virtual_stages": 1, "cp": 1, "ep": ep})


def copy_ceiling(laid_out: Scenario, card: Card) -> float | None:
    """The ceiling on the request rate one copy of ``laid_out`` sustains at any batch per copy
    (:func:`~.probe.prefill_ceiling`, the prompt compute ``1/(P·τ_p)``: the one
    :meth:`~.probe.RateProbe.short_at_every_batch` reads, ``τ_p`` worked out by the same function
    the copy's step table keeps, :func:`~configurator.core.prefill_time.prompt_token_seconds`)
    [1/s]; None where the rate probe does not apply (:meth:`~.probe.RateProbe.of`: no stated rate,
    static batching, no speed). It reads the layout, not the card count (``τ_p`` reads only what
    the step table's key holds, :data:`~configurator.core.decode_step_table.DECODE_FIELDS`), so one
    card's counts share it (:func:`short_at_count`'s ``kept``)."""
    plan = kept_plan(laid_out, card)
    if not laid_out.constraints.requests_per_s or serving_batching(laid_out) == "static" or plan.math is None \
            or not card.peak_tflops(plan.math) or not card.bandwidth_gbps:
        return None
    return prefill_ceiling(laid_out, card, plan)


def rate_miss_floor(scenario: Scenario, card: Card, kept: dict | None = None) -> float | None:
    """Where the plan of shared copies of ``scenario`` provably misses the stated request rate
    (:func:`short_at_count`), a floor under its worst target miss
    (:func:`~configurator.core.workloads.serving.weighing.target_miss`): its rate verdict's
    ``λ/r − 1`` with ``r`` at most the largest of the layouts' ceilings times their copies kept
    busy, ``C``, so at least ``λ/C − 1`` (floating-point division and subtraction never reverse an
    order) [share]; else None. ``kept``: as :func:`short_at_count`'s."""
    ceilings = _busy_ceilings(scenario, card, kept)
    return None if ceilings is None else scenario.constraints.requests_per_s / max(ceilings) - 1.0


def _busy_ceilings(scenario: Scenario, card: Card, kept: dict | None) -> list[float] | None:
    """Every layout's ceiling times its copies kept busy (:func:`short_at_count`'s figures) where
    each is short of the stated rate, else None [1/s]."""
    if scenario.serving.disaggregated:
        return None
    kept = {} if kept is None else kept
    target, found = scenario.constraints.requests_per_s, []
    for laid_out in layouts_weighed(scenario, card):
        p = laid_out.parallelism
        key = (p.tp, p.pp, p.ep, laid_out.serving.kv_precision)
        ceiling = kept[key] if key in kept else kept.setdefault(key, copy_ceiling(laid_out, card))
        if ceiling is None:
            return None
        busy = ceiling * busy_copies(laid_out)
        if not floor("request-rate", target, busy, "requests/s").missed:
            return None
        found.append(busy)
    return found or None


def short_at_count(scenario: Scenario, card: Card, kept: dict | None = None) -> bool:
    """Whether the plan of shared copies of ``scenario`` (its count set, the layout Auto, the engine
    step and pools not searched) provably misses the stated request rate, whatever layout, batch
    and KV cache it chooses (see the module's docstring): for every layout it may weigh
    (:func:`layouts_weighed`), the copy's ceiling (:func:`copy_ceiling`) times the copies kept busy
    (:func:`~configurator.core.serving_speed.busy_copies`) short of the rate, as
    :meth:`~.probe.RateProbe.short_at_every_batch` says it. ``kept``: the copies' ceilings worked
    out for other counts of the same card and scenario, by layout (filled here). False where that
    is not shown: separate pools, no layout, or one without a ceiling."""
    return _busy_ceilings(scenario, card, kept) is not None


def holds_no_copy(scenario: Scenario, card: Card) -> bool:
    """Whether no layout the plan of shared copies of ``scenario`` may weigh at its count
    (:func:`layouts_weighed`, with either KV cache: neither its precision plan nor the weights and
    budget read it) fits in memory at any batch per copy: for each, the weights on one
    card and the engine's context alone (:class:`~.memory.ServingMemoryModel`, the memory model the
    estimate reads) above the engine's budget — the KV cache and activations only add to the total
    (non-negative terms: a floating-point sum never falls below its first terms). Then no layout
    the plan weighs fits, so neither does the one it chooses, and the plan does not carry the load
    (:func:`~.plan.carries_load` reads ``fits`` first), without a plan: the bisection's counts that
    few tensor-parallel degrees divide (11 H100, 351 V100 16 GB: one card per copy, or two, cannot
    hold Llama 3 70B; 48 H100, 16 cards per copy at most, cannot hold DeepSeek-V3). False where
    that is not shown: separate pools, or no layout."""
    if scenario.serving.disaggregated:
        return False
    degrees = list(_layout_degrees(scenario, card))  # the KV cache changes neither weights nor budget
    for found in sorted(degrees, key=lambda d: -d[0] * d[1]):  # the most cards per copy first: most often it holds
        if not weights_outgrow_card(_laid_out(scenario, found), card):
            return False
    return bool(degrees)


def weights_outgrow_card(laid_out: Scenario, card: Card) -> bool:
    """Whether one copy of the layout ``laid_out`` fits at no batch per copy: the weights on one
    card and the engine's context alone (:class:`~.memory.ServingMemoryModel`, the memory model the
    estimate reads, whatever the KV cache's precision or the prefill pool) above the engine's
    budget; the KV cache and activations only add to the total (non-negative terms)."""
    model = kept_memory_model(laid_out, card, kept_plan(laid_out, card))
    return model.weights + model.context > model.budget


def one_stage_outgrown(scenario: Scenario, card: Card, tps: list[int]) -> tuple[int, float, float] | None:
    """For :func:`~.plan.planned_layout`: where the search is not recording and every one-stage
    layout the plan may weigh at ``tps`` (its tensor-parallel degrees) ×
    :func:`~.layouts.serving_expert_parallel_options` fits at no batch (:func:`weights_outgrow_card`):
    the widest tensor-parallel degree of them (the first such in the plan's order) with its weights
    on one card and the engine's budget [B], as the estimate of that layout gives them; else None."""
    if _EVALUATED.get() is not None:
        return None
    layouts = [(tp, ep) for tp in tps if scenario.count % tp == 0
               for ep in serving_expert_parallel_options(scenario, card, tp, 1)]
    if not layouts:
        return None
    widest = None
    for tp, ep in layouts:
        laid_out = with_parallelism(scenario, {"tp": tp, "pp": 1, "virtual_stages": 1, "cp": 1, "ep": ep})
        if not weights_outgrow_card(laid_out, card):
            return None
        if widest is None or tp > widest[0]:
            widest = (tp, laid_out)
    model = kept_memory_model(widest[1], card, kept_plan(widest[1], card))
    return widest[0], model.weights, model.budget
