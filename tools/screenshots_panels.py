"""The screenshots of the serving settings and of the bill of materials, made by ``tools/screenshots.py``.

* ``serving-settings-{language}-{width}x{height}.png`` — the main window serving Llama 3 8B on
  8 × H100 SXM5 80GB (FP8, 64 sequences, 10 requests/s under the MLPerf Llama 2 70B server limits
  at p99, 30 % prefix-cache hits, 2 draft tokens), the editor scrolled to its serving settings
  with the engine settings open, at 1280×800 and 1920×1080.
* ``bill-of-materials-{language}.png`` — the bill of materials and TCO panel (View ▸ Bill of
  materials and TCO) for pretraining Llama 3 70B on 1,024 × H100 SXM5 80GB, 1300×800.
"""

from __future__ import annotations

import time
from pathlib import Path

from configurator.core.languages import LANGUAGES

SERVING_SIZES = ((1280, 800), (1920, 1080))

SERVING = {"workload": "inference", "card_id": "h100-sxm", "count": 8, "precision": "fp8",
           "parallelism.tp": 2, "serving.context": 8192, "serving.concurrency": 64,
           "serving.prompt_tokens": 1024, "serving.output_tokens": 256, "constraints.requests_per_s": 10.0,
           "serving.prefix_hit_rate": 0.3, "serving.speculative_tokens": 2}
"""The serving scenario shown (on the default model, Llama 3 8B)."""

BOM = {"workload": "pretrain", "card_id": "h100-sxm", "count": 1024, "precision": "bf16"}
"""The bill of materials shown (on Llama 3 70B)."""


def settle(app, seconds: float = 0.6) -> None:
    """Let the event loop run for ``seconds``: the charts repaint in turn after a resize (paced)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.02)


def close_window(app, window) -> None:
    """Close ``window`` without a 'save changes?' question and let Qt delete it."""
    window.controller.undo_stack.setClean()
    window.close()
    window.deleteLater()
    app.processEvents()


def browser_picture(app, window, path: Path) -> Path:
    """The card browser at 1280x800 with three cards selected, saved to ``path``."""
    browser = window.open_browser()
    browser.resize(1280, 800)
    browser.select_ids(["h100-sxm", "l40s", "mi300x"])
    settle(app)
    browser.grab().save(str(path))
    browser.close()
    return path


def serving_settings(app, out: Path, build_main_window, fresh_settings) -> list[Path]:
    """The serving settings in each language at each of :data:`SERVING_SIZES`."""
    written = []
    for language in LANGUAGES:
        window = build_main_window(fresh_settings(language))
        window.show()
        controller = window.controller
        controller.apply_many(SERVING)
        window.editor.use_mlperf_limits("llama2-70b")
        window.editor.engine_settings_button.setChecked(True)
        for width, height in SERVING_SIZES:
            window.resize(width, height)
            controller.recompute()
            settle(app)
            editor = window.editor
            editor.verticalScrollBar().setValue(editor.serving_group.mapTo(editor.widget(), editor.serving_group.rect().topLeft()).y())
            settle(app, 0.2)
            path = out / f"serving-settings-{language}-{width}x{height}.png"
            window.grab().save(str(path))
            written.append(path)
        close_window(app, window)
    return written


def bill_of_materials(app, out: Path, build_main_window, fresh_settings) -> list[Path]:
    """The bill of materials and TCO panel in each language."""
    from configurator.core.architecture import preset

    written = []
    for language in LANGUAGES:
        window = build_main_window(fresh_settings(language))
        controller = window.controller
        controller.apply_many({**BOM, "model": preset("llama3-70b").model_dump()})
        panel = window.toggle_bill_of_materials(True)
        dock = window.bom_dock
        dock.setFloating(True)  # the panel alone, at the size of the picture
        dock.resize(1300, 800)
        dock.show()
        controller.recompute()
        settle(app, 1.5)
        path = out / f"bill-of-materials-{language}.png"
        panel.grab().save(str(path))
        written.append(path)
        dock.close()
        close_window(app, window)
    return written


if __name__ == "__main__":  # a part of tools/screenshots.py, not a tool of its own
    import argparse

    argparse.ArgumentParser(description=__doc__.splitlines()[0],
                            epilog="Run .venv/bin/python tools/screenshots.py for the screenshots.").parse_args()
    print("part of tools/screenshots.py: run .venv/bin/python tools/screenshots.py")
