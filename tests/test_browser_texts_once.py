"""The card browser writes each cell's text once (session 44, look44): sizing every column and row
to its contents asks each cell ~45 times, and opening the browser wrote each card's name, numbers
and price each time (81,000 calls to the model's data, ~1 s of the window's thread on a loaded
2-core machine); a change of price terms writes the price column again."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Qt


def test_opening_the_browser_writes_each_name_once(qtbot, controller, monkeypatch):
    import configurator.app.browser as browser
    import configurator.app.browser_columns as columns

    written = Counter()
    original = columns.card_name_text

    def counted(card):
        written[card.id] += 1
        return original(card)

    monkeypatch.setattr(columns, "card_name_text", counted)
    dialog = browser.CardBrowser(controller)
    qtbot.addWidget(dialog)
    dialog.resize(1200, 700)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert written and max(written.values()) == 1, written.most_common(3)


def test_a_new_currency_writes_the_price_column_again(qtbot, controller):
    from configurator.app.browser import CardBrowser
    from configurator.app.browser_prices import PRICE_COLUMN

    dialog = CardBrowser(controller)
    qtbot.addWidget(dialog)
    dialog.show()
    model = dialog.model
    row = next(r for r in range(model.rowCount()) if model.card(r).id == "h100-sxm")
    before = model.data(model.index(row, PRICE_COLUMN), Qt.ItemDataRole.DisplayRole)
    controller.apply_many({"economics.currency": "CNY", "economics.usd_to_currency": 7.0})
    after = model.data(model.index(row, PRICE_COLUMN), Qt.ItemDataRole.DisplayRole)
    assert "USD" in before and "USD" not in after, (before, after)


def test_a_whole_spec_number_is_written_whole(qtbot, controller):
    """Was: the memory column read 24.0, 80.0 above 128 (three significant digits); FP32 67.0 TFLOP/s."""
    from configurator.app.browser import CatalogTableModel

    model = CatalogTableModel(controller.catalog)
    header = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    memory, power = header.index("Memory [GB]"), header.index("Board power [W]")
    shown = {model.card(r).id: (model.data(model.index(r, memory)), model.data(model.index(r, power)))
             for r in range(model.rowCount())}
    assert shown["a10"][0] == "24" and shown["h100-sxm"] == ("80", "700")
    assert all(not text.endswith(".0") for texts in shown.values() for text in texts)
