"""The recommendation panel in Chinese as the procurement officer of session 42 (persona 12) read it: the
first column holds the count and the card ("13 × T4") under a heading that said "卡数" (the number of
cards); it says "配置", as the summary's 概览 names "13 × T4"."""

from __future__ import annotations


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
