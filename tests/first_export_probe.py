"""Run as a script by tests/test_no_stalls.py: a fresh process, its window shown, the first
analysis drawn, the warm-up thread NOT started (app/warm_up.py: as if the user clicked before it
loaded anything), then the menu's Export to PDF or Print Preview. Prints one JSON line: the stall
figures around the command (tests/heartbeat.py), whether it finished, and the summary's modules
imported on the GUI thread (an import hook notes the thread of every import)."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SUMMARY_MODULES = ("configurator.report.", "configurator.app.report_export", "configurator.app.preview",
                   "configurator.app.summary_task")
"""Modules that the summary loads (the report layer, the app's summary modules)."""


class ImportsOnTheGuiThread:
    """A meta-path finder that finds nothing and notes which summary modules the GUI thread imports."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def find_spec(self, name, path=None, target=None):
        if threading.current_thread() is threading.main_thread() and name.startswith(SUMMARY_MODULES):
            self.names.append(name)
        return None


def main(command: str) -> dict:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QMessageBox

    app = QApplication.instance() or QApplication([])
    from heartbeat import stall_figures

    from configurator.app import warm_up
    from configurator.app.main import build_main_window

    folder = Path(tempfile.mkdtemp(prefix="first-export-"))
    os.environ["GPU_CONFIGURATOR_DATA_DIR"] = str(folder / "data")
    warm_up.warm_up = lambda *args, **kwargs: None  # never started: nothing loaded ahead of the click
    shown = []
    QMessageBox.critical = lambda parent, title, text, *a: shown.append(text)
    window = build_main_window(QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
    window.resize(1280, 900)
    window.show()
    window.controller.wait()
    hook = ImportsOnTheGuiThread()
    sys.meta_path.insert(0, hook)
    path = folder / "summary.pdf"

    def done() -> bool:
        task = getattr(window, "_summary_job", None)
        finished = path.exists() if command == "export" else window.findChild(QDialogType) is not None
        return bool(shown) or (task is not None and not task.busy and finished)

    if command == "export":
        QDialogType = None
        action = lambda: window.export_summary_later(path)  # noqa: E731
    else:
        from PySide6.QtPrintSupport import QPrintPreviewDialog as QDialogType  # noqa: N812
        action = window.open_print_preview
    gap, cpu = stall_figures(action, done)
    sys.meta_path.remove(hook)
    app.processEvents()
    return {"stall_ms": gap, "cpu_ms": cpu, "finished": done() and not shown, "errors": shown,
            "imported_on_gui_thread": sorted(set(hook.names))}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1])), flush=True)
    os._exit(0)  # the figures are out; no teardown of the window's threads needed
