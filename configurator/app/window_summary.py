"""The main window's summary actions: Print Preview, print and export, all built from the
analysis on screen (``analysis_on_screen.shown_analysis``), never from a second analysis."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from configurator.app.i18n import message_text, tc as _tc
from configurator.core.messages import Message


class SummaryActions:
    """Mixed into :class:`~configurator.app.main_window.MainWindow` (it brings ``controller``,
    ``_last_dir`` and the status bar); strings keep the ``MainWindow`` translation context."""

    def summary_language(self) -> str:
        """The summary is written in the interface language."""
        from configurator.app.i18n import current_language

        return current_language()

    def summary_ranked_by(self) -> tuple:
        """(objective, filters) of the recommendation panel once it was opened — its "Rank by" and
        its domestic-vendors and consumer-card switches — so the summary's recommendation and
        alternatives are the panel's ranking (a buyer who asked for domestic vendors only is not
        shown a cheaper foreign card); empty before: total cost of ownership over every card of
        the workload's classes, unless the scenario holds another question (``Scenario.ranking``, saved
        with its file)."""
        panel = getattr(self, "recommend_panel", None)
        if panel is not None:
            return panel.ranking.value.objective, panel.filters()
        from configurator.core.recommend_filters import asked_filters
        from configurator.core.scenario import RankingQuestion
        from configurator.core.scenario_ranking import Objective, objective_for

        scenario = self.controller.scenario
        asked = scenario.ranking  # a question saved with the scenario, the panel not opened
        by = objective_for(asked.objective, scenario.constraints.budget_basis)  # none asked: how the budget pays
        if asked == RankingQuestion() and by is Objective.TCO:
            return ()
        return by, asked_filters(asked, scenario.workload)

    def summary_document(self):
        """The configuration summary of the current scenario as a printable document."""
        from configurator.app.analysis_on_screen import shown_analysis
        from configurator.app.report_export import summary_document

        return summary_document(shown_analysis(self.controller), self.controller.catalog, self.summary_language(),
                                self.summary_ranked_by())

    def print_preview(self):
        """Open the Print Preview of the summary now (window-modal; it deletes itself when closed)."""
        return self._open_preview(self.summary_document())

    def _open_preview(self, document, later: bool = False):
        """The Print Preview of ``document``, opened; ``later``: opened (its pages painted) a pass
        after the dialog is built, each half of it 20-35 ms of the GUI thread."""
        from PySide6.QtCore import QTimer

        from configurator.app.preview import SummaryPreview
        from configurator.app.summary_task import PIECE_GAP_MS

        dialog = SummaryPreview(document, self)
        if later:
            QTimer.singleShot(PIECE_GAP_MS, dialog, dialog.open)
        else:
            dialog.open()
        return dialog

    def _summary_task(self):
        """The one :class:`~configurator.app.summary_task.SummaryTask` of the window (made on first use)."""
        from configurator.app.summary_task import SummaryTask

        if getattr(self, "_summary_job", None) is None:
            self._summary_job = SummaryTask(self)
            self._summary_job.busy_changed.connect(self._show_summary_busy)
        return self._summary_job

    def _show_summary_busy(self, busy: bool) -> None:
        if busy:
            self.statusBar().showMessage(_tc("MainWindow", "Preparing the summary…"))
        elif self.statusBar().currentMessage() == _tc("MainWindow", "Preparing the summary…"):
            self.statusBar().clearMessage()

    def _summary_later(self, with_document: bool, done, action, on_worker=None) -> None:
        """Make the summary of the analysis on screen without freezing the window (the ranking, the
        document and ``on_worker(summary, document)`` on the worker, the charts in short pieces),
        then call ``done(summary, document)`` (given ``on_worker``, what it returned in place of the
        document); a failure is reported as the failure of the menu command ``action``. Nothing
        here loads the summary's modules on the GUI thread: the worker's first stage does."""
        from configurator.app.analysis_on_screen import shown_analysis

        def failed(error: Exception) -> None:
            from configurator.app.error_boundary import command_failed, report

            report(error, "SummaryActions", command_failed(action.text()), self)

        self._summary_task().start(shown_analysis(self.controller), self.controller.catalog,
                                   self.summary_language(), with_document, done, failed, on_worker,
                                   self.summary_ranked_by())

    def open_print_preview(self) -> None:
        """The menu's Print Preview: the summary made without freezing the window, then shown."""
        self._summary_later(True, lambda _summary, document: self._open_preview(document, later=True),
                            self.preview_action)

    def print_summary(self) -> None:
        """The menu's Print: the printer chosen, then the summary made without freezing the window and
        printed when it is ready. It was made on the GUI thread after the dialog until December 2026: 2.5-3.9 s
        frozen on 64 × L40S pretraining, whose summary ranks the catalog and, for the class rule, the
        training cards (review43)."""
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        from configurator.report.document import a4_layout

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageLayout(a4_layout())
        if not QPrintDialog(printer, self).exec():
            return

        def printed(_summary, document) -> None:  # on the GUI thread, the document moved to it
            from configurator.report.document import print_document

            try:
                print_document(document, printer)
            finally:
                document.deleteLater()

        self._summary_later(True, printed, self.print_action)

    def export_dialog(self) -> None:
        filters = {_tc("MainWindow", "PDF document (*.pdf)"): ".pdf", _tc("MainWindow", "Markdown (*.md)"): ".md",
                   _tc("MainWindow", "CSV tables (*.csv)"): ".csv", _tc("MainWindow", "JSON data (*.json)"): ".json"}
        path, chosen = QFileDialog.getSaveFileName(self, _tc("MainWindow", "Export summary"), self._last_dir(),
                                                   ";;".join(filters))
        if path:
            suffix = filters.get(chosen, ".pdf")
            self.export_summary_later(Path(path if Path(path).suffix else path + suffix))

    def export_summary_later(self, path: Path) -> None:
        """The menu's Export: check the path, make the summary without freezing the window, then
        write it; a failure is shown and any existing file is left intact."""
        from configurator.report.file_formats import export_format  # light: renderers load on the worker

        try:
            suffix = export_format(path)
        except (OSError, ValueError) as error:
            self._say_export_failed(path, error)
            return

        def write(summary, document) -> Exception | None:  # on the worker thread: no widget here
            from configurator.core.view.printable import single_line
            from configurator.report.document import write_pdf
            from configurator.report.export import write_summary

            try:
                if document is None:
                    write_summary(summary, path)
                else:
                    write_pdf(document, path, single_line(summary.title))
            except (OSError, ValueError) as error:
                return error
            return None

        def written(_summary, error: Exception | None) -> None:
            if error is not None:
                self._say_export_failed(path, error)
            else:
                self.statusBar().showMessage(_tc("MainWindow", "Wrote {0}").format(path), 4000)

        self._summary_later(suffix == ".pdf", written, self.export_action, on_worker=write)

    def _say_export_failed(self, path: Path, error: Exception) -> None:
        from configurator.app.window_files import failure_reason

        said = getattr(error, "said", None)  # the program's own reason, in the user's language
        reason = failure_reason(error) if isinstance(error, OSError) else (
            message_text(said) if isinstance(said, Message) else str(error))
        text = _tc("MainWindow", "{path}: {reason}\n\nNothing was replaced: an existing file keeps its old "
                                 "content.").format(path=path, reason=reason)
        QMessageBox.critical(self, _tc("MainWindow", "Cannot export summary"), text)

    def export_summary(self, path: Path) -> bool:
        """Write the summary; a failure is shown and any existing file is left intact."""
        from configurator.app.analysis_on_screen import shown_analysis
        from configurator.app.report_export import export

        try:
            export(self.controller.scenario, self.controller.catalog, path, self.summary_language(),
                   shown_analysis(self.controller), self.summary_ranked_by())
        except (OSError, ValueError) as error:
            self._say_export_failed(path, error)
            return False
        self.statusBar().showMessage(_tc("MainWindow", "Wrote {0}").format(path), 4000)
        return True
