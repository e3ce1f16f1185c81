"""Recovery after a crash: the crashed windows' autosaves found at start, each one's lock held while
it is offered, and what was set aside (:mod:`configurator.app.autosave` says when and why)."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Container
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from configurator.app.autosave_folder import (PREFIX, READ_LIMIT, SUFFIX, autosave_dir, claim_lock, lock_path,
                                              release_lock, set_aside)
from configurator.core.messages import Message
from configurator.core.scenario import Scenario
from configurator.core.scenario_salvage import Damage, salvage_scenario

_NAME = re.compile(rf"^{PREFIX}(?P<key>[0-9A-Za-z_-]{{1,64}}){re.escape(SUFFIX)}$")
_TEMPORARY = re.compile(rf"^\.(?P<name>{PREFIX}(?P<key>[0-9A-Za-z_-]{{1,64}}){re.escape(SUFFIX)})\..+\.tmp$")
"""A temporary file of an autosave write (:func:`~configurator.core.files.replace_atomically`)."""
_LEGACY = re.compile(r"^[0-9]{1,10}$")
"""The key of an older version's autosave: its process id."""
MAX_PATH_CHARS = 4096
"""Longest original-file path an autosave's notes may give (a longer one is ignored)."""


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
        release_lock(self.handle)
        self.handle = None

    def discard(self) -> None:
        """Delete it for good (the user chose to)."""
        try:
            self.file.unlink(missing_ok=True)
        except OSError:
            pass
        release_lock(self.handle, lock_path(self.file))
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
    """What :func:`find_recoveries` found: the autosaves a window may restore, newest first, each one's lock
    held until :meth:`release`; and what it set aside (:class:`SetAside`)."""

    recoveries: list[Recovery] = field(default_factory=list)
    set_aside: list[SetAside] = field(default_factory=list)

    def release(self) -> None:
        """Stop holding every recovery (:meth:`Recovery.release`): each stays, offered again at the next start."""
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
        return SetAside(file, set_aside(file), NOT_A_FILE)
    key = _NAME.match(file.name)["key"]
    if _LEGACY.match(key) and int(key) != os.getpid() and _process_running(int(key)):
        return None  # an older version's window may be running with that process id
    claimed, handle = claim_lock(file)
    if not claimed:
        return None  # a running window's (or one being offered by another window now)
    try:
        data = _read_regular(file, READ_LIMIT)
    except OSError as error:
        release_lock(handle)
        if not file.exists():
            return None  # removed by its window meanwhile
        return SetAside(file, set_aside(file), UNREADABLE, error.strerror or str(error))
    if len(data) > READ_LIMIT:
        release_lock(handle, lock_path(file))
        return SetAside(file, set_aside(file), TOO_LARGE, f"{READ_LIMIT // (1024 * 1024)} MiB")
    salvage = salvage_scenario(data)
    if salvage.scenario is None:
        release_lock(handle, lock_path(file))
        return SetAside(file, set_aside(file), salvage.reason, salvage.detail)
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
        claimed, handle = claim_lock(file)
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
            release_lock(handle)


def find_recoveries(known_cards: Container[str]) -> Findings:
    """Autosaves of windows that did not close properly, newest first, each one's lock held (see
    :mod:`configurator.app.autosave`'s docstring); and what was set aside. ``known_cards``: the catalog's card ids."""
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
        claimed, handle = claim_lock(lock.with_name(lock.name.removesuffix(".lock") + SUFFIX))
        if claimed and handle is not None:
            release_lock(handle, lock)

