"""Scenario edits the serving search makes thousands of times (another KV precision, engine step,
prefill pool or layout), each what pydantic's ``model_copy(update=...)`` gives, made without its
general steps: a shallow copy of the field dictionary with the updates, the updated names counted
as set, no validation (the search builds only valid edits, as ``model_copy`` takes them unchecked)."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from configurator.core.scenario import Scenario

M = TypeVar("M", bound=BaseModel)


def copied(model: M, update: dict) -> M:
    """``model.model_copy(update=update)``: a new model of the same type whose field dictionary is
    ``model``'s, in its order, with ``update``'s values, and whose fields set are ``model``'s and
    ``update``'s names. Made directly where the model has no extra fields and no private values
    (the frozen scenario models forbid extras and have no private attributes); else by
    ``model_copy`` itself."""
    if model.__pydantic_extra__ is not None or getattr(model, "__pydantic_private__", None) is not None:
        return model.model_copy(update=update)
    cls = type(model)
    made = cls.__new__(cls)
    fields = model.__dict__.copy()
    fields.update(update)
    object.__setattr__(made, "__dict__", fields)
    object.__setattr__(made, "__pydantic_extra__", None)
    object.__setattr__(made, "__pydantic_fields_set__", model.__pydantic_fields_set__ | update.keys())
    object.__setattr__(made, "__pydantic_private__", None)
    return made


def with_serving(scenario: Scenario, **update) -> Scenario:
    """``scenario`` with its serving settings' fields in ``update`` replaced: what
    ``scenario.model_copy(update={"serving": scenario.serving.model_copy(update=update)})`` gives."""
    return copied(scenario, {"serving": copied(scenario.serving, update)})


def with_parallelism(scenario: Scenario, update: dict) -> Scenario:
    """``scenario`` with the parallel degrees in ``update`` replaced: what
    :func:`~configurator.core.workloads.layout.with_layout` gives without a training edit."""
    return copied(scenario, {"parallelism": copied(scenario.parallelism, update)})
