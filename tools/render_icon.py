"""Render the app icon's PNG from its SVG (``resources/icons/gpu-configurator.svg``).

``.venv/bin/python tools/render_icon.py`` writes ``resources/icons/gpu-configurator.png``
(256 × 256 px), the raster copy desktops without SVG icons and the window use; run it after
changing the SVG. ``--check`` exits 1 when the PNG differs from a fresh rendering by more than
:data:`TOLERANCE` in any channel of any pixel (Qt's raster engine antialiases edges a level apart on
different processors: 16 of 262,144 channel values were 1 apart on an AMD EPYC against the committed PNG).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "resources" / "icons" / "gpu-configurator.svg"
PNG = SVG.with_suffix(".png")
SIZE = 256
"""Edge of the PNG [px]: the largest size the freedesktop icon theme's hicolor set usually asks for."""
TOLERANCE = 2
"""Largest difference of one 8-bit channel of one pixel that still counts as the same rendering [levels]."""


def render(size: int = SIZE):
    """The SVG drawn on a transparent ``size`` × ``size`` QImage."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 - fonts and painting need one
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"{SVG} is not a valid SVG")
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    return image


def _within_tolerance(a, b) -> bool:
    """Whether two QImages of one format have the same size and no channel more than
    :data:`TOLERANCE` apart."""
    import numpy as np

    if a.size() != b.size():
        return False

    def channels(image):
        return np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes()).astype(np.int16)

    return bool(np.abs(channels(a) - channels(b)).max() <= TOLERANCE)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the PNG is out of date; write nothing")
    args = parser.parse_args(argv)
    image = render()
    if args.check:
        from PySide6.QtGui import QImage

        current = QImage(str(PNG))
        same = not current.isNull() and _within_tolerance(current.convertToFormat(image.format()), image)
        if not same:
            print(f"{PNG.relative_to(ROOT)} is out of date: run .venv/bin/python tools/render_icon.py", file=sys.stderr)
        return 0 if same else 1
    if not image.save(str(PNG)):
        print(f"cannot write {PNG}", file=sys.stderr)
        return 1
    print(f"wrote {PNG.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
