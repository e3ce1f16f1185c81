"""The main window: scenario editor, live charts, results; files, undo, settings."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsView,
    QGridLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QWidget,
)

from configurator import __version__
from configurator.app.charts import CostScatter, MemoryChart, MemoryCurveChart, ScalingChart
from configurator.app.error_boundary import guard_slot, guarded
from configurator.app.eliding_style import use_eliding_style
from configurator.app.i18n import message_text
from configurator.app.paced_repaint import (
    hold,
    let_go,
    pace_resizes,
    release_in_turn,
    release_once,
    repaint_first_now,
)
from configurator.app.window_docks import DockActions
from configurator.app.window_files import FileActions
from configurator.app.window_launch import LaunchActions
from configurator.app.window_quotes import QuoteActions
from configurator.app.window_session import SessionActions
from configurator.app.window_summary import SummaryActions
from configurator.app.worker import show_busy

if TYPE_CHECKING:
    # the window's frame paints before these load (start-up): the controller, editor and results
    # panel bring pydantic, the scenario and the catalog (attach), the estimator its first analysis
    from configurator.app.controller import ScenarioController
    from configurator.core.analysis import Analysis
    from configurator.core.catalog import Catalog
    from configurator.core.scenario import Scenario

PIECE_GAP_MS = 15
"""Pause between two pieces of a staged rebuild (the language switch) [ms]: long enough that the
window paints the last piece and takes input first (a zero-delay chain of pieces ran back to back,
the heartbeat starved for the whole switch)."""


class MainWindow(SessionActions, FileActions, SummaryActions, LaunchActions, QuoteActions, DockActions,
                 QMainWindow):
    """Editor on the left, four live charts in the centre, headline numbers on the right."""

    def __init__(self, controller: ScenarioController | None, settings: QSettings | None = None) -> None:
        """The whole window for ``controller``; with None, only its frame (the four charts,
        empty, between two placeholders), which :meth:`attach` completes — how the app starts,
        so that the window paints before the scenario's machinery loads."""
        use_eliding_style()
        super().__init__()
        self.controller = None
        self.settings = settings or QSettings()
        self.recommend_dock = None
        self.bom_dock = None
        self._rebuilding = 0
        """Staged rebuilds under way (:attr:`rebuilding`)."""
        self._browser = None
        self.busy_label = QLabel()
        self.busy_label.setObjectName("busy-label")
        self.statusBar().addPermanentWidget(self.busy_label)
        self.status_label = QLabel()
        self.statusBar().addPermanentWidget(self.status_label)
        self._build_frame()
        if controller is not None:
            self.attach(controller)

    def attach(self, controller: ScenarioController) -> None:
        """Complete the frame for ``controller``: editor, results, actions, menus, autosave."""
        self.controller = controller
        self._build_panels()
        self._make_actions()
        self._make_menus()
        from configurator.app.autosave import Autosave

        self.autosave = Autosave(controller, self)
        self.watch_autosave()
        controller.scenario_changed.connect(self._enable_clear_quotes)
        controller.analysis_step.connect(self._on_analysis_changed)
        controller.analysis_changed.connect(self._on_analysis_changed)
        controller.analysis_failed.connect(self._on_analysis_failed)
        controller.busy_changed.connect(self._show_busy)
        controller.error_changed.connect(self._show_input_problem)
        controller.notice.connect(self._show_notice)
        controller.catalog_changed.connect(self._update_status)
        controller.path_changed.connect(self._update_title)
        controller.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self._update_title()
        self._update_status()
        if controller.analysis is not None:
            self._on_analysis_changed(controller.analysis)

    def _build_frame(self) -> None:
        """The four charts between two placeholders, in the splitter (no scenario needed)."""
        self._drawn: Analysis | None = None  # what the charts and the results now show
        self.memory_chart = MemoryChart()
        self.scaling_chart = ScalingChart()
        self.curve_chart = MemoryCurveChart()
        self.cost_chart = CostScatter()
        self.charts = (self.memory_chart, self.scaling_chart, self.curve_chart, self.cost_chart)
        pace_resizes(self.charts, self)  # a dock opening or the window's edge dragged: one chart per pass
        centre = QWidget()
        grid = QGridLayout(centre)
        grid.setContentsMargins(0, 0, 0, 0)
        for index, chart in enumerate(self.charts):
            grid.addWidget(chart, index // 2, index % 2)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        for widget in (self._placeholder(), centre, self._placeholder()):
            self.splitter.addWidget(widget)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([350, 630, 300])
        self.setCentralWidget(self.splitter)

    def _placeholder(self) -> QLabel:
        """What stands in the editor's and the results' places until :meth:`attach`."""
        label = QLabel(self.tr("Starting…"))
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        return label

    def _build_panels(self) -> None:
        """The editor and the results panel, in the placeholders' places."""
        from configurator.app.editor import ScenarioEditor

        self._place_panels(ScenarioEditor(self.controller))

    def _place_panels(self, editor) -> None:
        """``editor`` (complete) and a new results panel in the places of those shown (or of the
        placeholders), which are deleted."""
        from configurator.app.results_panel import ResultsPanel

        self.editor = editor
        self.results = ResultsPanel(class_check=self._class_check_shown)
        sizes = self.splitter.sizes()  # the placeholders' widths (restored or the defaults) stay
        for index, panel in ((0, self.editor), (2, self.results)):
            self.splitter.replaceWidget(index, panel).deleteLater()
        self.splitter.setSizes(sizes)

    # ---- language -------------------------------------------------------------------
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
                QTimer.singleShot(PIECE_GAP_MS, self, guard_slot(next_piece, self.tr("&Language"), self))
            else:
                self._rebuilding -= 1

        # the window as the timer's context: a window closed during the switch gets no further piece
        QTimer.singleShot(PIECE_GAP_MS, self, guard_slot(next_piece, self.tr("&Language"), self))

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

    # ---- actions and menus ----------------------------------------------------------
    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        action = QAction(text, self._actions_owner)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.setStatusTip(tip)
        action.triggered.connect(guard_slot(slot, text, self))
        return action

    def _make_actions(self) -> None:
        from PySide6.QtCore import QObject

        if getattr(self, "_actions_owner", None) is not None:
            self._actions_owner.deleteLater()  # the previous language's actions go with it
        self._actions_owner = QObject(self)
        keys = QKeySequence.StandardKey
        self.new_action = self._action(self.tr("&New"), self.new_scenario, keys.New, self.tr("Start a new scenario"))
        self.open_action = self._action(self.tr("&Open…"), self.open_dialog, keys.Open,
                                        self.tr("Open a scenario file"))
        self.save_action = self._action(self.tr("&Save"), self.save, keys.Save, self.tr("Save the scenario"))
        self.save_as_action = self._action(self.tr("Save &As…"), self.save_as, keys.SaveAs,
                                           self.tr("Save the scenario under a new name"))
        self.quit_action = self._action(self.tr("&Quit"), self.close, keys.Quit)
        self.preview_action = self._action(self.tr("Print Pre&view…"), self.open_print_preview, None,
                                           self.tr("See the configuration summary as it will print"))
        self.print_action = self._action(self.tr("&Print…"), self.print_summary, keys.Print,
                                         self.tr("Print the configuration summary"))
        self.export_action = self._action(self.tr("&Export Summary…"), self.export_dialog,
                                          QKeySequence("Ctrl+E"),
                                          self.tr("Save the summary as PDF, Markdown, CSV or JSON"))
        self.undo_action = self.controller.undo_stack.createUndoAction(self._actions_owner, self.tr("&Undo"))
        self.undo_action.setShortcut(keys.Undo)
        self.redo_action = self.controller.undo_stack.createRedoAction(self._actions_owner, self.tr("&Redo"))
        self.redo_action.setShortcut(keys.Redo)
        self.rename_action = self._action(self.tr("&Name the scenario…"), self.ask_scenario_name, None,
                                          self.tr("The name is the printed summary's title (empty: a description of "
                                                  "the job)"))
        self.wizard_action = self._action(self.tr("Workload &wizard…"), self.open_wizard,
                                          QKeySequence("Ctrl+Shift+W"), self.tr("Answer a few questions"))
        self.recommend_action = self._action(self.tr("&Recommendation panel"), self.toggle_recommendations,
                                             QKeySequence("Ctrl+R"),
                                             self.tr("Which card, and how many: every card ranked for this job"))
        self.recommend_action.setCheckable(True)
        self.bom_action = self._action(self.tr("Bill of &materials and TCO"), self.toggle_bill_of_materials,
                                       QKeySequence("Ctrl+M"),
                                       self.tr("Servers, network, racks, power and software for this job, and "
                                               "what owning them costs over the years"))
        self.bom_action.setCheckable(True)
        self.browser_action = self._action(self.tr("Card &browser…"), self.open_browser, QKeySequence("Ctrl+B"),
                                           self.tr("Every card with its specs, sources and prices"))
        self.what_fits_action = self._action(self.tr("What &fits my cards…"), self.open_what_fits,
                                             QKeySequence("Ctrl+Shift+F"),
                                             self.tr("Which models fit on the cards you own, for training, fine-tuning "
                                                     "and serving, and how fast"))
        self._make_launch_actions()
        self._make_quote_actions()

    def _make_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        for action in (self.new_action, self.open_action):
            file_menu.addAction(action)
        self.recent_menu = file_menu.addMenu(self.tr("Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        for action in (self.save_action, self.save_as_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        for action in (self.load_quotes_action, self.clear_quotes_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        for action in (self.preview_action, self.print_action, self.export_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = self.menuBar().addMenu(self.tr("&Edit"))
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.rename_action)
        edit_menu.addSeparator()
        self._add_launch_menu(edit_menu)
        self.view_menu = self.menuBar().addMenu(self.tr("&View"))
        self.view_menu.addAction(self.wizard_action)
        self.view_menu.addAction(self.browser_action)
        self.view_menu.addAction(self.recommend_action)
        self.view_menu.addAction(self.bom_action)
        self.view_menu.addAction(self.what_fits_action)
        language_menu = self.view_menu.addMenu(self.tr("&Language"))
        from PySide6.QtGui import QActionGroup

        from configurator.app.i18n import LANGUAGES, current_language

        group = QActionGroup(self._actions_owner)
        for code, name in LANGUAGES.items():
            action = language_menu.addAction(name)
            action.setCheckable(True)
            action.setChecked(code == current_language())
            action.setData(code)
            group.addAction(action)
            action.triggered.connect(guard_slot(lambda _=False, c=code: self.set_language(c, staged=True), name, self))
        self.help_menu = self.menuBar().addMenu(self.tr("&Help"))
        self.help_menu.addAction(self._action(self.tr("&About"), self._about))
        toolbar = getattr(self, "toolbar", None)
        if toolbar is None:
            toolbar = self.addToolBar(self.tr("Main"))
            toolbar.setObjectName("main-toolbar")
        toolbar.setWindowTitle(self.tr("Main"))
        for action in (self.new_action, self.open_action, self.save_action, self.undo_action, self.redo_action,
                       self.wizard_action, self.browser_action, self.recommend_action, self.export_action,
                       self.preview_action):
            toolbar.addAction(action)
        self.toolbar = toolbar

    def ask_scenario_name(self) -> bool:
        """Ask for the scenario's name (the printed summary's title) and set it."""
        from PySide6.QtWidgets import QInputDialog

        current = self.controller.scenario.name
        name, ok = QInputDialog.getText(self, self.tr("Name the scenario"), self.tr("Name (the summary's title):"),
                                        text="" if current == "Untitled" else current)
        return self.rename_scenario(name) if ok else False

    def rename_scenario(self, name: str) -> bool:
        """Set the scenario's name as one undoable step; an empty name goes back to a description
        of the job."""
        from configurator.core.scenario import MAX_NAME_CHARS

        return self.controller.apply("name", name.strip()[:MAX_NAME_CHARS] or "Untitled")

    def open_wizard(self):
        from configurator.app.wizard import WorkloadWizard

        wizard = WorkloadWizard(self.controller, self)
        wizard.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # a cancelled wizard must not stay alive
        wizard.open()
        return wizard

    def open_browser(self):
        from configurator.app.browser import CardBrowser

        if self._browser is None:
            self._browser = CardBrowser(self.controller, self)
        self._browser.show()
        self._browser.raise_()
        return self._browser

    def open_what_fits(self):
        """Show the "what fits my cards" dialog (one, made on first use; it keeps its choices)."""
        from configurator.app.what_fits_dialog import WhatFitsDialog

        if getattr(self, "_what_fits", None) is None:
            self._what_fits = WhatFitsDialog(self.controller, self)
        self._what_fits.show()
        self._what_fits.raise_()
        return self._what_fits

    def _about(self) -> None:
        catalog = self.controller.catalog
        QMessageBox.about(self, self.tr("About GPU Configurator"), self.tr(
            "GPU Configurator {version}\nCatalog {catalog} ({date}), {n} cards.\n"
            "Estimates memory, speed, power and cost of AI workloads and of graphics work (virtual desktops, "
            "transcoding, rendering) on accelerator cards.").format(
            version=__version__, catalog=catalog.version, date=catalog.date, n=len(catalog.cards)))

    # ---- view -----------------------------------------------------------------------
    def _on_analysis_changed(self, analysis: Analysis) -> None:
        """Draw what ``analysis`` has that is not drawn yet: the estimate first (results, memory
        and memory-curve charts), then the sweep over counts, then the catalog's cost chart."""
        drawn, self._drawn = self._drawn, analysis
        for widget in (*self.charts, self.results):
            widget.setEnabled(True)
        updated = []
        if drawn is None or drawn.estimate is not analysis.estimate or drawn.compared is not analysis.compared:
            self.results.update_from(analysis)
            updated += [self.memory_chart, self.curve_chart]
        elif drawn.suggestions is not analysis.suggestions:  # what would fit comes with the second step
            self.results.update_from(analysis)
        if analysis.by_count and (drawn is None or drawn.by_count is not analysis.by_count):
            updated.append(self.scaling_chart)
        if analysis.complete:
            updated.append(self.cost_chart)
        if not self.rebuilding:  # a language switch holds every chart itself, to its end
            repaint_first_now(updated, self)  # one chart per pass of the event loop, the memory chart first
        for chart in updated:
            chart.update_from(analysis)
        if analysis.complete:
            from configurator.app.warm_up import warm_up

            warm_up()  # the first complete window: what the first openings need loads off this thread

    def _show_input_problem(self, message: str) -> None:
        """An input refused is said in the status bar too (and next to its control, by the editor)."""
        if message:
            self.statusBar().showMessage(message, 15000)

    def _show_notice(self, message: str) -> None:
        """A change the user did not make themselves (the card a new workload moved), said in the status bar."""
        self.statusBar().showMessage(message, 15000)

    def fit_to_screen(self) -> None:
        """First launch: take most of the screen's available area (not Qt's guess from the widgets'
        size hints), centred, so the charts get their room."""
        screen = self.screen() or QApplication.primaryScreen()
        if screen is None:
            return
        area = screen.availableGeometry()
        width, height = round(area.width() * 0.92), round(area.height() * 0.92)
        self.resize(width, height)
        self.move(area.x() + (area.width() - width) // 2, area.y() + (area.height() - height) // 2)

    def _show_busy(self, busy: bool) -> None:
        """Say that the results are being worked out (the charts keep the previous ones meanwhile)."""
        show_busy(self.busy_label, self.splitter, self.tr("Computing…"), busy)

    def _on_analysis_failed(self, _problem: str) -> None:
        """The results shown belong to an earlier scenario: grey them out and say so."""
        self._drawn = None
        for widget in (*self.charts, self.results):
            widget.setEnabled(False)
        self.statusBar().showMessage(self.tr("No results for this scenario: the analysis failed (see the error "
                                             "message). The greyed figures are from before the last change."))

    def _on_clean_changed(self, clean: bool) -> None:
        self.setWindowModified(not clean)

    def _update_title(self, *_changed) -> None:
        path = self.controller.path
        name = path.name if path else self.tr("Untitled")
        self.setWindowTitle(self.tr("{name}[*] — GPU Configurator").format(name=name))
        self.setWindowModified(self.controller.is_modified)

    def _update_status(self, *_changed) -> None:
        catalog = self.controller.catalog
        text = self.tr("Catalog {version} ({date}), {cards}").format(
            version=catalog.version, date=catalog.date, cards=self.tr("%n card(s)", "", len(catalog.cards)))
        self.status_label.setText(text)
        for problem in catalog.problems:  # the user catalog's skipped rows, in the window's language
            self.statusBar().showMessage(message_text(problem))

    # ---- start-up -------------------------------------------------------------------
    _release_after_paint = False
    """True from :meth:`hold_first_analysis_until_painted` until the window's next paint."""

    FIRST_ANALYSIS_LATEST_MS = 1000
    """Start the first analysis after this long even if no paint was seen (a hidden window) [ms]."""

    def hold_first_analysis_until_painted(self, controller: ScenarioController) -> None:
        """Start ``controller``'s first analysis once this window has painted again (start-up):
        its worker loads the estimator, which would otherwise compete with that paint for the one
        interpreter (issue 15)."""
        controller.hold_first_analysis()
        self._release_after_paint = True
        QTimer.singleShot(self.FIRST_ANALYSIS_LATEST_MS, self._release_first_analysis)

    @guarded
    def _release_first_analysis(self) -> None:
        self._release_after_paint = False
        if self.controller is not None:
            self.controller.release_first_analysis()

    def event(self, event: QEvent) -> bool:  # Qt's name; cheap, it sees every event of the window
        handled = super().event(event)
        if self._release_after_paint and event.type() == QEvent.Type.UpdateRequest:
            self._release_first_analysis()  # painted: now compute
        return handled

    @guarded
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self.controller is None:  # closed while starting: nothing to save yet
            event.accept()
            return
        if self.maybe_save():
            self.save_session()
            self.autosave.discard()  # saved or discarded on purpose: nothing to recover
            event.accept()
        else:
            event.ignore()

    @property
    def scenario(self) -> Scenario:
        return self.controller.scenario

    @property
    def catalog(self) -> Catalog:
        return self.controller.catalog
