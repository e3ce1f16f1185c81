"""Python's cyclic garbage collector paused while a serving deployment search runs
(:func:`collector_paused`), where it finds nothing to free.

Why. A deployment search makes tens of thousands of container objects that outlive the youngest
generation — the copies, rate probes, step tables and estimates its memos keep
(:mod:`~configurator.core.workloads.serving.copies`, :mod:`~configurator.core.workloads.memo`) —
and leaves no reference cycle (``tests/test_serving_search_cycles.py``: 0 objects found
unreachable after a search). Every automatic collection during it walks those survivors and
frees nothing: on the README's serving recommendation (57 cards searched cold) 132 youngest,
12 middle and 1 full collection, 154 ms of 1,190 ms CPU, 0 / 3 / 0 objects freed. Reference
counting still frees everything the search drops, at once. Once the search returns, the
collector runs again at its thresholds: the objects made meanwhile are walked once by the next
collection, instead of at every 700 allocations.

Threads. The collector's switch is the process's, so the pause turns it off only where it was on
and back on only if this pause turned it off: a search on the desktop app's worker finds it off
(:mod:`configurator.app.gc_guard` collects on the GUI thread itself, installed before any worker
starts) and leaves it so; of two searches paused at once on threads of their own, the first to
finish turns it on again (the other runs on with it on: what it ran with before this pause).
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def collector_paused(search: Callable[P, R]) -> Callable[P, R]:
    """``search`` run with automatic garbage collection off, where it was on (see the module's
    docstring), and on again however it returns."""

    @functools.wraps(search)
    def paused(*args: P.args, **kwargs: P.kwargs) -> R:
        if not gc.isenabled():
            return search(*args, **kwargs)
        gc.disable()
        try:
            return search(*args, **kwargs)
        finally:
            gc.enable()

    return paused
