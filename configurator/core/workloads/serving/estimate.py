"""A serving estimate assembled at a given layout: memory at the load, the replica's speed under
the load, power, energy and cost per hour, and the verdicts of the stated targets. What does not
depend on the card count is worked out once (:class:`ServingBasis`)."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog import Card
from configurator.core.constraints import check, load_messages
from configurator.core.decode_step_table import same_but_batch
from configurator.core.frozen_record import LazyValue, fast_init, lazy_fields, stored
from configurator.core.load import StepCosts
from configurator.core.economics import PriceBasis, deployment_power, energy_kwh, job_costs, price_basis
from configurator.core.memo import LastAsked
from configurator.core.memory import MemoryBreakdown
from configurator.core.workloads.serving.memory import ServingMemoryModel, serving_memory_model
from configurator.core.engine_step import with_engine_step
from configurator.core.messages import Message
from configurator.core.precision import PrecisionPlan, plan_serving
from configurator.core.procurement.prices import PriceBook, price_book_for
from configurator.core.scenario import Scenario
from configurator.core.serving_speed import (
    ReplicaSpeed,
    ServingSpeed,
    deployment_speed,
    replica_speed,
    running_batch_of,
)
from configurator.core.serving_step_costs import step_costs
from configurator.core.verdicts import Verdict
from configurator.core.workloads.base import Estimate, Limits
from configurator.core.workloads.checks import card_messages, fit_messages, layout_messages, verdict_messages


@fast_init
@dataclass(frozen=True)
class ServingBasis:
    """What a serving estimate needs that does not depend on the card count."""

    plan: PrecisionPlan
    memory: MemoryBreakdown
    limits: Limits
    replica: ReplicaSpeed | None
    prices: PriceBasis
    card_messages: tuple[Message, ...]
    book: PriceBook
    """The price book the estimate's servers are powered and its budget checked from."""


lazy_fields(ServingBasis, "limits", "card_messages")  # worked out when first read (basis_of_copy)


class ServingCopy:
    """What a serving layout search weighs of a layout — whether it fits, how fast a copy is — and
    the rest of its basis is made from (:func:`basis_of_copy`): the memory at once, the decode
    step table and the speed when first asked for (a layout that does not fit may be dropped
    unread)."""

    __slots__ = ("scenario", "card", "plan", "model", "memory", "sequences", "context", "_replica", "_timed", "_costs")

    def __init__(self, scenario: Scenario, card: Card, plan: PrecisionPlan | None = None,
                 model: ServingMemoryModel | None = None) -> None:
        scenario = with_engine_step(scenario, card)  # no engine step given: the engine's default on the card
        self.scenario, self.card = scenario, card
        self.plan: PrecisionPlan = plan_serving(scenario, card) if plan is None else plan
        self.model: ServingMemoryModel = batch_free_memory_model(scenario, card, self.plan) if model is None else model
        self.sequences: int = scenario.sequences_per_replica
        """The copy's batch (:attr:`~configurator.core.scenario.Scenario.sequences_per_replica`), read once."""
        self.context: int = scenario.serving.context_tokens
        """Tokens one sequence may reach
        (:attr:`~configurator.core.scenario_sections.Serving.context_tokens`), read once."""
        self.memory: MemoryBreakdown = self.model.breakdown(self.sequences, self.context)
        self._replica: ReplicaSpeed | None = None
        self._timed = False
        self._costs: StepCosts | None = None

    @property
    def costs(self) -> StepCosts:
        """The copy's decode step table at its running batch
        (:func:`~configurator.core.serving_step_costs.step_costs`), worked out once and read by
        :attr:`replica` too."""
        if self._costs is None:
            self._costs = step_costs(self.scenario, self.card, self.plan,
                                     running_batch_of(self.sequences, self.scenario.serving))
        return self._costs

    @property
    def replica(self) -> ReplicaSpeed | None:
        """One copy's speed (:func:`~configurator.core.serving_speed.replica_speed`), worked out once."""
        if not self._timed:
            self._replica, self._timed = replica_speed(self.scenario, self.card, self.plan, self._costs,
                                                       self.sequences), True
        return self._replica


