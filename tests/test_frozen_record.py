"""fast_init: a frozen dataclass built in one dictionary update is the same record as the
dataclass module's (signature, defaults, factories, equality, hash, replace, frozen)."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field

import pytest

from configurator.core.frozen_record import fast_init


@dataclass(frozen=True)
class Plain:
    a: float
    b: str = "b"
    c: dict = field(default_factory=dict)
    d: int = field(default=4, kw_only=True)


@fast_init
@dataclass(frozen=True)
class Fast:
    a: float
    b: str = "b"
    c: dict = field(default_factory=dict)
    d: int = field(default=4, kw_only=True)


@fast_init
@dataclass(frozen=True)
class FastChild(Fast):
    e: float = 5.0


def _fields(record) -> tuple:
    return dataclasses.astuple(record)


def test_same_signature_as_the_dataclass():
    assert str(inspect.signature(Fast)) == str(inspect.signature(Plain))
    assert list(inspect.signature(FastChild).parameters) == ["a", "b", "c", "e", "d"]


@pytest.mark.parametrize("args, kwargs", [((1.0,), {}), ((1.0, "x"), {}), ((1.0, "x", {"k": 1}), {"d": 7}),
                                          ((), {"a": 2.0, "d": 9, "b": "y"})])
def test_same_fields_as_the_dataclass(args, kwargs):
    assert _fields(Fast(*args, **kwargs)) == _fields(Plain(*args, **kwargs))


def test_a_default_factory_makes_a_new_value_each_time():
    first, second = Fast(1.0), Fast(1.0)
    assert first.c == {} and first.c is not second.c
    given = {"k": 1}
    assert Fast(1.0, c=given).c is given


def test_equality_hash_repr_replace_pickle_and_frozen():
    record = FastChild(1.0, "x", e=2.0, d=3)
    assert record == FastChild(1.0, "x", e=2.0, d=3) and record != FastChild(1.0, "x", e=2.5, d=3)
    assert hash(Fast(1.0, c=None)) == hash(Fast(1.0, c=None))
    assert repr(record) == "FastChild(a=1.0, b='x', c={}, d=3, e=2.0)"
    assert dataclasses.replace(record, e=6.0) == FastChild(1.0, "x", e=6.0, d=3)
    assert pickle.loads(pickle.dumps(record)) == record
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.a = 2.0
    with pytest.raises(TypeError):
        Fast()  # a is required
    with pytest.raises(TypeError):
        Fast(1.0, "x", {}, 4)  # d is keyword-only


def test_refuses_what_it_cannot_serve():
    @dataclass
    class Mutable:
        a: int

    @dataclass(frozen=True, slots=True)
    class Slotted:
        a: int

    @dataclass(frozen=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            pass

    @dataclass(frozen=True)
    class Derived:
        a: int
        b: int = field(init=False, default=0)

    for cls in (Mutable, Slotted, Checked, Derived, int):
        with pytest.raises(TypeError):
            fast_init(cls)
