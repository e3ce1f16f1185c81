"""Reading only real files, and writing files so that a failure never loses what was there before.

Every file the program reads (scenario files, the user catalog, config.json, the buyer's quotes,
the autosave) is opened by :func:`open_regular_file`: a named pipe (FIFO), a device, a socket or
a folder given where a file belongs is refused at once with a message, instead of hanging the
program (a FIFO with no writer blocks ``open`` and ``read`` for ever) or reading without end.

Every file the program writes (scenario files, the user catalog, summaries, the autosave) goes
through :func:`replace_atomically`: the new content goes to a temporary file beside the target,
is checked, flushed to the disk, given the old file's permissions, and only then renamed over
the target; the folder is flushed too, so the rename survives a power cut. A symbolic link is
written through to the file it points at (the link stays a link). If anything fails, the old
file is untouched and the temporary file is removed; temporary files a crash left behind are
removed on the next write.

A file that several windows (processes) read, change and write back — the user catalog — is
changed under :func:`exclusive_lock`: a lock file beside it, held with ``flock`` while the
file is read again, changed and replaced, so no window writes over another's change.
"""

from __future__ import annotations

import errno
import glob
import os
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from configurator.core.messages import msg

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None

STALE_TEMPORARY_S = 600
"""A temporary file beside the target older than this was left by a crash [s]."""

_NOT_A_FILE = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISSOCK, "a socket"),
               (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))
"""The kinds of path that are not a file, as a message names them."""

_OPEN_TO_READ = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                 | getattr(os, "O_BINARY", 0))
"""Open for reading without waiting (a FIFO with no writer opens at once, to be refused), without
taking a terminal as the controlling one; binary on Windows. Reading a regular file is never
affected by O_NONBLOCK."""


class NotAFileError(OSError):
    """A path names a folder, a FIFO, a socket or a device where a file belongs."""


def open_regular_file(path: Path) -> BinaryIO:
    """``path`` opened to read its bytes, if it is a regular file (symbolic links followed).

    Raises
    ------
    NotAFileError
        ``path`` is a folder, a named pipe (FIFO), a socket or a device; its ``strerror`` says
        which ("it is a named pipe (FIFO), not a file").
    OSError
        It cannot be opened (missing, no permission).
    """
    handle = os.open(path, _OPEN_TO_READ)
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):

            kind = next((name for test, name in _NOT_A_FILE if test(mode)), "not a regular file")
            error = NotAFileError(errno.EINVAL, f"it is {kind}, not a file", str(path))
            error.said = msg("file-not-a-file", kind=kind)  # said in the user's language (core/messages.py)
            raise error
        return os.fdopen(handle, "rb")
    except BaseException:
        os.close(handle)
        raise


def file_digest(path: Path, limit: int) -> str | None:
    """The SHA-256 of the file at ``path`` (hex), to tell later whether another program or window
    changed it; None where it is missing, cannot be read, is not a file, or is larger than
    ``limit`` [bytes]."""
    import hashlib

    try:
        with open_regular_file(Path(path)) as stream:
            data = stream.read(limit + 1)
    except OSError:
        return None
    return None if len(data) > limit else hashlib.sha256(data).hexdigest()


NAME_MAX_BYTES = 255
"""Longest file name most file systems take (ext4, XFS, Btrfs, APFS, NTFS: 255) [bytes]; used
where the folder cannot say its own (``os.pathconf``)."""
_TEMPORARY_TAIL_BYTES = 8 + len(".tmp")
"""What :func:`tempfile.mkstemp` adds after the prefix: 8 random characters and the suffix [bytes]."""


def _name_max(folder: Path) -> int:
    """The longest file name the file system of ``folder`` takes [bytes]."""
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        return NAME_MAX_BYTES


def _temporary_prefix(target: Path) -> str:
    """``.<name>.``, the name cut (at a character) so that the temporary file's name is no longer
    than the folder allows: a file with a long but legal name (80 Chinese characters are 240
    bytes in UTF-8) must be writable, and not refused as "File name too long" because of the
    temporary name beside it."""
    room = _name_max(target.parent) - _TEMPORARY_TAIL_BYTES - len(b"..")
    name = target.name
    if len(os.fsencode(name)) > room:
        cut = os.fsencode(name)[:max(room - 1, 1)]
        name = cut.decode("utf-8", errors="ignore") + "~"
    return f".{name}."


def _resolved_target(path: Path) -> Path:
    """The file a write to ``path`` must replace: through any symbolic links, to their target."""
    path = Path(path)
    if path.is_symlink():
        return Path(os.path.realpath(path))
    return path


