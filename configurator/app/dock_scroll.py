"""A bottom dock's panel in an area that scrolls up and down: the window fits a small screen.

A dock's least height was its panel's (the recommendation panel's: its table's four rows, the
reasons' three lines, the launch row; 290 px): with the window's four charts at their least
(two rows of :data:`~configurator.app.charts.CHART_MIN_HEIGHT_PX`), the menu, tool and status
bars, the window could not be made shorter than 788 px with one dock open and 816 px with both
(tabbed) — taller than a 1366 × 768 screen, and than a 1280 × 800 one less its taskbar (session 24).
In a :class:`DockScroll` the panel keeps its least size and scrolls where the dock is shorter; the
dock's least height is the area's, a few lines. As wide as the panel's least width, as before: the
window's choice to put two docks in tabs reads it (:meth:`~configurator.app.window_docks.DockActions._share_area`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

LEAST_LINES = 6
"""Lines of text a dock shows at least [lines]: its first rows readable, the rest scrolled to."""


class DockScroll(QScrollArea):
    """``panel`` in a frameless area that scrolls up and down only; its least width the panel's
    (with the scroll bar), its least height :data:`LEAST_LINES` lines, its preferred size the panel's."""

    def __init__(self, panel: QWidget) -> None:
        super().__init__()
        self.setObjectName("dock-scroll")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.place(panel)

    def place(self, panel: QWidget) -> QWidget | None:
        """Show ``panel`` in place of the one shown (returned, not deleted: its owner deletes it)."""
        old = self.takeWidget()
        if old is not None:
            old.removeEventFilter(self)
        self.setWidget(panel)
        panel.installEventFilter(self)
        self._fit()
        self.updateGeometry()
        return old

    def _fit(self) -> None:
        """The panel as wide as the area and as tall, down to its least height (then it scrolls).
        Not Qt's resizable widget: that lays a panel with wrapped labels out at its preferred height
        for the width (its height for width), which scrolled where the dock had room for the panel
        squeezed, as docks show it."""
        panel = self.widget()
        if panel is not None:
            view = self.viewport().size()
            panel.resize(view.width(), max(view.height(), panel.minimumSizeHint().height()))

    def viewportEvent(self, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize:
            self._fit()
        return super().viewportEvent(event)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.LayoutRequest and watched is self.widget():
            self._fit()  # the panel's least height may have changed
            self.updateGeometry()  # and its least width or preferred size
        return super().eventFilter(watched, event)

    def _bar_width(self) -> int:
        return self.verticalScrollBar().sizeHint().width()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        panel = self.widget()
        width = panel.minimumSizeHint().width() + self._bar_width() if panel is not None else 0
        return QSize(width, LEAST_LINES * self.fontMetrics().lineSpacing())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        """The panel's preferred size (Qt's area caps it at 24 lines high, 36 wide)."""
        panel = self.widget()
        if panel is None:
            return super().sizeHint()
        hint = panel.sizeHint().expandedTo(panel.minimumSizeHint())
        return QSize(hint.width() + self._bar_width(), hint.height())
