"""A model's attribute reads are plain (configurator.core.frozen_model.plain_attribute_reads): pydantic's
``BaseModel.__getattr__``, which serves only private attributes and extra fields, is gone, which is
safe only while no model of the program declares either."""

from __future__ import annotations

import importlib
import pkgutil

import pydantic
import pytest

import configurator
from configurator.core.architecture import preset
from configurator.core.scenario import Scenario


def _every_model_class() -> list[type[pydantic.BaseModel]]:
    """Every pydantic model class the package defines (its modules imported, the window's too)."""
    for module in pkgutil.walk_packages(configurator.__path__, "configurator."):
        importlib.import_module(module.name)
    found, todo = [], [pydantic.BaseModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("configurator."):
                found.append(sub)
    return found


def test_no_model_of_the_program_needs_pydantics_getattr():
    models = _every_model_class()
    assert len(models) > 20
    for model in models:
        assert not model.__private_attributes__, f"{model.__qualname__} declares private attributes"
        assert model.model_config.get("extra") != "allow", f"{model.__qualname__} accepts extra fields"
    assert "__getattr__" not in pydantic.BaseModel.__dict__


def test_a_missing_name_is_refused_in_pydantics_words():
    scenario = Scenario(model=preset("llama3-8b"), card_id="h100-sxm")
    with pytest.raises(AttributeError, match="'Scenario' object has no attribute 'tokens'"):
        scenario.tokens  # noqa: B018
    assert getattr(scenario.serving, "engine_name", None) is None and scenario.serving.profile is not None
