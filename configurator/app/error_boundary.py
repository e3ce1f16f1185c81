"""One error boundary for the window: a bug is logged and shown, never fatal.

An exception escaping a Python override that Qt calls (``initializePage``, ``validatePage``,
``nextId``, ``accept``, ``closeEvent``) can take the whole process down with PySide 6, and one
escaping a slot is printed to a terminal nobody sees. Here:

* :func:`guarded` wraps Qt overrides: the exception is logged with its traceback, a message
  says what failed and where the log is, and Qt gets a safe value (``False`` from
  ``validatePage``, the default page from ``nextId``, a refused close from ``closeEvent``),
  so the last valid state stays.
* :func:`guard_slot` does the same for a slot connected to a signal (menu actions).
* :func:`install_excepthook` catches what escapes any other slot; the same failure in the
  same place is shown once (a failing table cell fails at every repaint), always logged.
"""

from __future__ import annotations

import functools
import inspect
import sys
import traceback
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from configurator.app.i18n import tc as _tc
from configurator.app.i18n import without_mnemonic
from configurator.core.resources import user_data_dir

LOG_NAME = "errors.log"
MAX_LOG_BYTES = 1_000_000
"""A longer log is moved to ``errors.log.1`` (replacing an older one) before writing."""

_state: dict = {"showing": False, "seen": set()}


def log_path() -> Path:
    """The error log in the user data directory (``GPU_CONFIGURATOR_DATA_DIR`` overrides it)."""
    return user_data_dir() / "logs" / LOG_NAME


def log_exception(error: BaseException, where: str) -> Path | None:
    """Append the full traceback of ``error`` to the log.

    Parameters
    ----------
    error : BaseException
        The exception, with its traceback.
    where : str
        The code it escaped from, e.g. ``SummaryPage.initializePage``.

    Returns
    -------
    Path or None
        The log file, or None when it cannot be written (the report then goes to stderr).
    """
    report = f"{datetime.now().isoformat(timespec='seconds')} error in {where}\n" + "".join(
        traceback.format_exception(type(error), error, error.__traceback__))
    path = log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > MAX_LOG_BYTES:
            path.replace(path.with_name(LOG_NAME + ".1"))
        with path.open("a", encoding="utf-8") as log:
            log.write(report + "\n")
    except OSError:
        to_stderr(report)
        return None
    return path


def to_stderr(text: str) -> None:
    """``text`` on stderr, if there is one that takes it: where the log cannot be written (a full
    disk), stderr often cannot either — a session log on the same disk, ``2>>file`` — and a
    print that raised there made the failure being reported escape from its handler (an autosave
    on a full disk was then neither said nor tried again, until December 2026)."""
    try:
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):  # no stderr left, or a full one (pythonw: None)
        pass


def report(error: BaseException, where: str, what: str, parent=None) -> None:
    """Log ``error`` and tell the user what failed and where the details are.

    Parameters
    ----------
    error : BaseException
        The exception caught.
    where : str
        The code it escaped from (logged, and shown to help a bug report).
    what : str
        What the user was doing, in the interface language ("Preparing this wizard page").
    parent : QWidget or None
        The window the message belongs to.
    """
    path = log_exception(error, where)
    if _state["showing"]:
        return  # one message at a time: a failure while one is open is only logged
    from PySide6.QtWidgets import QApplication, QMessageBox

    if QApplication.instance() is None:
        return
    detail = str(error)
    detail = f"{type(error).__name__}: {detail[:300] + '…' if len(detail) > 300 else detail}"
    log_text = str(path) if path else _tc("ErrorBoundary", "(the log could not be written; see the terminal)")
    text = _tc("ErrorBoundary", "{what} failed because of an internal error ({where}):\n{detail}\n\n"
                                "The last valid state is kept. The full report is in:\n{log}").format(
        what=what, where=where, detail=detail, log=log_text)
    _state["showing"] = True
    try:
        QMessageBox.critical(parent, _tc("ErrorBoundary", "Internal error"), text)
    except Exception as failure:  # noqa: BLE001 - the boundary itself must never raise
        to_stderr(f"{text}\n(the message could not be shown: {failure})")
    finally:
        _state["showing"] = False


