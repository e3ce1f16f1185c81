"""Render the main window at the screen sizes buyers have, in both languages, to check that it fits.

Writes ``docs/screenshots/fit-{width}x{height}-{language}.png`` for 1280×800, 1600×1000 and
1920×1080 in English and Chinese (the training scenario with three compared cards). Look at
them: chart titles, axes and legends whole, no text cut in the right-hand panel.

Usage: ``QT_QPA_PLATFORM=offscreen python tools/screenshots_sizes.py [OUTPUT_DIR]``
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SIZES = ((1280, 800), (1600, 1000), (1920, 1080))
LANGUAGES = ("en", "zh_CN")


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parents[1] / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    os.environ["GPU_CONFIGURATOR_DATA_DIR"] = tempfile.mkdtemp()
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from configurator.app.main import build_main_window, use_readable_locale

    use_readable_locale()
    for language in LANGUAGES:
        settings = QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat)
        settings.setValue("language", language)
        window = build_main_window(settings)
        window.show()
        window.controller.set_compared(["a100-sxm-80gb", "h200-sxm", "mi300x"])
        for width, height in SIZES:
            window.resize(width, height)
            window.controller.recompute()
            for _ in range(8):
                app.processEvents()
            path = out / f"fit-{width}x{height}-{language}.png"
            window.grab().save(str(path))
            print(path)
        window.controller.undo_stack.setClean()
        window.close()
        window.deleteLater()
        app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
