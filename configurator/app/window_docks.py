"""The main window's docks: the recommendation panel and the bill of materials, each made on
first use; shown and hidden with the window's charts repainted in turn (issue 28); rebuilt or
retranslated by a language switch."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer

from configurator.app.i18n import tc as _tc

if TYPE_CHECKING:
    from configurator.app.results_panel import ClassCheck


class DockActions:
    """Mixed into :class:`~configurator.app.main_window.MainWindow` (it brings ``controller``, the
    charts and the menus' actions); strings keep the ``MainWindow`` translation context."""

    def grab(self, *args):  # Qt's name: the window as it is, every chart drawn
        """The window's picture, with the charts held by :func:`~configurator.app.paced_repaint.repaint_in_turn`
        let go first (a grab skips a widget whose updates are off: screenshots right after a dock
        opened showed blank charts)."""
        from configurator.app.paced_repaint import release_now

        release_now(self)
        return super().grab(*args)

    def _rebuild_recommendations(self) -> None:
        self._rebuild_dock("recommend_dock", self.toggle_recommendations)

    def _rebuild_bom(self) -> None:
        self._rebuild_dock("bom_dock", self.toggle_bill_of_materials)

    def _rebuild_dock(self, attribute: str, toggle) -> None:
        """Drop the dock held in ``attribute`` and, if it was shown, open it again through
        ``toggle`` (built anew in the current language)."""
        dock = getattr(self, attribute)
        if dock is not None:
            visible = dock.isVisible()
            self.removeDockWidget(dock)
            dock.deleteLater()
            setattr(self, attribute, None)
            if visible:
                toggle(True)

    def _begin_recommendations(self, made: dict) -> None:
        """A new recommendation panel in the current language, hidden, showing the ranking shown
        now (the ranking is not worked out again for the language)."""
        from configurator.app.recommend_panel import RecommendationPanel

        if self.recommend_dock is not None:
            made["panel"] = RecommendationPanel(self.controller, shown=self.recommend_panel, staged=True)

    def _take_over_ranking(self, made: dict) -> None:
        """The new recommendation panel shows the ranking shown now (a pass after it was built)."""
        if "panel" in made:
            made["panel"].take_over(self.recommend_panel)

    def _place_recommendations(self, made: dict) -> None:
        """The new recommendation panel in the dock (kept where the user put it), the old one deleted."""
        panel = made.pop("panel", None)
        dock = self.recommend_dock
        if panel is None or dock is None:
            return
        area = dock.widget()
        # its charts keep the old panel's picture until the end of the switch (held with the others:
        # placed and drawn in one pass, the new panel's views took 50-60 ms of the GUI thread, issue 28)
        if "held" in made:
            from PySide6.QtWidgets import QGraphicsView

            from configurator.app.paced_repaint import hold

            joining = hold(panel.findChildren(QGraphicsView), self)
            made["held"].extend(joining)
            joining.clear()  # released with the switch's own list
        old = area.place(panel)  # the dock's scrolling area (app/dock_scroll.py)
        self.recommend_panel = panel
        panel.check_changed.connect(self._warnings_again)  # as the first panel's (_toggle_dock)
        if old is not None:
            old.deleteLater()
        self._retitle_dock(dock, _tc("MainWindow", "Recommendation"), self.recommend_action)

    def _retranslate_bom(self) -> None:
        """The bill of materials in the current language, in place (it holds no text of its own)."""
        if self.bom_dock is not None:
            self.bom_panel.retranslate()
            self._retitle_dock(self.bom_dock, _tc("MainWindow", "Bill of materials and TCO"), self.bom_action)

    @staticmethod
    def _retitle_dock(dock, title: str, action) -> None:
        """``dock`` named in the current language, its check mark on the (rebuilt) menu's ``action``."""
        dock.setWindowTitle(title)
        action.setChecked(dock.isVisible())

    def _toggle_dock(self, name: str, object_name: str, title: str, make_panel, action, checked: bool | None):
        """Show or hide the dock ``self.<name>_dock`` holding ``self.<name>_panel`` (made by
        ``make_panel`` on first use); ``action``'s check mark follows it."""
        from PySide6.QtWidgets import QDockWidget

        if getattr(self, f"{name}_dock") is None:
            dock = QDockWidget(title, self)
            dock.setObjectName(object_name)  # what the saved window state knows it by
            panel = make_panel(self.controller)
            setattr(self, f"{name}_panel", panel)
            if name == "recommend":  # its check said, or its dock opened or closed: the results' warnings again
                panel.check_changed.connect(self._warnings_again)
                dock.visibilityChanged.connect(self._warnings_again)
            from configurator.app.dock_scroll import DockScroll

            dock.setWidget(DockScroll(panel))  # scrolls where the dock is shorter than the panel: the window fits
            self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
            # the menu's action of the moment: the menus are built again by a language switch, the dock is kept
            dock.visibilityChanged.connect(lambda shown, key=name: getattr(self, f"{key}_action").setChecked(shown))
            setattr(self, f"{name}_dock", dock)
            made = True
        else:
            made = False
        dock = getattr(self, f"{name}_dock")
        shown = not dock.isVisible() if checked is None else checked
        if shown != dock.isVisible() and not dock.isFloating():  # the centre narrows or widens: charts in turn
            from configurator.app.paced_repaint import repaint_in_turn

            repaint_in_turn(self.charts, self)
        tabbed = shown and not dock.isVisible() and self._share_area(dock)
        dock.setVisible(shown)
        if tabbed:
            dock.raise_()  # the tab of the dock asked for
        if made and shown:
            self._keep_dock_height(dock)
        elif shown:  # shown again, maybe in a window grown while it was hidden: laid out in the next pass
            QTimer.singleShot(0, self, lambda: self._dock_to_panel(dock))
        return getattr(self, f"{name}_panel")

    def _share_area(self, dock) -> bool:
        """Put ``dock`` (about to be shown) in tabs with the other dock shown in its area where the
        window is too narrow for both side by side at their smallest usable widths (the
        recommendation's table and the bill of materials' chart: side by side at 1400 px, one table
        row 180 px wide and a chart 68 px wide); whether it did. The user can still drag it out
        (then the window widens to hold both). Checked before the dock is shown: shown, it has
        widened the window already."""
        from PySide6.QtWidgets import QStyle

        if dock.isFloating():
            return False
        area, tabbed = self.dockWidgetArea(dock), self.tabifiedDockWidgets(dock)
        beside = [other for other in (self.recommend_dock, self.bom_dock)
                  if other is not None and other is not dock and other.isVisible() and not other.isFloating()
                  and self.dockWidgetArea(other) == area and other not in tabbed]
        if not beside:
            return False
        separator = self.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent, None, self)
        wanted = dock.minimumSizeHint().width() + beside[0].minimumSizeHint().width() + separator
        if wanted <= self.width():
            return False
        self.tabifyDockWidget(beside[0], dock)
        return True

    def _keep_dock_height(self, dock) -> None:
        """Give a new dock the height it opens at as its own (as if the user had set it): it followed
        its panel's size hint as the panel filled (the recommendation panel's busy line and reasons,
        28 px), and the window's four charts were laid out and repainted again, in one pass with the
        panel's own chart (issue 28). The user can still drag it taller or shorter."""
        self.resizeDocks([dock], [max(dock.sizeHint().height(), dock.minimumSizeHint().height())],
                         Qt.Orientation.Vertical)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        """A window made taller gives each bottom dock shown that scrolls its panel the height to hold it
        (:meth:`_dock_to_panel`; a dock shown again, too: :meth:`_toggle_dock`): a dock opened in a
        1200 × 700 window kept its 258 px when the window grew to 1920 × 1080, its panel (290 px at least)
        scrolled and the Pareto chart's bottom axis below the dock's edge. A dock the user made shorter
        stays so until the window grows."""
        super().resizeEvent(event)
        if event.size().height() > event.oldSize().height():
            for name in ("recommend_dock", "bom_dock"):
                self._dock_to_panel(getattr(self, name, None))

    def _dock_to_panel(self, dock, asked: int | None = None) -> None:
        """``dock`` (if in view, docked) as tall as its panel's least height where its scrolling area
        (app/dock_scroll.py) is shorter, as far as the window's centre can give it; checked again once laid
        out (``asked``: the height asked then [px]): tabbed with the other dock, the height asked holds the
        tabs' bar too."""
        import shiboken6

        if dock is None or not shiboken6.isValid(dock) or dock.isFloating() or dock.visibleRegion().isEmpty():
            return  # none, deleted by a language switch, floating, hidden or behind a tab
        area = dock.widget()
        short = area.widget().minimumSizeHint().height() - area.viewport().height() if area.widget() else 0
        if short <= 0:
            return
        first = asked is None
        asked = (asked or dock.height()) + short
        self.resizeDocks([dock], [asked], Qt.Orientation.Vertical)
        if first:
            QTimer.singleShot(0, self, lambda: self._dock_to_panel(dock, asked))

    def _class_check_shown(self) -> ClassCheck:
        """What the window shows of the class rule's check on the hand-picked card
        (:class:`~configurator.app.results_panel.ClassCheck`): the recommendation panel's red line while its
        dock is shown. The results panel drops the generic class line only then (with the dock closed an A10
        hand-picked for a full fine-tune read no class line anywhere in the window) and does not say again
        what the red line says in full (an A10 picked for a full fine-tune read "A10 has no GPU-to-GPU link"
        beside the red line saying it lacks the link; :func:`~configurator.core.mismatch.said_beside`)."""
        from configurator.app.results_panel import NOT_SHOWN, ClassCheck

        dock = self.recommend_dock
        if dock is None or not dock.isVisible():
            return NOT_SHOWN
        return ClassCheck(shown=True, verdict=self.recommend_panel.warning)

    def _warnings_again(self, _shown: bool = False) -> None:
        """The results panel's warnings said again as a dock opens or closes (:meth:`_class_check_shown`)."""
        import shiboken6

        if shiboken6.isValid(self.results):  # a window closing deletes its panels first
            self.results.show_warnings()

    def toggle_recommendations(self, checked: bool | None = None):
        """Show or hide the recommendation panel (created on first use)."""
        from configurator.app.recommend_panel import RecommendationPanel

        return self._toggle_dock("recommend", "recommendation-dock", _tc("MainWindow", "Recommendation"),
                                 RecommendationPanel, self.recommend_action, checked)

    def toggle_bill_of_materials(self, checked: bool | None = None):
        """Show or hide the bill of materials and TCO panel (created on first use)."""
        from configurator.app.bom_panel import BomPanel

        return self._toggle_dock("bom", "bom-dock", _tc("MainWindow", "Bill of materials and TCO"), BomPanel,
                                 self.bom_action, checked)
