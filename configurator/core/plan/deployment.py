"""Deployments: how many cards of one kind a job needs, each at the layout the planner picks.

Training: every count from the smallest that could meet the deadline, each with its planned
layout and the global batch kept. Serving: the fewest cards that carry every user and the
request rate within the latency targets. Graphics: the cards that carry every user or stream,
or a render job at each count.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from configurator.core.catalog import Card
from configurator.core.estimate import (
    Estimate,
    carrying_whole_load,
    estimate,
    messages_for_serving_targets,
    pinned_model_parallel,
    sweep_counts,
    valid_counts,
    with_count,
)
from configurator.core.graphics import graphics_unsuitable
from configurator.core.training_speed import RACK_SCALE_DOMAIN, model_flops_per_token
from configurator.core.procurement.servers import server_type
from configurator.core.plan.training import global_batch_tokens
from configurator.core.memory import usable_capacity_bytes
from configurator.core.messages import Message, msg
from configurator.core.precision import plan_serving, plan_training
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, Workload
from configurator.core.serving_use import latency_targets
from configurator.core.units import TERA
from configurator.core.verdicts import CONSTRAINTS

TRAINING_COUNTS = tuple(2**k for k in range(15))
"""Card counts tried for training: powers of two from 1 to 16,384, as clusters are built."""

SERVING_COUNTS = tuple(2**k for k in range(13))
"""Card counts tried for serving before the fewest that carry the load is narrowed down."""

COUNTS_PAST_FEASIBLE = 2
"""Larger counts still tried after the first that meets every constraint (more cards cost more,
unless efficiency rises)."""


def whole_system_counts(card: Card, counts: Sequence[int]) -> tuple[int, ...]:
    """Counts a buyer can order: for rack-scale systems (an NVL72 rack is sold whole) the rack's
    cards times 1, 2, 4 … up to the largest of ``counts``; other cards ``counts`` as given."""
    unit = server_type(card, RACK_SCALE_DOMAIN, 1).gpus
    if not server_type(card, RACK_SCALE_DOMAIN, 1).rack_scale:
        return tuple(counts)
    return tuple(unit * 2**k for k in range(20) if unit * 2**k <= max(max(counts), unit))


def plannable(scenario: Scenario, card: Card) -> Scenario:
    """``scenario`` on ``card`` with every layout field the user did not pin left to the planner.

    A scenario without Auto fields (built in code, or an old file) has its whole layout
    planned, with the global batch it states kept.
    """
    auto = scenario.auto_layout or LAYOUT_FIELDS
    training = {}
    if scenario.workload.is_training and scenario.training.global_batch_tokens is None and not scenario.auto_layout:
        training = {"global_batch_tokens": scenario.global_batch_tokens}
    planned = scenario.model_copy(update={"card_id": card.id, "auto_layout": tuple(auto)})
    if training:
        planned = planned.model_copy(update={"training": scenario.training.model_copy(update=training)})
    return planned


def unpinned(scenario: Scenario) -> Scenario:
    """``scenario`` with every layout field left to the planner, the training recipe's global
    batch kept: how another card (or count) is laid out when the user's pins were chosen for their
    own (a tensor degree of 8 does not split 2 cards, a micro-batch sized for 80 GiB overflows 24)."""
    training = {}
    if scenario.workload.is_training and scenario.training.global_batch_tokens is None:
        training = {"global_batch_tokens": global_batch_tokens(scenario)}
    free = scenario.model_copy(update={"auto_layout": tuple(LAYOUT_FIELDS)})
    if training:
        free = free.model_copy(update={"training": scenario.training.model_copy(update=training)})
    return free


def fastest_possible_hours(scenario: Scenario, card: Card, count: int) -> float | None:
    """A lower bound on the training time: the model FLOPs at the card's full peak [h]."""
    plan = plan_training(card, scenario.precision)
    peak = card.peak_tflops(plan.math) if plan.math else None
    if not peak:
        return None
    flops = model_flops_per_token(scenario.model, scenario.training.seq_len) * scenario.training.tokens
    return flops / (count * peak * TERA) / 3600.0


