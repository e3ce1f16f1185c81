"""The app's main window, edited without a pause until it is killed (kill -9 fault injection).

Run by tests/test_recovery.py: every ``EDIT_EVERY_MS`` it renames the scenario to ``edit <n> at
<time>`` (one undoable change) and prints the same line, flushed, so the test knows the last edit
made before the kill and can compare it with what the autosave kept.

Usage: ``python tests/autosave_child.py SETTINGS_FILE DELAY_MS MAX_WAIT_MS`` with
QT_QPA_PLATFORM=offscreen and GPU_CONFIGURATOR_DATA_DIR set.
"""

from __future__ import annotations

import sys
import time

EDIT_EVERY_MS = 50


def main(argv: list[str]) -> int:
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from configurator.app import autosave
    from configurator.app.main import build_main_window

    autosave.AUTOSAVE_DELAY_MS, autosave.AUTOSAVE_MAX_WAIT_MS = int(argv[1]), int(argv[2])
    window = build_main_window(QSettings(argv[0], QSettings.Format.IniFormat))
    print("file", window.autosave.file, flush=True)
    edits = [0]

    def edit() -> None:
        edits[0] += 1
        name = f"edit {edits[0]} at {time.time():.3f}"
        window.controller.apply("name", name)
        print(name, flush=True)

    timer = QTimer()
    timer.timeout.connect(edit)
    timer.start(EDIT_EVERY_MS)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
