"""Render the main window (training, inference and graphics), the wizard, the card browser, the serving
settings and the bill of materials to PNG.

Usage: ``QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshots.py [OUTPUT_DIR]`` (default
``docs/screenshots``). Each image is 1280×800 (the wizard and browser at their own size; the serving
settings and the bill of materials as :mod:`screenshots_panels` says). The screens buyers have, and
the wizard's pages: ``tools/screenshots_sizes.py``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from screenshots_panels import bill_of_materials, browser_picture, serving_settings  # noqa: E402
from screenshots_panels import settle as settle_events  # noqa: E402


def output_folder(argv: list[str]) -> Path:
    """The folder named on the command line, else ``docs/screenshots`` (created)."""
    out = Path(argv[0]) if argv else Path(__file__).resolve().parents[1] / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    return out


def start_application():
    """A Qt application with user data in a temporary folder and the readable locale."""
    os.environ["GPU_CONFIGURATOR_DATA_DIR"] = tempfile.mkdtemp()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from configurator.app.main import use_readable_locale

    use_readable_locale()
    return app


def fresh_settings(language: str | None = None):
    """Settings in a temporary file (first launch), in ``language`` when given."""
    from PySide6.QtCore import QSettings

    settings = QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat)
    if language is not None:
        settings.setValue("language", language)
    return settings


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", help="folder for the PNGs (default: docs/screenshots)")
    args = parser.parse_args(argv)
    out = output_folder([args.output] if args.output else [])
    app = start_application()
    from configurator.app.main import build_main_window

    window = build_main_window(fresh_settings())
    window.resize(1280, 800)
    window.show()
    controller = window.controller

    def settle() -> None:
        controller.recompute()
        settle_events(app)  # the charts repaint in turn after a resize

    controller.set_compared(["a100-sxm-80gb", "h200-sxm", "mi300x"])
    settle()
    window.grab().save(str(out / "main-training.png"))

    controller.apply_many({"workload": "inference", "card_id": "l40s", "count": 2, "parallelism.zero": 0,
                           "serving.concurrency": 16, "serving.context": 8192, "precision": "fp8"})
    controller.set_compared(["l4", "a10", "h100-sxm"])
    settle()
    window.grab().save(str(out / "main-inference.png"))

    controller.apply_many({"workload": "vdi", "card_id": "l40s", "count": 4, "graphics.users": 200,
                           "graphics.profile_gib": 2, "precision": "bf16", "parallelism.tp": 1})
    controller.set_compared(["a40", "l4", "a16-gpu"])
    settle()
    window.grab().save(str(out / "main-vdi.png"))
    controller.apply_many({"workload": "transcode", "card_id": "l4", "count": 4, "graphics.streams": 300,
                           "graphics.resolution": "1080p", "graphics.codec": "av1"})
    controller.set_compared(["l40s", "t4", "rtx-4090"])
    settle()
    window.grab().save(str(out / "main-transcode.png"))
    controller.apply_many({"workload": "render", "card_id": "l40", "count": 8, "graphics.scene_gib": 20,
                           "graphics.frames": 2000})
    controller.set_compared(["rtx-6000-ada", "a40", "h100-pcie"])
    settle()
    window.grab().save(str(out / "main-render.png"))
    wizard = window.open_wizard()
    wizard.goal.set_workload("vdi")
    wizard.next()
    settle_events(app)
    wizard.grab().save(str(out / "wizard-vdi.png"))
    wizard.reject()
    controller.apply_many({"workload": "inference", "card_id": "l40s", "count": 2, "precision": "fp8"})

    wizard = window.open_wizard()
    wizard.goal.set_workload("inference")
    wizard.next()
    wizard.next()
    settle_events(app)
    wizard.grab().save(str(out / "wizard.png"))
    wizard.reject()

    controller.apply_many({"workload": "inference", "model": controller.scenario.model.model_dump(),
                           "card_id": "h100-sxm", "count": 1, "precision": "bf16", "serving.concurrency": 8,
                           "constraints.requests_per_s": 2.0})
    panel = window.toggle_recommendations(True)
    panel.objective.setCurrentIndex(panel.objective.findData("cloud"))
    window.resize(1280, 900)
    settle()
    panel.refresh()
    settle_events(app)
    window.grab().save(str(out / "recommendation.png"))
    window.toggle_recommendations(False)

    browser_picture(app, window, out / "browser.png")

    # the same window in Chinese
    controller.replace(controller.scenario)
    window.set_language("zh_CN")
    controller.apply_many({"workload": "finetune", "card_id": "h100-sxm", "count": 8, "parallelism.zero": 3,
                           "precision": "bf16", "training.micro_batch": 4, "training.recompute": "full"})
    controller.set_compared(["a100-sxm-80gb", "h200-sxm", "mi300x"])
    window.resize(1280, 800)
    settle()
    window.grab().save(str(out / "main-training-zh_CN.png"))
    wizard = window.open_wizard()
    wizard.goal.set_workload("pretrain")
    settle_events(app)
    wizard.grab().save(str(out / "wizard-zh_CN.png"))
    wizard.reject()
    controller.apply_many({"workload": "vdi", "card_id": "l40s", "count": 4, "graphics.users": 200,
                           "parallelism.zero": 0})
    controller.set_compared(["a40", "l4", "a16-gpu"])
    settle()
    window.grab().save(str(out / "main-vdi-zh_CN.png"))
    browser_picture(app, window, out / "browser-zh_CN.png")
    window.set_language("en")
    controller.undo_stack.setClean()
    window.close()
    serving_settings(app, out, build_main_window, fresh_settings)
    bill_of_materials(app, out, build_main_window, fresh_settings)
    print("\n".join(str(p) for p in sorted(out.glob("*.png"))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
