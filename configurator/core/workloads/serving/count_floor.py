"""Card counts the serving deployment search need not plan: those at which no layout the plan of
shared copies may weigh carries the stated request rate at any batch per copy, with either KV
cache (:func:`short_at_count`), from each layout's ceiling on the rate a copy sustains — the
prompt compute alone, read from the copy's step table, nothing timed under load. The search
itself is :mod:`configurator.core.workloads.serving.deployment`, the layout search
:mod:`configurator.core.workloads.serving.plan`.

Why no plan there carries the load. The plan ranks the layouts it weighs by
:func:`~configurator.core.workloads.serving.weighing.serving_rank`, whose second place is "meets
every target", the stated rate among them; the layout it chooses is one it weighed, with its
batch per copy and KV cache. Every layout it may weigh at the count is among
:func:`layouts_weighed` (tensor-parallel degrees of
:func:`~.layouts.serving_tensor_parallel_options`, the pinned or every pipeline degree of
:data:`~.layouts.SERVING_PIPELINE_STAGES` up to the layers, the expert-parallel degrees of
:func:`~.layouts.serving_expert_parallel_options`: :func:`~.plan.planned_layout` weighs a subset),
each with the engine's KV cache and, where the search may try it
(:func:`~.plan._with_fp8_cache_if_needed`), the FP8 one. For each, the rate its estimate reports
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
from configurator.core.units import Precision
from configurator.core.workloads.serving.copies import kept_plan
from configurator.core.workloads.serving.edits import with_parallelism, with_serving
from configurator.core.workloads.serving.layouts import (
    SERVING_PIPELINE_STAGES,
    serving_expert_parallel_options,
    serving_tensor_parallel_options,
)
from configurator.core.workloads.serving.probe import RateProbe


def layouts_weighed(scenario: Scenario, card: Card) -> Iterator[Scenario]:
    """Every layout :func:`~.plan.planned_layout` may weigh for ``scenario`` at its card count
    (a superset: every tensor-parallel degree at every pipeline degree, where the search tries
    only the widest that divides the cards beyond one stage), each with the KV caches it may be
    weighed with (the engine's, and FP8 where :func:`~.plan._with_fp8_cache_if_needed` may try it)."""
    stages = (1, *(pp for pp in SERVING_PIPELINE_STAGES if pp <= scenario.model.n_layers)) \
        if "pp" in scenario.auto_layout else tuple(dict.fromkeys((scenario.parallelism.pp, 1)))
    count = scenario.count
    for pp in stages:
        for tp in serving_tensor_parallel_options(scenario, card):
            if count % (tp * pp):
                continue
            for ep in serving_expert_parallel_options(scenario, card, tp, pp):
                laid_out = with_parallelism(scenario, {"tp": tp, "pp": pp, "virtual_stages": 1, "cp": 1, "ep": ep})
                yield laid_out
                if laid_out.serving.kv_precision is None and card.supports(Precision.FP8) and \
                        kv_element_bytes(laid_out, kept_plan(laid_out, card)) > kv_bytes(Precision.FP8):
                    yield with_serving(laid_out, kv_precision=Precision.FP8)


def short_at_count(scenario: Scenario, card: Card) -> bool:
    """Whether the plan of shared copies of ``scenario`` (its count set, the layout Auto, the engine
    step and pools not searched) provably misses the stated request rate, whatever layout, batch
    and KV cache it chooses (see the module's docstring): every layout it may weigh
    (:func:`layouts_weighed`) short of the rate at every batch
    (:meth:`~.probe.RateProbe.short_at_every_batch`). False where that is not shown: separate
    pools, no layout, or one without the rate probe (no stated rate, static batching, no speed)."""
    if scenario.serving.disaggregated:
        return False
    found = False
    for laid_out in layouts_weighed(scenario, card):
        probe = RateProbe.shared(laid_out, card)
        if probe is None or not probe.short_at_every_batch():
            return False
        found = True
    return found
