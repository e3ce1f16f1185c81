"""Autosave of unsaved work, and its recovery after a crash.

While the scenario has unsaved changes, it is written a few seconds after each change to
``autosave/autosave-<process id>.gpuconf.json`` in the user data directory (atomically, like any
other file). A clean exit — saved or discarded — removes the file. A file left by a process that
is no longer running is work lost in a crash: the next start offers to restore it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import shiboken6
from PySide6.QtCore import QObject, QTimer

from configurator.app.controller import ScenarioController
from configurator.core.files import write_text_atomically
from configurator.core.json_values import JsonFileError, read_json_file
from configurator.core.resources import user_data_dir
from configurator.core.scenario import Scenario
from configurator.core.scenario_io import ScenarioFileError, scenario_from_document, scenario_to_document

AUTOSAVE_DELAY_MS = 3000
"""How long after the last change the scenario is autosaved [ms]."""
PREFIX = "autosave-"


def autosave_dir() -> Path:
    return user_data_dir() / "autosave"


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


@dataclass(frozen=True)
class Recovery:
    """Unsaved work a crashed run left behind."""

    file: Path
    scenario: Scenario
    original: Path | None
    saved_at: str


def _read(file: Path) -> Recovery | None:
    try:
        document = read_json_file(file, 1024 * 1024)
        scenario = scenario_from_document(document)
    except (JsonFileError, ScenarioFileError):
        return None
    meta = document.get("autosave") if isinstance(document, dict) else None
    meta = meta if isinstance(meta, dict) else {}
    original = meta.get("path")
    saved_at = meta.get("saved_at")
    return Recovery(file, scenario, Path(original) if isinstance(original, str) and original else None,
                    saved_at if isinstance(saved_at, str) else "")


def find_recoveries() -> list[Recovery]:
    """Autosaves of runs that did not end cleanly, newest first; unreadable ones are removed."""
    folder = autosave_dir()
    try:
        candidates = sorted(folder.glob(f"{PREFIX}*.gpuconf.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    found = []
    for file in candidates:
        pid_text = file.name.removeprefix(PREFIX).split(".", 1)[0]
        if pid_text.isdigit() and _process_running(int(pid_text)):
            continue  # the autosave of a window that is still open (this one, or another)
        recovery = _read(file)
        if recovery is None:
            file.unlink(missing_ok=True)
            continue
        found.append(recovery)
    return found


def discard_recoveries(recoveries: list[Recovery]) -> None:
    for recovery in recoveries:
        recovery.file.unlink(missing_ok=True)


class Autosave(QObject):
    """Writes the controller's scenario a few seconds after each unsaved change."""

    def __init__(self, controller: ScenarioController, parent: QObject | None = None,
                 delay_ms: int = AUTOSAVE_DELAY_MS) -> None:
        super().__init__(parent)
        self.controller = controller
        self.file = autosave_dir() / f"{PREFIX}{os.getpid()}.gpuconf.json"
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self.save_now)
        controller.undo_stack.indexChanged.connect(self._on_changed)  # after the stack knows it is modified
        controller.undo_stack.cleanChanged.connect(self._on_clean_changed)

    def _on_changed(self, _index) -> None:
        if not shiboken6.isValid(self.controller.undo_stack):
            return  # the stack is being destroyed with the window
        if self.controller.is_modified:
            self._timer.start()

    def _on_clean_changed(self, clean: bool) -> None:
        if clean:  # saved, or undone back to what was saved: nothing to recover
            self.discard()

    def save_now(self) -> bool:
        """Write the autosave now (only while there are unsaved changes); False if it failed."""
        self._timer.stop()
        if not self.controller.is_modified:
            self.discard()
            return True
        document = scenario_to_document(self.controller.scenario)
        path = self.controller.path
        document["autosave"] = {"path": str(path) if path else None,
                                "saved_at": datetime.now().isoformat(timespec="seconds")}
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomically(self.file, json.dumps(document, indent=1, ensure_ascii=False) + "\n")
        except OSError as error:
            from configurator.app.error_boundary import log_exception

            log_exception(error, "Autosave.save_now")  # a full disk must not interrupt the work
            return False
        return True

    def discard(self) -> None:
        """Remove the autosave (the work was saved or deliberately discarded)."""
        self._timer.stop()
        try:
            self.file.unlink(missing_ok=True)
        except OSError:
            pass

    @property
    def pending(self) -> bool:
        return self._timer.isActive()
