"""Print Preview of the configuration summary, owning what it paints."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import QWidget

from configurator.report.document import a4_layout, print_document


class SummaryPreview(QPrintPreviewDialog):
    """A preview dialog that keeps its printer and document alive until it is deleted.

    ``paintRequested`` fires whenever the preview repaints its pages (on opening, zooming,
    page setup), so the document must outlive the call that created the dialog. The
    document is reparented to the dialog and the dialog deletes itself when closed, so
    opening the preview again and again leaves nothing behind.

    Parameters
    ----------
    document : QTextDocument
        The summary to show; the dialog takes ownership of it.
    parent : QWidget or None
        The window the preview belongs to.
    """

    def __init__(self, document: QTextDocument, parent: QWidget | None = None) -> None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageLayout(a4_layout())
        super().__init__(printer, parent)
        self.printer = printer  # the preview widget paints on it; keep it referenced
        self.document = document
        document.setParent(self)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.paintRequested.connect(lambda printer: print_document(document, printer))

    def preview_widget(self) -> QPrintPreviewWidget:
        """The widget that shows the pages."""
        return self.findChild(QPrintPreviewWidget)
