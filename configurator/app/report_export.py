"""Glue between the summary builder, the charts and the files (used by the app and the CLI)."""

from __future__ import annotations

import os
from pathlib import Path

from configurator.core.analysis import Analysis, analyse
from configurator.core.catalog import Catalog
from configurator.core.files import write_text_atomically
from configurator.core.scenario import Scenario
from configurator.report.render import to_csv, to_json, to_markdown
from configurator.report.summary import Summary, build_summary

TEXT_FORMATS = {".md": to_markdown, ".csv": to_csv, ".json": to_json}
FORMATS = (".pdf", *TEXT_FORMATS)


def ensure_application():
    """A QApplication for rendering charts; offscreen when there is no display."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication([])


def chart_images(analysis: Analysis, language: str = "en") -> dict:
    """The memory and scaling charts rendered to images, the same widgets the window shows."""
    from configurator.app.charts import MemoryChart, ScalingChart

    images = {}
    for key, chart_type in (("memory", MemoryChart), ("scaling", ScalingChart)):
        chart = chart_type()
        chart.resize(700, 330)
        chart.update_from(analysis)
        chart.getPlotItem().vb.update()
        images[key] = chart.grab().toImage()
        chart.deleteLater()
    return images


def summary_for(scenario: Scenario, catalog: Catalog, language: str) -> tuple[Summary, Analysis]:
    analysis = analyse(scenario, catalog)
    return build_summary(analysis.estimate, catalog, language), analysis


def export(scenario: Scenario, catalog: Catalog, path: Path, language: str = "en") -> Summary:
    """Write the summary to ``path``; the format follows the extension (.pdf .md .csv .json)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"unknown report format '{suffix}'; use one of {', '.join(FORMATS)}")
    if not path.parent.exists():
        raise OSError(f"folder {path.parent} does not exist")
    summary, analysis = summary_for(scenario, catalog, language)
    if suffix in TEXT_FORMATS:
        write_text_atomically(path, TEXT_FORMATS[suffix](summary))
        return summary
    ensure_application()
    from configurator.app.i18n import current_language, install_language
    from configurator.report.document import build_document, write_pdf

    previous = current_language()
    if previous != language:
        install_language(language)  # the chart images carry titles and axes in the summary's language
    try:
        images = chart_images(analysis, language)
    finally:
        if previous != language:
            install_language(previous)
    write_pdf(build_document(summary, images), path, summary.title)
    return summary
