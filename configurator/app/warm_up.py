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
each full collection on the GUI thread had walked them all, 60-170 ms in one pass of the event loop.
"""

from __future__ import annotations

import importlib
import threading

from PySide6.QtCore import QObject, QTimer

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

POLL_MS = 100
"""How often the GUI thread looks whether the warm-up thread is done [ms]."""

_STARTED: list[threading.Thread] = []
"""The warm-up thread, once per process (a second window finds its modules loaded)."""


def _import_all(modules: tuple[str, ...]) -> None:
    """On the warm-up thread: import each of ``modules``; a failure is left for the user's own
    opening to raise and report (through the error boundary, on the GUI thread)."""
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001, S112 - reported when the user opens what needs it
            continue


def warm_up(owner: QObject, modules: tuple[str, ...] = WARMED) -> threading.Thread | None:
    """Import ``modules`` on a thread of their own, then freeze the long-lived objects (on the GUI
    thread, through a timer owned by ``owner``). Once per process; None if already started."""
    if _STARTED:
        return None
    thread = threading.Thread(target=_import_all, args=(modules,), name="configurator-warm-up", daemon=True)
    _STARTED.append(thread)
    thread.start()
    timer = QTimer(owner)
    timer.setInterval(POLL_MS)

    def done() -> None:
        if thread.is_alive():
            return
        timer.stop()
        timer.deleteLater()
        from configurator.app.gc_guard import freeze_long_lived

        freeze_long_lived()

    timer.timeout.connect(done)
    timer.start()
    return thread
