"""Render the main window at the screen sizes buyers have, in both languages, to check that it fits.

Writes ``docs/screenshots/fit-{width}x{height}-{language}.png`` for 1280×800, 1600×1000 and
1920×1080 in English and Chinese (the training scenario with three compared cards), and
``wizard-{page}-{language}.png`` for each page of the workload wizard at its opening size (a
dialog smaller than the smallest of those screens; the serving questions, the longest page, and
the training ones). Look at them: chart titles, axes and legends whole, no text cut in the
right-hand panel or on a wizard page.

Usage: ``QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshots_sizes.py [OUTPUT_DIR]``
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from screenshots import fresh_settings, output_folder, start_application  # noqa: E402
from screenshots_panels import settle  # noqa: E402

from configurator.core.languages import LANGUAGES  # noqa: E402

SIZES = ((1280, 800), (1600, 1000), (1920, 1080))


def _grab(app, widget, path: Path) -> None:
    settle(app)  # the charts repaint in turn after a resize: black until then
    widget.grab().save(str(path))
    print(path)


def wizard_pages(app, window, out: Path, language: str) -> None:
    """Every page of the wizard, serving a model (size typed in: the preset it picks is shown)."""
    wizard = window.open_wizard()
    wizard.goal.set_workload("inference")
    _grab(app, wizard, out / f"wizard-1-task-{language}.png")
    wizard.next()
    wizard.model_page.size.setValue(7.0)
    wizard.model_page.size_choice.setChecked(True)
    wizard.model_page.size.setValue(70.0)
    _grab(app, wizard, out / f"wizard-2-model-{language}.png")
    wizard.next()
    wizard.load.users.setValue(200)
    wizard.load.ttft.setValue(2000)
    _grab(app, wizard, out / f"wizard-3-traffic-{language}.png")
    wizard.next()
    _grab(app, wizard, out / f"wizard-4-limits-{language}.png")
    wizard.next()
    wizard.summary.wait(300_000)
    _grab(app, wizard, out / f"wizard-5-decision-{language}.png")
    wizard.back()
    wizard.back()
    wizard.back()
    wizard.back()
    wizard.goal.set_workload("pretrain")
    wizard.next()
    wizard.next()
    _grab(app, wizard, out / f"wizard-3-training-{language}.png")
    wizard.reject()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", help="folder for the PNGs (default: docs/screenshots)")
    args = parser.parse_args(argv)
    out = output_folder([args.output] if args.output else [])
    app = start_application()
    from configurator.app.main import build_main_window

    for language in LANGUAGES:
        window = build_main_window(fresh_settings(language))
        window.show()
        window.controller.set_compared(["a100-sxm-80gb", "h200-sxm", "mi300x"])
        for width, height in SIZES:
            window.resize(width, height)
            window.controller.recompute()
            settle(app)
            path = out / f"fit-{width}x{height}-{language}.png"
            window.grab().save(str(path))
            print(path)
        wizard_pages(app, window, out, language)
        window.controller.undo_stack.setClean()
        window.close()
        window.deleteLater()
        app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
