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

**Recovery.** :func:`find_recoveries` lists every crashed window's autosave, newest first, and
holds each one's lock while it is offered, so a second window starting at the same moment does
not offer it too. Nothing is deleted unless the user discards it, or restores it and then saves
or discards that work: a restored autosave becomes the restoring window's own
(:meth:`Autosave.adopt`). A damaged autosave (cut short, zero bytes from a power cut, from a
newer version, too large) is offered as partly recoverable where its scenario can still be read
(:mod:`configurator.core.scenario_salvage`), and the file as it was found is kept in
``autosave/damaged/``; one that cannot be read at all — or anything named like an autosave that
is not a file (a folder, a FIFO) — is moved there, and the window says so.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import shutil
import stat
import time
from collections.abc import Callable, Container
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import shiboken6
from PySide6.QtCore import QObject, QTimer, Signal

from configurator.app.controller import ScenarioController
from configurator.core.files import try_lock, write_text_atomically
from configurator.core.messages import Message
from configurator.core.resources import user_data_dir
from configurator.core.scenario import Scenario
from configurator.core.scenario_io import MAX_SCENARIO_BYTES, document_text, scenario_to_document
from configurator.core.scenario_salvage import Damage, salvage_scenario

AUTOSAVE_DELAY_MS = 3000
"""How long after the last change the scenario is autosaved [ms]."""
AUTOSAVE_MAX_WAIT_MS = 10_000
"""Longest an unsaved change waits for its autosave while changes keep coming [ms]: the most
work a crash can lose."""
READ_LIMIT = 16 * MAX_SCENARIO_BYTES
"""Largest autosave read when recovering [bytes]; a larger one is set aside unread."""
PREFIX = "autosave-"
SUFFIX = ".gpuconf.json"
DAMAGED = "damaged"
"""The folder inside the autosave folder that keeps what could not be offered as it was."""
_NAME = re.compile(rf"^{PREFIX}(?P<key>[0-9A-Za-z_-]{{1,64}}){re.escape(SUFFIX)}$")
_TEMPORARY = re.compile(rf"^\.(?P<name>{PREFIX}(?P<key>[0-9A-Za-z_-]{{1,64}}){re.escape(SUFFIX)})\..+\.tmp$")
"""A temporary file of an autosave write (:func:`~configurator.core.files.replace_atomically`)."""
_LEGACY = re.compile(r"^[0-9]{1,10}$")
"""The key of an older version's autosave: its process id."""
MAX_PATH_CHARS = 4096
"""Longest original-file path an autosave's notes may give (a longer one is ignored)."""


def autosave_dir() -> Path:
    return user_data_dir() / "autosave"


def damaged_dir() -> Path:
    return autosave_dir() / DAMAGED


def _lock_path(file: Path) -> Path:
    return file.with_name(file.name.removesuffix(SUFFIX) + ".lock")


def _process_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process with that id
    except (OSError, OverflowError, ValueError):
        return False
    return True


