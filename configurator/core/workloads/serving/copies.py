"""The serving copies a layout search has worked out (:class:`~.estimate.ServingCopy`: memory at
the load, decode step table, one copy's speed), kept so that the same copy asked again — by the
deployment search's next step at the same card count (the count's plan worked out in full after
the bisection asked only whether it carries, with the engine step and pools searched too, the
closest deployment after the first pass), by the FP8-cache branch or the pools — is not worked
out again (:func:`kept_copy`)."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import TypeVar

from configurator.core.catalog import Card
from configurator.core.decode_step_table import NO_PREFILL_FIELDS
from configurator.core.memo import LastAsked
from configurator.core.workloads.serving.memory import ServingMemoryModel, serving_memory_model
from configurator.core.precision import PrecisionPlan, plan_serving
from configurator.core.published_format import published_default
from configurator.core.scenario import Scenario
from configurator.core.workloads.serving.estimate import ServingCopy, serving_copy

COPY_MEMO_SIZE = 1024
"""Copies kept at most: one card's whole deployment search weighs up to ~450 on the README's
serving question; when full, or when another card's copy is asked for, every kept copy is dropped
at once. Kept copies hold step tables, and every object kept alive costs the garbage collector's
passes: keeping several cards' copies cost more than it saved."""

T = TypeVar("T")

_COPIES: dict[tuple, tuple[tuple, tuple, ServingCopy]] = {}
"""Kept copies by key (:func:`kept_copy`): the objects held by identity (kept alive with the copy,
so their ids are not reused while it is kept), the types of the values, the copy. Shared by the
GUI thread and the analysing worker: single dictionary reads and writes, atomic in CPython."""

_CARD: list[Card | None] = [None]
"""The card whose copies are kept: copies are kept for one card at a time (a copy is another
card's key), so a catalog pass keeps one card's, not the last :data:`COPY_MEMO_SIZE` of several."""

BY_VALUE = ("schema_version", "name", "workload", "precision", "card_id", "count")
"""Scenario fields a copy's key holds by value (plain values)."""

_COUNT = BY_VALUE.index("count")

BY_LAYOUT = ("parallelism", "serving")
"""Scenario fields a search changes from copy to copy, held by the values of their own fields."""

BY_IDENTITY = ("model", "training", "graphics", "economics", "constraints", "assumptions")
"""Scenario fields a copy's key holds by identity (frozen, shared unchanged by every scenario one
search makes: ``model_copy`` keeps them): a different but equal object is another key, never a
wrong answer."""

_BY_VALUE, _BY_IDENTITY = itemgetter(*BY_VALUE), itemgetter(*BY_IDENTITY)
"""The fields of :data:`BY_VALUE` and :data:`BY_IDENTITY` read from a scenario's field dictionary
as tuples (in C: a search asks for a copy thousands of times)."""

NOT_READ = frozenset({"auto_layout"})
"""Scenario fields no copy reads (which fields the planner chooses, not what it chose): the memory
model, the precision plan, the step table and the replica's speed read the layout itself; so
the plan searched with the engine step Auto and the one searched without share their copies."""


def clear_copies() -> None:
    """Forget every kept copy, memory model and precision plan."""
    _COPIES.clear()
    _PROBES.clear()
    _CARD[0] = None
    _MODELS.clear()
    _PLANS.clear()
    _LAST_PLAN.clear()


def forget_counts(drop: Callable[[int], bool]) -> None:
    """Drop the kept copies and rate probes at the card counts ``drop`` says a deployment search is done with
    (fewer objects kept alive for the garbage collector to pass over)."""
    for memo in (_COPIES, _PROBES):
        for key in list(memo):  # the keys copied at once: the other thread may add one meanwhile
            if drop(key[0][_COUNT]):
                memo.pop(key, None)


