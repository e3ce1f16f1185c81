"""Sensible precision, parallelism and card-count defaults for a workload (used by the wizard).

Each suggestion searches a small grid of layouts with the estimator and keeps the fastest one
that fits; nothing here has rules of thumb of its own.
"""

from __future__ import annotations

import itertools
import math

from configurator.core.catalog import Card
from configurator.core.estimate import Estimate, estimate
from configurator.core.scenario import Scenario, Workload, updated, updated_or_none
from configurator.core.units import Precision

TRAINING_COUNTS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192)
"""Card counts tried when a deadline decides how many cards are needed."""


def default_precision(card: Card, workload: Workload) -> Precision:
    """BF16 where the card has it, else FP16, else FP32."""
    for precision in (Precision.BF16, Precision.FP16):
        if card.supports(precision):
            return precision
    return Precision.FP32



def _speed(est: Estimate) -> float:
    return est.tokens_per_s or 0.0


def training_layouts(scenario: Scenario) -> list[Scenario]:
    """Tensor/pipeline/ZeRO/recompute/micro-batch combinations valid at the scenario's count."""
    per_node, count, model = scenario.parallelism.cards_per_node, scenario.count, scenario.model
    adapter = scenario.workload.is_adapter
    tps = [t for t in (1, 2, 4, 8) if t <= min(per_node, count) and model.n_heads % t == 0]
    pps = [p for p in (1, 2, 4, 8, 16) if p <= model.n_layers] if not adapter else [1]
    layouts = []
    for tp, pp, zero, recompute, batch in itertools.product(tps, pps, (1, 3), ("none", "full"), (1, 2, 4, 8)):
        if count % (tp * pp) or (zero == 3 and pp > 1):
            continue
        candidate = updated_or_none(
            scenario, parallelism={"tp": tp, "pp": pp, "zero": zero if count // (tp * pp) > 1 else 0},
            training={"recompute": recompute, "micro_batch": batch,
                      "grad_accum": max(scenario.training.grad_accum, 2 * pp if pp > 1 else 1)})
        if candidate is not None:
            layouts.append(candidate)
    return layouts


def best_training_layout(scenario: Scenario, card: Card) -> Scenario:
    """The fastest layout that fits at the scenario's count (the least memory if none fits)."""
    results = [(s, estimate(s, card)) for s in training_layouts(scenario)]
    if not results:
        return scenario
    fitting = [(s, e) for s, e in results if e.fits]
    if fitting:
        return max(fitting, key=lambda se: _speed(se[1]))[0]
    return min(results, key=lambda se: se[1].memory.total)[0]


def suggest_training(scenario: Scenario, card: Card) -> Scenario:
    """Precision and recipe for the card, then the count that meets the deadline (if one is
    set) with its fastest fitting layout."""
    recipe = "megatron-mixed" if scenario.workload is Workload.PRETRAIN else "torch-amp"
    base = updated(scenario, card_id=card.id, precision=default_precision(card, scenario.workload),
                   training={"recipe": recipe})
    deadline = scenario.constraints.deadline_hours
    best = best_training_layout(base, card)
    if estimate(best, card).fits and not deadline:
        return best
    for count in (n for n in TRAINING_COUNTS if n >= (1 if deadline else base.count)):
        candidate = updated_or_none(base, count=count, parallelism={"tp": 1, "pp": 1})
        if candidate is None:
            continue
        best = best_training_layout(candidate, card)
        result = estimate(best, card)
        if result.fits and (not deadline or (result.hours is not None and result.hours <= deadline)):
            return best
    return best


def suggest_inference(scenario: Scenario, card: Card) -> Scenario:
    """The smallest tensor-parallel group that holds the model and its KV cache, and enough
    replicas for the requested load."""
    base = updated(scenario, card_id=card.id, precision=default_precision(card, scenario.workload),
                   count=1, parallelism={"tp": 1, "pp": 1, "zero": 0})
    per_node, heads = base.parallelism.cards_per_node, base.model.n_heads
    chosen = base
    for tp in (t for t in (1, 2, 4, 8, 16) if heads % t == 0 and t <= max(per_node, 1)):
        candidate = updated_or_none(base, count=tp, parallelism={"tp": tp})
        if candidate is not None:
            chosen = candidate
            if estimate(candidate, card).fits:
                break
    chosen = _largest_useful_concurrency(chosen, card)
    target = scenario.constraints.requests_per_s
    result = estimate(chosen, card)
    if target and result.inference and result.inference.requests_per_s > 0:
        replicas = math.ceil(target / result.inference.requests_per_s)
        chosen = updated(chosen, count=chosen.parallelism.tp * replicas)
    return chosen


CONCURRENCIES = (1, 2, 4, 8, 16, 32, 64, 128, 256)


def _largest_useful_concurrency(scenario: Scenario, card: Card) -> Scenario:
    """Batch as many sequences as fit and keep the time per token within its target; never
    fewer than the concurrency asked for, if that fits."""
    best = scenario
    target = scenario.constraints.tpot_ms
    for concurrency in CONCURRENCIES:
        candidate = updated_or_none(scenario, serving={"concurrency": max(concurrency, scenario.serving.concurrency)})
        if candidate is None:
            break
        result = estimate(candidate, card)
        if not result.fits or result.inference is None:
            break
        if target and result.inference.tpot_s * 1000 > target and concurrency > 1:
            break
        best = candidate
    return best


def suggest_graphics(scenario: Scenario, card: Card) -> Scenario:
    """Enough cards for every user or stream; for a render job, the fewest cards (powers of
    two up to 1024) that meet the deadline, else 1024."""
    base = updated(scenario, card_id=card.id, count=1, parallelism={"tp": 1, "pp": 1, "zero": 0})
    if scenario.workload is Workload.RENDER:
        deadline = scenario.constraints.deadline_hours
        for count in (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024):
            candidate = updated(base, count=count)
            hours = estimate(candidate, card).hours
            if deadline is None or hours is None or hours <= deadline:
                return candidate
        return candidate
    needed = estimate(base, card).graphics.cards_needed
    return updated(base, count=needed) if needed else base


def suggest(scenario: Scenario, card: Card) -> Scenario:
    """Defaults for the scenario's workload on ``card``."""
    if scenario.workload.is_graphics:
        return suggest_graphics(scenario, card)
    if scenario.workload is Workload.INFERENCE:
        return suggest_inference(scenario, card)
    return suggest_training(scenario, card)