def _claim(file: Path) -> tuple[bool, int | None]:
    """Take the lock of the autosave ``file`` if no running window holds it: (taken, handle).

    (False, None): a window holds it (its own, another one's, or one offering it now).
    (True, None): no lock could be made (a read-only folder): offered without one.
    """
    try:
        handle = os.open(_lock_path(file), os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except OSError:
        return True, None
    try:
        if try_lock(handle):
            return True, handle
    except OSError:
        pass
    os.close(handle)
    return False, None


def _lock_own(lock: Path, tries: int = 5) -> int:
    """A handle holding the lock file ``lock`` (created if missing). Another window clearing lock
    files left by crashes may remove it between our open and our lock: the lock then holds a
    file no longer at that path, so it is taken again (the path and the handle must agree)."""
    for _ in range(tries):
        handle = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        try:
            if try_lock(handle) and os.path.samestat(os.fstat(handle), os.stat(lock)):
                return handle
        except OSError:
            pass
        os.close(handle)
        time.sleep(0.01)
    raise OSError(errno.EWOULDBLOCK, f"{lock} is held by another window")


def _still_held(handle: int, lock: Path) -> bool:
    """Whether the open lock ``handle`` is still the file at ``lock`` (not removed or replaced)."""
    try:
        return os.path.samestat(os.fstat(handle), os.stat(lock))
    except OSError:
        return False


def _release(handle: int | None, lock: Path | None = None) -> None:
    """Close a claimed lock (which releases it); remove its file first when ``lock`` is given."""
    if lock is not None:
        try:
            lock.unlink(missing_ok=True)
        except OSError:
            pass
    if handle is not None:
        try:
            os.close(handle)
        except OSError:
            pass


def _read_regular(file: Path, limit: int) -> bytes:
    """Up to ``limit`` + 1 bytes of ``file``, if it is a regular file (a FIFO or device named like
    an autosave is not opened for waiting: O_NONBLOCK, and refused after fstat)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    handle = os.open(file, flags)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise OSError(f"{file} is not a file")
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(handle, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(handle)


def _damaged_target(file: Path) -> Path:
    """A free name for ``file`` in the damaged folder (made if need be; OSError if it cannot be)."""
    folder = damaged_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / file.name
    number = 1
    while target.exists() or target.is_symlink():
        number += 1
        target = folder / f"{file.name.removesuffix(SUFFIX)}-{number}{SUFFIX}"
    return target


def _set_aside(file: Path) -> Path | None:
    """Move ``file`` (a file, folder, FIFO, link…) into the damaged folder under a free name;
    where it went, or None if it could not be moved."""
    try:
        target = _damaged_target(file)
        os.rename(file, target)
    except OSError:
        return None
    return target


def _keep_copy(file: Path) -> Path | None:
    """Copy ``file`` into the damaged folder as it is (before it is restored in part)."""
    try:
        target = _damaged_target(file)
        shutil.copyfile(file, target)
    except OSError:
        return None
    return target


@dataclass
class Recovery:
    """Unsaved work a crashed window left behind (its autosave's lock held while offered)."""

    file: Path
    scenario: Scenario
    original: Path | None
    saved_at: str
    """When it was autosaved (local time, ``YYYY-MM-DD HH:MM:SS``)."""
    damage: Damage = field(default_factory=Damage)
    missing_card: str | None = None
    """The scenario's card, when the catalog no longer has it."""
    language: str | None = None
    """The interface language of the window that wrote it."""
    original_digest: str | None = None
    """The SHA-256 (hex) of :attr:`original` as the crashed window last opened or saved it (None:
    unknown, an older version's autosave): the file changed since when it differs now."""
    handle: int | None = field(default=None, repr=False)

    @property
    def partial(self) -> bool:
        """Only partly recoverable: damaged, or its card is gone."""
        return self.damage.any or self.missing_card is not None

    def release(self) -> None:
        """Stop holding it: it stays, and is offered again at the next start."""
        _release(self.handle)
        self.handle = None

    def discard(self) -> None:
        """Delete it for good (the user chose to)."""
        try:
            self.file.unlink(missing_ok=True)
        except OSError:
            pass
        _release(self.handle, _lock_path(self.file))
        self.handle = None


NOT_A_FILE, UNREADABLE, TOO_LARGE = "not-a-file", "unreadable", "too-large"
"""Why an entry was set aside, besides the reasons of :mod:`~configurator.core.scenario_salvage`."""


@dataclass(frozen=True)
class SetAside:
    """Something in the autosave folder that could not be offered, and where it was moved (None:
    it could not be moved either, and stays where it is); ``reason``: a code (:data:`NOT_A_FILE`
    …, or a salvage reason), ``detail``: a technical line (the system's), or a message said in the
    window's language (a salvage's: :attr:`~configurator.core.scenario_salvage.Salvage.detail`)."""

    file: Path
    moved_to: Path | None
    reason: str
    detail: Message | str = ""


@dataclass
class Findings:
    recoveries: list[Recovery] = field(default_factory=list)
    set_aside: list[SetAside] = field(default_factory=list)

    def release(self) -> None:
        for recovery in self.recoveries:
            recovery.release()


def _original(notes: dict) -> Path | None:
    value = notes.get("path")
    if not isinstance(value, str) or not value or "\0" in value or len(value) > MAX_PATH_CHARS:
        return None
    return Path(value)


_DIGEST = re.compile(r"^[0-9a-f]{64}$")


def _original_digest(notes: dict) -> str | None:
    value = notes.get("digest")
    return value if isinstance(value, str) and _DIGEST.match(value) else None


def _saved_at(notes: dict, file: Path) -> str:
    value = notes.get("saved_at")
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value).strftime("%Y-%m-%d %H:%M:%S")
        except ValueError:
            pass
    try:
        return datetime.fromtimestamp(file.stat().st_mtime).strftime("%Y-%m-%d %H:%M:%S")
    except (OSError, OverflowError, ValueError):
        return ""


def _examine(file: Path, known_cards: Container[str]) -> Recovery | SetAside | None:
    """One autosave of the folder: offered (its lock now held), set aside, or None (a live window's)."""
    try:
        mode = file.lstat().st_mode
    except OSError:
        return None  # gone meanwhile
    if not stat.S_ISREG(mode):
        return SetAside(file, _set_aside(file), NOT_A_FILE)
    key = _NAME.match(file.name)["key"]
    if _LEGACY.match(key) and int(key) != os.getpid() and _process_running(int(key)):
        return None  # an older version's window may be running with that process id
    claimed, handle = _claim(file)
    if not claimed:
        return None  # a running window's (or one being offered by another window now)
    try:
        data = _read_regular(file, READ_LIMIT)
    except OSError as error:
        _release(handle)
        if not file.exists():
            return None  # removed by its window meanwhile
        return SetAside(file, _set_aside(file), UNREADABLE, error.strerror or str(error))
    if len(data) > READ_LIMIT:
        _release(handle, _lock_path(file))
        return SetAside(file, _set_aside(file), TOO_LARGE, f"{READ_LIMIT // (1024 * 1024)} MiB")
    salvage = salvage_scenario(data)
    if salvage.scenario is None:
        _release(handle, _lock_path(file))
        return SetAside(file, _set_aside(file), salvage.reason, salvage.detail)
    notes = salvage.extra.get("autosave")
    notes = notes if isinstance(notes, dict) else {}
    language = notes.get("language") if isinstance(notes.get("language"), str) else None
    scenario = salvage.scenario
    return Recovery(file, scenario, _original(notes), _saved_at(notes, file), salvage.damage,
                    None if scenario.card_id in known_cards else scenario.card_id, language,
                    _original_digest(notes), handle)


def _take_up_temporaries(folder: Path) -> None:
    """Temporary files of autosave writes that a crash cut off, each for a window that is gone:
    one whole (written and flushed, killed before its rename) is the window's newest work and
    becomes its autosave; one cut short too, where the window left no autosave (its first write);
    any other is removed (the autosave it was to replace is the last complete write)."""
    try:
        names = [entry.name for entry in os.scandir(folder) if _TEMPORARY.match(entry.name)]
    except OSError:
        return
    for name in names:
        match = _TEMPORARY.match(name)
        key = match["key"]
        if _LEGACY.match(key) and int(key) != os.getpid() and _process_running(int(key)):
            continue
        temporary, file = folder / name, folder / match["name"]
        claimed, handle = _claim(file)
        if not claimed or handle is None:
            continue  # a running window's write in progress (or no lock can be had: left as it is)
        try:
            data = _read_regular(temporary, READ_LIMIT)
            salvage = salvage_scenario(data) if len(data) <= READ_LIMIT else None
            usable = salvage is not None and salvage.scenario is not None and (
                not salvage.damage.any or not os.path.lexists(file))
            if usable:
                os.replace(temporary, file)
            else:
                temporary.unlink()
        except OSError:
            pass
        finally:
            _release(handle)


def find_recoveries(known_cards: Container[str]) -> Findings:
    """Autosaves of windows that did not close properly, newest first, each one's lock held (see
    the module docstring); and what was set aside. ``known_cards``: the catalog's card ids."""
    folder = autosave_dir()
    findings = Findings()
    _take_up_temporaries(folder)
    try:
        names = [entry.name for entry in os.scandir(folder) if _NAME.match(entry.name)]
    except OSError:
        return findings
    for name in names:
        found = _examine(folder / name, known_cards)
        if isinstance(found, Recovery):
            findings.recoveries.append(found)
        elif isinstance(found, SetAside):
            findings.set_aside.append(found)
    findings.recoveries.sort(key=lambda r: r.saved_at, reverse=True)
    _remove_orphan_locks(folder)
    return findings


def _remove_orphan_locks(folder: Path) -> None:
    """Lock files of crashed windows that left no autosave (they crashed with nothing unsaved)."""
    try:
        locks = [folder / entry.name for entry in os.scandir(folder)
                 if entry.name.startswith(PREFIX) and entry.name.endswith(".lock") and entry.is_file()]
    except OSError:
        return
    for lock in locks:
        if (folder / (lock.name.removesuffix(".lock") + SUFFIX)).exists():
            continue
        claimed, handle = _claim(lock.with_name(lock.name.removesuffix(".lock") + SUFFIX))
        if claimed and handle is not None:
            _release(handle, lock)


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
        if self._lock is not None and not _still_held(self._lock, _lock_path(self.file)):
            _release(self._lock)
            self._lock = None
        if self._lock is None:
            self._lock = _lock_own(_lock_path(self.file))

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
        kept = _keep_copy(recovery.file) if recovery.partial else None
        self._hold_lock()
        os.replace(recovery.file, self.file)
        _release(recovery.handle, _lock_path(recovery.file))
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
            _release(self._lock, _lock_path(self.file))
            self._lock = None

    @property
    def pending(self) -> bool:
        return self._timer.isActive() or self._deadline.isActive()
