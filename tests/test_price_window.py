"""Issue 25 in the window (real widgets): the recommendation panel's price column, marks and
tooltips, its rows of cards without a price, its price-decides line; the card browser and card
view marking the user's cards and prices; refusals of user data shown in both languages."""

from __future__ import annotations

import json

import pytest

from configurator.app import i18n
from configurator.app.browser import CARD_ROLE, PRICE_COLUMN, CardBrowser, card_details_html
from configurator.app.card_dialog import CardDialog, PriceDialog
from configurator.app.controller import ScenarioController
from configurator.app.recommend_panel import RecommendationPanel
from configurator.core.architecture import preset
from configurator.core.system_price import system_price_flags, system_price_line
from configurator.core.catalog import default_overlay_path, load_catalog
from configurator.core.resources import bundled_path
from configurator.core.scenario import Scenario
from configurator.core.procurement.card_price import purchase_entry


def pretrain_7b() -> Scenario:
    """The README's 7B pre-training example, as the command line builds it: ``recommend --workload
    pretrain --model llama2-7b --tokens 1T --seq 4096 --recipe megatron-mixed --deadline 30d``."""
    from configurator import cli

    args = cli.build_parser().parse_args(["recommend", "--workload", "pretrain", "--model", "llama2-7b", "--tokens",
                                          "1T", "--seq", "4096", "--recipe", "megatron-mixed", "--deadline", "30d"])
    return cli.with_constraints(cli.scenario_from_args(args, load_catalog()), args)


def serve_8b_in_china() -> Scenario:
    return Scenario(model=preset("llama3-8b"), workload="inference", card_id="l20",
                    serving={"concurrency": 8, "context": 4096, "prompt_tokens": 1024, "output_tokens": 256},
                    constraints={"region": "cn"})


@pytest.fixture
def english():
    i18n.install_language("en")
    yield
    i18n.install_language("en")


def panel_for(qtbot, scenario: Scenario) -> RecommendationPanel:
    controller = ScenarioController(load_catalog(), scenario)
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.show()
    panel.refresh()
    return panel


def plain(text: str) -> str:
    """Text with its no-break spaces (between a number and its unit) as spaces."""
    return text.replace("\xa0", " ")


def column(panel: RecommendationPanel, index: int) -> list[str]:
    """The column's texts, row by row ('' for a heading row's empty cell: the unpriced ones' heading)."""
    return [plain(item.text()) if (item := panel.table.item(row, index)) is not None else ""
            for row in range(panel.table.rowCount())]


def test_the_panel_shows_each_price_its_marks_and_when_price_decides(qtbot, english):
    panel = panel_for(qtbot, pretrain_7b())
    result = panel.result
    assert panel.table.horizontalHeaderItem(panel.PRICE_COLUMN).text() == "Price per card"
    prices, costs = column(panel, panel.PRICE_COLUMN), column(panel, 3)
    for row, rec in enumerate(result.ranked):  # a list, launch or stale price is marked, and the tooltip says why
        prices_ = rec.estimate.costs.prices
        system = system_price_line(rec.estimate)  # an NVL72 rack's cards come in its price
        warned = [f for f in (system_price_flags(system) if system else prices_.card_flags) if f.id != "price-user"]
        assert prices[row].endswith(" *") == bool(warned) == costs[row].endswith(" *"), rec.card.id
        assert (system.date if system else prices_.card.entry.date) in prices[row]
        tip = panel.table.item(row, panel.PRICE_COLUMN).toolTip()
        assert all(f.text in tip for f in warned) and panel.table.item(row, 3).toolTip() == tip
    text = plain(panel.price_decides_label.text())
    assert result.best.card.name in text and "USD per card" in text
    assert panel.price_decides_label.toolTip().startswith("Price ranges:")
    # the cards without a price follow the ranked ones under their heading, and can be applied like them
    unrated = 1 + len(result.unrated) if result.unrated else 0  # then the cards the catalog cannot rate
    after = 1 + len(result.ranked_after_unlisted) if result.ranked_after_unlisted else 0  # those ranked after first
    assert result.unpriced and panel.table.rowCount() == len(result.ranked) + after + 1 + len(result.unpriced) + unrated
    assert panel.unpriced_row == len(result.ranked) + after and panel.recommendation_at(panel.unpriced_row) is None
    first = panel.unpriced_row + 1
    offset = max(i for i, r in enumerate(result.unpriced) if r.reasons[0].id == "no-price")
    last = first + offset
    assert costs[last] == "no price — enter a quote" and prices[last] == "no price — enter a quote"
    # a priced card whose power (so energy) is unknown is ranked, its total without energy (buyer51): never here
    assert all(costs[first + i] != "no published board power" for i in range(len(result.unpriced)))
    panel.table.selectRow(last)
    assert "no purchase price" in panel.reasons.text()
    assert panel.use_selected()
    assert panel.controller.scenario.card_id == result.unpriced[offset].card.id


