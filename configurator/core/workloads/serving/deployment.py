"""Serving deployments: the fewest cards that carry every user and the request rate within the
latency targets, and when none does, the configuration closest to meeting them."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace

from configurator.core.catalog import Card
from configurator.core.constraints import missed_serving_targets
from configurator.core.memory import usable_capacity_bytes
from configurator.core.messages import msg
from configurator.core.precision import plan_serving
from configurator.core.procurement.servers import purchase_unit
from configurator.core.scenario import Scenario
from configurator.core.serving_use import latency_targets
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.layout import (
    at_count,
    pinned_model_parallel,
    plannable,
    valid_counts,
    whole_system_counts,
)
from configurator.core.workloads.serving.collector import collector_paused
from configurator.core.workloads.serving.copies import forget_counts
from configurator.core.workloads.serving.count_floor import holds_no_copy, rate_miss_floor, short_at_count
from configurator.core.workloads.serving.plan import (
    NotCarrying,
    carries,
    carries_load,
    estimated,
    estimated_unless_carrying,
)
from configurator.core.workloads.serving.pools_floor import pools_cannot_carry
from configurator.core.workloads.serving.shapes import copy_shapes, may_hold_weights, pinned_to
from configurator.core.workloads.serving.step_search import weighs_pools
from configurator.core.workloads.serving.weighing import target_miss
from configurator.core.engine_step import with_engine_step

SERVING_COUNTS = tuple(2**k for k in range(13))
"""Card counts tried for serving before the fewest that carry the load is narrowed down."""


def fewest_cards_for_weights(scenario: Scenario, card: Card) -> int:
    """A lower bound on the cards a serving copy needs: the weights alone, perfectly sharded,
    within the engine's memory budget of each card (no layout holds them on fewer) [count]."""
    plan = plan_serving(scenario, card)
    budget = usable_capacity_bytes(card, scenario.assumptions) * scenario.serving.engine_memory_fraction
    if budget <= 0:
        return 2**62
    return max(1, math.ceil(scenario.model.total_params() * plan.weight_bytes / budget))


@collector_paused
def serving_deployment(scenario: Scenario, card: Card, counts: Sequence[int] = SERVING_COUNTS,
                       whole_systems: bool = False) -> Estimate | None:
    """The fewest cards that carry the whole load (None when no count tried does); with
    ``whole_systems``, in units a buyer can order (whole NVL72 racks). Counts below the
    weights' lower bound (:func:`fewest_cards_for_weights`) are not estimated: they cannot fit."""
    full = engine_start(plannable(scenario, card))  # then each with its engine step settled on the card
    full = with_engine_step(full, card)
    base = with_engine_step(_engine_defaults(full), card, full.serving.max_batched_tokens)
    ordered = tuple(valid_counts(base, whole_system_counts(card, counts) if whole_systems else counts))
    in_units = whole_systems and whole_system_counts(card, counts) != tuple(counts)
    least = fewest_cards_for_weights(base, card)
    previous, last, floored, ceilings = 0, None, True, {}
    for count in ordered:
        if count < least:
            previous = count
            continue
        at = at_count(base, count)
        # no layout carries the rate at any batch: as a plan short of it says. Once a count is not
        # shown short, larger ones are not asked (a multiple has its layouts with more copies each,
        # so it is not shown short either; asking fewer only skips fewer)
        floored = floored and short_at_count(at, card, ceilings)
        if floored:
            previous, last = count, _estimate_of(at, card)
            continue
        est = estimated_unless_carrying(at, card)
        if isinstance(est, NotCarrying):  # misses the rate or does not fit: neither carries nor reaches the floor
            if not est.has_speed:
                return None  # no published rate to time it with
            # the next count reaches the floor from it only if it fits: then its estimate, if asked
            previous, last = count, (est.estimate if est.fits else None)
            continue
        if est is None or carries_load(est):
            forget_counts(lambda n: n != count)  # only the plan at the fewest cards is asked again
            # whole racks or servers: the fewest whole servers of modules above the last short
            # (8 HGX modules: 40 carry what 64 do; racks: 72, 144 … only)
            return _fewest_deployment(full, base, card, previous, count, purchase_unit(card) if in_units else 1)
        if est.serving is None or (last is not None and _latency_floor_reached(last, est)):
            return None  # no published rate to time it with, or more cards no longer help
        previous, last = count, est
    return None