_LAST_MEMORY_MODEL = LastAsked()
"""The last memory model :func:`batch_free_memory_model` worked out: (scenario, card, plan, model),
the objects held here."""


def batch_free_memory_model(scenario: Scenario, card: Card, plan: PrecisionPlan) -> ServingMemoryModel:
    """:func:`~.memory.serving_memory_model`, the last one given again for the same
    card, an equal plan and a scenario that provably differs from the last one only in
    :data:`~configurator.core.decode_step_table.NO_PREFILL_FIELDS` (:func:`~configurator.core.decode_step_table.same_but_batch`:
    every other field the same object), none of which the memory model reads (the batch enters
    only its :meth:`~.memory.ServingMemoryModel.breakdown`): a layout search's
    copies at a doubling batch share one."""
    kept = _LAST_MEMORY_MODEL.kept
    if kept is not None and kept[1] is card and same_but_batch(kept[0], scenario) and \
            (kept[2] is plan or kept[2] == plan):
        return kept[3]
    model = serving_memory_model(scenario, card, plan)
    _LAST_MEMORY_MODEL.kept = (scenario, card, plan, model)
    return model


def serving_copy(scenario: Scenario, card: Card, plan: PrecisionPlan | None = None,
                 model: ServingMemoryModel | None = None) -> ServingCopy:
    """The memory at the load and (when asked) the speed of one copy of ``scenario`` on ``card``;
    ``plan``: its :func:`~configurator.core.precision.plan_serving` and ``model``: its
    :func:`~.memory.serving_memory_model` (with that plan), when already worked out."""
    return ServingCopy(scenario, card, plan, model)


def _replaced(model, name: str, value):
    """``model.model_copy(update={name: value})`` (a shallow copy, ``name`` replaced and counted as
    set; no validation) for a model without extra or private fields, made the way pydantic's
    ``__copy__`` makes it, without its general steps."""
    cls = type(model)
    copied = cls.__new__(cls)
    fields = model.__dict__.copy()
    fields[name] = value
    object.__setattr__(copied, "__dict__", fields)
    object.__setattr__(copied, "__pydantic_extra__", None)
    object.__setattr__(copied, "__pydantic_fields_set__", model.__pydantic_fields_set__ | {name})
    object.__setattr__(copied, "__pydantic_private__", None)
    return copied


def at_batch(scenario: Scenario, batch: int) -> Scenario:
    """``scenario`` with a batch per copy of ``batch``: what ``scenario.model_copy(update={"serving":
    scenario.serving.model_copy(update={"max_batch": batch})})`` gives, every other field the same
    object, without pydantic's general copy (a layout search's rate probe asks for thousands)."""
    if scenario.__pydantic_extra__ is not None or getattr(scenario, "__pydantic_private__", None) is not None \
            or scenario.serving.__pydantic_extra__ is not None \
            or getattr(scenario.serving, "__pydantic_private__", None) is not None:
        return scenario.model_copy(update={"serving": scenario.serving.model_copy(update={"max_batch": batch})})
    return _replaced(scenario, "serving", _replaced(scenario.serving, "max_batch", batch))


def basis_of_copy(scenario: Scenario, card: Card, copy: ServingCopy, book: PriceBook | None = None) -> ServingBasis:
    """The basis of :func:`serving_basis` around a copy already worked out: its limits, prices and
    card messages added."""
    economics = scenario.economics
    # the limits and the card's messages worked out when first read (the estimate's readers that show
    # them; a ranking reads neither): the same functions of the same frozen objects, so the same values
    limits = LazyValue(copy_limits, copy.model, copy.context, copy.sequences, scenario.data_parallel)
    return ServingBasis(copy.plan, copy.memory, limits, copy.replica,
                        price_basis(card, economics, scenario.constraints.region),
                        LazyValue(_card_messages, card), price_book_for(economics) if book is None else book)


