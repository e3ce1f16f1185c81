"""Each GUI test's Qt objects are deleted and collected in its own teardown (tests/conftest.py).

Python's cyclic collector is off once the app's worker threads exist (configurator/app/gc_guard.py);
a timer and each test's teardown collected at the interpreter's thresholds instead. A GUI test's
window, controller and charts were still held by its fixtures when its own teardown collected, so
they were freed by whichever later collection came next: a generation-1 collection in another test's
teardown, often another file's (a clean clone's CI died twice of a segmentation fault there,
"Garbage-collecting" in the teardown of test_family_views' last test, sessions 17 and 18: a
controller's undo steps deleted twice, fixed in app/controller.py, see ``_HELD_STEPS``), or one
inside a later test's measurement (CI, session 18: a model change took 452 ms of the GUI thread's
CPU in test_no_stalls, freeing earlier tests' windows).

Now, once pytest has let go of a GUI test's fixtures (the end of its run protocol), in this order:
the deferred deletions of the widgets pytest-qt closed are sent (their C++ objects deleted, their
wrappers told), then a full collection frees what the test's reference cycles held (the controller
and its jobs among them), then the deletions that collection posted are sent. The next test starts
with no other test's Qt objects waiting to be freed, whatever order the files run in.
"""

from __future__ import annotations

import gc
import sys


def release_qt_objects() -> None:
    """Delete and collect what the test that just ended left (GUI thread, no event loop running)."""
    core = sys.modules.get("PySide6.QtCore")
    if core is None or core.QCoreApplication.instance() is None:
        return
    deferred = core.QEvent.Type.DeferredDelete
    core.QCoreApplication.sendPostedEvents(None, deferred)
    gc.collect()
    core.QCoreApplication.sendPostedEvents(None, deferred)
