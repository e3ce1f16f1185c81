"""Widgets repainted one per pass of the event loop, where Qt would repaint them all in one.

Opening a dock narrows the window's centre: Qt lays the four charts out again and repaints them,
with the new panel, in the same pass of the event loop — 40-60 ms of the GUI thread's time on the
development machine, most of it pyqtgraph drawing the charts' axes again (issue 28: no freeze
over 100 ms). :func:`repaint_in_turn` holds the charts' repaint (``setUpdatesEnabled(False)``: they
keep their last picture meanwhile) and lets them repaint one at a time, a short gap apart, so the
window takes input and paints the panel between them. A grab of the window lets them all go first
(:func:`release_now`: ``QWidget.grab`` skips a widget whose updates are off).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

GAP_MS = 15
"""Pause before each widget's repaint [ms]: long enough for the event loop to run between two
(a zero-delay chain ran back to back), short enough that the charts follow within a blink."""


HELD = "_paced_repaint_held"
"""The owner's attribute listing the widgets it still holds, one list per call (:func:`release_now`)."""


def release_now(owner: QObject) -> None:
    """Let every widget ``owner`` still holds repaint now (a grab of the window would show them
    blank: ``QWidget.grab`` skips a widget whose updates are off)."""
    for waiting in getattr(owner, HELD, []):
        while waiting:
            widget = waiting.pop(0)
            if shiboken6.isValid(widget):
                widget.setUpdatesEnabled(True)
    setattr(owner, HELD, [])


def hold(widgets: Sequence[QWidget], owner: QObject) -> list[QWidget]:
    """Hold the repaint of every one of ``widgets`` (``setUpdatesEnabled(False)``: each keeps its
    last picture) until :func:`release_in_turn` or :func:`release_now`; those held here, in order.
    One still held by an earlier call is taken from it (that call's turn would have let it repaint
    in the middle of this one's); one held by anyone else is left alone."""
    widgets = list(widgets)
    earlier = [waiting for waiting in getattr(owner, HELD, []) if waiting]
    taken = {id(widget) for waiting in earlier for widget in waiting} & {id(widget) for widget in widgets}
    for waiting in earlier:
        waiting[:] = [widget for widget in waiting if id(widget) not in taken]
    held = [widget for widget in widgets if widget.updatesEnabled() or id(widget) in taken]
    for widget in held:
        widget.setUpdatesEnabled(False)
    setattr(owner, HELD, [*[waiting for waiting in earlier if waiting], held])
    return held


def let_go(widgets: Sequence[QWidget], owner: QObject) -> None:
    """Let each of ``widgets`` that ``owner`` holds (:func:`hold`) repaint in the next pass, now that
    what it shows is ready (a chart retranslated by a language switch), the others staying held."""
    going = {id(widget) for widget in widgets}
    for waiting in getattr(owner, HELD, []):
        for widget in [widget for widget in waiting if id(widget) in going]:
            waiting.remove(widget)
            if shiboken6.isValid(widget):
                widget.setUpdatesEnabled(True)


def release_in_turn(waiting: list[QWidget], owner: QObject, gap_ms: int = GAP_MS) -> None:
    """Let each of ``waiting`` (from :func:`hold`) repaint in a later pass of its own, in order.
    The timers are ``owner``'s (a closed window gets none); a widget deleted meanwhile is skipped."""

    def next_one() -> None:
        while waiting:
            widget = waiting.pop(0)
            if shiboken6.isValid(widget):
                widget.setUpdatesEnabled(True)  # repaints it (update()) in the next pass
                break
        if waiting:
            QTimer.singleShot(gap_ms, owner, next_one)

    if waiting:
        QTimer.singleShot(gap_ms, owner, next_one)


def release_once(waiting: list[QWidget], owner: QObject, busy: Callable[[], bool],
                 passes: int = 40) -> Callable[[], bool]:
    """The last piece of a staged rebuild (the language switch): it asks to run again (True) while
    ``busy()`` — the restated scenario's numbers still to come, drawn while ``waiting`` are held —
    for at most ``passes`` runs, then lets ``waiting`` repaint in turn (:func:`release_in_turn`)."""
    left = [passes]

    def piece() -> bool:
        left[0] -= 1
        again = busy() and left[0] > 0
        if not again:
            release_in_turn(waiting, owner)
        return again

    return piece


def repaint_first_now(widgets: Sequence[QWidget], owner: QObject, gap_ms: int = GAP_MS) -> None:
    """``widgets`` have new contents: let the first repaint in this pass of the event loop and each
    of the others in a later pass of its own, in order (the window's charts given a new analysis:
    three or four repainted in one pass took 40-60 ms of the GUI thread on the development machine,
    issue 28). A widget held already (by a resize, a language switch) is left to its holder."""
    free = [widget for widget in widgets if widget.updatesEnabled()]
    later = free[1:]
    if later:
        for widget in later:
            widget.setUpdatesEnabled(False)
        setattr(owner, HELD, [*[waiting for waiting in getattr(owner, HELD, []) if waiting], later])
        release_in_turn(later, owner, gap_ms)


def repaint_in_turn(widgets: Sequence[QWidget], owner: QObject, gap_ms: int = GAP_MS) -> None:
    """Hold the repaint of every one of ``widgets`` now and let each repaint in a later pass of its
    own, in order (:func:`hold`, then :func:`release_in_turn`)."""
    release_in_turn(hold(widgets, owner), owner, gap_ms)


class _ResizePacer(QObject):
    """Holds a watched widget's repaint when it is resized and lets the held ones repaint one per
    pass of the event loop, in the order they were resized (:func:`pace_resizes`)."""

    def __init__(self, owner: QObject, gap_ms: int) -> None:
        super().__init__(owner)
        self._owner, self._gap_ms = owner, gap_ms
        self._waiting: list[QWidget] = []
        setattr(owner, HELD, [*getattr(owner, HELD, []), self._waiting])  # release_now empties it too
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._release_one)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize and watched.updatesEnabled() and watched.isVisible():
            watched.setUpdatesEnabled(False)
            self._waiting.append(watched)
            if not self._timer.isActive():
                self._timer.start(self._gap_ms)
        return False

    def _release_one(self) -> None:
        while self._waiting:
            widget = self._waiting.pop(0)
            if shiboken6.isValid(widget):
                widget.setUpdatesEnabled(True)
                break
        if self._waiting:
            self._timer.start(self._gap_ms)


def pace_resizes(widgets: Sequence[QWidget], owner: QObject, gap_ms: int = GAP_MS) -> None:
    """From now on, whenever some of ``widgets`` are resized together (a dock opening or growing, the
    window's edge dragged), let them repaint one per pass of the event loop rather than all in the
    pass that resized them (each chart's repaint is 5-15 ms of pyqtgraph's Python). A widget held
    by anyone else when resized is left to them."""
    pacer = _ResizePacer(owner, gap_ms)
    for widget in widgets:
        widget.installEventFilter(pacer)