def _copy_key(scenario: Scenario, card: Card) -> tuple[tuple, tuple, tuple]:
    """What a copy of ``scenario`` on ``card`` is kept under (:func:`kept_copy`): (the key — the
    values of every field but :data:`NOT_READ` and the ids of :data:`BY_IDENTITY` and the card —,
    the objects held by identity, the types of the values)."""
    fields = scenario.__dict__
    values = (*_BY_VALUE(fields), *fields["parallelism"].__dict__.values(), *fields["serving"].__dict__.values())
    held = (card, *_BY_IDENTITY(fields))
    return (values, tuple(map(id, held))), held, values


def _kept(memo: dict, scenario: Scenario, card: Card, make: Callable[[], T]) -> T:
    """``make()``, or what ``memo`` keeps for an equal scenario on the same card (:func:`_copy_key`:
    every field but :data:`NOT_READ` equal, each value of the same type, the frozen ones of
    :data:`BY_IDENTITY` the very same objects), kept for one card at a time and at most
    :data:`COPY_MEMO_SIZE` (every kept one dropped at once). Single dictionary reads and writes."""
    key, held, values = _copy_key(scenario, card)
    try:
        kept = memo.get(key)
    except TypeError:  # a value that cannot be a key (set without validation): not kept
        return make()
    types = tuple(map(type, values))
    if kept is not None and kept[1] == types:  # ids of held objects are theirs alone while kept
        return kept[2]
    made = make()
    if len(memo) >= COPY_MEMO_SIZE or _CARD[0] is not card:
        _COPIES.clear()
        _PROBES.clear()
        _CARD[0] = card
    memo[key] = (held, types, made)
    return made


def kept_copy(scenario: Scenario, card: Card, plan: PrecisionPlan | None = None) -> ServingCopy:
    """:func:`~.estimate.serving_copy` of ``scenario`` on ``card``, or the copy kept for an equal
    scenario on the same card: every field but :data:`NOT_READ` equal, each value of the same type
    (``1`` and ``1.0`` differ), the frozen ones of :data:`BY_IDENTITY` the very same objects.
    ``plan``: the scenario's precision plan when already worked out (it depends on the scenario and
    card alone, so a kept copy's is the same); a new copy's memory model is then the one kept for
    its layout (:func:`kept_memory_model`)."""
    return _kept(_COPIES, scenario, card, lambda: serving_copy(
        scenario, card, plan, None if plan is None else kept_memory_model(scenario, card, plan)))


_PROBES: dict[tuple, tuple] = {}
"""Kept rate probes by the key of their scenario's copy (:func:`kept_probe`), as :data:`_COPIES`."""


def kept_probe(scenario: Scenario, card: Card, make: Callable[[], T]) -> T:
    """The rate probe ``make()`` gives for ``scenario`` on ``card``
    (:class:`~configurator.core.workloads.serving.probe.RateProbe`), or the one kept for an equal
    scenario on the same card, as :func:`kept_copy` keeps copies: a probe reads what a copy of
    its scenario reads (its memory model, step table, pools and copies), so an equal scenario's
    probe gives the same answers, the walks and rates it has worked out already among them."""
    return _kept(_PROBES, scenario, card, make)


_MODELS: dict[tuple, tuple[tuple, ServingMemoryModel]] = {}
"""Kept batch-free memory models by key (:func:`kept_memory_model`): the objects held by identity
(kept alive with the model, so their ids are not reused while it is kept), the model."""

_PLANS: dict[tuple, tuple[Card, PrecisionPlan]] = {}
"""Kept serving precision plans by key (:func:`kept_plan`): the card (held), the plan."""

MODEL_MEMO_SIZE = 1024
"""Memory models and precision plans kept at most, each: one card's deployment search asks for
a few hundred layouts' (every count, tensor-parallel degree, stage count, KV precision and engine
step); when full, every kept one is dropped at once."""