def _what(name: str) -> str:
    """What the user was doing when the override ``name`` failed."""
    texts = {
        "initializePage": _tc("ErrorBoundary", "Preparing this page of the wizard"),
        "validatePage": _tc("ErrorBoundary", "Checking the answers on this page"),
        "nextId": _tc("ErrorBoundary", "Choosing the next page of the wizard"),
        "accept": _tc("ErrorBoundary", "Applying the answers"),
        "closeEvent": _tc("ErrorBoundary", "Closing the window"),
        "redo": _tc("ErrorBoundary", "Applying the change"),
        "undo": _tc("ErrorBoundary", "Undoing the change"),
    }
    return texts.get(name, _tc("ErrorBoundary", "The last action"))


def _qt_base(owner: object, name: str):
    """The Qt class's own ``name`` below ``owner``'s Python overrides."""
    return next(getattr(cls, name) for cls in type(owner).__mro__
                if cls.__module__.startswith("PySide6.") and hasattr(cls, name))


def _safe_value(owner: object, name: str, args: tuple):
    """What Qt gets back from a failed override: the state before the call stays."""
    if name in ("validatePage", "mergeWith"):
        return False
    if name == "nextId":
        return _qt_base(owner, name)(owner)
    if name.endswith("Event") and args and hasattr(args[0], "ignore"):
        args[0].ignore()  # closeEvent: the window stays open, with its unsaved work
    return None


def _parent_of(owner: object):
    from PySide6.QtWidgets import QWidget

    return owner.window() if isinstance(owner, QWidget) else None


def guarded(method: Callable) -> Callable:
    """Decorate a Qt override so that an exception is reported instead of escaping.

    The override keeps its name, so Qt still calls it; on an exception the boundary logs it,
    shows a message and returns the safe value for that override (see :func:`_safe_value`).
    """
    name = method.__name__

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as error:  # noqa: BLE001 - this is the boundary
            report(error, f"{type(self).__name__}.{name}", _what(name), _parent_of(self))
            return _safe_value(self, name, args)

    return wrapper


def _fitting(slot: Callable, args: tuple) -> tuple:
    """The leading signal arguments ``slot`` accepts (``triggered`` sends ``checked``)."""
    try:
        parameters = list(inspect.signature(slot).parameters.values())
    except (TypeError, ValueError):
        return ()
    if any(p.kind is p.VAR_POSITIONAL for p in parameters):
        return args
    return args[:sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in parameters)]


def guard_slot(slot: Callable, label: str, parent=None) -> Callable:
    """``slot`` wrapped for ``signal.connect``: an exception is reported as the failure of ``label``.

    Parameters
    ----------
    slot : callable
        The slot; it receives as many of the signal's arguments as it accepts.
    label : str
        The command's name as the user sees it (a menu entry's text; ``&`` and ``…`` are dropped).
    parent : QWidget or None
        The window the message belongs to.
    """
    where = getattr(slot, "__qualname__", repr(slot))

    def run(*args):
        try:
            return slot(*_fitting(slot, args))
        except Exception as error:  # noqa: BLE001 - this is the boundary
            report(error, where, command_failed(label), parent)
            return None

    return run


def command_failed(label: str) -> str:
    """What failed, for :func:`report`: 'The command “Print Preview”' for the menu entry ``label``
    (``&`` and ``…`` dropped), in the interface language."""
    name = without_mnemonic(label).rstrip("…. ")
    return _tc("ErrorBoundary", "The command “{name}”").format(name=name)


def _hook(kind, error, trace) -> None:
    """``sys.excepthook``: the previous hook runs (terminal, test harness), then the boundary's report."""
    previous = _state.get("previous") or sys.__excepthook__
    previous(kind, error, trace)
    if not issubclass(kind, Exception):
        return
    from PySide6.QtWidgets import QApplication

    parent = QApplication.activeModalWidget() or QApplication.activeWindow()
    frame = traceback.extract_tb(trace)[-1] if trace else None
    where = f"{frame.name} ({Path(frame.filename).name}:{frame.lineno})" if frame else kind.__name__
    seen = _state.setdefault("seen", set())
    if (where, kind) in seen:
        log_exception(error, where)
        return
    seen.add((where, kind))
    report(error, where, _tc("ErrorBoundary", "An action"), parent)


def install_excepthook() -> None:
    """Make :func:`_hook` the ``sys.excepthook`` (once; a hook installed later stays in front)."""
    if sys.excepthook is not _hook:
        _state["previous"] = sys.excepthook
        sys.excepthook = _hook
