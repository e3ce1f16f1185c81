"""The main window's summary actions: Print Preview, print and export, all built from the
analysis on screen (``report_export.shown_analysis``), never from a second analysis."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from configurator.app.i18n import tc as _tc


class SummaryActions:
    """Mixed into :class:`~configurator.app.main_window.MainWindow` (it brings ``controller``,
    ``_last_dir`` and the status bar); strings keep the ``MainWindow`` translation context."""

    def summary_language(self) -> str:
        """The summary is written in the interface language."""
        from configurator.app.i18n import current_language

        return current_language()

    def summary_document(self):
        """The configuration summary of the current scenario as a printable document."""
        from configurator.app.report_export import shown_analysis, summary_document

        return summary_document(shown_analysis(self.controller), self.controller.catalog, self.summary_language())

    def print_preview(self):
        """Open the Print Preview of the summary (window-modal; it deletes itself when closed)."""
        from configurator.app.preview import SummaryPreview

        dialog = SummaryPreview(self.summary_document(), self)
        dialog.open()
        return dialog

    def print_summary(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        from configurator.report.document import a4_layout, print_document

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageLayout(a4_layout())
        if QPrintDialog(printer, self).exec():
            print_document(self.summary_document(), printer)

    def export_dialog(self) -> None:
        filters = {_tc("MainWindow", "PDF document (*.pdf)"): ".pdf", _tc("MainWindow", "Markdown (*.md)"): ".md",
                   _tc("MainWindow", "CSV tables (*.csv)"): ".csv", _tc("MainWindow", "JSON data (*.json)"): ".json"}
        path, chosen = QFileDialog.getSaveFileName(self, _tc("MainWindow", "Export summary"), self._last_dir(),
                                                   ";;".join(filters))
        if path:
            suffix = filters.get(chosen, ".pdf")
            self.export_summary(Path(path if Path(path).suffix else path + suffix))

    def export_summary(self, path: Path) -> bool:
        """Write the summary; a failure is shown and any existing file is left intact."""
        from configurator.app.report_export import export, shown_analysis

        try:
            export(self.controller.scenario, self.controller.catalog, path, self.summary_language(),
                   shown_analysis(self.controller))
        except (OSError, ValueError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            text = _tc("MainWindow", "{path}: {reason}\n\nNothing was replaced: an existing file keeps its old "
                                     "content.").format(path=path, reason=reason)
            QMessageBox.critical(self, _tc("MainWindow", "Cannot export summary"), text)
            return False
        self.statusBar().showMessage(_tc("MainWindow", "Wrote {0}").format(path), 4000)
        return True
