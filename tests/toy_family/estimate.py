"""A batch-embedding estimate: the model's weights on each card, one forward pass per token
(2 FLOP per active parameter, Kaplan et al. 2020, "Scaling Laws for Neural Language Models",
section 2.1) at the card's dense rate times the matrix-product efficiency, the job's hours for the
corpus (``scenario.training.tokens``: the tokens to embed), power, energy and cost per million
tokens, and the verdicts of the stated constraints (the core's one checker)."""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.constraints import check
from configurator.core.economics import deployment_power, energy_kwh, job_costs, price_basis
from configurator.core.memory import MemoryBreakdown, usable_capacity_bytes
from configurator.core.precision import plan_serving_precision
from configurator.core.scenario import Scenario
from configurator.core.units import GIB
from configurator.core.workloads.base import Estimate, FamilySpeed, Limits
from configurator.core.workloads.checks import card_messages, fit_messages, verdict_messages

FLOP_PER_PARAM_PER_TOKEN = 2.0
"""A forward pass: one multiply and one add per active parameter per token [FLOP]."""


def embedding_memory(scenario: Scenario, card: Card, weight_bytes: float) -> MemoryBreakdown:
    """The weights and the framework's context on each card [B] (a batch's activations are
    freed layer by layer and left out of this toy)."""
    a = scenario.assumptions
    weights = scenario.model.total_params() * weight_bytes
    overhead = a.cuda_context_gib * GIB
    capacity = card.memory_gb * GIB
    budget = usable_capacity_bytes(card, a) * (1 - a.allocator_overhead)
    total = weights + overhead
    return MemoryBreakdown(weights, 0.0, 0.0, 0.0, 0.0, overhead, 0.0, total, capacity, budget)


def tokens_per_s_per_card(scenario: Scenario, card: Card, math) -> float | None:
    """Tokens one card embeds per second [tokens/s]: dense rate × efficiency / (2 × active parameters)."""
    peak = card.peak_tflops(math) if math is not None else None
    if not peak:
        return None
    flops = peak * 1e12 * scenario.assumptions.matmul_efficiency
    return flops / (FLOP_PER_PARAM_PER_TOKEN * scenario.model.active_params())


def estimate_embedding(scenario: Scenario, card: Card) -> Estimate:
    """``scenario.training.tokens`` embedded on ``scenario.count`` × ``card``."""
    plan = plan_serving_precision(card, scenario.precision)
    memory = embedding_memory(scenario, card, plan.weight_bytes)
    per_card = tokens_per_s_per_card(scenario, card, plan.math)
    tokens = scenario.training.tokens
    speed = None
    if per_card is not None and memory.fits:
        throughput = per_card * scenario.count
        speed = FamilySpeed(throughput, "tokens/s", scenario.count, hours=tokens / throughput / 3600,
                            tokens_per_s=throughput)
    hours = speed.hours if speed else None
    power = deployment_power(card, scenario)
    energy = energy_kwh(power, hours) if power and hours is not None else None
    prices = price_basis(card, scenario.economics, scenario.constraints.region)
    costs = job_costs(scenario, prices, power, hours, tokens)
    verdicts = check(scenario, card, costs=costs, power=power, hours=hours, one_off_job=True)
    messages = [*plan.messages, *fit_messages(memory, card), *card_messages(card), *verdict_messages(verdicts),
                *costs.messages]
    return Estimate(scenario, card, plan, memory, Limits(), None, None, power, energy, costs, tuple(messages),
                    verdicts=verdicts, speed=speed)