def training_deployments(scenario: Scenario, card: Card, all_counts: bool = False,
                         counts: Sequence[int] = TRAINING_COUNTS) -> list[Estimate]:
    """The job at each count (planned layout, global batch kept) that fits; counts that cannot
    meet the deadline even at peak are skipped, and unless ``all_counts`` the search stops a
    little past the first count that meets every constraint."""
    base = plannable(scenario, card)
    batch_sequences = global_batch_tokens(base) // base.training.seq_len
    deadline = scenario.constraints.deadline_hours
    results, past = [], None
    for count in valid_counts(base, counts):  # the user's pinned tp × pp where it divides the count
        if count > max(batch_sequences, 1) * base.model.n_layers * 64:
            break  # more cards than the batch can keep busy
        if deadline and (fastest_possible_hours(base, card, count) or 0.0) > deadline:
            continue
        est = estimate(with_count(base, count), card)
        if not est.fits or est.training is None or _recipe_moved(est):
            continue
        results.append(est)
        if not constraint_ids(est) and past is None:
            past = 0
        elif past is not None:
            past += 1
        if past is not None and past >= COUNTS_PAST_FEASIBLE and not all_counts:
            break
    return results


DEADLINE_PROBES = 3
"""Largest fitting counts timed to say how fast a card could go when no count meets the deadline."""


