"""The main window: scenario editor, live charts, results; files, undo, settings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSettings, Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QGridLayout, QLabel, QMainWindow, QSplitter, QWidget

from configurator.app.cost_chart import CostScatter
from configurator.app.memory_charts import MemoryChart, MemoryCurveChart
from configurator.app.scaling_chart import ScalingChart
from configurator.app.error_boundary import guarded
from configurator.app.eliding_style import use_eliding_style
from configurator.app.i18n import message_text
from configurator.app.paced_repaint import pace_resizes, repaint_first_now
from configurator.app.window_docks import DockActions
from configurator.app.window_files import FileActions
from configurator.app.window_language import LanguageActions
from configurator.app.window_launch import LaunchActions
from configurator.app.window_menus import MenuActions
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


class MainWindow(LanguageActions, MenuActions, SessionActions, FileActions, SummaryActions, LaunchActions, QuoteActions,
                 DockActions, QMainWindow):
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
        self._tab_in_reading_order()

    def _tab_in_reading_order(self) -> None:
        """Tab goes left to right as the window reads: the editor, the four charts (passed over: they take no
        focus, :mod:`~configurator.app.chart_focus`), the results; the editor's first question has the focus. The
        charts, made first with the frame, came first: the window opened with the focus on the memory chart."""
        last, first = self.editor, None
        step = self.editor.nextInFocusChain()
        while self.editor.isAncestorOf(step):  # the editor's own Tab order, to its last field
            if step.focusPolicy() & Qt.FocusPolicy.TabFocus:
                first = first or (step if step.isVisibleTo(self.editor) else None)
                last = step
            step = step.nextInFocusChain()
        for chart in self.charts:
            QWidget.setTabOrder(last, chart)
            last = chart
        if first is not None:
            first.setFocus(Qt.FocusReason.OtherFocusReason)

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
