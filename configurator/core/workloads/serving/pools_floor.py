"""Whether separate prefill and decode pools of one pinned copy shape provably carry the load at
no prefill pool the search tries, no batch per copy and with neither KV cache
(:func:`pools_cannot_carry`), from the prefill pool's time per prompt, the first token's fixed
parts and the decode copies' floor under the time per token alone — nothing timed under load — so
that the deployment search (:func:`~configurator.core.workloads.serving.deployment._fewest_copies`)
rejects such a count without a plan.

Why each is a floor. Separate pools' speed (:func:`~configurator.core.serving_speed._disaggregated_speed`)
carries at most the prefill pool's rate ``P / τ`` (``P`` prefill copies, ``τ`` their time per
prompt, :attr:`~configurator.core.serving_pools.Pools.prefill_rate`: an upper bound of the pools'
capacity). Where the pools carry the stated rate ``λ``, the rate they are evaluated at is ``λ``, or
the capacity a billionth below it where that lies within a billionth above ``λ``; either way at
least ``λ·(1 −`` :data:`~.latency_floor.RATE_MARGIN` ``)``. Their first token at the ``k``-th
percentile is ``w_k + t_idle + t_kv + t_d,k``: the prefill queue's wait
``w_k = τ / (2(1 − ρ)) · ln(ρ / (1 − k/100))`` (0 for ``ρ ≤ 1 − k/100``), ``ρ = λτ / P``, which rises
with the rate; the idle prefill ``t_idle`` and the KV transfer ``t_kv``, neither read at a batch;
and the decode copy's wait for its first step ``t_d,k ≥ 0``. So ``w_k`` at the lowest rate they are
evaluated at, plus ``t_idle + t_kv``, summed in that order (floating point: adding a non-negative
term never lowers a sum), is a floor under their first token. The time per token's floor is
:func:`~.latency_floor.cannot_meet_tpot`'s. Each is checked with the engine's KV cache and, where
the search may try it (:func:`~.replica_plan.with_fp8_cache_if_needed`), the FP8 one.
"""

from __future__ import annotations

import math

from configurator.core.catalog import Card
from configurator.core.decode_step_table import copy_step_table
from configurator.core.scenario import Scenario
from configurator.core.prefill_time import idle_ttft_seconds, prefill_pool_prompt_seconds
from configurator.core.serving_speed import serving_batching
from configurator.core.serving_pools import kv_transfer_seconds, prefill_pool_rate
from configurator.core.serving_use import LatencyTargets, latency_targets
from configurator.core.ttft_grid import PERCENTILES
from configurator.core.units import Precision
from configurator.core.workloads.serving.bounds import batch_range
from configurator.core.workloads.serving.copies import kept_plan
from configurator.core.workloads.serving.edits import with_parallelism, with_serving
from configurator.core.workloads.serving.latency_floor import FLOOR_MARGIN, RATE_MARGIN, cannot_meet_tpot
from configurator.core.workloads.serving.layouts import serving_expert_parallel_options, serving_tensor_parallel_options
from configurator.core.workloads.serving.pool_sizes import prefill_pool_sizes
from configurator.core.workloads.serving.probe import RateProbe


def pools_cannot_carry(scenario: Scenario, card: Card) -> bool:
    """Whether the plan of ``scenario`` — separate pools, the prefill pool still to be sized
    (:func:`~.replica_plan.sized_pools`), tensor and pipeline degrees pinned, under a stated request rate
    — provably does not carry the load: every layout it weighs (the pinned degrees, each expert
    degree, :func:`~.plan.planned_layout`) with every prefill pool it tries
    (:func:`~.pool_sizes.prefill_pool_sizes`) and each KV cache misses the stated rate or a latency
    target at every batch (:func:`split_cannot_carry`). False where that is not shown."""
    serving, auto = scenario.serving, scenario.auto_layout
    if not scenario.constraints.requests_per_s or not serving.disaggregated or serving.prefill_cards is not None \
            or "tp" in auto or "pp" in auto or scenario.data_parallel < 2 or serving_batching(scenario) == "static":
        return False
    pp = scenario.parallelism.pp
    degrees = [tp for tp in serving_tensor_parallel_options(scenario, card) if scenario.count % (tp * pp) == 0]
    if pp > 1:
        degrees = degrees and [max(degrees)]
    layouts = [with_parallelism(scenario, {"tp": tp, "pp": pp, "virtual_stages": 1, "cp": 1, "ep": ep})
               for tp in degrees for ep in serving_expert_parallel_options(scenario, card, tp, pp)]
    if not layouts:
        return False  # the plan falls back to other layouts (planned_layout's copies(1))
    targets = latency_targets(scenario)
    for laid_out in layouts:
        if laid_out.expert_copies > 1 and laid_out.data_parallel < 2 * laid_out.expert_copies:
            return False  # one group of copies sharing the experts: they share it (Scenario.prefill_copies)
        for n in prefill_pool_sizes(laid_out.data_parallel, laid_out.expert_copies):
            split = with_serving(laid_out, prefill_cards=n * laid_out.model_parallel)
            caches = [split]
            if split.serving.kv_precision is None and card.supports(Precision.FP8):
                caches.append(with_serving(split, kv_precision=Precision.FP8))
            if not all(split_cannot_carry(s, card, targets) for s in caches):
                return False
    return True


