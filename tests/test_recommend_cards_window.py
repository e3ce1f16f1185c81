"""The recommendation panel's card filter (``recommend --cards`` in the window): a buyer picks H20, Ascend 910B
and L20 by name for Qwen2.5-72B serving in mainland China; only those are ranked or listed, the panel says the
command line's sentences (the cards compared, each named card not ranked with why) in either language, and the
summary printed from the window compares the same cards."""

from __future__ import annotations

import pytest
from buyer_questions import question_scenario
from PySide6.QtCore import Qt

from configurator.app.controller import ScenarioController
from configurator.app.i18n import language_for_a_while
from configurator.app.recommend_panel import RecommendationPanel
from configurator.core.catalog import load_catalog

QWEN_72B_CN = ("recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--region", "cn")
NAMED = ("h20", "ascend-910b", "l2")


def _panel(qtbot) -> RecommendationPanel:
    catalog = load_catalog()
    panel = RecommendationPanel(ScenarioController(catalog, question_scenario(QWEN_72B_CN, catalog)))
    qtbot.addWidget(panel)
    panel.resize(1200, 700)
    panel.show()
    return panel


def _pick(qtbot, panel: RecommendationPanel, card_ids) -> None:
    """Pick ``card_ids`` as a user would: open the list, type part of each name, Return checks the one left."""
    picker = panel.cards_picker
    qtbot.keyClick(picker.button, Qt.Key.Key_Space)
    assert picker.popup.isVisible() and picker.popup.focusWidget() is picker.popup.search
    for card_id in card_ids:
        typed = {"h20": "H20 96", "ascend-910b": "910B", "l2": "L2 24", "b200": "b200"}[card_id]
        qtbot.keyClicks(picker.popup.search, typed)
        shown = [picker.popup.list.item(r) for r in range(picker.popup.list.count())
                 if not picker.popup.list.item(r).isHidden()]
        assert [i.data(Qt.ItemDataRole.UserRole) for i in shown] == [card_id]
        qtbot.keyClick(picker.popup.search, Qt.Key.Key_Return)
    picker.popup.close()


@pytest.mark.parametrize("language, all_cards, sentence", [
    ("en", "All cards",
     "Only the cards named are compared: H20 96GB (China export SKU), Ascend 910B, L2 24GB (China SKU)."),
    ("zh_CN", "全部加速卡", "只比较指定的加速卡：H20 96GB（对华出口版）、昇腾 910B、L2 24GB（中国特供版）。"),
])
def test_picking_three_cards_ranks_only_them_and_lists_the_others_with_why(qtbot, language, all_cards, sentence):
    with language_for_a_while(language):
        panel = _panel(qtbot)
        assert panel.cards_picker.button.text() == all_cards
        _pick(qtbot, panel, NAMED)
        assert panel.ranking.value.filters.cards == NAMED  # in the order picked
        assert not panel.consumer.isEnabled()  # a named card is ranked whatever its class
        result = panel.wait()
        assert [r.card.id for r in result.ranked] == ["ascend-910b"]
        assert [r.card.id for r in result.unpriced] == ["l2"] and [r.card.id for r in result.below_line] == ["h20"]
        shown = [rec.card.id for rec in panel.row_recommendations if rec is not None]
        assert shown == ["ascend-910b", "l2", "h20"]  # each listed with why: no price, what it breaks
        h20_row = panel.row_recommendations.index(result.below_line[0])
        assert ("export" if language == "en" else "出口") in panel.table.item(h20_row, 4).toolTip()  # the cell:
        # whole where it fits, else briefly ('Delivery region', ranking_view.breaks_brief)
        assert panel.named_label.isVisibleTo(panel) and panel.named_label.text() == sentence  # as the CLI
        assert "L2 " in panel.cards_picker.button.toolTip()


@pytest.mark.parametrize("language, heading", [("en", "Named cards not ranked, and why:"),
                                               ("zh_CN", "未排名的指定卡及原因：")])
def test_a_named_card_listed_nowhere_is_said_with_why(qtbot, language, heading):
    with language_for_a_while(language):
        panel = _panel(qtbot)
        _pick(qtbot, panel, (*NAMED, "b200"))
        result = panel.wait()
        assert result.unlisted == ("b200",)
        lines = panel.named_label.text().splitlines()
        assert lines[1] == heading and lines[2].startswith("  - B200") and len(lines) == 3


def test_the_panel_ranks_what_recommend_cards_ranks_and_all_cards_again(qtbot, capsys):
    import json

    from configurator.cli import main

    panel = _panel(qtbot)
    _pick(qtbot, panel, NAMED)
    result = panel.wait()
    assert main([*QWEN_72B_CN, "--cards", ",".join(NAMED), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r.card.id for r in result.ranked] == [r["card"]["id"] for r in data["ranked"]]
    assert sorted(result.left_out) == sorted(data["rejected_ids"])
    panel.cards_picker.popup.clear_button.click()
    assert panel.ranking.value.filters.cards == () and panel.cards_picker.button.text() == "All cards"
    assert not panel.named_label.isVisibleTo(panel) or panel.wait() and not panel.named_label.isVisibleTo(panel)
    assert len(panel.result.left_out) > len(NAMED) and panel.consumer.isEnabled()


def test_the_summary_from_the_window_compares_the_named_cards(qtbot):
    from types import SimpleNamespace

    from configurator.app.analysis_on_screen import shown_analysis
    from configurator.app.report_export import summary_document
    from configurator.app.window_summary import SummaryActions

    panel = _panel(qtbot)
    _pick(qtbot, panel, NAMED)
    ranked_by = SummaryActions.summary_ranked_by(SimpleNamespace(recommend_panel=panel))
    assert ranked_by[1].cards == NAMED
    controller = panel.controller
    text = summary_document(shown_analysis(controller), controller.catalog, "en", ranked_by).toPlainText()
    assert "Only the cards named are compared: H20 96GB (China export SKU), Ascend 910B, L2 24GB (China SKU)." in text


def test_the_list_is_keyboard_usable(qtbot):
    """Alt+A reaches the button, Space opens the list, Down goes from the search into the matching cards, Space
    checks one, Escape closes the list."""
    panel = _panel(qtbot)
    picker = panel.cards_picker
    assert picker.focusProxy() is picker.button and picker.button.focusPolicy() != Qt.FocusPolicy.NoFocus
    qtbot.keyClick(picker.button, Qt.Key.Key_Space)
    qtbot.keyClicks(picker.popup.search, "910B")
    qtbot.keyClick(picker.popup.search, Qt.Key.Key_Down)
    assert picker.popup.focusWidget() is picker.popup.list
    qtbot.keyClick(picker.popup.list, Qt.Key.Key_Space)
    assert panel.ranking.value.filters.cards == ("ascend-910b",)
    assert picker.button.text() == "Ascend 910B"
    qtbot.keyClick(picker.popup.list, Qt.Key.Key_Escape)
    assert not picker.popup.isVisible()
