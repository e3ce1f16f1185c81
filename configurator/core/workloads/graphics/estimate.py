"""A graphics estimate: users, streams or frames per card from
:func:`configurator.core.graphics.graphics_speed`, power, energy and cost (per hour of running
work, or for the render job) with the cost per unit of work, and the verdicts of the stated
constraints. What the family decides (a job or running work, the hours in its cost unit,
whether a tight fit is worth a warning) comes from the family object passed in."""

from __future__ import annotations

from dataclasses import dataclass, replace

from configurator.core.catalog import Card
from configurator.core.constraints import check
from configurator.core.economics import (
    Costs,
    Power,
    PriceBasis,
    deployment_power,
    energy_kwh,
    job_costs,
    price_basis,
)
from configurator.core.graphics import (
    GraphicsSpeed,
    boards_needed,
    vgpu_licence,
    card_fit_messages,
    demand_messages,
    graphics_speed,
    host_cards_per_server,
)
from configurator.core.messages import Message, msg
from configurator.core.formulas.economics import HOURS_PER_YEAR
from configurator.core.precision import PrecisionPlan, plan_serving_precision
from configurator.core.procurement.prices import PriceBook, price_book_for
from configurator.core.procurement.tco import rent_includes_vgpu_licence
from configurator.core.desks import at_desks
from configurator.core.procurement.workstations import (desk_constraint_messages, desk_set_aside_messages,
                                                        without_rent)
from configurator.core.scenario import Scenario, Workload
from configurator.core.verdicts import Verdict
from configurator.core.workloads.base import Estimate, Limits, WorkloadFamily
from configurator.core.workloads.checks import card_messages, fit_messages, verdict_messages


def class_messages(workload: Workload, card: Card) -> list[Message]:
    """A training card (no encoders, no graphics vGPU) chosen for graphics work, unless its vendor positions it for
    graphics too (:attr:`~configurator.core.card.Card.further_classes`)."""
    if card.category == "training" and not card.positioned_for(("graphics",), workload):
        return [msg("class-mismatch", card=card.name, category=card.category, workload=workload.value,
                    expected="graphics")]
    return []


@dataclass(frozen=True)
class GraphicsBasis:
    """What a graphics estimate needs that does not depend on the card count."""

    plan: PrecisionPlan
    prices: PriceBasis
    card_messages: tuple[Message, ...]
    book: PriceBook
    """The price book the estimate's servers are powered and its budget checked from."""


def graphics_basis(scenario: Scenario, card: Card, book: PriceBook | None = None) -> GraphicsBasis:
    """What does not depend on the count; ``book`` None: the scenario's own
    (:func:`~configurator.core.procurement.prices.price_book_for` its economics, read once, here)."""
    prices = price_basis(card, scenario.economics, scenario.constraints.region)
    return GraphicsBasis(plan_serving_precision(card, scenario.precision),
                         without_rent(prices) if at_desks(scenario) else prices,
                         tuple(card_fit_messages(scenario, card))
                         + tuple(card_messages(card, class_messages(scenario.workload, card))),
                         price_book_for(scenario.economics) if book is None else book)


def constraint_check(scenario: Scenario, card: Card, speed: GraphicsSpeed, costs: Costs, power: Power | None,
                     one_off_job: bool, book: PriceBook) -> tuple[Verdict, ...]:
    """Budget, region, power and (a job) the deadline for the job's hours: the one checker."""
    return check(scenario, card, costs=costs, power=power, hours=speed.hours, one_off_job=one_off_job, book=book)


def rent_licence_per_unit(scenario: Scenario, card: Card, prices: PriceBasis, book: PriceBook,
                          family: WorkloadFamily) -> float | None:
    """The per-user licence one unit of rented work adds to the rent [currency per unit]: the vGPU
    licence the bill of materials buys per desktop user and year (:func:`vgpu_licence`, the price
    file's item) over the ``hours_per_unit`` of a unit (a user-month: a twelfth). 0.0 where the rent's
    price includes it (:func:`rent_includes_vgpu_licence`: Azure NV-series); None where the work needs
    none. Until December 2026 the rent per user-month left it out (40 designers on L40S: 776 CNY a
    user-month, RTX vWS adding ~146 CNY) while the rent against buying counted it (persona11zh)."""
    licence = vgpu_licence(scenario, card) if getattr(family, "licensed_per_user", False) else None
    item = book.item(licence) if licence else None
    if item is None or item.unit_price is None:
        return None
    if rent_includes_vgpu_licence(prices):
        return 0.0
    rate = scenario.economics.usd_to_currency if item.currency == "USD" else 1.0
    return item.unit_price * rate * family.hours_per_unit / HOURS_PER_YEAR


def graphics_costs(scenario: Scenario, prices: PriceBasis, speed: GraphicsSpeed, power: Power | None,
                   family: WorkloadFamily, units: int | None = None, licence: float | None = None) -> Costs:
    """Costs per hour (desktops, transcoding) or for the render job, with the cost per unit
    (the family's: frame, user-month of ``hours_per_unit`` hours, or stream-hour); ``units``: what
    the card price buys, where not the cards (the boards of a multi-GPU board, A16); ``licence``: the
    per-user licence a unit adds on the rent (:func:`rent_licence_per_unit`) [currency per unit]."""
    if family.one_off_job:
        costs = job_costs(scenario, prices, power, speed.hours, None, units=units)
        per_unit = costs.total / speed.demand if costs.total is not None else None
    else:
        costs = job_costs(scenario, prices, power, 1.0, None, units=units)
        per_hour = costs.total / speed.served if costs.total is not None and speed.served > 0 else None
        per_unit = per_hour * family.hours_per_unit if per_hour is not None else None
    licence = licence if costs.basis == "cloud" else None
    if licence is not None and per_unit is not None:
        per_unit += licence
    return replace(costs, per_unit=per_unit, licence_per_unit=licence)


def estimate_graphics(scenario: Scenario, card: Card, basis: GraphicsBasis, family: WorkloadFamily) -> Estimate:
    """``scenario`` on ``scenario.count`` × ``card`` as ``family`` (a graphics family) counts its work."""
    speed, memory = graphics_speed(scenario, card)
    power = deployment_power(card, scenario, basis.book)
    hours = speed.hours if family.one_off_job else 1.0
    energy = energy_kwh(power, hours) if power and hours is not None else None
    boards = boards_needed(scenario.count, card, host_cards_per_server(scenario, card)) \
        if card.gpus_per_board > 1 else None  # an A16's price is a whole board's
    costs = graphics_costs(scenario, basis.prices, speed, power, family, boards,
                           rent_licence_per_unit(scenario, card, basis.prices, basis.book, family))
    verdicts = constraint_check(scenario, card, speed, costs, power, family.one_off_job, basis.book)
    fit = fit_messages(memory, card) if not memory.fits or family.warns_tight_fit else []
    messages = [*fit, *speed.messages, *demand_messages(speed, scenario.count), *basis.card_messages,
                *verdict_messages(verdicts), *costs.messages,
                *desk_constraint_messages(scenario), *desk_set_aside_messages(scenario)]
    return Estimate(scenario, card, basis.plan, memory, Limits(), None, None, power, energy, costs,
                    tuple(messages), speed, verdicts)
