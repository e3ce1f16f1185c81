"""The summary as a QTextDocument, printed to PDF or a printer (QtGui only, no widgets)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QMarginsF, QSizeF, QUrl
from PySide6.QtGui import QFont, QImage, QPageLayout, QPageSize, QPdfWriter, QTextDocument

from configurator.report.render import to_html
from configurator.report.summary import Summary

CJK_FAMILY = "WenQuanYi Micro Hei"
"""Debian's fonts-wqy-microhei; its glyphs are embedded in the PDF."""


def build_document(summary: Summary, images: dict[str, QImage] | None = None) -> QTextDocument:
    """The printable document; chart images are added as resources ``chart://<key>``."""
    document = QTextDocument()
    urls = {}
    for key, image in (images or {}).items():
        url = QUrl(f"chart://{key}")
        document.addResource(QTextDocument.ResourceType.ImageResource, url, image)
        urls[key] = url.toString()
    font = QFont(CJK_FAMILY if summary.language == "zh_CN" else "DejaVu Sans")
    font.setPointSizeF(9)
    document.setDefaultFont(font)
    document.setHtml(to_html(summary, urls))
    return document


def a4_layout() -> QPageLayout:
    return QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                       QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter)


def page_count(document: QTextDocument, resolution: int = 300) -> int:
    """Pages the document takes on A4 with 15 mm margins."""
    rect = a4_layout().paintRectPixels(resolution)
    document.setPageSize(QSizeF(rect.width(), rect.height()))
    return document.pageCount()


def write_pdf(document: QTextDocument, path: Path, title: str = "") -> None:
    """Write the PDF to a temporary file beside ``path``, then rename it over ``path``.

    An existing file stays intact if anything fails (unwritable folder, disk full).
    """
    path = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(handle)
    try:
        writer = QPdfWriter(temporary)
        writer.setPageLayout(a4_layout())
        writer.setResolution(300)
        writer.setTitle(title)
        writer.setCreator("GPU Configurator")
        document.print_(writer)
        del writer  # flushes and closes the file
        if os.path.getsize(temporary) == 0:
            raise OSError(f"could not write PDF to {path}")
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
