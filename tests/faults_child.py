"""A main window killed with SIGKILL at one point of an autosave write (fault injection).

Run by tests/test_faults.py. The window autosaves the scenario named ``first`` (unless ``WHEN``
starts with ``first-``: then nothing was autosaved before), renames it ``second`` and autosaves
again; that write kills the process at ``WHEN``:

- ``mid-write``: half the temporary file written;
- ``before-rename``: the temporary file complete and flushed, not yet renamed over the autosave;
- ``after-rename``: renamed, the folder not yet flushed;
- ``save-before-rename``: a File > Save of ``SAVED_FILE`` (saved once as ``saved``), killed before
  its rename, with ``first`` autosaved.

It prints ``file <autosave path>`` first, and ``survived`` if the kill did not happen.

Usage: ``python tests/faults_child.py SETTINGS_FILE WHEN [SAVED_FILE]`` with QT_QPA_PLATFORM=offscreen and
GPU_CONFIGURATOR_DATA_DIR set.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def main(argv: list[str]) -> int:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication([])  # noqa: F841 - the window needs it
    from configurator.app.main import build_main_window
    from configurator.core import files

    settings, when, *saved = argv
    window = build_main_window(QSettings(settings, QSettings.Format.IniFormat))
    target = window.autosave.file.name
    print("file", window.autosave.file, flush=True)
    if when == "save-before-rename":  # the user's own file: saved once, then its next Save killed
        path = Path(saved[0])
        window.controller.apply("name", "saved")
        assert window.save_to(path)
        window.controller.apply("name", "first")
        assert window.autosave.save_now()
        real = os.replace
        os.replace = lambda source, destination: die() if Path(destination) == path else real(source, destination)
        window.save_to(path)
        print("survived", flush=True)
        return 0
    if not when.startswith("first-"):
        window.controller.apply("name", "first")
        assert window.autosave.save_now()
    when = when.removeprefix("first-")
    window.controller.apply("name", "second")
    real_replace, real_open = os.replace, open

    def replace(source, destination):
        if Path(destination).name == target and when == "before-rename":
            die()
        real_replace(source, destination)
        if Path(destination).name == target and when == "after-rename":
            die()

    class HalfWritten:
        def __init__(self, path):
            self.stream = real_open(path, "wb")

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.stream.close()

        def write(self, data):
            self.stream.write(data[:len(data) // 2])
            self.stream.flush()
            os.fsync(self.stream.fileno())
            die()

    os.replace = replace
    if when == "mid-write":
        files.open = lambda path, mode="r", *a, **k: (HalfWritten(path) if Path(path).name.startswith(f".{target}")
                                                     else real_open(path, mode, *a, **k))
    window.autosave.save_now()
    print("survived", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
