"""The card browser's price column in the scenario's currency (session 42, persona12zh: a cn session's
browser read "2,650 USD" beside 元 and 万元 everywhere else): each price converted as a bill converts it
(core/currency.py, the dated rate), one unit down the column, the quoted price with its kind, date and
the rate in the tooltip, sorted by the converted amount (yuan and dollar quotes in one order), and
following the scenario's rate."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from configurator.app import i18n
from configurator.app.browser import CARD_ROLE, PRICE_COLUMN, SORT_ROLE, CardBrowser
from configurator.app.controller import ScenarioController
from configurator.app.defaults import default_scenario
from configurator.core.catalog import load_catalog
from configurator.core.procurement.card_price import bought_purchase_price

TIP = Qt.ItemDataRole.ToolTipRole


def purchase_entry(card):
    """The purchase price a ranking uses, as quoted (new cards': the buyer takes no used ones)."""
    chosen = bought_purchase_price(card, False)
    return None if chosen is None else chosen.entry


@pytest.fixture
def chinese(qtbot):
    i18n.install_language("zh_CN")
    catalog = load_catalog()
    controller = ScenarioController(catalog, default_scenario("zh_CN", catalog))
    browser = CardBrowser(controller)
    qtbot.addWidget(browser)
    yield browser
    i18n.install_language("en")


def _rows(browser) -> dict[str, int]:
    return {browser.proxy.index(r, 0).data(CARD_ROLE).id: r for r in range(browser.proxy.rowCount())}


def test_prices_read_in_the_scenarios_currency_with_the_quote_in_the_tooltip(chinese):
    browser = chinese
    e = browser.controller.scenario.economics
    assert e.currency == "CNY"
    row = _rows(browser)["h100-sxm"]
    cell = browser.proxy.index(row, PRICE_COLUMN)
    quoted = purchase_entry(browser.controller.catalog.get("h100-sxm"))
    assert quoted.currency == "USD"
    assert cell.data(SORT_ROLE) == pytest.approx(quoted.midpoint * e.usd_to_currency)
    assert "万元" in cell.data() and "USD" not in cell.data() and quoted.date in cell.data()
    tip = cell.data(TIP)
    assert "USD" in tip and quoted.date in tip and f"{e.usd_to_currency:g} CNY/USD" in tip  # as quoted, and the rate
    texts = [browser.proxy.index(r, PRICE_COLUMN).data() for r in range(browser.proxy.rowCount())]
    assert not any("USD" in t for t in texts)  # every price in yuan (a card quoted in yuan as it is)
    assert all("万元" in t for t in texts if t != "—")  # one unit down the column


def test_sorting_stays_numeric_across_quoted_currencies(chinese):
    browser = chinese
    browser.table.sortByColumn(PRICE_COLUMN, Qt.SortOrder.DescendingOrder)
    amounts = [browser.proxy.index(r, PRICE_COLUMN).data(SORT_ROLE) for r in range(browser.proxy.rowCount())]
    assert amounts == sorted(amounts, reverse=True)
    catalog = browser.controller.catalog
    yuan = [c.id for c in catalog.cards if (p := purchase_entry(c)) is not None and p.currency == "CNY"]
    assert yuan  # the Ascend cards are quoted in yuan: ordered among the dollar quotes by their value
    rows = _rows(browser)
    for card_id in yuan:
        value = browser.proxy.index(rows[card_id], PRICE_COLUMN).data(SORT_ROLE)
        assert value == pytest.approx(purchase_entry(catalog.get(card_id)).midpoint)


def test_the_column_follows_the_scenarios_rate(chinese):
    browser = chinese
    row = _rows(browser)["h100-sxm"]
    before = browser.proxy.index(row, PRICE_COLUMN).data(SORT_ROLE)
    rate = browser.controller.scenario.economics.usd_to_currency
    assert browser.controller.apply("economics.usd_to_currency", rate * 2)
    assert browser.proxy.index(row, PRICE_COLUMN).data(SORT_ROLE) == pytest.approx(before * 2)
    assert "your rate" in browser.proxy.index(row, PRICE_COLUMN).data(TIP) or "您输入的汇率" in \
        browser.proxy.index(row, PRICE_COLUMN).data(TIP)
