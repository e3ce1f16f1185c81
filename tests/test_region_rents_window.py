"""The delivery region decides which cloud rents are ranked (card_price.rent_markets): the
region choice says so, in its label and its tooltip, in English and Chinese."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from configurator.app import i18n

TS = Path(__file__).resolve().parents[1] / "resources" / "i18n" / "gpu_configurator_zh_CN.ts"


def test_the_region_without_a_rule_names_its_rents(monkeypatch):
    from configurator.app.labels import region_names

    assert "global rents" in region_names()[None]
    monkeypatch.setitem(i18n._state, "language", "zh_CN")
    assert "全球云租用价" in region_names()[None] and "出口规则" in region_names()[None]


def test_the_region_tooltips_say_which_rents_are_ranked(qtbot, catalog):
    from configurator.app.controller import ScenarioController
    from configurator.app.main import default_scenario
    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.app.wizard_constraints import ConstraintsPage

    controller = ScenarioController(catalog, default_scenario("en"))
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    tip = panel.region.toolTip()
    assert "Rents: delivered to mainland China, only those sold there are ranked" in tip and "export" in tip
    page = ConstraintsPage(controller)
    qtbot.addWidget(page)
    assert page.region.toolTip() == tip  # the wizard's region says the same
    contexts = {c.findtext("name"): {m.findtext("source"): m.findtext("translation") for m in c.iter("message")}
                for c in ET.parse(TS).getroot().iter("context")}
    for context in ("RecommendationPanel", "ConstraintsPage"):
        assert "中国大陆以外销售的租用价" in contexts[context][tip]
