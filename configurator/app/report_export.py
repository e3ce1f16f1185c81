"""The summary with the window's charts: printing, preview and export from the app.

The Qt-free part (building the summary, writing .md/.csv/.json, laying out the PDF) lives in
:mod:`configurator.report.export`; this module adds what needs widgets: an application to render
with and the memory chart, drawn by the same widgets the window shows. The window
passes the analysis it already shows, so printing or exporting never computes it again.
"""

from __future__ import annotations

import os
from pathlib import Path

from configurator.app.analysis_on_screen import shown_analysis  # noqa: F401 - re-exported
from configurator.core.analysis import Analysis, analyse
from configurator.core.catalog import Catalog
from configurator.core.scenario import Scenario
from configurator.report.export import FORMATS, TEXT_FORMATS, summary_of, write_summary  # noqa: F401 - re-exported
from configurator.report.summary import Summary


def ensure_application():
    """A QApplication for rendering charts; offscreen when there is no display."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication([])


CHART_SIZE = (700, 330)
"""A summary chart's size [px]."""


SUMMARY_CHARTS = ("memory",)
"""The window's charts the summary places: the memory chart beside its table. The scaling chart is
not placed since the summary for approval (b4d6585: at most six pages), so it is not drawn for it
either (it cost an event-loop pass and ~10 ms of CPU per summary); :func:`chart_widget` still
draws it for whoever asks."""


def _render_charts(analysis: Analysis, keys: tuple[str, ...] = SUMMARY_CHARTS) -> dict:
    return {key: grab_chart(chart_widget(key, analysis)) for key in ("memory", "scaling") if key in keys}


def chart_widget(key: str, analysis: Analysis):
    """The summary's ``key`` chart ("memory", "scaling") drawn from ``analysis``, not yet shown,
    its texts in the interface language of the moment (:func:`grab_chart` renders it)."""
    return draw_chart(new_chart(key), analysis)


def new_chart(key: str):
    """The summary's ``key`` chart ("memory", "scaling"), empty, at :data:`CHART_SIZE`, its texts in
    the interface language of the moment (the first half of :func:`chart_widget`)."""
    from configurator.app.memory_charts import MemoryChart
    from configurator.app.scaling_chart import ScalingChart

    chart = {"memory": MemoryChart, "scaling": ScalingChart}[key]()
    chart.resize(*CHART_SIZE)
    return chart


def draw_chart(chart, analysis: Analysis):
    """``chart`` (from :func:`new_chart`) drawn from ``analysis`` (the second half of :func:`chart_widget`)."""
    chart.update_from(analysis)
    chart.getPlotItem().vb.update()
    return chart


def grab_chart(chart):
    """``chart`` (from :func:`chart_widget`) rendered to a QImage, every tick label on its axes
    (:func:`configurator.app.charts.grab_image`); the widget is then deleted."""
    from configurator.app.charts import grab_image

    image = grab_image(chart)
    chart.deleteLater()
    return image


def chart_images(analysis: Analysis, language: str | None = None,
                 keys: tuple[str, ...] = SUMMARY_CHARTS) -> dict:
    """The summary's charts (those of ``keys``: :data:`SUMMARY_CHARTS` unless asked) rendered to
    images, the same widgets the window shows, with titles and axes in ``language`` (None: the
    interface language)."""
    ensure_application()
    from configurator.app.i18n import language_for_a_while

    with language_for_a_while(language):
        return _render_charts(analysis, keys)


def summary_for(scenario: Scenario, catalog: Catalog, language: str,
                analysis: Analysis | None = None) -> tuple[Summary, Analysis]:
    """The summary and the analysis it is drawn from; ``analysis`` (the window's) is analysed only
    when not given."""
    analysis = analysis if analysis is not None else analyse(scenario, catalog)
    return summary_of(analysis.estimate, catalog, language), analysis


def summary_document(analysis: Analysis, catalog: Catalog, language: str, ranked_by: tuple = ()):
    """The printable document (QTextDocument) of ``analysis``, with the window's charts;
    ``ranked_by``: (objective, filters) of the recommendation panel, the alternatives' ranking
    (empty: total cost of ownership over every card of the workload's classes)."""
    from configurator.report.document import build_document

    return build_document(summary_of(analysis.estimate, catalog, language, *ranked_arguments(ranked_by)),
                          chart_images(analysis, language))


def ranked_arguments(ranked_by: tuple) -> tuple:
    """``summary_of``'s (recommended, objective, filters) arguments from the panel's (objective,
    filters) (:meth:`~configurator.app.window_summary.SummaryActions.summary_ranked_by`; empty: none)."""
    return (False, *ranked_by) if ranked_by else ()


def export(scenario: Scenario, catalog: Catalog, path: Path, language: str = "en",
           analysis: Analysis | None = None, ranked_by: tuple = ()) -> Summary:
    """Write the summary to ``path``; the format follows the extension (.pdf .md .csv .json).

    ``analysis`` is the window's analysis of ``scenario``; without it the scenario is analysed
    here (only a PDF needs more than the chosen card's estimate: its charts). ``ranked_by``: as
    :func:`summary_document`'s.
    """
    from configurator.core.estimate import estimate
    from configurator.report.export import export_format

    # refuse an unknown format or a missing folder before computing anything
    if export_format(path) in TEXT_FORMATS and analysis is None:
        chosen = estimate(scenario, catalog.get(scenario.card_id))  # the analysis' first step, alone
        return write_summary(summary_of(chosen, catalog, language, *ranked_arguments(ranked_by)), path)
    analysis = analysis if analysis is not None else analyse(scenario, catalog)
    return write_summary(summary_of(analysis.estimate, catalog, language, *ranked_arguments(ranked_by)), path,
                         lambda: chart_images(analysis, language))
