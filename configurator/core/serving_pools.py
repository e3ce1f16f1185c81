"""Separate prefill and decode pools of a serving deployment (DistServe, Zhong et al. 2024): the
copies of each, the key/value transfer between them, the prefill pool's wait and the goodput of the
two together. Moved out of :mod:`configurator.core.serving_speed`, which assembles a disaggregated
copy's speed from them."""

from __future__ import annotations

import math
from dataclasses import dataclass

from configurator.core.fabric import links
from configurator.core.catalog import Card
from configurator.core.decode_step import copy_fabric
from configurator.core.decode_step_table import copy_step_table
from configurator.core.frozen_record import fast_init
from configurator.core.load import (
    PERCENTILES,
    LatencyLimits,
    StepCosts,
    capacity,
    highest_meeting,
    load_point,
    worst_share,
)
from configurator.core.kv_memory import kv_cache_bytes_per_token
from configurator.core.precision import PrecisionPlan, kv_element_bytes
from configurator.core.prefill_time import prefill_pool_prompt_seconds
from configurator.core.scenario import Scenario
from configurator.core.units import GB


def kv_transfer_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan, prompt_tokens: int) -> float:
    """The key/value cache of one prompt sent from its prefill copy to a decode copy [s].

    ``KV bytes per token × cached tokens`` (sliding layers keep their window) over the copy's
    ``tp × pp`` cards, each sending on its own link: the scale-out network (one 400 Gb/s NIC per card
    on HGX-class servers unless the catalog gives the card's own, :func:`~configurator.core.fabric.fabric`),
    or the fast link when the whole deployment sits in one fast domain (DistServe §4 places the pools
    inside one NVLink node for this reason; on a board without a switch one pair's own link,
    :func:`~configurator.core.fabric.links`), at the collective link efficiency.
    """
    model, par, a = scenario.model, scenario.parallelism, scenario.assumptions
    net = copy_fabric(card, par.cards_per_node, a)
    link = links(net, a, 2)[0] if scenario.count <= net.domain else net.network_gbps
    kv = kv_cache_bytes_per_token(model, kv_element_bytes(scenario, plan)) * model.attended_tokens(prompt_tokens)
    return kv / (par.tp * par.pp * link * GB * a.link_efficiency)


def prefill_pool_rate(prefill_copies: int, prompt_s: float) -> float:
    """Prompts a prefill pool serves per second: its copies over the time per prompt
    (:func:`prefill_pool_prompt_seconds`) [1/s]."""
    return prefill_copies / prompt_s


@fast_init
@dataclass(frozen=True)
class Pools:
    """Separate prefill and decode pools of a deployment: the copies of each, the prefill copies'
    time per prompt and the decode copies' pure decode steps (no prompt chunks between them)."""

    prefill_copies: int
    decode_copies: int
    prompt_s: float
    """Prefill time per prompt on a prefill copy (:func:`prefill_pool_prompt_seconds`) [s]."""
    decode: StepCosts
    decode_capacity: float
    """Highest request rate one decode copy sustains (:func:`~configurator.core.load.capacity`) [1/s]."""

    @property
    def prefill_rate(self) -> float:
        """Prompts the prefill pool serves per second, ``prefill copies / time per prompt`` — an upper
        bound of :attr:`capacity` at every batch per copy [1/s]."""
        return prefill_pool_rate(self.prefill_copies, self.prompt_s)

    @property
    def capacity(self) -> float:
        """Requests per second the deployment sustains: the slower pool's rate [1/s]."""
        return min(self.prefill_rate, self.decode_copies * self.decode_capacity)


