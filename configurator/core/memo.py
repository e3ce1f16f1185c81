"""One small least-recently-used memo for the core's kept results (estimates, layout searches,
what-fits answers), safe to share between the GUI thread and a worker, and the scenario key
they are kept under."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

from pydantic import BaseModel

V = TypeVar("V")

NOT_SEARCHED = frozenset({"name", "economics"})
"""Scenario fields no layout search reads: the name, and prices and rates, which enter only the
estimate of the layout chosen. Scenarios that differ only in them share one search."""

NOT_SEARCHED_FOR_TRAINING = NOT_SEARCHED | {"constraints"}
"""The training search reads no goal or limit either (budget, power cap, deadline apply to the
layouts it returns, by the exact estimate); the serving search does (its latency and rate targets)."""


def scenario_key(scenario: BaseModel, exclude: frozenset[str] = frozenset()) -> str:
    """``scenario`` as the text a memo keeps it under, less the fields in ``exclude``: its JSON,
    so ``1`` and ``1.0`` differ and every nested field counts."""
    return scenario.model_dump_json(warnings=False, exclude=set(exclude) or None)


class LruMemo(Generic[V]):
    """At most ``size`` values by key, the least recently used dropped first; thread-safe.

    Keys compare by value. Objects that count by identity (a card, a price book: hashing them
    costs more than it saves) are given as ``held``: the memo keeps them beside the value, so
    their ids are not reused while the value is kept, and gives the value only for the same
    objects. Values are never None (None means "not kept").
    """

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a memo keeps at least one value, not {size}")
        self.size = size
        self._kept: OrderedDict[tuple, tuple[tuple, V]] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def _full_key(key: Hashable, held: tuple) -> tuple:
        return (key, tuple(id(obj) for obj in held))

    def get(self, key: Hashable, held: tuple = ()) -> V | None:
        """The value kept for ``key`` and the same ``held`` objects, now the most recently used;
        None when none is kept."""
        full = self._full_key(key, held)
        with self._lock:
            kept = self._kept.get(full)
            if kept is None or any(a is not b for a, b in zip(kept[0], held, strict=True)):
                return None
            self._kept.move_to_end(full)
            return kept[1]

    def put(self, key: Hashable, value: V, held: tuple = ()) -> V:
        """Keep ``value`` for ``key`` and ``held``, dropping the least recently used beyond
        :attr:`size`; returns ``value``."""
        full = self._full_key(key, held)
        with self._lock:
            self._kept[full] = (tuple(held), value)
            self._kept.move_to_end(full)
            if len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget every kept value."""
        with self._lock:
            self._kept.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._kept)
