"""The recommendation panel in Chinese as the procurement officer of session 42 (persona 12) read it: the
first column holds the count and the card ("13 × T4") under a heading that said "卡数" (the number of
cards); it says "配置", as the summary's 概览 names "13 × T4"."""

from __future__ import annotations

from PySide6.QtCore import Qt


def test_the_first_column_of_the_ranking_is_the_configuration(qtbot, window):
    window.set_language("zh_CN")
    window.controller.apply_many({"workload": "vdi", "card_id": "t4", "count": 4, "parallelism.zero": 0,
                                  "graphics.users": 50, "graphics.user_class": "designer"})
    panel = window.toggle_recommendations(True)
    result = panel.refresh()
    assert result.ranked
    assert panel.table.horizontalHeaderItem(0).text() == "配置"
    assert panel.table.item(0, 0).text().startswith(f"{result.ranked[0].estimate.scenario.count} × ")
    window.set_language("en")
    panel.refresh()
    assert panel.table.horizontalHeaderItem(0).text() == "Cards"


def test_the_price_dialog_starts_in_the_scenarios_currency(qtbot, controller):
    """The procurement officer's quote for an Ascend 910B is in yuan; the price dialog offered USD first
    whatever the scenario's currency, and a quote typed as 120,000 was saved as 120,000 USD."""
    from configurator.app.card_dialog import PriceDialog
    from configurator.core.currency import with_currency

    controller.replace(with_currency(controller.scenario, "CNY", None))
    dialog = PriceDialog(controller, controller.catalog.get("ascend-910b"))
    qtbot.addWidget(dialog)
    assert dialog.currency.currentText() == "CNY"
    controller.replace(with_currency(controller.scenario, "USD", None))
    usd = PriceDialog(controller, controller.catalog.get("ascend-910b"))
    qtbot.addWidget(usd)
    assert usd.currency.currentText() == "USD"


def test_the_card_browser_names_vendors_in_chinese(qtbot, window):
    """The browser in Chinese listed 昇腾 910B by "Huawei", BR100 by "Biren", BI-V100 by "Iluvatar CoreX":
    the vendor column and filter say 华为昇腾, 壁仞, 天数智芯 (core/view/words_vendors.py, as the summary
    does), and typing 华为 finds the Ascend cards; the filter still filters by the catalog's vendor."""
    from configurator.app.browser import CARD_ROLE

    window.set_language("zh_CN")
    browser = window.open_browser()
    vendor_column = next(c for c in range(browser.model.columnCount())
                         if browser.model.headerData(c, Qt.Orientation.Horizontal) == "厂商")

    def shown() -> dict[str, str]:
        return {browser.proxy.index(r, 0).data(CARD_ROLE).id: browser.proxy.index(r, vendor_column).data()
                for r in range(browser.proxy.rowCount())}

    rows = shown()
    assert rows["ascend-910b"] == "华为昇腾" and rows["br100"] == "壁仞" and rows["h100-sxm"] == "NVIDIA"
    vendors = [browser.vendor_filter.itemText(i) for i in range(browser.vendor_filter.count())]
    assert "华为昇腾" in vendors and "Huawei" not in vendors
    browser.vendor_filter.setCurrentIndex(browser.vendor_filter.findData("Huawei"))
    assert set(shown().values()) == {"华为昇腾"}
    browser.vendor_filter.setCurrentIndex(0)
    browser.search.setText("华为")
    assert "ascend-910b" in shown() and "h100-sxm" not in shown()