def pools(scenario: Scenario, card: Card, plan: PrecisionPlan, costs: StepCosts) -> Pools:
    """The pools of a disaggregated ``scenario`` (:attr:`~configurator.core.scenario.Scenario.prefill_copies`
    > 0) from its copy's :func:`~configurator.core.serving_step_costs.step_costs` at the running batch, the
    prompts taken out of the decode steps."""
    table = copy_step_table(scenario, card, plan, scenario.serving.prompt_tokens + scenario.serving.output_tokens // 2)
    kept = table.kept.get(("pools", id(costs)))  # the pure decode steps of these costs, kept with them
    if kept is None:
        # pure decode steps: a step budget that the one-token stand-in prompts never bind (StepCosts.steady_batch)
        steps = max(costs.output_tokens - 1, 0) / costs.tokens_per_step
        budget = costs.max_batch + 1 if steps <= 0 else math.ceil(costs.max_batch * (1.0 + 1.0 / steps)) + 1
        decode = StepCosts(costs.decode_s, 0.0, 0.0, 1, costs.output_tokens, costs.max_batch, budget,
                           costs.tokens_per_step)
        kept = table.kept[("pools", id(costs))] = (costs, decode, capacity(decode))
    _, decode, decode_capacity = kept
    prefill_copies = scenario.prefill_copies
    return Pools(prefill_copies, scenario.data_parallel - prefill_copies,
                 table.batch_free(prefill_pool_prompt_seconds, scenario, card, plan), decode, decode_capacity)


def pools_ttft(split: Pools, fixed_s: float, rate: float, point) -> dict[int, float]:
    """Time to first token by percentile with separate pools at ``rate`` requests/s to the
    deployment [s]: the prefill pool's M/D/1 wait (its tail exponential), the idle prefill and the
    key/value transfer (``fixed_s``) and the decode copy's first step at its load (``point``, a
    :class:`~configurator.core.load.LoadPoint`). Percentiles add the parts' (an upper bound on the
    percentile of the sum)."""
    rho, theta = prefill_wait(split, rate)
    wait = {k: theta * math.log(rho / (1 - k / 100)) if rho > 1 - k / 100 else 0.0 for k in PERCENTILES}
    return {k: wait[k] + fixed_s + point.ttft_s[k] for k in PERCENTILES}


def prefill_wait(split: Pools, rate: float) -> tuple[float, float]:
    """The prefill pool's M/D/1 wait at ``rate`` requests/s to the deployment: (probability of
    waiting ρ, mean wait when waiting θ [s]), θ = 0 where the pool is full (ρ ≥ 1)."""
    rho = rate / split.prefill_copies * split.prompt_s
    return rho, (split.prompt_s / (2 * (1 - rho)) if rho < 1 else 0.0)


def pools_goodput(split: Pools, fixed_s: float, limits: LatencyLimits, percentile: int, copies: int,
                  low: float = 0.0, most: float = math.inf) -> float:
    """Goodput of separate pools per model copy of the deployment (``copies`` of them) [1/s]: the
    highest rate to the deployment at which TTFT (:func:`pools_ttft`: the prefill pool's wait, the
    transfer and the decode copy's first step) and the decode copies' TPOT at ``percentile`` hold
    within ``limits``, each pool at its share of the rate (the prefill copies all of it, each decode
    copy its part) — the lesser of the two pools' rates under the targets they share — by the
    search of :func:`~configurator.core.load.goodput` (:func:`~configurator.core.load.highest_meeting`;
    ``low``: a rate to the deployment known to meet them, ``most``: the highest rate to the deployment
    searched, else its capacity [1/s])."""
    decode, decode_copies, decode_capacity = split.decode, split.decode_copies, split.decode_capacity

    def point_at(rate: float) -> tuple:
        point = load_point(decode, rate / decode_copies, decode_capacity)
        return point, pools_ttft(split, fixed_s, rate, point)

    def worst(found: tuple) -> float:
        point, ttft = found
        return worst_share(ttft[percentile], point.tpot_s[percentile], point.overloaded, limits)

    found = highest_meeting(point_at, worst, min(split.capacity, most), low=low)
    return found[0].rate * decode_copies / copies if found is not None else 0.0


