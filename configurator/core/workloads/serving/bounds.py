"""What the serving search can tell of a layout from its memory and request rate alone (the rate
probe, :class:`~configurator.core.workloads.serving.probe.RateProbe`), before it is timed: the
batch range its batch search covers (:func:`batch_range`), and whether a pool split
(:func:`split_loses`) or an engine step (:func:`step_loses`) provably ranks below a layout already
weighed (:func:`~configurator.core.workloads.serving.weighing.serving_rank`), so that its latencies
are never worked out. The search itself is :mod:`configurator.core.workloads.serving.plan`; it asks
none of these while :func:`~configurator.core.workloads.serving.plan.recording_evaluated` collects
(the plain search times every layout there).
"""

from __future__ import annotations

from configurator.core.engine_step import engine_step_tokens
from configurator.core.catalog import Card
from configurator.core.workloads.serving.memory import ServingMemoryModel
from configurator.core.scenario import Scenario
from configurator.core.prefill_time import prefill_pool_prompt_seconds
from configurator.core.serving_speed import busy_copies
from configurator.core.serving_pools import prefill_pool_rate
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.serving.copies import kept_memory_model, kept_plan
from configurator.core.workloads.serving.edits import with_serving
from configurator.core.workloads.serving.latency_floor import cannot_meet_tpot
from configurator.core.workloads.serving.probe import RateProbe
from configurator.core.workloads.serving.weighing import has_speed


def batch_range(scenario: Scenario, card: Card) -> tuple[int, int]:
    """The batch per copy the search starts from (the users spread over the copies) and the
    largest it tries (what memory holds at the context: the largest concurrency whose memory
    fits with its own engine-step working set, :meth:`ServingMemoryModel.max_concurrency`, so
    that it still fits once set as ``max_batch``) [sequences]; both at most one token per
    running sequence in each engine step (vLLM refuses max_num_seqs above max_num_batched_tokens;
    users beyond it wait in the engine's queue). Worked out once per rate probe where one applies
    (:meth:`RateProbe.shared`: kept for the scenario's copy, whose key holds every field read
    here), with the probe's memory model."""
    probe = RateProbe.shared(scenario, card)
    if probe is None:
        return _batch_range(scenario, kept_memory_model(scenario, card, kept_plan(scenario, card)))
    found = probe.kept.get("range")
    if found is None:
        found = probe.kept["range"] = _batch_range(scenario, probe.memory_model())
    return found


