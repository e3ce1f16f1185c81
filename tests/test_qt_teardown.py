"""What a GUI test leaves is deleted and collected in its own teardown (tests/qt_teardown.py): the
deferred deletions first, then the reference cycles, so no later test frees it."""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget
from qt_teardown import release_qt_objects


def test_a_closed_widget_then_a_cycle_holding_a_qt_object_are_gone_after_the_release(qtbot):
    gone: list[str] = []
    closed = QWidget()
    closed.destroyed.connect(lambda *_: gone.append("closed widget"))
    closed.close()
    closed.deleteLater()  # as pytest-qt ends a test's widgets
    holder = QObject()
    holder.cycle = holder  # a reference cycle through the Python wrapper: only the collector frees it
    holder.destroyed.connect(lambda *_: gone.append("cycle"))
    del holder
    was_enabled = gc.isenabled()
    gc.disable()  # no automatic collection between here and the release (restored below)
    try:
        assert gone == []
        release_qt_objects()
    finally:
        if was_enabled:
            gc.enable()
    assert gone == ["closed widget", "cycle"]


def test_a_deletion_posted_while_collecting_is_sent_too(qtbot):
    """A destructor run by the collection that posts a deferred deletion (a panel's child handed
    to ``deleteLater``) does not leave it for a later test."""
    gone: list[str] = []
    later = QObject()
    later.destroyed.connect(lambda *_: gone.append("posted by the collection"))

    class Poster:
        def __init__(self) -> None:
            self.cycle = self

        def __del__(self) -> None:
            later.deleteLater()

    Poster()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        release_qt_objects()
    finally:
        if was_enabled:
            gc.enable()
    assert gone == ["posted by the collection"]
