"""Python's cyclic garbage collector runs on the GUI thread only.

An automatic collection runs in whichever thread happens to allocate when a generation's
threshold is passed. If it frees a Qt object — a closed window or wizard left in a reference
cycle — on a worker thread, the QObject's destructor takes Qt's locks there and waits for the
interpreter, while the GUI thread holds the interpreter and waits for one of those locks: the
window freezes for good (seen in the test suite: a worker in ``QObject::~QObject`` under
``gc_collect_main`` while planning, the GUI thread in ``QObject::connect``), or the process
crashes. So once worker threads exist, automatic collection is off and a timer on the GUI thread
collects instead, at the interpreter's own thresholds (the recipe PyQt users follow: F. Zadrozny,
"PyQt and the garbage collector", 2009). Reference counting still frees everything that is not in
a cycle at once, on whichever thread drops it.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

CHECK_INTERVAL_MS = 500
"""How often the GUI thread looks whether a collection is due [ms]."""

_COLLECTOR: GuiThreadCollector | None = None


class GuiThreadCollector(QObject):
    """Turns automatic garbage collection off and collects from a timer on the GUI thread."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = CHECK_INTERVAL_MS) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.collect_if_due)
        self._timer.start(interval_ms)

    def collect_if_due(self) -> None:
        """Collect the generations whose allocation counts passed their thresholds, youngest first
        (what the interpreter would have done, here on the GUI thread)."""
        young, middle, old = gc.get_count()
        if young > self.thresholds[0]:
            gc.collect(0)
            if middle > self.thresholds[1]:
                gc.collect(1)
                if old > self.thresholds[2]:
                    gc.collect(2)


def collect_on_gui_thread() -> GuiThreadCollector | None:
    """Install the collector once, on the application (call on the GUI thread, before the first
    worker thread starts); None without a Qt application (nothing to guard)."""
    global _COLLECTOR  # noqa: PLW0603 - one per process, made on first use
    app = QCoreApplication.instance()
    if _COLLECTOR is None and app is not None:
        _COLLECTOR = GuiThreadCollector(app)
    return _COLLECTOR


def freeze_long_lived() -> None:
    """Move every object alive now out of the collector's sight (``gc.freeze``), once the window
    has started (:mod:`configurator.app.warm_up`): they live as long as the process (the modules,
    the catalog, the window's wrappers), and a full collection walked them all on the GUI thread,
    60-170 ms in one pass of the event loop with the recommendation panel open (110,000 objects,
    issue 28). Collections then walk only what was made since. Python's own collector leaves a
    full collection until a quarter more objects have survived; :class:`GuiThreadCollector` runs
    one at its thresholds. Costs nothing (a list splice); a cycle among the frozen objects that
    becomes garbage later is never freed (the window's own, which lives until the process ends)."""
    gc.freeze()