def test_a_users_stale_list_price_is_marked_in_the_panel(qtbot, english):
    listed = {**QUOTE, "kind": "list", "date": "2023-01", "amount": 9000, "source": "vendor list 2023"}
    write_overlay([{**bundled("h100-sxm"), "id": "h100-lab", "name": "H100 (lab unit)", "prices": [listed]}])
    panel = panel_for(qtbot, pretrain_7b())
    row = next(r for r, rec in enumerate(panel.result.ranked) if rec.card.id == "h100-lab")
    price = column(panel, panel.PRICE_COLUMN)[row]
    assert price.endswith(", list 2023-01, yours *") and column(panel, 3)[row].endswith(" *")
    tip = panel.table.item(row, panel.PRICE_COLUMN).toolTip()
    assert "list price, street typically lower" in tip and "price from 2023-01, older than 18 months" in tip
    assert "vendor list 2023" in tip and "your price" in tip


def test_the_panel_in_chinese(qtbot):
    i18n.install_language("zh_CN")
    try:
        panel = panel_for(qtbot, pretrain_7b())
        assert panel.table.horizontalHeaderItem(panel.PRICE_COLUMN).text() == "每卡价格"
        assert "排第一" in panel.price_decides_label.text() and "价格范围" in panel.price_decides_label.toolTip()
        assert "无价格——请输入报价" in column(panel, 3)
        prices = [p for p in column(panel, panel.PRICE_COLUMN) if p]  # the heading row's empty cell left out
        assert all(("，" in p and "USD" in p) or p in ("无价格——请输入报价", "无全新卡价格——请输入报价") for p in prices)
    finally:
        i18n.install_language("en")


def test_a_china_delivery_ranking_lists_the_cards_china_buyers_weigh(qtbot, english):
    """Issue 25: delivered to mainland China, the panel's table lists L20 and Ascend 910B, priced or
    "enter a quote", and H20 unless its US export status keeps it out of this region (the catalog's
    dated status decides; the panel then says why in the JSON's rejected list)."""
    panel = panel_for(qtbot, serve_8b_in_china())
    recs = {r: panel.recommendation_at(r) for r in range(panel.table.rowCount())}
    rows = {rec.card.id: r for r, rec in recs.items() if rec is not None}
    for card_id in ("l20", "ascend-910b"):
        assert card_id in rows, card_id
        price = panel.table.item(rows[card_id], panel.PRICE_COLUMN).text()
        assert price == "no price — enter a quote" or "USD" in price
    h20 = panel.controller.catalog.get("h20")
    if h20.export_control.china == "permitted":
        assert "h20" in rows
    else:
        assert "export licence" in panel.result.rejected["h20"]


# ---- the browser, the card view and the dialogs: whose data, refused data ------------------


def write_overlay(cards=(), prices=None) -> None:
    path = default_overlay_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cards": list(cards), "prices": prices or {}}), encoding="utf-8")


def bundled(card_id: str) -> dict:
    cards = json.loads(bundled_path("catalog.json").read_text(encoding="utf-8"))["cards"]
    return next(c for c in cards if c["id"] == card_id)


QUOTE = {"amount": 7600, "currency": "USD", "date": "2026-10", "kind": "quote", "source": "distributor quote Q-17",
         "confidence": "high"}


