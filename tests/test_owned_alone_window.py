"""The window's part of cards already owned that cannot carry the load alone (session 35, ownedmix;
tests/test_owned_alone.py has the command line's): the recommendation panel says under its table
what the owned cards carry alone and what the top-up became, in either language."""

from __future__ import annotations

import pytest
from buyer_questions import question_scenario

from configurator.app.controller import ScenarioController
from configurator.app.i18n import language_for_a_while
from configurator.app.recommend_panel import RecommendationPanel
from configurator.core.catalog import load_catalog
from configurator.core.scenario import updated

QWEN_72B_CN = ("recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--region", "cn",
               "--concurrency", "200")


def _panel(qtbot, owned: int):
    catalog = load_catalog()
    scenario = updated(question_scenario(QWEN_72B_CN, catalog), card_id="h20", count=owned,
                       economics={"owned_cards": owned})
    panel = RecommendationPanel(ScenarioController(catalog, scenario))
    qtbot.addWidget(panel)
    panel.show()
    panel.refresh()
    return panel


@pytest.mark.parametrize("language, start, topup", [
    ("en", "The 8 × H20 96GB (China export SKU) already owned carry ", "need a US export licence"),
    ("zh_CN", "已拥有的 8 × H20 96GB（对华出口版）单独使用", "需要美国出口许可")])
def test_the_panel_says_what_the_owned_cards_carry_alone(qtbot, language, start, topup):
    with language_for_a_while(language):
        panel = _panel(qtbot, 8)
        assert panel.result.owned_alone is not None and panel.load_label.isVisibleTo(panel)
        assert panel.load_label.text().startswith(start) and topup in panel.load_label.text()