def split_cannot_carry(split: Scenario, card: Card, targets: LatencyTargets) -> bool:
    """Whether separate pools with the prefill pool of ``split`` (sized) miss the stated rate or a
    latency target (``targets``) at every batch per copy: the prefill pool's rate below the stated
    one, or the time per token's floor (:func:`~.latency_floor.cannot_meet_tpot`) or the first
    token's (:func:`first_token_floor`) above its target; else, the batch searched (Auto), where
    the rate probe's walk the batch search takes (:meth:`~.probe.RateProbe.walk`) settles on a
    batch that does not fit or falls short of the rate (:func:`~.batch_search.batched_replica` returns
    the estimate there, as :func:`~.bounds.split_loses` reads it). False where there is no speed
    to tell or no stated rate."""
    plan = kept_plan(split, card)
    if not split.constraints.requests_per_s or plan.math is None or not card.peak_tflops(plan.math) or \
            not card.bandwidth_gbps:
        return False  # each floor reads the stated rate: users alone (the count search's pools) are timed
    table = _step_table(split, card)  # prefill times kept on it, as the pools' speed keeps them (pools)
    rate, prompt_s = split.constraints.requests_per_s, table.batch_free(prefill_pool_prompt_seconds, split, card, plan)
    if not prompt_s > 0.0:
        return False
    if prefill_pool_rate(split.prefill_copies, prompt_s) < rate * (1.0 - RATE_MARGIN):
        return True
    if cannot_meet_tpot(split, card, fp8_too=False):
        return True
    if targets.ttft_ms:
        floor = first_token_floor(split, card, targets.percentile, prompt_s)
        if floor is not None and floor * 1000 > targets.ttft_ms * (1.0 + FLOOR_MARGIN):
            return True
    if "max_batch" not in split.auto_layout:
        return False
    probe = RateProbe.shared(split, card)  # the batch search's own walk (kept for it): where it settles
    if probe is None:  # on a batch that does not fit or is short of the rate, so is the estimate there
        return False
    _, _, fits, carries = probe.walk(*batch_range(split, card))
    return not (fits and carries)


def first_token_floor(split: Scenario, card: Card, percentile: int, prompt_s: float) -> float | None:
    """A floor under the first token at ``percentile`` of separate pools (the prefill pool of
    ``split``, its time per prompt ``prompt_s`` [s]) wherever they carry the stated rate: the
    prefill queue's wait at :data:`~.latency_floor.RATE_MARGIN` below that rate, the idle prefill
    and the KV transfer (see the module's docstring) [s]; None where that rate fills the prefill
    pool (they do not carry it)."""
    plan = kept_plan(split, card)
    rate = split.constraints.requests_per_s * (1.0 - RATE_MARGIN)
    rho = rate / split.prefill_copies * prompt_s
    if not rho < 1.0:
        return None
    k = percentile if percentile in PERCENTILES else 50  # ttft_at reads the median where not kept
    theta = prompt_s / (2 * (1 - rho))
    wait = theta * math.log(rho / (1 - k / 100)) if rho > 1 - k / 100 else 0.0
    return wait + _step_table(split, card).batch_free(idle_ttft_seconds, split, card, plan) + \
        kv_transfer_seconds(split, card, plan, split.serving.prompt_tokens)


def _step_table(split: Scenario, card: Card):
    """The step table the pools' speed reads (:func:`~configurator.core.serving_pools.pools`), whose
    batch-free values (the prefill times) are worked out once for every split and batch of a copy."""
    serving = split.serving
    return copy_step_table(split, card, kept_plan(split, card), serving.prompt_tokens + serving.output_tokens // 2)
