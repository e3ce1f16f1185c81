"""The engine step the serving planner settles last (:func:`searched_engine_step`): with the prefill
chunk Auto and a latency target, the tokens per step of :data:`CHUNK_SIZES` that carries the most
within the targets, the batch planned again for it, steps shown to lose or to change nothing not
timed; and the chosen layout with its step settled, estimated (:func:`finished`)."""

from __future__ import annotations

from dataclasses import replace

from configurator.core.catalog import Card
from configurator.core.constraints import missed_serving_targets
from configurator.core.messages import msg
from configurator.core.scenario import Scenario
from configurator.core.serving_use import latency_targets
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.serving.batch_search import evaluated as _evaluated
from configurator.core.workloads.serving.bounds import at_step, step_changes_nothing, step_loses
from configurator.core.workloads.serving.latency_floor import cannot_meet_tpot
from configurator.core.workloads.serving.replica_plan import replica
from configurator.core.workloads.serving.search_state import EVALUATED as _EVALUATED
from configurator.core.workloads.serving.search_state import EXPLORING as _EXPLORING
from configurator.core.workloads.serving.weighing import Weighed, estimate_of, misses_by, serving_rank


CHUNK_SIZES = (512, 1024, 2048, 4096, 8192, 16384)
"""Tokens per engine step the planner tries (vLLM max_num_batched_tokens, SGLang
--chunked-prefill-size, TensorRT-LLM max_num_tokens): from Sarathi-Serve's 512-token chunks
(Agrawal et al. 2024, §5) to twice the engines' 8192 default."""


SAME_RATE = 0.01
"""Request rates this close count as equal: the engine's own chunk is kept unless another carries
more by more than this share."""


def nothing_to_gain(est: Estimate) -> bool:
    """A plan that fits and meets every latency target under a load of users alone (no request
    rate): another engine step or separate pools would only serve the same users a little faster,
    so they are not searched (their point is the most requests carried within the targets)."""
    return not est.scenario.constraints.requests_per_s and est.fits and est.serving is not None and \
        not missed_serving_targets(est.scenario, est.serving) and not _EXPLORING.get()


def any_latency_target(scenario: Scenario) -> bool:
    """Whether the deployment has a latency target: the buyer's, or its use's default."""
    return latency_targets(scenario).any


def weighs_pools(scenario: Scenario) -> bool:
    """Whether separate prefill and decode pools are weighed against prefill and decode sharing every
    copy: the pools are left to the planner ("disaggregated" in ``auto_layout``), the deployment has a
    latency target (:func:`any_latency_target`; pools keep prefill chunks out of the decode steps and
    decode batches out of the prefill queue, DistServe, Zhong et al. 2024: their point is the latency
    targets), and something holds the prefill pool to the load: a stated request rate or a first-token
    target. Without either, pools "meet" a time-per-token target with a prefill pool that falls behind
    without bound (200 users of an offline batch of Llama 3 70B on 1 + 1 copies of TP4 Gaudi 3: 24.9 ms
    a token, the first token after 14.8 million s, goodput 0). The one rule of both searches: the plan
    at a count (:func:`~.plan.search_serving`) and the count search below the fewest cards shared
    copies carry the load on (:func:`~.deployment.serving_deployment`); until December 2026 the count
    search weighed pools only under a stated rate, so 2,000 chat users of Llama 3 70B at 50 ms a token
    were sold 72 × Gaudi 3 in shared copies where 48 in pools carry them (splitpool51)."""
    if "disaggregated" not in scenario.auto_layout:
        return False
    targets = latency_targets(scenario)
    return targets.any and bool(scenario.constraints.requests_per_s or targets.ttft_ms)


def finished(scenario: Scenario, card: Card, best: Weighed | Estimate) -> Estimate:
    """The chosen layout (its KV precision already settled) with its engine step settled, estimated."""
    return estimate_of(searched_engine_step(scenario, card, best))


STEP_CHECK_ORDER = (16384, 2048, 1024, 512, 4096, 8192)
"""The order in which :func:`searched_engine_step` asks whether a step changes nothing
(:func:`~.bounds.step_changes_nothing`): most often failed first, as counted over the README's
and the comparison's serving questions (the order changes which checks are made, not the answer)."""


def _step_check_order(chunk: int) -> int:
    """Where ``chunk`` comes in :data:`STEP_CHECK_ORDER` (a step not in it last)."""
    return STEP_CHECK_ORDER.index(chunk) if chunk in STEP_CHECK_ORDER else len(STEP_CHECK_ORDER)


def searched_engine_step(scenario: Scenario, card: Card, best: Estimate) -> Estimate:
    """With the chunk Auto and a latency target: the engine step (prefill chunk, with the batch
    re-planned for it) that carries the most within the targets, said in a message when it is
    not the one given (the engine's default unless set: :mod:`configurator.core.engine_step`)."""
    if "max_batched_tokens" not in scenario.auto_layout or not any_latency_target(scenario) or best.serving is None \
            or nothing_to_gain(best):
        return best

    def at(chunk: int, replan: bool) -> Estimate:
        return replica(at_step(best, chunk), card) if replan else _evaluated(at_step(best, chunk), card)

    # every step at the batch planned for the engine's, then the batch planned again for the best;
    # one that provably ranks below the given one (tried too), or level with it tried after it, is not timed
    given, rank, rate = best.scenario.serving.max_batched_tokens, serving_rank(best), best.serving.goodput_per_s
    pruning = _EVALUATED.get() is None and given in CHUNK_SIZES
    stepped = {c: at_step(best, c) for c in CHUNK_SIZES if c != given}
    # each step shown to lose first (one rate each, read again below), then, of those it leaves, the
    # one the bound that it changes nothing fails for most often first (all() of the same checks in
    # another order: the same answer, fewer checks where one fails)
    losing = {c: step_loses(s, card, rank, rate, c > given) for c, s in stepped.items()} if pruning else {}
    if pruning and all(step_changes_nothing(stepped[c], card, rank, rate, SAME_RATE)
                       for c in sorted(stepped, key=_step_check_order) if not losing[c]):
        return best  # each step is not tried or, whatever is chosen, the given one carries as much and is kept
    miss = misses_by(best) if pruning else None  # a step missing the targets by more at every batch ranks below
    left = [c for c in CHUNK_SIZES if c == given or not pruning or not (
        losing[c] or miss is not None and cannot_meet_tpot(stepped[c], card, fp8_too=False, miss=miss))]
    tried = [best if chunk == given else at(chunk, False) for chunk in left]
    chosen = max(tried, key=serving_rank)
    if chosen is not best:
        chosen = max(chosen, at(chosen.scenario.serving.max_batched_tokens, True), key=serving_rank)
    if serving_rank(best)[:2] == serving_rank(chosen)[:2] and best.serving is not None and \
            best.serving.goodput_per_s >= (1 - SAME_RATE) * chosen.serving.goodput_per_s:
        return best  # the engine's step carries as much: kept, nothing to say
    serving = chosen.scenario.serving
    note = msg("chunk-chosen", chunk=serving.max_batched_tokens, batch=chosen.scenario.sequences_per_replica,
               tried=f"{CHUNK_SIZES[0]:,}–{CHUNK_SIZES[-1]:,}")
    chosen = estimate_of(chosen)
    return replace(chosen, messages=(note, *chosen.messages))
