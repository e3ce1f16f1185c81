"""Open the workload wizard, walk to its result page, cancel; many times, in one process.

Run by tests/test_worker_lifetime.py in a subprocess, so that a crash (exit 139, a segfault
from a worker thread delivering into a deleted wizard: issue 30) fails that test instead of
killing pytest. Prints ``ok <cycles> <seconds> s``; exits 3 when Qt printed a warning, 4 when an
error dialog opened.

Usage: ``python tests/wizard_cycles.py CYCLES`` (QT_QPA_PLATFORM=offscreen, and
GPU_CONFIGURATOR_DATA_DIR pointing at a scratch folder).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

IGNORED = ("This plugin does not support propagateSizeHints", "This plugin does not support raise")


def main(argv: list[str]) -> int:
    from PySide6.QtCore import QCoreApplication, QEvent, QSettings, QtMsgType, qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    warnings: list[str] = []

    def on_message(kind, _context, text) -> None:
        if kind != QtMsgType.QtDebugMsg and not text.startswith(IGNORED):
            warnings.append(text)

    qInstallMessageHandler(on_message)
    app = QApplication([])
    from PySide6.QtWidgets import QMessageBox

    def refuse(_parent, title, text, *_args, **_kwargs):  # an error dialog would wait for a click forever
        print(f"unexpected error dialog: {title}: {text}", file=sys.stderr, flush=True)
        os._exit(4)

    QMessageBox.critical = refuse
    from configurator.app.main import build_main_window

    cycles = int(argv[0])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"), QSettings.Format.IniFormat)
    window = build_main_window(settings)
    start = time.perf_counter()
    for cycle in range(cycles):
        wizard = window.open_wizard()
        while wizard.currentPage() is not wizard.summary:
            if cycle % 10 and wizard.currentPage() is wizard.limits:  # one card, quick to plan; every tenth: any
                wizard.limits.card.setCurrentIndex(wizard.limits.card.findData("h100-sxm"))
            wizard.next()
        app.processEvents()  # the decision starts on a worker thread
        wizard.reject()  # Cancel: the wizard is deleted (WA_DeleteOnClose) while the worker may still run
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        app.processEvents()
    print(f"ok {cycles} {time.perf_counter() - start:.1f} s", flush=True)
    if warnings:
        print("Qt warnings:", *sorted(set(warnings))[:5], sep="\n", file=sys.stderr)
        return 3
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