def test_the_browser_marks_the_users_cards_and_prices_and_shows_refusals(qtbot, english):
    write_overlay([{**{k: v for k, v in bundled("h100-sxm").items() if not k.startswith("usable_memory")},
                    "memory_gb": 1, "prices": []},
                   {**bundled("h100-sxm"), "id": "h100-lab", "name": "H100 (lab unit)", "prices": []}],
                  {"l40s": [QUOTE, {**QUOTE, "date": "2099-01", "amount": 1}]})
    controller = ScenarioController(load_catalog(), pretrain_7b())
    browser = CardBrowser(controller)
    qtbot.addWidget(browser)
    browser.show()
    by_id = {browser.proxy.index(r, 0).data(CARD_ROLE).id: r for r in range(browser.proxy.rowCount())}
    assert browser.proxy.index(by_id["h100-lab"], 0).data() == "H100 (lab unit) — yours"
    assert browser.proxy.index(by_id["h100-sxm"], 0).data() == "H100 SXM5 80GB"
    assert plain(browser.proxy.index(by_id["l40s"], PRICE_COLUMN).data()) == "7,600 USD, quote 2026-10, yours"
    assert "distributor quote Q-17" in browser.proxy.index(by_id["l40s"], PRICE_COLUMN).data(3)  # the tooltip
    a6000 = browser.proxy.index(by_id["h100-lab"], PRICE_COLUMN).data()
    assert a6000 == "—"  # the user's card has no price
    status = browser.status.text()
    assert "Your card 'h100-sxm' has the id of the bundled card" in status and "dated 2099-01" in status
    details = plain(card_details_html(controller.catalog.get("l40s")))
    assert "quote, 2026-10 — yours" in details and "7,600 USD, quote 2026-10, yours" in details
    assert "[h100-lab] — yours" in card_details_html(controller.catalog.get("h100-lab"))


def test_the_browser_in_chinese_says_yours_and_the_refusals(qtbot):
    write_overlay([{**bundled("h100-sxm"), "id": "h100-lab", "name": "H100 (lab unit)", "prices": []},
                   {**bundled("a100-sxm-80gb"), "prices": []}], {"l40s": [QUOTE]})
    i18n.install_language("zh_CN")
    try:
        controller = ScenarioController(load_catalog(), pretrain_7b())
        browser = CardBrowser(controller)
        qtbot.addWidget(browser)
        by_id = {browser.proxy.index(r, 0).data(CARD_ROLE).id: r for r in range(browser.proxy.rowCount())}
        assert browser.proxy.index(by_id["h100-lab"], 0).data() == "H100 (lab unit)（用户）"
        assert plain(browser.proxy.index(by_id["l40s"], PRICE_COLUMN).data()) == "7,600 USD，报价 2026-10，用户"
        assert "内置卡" in browser.status.text()
        assert "（用户）" in card_details_html(controller.catalog.get("h100-lab"))
    finally:
        i18n.install_language("en")


def test_the_card_dialog_gives_a_bundled_cards_copy_an_id_of_its_own(qtbot, english):
    controller = ScenarioController(load_catalog(), pretrain_7b())
    dialog = CardDialog(controller, controller.catalog.get("h100-sxm"))
    qtbot.addWidget(dialog)
    assert dialog.id.text() == "h100-sxm-mine" and dialog.name.text() == "H100 SXM5 80GB (mine)"
    dialog.id.setText("h100-sxm")
    assert not dialog.save()
    assert "has the id of the bundled card H100 SXM5 80GB" in dialog.problem.text()
    assert not default_overlay_path().exists()
    dialog.id.setText("h100-sxm-mine")
    assert dialog.save()
    mine = controller.catalog.get("h100-sxm-mine")
    assert mine.is_user and mine.prices == () and not controller.catalog.get("h100-sxm").is_user


def test_the_price_dialog_refuses_a_date_after_today_in_the_windows_language(qtbot):
    i18n.install_language("zh_CN")
    try:
        controller = ScenarioController(load_catalog(), pretrain_7b())
        dialog = PriceDialog(controller, controller.catalog.get("l40s"))
        qtbot.addWidget(dialog)
        dialog.amount.setValue(7600)
        dialog.source.setText("quote 42")
        dialog.date.setText("2099-01")
        assert not dialog.save()
        assert "晚于今天" in dialog.problem.text()
        dialog.date.setText("2026-10")
        dialog.kind.setCurrentIndex(dialog.kind.findData("quote"))
        assert dialog.save()
        assert purchase_entry(controller.catalog.get("l40s")).kind == "quote"
    finally:
        i18n.install_language("en")
