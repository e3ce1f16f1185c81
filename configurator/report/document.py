"""The summary as a QTextDocument, printed to PDF or a printer (QtGui only, no widgets)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from PySide6.QtCore import QMarginsF, QSizeF, QUrl
from PySide6.QtGui import QFont, QImage, QPageLayout, QPageSize, QPdfWriter, QTextDocument

from configurator.core.files import replace_atomically
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
    """Write the PDF to a temporary file beside ``path``, check it, then rename it over ``path``.

    Qt's PDF writer does not report a failed write (a full disk cuts the file short without an
    error), so the file is checked before it replaces anything: it must start with the PDF
    header and end with the end-of-file marker. On any failure the existing file stays intact
    and OSError says why.
    """
    def write(temporary: Path) -> None:
        writer = QPdfWriter(str(temporary))
        writer.setPageLayout(a4_layout())
        writer.setResolution(300)
        writer.setTitle(title)
        writer.setCreator("GPU Configurator")
        document.print_(writer)
        del writer  # flushes and closes the file

    replace_atomically(Path(path), write, verify_pdf)


def verify_pdf(path: Path) -> None:
    """Raise OSError unless ``path`` holds a complete PDF (header ``%PDF-``, trailer ``%%EOF``)."""
    size = os.path.getsize(path)
    with open(path, "rb") as stream:
        head = stream.read(8)
        stream.seek(max(0, size - 1024))
        tail = stream.read()
    if not head.startswith(b"%PDF-") or b"%%EOF" not in tail:
        raise OSError(errno.EIO, f"the PDF was not written completely ({size:,} bytes; is the disk full?)")