def missed_deadline(scenario: Scenario, card: Card, counts: Sequence[int] = TRAINING_COUNTS) -> Message | None:
    """When the deadline, not memory, is why no count of ``card`` is kept: the fastest it trains at
    any count tried (the largest counts that fit, timed), as a message; None when it fits nowhere,
    or the deadline is not the reason."""
    deadline = scenario.constraints.deadline_hours
    if not deadline or not scenario.workload.is_training:
        return None
    base = plannable(scenario, card)
    timed = []
    for count in sorted(valid_counts(base, counts), reverse=True):
        if count > max(global_batch_tokens(base) // base.training.seq_len, 1) * base.model.n_layers * 64:
            continue
        est = estimate(with_count(base, count), card)
        if est.fits and est.training is not None and not _recipe_moved(est):
            timed.append(est)
            if len(timed) == DEADLINE_PROBES:
                break
    if not timed:
        return None
    fastest = min(timed, key=lambda e: e.training.hours)
    if fastest.training.hours <= deadline:
        return None
    return msg("misses-deadline-every-count", hours=fastest.training.hours, days=fastest.training.hours / 24,
               count=fastest.scenario.count, deadline=deadline)


def _recipe_moved(est: Estimate) -> bool:
    """The count does not split the global batch, so the estimate is of another recipe: not a
    deployment of this job (the global batch is kept at every count)."""
    return any(m.id == "batch-moved" for m in est.messages)


def deadline_out_of_reach(scenario: Scenario, card: Card, counts: Sequence[int] = TRAINING_COUNTS) -> tuple[int, float] | None:
    """When no count tried can meet the training deadline even at the card's full peak: the largest
    count the batch keeps busy and the fastest time it could take there (cards, hours); None when
    some count could, or without a deadline."""
    deadline = scenario.constraints.deadline_hours
    if not deadline or not scenario.workload.is_training:
        return None
    base = plannable(scenario, card)
    batch_sequences = global_batch_tokens(base) // base.training.seq_len
    tried = [n for n in counts if n <= max(batch_sequences, 1) * base.model.n_layers * 64]
    if not tried:
        return None
    best = fastest_possible_hours(base, card, tried[-1])
    if best is None or best <= deadline:
        return None
    return tried[-1], best


CONSTRAINT_IDS = CONSTRAINTS
"""The constraints a configuration is checked against (:mod:`configurator.core.verdicts`): the one
checker's ids, in the order a summary lists them."""


def constraint_ids(est: Estimate) -> list[str]:
    """The stated constraints ``est`` breaks or cannot be checked against (its blocking verdicts)."""
    return [v.id for v in est.violations]


def carries_load(est: Estimate) -> bool:
    """Serving: fits, and carries every user and the request rate within the latency targets."""
    return est.fits and est.inference is not None and not messages_for_serving_targets(est.scenario, est.inference)


def fewest_cards_for_weights(scenario: Scenario, card: Card) -> int:
    """A lower bound on the cards a serving copy needs: the weights alone, perfectly sharded,
    within the engine's memory budget of each card (no layout holds them on fewer) [count]."""
    plan = plan_serving(scenario, card)
    budget = usable_capacity_bytes(card, scenario.assumptions) * scenario.serving.engine_memory_fraction
    if budget <= 0:
        return 2**62
    return max(1, math.ceil(scenario.model.total_params() * plan.weight_bytes / budget))


def serving_deployment(scenario: Scenario, card: Card, counts: Sequence[int] = SERVING_COUNTS,
                       whole_systems: bool = False) -> Estimate | None:
    """The fewest cards that carry the whole load (None when no count tried does); with
    ``whole_systems``, in units a buyer can order (whole NVL72 racks). Counts below the
    weights' lower bound (:func:`fewest_cards_for_weights`) are not estimated: they cannot fit."""
    full = plannable(scenario, card)
    base = _engine_defaults(full)
    ordered = tuple(valid_counts(base, whole_system_counts(card, counts) if whole_systems else counts))
    in_units = whole_systems and whole_system_counts(card, counts) != tuple(counts)
    least = fewest_cards_for_weights(base, card)
    previous, last = 0, None
    for count in ordered:
        if count < least:
            previous = count
            continue
        est = estimate(with_count(base, count), card)
        if carries_load(est):
            found = est if in_units else _fewest_carrying(base, card, previous + 1, count, est)
            return _with_engine_search(full, card, found)
        if est.inference is None or (last is not None and _latency_floor_reached(last, est)):
            return None  # no published rate to time it with, or more cards no longer help
        previous, last = count, est
    return None


LATENCY_GAIN = 0.01
"""Share by which doubling the cards must shorten the first token or the time per token for the
search to go on when only latency targets are missed."""


def _latency_floor_reached(smaller: Estimate, larger: Estimate) -> bool:
    """More cards no longer help: ``larger`` fits and carries the users and the request rate but
    misses a latency target, and neither latency is shorter than on ``smaller`` by
    :data:`LATENCY_GAIN` (each copy is as fast as its widest layout and smallest batch make it:
    a card too slow for the targets at any count)."""
    a, b = smaller.inference, larger.inference
    if a is None or b is None or not (smaller.fits and larger.fits):
        return False
    missed = set(messages_for_serving_targets(larger.scenario, b))
    if not missed or "misses-request-rate" in missed:
        return False
    return all(getattr(b, f)(50) > (1 - LATENCY_GAIN) * getattr(a, f)(50) for f in ("ttft_at", "tpot_at"))


MISS_TIE = 0.01
"""Relative misses this close count as equal when the closest deployment is chosen: the fewer
cards among them [share of the target]."""


def closest_serving_deployment(scenario: Scenario, card: Card, counts: Sequence[int] = SERVING_COUNTS,
                               whole_systems: bool = False) -> Estimate | None:
    """When no count meets the request rate and latency targets (the buyer's or the use's): the
    configuration closest to meeting them over the counts :func:`serving_deployment` tries (from
    the weights' lower bound until more cards no longer shorten either latency) — the smallest
    relative miss (:func:`~configurator.core.plan.serving.target_miss`), the fewest cards among
    misses within :data:`MISS_TIE` of it — so the buyer sees how near the card comes (TPOT met at
    64 cards, TTFT 8 % over) rather than the fewest cards that hold the users, seconds over.
    Estimated at that count against the targets, its verdicts say by how much it misses (the
    recommendation lists it below the line). None when there are no latency targets or no count
    tried fits."""
    from configurator.core.plan.serving import target_miss  # the planner builds on the estimate

    if not latency_targets(scenario).any:
        return None
    full = plannable(scenario, card)
    base = _engine_defaults(full)
    ordered = tuple(valid_counts(base, whole_system_counts(card, counts) if whole_systems else counts))
    least = fewest_cards_for_weights(base, card)
    tried, last = [], None
    for count in ordered:
        if count < least:
            continue
        est = estimate(with_count(base, count), card)
        if est.inference is None:
            break
        if est.fits:
            tried.append(est)
        if last is not None and _latency_floor_reached(last, est):
            break
        last = est
    if not tried:
        return None
    smallest = min(target_miss(e.scenario, e.inference) for e in tried)
    closest = next(e for e in tried if target_miss(e.scenario, e.inference) <= smallest + MISS_TIE)
    if full.auto_layout != base.auto_layout:  # the engine step and the pools searched at that count too
        searched = estimate(with_count(full, closest.scenario.count), card)
        if searched.fits and target_miss(searched.scenario, searched.inference) < \
                target_miss(closest.scenario, closest.inference):
            closest = searched
    return closest


ENGINE_SEARCH_FIELDS = ("max_batched_tokens", "disaggregated")
"""Serving settings the planner searches only at the count found: the engine step and the
prefill/decode pools (each multiplies the layouts tried)."""


def _engine_defaults(scenario: Scenario) -> Scenario:
    """``scenario`` with the engine-step and pool searches off (the engine's chunk, shared copies)."""
    auto = tuple(f for f in scenario.auto_layout if f not in ENGINE_SEARCH_FIELDS)
    return scenario if auto == scenario.auto_layout else scenario.model_copy(update={"auto_layout": auto})


def _with_engine_search(full: Scenario, card: Card, found: Estimate) -> Estimate:
    """At the fewest cards found with the engine's defaults, the plan with the engine step and
    pools searched too (when Auto), if it carries the load; else ``found``."""
    if full.auto_layout == _engine_defaults(full).auto_layout:
        return found
    searched = estimate(with_count(full, found.scenario.count), card)
    return searched if carries_load(searched) else found


def _fewest_carrying(base: Scenario, card: Card, low: int, high: int, found: Estimate) -> Estimate:
    """Bisect between ``low`` and ``high`` cards for the fewest that still carry the load."""
    best, group = found, pinned_model_parallel(base)  # counts stay multiples of a pinned tp × pp
    low = -(-max(low, fewest_cards_for_weights(base, card)) // group)
    high //= group
    while low < high:
        middle = (low + high) // 2
        est = estimate(with_count(base, middle * group), card)
        if carries_load(est):
            best, high = est, middle
        else:
            low = middle + 1
    return best


def graphics_deployments(scenario: Scenario, card: Card, counts: Sequence[int] = TRAINING_COUNTS[:11]) -> list[Estimate]:
    """Rendering: the job at every count that fits. Desktops and transcoding: the cards needed
    for every user or stream."""
    if graphics_unsuitable(scenario.workload, card):
        return []
    per_node = 1 if card.is_consumer and scenario.workload is Workload.TRANSCODE else None  # sessions per server
    par = scenario.parallelism.model_copy(update={"cards_per_node": per_node or scenario.parallelism.cards_per_node})
    base = scenario.model_copy(update={"card_id": card.id, "count": 1, "parallelism": par})
    if scenario.workload is Workload.RENDER:
        return [e for e in sweep_counts(base, card, counts) if e.fits and e.graphics.hours is not None]
    first = estimate(base, card)
    if not first.graphics.cards_needed or not first.fits:
        return []
    deployment = carrying_whole_load(first)
    return [deployment] if deployment.usable else []


def deployments(scenario: Scenario, card: Card, all_counts: bool = False, whole_systems: bool = False
                ) -> list[Estimate]:
    """The configurations of ``card`` worth ranking for ``scenario``'s job; ``whole_systems``
    when the cards are bought (rack-scale systems in whole racks) rather than rented."""
    if scenario.workload.is_graphics:
        return graphics_deployments(scenario, card)
    if scenario.workload is Workload.INFERENCE:
        found = serving_deployment(scenario, card, whole_systems=whole_systems)
        return [found] if found is not None else []
    counts = whole_system_counts(card, TRAINING_COUNTS) if whole_systems else TRAINING_COUNTS
    return training_deployments(scenario, card, all_counts, counts)
