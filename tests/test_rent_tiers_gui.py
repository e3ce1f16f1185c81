"""The recommendation panel's reasons for the first row say, ranked by rent in mainland China, that
rents of different tiers are compared (real widgets, both languages)."""

from __future__ import annotations

import pytest

from configurator.app.i18n import install_language
from configurator.core.architecture import preset

SAID = {"en": "Rents of different tiers are compared", "zh_CN": "比较的是不同计费方式的租用价"}


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_panel_says_rents_of_different_tiers_are_compared(qtbot, controller, language):
    from configurator.app.recommend_panel import RecommendationPanel

    install_language(language)
    try:
        controller.apply_many({"workload": "inference", "model": preset("qwen2.5-72b").model_dump(),
                               "constraints.region": "cn", "serving.concurrency": 50})
        panel = RecommendationPanel(controller)
        qtbot.addWidget(panel)
        panel.objective.setCurrentIndex(panel.objective.findData("cloud"))
        result = panel.refresh()
        assert any(m.id == "reason-rent-tiers-differ" for m in result.best.reasons), (
            result.objective, [(r.card.id, r.estimate.scenario.count) for r in result.ranked][:8],
            [m.id for m in result.best.reasons], controller.scenario.constraints)
        panel.table.selectRow(0)
        assert SAID[language] in panel.reasons.text()
    finally:
        install_language("en")
