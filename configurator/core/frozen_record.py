"""Frozen dataclasses made fast: an ``__init__`` that fills the instance dictionary in one step.

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__`` (its own
``__setattr__`` refuses), about 90 ns a field on the reference machine; one serving estimate builds
some twenty such records (memory breakdowns, step costs, load points, prices, costs, verdicts) with
about 170 fields, and a layout search thousands. :func:`fast_init` gives a frozen dataclass an
``__init__`` with the same signature, defaults and default factories that writes every field into
the instance dictionary at once (``__dict__.update``), as unpickling does: the record is the same
(its fields, equality, hash, ``repr``, :func:`dataclasses.replace`), still frozen to assignment.

Only plain frozen dataclasses qualify: with ``slots`` (no instance dictionary), a ``__post_init__``
(and so an ``InitVar``) or a field left out of ``__init__`` the class is refused (TypeError).
"""

from __future__ import annotations

import dataclasses
from typing import TypeVar

T = TypeVar("T")


def fast_init(cls: type[T]) -> type[T]:
    """``cls``, a frozen dataclass, with an ``__init__`` that sets its fields in one dictionary
    update (see the module docstring); decorate below ``@dataclass(frozen=True)``. A subclass that
    is a dataclass of its own gets the dataclass ``__init__`` again: decorate it too."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass")
    if "__slots__" in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has slots or a __post_init__: its __init__ is kept")
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):  # an InitVar needs a __post_init__, refused above
        raise TypeError(f"{cls.__name__} has a field outside __init__: its __init__ is kept")
    scope: dict[str, object] = {"_FACTORY": _FACTORY}
    positional, keyword, made = [], [], []
    for f in fields:
        if f.default is not dataclasses.MISSING:
            scope[f"_default_{f.name}"] = f.default
            parameter = f"{f.name}=_default_{f.name}"
        elif f.default_factory is not dataclasses.MISSING:
            scope[f"_factory_{f.name}"] = f.default_factory
            parameter = f"{f.name}=_FACTORY"
            made.append(f"    if {f.name} is _FACTORY:\n        {f.name} = _factory_{f.name}()\n")
        else:
            parameter = f.name
        (keyword if f.kw_only else positional).append(parameter)
    signature = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    values = ", ".join(f"{f.name!r}: {f.name}" for f in fields)
    source = f"def __init__({signature}):\n{''.join(made)}    self.__dict__.update({{{values}}})\n"
    exec(source, scope)  # the dataclasses module builds its __init__ the same way
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__, init.__annotations__ = cls.__init__.__doc__, cls.__init__.__annotations__
    cls.__init__ = init
    return cls


def extended(cls: type[T], record, changes: dict) -> T:
    """A record of ``cls``, a :func:`fast_init` dataclass, with the fields of ``record`` (a record
    of ``cls`` or of a base of it) and those of ``changes`` (replaced or added): what
    ``cls(**{**vars(record), **changes})`` gives when the two name every field of ``cls``, its
    instance dictionary filled as :func:`fast_init`'s ``__init__`` fills it, without binding a
    dozen keywords (a serving deployment's speed is its copy's, four fields added or replaced)."""
    made = object.__new__(cls)
    fields = made.__dict__
    fields.update(record.__dict__)
    fields.update(changes)
    return made


class _FactorySentinel:
    """A default factory's field left out of the call (its factory is called then)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _FactorySentinel()


class kept_property:  # noqa: N801  (named like the decorator it replaces)
    """:func:`functools.cached_property` without its lock: read once, the value is worked out and
    kept in the instance dictionary, where later reads find it without calling anything. Python
    3.11's ``cached_property`` takes a re-entrant lock on every first read (about 1 µs each; a
    serving estimate reads some ten such values of objects made afresh), which 3.12 dropped; two
    threads reading the same new value at once both work it out, the same number, since it is
    a pure function of a frozen object. A pydantic model names it in ``ignored_types``."""

    def __init__(self, func) -> None:
        self.func, self.attrname, self.__doc__ = func, func.__name__, func.__doc__

    def __set_name__(self, owner, name: str) -> None:
        self.attrname = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = instance.__dict__[self.attrname] = self.func(instance)
        return value


class LazyValue:
    """A value worked out when first read (:meth:`get`), by a function of the arguments given with
    it (``LazyValue(make, *args)``: no ``functools.partial`` made beside it), then kept: a record's
    field that few of its readers read (a serving copy's idle first token, read only by the JSON
    export). Compares, hashes and prints as its value. Two threads reading it first at once both
    work it out (the same number: the function must be pure); the value is stored before the
    function is dropped, so a reader that finds no function finds the value."""

    __slots__ = ("_make", "_args", "_value")

    def __init__(self, make, *args) -> None:
        self._make, self._args, self._value = make, args, None

    def get(self):
        """The value, worked out on the first read."""
        make = self._make
        if make is not None:
            self._value = make(*self._args)
            self._make = None
            self._args = ()
        return self._value

    def __eq__(self, other) -> bool:
        return self.get() == (other.get() if isinstance(other, LazyValue) else other)

    def __hash__(self) -> int:
        return hash(self.get())

    def __repr__(self) -> str:
        return repr(self.get())

    def __reduce__(self):
        """Pickled (and copied) as its value: the function it was made with may be a local one."""
        return _value_itself, (self.get(),)


class LazyField:
    """A record's field that may hold a :class:`LazyValue`: read, it gives the value, worked out on the
    first read and kept in the instance dictionary in place of the :class:`LazyValue` (a data
    descriptor, so every read passes here, about 0.1 µs). Equality, hashing, ``repr`` and
    :func:`dataclasses.replace` read fields as attributes, so they see values; the instance
    dictionary may hold a :class:`LazyValue` until the first read (pickled and copied as its value).
    Set on a :func:`fast_init` dataclass by :func:`lazy_fields`."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        fields = instance.__dict__
        value = fields[self.name]
        if type(value) is LazyValue:
            value = fields[self.name] = value.get()  # one store: a thread reading alongside sees one or the other
        return value

    def __set__(self, instance, value) -> None:
        """As a plain attribute (``object.__setattr__``; the frozen record's own ``__setattr__`` refuses first)."""
        instance.__dict__[self.name] = value


def lazy_fields(cls: type[T], *names: str) -> type[T]:
    """``cls``, a dataclass, whose fields ``names`` may be given a :class:`LazyValue` (:class:`LazyField`):
    a value few of the record's readers read, worked out when first read. Its ``__init__`` (the
    dataclass's or :func:`fast_init`'s) stores it as given."""
    known = {f.name for f in dataclasses.fields(cls)}
    for name in names:
        if name not in known:
            raise TypeError(f"{cls.__name__} has no field {name!r}")
        setattr(cls, name, LazyField(name))
    return cls


def stored(record, name: str):
    """The field ``name`` of ``record`` as stored: a :class:`LazyValue` not yet read stays one, to be
    handed on to another record's lazy field (:func:`lazy_fields`) without working it out."""
    return record.__dict__[name]


def _value_itself(value):
    """``value`` (a :class:`LazyValue` unpickled: its value)."""
    return value


def lazy_value(value):
    """``value`` itself, or the value of a :class:`LazyValue` (:meth:`LazyValue.get`)."""
    return value.get() if type(value) is LazyValue else value