def _batch_range(scenario: Scenario, model: ServingMemoryModel) -> tuple[int, int]:
    """:func:`batch_range` with the scenario's memory model."""
    step_budget = model.step_tokens  # the engine step the memory model was made at
    spread = min(-(-scenario.serving.users // scenario.data_parallel), step_budget)
    largest = min(max(model.max_concurrency(scenario.serving.context_tokens), 1), step_budget)
    return spread, largest


def at_step(est: Estimate, chunk: int) -> Scenario:
    """The scenario of ``est`` with ``chunk`` tokens per engine step (``max_batched_tokens``)."""
    return with_serving(est.scenario, max_batched_tokens=chunk)


def split_loses(split: Scenario, card: Card, best: Estimate, best_rank: tuple) -> bool:
    """Whether a pool split tried after ``best`` (which fits) provably ranks below it
    (:func:`~configurator.core.workloads.serving.weighing.serving_rank`), so it is not timed: its
    request rate is at most the prefill pool's
    (:func:`~configurator.core.serving_pools.prefill_pool_rate`, whatever the batch), and that
    carries no more than ``best`` where ``best`` meets every target, or misses the stated rate by
    more than ``best`` misses its worst target; or, where ``best`` meets every target, the rate
    probe's batch walk (the one the batch search takes) ends on a batch that does not fit or is
    short of the rate. The same functions asked the same questions as the full estimate."""
    if not best.fits or not has_speed(best):  # a layout the search weighed: whether it has one, untimed
        return False
    probe = RateProbe.shared(split, card)
    if probe is None:
        return False
    meets, target = best_rank[1], split.constraints.requests_per_s  # a known-short best's untimed
    prompt_s = prefill_pool_prompt_seconds(split, card, probe.plan)
    bound = prefill_pool_rate(split.prefill_copies, prompt_s) / split.data_parallel * busy_copies(split)
    if meets and bound <= best.serving.requests_per_s:
        return True
    if 0.0 < bound < target and target / bound - 1.0 > -best_rank[2]:  # the best's worst miss read only here
        return True
    if meets and "max_batch" in split.auto_layout:
        _, _, fits, carries = probe.walk(*batch_range(split, card))
        return not (fits and carries)
    return False


def step_loses(stepped: Scenario, card: Card, best_rank, best_rate: float, after: bool) -> bool:
    """Whether the layout of the engine-step search's best (``best_rank``, its rank; ``best_rate``,
    its request rate [1/s]) with another engine step (``stepped``: the same layout and batch per
    copy, another ``max_batched_tokens``) provably ranks below it, or at most level with it where
    it is tried ``after`` it, so that it is never the first of the best ranked and is not timed.

    Read from the rate probe at the batch (:meth:`RateProbe.rate_at`: whether it fits, and the
    request rate the estimate there reports, the same functions on the same copy), against the
    first places of a rank, (fits with a speed, meets every target, −worst miss, request rate,
    −tensor parallel) — the last the same layout's:

    - it does not fit: its first place is False, the best's True;
    - the best meets every target (worst miss 0) and it carries less, or as much tried after —
      its capacity, or a bound on its goodput (:meth:`RateProbe.goodput_below`), against the best's
      goodput: its first three places are at most the best's, its fourth lower (or equal);
    - the best misses a target by ``m`` and it falls short of the stated rate ``λ`` with a rate
      ``r`` where ``λ/r − 1 > m``: its worst miss is at least that of its rate verdict,
      ``target/actual − 1`` (:func:`~configurator.core.workloads.serving.weighing.target_miss`),
      so its third place is lower and its first two at most the best's (True, False).

    None of them where the best does not fit or the probe does not apply (no stated rate, static
    batching, no speed) or the batch is not set."""
    batch = stepped.serving.max_batch
    if not best_rank[0] or batch is None:
        return False
    probe = RateProbe.shared(stepped, card)
    if probe is None:
        return False
    fits, rate = probe.rate_at(batch)
    if not fits:
        return True
    if best_rank[1]:
        return rate < best_rate or (after and rate <= best_rate) or probe.goodput_below(batch, best_rate)
    target = stepped.constraints.requests_per_s
    return 0.0 < rate < target and target / rate - 1.0 > -best_rank[2]


def step_changes_nothing(stepped: Scenario, card: Card, best_rank, best_rate: float, same_rate: float) -> bool:
    """Whether another engine step (``stepped``: the layout and batch per copy of the engine-step
    search's best, another ``max_batched_tokens``) provably cannot change what that search gives,
    whether it is the first of the best ranked and its batch is planned again or not: every
    estimate the search may make of it carries at most ``best_rate / (1 − same_rate)`` and, where
    the best (``best_rank``, which fits with a speed) misses a target, none meets every target.

    Why the search then keeps its best. It weighs the step at the best's batch per copy and, where
    that is the first of the best ranked, the batch search planned again for it
    (:func:`~.batch_search.batched_replica`), and gives the best again where the one it chose ranks
    level with it in the first two places and the best carries at least ``1 − same_rate`` of its
    request rate (:func:`~.step_search.searched_engine_step`). The one chosen ranks at least as high as the
    best, so its first two places are at least the best's: (True, True) where the best meets every
    target, so equal; where it misses one, at most (True, False) as no estimate here meets every
    target (:func:`~.latency_floor.cannot_meet_tpot`: the time per token or the stated rate missed at
    every batch, with its own KV cache — the replanned batch search tries no other), so equal too.
    The batches those estimates are made at: the best's, and those the batch search visits — the
    rate probe's walk and the widening after it both double from the users spread over the copies,
    capped at the largest that memory holds (:func:`batch_range`), so each is ``min(spread·2^k,
    largest)``. The request rate an estimate reports at a batch where the copy fits is
    :meth:`~.probe.RateProbe.rate_at`'s (the same functions on the same copy); one that does not fit
    ranks below the best and is never the one chosen. The rank's rate is the goodput (the rate
    within the targets, :func:`~.weighing.serving_rank`), at most the capacity; so the goodput of
    the one chosen is among those checked, each shown at most ``best_rate / (1 − same_rate)`` as the
    search compares them — its capacity (``best_rate >= (1 − same_rate) · rate``, the same
    floating-point expression) or, where that carries more, the targets missed at that rate
    (:meth:`~.probe.RateProbe.goodput_below`: the goodput lies below it).

    False where the best does not fit or has no speed, the batch is not set or not searched by the
    rate probe's walk (no stated rate, static batching, no speed)."""
    batch = stepped.serving.max_batch
    if not best_rank[0] or batch is None or "max_batch" not in stepped.auto_layout:
        return False
    probe = RateProbe.shared(stepped, card)
    if probe is None:
        return False
    if not best_rank[1] and not cannot_meet_tpot(stepped, card, fp8_too=False):
        return False
    spread, largest = batch_range(stepped, card)
    batches, b = {batch, spread}, spread
    while b < largest:
        b = min(2 * b, largest)
        batches.add(b)
    for b in sorted(batches, reverse=True):  # the widest first: where one carries too much, it most often does
        fits, rate = probe.rate_at(b)
        if fits and not best_rate >= (1 - same_rate) * rate and not probe.goodput_below(b, best_rate / (1 - same_rate)):
            return False
    return True
