"""Columns of a table made to fit its width: each gives up what it holds above its least width, in a set order,
until all are in view (a table's words elided, whole in their tooltips; its figures kept whole)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QTableView, QTableWidget


def tab_leaves(table: QTableView) -> QTableView:
    """``table`` left by Tab and Shift+Tab, the arrows moving in it (a table view's Tab went cell to cell, every
    row: a keyboard trap, session 47; the card browser's tables still did in session 48); returned for chaining."""
    table.setTabKeyNavigation(False)
    return table


class FittedTable(QTableWidget):
    """A table that has its columns fitted again (``fit()``) whenever it is resized; Tab leaves it
    (:func:`tab_leaves`)."""

    def __init__(self, rows: int, columns: int, fit: Callable[[], None]) -> None:
        super().__init__(rows, columns)
        self._fit = fit
        tab_leaves(self)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit()


def shrunk_to_fit(widths: Sequence[int], floors: Sequence[int], order: Sequence[int], room: int) -> list[int]:
    """``widths`` [px] narrowed to add up to at most ``room`` [px] where they can: the columns of ``order`` give up,
    the first first, what they hold above their ``floors`` [px], each only what is still over; the others and a
    column at its floor keep their width (the sum may stay over ``room`` once every column of ``order`` is at its
    floor: the table scrolls then)."""
    fitted = list(widths)
    over = sum(fitted) - room
    for column in order:
        if over <= 0:
            break
        given = min(over, max(0, fitted[column] - floors[column]))
        fitted[column] -= given
        over -= given
    return fitted


def wraps_into(metrics: QFontMetrics, text: str, width: int, height: int) -> bool:
    """Whether ``text`` wrapped at its words into ``width`` [px], as a table's cell wraps it, is at most ``height``
    [px] tall, no word wider than ``width`` (a word is never broken: it would be cut). A Chinese line is taller than
    an English one (its glyphs from a taller font): two Chinese lines took 30 px, two English ones 28."""
    box = metrics.boundingRect(QRect(0, 0, max(1, width), 1 << 20), Qt.TextFlag.TextWordWrap, text)
    return box.width() <= width and box.height() <= height


def least_width(metrics: QFontMetrics, text: str, height: int) -> int:
    """The narrowest width [px] into which ``text`` wraps at its words at most ``height`` [px] tall (its one-line
    width at most): a bisection of :func:`wraps_into`, whose answer never turns false as the width grows."""
    low, high = 1, metrics.horizontalAdvance(text) + 1
    while low < high:
        middle = (low + high) // 2
        low, high = (low, middle) if wraps_into(metrics, text, middle, height) else (middle + 1, high)
    return high
