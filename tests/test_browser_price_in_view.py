"""The card browser at its default size (session 43): the price column stands whole in view beside the
card names, which wrap instead of pushing it past the table's edge, and the details pane says the prices a
ranking uses in the scenario's money, as the column does, with the quote, its kind and date and the rate."""

from __future__ import annotations

import pytest

from configurator.app import i18n
from configurator.app.browser import CARD_ROLE, PRICE_COLUMN, CardBrowser
from configurator.app.controller import ScenarioController
from configurator.app.defaults import default_scenario
from configurator.core.catalog import load_catalog


def _browser(qtbot, language: str) -> CardBrowser:
    i18n.install_language(language)
    catalog = load_catalog()
    browser = CardBrowser(ScenarioController(catalog, default_scenario(language, catalog)))
    qtbot.addWidget(browser)
    browser.show()
    qtbot.waitExposed(browser)
    return browser


@pytest.fixture(params=["en", "zh_CN"])
def browser(qtbot, request):
    yield _browser(qtbot, request.param)
    i18n.install_language("en")


def test_the_price_column_is_whole_in_view_at_the_default_size(browser):
    table, header = browser.table, browser.table.horizontalHeader()
    right = header.sectionViewportPosition(PRICE_COLUMN) + header.sectionSize(PRICE_COLUMN)
    assert right <= table.viewport().width()
    assert header.sectionSize(PRICE_COLUMN) >= table.sizeHintForColumn(PRICE_COLUMN)  # as wide as its text
    metrics = table.fontMetrics()
    for row in range(browser.proxy.rowCount()):  # every name whole: on its lines, none elided
        index = browser.proxy.index(row, 0)
        lines = -(-metrics.horizontalAdvance(index.data()) // header.sectionSize(0))
        assert table.rowHeight(row) >= lines * metrics.height()


def test_the_details_pane_says_the_ranked_prices_in_the_scenarios_money(browser):
    economics = browser.controller.scenario.economics
    browser.select_ids(["h100-sxm"])
    text = browser.details.toPlainText()
    row = {browser.proxy.index(r, 0).data(CARD_ROLE).id: r for r in range(browser.proxy.rowCount())}["h100-sxm"]
    cell = browser.proxy.index(row, PRICE_COLUMN)
    if economics.currency == "USD":
        assert "USD" in cell.data() and "CNY/USD" not in text
        return
    assert "万元" in text.split("\n")[text.split("\n").index("排名所用采购价") + 1]  # the amount: the column's money
    assert "27,000–40,000 USD" in text and f"{economics.usd_to_currency:g} CNY/USD" in text  # the quote, the rate
    assert "元/小时" in text  # the rent too


def test_the_details_pane_follows_the_scenarios_currency(qtbot):
    browser = _browser(qtbot, "en")
    browser.select_ids(["h100-sxm"])
    assert "EUR" not in browser.details.toPlainText()
    browser.controller.apply_many({"economics.currency": "EUR"})
    qtbot.waitUntil(lambda: "EUR, street price" in browser.details.toPlainText())
    assert "EUR per USD" in browser.details.toPlainText()