def kept_memory_model(scenario: Scenario, card: Card, plan: PrecisionPlan) -> ServingMemoryModel:
    """:func:`~.memory.serving_memory_model` of ``scenario`` on ``card`` with
    ``plan``, or the one kept for a scenario equal in what it reads: the workload (its expert
    copies), the layout's degrees and the serving settings but :data:`~configurator.core.decode_step_table.NO_PREFILL_FIELDS`
    (values and their types), the plan's precisions and weight bits, and the very same model and
    assumptions objects and card. Not the card count, the batch per copy, the users, the pools,
    the targets or the prices, none of which it reads: the deployment search's copies of one
    layout at every count share one."""
    fields = scenario.__dict__
    serving = fields["serving"].__dict__
    names = tuple(serving)
    read = _READ.get(names)
    if read is None:
        read = _READ[names] = _reader(names)
    values = (fields["workload"], *fields["parallelism"].__dict__.values(), *read(serving),
              plan.requested, plan.math, plan.weights, plan.weight_format, plan.weight_bits)
    held = (card, fields["model"], fields["assumptions"])
    key = (values, tuple(map(type, values)), names, tuple(map(id, held)))
    try:
        kept = _MODELS.get(key)
    except TypeError:  # a value that cannot be a key (set without validation): not kept
        return serving_memory_model(scenario, card, plan)
    if kept is not None:  # ids of held objects are theirs alone while kept
        return kept[1]
    model = serving_memory_model(scenario, card, plan)
    if len(_MODELS) >= MODEL_MEMO_SIZE:
        _MODELS.clear()
    _MODELS[key] = (held, model)
    return model


_READ: dict[tuple[str, ...], Callable[[dict], tuple]] = {}
"""By the serving fields' names in their order: what reads the values of those but
:data:`~configurator.core.decode_step_table.NO_PREFILL_FIELDS` from a serving settings' field dictionary,
in that order, as a tuple (:func:`_reader`). Single dictionary reads and writes, safe across threads."""


def _reader(names: tuple[str, ...]) -> Callable[[dict], tuple]:
    """What reads the values of ``names`` but :data:`~configurator.core.decode_step_table.NO_PREFILL_FIELDS`
    from a field dictionary, in their order, as a tuple (in C: the memory model is asked for
    thousands of times)."""
    read = tuple(name for name in names if name not in NO_PREFILL_FIELDS)
    if len(read) == 1:
        return lambda values: (values[read[0]],)
    return itemgetter(*read) if read else (lambda values: ())


def kept_plan(scenario: Scenario, card: Card) -> PrecisionPlan:
    """:func:`~configurator.core.precision.plan_serving` of ``scenario`` on ``card``, or the plan
    kept for the same card and an equal precision, weight format, bits per weight (values and
    their types) and published format of the model, all it reads; the last one given again for the
    very same scenario and card (the floors ask for one layout's plan several times in a row: ~40 % of
    the asks on the README's serving recommendation)."""
    last = _LAST_PLAN.kept
    if last is not None and last[0] is scenario and last[1] is card:
        return last[2]
    plan = _kept_plan(scenario, card)
    _LAST_PLAN.kept = (scenario, card, plan)
    return plan


_LAST_PLAN = LastAsked()
"""The last question :func:`kept_plan` answered: (scenario, card, plan), the objects held here."""


def _kept_plan(scenario: Scenario, card: Card) -> PrecisionPlan:
    """:func:`kept_plan` worked out: the plan kept for an equal precision, weight format and bits
    per weight on the same card, else a new one."""
    serving = scenario.serving
    values = (scenario.precision, serving.weight_format, serving.weight_bpw, published_default(scenario))
    key = (values, tuple(map(type, values)), id(card))
    try:
        kept = _PLANS.get(key)
    except TypeError:
        return plan_serving(scenario, card)
    if kept is not None:
        return kept[1]
    plan = plan_serving(scenario, card)
    if len(_PLANS) >= MODEL_MEMO_SIZE:
        _PLANS.clear()
    _PLANS[key] = (card, plan)
    return plan
