"""The app ended from outside — ``kill``, a closed terminal, Ctrl+C, a desktop logout — without
losing the unsaved work: it is autosaved at once and offered back at the next start.

**Signals.** SIGTERM (``kill``, systemd and most desktops at logout), SIGHUP (the terminal that
started the app closed) and SIGINT (Ctrl+C) end the app in an orderly way. A Python signal
handler only runs when the interpreter next gets control, which the Qt event loop (C++) may not
give it for a long time, so the handler does nothing itself: the interpreter's C-level handler
writes the signal's number to a socket (:func:`signal.set_wakeup_fd`), a
:class:`~PySide6.QtCore.QSocketNotifier` on the other end wakes the event loop — in any loop, a
modal dialog's included — and the window's work is kept there, between two events, never in the
middle of a change (:meth:`~configurator.app.window_session.SessionActions.end_for_signal`).

**Logout.** A session manager (X11) asks the app to save before the session ends
(``commitDataRequest``): the work is autosaved and the session saved, nothing asked; the app
goes on if the logout is cancelled. ``aboutToQuit`` autosaves a window still open when the event
loop ends for any other reason (a window closed by the user has already saved or discarded).
"""

from __future__ import annotations

import signal
import socket
import sys
from collections.abc import Callable

from PySide6.QtCore import QObject, QSocketNotifier

ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, name))
"""The signals that end the app with its work kept (SIGHUP does not exist on Windows)."""


class SignalEnding(QObject):
    """Calls ``end(signum)`` in the Qt event loop when one of :data:`ENDING_SIGNALS` arrives
    (once; a second signal while ending is ignored). :meth:`uninstall` puts the previous handlers
    and wakeup file back (tests, and the app once its loop has ended)."""

    def __init__(self, end: Callable[[int], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._end = end
        self.ended_by: int | None = None
        self._reader, self._writer = socket.socketpair()
        for end_socket in (self._reader, self._writer):
            end_socket.setblocking(False)  # the C handler must never wait; the reader drains without waiting
        self._previous_fd = signal.set_wakeup_fd(self._writer.fileno(), warn_on_full_buffer=False)
        self._previous = {signum: signal.signal(signum, self._noted) for signum in ENDING_SIGNALS}
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._on_wakeup)

    @staticmethod
    def _noted(signum, frame) -> None:
        """The Python-level handler: nothing to do (the wakeup socket carries the signal)."""

    def _on_wakeup(self, *_args) -> None:
        try:
            data = self._reader.recv(512)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            return
        for signum in data:
            if signum in ENDING_SIGNALS and self.ended_by is None:
                self.ended_by = signum
                self._end(signum)

    def uninstall(self) -> None:
        """The previous handlers and wakeup file back; the sockets closed."""
        if self._reader is None:
            return
        self._notifier.setEnabled(False)
        try:
            signal.set_wakeup_fd(self._previous_fd)
        except ValueError:  # not the main thread (never, in the app)
            pass
        for signum, previous in self._previous.items():
            signal.signal(signum, previous if previous is not None else signal.SIG_DFL)
        self._reader.close()
        self._writer.close()
        self._reader = self._writer = None


def say_on_stderr(text: str) -> None:
    """One line on stderr (the terminal or the session's log: the window may be gone)."""
    try:
        print(f"gpu-configurator: {text}", file=sys.stderr, flush=True)
    except (OSError, ValueError):  # no stderr left (a closed terminal: SIGHUP)
        pass
