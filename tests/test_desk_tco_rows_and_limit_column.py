"""Three display leftovers of session 44 (tidy44): at the users' desks the bill-of-materials panel has no
colocation row (nothing is colocated there: :func:`configurator.core.desks.applied_colocation`), and neither
it nor the summary's TCO table has a licences row while no licence is charged there (no vGPU without a
remote session); a licence charged keeps it. In the ranking the limit column gives up width to the price
column, its heading short ('Limited by', the long one in its tooltip): in Chinese at 1920 × 1080 its 300 px
pushed the price heading ('每卡价格') past the table's edge."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox

from configurator.app.bom_panel import BomPanel
from configurator.app.controller import ScenarioController
from configurator.app.i18n import language_for_a_while
from configurator.app.main import default_scenario
from configurator.app.main_window import MainWindow
from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.desks import charges_left_out
from configurator.core.estimate import estimate
from configurator.core.procurement.prices import price_book_for
from configurator.core.recommend import Objective
from configurator.report.language import Words
from configurator.report.summary_money import ranked_option
from configurator.report.summary_bill import tco_table

DESKS = ["--workload", "vdi", "--users", "4", "--user-class", "designer", "--card", "rtx-a6000", "--count", "4"]
"""4 designers on 4 × RTX A6000: at their desks with ``--local-display``, else remote desktops (vGPU licensed)."""

ROW_NAMES = {"en": ("Licences", "Colocation"), "zh_CN": ("软件许可", "机房托管")}
"""The TCO's licences and colocation rows as the bill's panel names them, by language (the colocation row the
summary's word since session 45: 托管费 before)."""

LIMIT_COLUMN, PRICE_COLUMN = 4, 5


def _estimate(catalog, at_desks: bool):
    args = build_parser().parse_args(["estimate", *DESKS, *(["--local-display"] if at_desks else [])])
    return estimate(scenario_from_args(args, catalog), catalog.get("rtx-a6000"))


def test_the_desks_leave_out_colocation_and_an_uncharged_licence_only(catalog):
    desks, remote = _estimate(catalog, True), _estimate(catalog, False)
    assert charges_left_out(desks.scenario, 0.0) == {"colocation", "licences"}
    assert charges_left_out(desks.scenario, 120.0) == {"colocation"}  # a licence charged keeps its row
    assert charges_left_out(remote.scenario, 0.0) == frozenset()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_summary_tco_table_has_no_licences_row_at_the_desks(catalog, language):
    w = Words(language)
    rows = {}
    for at_desks in (True, False):
        est = _estimate(catalog, at_desks)
        table = tco_table(est, ranked_option(est, Objective.TCO, price_book_for(est.scenario.economics)), w)
        rows[at_desks] = {row[0]: row[1] for row in table.rows}
    assert w("Licences") not in rows[True] and w("Colocation") not in rows[True]
    assert w("Licences") in rows[False] and not rows[False][w("Licences")].startswith("0 ")  # vGPU licensed


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_bill_panel_has_no_colocation_or_licences_row_at_the_desks(qtbot, catalog, language):
    licences, colocation = ROW_NAMES[language]
    with language_for_a_while(language):
        for at_desks in (True, False):
            controller = ScenarioController(catalog, _estimate(catalog, at_desks).scenario)
            controller.recompute()
            qtbot.waitUntil(lambda c=controller: c.analysis is not None, timeout=60_000)
            panel = BomPanel(controller)
            qtbot.addWidget(panel)
            panel.update_from(controller.analysis)
            names = [panel.money.item(row, 0).text() for row in range(panel.money.rowCount())]
            if at_desks:
                assert licences not in names and colocation not in names
            else:
                assert licences in names and colocation in names


def _desks_ranking(qtbot, tmp_path, catalog, width: int):
    """The window ``width`` × 1080 px in Chinese, at the desks, the ranking's dock alone open and answered."""
    controller = ScenarioController(catalog, default_scenario("zh_CN"))
    controller.apply_many({"workload": "vdi"})
    controller.apply_many({"graphics.users": 4, "graphics.user_class": "designer", "graphics.local_display": True})
    window = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(width, 1080)
    window.show()
    qtbot.waitExposed(window)
    controller.recompute()
    panel = window.toggle_recommendations(True)
    qtbot.waitUntil(lambda: panel.result is not None and not panel.partial and not panel.busy, timeout=240_000)
    window.recommend_dock.raise_()
    qtbot.waitUntil(lambda: panel.table.isVisible())
    QApplication.processEvents()
    return window, panel


@pytest.mark.parametrize("width", [1600, 1920])
def test_the_price_heading_is_in_view_beside_the_limit_column(qtbot, tmp_path, catalog, monkeypatch, width):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)  # closing
    with language_for_a_while("zh_CN"):
        window, panel = _desks_ranking(qtbot, tmp_path, catalog, width)
        table, header = panel.table, panel.table.horizontalHeader()
        assert panel.result.below_line  # the long heading: what the rows below the line break
        price_end = header.sectionViewportPosition(PRICE_COLUMN) + header.sectionSizeHint(PRICE_COLUMN)
        assert price_end <= table.viewport().width()
        heading = table.horizontalHeaderItem(LIMIT_COLUMN)
        assert heading.toolTip() == "瓶颈 · 基准线以下：违反的约束"
        # short where it is narrowed, else whole (the table has a wider share of the dock since session 45)
        assert heading.text() == "瓶颈" or (heading.text() == heading.toolTip()
                                           and header.sectionSizeHint(LIMIT_COLUMN) <= header.sectionSize(LIMIT_COLUMN))
        limits = [table.item(row, LIMIT_COLUMN) for row in range(len(panel.result.ranked))]
        assert all(table.fontMetrics().horizontalAdvance(item.text()) < header.sectionSize(LIMIT_COLUMN)
                   and item.toolTip().startswith(item.text()) for item in limits)  # the ranked rows' limits whole
        window.controller.undo_stack.setClean()