def _estimate_of(scenario: Scenario, card: Card) -> Callable[[], Estimate]:
    """The plan of ``scenario`` (:func:`~.plan.estimated`), worked out only when called: a count
    shown short of the rate without a plan (:func:`~.count_floor.short_at_count`) is read again only
    where the next count misses a latency target alone (:func:`_latency_floor_reached`)."""
    return lambda: estimated(scenario, card)


def _fewest_deployment(full: Scenario, base: Scenario, card: Card, below: int, carrying: int,
                       step: int = 1) -> Estimate:
    """The deployment on the fewest cards above ``below`` (its plan with the engine's defaults,
    ``base`` — shared copies, the engine's step —, does not carry the load) up to ``carrying``
    (whose plan does): the fewest that shared copies carry it on (:func:`_fewest_carrying`, the
    bisection), then, below those, the fewest that separate prefill and decode pools carry it on
    (:func:`_fewest_pooled`, said with the cards shared copies need: :func:`_pools_said`), with the
    engine step and pools searched too (:func:`_with_engine_search`). ``step``: the counts a buyer
    orders are its multiples (whole servers of modules, whole racks). The shared copies' bisection
    comes first and is not cut short: whether shared copies carry the load is not monotone in the
    count (which widths divide it sets the layouts on offer), so one card fewer not carrying it says
    nothing of fewer still (the Chinese buyer's question, 10 requests/s of Llama 3 70B: 55 × V100 do
    not carry it, 48 do)."""
    shared = _fewest_carrying(base, card, below + 1, carrying, step)
    pooled = _fewest_pooled(full, base, card, shared, step)
    return _pools_said(pooled, shared) if pooled is not None else _with_engine_search(full, base, card, shared)


def _pools_said(pooled: Estimate, shared: int) -> Estimate:
    """``pooled`` (separate prefill and decode pools on fewer cards than shared copies carry the load
    on) with a note first saying so: its prefill and decode cards and the ``shared`` copies' count
    (``serving-pools-fewer-cards``), on every surface that says the estimate's notes."""
    s = pooled.scenario
    if not s.serving.disaggregated or not s.prefill_copies:
        return pooled
    prefill = s.prefill_pool_cards
    note = msg("serving-pools-fewer-cards", count=s.count, prefill_cards=prefill, decode_cards=s.count - prefill,
               shared=shared)
    return replace(pooled, messages=(note, *pooled.messages))


