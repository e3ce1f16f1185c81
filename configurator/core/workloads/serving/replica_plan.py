"""One layout the serving planner weighs (:func:`~.plan.planned_layout`), estimated: its batch per
copy planned (:func:`~.batch_search.batched_replica`), its prefill pool sized where it is
disaggregated without a size (:func:`sized_pools`), and an FP8 KV cache tried where the engine's
default keeps it from carrying the load (:func:`with_fp8_cache_if_needed`); :class:`Carrying`
stops the search at the first that carries the load, when asked (:func:`~.plan.estimated_unless_carrying`)."""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.formats import kv_bytes
from configurator.core.precision import kv_element_bytes, plan_serving
from configurator.core.scenario import Scenario
from configurator.core.serving_use import latency_targets
from configurator.core.units import Precision
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.serving.batch_search import batched_replica as _batched_replica
from configurator.core.workloads.serving.bounds import split_loses
from configurator.core.workloads.serving.edits import with_serving
from configurator.core.workloads.serving.latency_floor import cannot_meet_tpot
from configurator.core.workloads.serving.pool_sizes import prefill_pool_sizes
from configurator.core.workloads.serving.pools_floor import split_cannot_carry
from configurator.core.workloads.serving.search_state import EVALUATED as _EVALUATED
from configurator.core.workloads.serving.search_state import STOP_AT_CARRYING as _STOP_AT_CARRYING
from configurator.core.workloads.serving.search_state import WHETHER_ONLY as _WHETHER_ONLY
from configurator.core.workloads.serving.set_aside import rate_walk
from configurator.core.workloads.serving.weighing import Either, Weighed, fp8_chosen, has_speed, known_short, \
    misses_by, missed_of, serving_rank


class Carrying(Exception):
    """Raised out of the search, when asked (:func:`~.plan.estimated_unless_carrying`), as soon as one
    layout it weighs carries the load."""


def weighed_carries(est: Weighed | Estimate) -> bool:
    """Whether a layout the search weighed fits and meets the request rate and the latency
    targets: the first two places of its rank (:func:`serving_rank`) — exactly
    :func:`~.plan.carries_load` of its estimate (no
    missed verdict is what ``target_miss == 0`` means: a missed verdict's relative miss is
    positive, ``actual/target > 1`` in floating point for ``actual > target > 0``)."""
    return serving_rank(est)[:2] == (True, True)


def replica(scenario: Scenario, card: Card) -> Estimate:
    """One layout estimated with its batch planned, and its prefill pool sized when it is
    disaggregated without a pool size."""
    serving = scenario.serving
    if not serving.disaggregated or serving.prefill_cards is not None or scenario.data_parallel < 2:
        return _batched_replica(scenario, card)
    return sized_pools(scenario, card)


def sized_pools(scenario: Scenario, card: Card) -> Estimate:
    """The prefill pool that carries the most within the targets, of :func:`~.pool_sizes.prefill_pool_sizes`."""
    copies, group = scenario.data_parallel, scenario.model_parallel
    pools = prefill_pool_sizes(copies, scenario.expert_copies)
    weighed: dict[int, Estimate] = {}  # splits estimated already (by splits_that_may_carry), by prefill copies
    if _STOP_AT_CARRYING.get() and _WHETHER_ONLY.get() and _EVALUATED.get() is None:
        shown = splits_that_may_carry(scenario, card, pools, group, weighed)
        if shown is not None:
            return shown

    best, best_rank = None, None
    for n in pools:  # the first of equals kept, as max() keeps it
        split = with_serving(scenario, prefill_cards=n * group)
        if best is not None and _EVALUATED.get() is None and (split_loses(split, card, best, best_rank) or (
                (miss := misses_by(best)) is not None and cannot_meet_tpot(split, card, fp8_too=False, miss=miss))):
            continue  # ranks below the best: short of the rate, or missing its targets by more at every batch
        est = weighed[n] if n in weighed else _batched_replica(split, card)
        rank = serving_rank(est)
        if best is None or rank > best_rank:
            best, best_rank = est, rank
        if _STOP_AT_CARRYING.get() and weighed_carries(est):
            raise Carrying  # the best split carries it too, and so does the plan (estimated_unless_carrying)
    return best