def copy_limits(model: ServingMemoryModel, context: int, sequences: int, copies: int) -> Limits:
    """The largest load that fits: the users of ``copies`` copies at ``context`` tokens each and the
    context at ``sequences`` a copy (:meth:`~.memory.ServingMemoryModel.max_concurrency`,
    :meth:`~.memory.ServingMemoryModel.max_context`)."""
    return Limits(None, model.max_concurrency(context) * copies, model.max_context(sequences))


def _card_messages(card: Card) -> tuple[Message, ...]:
    """:func:`~configurator.core.workloads.checks.card_messages` as a tuple."""
    return tuple(card_messages(card))


def serving_basis(scenario: Scenario, card: Card, book: PriceBook | None = None) -> ServingBasis:
    """What does not depend on the count; ``book`` None: the scenario's own
    (:func:`~configurator.core.procurement.prices.price_book_for` its economics, read once, here)."""
    return basis_of_copy(scenario, card, serving_copy(scenario, card), book)


def constraint_check(scenario: Scenario, card: Card, speed: ServingSpeed | None, costs, power, book: PriceBook
                     ) -> tuple[Verdict, ...]:
    """Budget, region, power, request rate and latency targets: the one checker on the speed under load."""
    return check(scenario, card, costs=costs, power=power, serving_speed=speed, serving=True, book=book)


def estimate_serving(scenario: Scenario, card: Card, basis: ServingBasis) -> Estimate:
    """``scenario`` on ``scenario.count`` × ``card`` at the layout it states, per hour of serving."""
    scenario = with_engine_step(scenario, card)
    speed = deployment_speed(scenario, basis.replica)
    power = deployment_power(card, scenario, basis.book)
    energy = energy_kwh(power, 1.0) if power else None
    tokens_per_hour = speed.tokens_per_s * 3600.0 if speed else None
    costs = job_costs(scenario, basis.prices, power, 1.0, tokens_per_hour)
    # the verdicts and the messages worked out when first read (the window, the CLI, the JSON and a ranking
    # read the verdicts, the first three the messages; an estimate asked for its speed or cost reads
    # neither): the same functions of the same frozen objects, so the same verdicts and messages
    verdicts = LazyValue(constraint_check, scenario, card, speed, costs, power, basis.book)
    limits = stored(basis, "limits")  # a LazyValue not read yet handed on as it is
    return Estimate(scenario, card, basis.plan, basis.memory, limits, None, speed, power, energy, costs,
                    LazyValue(_estimate_messages, scenario, card, basis, speed, verdicts, costs),
                    verdicts=verdicts)


def _estimate_messages(scenario: Scenario, card: Card, basis: ServingBasis, speed: ServingSpeed | None,
                       verdicts: LazyValue, costs) -> tuple[Message, ...]:
    """:func:`estimate_serving`'s messages: the plan's, the fit, the speed's and the load's where it runs,
    the verdicts' (``verdicts``: the estimate's, read once by whichever reader comes first), the card's and
    the prices'. The engine step's note is an assumption, not a warning: the estimate's assumptions say it
    (:func:`configurator.core.view.assumptions_view.assumption_notes`)."""
    runs = basis.memory.fits  # else no latency or load to speak of: it does not run
    pool_reserved = scenario.serving.profile.kv_pool_reserved  # a full KV pool is by design, not a tight fit
    return (*layout_messages(scenario), *basis.plan.messages, *fit_messages(basis.memory, card, pool_reserved),
            *(speed.messages if speed and runs else ()),
            *(load_messages(scenario, speed) if runs else ()), *verdict_messages(verdicts.get(), runs),
            *basis.card_messages, *costs.messages)
