"""``scenario.updated()`` keeps every field it is not told to change, whatever the field's
``exclude_if`` (benchmarks/data/notes-a100-tp-2026-12-05.md, §3: a field whose ``exclude_if`` dropped a
value other than its default lost that value in every ``updated()`` copy, silently)."""

from __future__ import annotations

import enum
import typing

import pytest
from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from configurator.core.architecture import preset
from configurator.core.scenario import Scenario, field_values, updated


class _Part(BaseModel):
    kernel: str | None = Field(default="auto", exclude_if=lambda name: name is None)  # not its default
    depth: int = 1


class _Whole(BaseModel):
    part: _Part = _Part()
    parts: tuple[_Part, ...] = ()


def test_a_dump_drops_what_exclude_if_says_and_field_values_puts_it_back():
    """The reproduction: ``model_dump()`` drops the None its ``exclude_if`` names, validation then
    gives the default; :func:`field_values` keeps it, nested and in tuples."""
    whole = _Whole(part=_Part(kernel=None, depth=2), parts=(_Part(kernel=None),))
    assert _Whole.model_validate(whole.model_dump()).part.kernel == "auto"  # the silent drop
    kept = field_values(whole)
    assert kept["part"] == {"kernel": None, "depth": 2}
    assert kept["parts"][0]["kernel"] is None
    assert _Whole.model_validate(kept) == whole


def _models(cls: type[BaseModel], seen: set) -> list[type[BaseModel]]:
    if cls in seen:
        return []
    seen.add(cls)
    found = [cls]
    for f in cls.model_fields.values():
        stack = [f.annotation]
        while stack:
            a = stack.pop()
            if isinstance(a, type) and issubclass(a, BaseModel):
                found += _models(a, seen)
            stack += typing.get_args(a)
    return found


def _candidates(annotation) -> list:
    values = [None, False, True, 0, 1, 0.0, 0.5, "", "none", (), 1e9]
    stack = [annotation]
    while stack:
        a = stack.pop()
        if typing.get_origin(a) is typing.Literal:
            values += list(typing.get_args(a))
        elif isinstance(a, type) and issubclass(a, enum.Enum):
            values += list(a)
        else:
            stack += typing.get_args(a)
    return values


EXCLUDABLE = [(cls, name) for cls in _models(Scenario, set()) for name, f in cls.model_fields.items()
              if f.exclude_if is not None]


def test_the_scenario_has_fields_with_exclude_if():
    assert len(EXCLUDABLE) >= 10


@pytest.mark.parametrize(("cls", "name"), EXCLUDABLE, ids=[f"{c.__name__}.{n}" for c, n in EXCLUDABLE])
def test_every_exclude_if_drops_only_its_default(cls, name):
    """A saved file drops what ``exclude_if`` names and loading gives the default back: so it must
    name nothing but the default (``updated()`` keeps every value either way)."""
    field = cls.model_fields[name]
    adapter = TypeAdapter(typing.Annotated[field.annotation, *field.metadata] if field.metadata else field.annotation)
    for value in _candidates(field.annotation):
        try:
            value = adapter.validate_python(value)
        except ValidationError:
            continue
        if field.exclude_if(value):
            assert value == field.default, (value, field.default)


def test_updated_keeps_a_changed_field_and_the_fields_it_was_not_told_of():
    s = Scenario(model=preset("llama3-8b"), workload="pretrain", card_id="h100-sxm", count=8,
                 training={"seq_len": 4096, "attention_kernel": "flash-attention-2"})
    again = updated(s, training={"micro_batch": 2})
    assert again.training.micro_batch == 2
    assert again.training.attention_kernel == s.training.attention_kernel
    assert updated(s) == s
