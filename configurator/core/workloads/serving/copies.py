"""The serving copies a layout search has worked out (:class:`~.estimate.ServingCopy`: memory at
the load, decode step table, one copy's speed), kept so that the same copy asked again — by the
deployment search's next step at the same card count (the count's plan worked out in full after
the bisection asked only whether it carries, with the engine step and pools searched too, the
closest deployment after the first pass), by the FP8-cache branch or the pools — is not worked
out again (:func:`kept_copy`)."""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.memo import LruMemo
from configurator.core.precision import PrecisionPlan
from configurator.core.scenario import Scenario
from configurator.core.workloads.serving.estimate import ServingCopy, serving_copy

COPY_MEMO_SIZE = 2048
"""Copies kept (least recently used dropped first): one card's whole deployment search weighs
up to ~450 on the README's serving question, so a card's search keeps them all."""

_COPIES: LruMemo[ServingCopy] = LruMemo(COPY_MEMO_SIZE)

BY_VALUE = ("schema_version", "name", "workload", "precision", "card_id", "count")
"""Scenario fields a copy's key holds by value (plain values)."""

BY_LAYOUT = ("parallelism", "serving")
"""Scenario fields a search changes from copy to copy, held by the values of their own fields."""

BY_IDENTITY = ("model", "training", "graphics", "economics", "constraints", "assumptions")
"""Scenario fields a copy's key holds by identity (frozen, shared unchanged by every scenario one
search makes: ``model_copy`` keeps them): a different but equal object is another key, never a
wrong answer."""

NOT_READ = frozenset({"auto_layout"})
"""Scenario fields no copy reads (which fields the planner chooses, not what it chose): the memory
model, the precision plan, the step table and the replica's speed read the layout itself; so
the plan searched with the engine step Auto and the one searched without share their copies."""


def clear_copies() -> None:
    """Forget every kept copy."""
    _COPIES.clear()


def _key(scenario: Scenario) -> tuple | None:
    """The key a copy of ``scenario`` is kept under — its plain fields and the fields of its layout
    and serving settings, each value with its type (``1`` and ``1.0`` differ) — and the objects
    held by identity; None where a value cannot be a key."""
    fields = scenario.__dict__
    values = [fields[f] for f in BY_VALUE]
    for f in BY_LAYOUT:
        values.extend(fields[f].__dict__.values())
    key = (tuple(values), tuple(map(type, values)))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def kept_copy(scenario: Scenario, card: Card, plan: PrecisionPlan | None = None) -> ServingCopy:
    """:func:`~.estimate.serving_copy` of ``scenario`` on ``card``, or the copy kept for an equal
    scenario (every field but :data:`NOT_READ`; the frozen ones of :data:`BY_IDENTITY` the very
    same objects) on the same card. ``plan``: the scenario's precision plan when already worked
    out (it depends on the scenario and card alone, so a kept copy's is the same)."""
    key = _key(scenario)
    if key is None:
        return serving_copy(scenario, card, plan)
    held = (card, *(scenario.__dict__[f] for f in BY_IDENTITY))
    copy = _COPIES.get(key, held)
    if copy is None:
        copy = _COPIES.put(key, serving_copy(scenario, card, plan), held)
    return copy
