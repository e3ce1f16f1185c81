"""The app as a user starts it (:func:`~configurator.app.main.run_app`), with a scenario file
open and one unsaved edit, left running for the test to end with a real signal.

Run by tests/test_signal_ending.py. The autosave's waits are set to 10 minutes, so only the
signal's handling can write the edit before the process ends. It prints ``file <autosave
path>``, then ``edited`` once the edit is made and the app's signal handlers are in place;
with ``question``, the window is then asked to close and ``asking`` is printed once the question
about the unsaved changes is open (a modal dialog: the signal arrives in its event loop).

Usage: ``python tests/signal_child.py SCENARIO_FILE [question]`` with QT_QPA_PLATFORM=offscreen,
XDG_CONFIG_HOME and GPU_CONFIGURATOR_DATA_DIR set.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path

EDITED_NAME = "edited just before the signal"


def main(argv: list[str]) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication([sys.argv[0]])  # run_app takes this one
    from configurator.app import autosave
    from configurator.app.main import run_app

    autosave.AUTOSAVE_DELAY_MS = autosave.AUTOSAVE_MAX_WAIT_MS = 600_000
    path, question = Path(argv[0]), argv[1:] == ["question"]

    def window():
        return next((w for w in app.topLevelWidgets() if getattr(w, "autosave", None) is not None), None)

    def edit_when_ready() -> None:
        main_window = window()
        if main_window is None or signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, None):
            return  # still starting
        poll.stop()
        assert main_window.open_path(path)
        main_window.controller.apply("name", EDITED_NAME)
        print("file", main_window.autosave.file, flush=True)
        print("edited", flush=True)
        if question:
            QTimer.singleShot(0, main_window.close)  # asks about the unsaved changes, modal
            QTimer.singleShot(300, lambda: print("asking" if app.activeModalWidget() else "no question",
                                                 flush=True))

    poll = QTimer()
    poll.timeout.connect(edit_when_ready)
    poll.start(50)
    return run_app([])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
