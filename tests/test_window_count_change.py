"""A card-count change through the real slider redraws the window cheaply (issue 28): the results
form keeps its widgets and names its rows again, the cost chart's points carry their card and
write their tooltip when hovered, in the window's language."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel, QMessageBox

from configurator.app.controller import ScenarioController
from configurator.app.main import default_scenario
from configurator.app.main_window import MainWindow
from configurator.core.catalog import load_catalog
from configurator.core.scenario import COUNT_SWEEP
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.rows import write

ANALYSIS_WAIT_MS = 60_000
"""The analysis runs on a worker thread: on a loaded 2-core machine the catalog pass takes seconds."""


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    controller = ScenarioController(load_catalog(), default_scenario())
    w = MainWindow(controller, QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    with qtbot.waitSignal(controller.analysis_changed, timeout=ANALYSIS_WAIT_MS):
        controller.apply_many({"workload": "finetune", "card_id": "h100-sxm", "count": 8})
    yield w
    controller.undo_stack.setClean()


def to_count(qtbot, window, count: int):
    """Move the card-count slider to ``count`` and wait for the complete analysis."""
    with qtbot.waitSignal(window.controller.analysis_changed, timeout=ANALYSIS_WAIT_MS):
        window.editor.count_slider.setValue(COUNT_SWEEP.index(count))
    return window.controller.analysis


def shown_rows(window) -> list[tuple[str, str]]:
    """(name, value) of each row the results form shows, top to bottom."""
    form = window.results.form
    rows = []
    for index in range(form.rowCount()):
        if form.isRowVisible(index):
            name = form.itemAt(index, form.ItemRole.LabelRole).widget()
            value = form.itemAt(index, form.ItemRole.FieldRole).widget()
            rows.append((name.text(), value.text()))
    return rows


def test_a_count_change_names_the_rows_again_without_new_widgets(qtbot, window):
    panel = window.results
    counts = (12, 8, 48)  # 12 and 48 cards show a row more than 8 (a tensor-parallel layout, a batch moved to split)
    seen = set()
    for count in counts:
        analysis = to_count(qtbot, window, count)
        view = estimate_view(analysis.estimate)
        expected = [(write(row.label, "en"), write(row.value, "en")) for section in view.sections
                    for row in section.shown(details=False)]
        seen.add(len(expected))
        assert [name for name, _ in shown_rows(window)] == [name for name, _ in expected]
        assert list(panel.values) == [name for name, _ in expected]
        for (_name, value), (_, shown) in zip(expected, shown_rows(window), strict=True):
            assert shown.replace("\u2011", "-") == value.replace("\u2011", "-")
        if count == 48:
            labels = set(panel.findChildren(QLabel))
    assert len(seen) > 1, "the counts chosen should change the rows"
    to_count(qtbot, window, 12)  # back to rows seen before: the same widgets serve them
    assert set(panel.findChildren(QLabel)) == labels
    hidden = [index for index in range(panel.form.rowCount()) if not panel.form.isRowVisible(index)]
    for index in hidden:  # a hidden row says nothing a search of the window could find
        assert panel.form.itemAt(index, panel.form.ItemRole.LabelRole).widget().text() == ""


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_cost_chart_points_write_their_tooltip_when_hovered(qtbot, window, language):
    from configurator.app.i18n import install_language
    from configurator.app.labels import class_names

    install_language(language)
    try:
        analysis = to_count(qtbot, window, 16)
        chart = window.cost_chart
        spots = chart.points.points()
        assert len(spots) == len(analysis.catalog_points) > 3
        tip = chart.points.opts["tip"]
        chosen = next(s for s in spots if s.data()[0].card.id == "h100-sxm")
        text = tip(x=chosen.pos().x(), y=chosen.pos().y(), data=chosen.data())
        # the class in the window's language, in its brackets (full-width in Chinese: session 29)
        opened, closed = ("（", "）") if language == "zh_CN" else (" (", ")")
        assert text.startswith(f"H100 SXM5 80GB{opened}{class_names()['training']}{closed}")
        assert ("Training card" in text) == (language == "en")
        assert chart.chosen.points()[0].pos() == chosen.pos()
    finally:
        install_language("en")
