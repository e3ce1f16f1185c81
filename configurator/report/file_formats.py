"""The summary's file formats, by extension, and the check of a path before anything is made.

Apart from the renderers (:mod:`configurator.report.export`) so that the window checks an export's
path without loading the summary's modules on the GUI thread: an Export clicked while the warm-up
thread had not loaded them yet imported them there, 110 ms in one pass of the event loop (issue 28).
"""

from __future__ import annotations

from pathlib import Path

from configurator.core.messages import msg
from configurator.core.messages_said import said

PDF = ".pdf"
"""The printable summary's extension (laid out by :mod:`configurator.report.document`)."""

TEXT_EXTENSIONS = (".md", ".csv", ".json")
"""The text formats' extensions: Markdown, CSV, JSON (rendered by :mod:`configurator.report.render`)."""

FORMATS = (PDF, *TEXT_EXTENSIONS)
"""Every extension a summary can be exported to; the format follows the extension."""


def export_format(path: Path) -> str:
    """The format ``path`` asks for (its lower-case extension), or ValueError / OSError when the
    extension is unknown or the folder is missing, before anything is computed or written; each
    error carries its message (``said``: :func:`configurator.core.messages_said.said_in` says it in the
    reader's language)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise said(ValueError, msg("report-format-unknown", suffix=suffix, formats=", ".join(FORMATS)))
    if not path.parent.exists():
        raise said(OSError, msg("report-folder-missing", folder=str(path.parent)))
    return suffix
