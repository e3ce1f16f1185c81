"""The card browser sizes its columns and rows once per change, from the texts written once (session 44,
browser44): Qt's ResizeToContents modes measured every cell again on each layout pass, ~82,700 asks of the
model's data opening a 70-card browser (0.65-1.0 s of the window's thread on a loaded 2-core machine). The
columns stay as wide and the rows as high as the modes made them; sorting and filtering move each card's
height with it; a name column the user narrows wraps the names again (the modes left them elided)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView

from configurator.app import i18n
from configurator.app.controller import ScenarioController
from configurator.app.defaults import default_scenario
from configurator.core.catalog import load_catalog


def _opened(qtbot, monkeypatch, language: str):
    from configurator.app import browser

    asked = []

    class Counted(browser.CatalogTableModel):
        def data(self, index, role=Qt.ItemDataRole.DisplayRole):
            asked.append(role)
            return super().data(index, role)

    monkeypatch.setattr(browser, "CatalogTableModel", Counted)
    i18n.install_language(language)
    catalog = load_catalog()
    dialog = browser.CardBrowser(ScenarioController(catalog, default_scenario(language, catalog)))
    qtbot.addWidget(dialog)
    dialog.resize(1200, 700)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog, asked


@pytest.fixture(params=["en", "zh_CN"])
def opened(qtbot, monkeypatch, request):
    yield _opened(qtbot, monkeypatch, request.param)
    i18n.install_language("en")


def test_opening_asks_each_cell_a_few_times_not_fifty(opened):
    dialog, asked = opened
    cells = dialog.model.rowCount() * dialog.model.columnCount()
    assert cells > 1_000  # the whole catalog: 70 cards x 21 columns
    assert len(asked) < 5 * cells, len(asked)  # ~2 per cell (2,942 asks in en); was ~54 (82,694)
    assert dialog.sizes.measured_cells <= dialog.model.columnCount() + 2 * dialog.model.rowCount() + 2


def test_no_header_sizes_itself_to_its_contents(opened):
    dialog, _ = opened
    for header in (dialog.table.horizontalHeader(), dialog.table.verticalHeader()):
        modes = {header.sectionResizeMode(i) for i in range(header.count())}
        assert QHeaderView.ResizeMode.ResizeToContents not in modes


def test_the_columns_are_as_wide_as_their_contents(opened):
    dialog, _ = opened
    table, header = dialog.table, dialog.table.horizontalHeader()
    for column in range(1, header.count()):  # what ResizeToContents made them
        assert header.sectionSize(column) == max(table.sizeHintForColumn(column), header.sectionSizeHint(column))


def test_each_row_is_as_high_as_its_contents_sorted_filtered_and_narrowed(opened):
    dialog, _ = opened
    table = dialog.table

    def as_high() -> None:
        for row in range(dialog.proxy.rowCount()):
            assert table.rowHeight(row) == table.sizeHintForRow(row), dialog.proxy.index(row, 0).data()

    as_high()
    assert len({table.rowHeight(row) for row in range(dialog.proxy.rowCount())}) > 1  # some names wrap
    table.sortByColumn(5, Qt.SortOrder.DescendingOrder)
    as_high()
    dialog.search.setText("h1")
    as_high()
    dialog.search.setText("")
    table.horizontalHeader().resizeSection(0, 120)
    as_high()


def test_a_new_currency_sizes_the_price_column_to_its_texts(opened):
    from configurator.app.browser_prices import PRICE_COLUMN

    dialog, _ = opened
    dialog.controller.apply_many({"economics.currency": "EUR", "economics.usd_to_currency": 0.9})
    table, header = dialog.table, dialog.table.horizontalHeader()
    assert "EUR" in dialog.proxy.index(0, PRICE_COLUMN).data() or "—" in dialog.proxy.index(0, PRICE_COLUMN).data()
    assert header.sectionSize(PRICE_COLUMN) == max(table.sizeHintForColumn(PRICE_COLUMN),
                                                   header.sectionSizeHint(PRICE_COLUMN))


def test_a_new_catalog_is_sized_again(opened):
    import dataclasses

    dialog, _ = opened
    fewer = dataclasses.replace(dialog.controller.catalog, cards=dialog.controller.catalog.cards[:12])
    dialog.controller.catalog_changed.emit(fewer)
    table, header = dialog.table, dialog.table.horizontalHeader()
    assert dialog.proxy.rowCount() == 12
    for column in range(1, header.count()):
        assert header.sectionSize(column) == max(table.sizeHintForColumn(column), header.sectionSizeHint(column))
    assert all(table.rowHeight(row) == table.sizeHintForRow(row) for row in range(12))