def splits_that_may_carry(scenario: Scenario, card: Card, pools: list[int], group: int,
                           weighed: dict[int, Estimate]) -> Estimate | None:
    """Asked only whether the plan carries the load (:func:`~.plan.carries`): the prefill pools of
    :func:`sized_pools` (``pools`` copies of ``group`` cards), those that miss the stated rate or
    a target at every batch with the engine's KV cache (:func:`~.pools_floor.split_cannot_carry`)
    not estimated; raises :class:`Carrying` at the first that carries the load — the largest prefill
    pool asked first, which carries where any does in most count searches without a stated rate (2,000
    users of Llama 3 70B at 1 s / 50 ms: the 3/4 pool in nearly every pinned count that carries) —, as the
    search over every split does (a split that carries is never set aside there: it ranks above the best
    so far, which does not carry). Where none carries, the best ranked of those estimated — only
    where that is all the search reads of it: no FP8 cache is tried on the best split
    (:func:`with_fp8_cache_if_needed`, which the best split decides) and no stages are searched
    for want of a split that fits (the pipeline degree pinned); else None, and every split is
    weighed as before, those estimated here (kept in ``weighed``, by prefill copies) not again."""
    targets = latency_targets(scenario)
    for n in sorted(pools, reverse=True):  # largest prefill pool first: most often the one that carries
        split = with_serving(scenario, prefill_cards=n * group)
        if split_cannot_carry(split, card, targets):
            continue
        est = weighed[n] = _batched_replica(split, card)
        if weighed_carries(est):
            raise Carrying  # the plan carries the load (estimated_unless_carrying)
    if not weighed or "pp" in scenario.auto_layout or fp8_may_be_tried(scenario, card):
        return None
    best, best_rank = None, None
    for n in (n for n in pools if n in weighed):  # in the search's order: the first of equals kept, as before
        rank = serving_rank(weighed[n])
        if best is None or rank > best_rank:
            best, best_rank = weighed[n], rank
    return best


def with_fp8_cache_if_needed(scenario: Scenario, card: Card, best: Estimate) -> Estimate:
    """When the engine's default KV cache (the KV precision left unset) keeps a layout from
    carrying the load, the same layout with an FP8 cache (vLLM/SGLang ``kv_cache_dtype=fp8``,
    half the bytes per token) if the card computes FP8 and that fits or meets the targets where
    the default does not; said in a message. Tried on every layout the search weighs, not only on
    the one it would pick without it: with more users the default cache can outgrow a single
    stage, and a wider split that fits with it still be slower than one stage with an FP8 cache.
    Not tried where the default cache is FP8 or narrower already (the same layout again)."""
    if scenario.serving.kv_precision is not None or not card.supports(Precision.FP8) or not has_speed(best):
        return best
    if best.fits and not known_short(best) and not missed_of(best):
        return best
    if kv_element_bytes(scenario, plan_serving(scenario, card)) <= kv_bytes(Precision.FP8):
        return best  # the engine's default cache is FP8 already (TensorRT-LLM with FP8 weights)
    fp8 = with_serving(best.scenario, kv_precision=Precision.FP8)
    if best.fits and _EVALUATED.get() is None and cannot_meet_tpot(fp8, card, fp8_too=False):
        # the FP8 cache misses the time per token or the rate at every batch: its first two places
        # are at most (True, False), the default's (fits with a speed) at least that, so fp8_chosen
        # would keep the default; it is not walked or timed
        return best
    walked = rate_walk(fp8, card)
    if walked is not None and best.fits and not (walked[2] and walked[3]):
        # the default fits, so the FP8 cache is taken only where it meets every target; its batch
        # search settles where the rate probe's walk ends, a batch that does not fit or falls short
        # of the rate, and goes no further (:func:`~.batch_search.batched_replica`): it cannot, and is not timed
        return best
    other = replica(fp8, card) if walked is None else _batched_replica(fp8, card, walked)
    if not best.fits and not other.fits and _EVALUATED.get() is None:
        return Either(best, other, card)  # chosen when asked: against a layout that fits, neither is timed
    return fp8_chosen(best, other)


def fp8_may_be_tried(scenario: Scenario, card: Card) -> bool:
    """Whether :func:`with_fp8_cache_if_needed` may try an FP8 KV cache on a layout of
    ``scenario``: its KV precision left to the engine, a card that computes FP8, and an engine
    cache wider than FP8."""
    return scenario.serving.kv_precision is None and card.supports(Precision.FP8) and \
        kv_element_bytes(scenario, plan_serving(scenario, card)) > kv_bytes(Precision.FP8)
