"""What session 44's look at the window left (look44b): the cost chart's axis named briefly, its full name in
the tooltip (it wrapped to 5-7 lines at 1200 × 700); the ranking's cost column in view at 1200 px, its heading
elided in the middle (whole in its tooltip); a dock opened in a small window grows with the window to hold its
panel (at 1920 × 1080 the Pareto chart's bottom axis was below the dock's edge); the About text names the
graphics work; the summary's TCO table has no colocation row at the users' desks."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from configurator.app.i18n import language_for_a_while
from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.estimate import estimate
from configurator.core.procurement.prices import price_book_for
from configurator.core.recommend import Objective
from configurator.core.view.cost_bases import axis_per_unit_label, per_unit_label
from configurator.core.view.rows import write
from configurator.report.language import Words
from configurator.report.summary_money import ranked_option
from configurator.report.summary_bill import tco_table
from docked_window import docked_window

COST_COLUMN = 3


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_short_axis_names_the_basis_and_is_a_third_of_the_full_name(language):
    short = write(axis_per_unit_label("job", "tco", 4), language)
    full = write(per_unit_label("job", "tco", 4, "train"), language)
    expected = {"en": "Cost per job — TCO over 4 years", "zh_CN": "每项任务成本——4 年总拥有成本"}
    assert short == expected[language]
    assert len(short) * 3 < len(full)
    assert write(axis_per_unit_label("million tokens", "cloud"), language) == write(
        per_unit_label("million tokens", "cloud"), language)  # a short basis is named as it is
    assert write(axis_per_unit_label("job", None), language) == write(per_unit_label("job", None), language)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_window_cost_chart_axis_is_short_and_its_tooltip_whole(qtbot, tmp_path, catalog, monkeypatch, language):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)  # closing
    with language_for_a_while(language):
        window, _, _ = docked_window(qtbot, tmp_path, catalog, (1200, 700), language, "pretrain")
        axis = window.cost_chart.getPlotItem().getAxis("left")
        short = write(axis_per_unit_label("job", "tco", 4), language)
        qtbot.waitUntil(lambda: axis.labelText.startswith(short))  # the catalog's pass drawn
        full = write(per_unit_label("job", "tco", 4, "train"), language)
        assert axis.toolTip().startswith(full) and window.cost_chart.toolTip().startswith(full)
        window.controller.undo_stack.setClean()


def test_the_cost_column_is_in_view_at_1200_px_its_heading_whole_in_the_tooltip(qtbot, tmp_path, catalog,
                                                                                 monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)  # closing
    window, panel, _ = docked_window(qtbot, tmp_path, catalog, (1200, 700), "en", "inference")
    window.recommend_dock.raise_()
    qtbot.waitUntil(lambda: panel.table.isVisible())
    QApplication.processEvents()
    table, header = panel.table, panel.table.horizontalHeader()
    assert header.sectionViewportPosition(COST_COLUMN) + header.sectionSize(COST_COLUMN) <= table.viewport().width()
    assert table.horizontalHeaderItem(COST_COLUMN).toolTip().startswith("Cost per million tokens")
    window.controller.undo_stack.setClean()


def test_a_dock_opened_in_a_small_window_grows_with_it_to_hold_its_panel(qtbot, tmp_path, catalog, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)  # closing
    window, panel, _ = docked_window(qtbot, tmp_path, catalog, (1200, 700), "en", "inference")
    window.recommend_dock.raise_()
    area = window.recommend_dock.widget()
    qtbot.waitUntil(lambda: area.viewport().height() > 0)
    assert area.viewport().height() < panel.minimumSizeHint().height()  # at 1200 × 700 it scrolls
    window.resize(1920, 1080)
    qtbot.waitUntil(lambda: area.viewport().height() >= panel.minimumSizeHint().height())
    assert area.verticalScrollBar().maximum() == 0
    window.controller.undo_stack.setClean()


GRAPHICS_WORK = [("en", "graphics work (virtual desktops, transcoding, rendering)"),
                 ("zh_CN", "图形工作（虚拟桌面、视频转码、渲染）")]
"""How the About text names the graphics work, by language."""


@pytest.mark.parametrize(("language", "graphics"), GRAPHICS_WORK)
def test_about_names_the_graphics_work(qtbot, tmp_path, catalog, monkeypatch, language, graphics):
    from PySide6.QtCore import QSettings

    from configurator.app.controller import ScenarioController
    from configurator.app.main import default_scenario
    from configurator.app.main_window import MainWindow

    said = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: said.append(text))
    with language_for_a_while(language):
        window = MainWindow(ScenarioController(catalog, default_scenario(language)),
                            QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
        qtbot.addWidget(window)
        next(a for a in window.help_menu.actions() if a.text() == window.tr("&About")).trigger()
    assert graphics in said[0]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_tco_table_has_no_colocation_row_at_the_desks(catalog, language):
    desks = ["--workload", "vdi", "--users", "4", "--user-class", "designer", "--card", "rtx-a6000", "--count", "4"]
    w = Words(language)
    rows = {}
    for at_desks in (True, False):
        args = build_parser().parse_args(["estimate", *desks, *(["--local-display"] if at_desks else [])])
        est = estimate(scenario_from_args(args, catalog), catalog.get("rtx-a6000"))
        table = tco_table(est, ranked_option(est, Objective.TCO, price_book_for(est.scenario.economics)), w)
        rows[at_desks] = [row[0] for row in table.rows]
    assert w("Colocation") in rows[False] and w("Colocation") not in rows[True]
