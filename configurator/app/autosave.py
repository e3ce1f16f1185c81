"""Autosave of unsaved work, and its recovery after a crash.

**Writing.** While the scenario has unsaved changes it is written to
``autosave/autosave-<window id>.gpuconf.json`` in the user data directory (atomically, like any
other file): :data:`AUTOSAVE_DELAY_MS` after the last change, and — while changes keep coming —
never later than :data:`AUTOSAVE_MAX_WAIT_MS` after the first unsaved one, so a crash during
continuous editing loses at most that much work. Saving the scenario, or discarding its changes,
removes the file.

**Which window.** The window id is random, not the process id: in a PID namespace (a container,
Flatpak) every run has the same process id, and a crashed run's autosave would look like the
live window's own. A window holds an exclusive ``flock`` on ``autosave-<id>.lock`` for as long
as its autosave exists; an autosave whose lock can be taken belongs to no running window — its
window crashed. (Autosaves of older versions, ``autosave-<process id>.gpuconf.json``, have no
lock: they count as crashed unless another running process has that id.)

**Ended from outside.** SIGTERM, SIGHUP and SIGINT (and a session logout) write the autosave
at once instead of after the wait (:mod:`configurator.app.signal_ending`): the app ends with it
kept (:meth:`Autosave.hold`), and the next start offers it as a crashed window's.

**Failures.** An autosave that cannot be written (a full disk, a read-only folder) is said in the
window and tried again :data:`AUTOSAVE_MAX_WAIT_MS` later, until it works. A window killed
during a write leaves its previous autosave whole and a temporary file beside it; the next start
takes that file up as the window's autosave when it is whole (killed before the rename: the newest
work) or when there was no autosave yet, and removes it otherwise.

**Recovery.** :func:`~configurator.app.autosave_recovery.find_recoveries` lists every crashed
window's autosave, newest first, and holds each one's lock while it is offered, so a second window
starting at the same moment does not offer it too. Nothing is deleted unless the user discards it,
or restores it and then saves or discards that work: a restored autosave becomes the restoring window's own
(:meth:`Autosave.adopt`). A damaged autosave (cut short, zero bytes from a power cut, from a
newer version, too large) is offered as partly recoverable where its scenario can still be read
(:mod:`configurator.core.scenario_salvage`), and the file as it was found is kept in
``autosave/damaged/``; one that cannot be read at all — or anything named like an autosave that
is not a file (a folder, a FIFO) — is moved there, and the window says so.

**Where.** This module writes (:class:`Autosave`); :mod:`configurator.app.autosave_recovery` finds
and offers what crashed windows left; :mod:`configurator.app.autosave_folder` holds the folder, the
names, the locks and the damaged folder both use.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import shiboken6
from PySide6.QtCore import QObject, QTimer, Signal

from configurator.app.autosave_folder import (PREFIX, READ_LIMIT, SUFFIX, autosave_dir, keep_copy, lock_own, lock_path,
                                              release_lock, still_held)
from configurator.app.autosave_recovery import Recovery
from configurator.app.controller import ScenarioController
from configurator.core.files import write_text_atomically
from configurator.core.scenario_io import document_text, scenario_to_document

AUTOSAVE_DELAY_MS = 3000
"""How long after the last change the scenario is autosaved [ms]."""
AUTOSAVE_MAX_WAIT_MS = 10_000
"""Longest an unsaved change waits for its autosave while changes keep coming [ms]: the most
work a crash can lose."""


class Autosave(QObject):
    """Writes the controller's scenario while it has unsaved changes (see the module docstring)."""

    failed = Signal(str)
    """An autosave could not be written: the reason (the work is not protected meanwhile)."""
    written = Signal()
    """An autosave was written (after a failure: protected again)."""

    def __init__(self, controller: ScenarioController, parent: QObject | None = None,
                 delay_ms: int | None = None, max_wait_ms: int | None = None) -> None:
        """``delay_ms`` and ``max_wait_ms`` [ms]: :data:`AUTOSAVE_DELAY_MS` and
        :data:`AUTOSAVE_MAX_WAIT_MS` unless given (as they are when the window is made)."""
        super().__init__(parent)
        self.controller = controller
        self.window_id = secrets.token_hex(8)
        self.file = autosave_dir() / f"{PREFIX}{self.window_id}{SUFFIX}"
        self._lock: int | None = None
        self.failing = False
        """The last write failed."""
        self.held = False
        """The app is ending from outside (:meth:`hold`): the autosave stays for the next start."""
        self.file_digest: Callable[[], str | None] = lambda: None
        """The SHA-256 of the window's file as the window last opened or saved it (set by the
        window), kept in the notes: a recovery tells from it whether the file changed since."""
        self._timer = self._single_shot(AUTOSAVE_DELAY_MS if delay_ms is None else delay_ms)
        self._deadline = self._single_shot(AUTOSAVE_MAX_WAIT_MS if max_wait_ms is None else max_wait_ms)
        controller.undo_stack.indexChanged.connect(self._on_changed)  # after the stack knows it is modified
        controller.scenario_changed.connect(self._on_changed)  # a change merged into the last step (a drag)
        controller.undo_stack.cleanChanged.connect(self._on_clean_changed)

    def _single_shot(self, interval_ms: int) -> QTimer:
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(interval_ms)
        timer.timeout.connect(self.save_now)
        return timer

    def _on_changed(self, _index) -> None:
        if self.held or not shiboken6.isValid(self.controller.undo_stack):
            return  # the stack is being destroyed with the window
        if self.controller.is_modified:
            self._timer.start()  # restarted by every change ...
            if not self._deadline.isActive():
                self._deadline.start()  # ... but not this one: continuous editing is saved too

    def _on_clean_changed(self, clean: bool) -> None:
        if clean:  # saved, or undone back to what was saved: nothing to recover
            self.discard()

    def _hold_lock(self) -> None:
        """Hold this window's lock (made on the first autosave; it marks the autosave as live).
        A lock whose file is gone (the autosave folder deleted while the window runs, by a cleaner
        or by hand) marks nothing: another window would take the autosave written next for a
        crashed window's and offer it — and move it away, or delete it, while this window runs.
        It is taken again, on a new file, before the write."""
        if self._lock is not None and not still_held(self._lock, lock_path(self.file)):
            release_lock(self._lock)
            self._lock = None
        if self._lock is None:
            self._lock = lock_own(lock_path(self.file))

    def document(self) -> dict:
        """What the autosave holds: the scenario document and notes about the window."""
        from configurator.app.i18n import current_language

        document = scenario_to_document(self.controller.scenario)
        path = self.controller.path
        notes = {"path": str(path) if path else None, "saved_at": datetime.now().isoformat(timespec="seconds"),
                 "window": self.window_id, "pid": os.getpid(), "language": current_language(),
                 "digest": self.file_digest() if path else None}
        # the notes before the scenario: an autosave cut short still names its file, whose values fill what it lost
        scenario = document.pop("scenario")
        return {**document, "autosave": notes, "scenario": scenario}

    def save_now(self) -> bool:
        """Write the autosave now (only while there are unsaved changes); False, with
        :attr:`failed`, if it could not be written."""
        self._timer.stop()
        self._deadline.stop()
        if self.held:
            return not self.failing
        if not self.controller.is_modified:
            self.discard()
            return True
        try:
            text = document_text(self.document(), READ_LIMIT)
            self.file.parent.mkdir(parents=True, exist_ok=True)
            self._hold_lock()
            write_text_atomically(self.file, text)
        except OSError as error:
            from configurator.app.error_boundary import log_exception

            first = not self.failing  # the first of a run of failures (each retry would log it again)
            self.failing = True
            self._deadline.start()  # tried again: a disk that frees up protects the work without a new edit
            if first:
                log_exception(error, "Autosave.save_now")
            from configurator.app.window_files import failure_reason

            self.failed.emit(failure_reason(error))  # shown (again), and the work goes on
            return False
        if self.failing:
            self.failing = False
            self.written.emit()
        return True

    def adopt(self, recovery: Recovery) -> Path | None:
        """Make a crashed window's autosave this window's own (it was restored here): it stays
        until this window's work is saved or discarded. A partly recovered one is first copied,
        as it was found, into the damaged folder: returns where (None when it was whole, or the
        copy failed)."""
        kept = keep_copy(recovery.file) if recovery.partial else None
        self._hold_lock()
        os.replace(recovery.file, self.file)
        release_lock(recovery.handle, lock_path(recovery.file))
        recovery.handle = None
        return kept

    def hold(self) -> None:
        """Keep the autosave as it is now, whatever happens next: the app is ending from outside
        (a signal), and whatever a dialog left open answers on its way out (an event loop ending
        makes it return as if cancelled) must not delete the work (:meth:`discard` does nothing)."""
        self.held = True
        self._timer.stop()
        self._deadline.stop()

    def discard(self) -> None:
        """Remove the autosave (the work was saved or deliberately discarded); nothing once
        :meth:`held <hold>`."""
        self._timer.stop()
        self._deadline.stop()
        if self.held:
            return
        try:
            self.file.unlink(missing_ok=True)
        except OSError:
            pass
        if self._lock is not None:
            release_lock(self._lock, lock_path(self.file))
            self._lock = None

    @property
    def pending(self) -> bool:
        return self._timer.isActive() or self._deadline.isActive()
