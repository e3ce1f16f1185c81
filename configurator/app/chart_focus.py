"""Charts are out of the keyboard's Tab chain: they have no key of their own to answer.

pyqtgraph's view takes the focus by Tab and by a click (``GraphicsView``: ``StrongFocus``), but a chart here reads the
numbers the table beside it holds, answers no key (its view box's '+', '-' and Backspace step through zooms drawn with
the mouse in its rectangle mode, which no chart here uses), and draws no focus frame: Tab stopped on each of the
window's four charts with nothing to be seen or done there (session 48, ui48). Kept out, Tab goes from the last
question to the results; a click on a chart leaves the focus where it was. Its points' tooltips and the Pareto
chart's menu are the mouse's; the table says the same by keys."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt


def out_of_tab_chain(chart: pg.GraphicsView) -> pg.GraphicsView:
    """``chart`` taking no keyboard focus (neither by Tab nor by a click); returned for chaining."""
    chart.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return chart
