"""One small least-recently-used memo for the core's kept results (estimates, layout searches,
what-fits answers), safe to share between the GUI thread and a worker, the scenario key they are
kept under, and the memo of values kept per whole scenario (:class:`ScenarioMemo`)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from pydantic import BaseModel

V = TypeVar("V")

NOT_SEARCHED = frozenset({"name", "economics", "ranking"})
"""Scenario fields no layout search reads: the name, prices and rates, which enter only the
estimate of the layout chosen, and the ranking's question (objective and filters: read by the ranking
alone). Scenarios that differ only in them share one search."""

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
        return (key, tuple(map(id, held)))

    def get(self, key: Hashable, held: tuple = ()) -> V | None:
        """The value kept for ``key`` and the same ``held`` objects, now the most recently used;
        None when none is kept."""
        full = (key, tuple(map(id, held)))  # _full_key written out: a cold estimate asks twice, no call
        with self._lock:
            kept = self._kept.get(full)
            if kept is None:
                return None
            if held:  # the same objects, not others at the same addresses (ids of freed objects are reused)
                for a, b in zip(kept[0], held):  # as many: their ids are in the key
                    if a is not b:
                        return None
            self._kept.move_to_end(full)
            return kept[1]

    def put(self, key: Hashable, value: V, held: tuple = ()) -> V:
        """Keep ``value`` for ``key`` and ``held``, dropping the least recently used beyond
        :attr:`size`; returns ``value``."""
        full = (key, tuple(map(id, held)))
        kept = self._kept
        with self._lock:
            if full in kept:  # a key kept again (two threads made it at once): the newest, last
                kept.move_to_end(full)
            kept[full] = (held if type(held) is tuple else tuple(held), value)  # a new key goes last
            if len(kept) > self.size:
                kept.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget every kept value."""
        with self._lock:
            self._kept.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._kept)


class ScenarioMemo(Generic[V]):
    """Values kept per whole scenario (every field, compared as :func:`scenario_key` compares
    them: ``1`` and ``1.0`` differ) and ``held`` objects (by identity), at most ``size`` scenario
    hashes, the least recently used dropped first; thread-safe.

    The scenario's text (:func:`scenario_key`, a JSON dump of every nested field, ~10-20 µs) is
    written only where it decides something: scenarios are first sorted by their hash (a frozen
    model's hash of its field values, a few µs), and a scenario whose hash no kept one shares —
    every new question — is kept without its text. Where hashes meet, the very object kept is a
    hit as it is (frozen: never edited), another one is compared by its text with each kept under
    that hash (each kept one's text written once, when first compared). So two scenarios that
    differ in any field never share a value (equal hashes are only a reason to compare texts).
    """

    BUCKET = 8
    """Scenarios kept under one hash at most (equal hashes of different texts: ``1`` and ``1.0``)."""

    def __init__(self, size: int, exclude: frozenset[str] = frozenset(),
                 hash_of: Callable[[BaseModel], int] | None = None) -> None:
        self._memo: LruMemo[list[list]] = LruMemo(size)  # hash -> [[scenario, text or None, value], ...]
        self._exclude = exclude
        """Top-level fields neither hashed nor written: scenarios that differ only in them share a value."""
        self._hash_of = hash_of
        """The hash scenarios are sorted by, when not their own (without :attr:`_exclude`): any function
        that gives equal scenarios equal hashes (scenarios whose hashes meet are compared by their text)."""

    def _hash(self, scenario: BaseModel) -> int:
        """The scenario's hash (its own, or :attr:`_hash_of`'s), or with :attr:`_exclude` the hash of its
        other fields' values."""
        if not self._exclude:
            return hash(scenario) if self._hash_of is None else self._hash_of(scenario)
        exclude = self._exclude
        return hash(tuple(value for name, value in scenario.__dict__.items() if name not in exclude))

    def kept_or_made(self, scenario: BaseModel, held: tuple, make: Callable[[], V]) -> V:
        """The value kept for ``scenario`` (or an equal one, but in the fields excluded) and the
        same ``held`` objects, else ``make()`` (called outside the lock), kept and returned."""
        exclude = self._exclude
        try:
            key, text = self._hash(scenario), None
        except TypeError:  # a field set without validation (model_copy(update=...) with a set or a
            # dict): unhashable, so filed under its text, which any equal scenario has too
            text = scenario_key(scenario, exclude)
            key = text
        bucket = self._memo.get(key, held)
        if bucket is not None:
            for entry in bucket:
                if entry[0] is scenario:
                    return entry[2]
            if text is None:
                text = scenario_key(scenario, exclude)
            for entry in bucket:
                if entry[1] is None:
                    entry[1] = scenario_key(entry[0], exclude)
                if entry[1] == text:
                    return entry[2]
        value = make()
        entry = [scenario, text, value]
        self._memo.put(key, [entry] if bucket is None else [*bucket[1 - self.BUCKET:], entry], held)
        return value

    def clear(self) -> None:
        """Forget every kept value."""
        self._memo.clear()

    def __len__(self) -> int:
        """Scenario hashes kept."""
        return len(self._memo)


class LastAsked:
    """One function's last answer with what it was asked (:attr:`kept`), for a function asked
    the same twice in a row (a serving copy's prefill, prompt token and decode step ask alike);
    what is compared — objects by identity, numbers by value — is the function's own.

    :attr:`kept` is one tuple, read once and replaced whole, so a thread reading alongside (the
    window's worker and the recommendation's run at once) sees the old one or the new, never half
    of each. Every one is forgotten by :func:`clear_last_asked` (with the estimate memo: cold
    benchmarks stay cold)."""

    __slots__ = ("kept", "_empty")

    def __init__(self, empty: tuple | None = None) -> None:
        self.kept: tuple | None = empty
        """The last answer with what it was asked (the function's own tuple), or ``empty``."""
        self._empty = empty
        _EVERY_LAST_ASKED.append(self)

    def clear(self) -> None:
        """Forget the last answer."""
        self.kept = self._empty


_EVERY_LAST_ASKED: list[LastAsked] = []
"""Every :class:`LastAsked` made (module-level memos, made once at import)."""


def clear_last_asked() -> None:
    """Forget every function's last answer (:class:`LastAsked`)."""
    for memo in _EVERY_LAST_ASKED:
        memo.kept = memo._empty  # LastAsked.clear, without a call each