def _new_file_mode() -> int:
    """Permissions a newly created file gets under the current umask (0644 for umask 022)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)  # not thread-safe, but only reached where /proc is missing
    os.umask(mask)
    return 0o666 & ~mask


def remove_stale_temporaries(target: Path, older_than_s: float = STALE_TEMPORARY_S) -> int:
    """Remove ``.<name>.*.tmp`` files beside ``target`` that a crashed write left; returns how many."""
    removed = 0
    now = time.time()
    try:
        candidates = list(target.parent.glob(f"{glob.escape(_temporary_prefix(target))}*.tmp"))
    except OSError:
        return 0
    for candidate in candidates:
        try:
            if now - candidate.lstat().st_mtime > older_than_s:
                candidate.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _fsync_path(path: Path, directory: bool = False) -> None:
    flags = os.O_RDONLY | (getattr(os, "O_DIRECTORY", 0) if directory else 0)
    try:
        handle = os.open(path, flags)
    except OSError:
        if directory:
            return  # not every platform can open a folder (Windows); the rename is still atomic
        raise
    try:
        os.fsync(handle)
    except OSError:
        if not directory:
            raise
    finally:
        os.close(handle)


def replace_atomically(path: Path, write: Callable[[Path], None],
                       verify: Callable[[Path], None] | None = None) -> Path:
    """Create the new content of ``path`` with ``write(temporary)``, then swap it in.

    Parameters
    ----------
    path : Path
        The file to write (a symbolic link is written through to its target).
    write : callable
        Writes the whole new content to the temporary path it is given.
    verify : callable or None
        Raises OSError if the temporary file is incomplete (e.g. a PDF cut short by a full
        disk); the old file then stays.

    Returns
    -------
    Path
        The file actually replaced.

    Raises
    ------
    OSError
        Nothing was replaced; the message says why.
    """
    target = _resolved_target(path)
    remove_stale_temporaries(target)
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = _new_file_mode()
    handle, name = tempfile.mkstemp(prefix=_temporary_prefix(target), suffix=".tmp", dir=target.parent)
    os.close(handle)
    temporary = Path(name)
    try:
        write(temporary)
        if verify is not None:
            verify(temporary)
        _fsync_path(temporary)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _fsync_path(target.parent, directory=True)
    return target


def write_bytes_atomically(path: Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` through :func:`replace_atomically`."""
    def write(temporary: Path) -> None:
        with open(temporary, "wb") as stream:
            stream.write(data)

    return replace_atomically(Path(path), write)


def write_text_atomically(path: Path, text: str) -> Path:
    """Write ``text`` as UTF-8 to ``path`` through :func:`replace_atomically`.

    An existing file stays intact if anything fails (disk full, no permission).
    """
    return write_bytes_atomically(path, text.encode("utf-8"))


LOCK_WAIT_S = 20.0
"""How long a change waits for another window's change of the same file to finish [s]."""
_LOCK_POLL_S = 0.005


def try_lock(handle: int) -> bool:
    """Take an exclusive lock on the open file ``handle`` without waiting; False when another
    holder (another process, or another open of the file in this one) has it.

    ``flock`` locks belong to the open file, not to the process: a second ``open`` of the same
    lock file in the same process conflicts too, so two windows of one process exclude each other.
    """
    try:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # pragma: no cover - Windows: a byte-range lock on the first byte
            import msvcrt

            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
    except OSError as error:
        if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, errno.EDEADLK):
            return False
        raise
    return True


@contextmanager
def exclusive_lock(lock_path: Path, wait_s: float = LOCK_WAIT_S) -> Iterator[None]:
    """Hold an exclusive lock on ``lock_path`` (created if missing, left in place) for the block.

    Raises
    ------
    OSError
        The lock file cannot be created, or another holder kept the lock longer than ``wait_s``
        [s] (errno ``EWOULDBLOCK``; the message, ``file-lock-held`` carried as ``said``, names the file).
    """
    handle = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + wait_s
        while not try_lock(handle):
            if time.monotonic() > deadline:
                held = msg("file-lock-held", path=str(lock_path), wait=float(wait_s))
                error = OSError(errno.EWOULDBLOCK, held.text)
                error.said = held  # said in the window's language (core/messages_catalog.py)
                raise error
            time.sleep(_LOCK_POLL_S)
        yield
    finally:
        os.close(handle)  # closing the file releases the lock
