"""The main window's language switch: every widget, menu and open window shown again in the new
language, in one go or (the Language menu) in pieces, one per pass of the event loop, so that the
window never freezes for the whole switch (issue 28)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QGraphicsView

from configurator.app.error_boundary import guard_slot
from configurator.app.i18n import tc as _tc
from configurator.app.paced_repaint import hold, let_go, release_in_turn, release_once

PIECE_GAP_MS = 15
"""Pause between two pieces of a staged rebuild (the language switch) [ms]: long enough that the
window paints the last piece and takes input first (a zero-delay chain of pieces ran back to back,
the heartbeat starved for the whole switch)."""


class LanguageActions:
    """Mixed into :class:`~configurator.app.main_window.MainWindow` (it brings ``controller``, the
    splitter, the charts, the panels and the docks); strings keep the ``MainWindow`` translation context."""

    def set_language(self, language: str, staged: bool = False) -> None:
        """Switch the interface language now and remember it; every open window follows.

        ``staged`` (the Language menu): the window is rebuilt in pieces, one per pass of the event
        loop (:meth:`rebuild`), so that it never freezes for the whole switch (issue 28)."""
        from configurator.app.i18n import current_language, install_language
        from configurator.core.currency import in_language_currency

        if language == current_language():
            return
        install_language(language)
        self.settings.setValue("language", language)
        self.controller.retranslate_history()  # "Undo Change card count" -> "撤销 修改卡数"
        self.restate_start_notice()
        self.check_settings()
        # the card browser is built again anyway: closed first, so it does not lay out its whole
        # table again for the restated currency (0.5 s on the GUI thread) just before it goes
        self._browser_reopen = self._close_browser()
        # the same scenario in the language's currency: not a change to undo or to save; staged,
        # after the window has been rebuilt and painted, so that the analysis and the ranking of
        # the restated scenario on the worker threads do not compete with that paint for the
        # interpreter (it took three times as long)
        restate = lambda: self.controller.restate(lambda scenario: in_language_currency(scenario, language))  # noqa: E731
        if not staged:
            restate()
        self.rebuild(staged, then=restate if staged else None)

    def rebuild(self, staged: bool = False, then=None) -> None:
        """Show every widget, menu and open window in the current language: the charts and the
        bill of materials are retranslated in place (their analysis is not drawn again from
        scratch), the editor, the results, the menus, the recommendation panel and the card browser
        are built again. ``staged``: one piece per pass of the event loop, the window painting and
        taking input between them (the new editor built a group of controls at a time and the new
        recommendation panel built hidden, each swapped in whole), and ``then`` last."""
        if not staged:
            for piece in (self._rebuild_panels, self._redraw_after_rebuild, self._rebuild_menus,
                          self._rebuild_recommendations, self._rebuild_bom, self._rebuild_browser,
                          *([then] if then else [])):
                piece()
            return
        # every chart keeps its picture until it is retranslated (the new language restyles every
        # widget, and Qt repainted them all in one pass, up to 15). The four charts are retranslated
        # in place first, one per pass, each let go at once (held to the end, they showed the other
        # language for 0.5-0.6 s); a relayout by the new panels repaints them one per pass
        # (pace_resizes), and the new results panel is drawn from what they show, not they again.
        # The docks' views are held to the end: the recommendation panel's are replaced, and Qt
        # repainted them with the new texts' layout, then again for the restated numbers
        held = hold(self.findChildren(QGraphicsView), self)
        pieces = [*self._rebuild_pieces(then, held), release_once(held, self, lambda: self.controller.busy)]
        self._rebuilding += 1

        def next_piece() -> None:
            try:
                again = pieces[0]()
            except Exception:
                self._rebuilding -= 1
                release_in_turn(held, self)
                raise
            if not again:
                pieces.pop(0)
            if pieces:
                QTimer.singleShot(PIECE_GAP_MS, self, guard_slot(next_piece, _tc("MainWindow", "&Language"), self))
            else:
                self._rebuilding -= 1

        # the window as the timer's context: a window closed during the switch gets no further piece
        QTimer.singleShot(PIECE_GAP_MS, self, guard_slot(next_piece, _tc("MainWindow", "&Language"), self))

    @property
    def rebuilding(self) -> bool:
        """A staged :meth:`rebuild` (a language switch) still has pieces to build."""
        return self._rebuilding > 0

    def _rebuild_pieces(self, then, held: list) -> list[Callable[[], bool | None]]:
        """The pieces of a staged :meth:`rebuild`, in order; a piece returning True runs again.
        ``held``: the views held to the end of the switch (the new recommendation panel's join them)."""
        from configurator.app.editor import ScenarioEditor

        made: dict = {"held": held}

        def begin_editor() -> None:
            made["editor"] = ScenarioEditor(self.controller, staged=True)

        def place_panels() -> None:
            state = self.splitter.saveState()
            previous = (self.editor, self.results)  # Python owns them: held until the new ones took their places
            self._place_panels(made.pop("editor"))
            del previous
            self.splitter.restoreState(state)

        def retranslated(chart) -> Callable[[], None]:
            def piece() -> None:
                chart.retranslate()
                let_go([chart], self)  # repaints in the next pass, in the new language
            return piece

        return [*(retranslated(chart) for chart in self.charts), begin_editor, lambda: made["editor"].build_step(),
                place_panels, self._redraw_results, self._rebuild_menus,
                lambda: self._begin_recommendations(made), lambda: self._take_over_ranking(made),
                lambda: self._place_recommendations(made),
                self._retranslate_bom, self._rebuild_browser, *([then] if then else [])]

    def _rebuild_panels(self) -> None:
        state = self.splitter.saveState()
        for chart in self.charts:
            chart.retranslate()
        previous = (self.editor, self.results)  # Python owns them: held until the new ones took their places
        self._build_panels()
        del previous
        self.splitter.restoreState(state)
        self._drawn = None  # the results panel is new: everything is drawn again

    def _rebuild_menus(self) -> None:
        """The menus and the toolbar's buttons in the current language (the toolbar itself is kept, so
        the window is not laid out again around a new one)."""
        self.menuBar().clear()
        self.toolbar.clear()
        self._make_actions()
        self._make_menus()

    def _close_browser(self) -> bool:
        """Close and delete the card browser; whether it was open."""
        if self._browser is None:
            return False
        visible = self._browser.isVisible()
        self._browser.close()
        self._browser.deleteLater()
        self._browser = None
        return visible

    def _rebuild_browser(self) -> None:
        reopen = self._close_browser() or getattr(self, "_browser_reopen", False)
        self._browser_reopen = False
        if reopen:
            self.open_browser()

    def _redraw_results(self) -> None:
        """After a staged rebuild's new panels: the new results panel shows what the charts show
        (retranslated in place, the charts keep what they drew: drawing it all again repainted the
        four in one pass)."""
        if self._drawn is None:
            self._redraw_after_rebuild()
            return
        self._update_title()
        self._update_status()
        self.results.setEnabled(True)
        self.results.update_from(self._drawn)
        if self.busy_label.text():  # a computation under way: said again in the language now shown
            self._show_busy(True)

    def _redraw_after_rebuild(self) -> None:
        self._update_title()
        self._update_status()
        shown = self._drawn or self.controller.analysis
        if shown is not None:
            self._drawn = None
            self._on_analysis_changed(shown)
        if self.busy_label.text():  # a computation under way: said again in the language now shown
            self._show_busy(True)
