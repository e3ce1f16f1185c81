"""After start-up, off the GUI thread: load what the user's first openings would load on it.

The window imports its panels, dialogs and the summary's machinery when first used (start-up
paints first, issue 15). Each such import ran on the GUI thread inside the user's click: the
recommendation panel's modules took 50-110 ms there (with and without compiled bytecode), the
launch commands' 40 ms at the first selected row, the summary's 70 ms at the first export — one
freeze each (issue 28). Once the first analysis is drawn, a thread imports them instead; Python
hands the interpreter back every 1 ms (:data:`configurator.app.worker.GIL_SWITCH_S`), so the
window keeps painting. A module the user opens meanwhile is waited for, not imported twice
(Python's per-module import locks; the app has no import cycle, see tests/test_warm_up.py).

Then the objects alive after start-up — the modules, the catalog, Qt's wrappers, some 110,000 —
are moved out of the garbage collector's sight (:func:`configurator.app.gc_guard.freeze_long_lived`):
each full collection on the GUI thread had walked them all, 60-170 ms in one pass of the event loop
(``gc.freeze`` at the end of the warm-up, on its thread: it only moves them to a list of their own).
"""

from __future__ import annotations

import importlib
import threading

WARMED = (
    "configurator.app.recommend_panel",
    "configurator.core.launch",
    "configurator.app.bom_panel",
    "configurator.app.report_export",
    "configurator.app.preview",
    "configurator.app.summary_task",
    "configurator.app.browser",
    "configurator.app.card_dialog",
    "configurator.app.what_fits_dialog",
    "configurator.app.wizard",
)
"""Modules loaded on first use by the window's actions, in the order a user is likely to need
them (the recommendation panel and its launch row first). Importing one defines classes and
functions only: no Qt object is made at import, so a worker thread may load them."""

_STARTED: list[threading.Thread] = []
"""The warm-up thread, once per process (a second window finds its modules loaded)."""


def _import_all(modules: tuple[str, ...]) -> None:
    """On the warm-up thread: import each of ``modules`` (a failure is left for the user's own
    opening to raise and report, through the error boundary on the GUI thread), then freeze what
    is alive (``gc.freeze`` runs no collection and calls no finaliser: safe on any thread)."""
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001, S112 - reported when the user opens what needs it
            continue
    from configurator.app.gc_guard import freeze_long_lived

    freeze_long_lived()


def warm_up(modules: tuple[str, ...] = WARMED) -> threading.Thread | None:
    """Import ``modules`` on a thread of their own, then freeze the long-lived objects. Once per
    process (a second window finds its modules loaded); None if already started."""
    if _STARTED:
        return None
    thread = threading.Thread(target=_import_all, args=(modules,), name="configurator-warm-up", daemon=True)
    _STARTED.append(thread)
    thread.start()
    return thread


def wait_until_warm(timeout_s: float = 60.0) -> bool:
    """Block until the warm-up, if started, is over (tests that measure an action as a user takes
    it, seconds after start-up: not while the warm-up still loads what it needs); whether it is."""
    for thread in _STARTED:
        thread.join(timeout_s)
    return not any(thread.is_alive() for thread in _STARTED)
