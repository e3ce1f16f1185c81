"""The configuration summary written to a file, without the app (used by the window and the CLI).

The text formats (.md .csv .json) need no Qt at all. A PDF is laid out by
:mod:`configurator.report.document` (QtGui only); the chart images the window shows are
rendered by the app and handed in as a callable, so this layer never imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from configurator.core.catalog import Catalog
from configurator.core.estimate import Estimate
from configurator.core.files import write_text_atomically
from configurator.core.recommend import Filters, Objective
from configurator.core.view.printable import single_line
from configurator.report.file_formats import FORMATS, TEXT_EXTENSIONS, export_format  # noqa: F401 - re-exported
from configurator.report.render import to_csv, to_json, to_markdown
from configurator.report.summary import Summary, build_summary

TEXT_FORMATS = dict(zip(TEXT_EXTENSIONS, (to_markdown, to_csv, to_json), strict=True))
"""File extension -> the renderer of the summary as text."""


def summary_of(estimate: Estimate, catalog: Catalog, language: str = "en", recommended: bool = False,
               objective: Objective = Objective.TCO, filters: Filters | None = None) -> Summary:
    """The summary of one estimate (the chosen card's; ``recommended``: the recommendation's, no
    card having been chosen), in ``language`` ("en" or "zh_CN"), its alternatives ranked by
    ``objective`` among the cards ``filters`` allows (None: every card of the workload's classes)."""
    return build_summary(estimate, catalog, language, objective=objective, recommended=recommended, filters=filters)


def write_summary(summary: Summary, path: Path, chart_images: Callable[[], dict] | None = None) -> Summary:
    """Write ``summary`` to ``path`` (.pdf .md .csv .json); an existing file stays intact on failure.

    Parameters
    ----------
    summary : Summary
        What to write (see :func:`summary_of`).
    path : Path
        The file; its extension chooses the format.
    chart_images : callable or None
        For a PDF only: returns ``{key: QImage}`` of the charts to add besides the summary's own
        (the app passes the window's memory chart); called after the path is checked.
    """
    suffix = export_format(path)
    if suffix in TEXT_FORMATS:
        write_text_atomically(Path(path), TEXT_FORMATS[suffix](summary))
        return summary
    from configurator.report.document import build_document, write_pdf

    images = chart_images() if chart_images is not None else {}
    write_pdf(build_document(summary, images), Path(path), single_line(summary.title))
    return summary
