"""The recommendation panel says what the command line says of the cards sold only as a cloud service where the
buyer buys (:func:`~configurator.core.cloud_only.also_to_rent`): not in the table, one line naming them; ranked by
rent they are in the table and the line is hidden. Both languages."""

from __future__ import annotations

import pytest
from buyer_questions import question_scenario

from configurator.app.controller import ScenarioController
from configurator.app.i18n import language_for_a_while
from configurator.app.recommend_panel import RecommendationPanel
from configurator.core.catalog import load_catalog

PRETRAIN = ("recommend", "--workload", "pretrain", "--model", "llama3-8b", "--tokens", "1T", "--deadline", "720",
            "--budget", "300k USD")


def _panel(qtbot, *argv: str) -> RecommendationPanel:
    catalog = load_catalog()
    panel = RecommendationPanel(ScenarioController(catalog, question_scenario((*PRETRAIN, *argv), catalog)))
    qtbot.addWidget(panel)
    panel.resize(1200, 700)
    panel.show()
    return panel


@pytest.mark.parametrize(("language", "said"), [("en", "Also available to rent, not sold: Cloud TPU"),
                                                ("zh_CN", "另有仅供租用、不单独出售的卡：Cloud TPU")])
def test_buying_the_panel_names_them_to_rent_outside_the_table(qtbot, language, said):
    with language_for_a_while(language):
        panel = _panel(qtbot)
        result = panel.wait()
        shown = {rec.card.id for rec in panel.row_recommendations if rec is not None}
        assert "gaudi3" in shown and not {"tpu-v7", "trainium2"} & shown
        assert not {"tpu-v7", "trainium2"} & {r.card.id for r in (*result.considered, *result.unpriced,
                                                                   *result.below_considered)}
        text = panel.rent_label.text()
        assert panel.rent_label.isVisibleTo(panel) and text.startswith(said) and "Ironwood" in text


def test_renting_the_panel_ranks_them(qtbot):
    panel = _panel(qtbot, "--budget-basis", "rent")
    result = panel.wait()
    assert {"tpu-v7", "trainium2"} <= {r.card.id for r in result.considered}
    assert not panel.rent_label.isVisibleTo(panel)
