"""The autosave folder: where autosaves live and how they are named, their locks (one a window,
held while its autosave exists or while a crashed window's is offered), and the damaged folder
beside them (:mod:`configurator.app.autosave` says how they are used)."""

from __future__ import annotations

import errno
import os
import shutil
import time
from pathlib import Path

from configurator.core.files import try_lock
from configurator.core.resources import user_data_dir
from configurator.core.scenario_io import MAX_SCENARIO_BYTES

READ_LIMIT = 16 * MAX_SCENARIO_BYTES
"""Largest autosave read when recovering [bytes]; a larger one is set aside unread."""
PREFIX = "autosave-"
SUFFIX = ".gpuconf.json"
DAMAGED = "damaged"
"""The folder inside the autosave folder that keeps what could not be offered as it was."""


def autosave_dir() -> Path:
    """The folder of every window's autosave and lock, in the user data directory."""
    return user_data_dir() / "autosave"


def damaged_dir() -> Path:
    """The folder inside :func:`autosave_dir` that keeps what could not be offered as it was."""
    return autosave_dir() / DAMAGED


def lock_path(file: Path) -> Path:
    """The lock file beside the autosave ``file`` (``autosave-<id>.lock``)."""
    return file.with_name(file.name.removesuffix(SUFFIX) + ".lock")


def claim_lock(file: Path) -> tuple[bool, int | None]:
    """Take the lock of the autosave ``file`` if no running window holds it: (taken, handle).

    (False, None): a window holds it (its own, another one's, or one offering it now).
    (True, None): no lock could be made (a read-only folder): offered without one.
    """
    try:
        handle = os.open(lock_path(file), os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except OSError:
        return True, None
    try:
        if try_lock(handle):
            return True, handle
    except OSError:
        pass
    os.close(handle)
    return False, None


def lock_own(lock: Path, tries: int = 5) -> int:
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


def still_held(handle: int, lock: Path) -> bool:
    """Whether the open lock ``handle`` is still the file at ``lock`` (not removed or replaced)."""
    try:
        return os.path.samestat(os.fstat(handle), os.stat(lock))
    except OSError:
        return False


def release_lock(handle: int | None, lock: Path | None = None) -> None:
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


def set_aside(file: Path) -> Path | None:
    """Move ``file`` (a file, folder, FIFO, link…) into the damaged folder under a free name;
    where it went, or None if it could not be moved."""
    try:
        target = _damaged_target(file)
        os.rename(file, target)
    except OSError:
        return None
    return target


def keep_copy(file: Path) -> Path | None:
    """Copy ``file`` into the damaged folder as it is (before it is restored in part)."""
    try:
        target = _damaged_target(file)
        shutil.copyfile(file, target)
    except OSError:
        return None
    return target