def _fewest_pooled(full: Scenario, base: Scenario, card: Card, carrying: int, step: int = 1) -> Estimate | None:
    """The deployment on the fewest cards below ``carrying`` (whose plan with shared copies,
    ``base``, carries the load) that separate prefill and decode pools carry it on, with the
    engine step and the pools searched (``full``); None where none is found, or the plan weighs no
    pools (:func:`~.step_search.weighs_pools`: not Auto, or no latency target — the planner's own
    rule, with or without a stated request rate). Shared copies size the count, so without this it
    jumps: 12 × H100 at TP4 with 2 + 1 pools carry the README's question (26.7 requests/s, 25.9 ms
    per token), shared copies need 16; 48 × Gaudi 3 in 9 + 3 copies of TP4 serve 2,000 users of
    Llama 3 70B at 50 ms a token, shared copies need 72. ``step``: counts are its multiples.

    The counts asked, each of pools at the engine's step only (:func:`~.plan.carries`: it stops
    at the first layout that carries): under a stated rate, the copies of the shape the plan at
    ``carrying`` chose that its rate per copy says the rate needs (:func:`_shared_rate_needs`; the
    plan of pools there free to choose its shape); then, shape by shape
    (:func:`~.shapes.copy_shapes`, those whose copies hold the weights), the fewest copies below
    the fewest cards found so far on which the shape's pools carry the load
    (:func:`_fewest_copies`). The whole search (``full``) is worked out at the fewest count found,
    and taken where it carries the load (else at the next): the plan there weighs every shape and
    chooses what carries more. The guess alone (one count, asked at the fewest shared copies) left
    cards: on the README's question A10 at 544 where 360 carry, H800 at 16 where 12 do."""
    if not weighs_pools(full):
        return None
    pools, least = _pools_only(base), fewest_cards_for_weights(full, card)
    found = []  # counts that pools carry the load on, fewest first
    target = full.constraints.requests_per_s
    if target:
        at_fewest = estimated(at_count(base, carrying), card)  # the plan shared copies carry it with
        group = at_fewest.scenario.model_parallel
        needed = _shared_rate_needs(at_fewest, target)
        if needed is not None:
            whole = math.lcm(group, step)
            count = -(-max(needed, -(-least // group)) * group // whole) * whole
            if count < carrying and _carries_at(pools, card, count):
                found.append(count)
    shapes = [s for s in copy_shapes(base, card) if may_hold_weights(base, card, s, least)]
    if shapes and shapes[0].pp > 1:  # the fewest stages that hold the weights (planned_layout stops there)
        shapes = shapes[:1]
    else:  # stages only where one stage cannot hold a copy
        shapes = [s for s in shapes if s.pp == 1]
    for shape in shapes:
        best = found[0] if found else carrying
        fewer = _fewest_copies(pinned_to(pools, shape), card, max(2, -(-least // shape.cards)),
                               (best - 1) // shape.cards, step // math.gcd(step, shape.cards))
        if fewer is not None:
            found.insert(0, fewer * shape.cards)
    for count in found:  # the whole search there, as the plan weighs it
        fewer = estimated(at_count(full, count), card)
        if carries_load(fewer):
            return fewer
    return None


def _shared_rate_needs(at_fewest: Estimate, target: float) -> int | None:
    """The copies of ``at_fewest``'s shape (the plan shared copies carry the load with) that
    separate pools need for the stated rate ``target`` [requests/s] at its rate per copy,
    ``⌈λ·c / r⌉`` for the rate ``r`` its ``c`` copies carry — separate pools carry at least as much
    per copy wherever they are chosen — [copies]; None without a speed or where its copies carry
    the rate with no room to spare."""
    if at_fewest.serving is None or at_fewest.serving.requests_per_s <= target:
        return None
    return math.ceil(target * at_fewest.scenario.data_parallel / at_fewest.serving.requests_per_s)


def _fewest_copies(pinned: Scenario, card: Card, low: int, high: int, unit: int = 1) -> int | None:
    """The fewest copies from ``low`` to ``high``, a multiple of ``unit`` (whole servers: 2 copies of
    TP4 a server of 8), on which the plan of ``pinned`` (one copy shape, :func:`~.shapes.pinned_to`)
    carries the load, taken to be monotone in its copies: None where the most such copies up to
    ``high`` do not carry it (asked first: most shapes do not carry it on fewer cards than the fewest
    found, one plan each), else bisected [copies]; a count the floors show no prefill pool carries the
    load on is answered without a plan (:func:`_pools_carry_at`). (A first guess from the rate the
    copies carry, ``⌈λ·c / r⌉``, asked more plans than the bisection on the README's question: where
    pools carry the rate, the first token's wait bounds them, which the rate does not say.)"""
    group = pinned.parallelism.tp * pinned.parallelism.pp * unit
    low, high = -(-low // unit), high // unit
    if low > high or not _pools_carry_at(pinned, card, high * group):
        return None
    while low < high:
        middle = (low + high) // 2
        if _pools_carry_at(pinned, card, middle * group):
            high = middle
        else:
            low = middle + 1
    return high * unit


def _pools_carry_at(pinned: Scenario, card: Card, count: int) -> bool:
    """:func:`_carries_at` for pools of one pinned shape, ``False`` without a plan where the
    prefill pool's rate, the first token's or the time per token's floor shows that no prefill
    pool carries the load at any batch (:func:`~.pools_floor.pools_cannot_carry`)."""
    scenario = at_count(pinned, count)
    return not pools_cannot_carry(scenario, card) and carries(scenario, card)


LATENCY_GAIN = 0.01
"""Share by which doubling the cards must shorten the first token or the time per token for the
search to go on when only latency targets are missed."""


def _latency_floor_reached(smaller: Estimate | Callable[[], Estimate], larger: Estimate) -> bool:
    """More cards no longer help: ``larger`` fits and carries the users and the request rate but
    misses a latency target, and neither latency is shorter than on ``smaller`` by
    :data:`LATENCY_GAIN` (each copy is as fast as its widest layout and smallest batch make it:
    a card too slow for the targets at any count). ``smaller`` may be a function that gives it,
    called only where ``larger`` leaves the question open."""
    b = larger.serving
    if b is None or not larger.fits:
        return False
    missed = set(missed_serving_targets(larger.scenario, b))
    if not missed or "misses-request-rate" in missed:
        return False
    smaller = smaller() if callable(smaller) else smaller
    a = smaller.serving
    if a is None or not smaller.fits:
        return False
    return all(getattr(b, f)(50) > (1 - LATENCY_GAIN) * getattr(a, f)(50) for f in ("ttft_at", "tpot_at"))


MISS_TIE = 0.01
"""Relative misses this close count as equal when the closest deployment is chosen: the fewer
cards among them [share of the target]."""


@collector_paused
def closest_serving_deployment(scenario: Scenario, card: Card, counts: Sequence[int] = SERVING_COUNTS,
                               whole_systems: bool = False) -> Estimate | None:
    """When no count meets the request rate and latency targets (the buyer's or the use's): the
    configuration closest to meeting them over the counts :func:`serving_deployment` tries (from
    the weights' lower bound until more cards no longer shorten either latency) — the smallest
    relative miss (:func:`~configurator.core.workloads.serving.weighing.target_miss`), the fewest cards among
    misses within :data:`MISS_TIE` of it — so the buyer sees how near the card comes (TPOT met at
    64 cards, TTFT 8 % over) rather than the fewest cards that hold the users, seconds over.
    Estimated at that count against the targets, its verdicts say by how much it misses (the
    recommendation lists it below the line). None when there are no latency targets or no count
    tried fits."""
    if not latency_targets(scenario).any:
        return None
    full = engine_start(plannable(scenario, card))  # then each with its engine step settled on the card
    full = with_engine_step(full, card)
    base = with_engine_step(_engine_defaults(full), card, full.serving.max_batched_tokens)
    ordered = tuple(valid_counts(base, whole_system_counts(card, counts) if whole_systems else counts))
    least = fewest_cards_for_weights(base, card)
    tried, last, ceilings = [], None, {}  # (estimate or what gives it, floor under its miss or None)
    for count in ordered:
        if count < least:
            continue
        at = at_count(base, count)
        floor_miss = rate_miss_floor(at, card, ceilings)
        if floor_miss is not None:
            # short of the rate (its speed there, the ceilings' own inputs): it neither ends the walk
            # nor reaches the latency floor, and is estimated only where it may be the closest
            tried.append((last := _estimate_of(at, card), floor_miss))
            continue
        est = estimated(at, card)
        if est.serving is None:
            break
        if est.fits:
            tried.append((est, None))
        if last is not None and _latency_floor_reached(last, est):
            break
        last = est
    tried = _closest_candidates(tried)
    if not tried:
        return None
    smallest = min(target_miss(e.scenario, e.serving) for e in tried)
    closest = next(e for e in tried if target_miss(e.scenario, e.serving) <= smallest + MISS_TIE)
    if full.auto_layout != base.auto_layout:  # the engine step and the pools searched at that count too
        searched = estimated(at_count(full, closest.scenario.count), card)
        if searched.fits and target_miss(searched.scenario, searched.serving) < \
                target_miss(closest.scenario, closest.serving):
            closest = searched
    return closest


def _closest_candidates(tried: list[tuple[Estimate | Callable[[], Estimate], float | None]]) -> list[Estimate]:
    """The estimates :func:`closest_serving_deployment` chooses among, in their order: those worked
    out (each fits), and of the counts shown short of the rate (each with a floor under its miss,
    :func:`~.count_floor.rate_miss_floor`) those that fit where the floor is within
    :data:`MISS_TIE` of the least miss worked out; the others, missing by more than the least
    (which they therefore do not change) plus the tie, are never the closest and are not estimated."""
    known = [e for e, floor_miss in tried if floor_miss is None]
    least = min((target_miss(e.scenario, e.serving) for e in known), default=math.inf)
    found = []
    for est, floor_miss in tried:
        if floor_miss is not None:
            if floor_miss > least + MISS_TIE:
                continue
            est = est()
            if not est.fits:
                continue
        found.append(est)
    return found


ENGINE_SEARCH_FIELDS = ("max_batched_tokens", "disaggregated")
"""Serving settings the planner searches only at the count found: the engine step and the
prefill/decode pools (each multiplies the layouts tried)."""


_SHARED_COPIES = {"disaggregated": False, "prefill_cards": None}
"""The serving settings of shared copies: no separate pools, no prefill pool size."""


def engine_start(scenario: Scenario) -> Scenario:
    """``scenario`` with each engine-step and pool field left to the planner (:data:`ENGINE_SEARCH_FIELDS`
    in ``auto_layout``) set back to its default, whatever an earlier plan wrote there: the engine's
    chunk, shared copies, no prefill pool size. A plan applied in the window (the wizard's answer, a
    ranking row) writes its chunk, pools and pool size into the scenario; the next card laid out must
    not start from them (the pool size is no layout field, so it would stay pinned; a chunk would seed
    the chunk search). Fields the user pinned keep their values."""
    auto, serving, reset = scenario.auto_layout, scenario.serving, {}
    if "disaggregated" in auto and (serving.disaggregated or serving.prefill_cards is not None):
        reset.update(_SHARED_COPIES)
    default_chunk = type(serving).model_fields["max_batched_tokens"].default
    if "max_batched_tokens" in auto and serving.max_batched_tokens != default_chunk:
        reset["max_batched_tokens"] = default_chunk
    return scenario.model_copy(update={"serving": serving.model_copy(update=reset)}) if reset else scenario


def _engine_defaults(scenario: Scenario) -> Scenario:
    """``scenario`` with the engine-step and pool searches off (the engine's chunk, shared copies:
    :func:`engine_start`) and taken off the planner's list."""
    start = engine_start(scenario)
    auto = tuple(f for f in start.auto_layout if f not in ENGINE_SEARCH_FIELDS)
    return start if auto == start.auto_layout else start.model_copy(update={"auto_layout": auto})


def _pools_only(base: Scenario) -> Scenario:
    """``base`` (the engine's defaults) with separate prefill and decode pools, the prefill pool
    sized by the search (:func:`~configurator.core.workloads.serving.replica_plan.sized_pools`)."""
    return base.model_copy(update={"serving": base.serving.model_copy(update={"disaggregated": True,
                                                                              "prefill_cards": None})})


def _with_engine_search(full: Scenario, base: Scenario, card: Card, count: int) -> Estimate:
    """At the fewest cards found with the engine's defaults (``base``, ``count``), the plan with
    the engine step and pools searched too (when Auto), if it carries the load; else the plan
    with the engine's defaults (worked out only then)."""
    if full.auto_layout == base.auto_layout:
        return estimated(at_count(base, count), card)
    searched = estimated(at_count(full, count), card)
    return searched if carries_load(searched) else estimated(at_count(base, count), card)


def _carries_at(base: Scenario, card: Card, count: int) -> bool:
    """Whether the plan of ``base`` at ``count`` cards carries the load (:func:`carries_load` of
    its estimate), worked out only as far as that needs
    (:func:`~configurator.core.workloads.serving.plan.carries`)."""
    return carries(at_count(base, count), card)


def _fewest_carrying(base: Scenario, card: Card, low: int, high: int, step: int = 1) -> int:
    """Bisect between ``low`` and ``high`` cards (``high`` carries the load) for the fewest that
    still carry it [count]; a count at which no layout holds a copy in memory
    (:func:`~.count_floor.holds_no_copy`) does not carry it, answered without a plan. ``step``: the
    counts a buyer orders are its multiples (8 modules of an HGX server)."""
    group = math.lcm(pinned_model_parallel(base), step)  # counts stay multiples of a pinned tp × pp
    low = -(-max(low, fewest_cards_for_weights(base, card)) // group)
    high //= group
    while low < high:
        middle = (low + high) // 2
        at = at_count(base, middle * group)
        if not holds_no_copy(at, card) and carries(at, card):
            forget_counts(lambda n: n == high * group)  # fewer cards carry it: not the fewest
            high = middle
        else:
            forget_counts(lambda n: n == middle * group)
            low = middle + 1
    return high * group
