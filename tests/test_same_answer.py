"""Same question, same answer (issue: one planner, evidence): the wizard proposes the
configuration the recommendation ranks for that card, and `estimate` of it gives the same numbers."""

from __future__ import annotations

import pytest

from configurator.app.wizard import WorkloadWizard
from configurator.core.estimate import estimate
from configurator.core.recommend import Objective, recommend, recommendation_to_dict, suggest
from configurator.core.scenario import LAYOUT_FIELDS


def _finish(wizard: WorkloadWizard) -> None:
    for _ in wizard.pageIds():
        if wizard.currentId() == wizard.pageIds()[-1]:
            break
        wizard.next()
    wizard.accept()


def test_wizard_proposes_what_the_recommendation_ranks(qtbot, controller):
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("pretrain")
    wizard.next()
    rows = [wizard.model_page.presets.item(r).data(256) for r in range(wizard.model_page.presets.count())]
    wizard.model_page.presets.setCurrentRow(rows.index("llama2-7b") if "llama2-7b" in rows else 0)
    wizard.next()
    wizard.load.tokens.setValue(1000)  # 1 T tokens
    wizard.load.deadline.setValue(30)
    wizard.next()
    wizard.limits.card.setCurrentIndex(wizard.limits.card.findData("a100-sxm-80gb"))
    _finish(wizard)
    proposed = controller.scenario
    card = controller.catalog.get("a100-sxm-80gb")
    assert set(LAYOUT_FIELDS) <= set(proposed.auto_layout) | set(proposed.pinned)
    ranked = suggest(proposed, card)
    assert proposed.count == ranked.count
    mine, theirs = estimate(proposed, card), estimate(ranked, card)
    assert mine.training.tokens_per_s == pytest.approx(theirs.training.tokens_per_s, rel=1e-9)
    assert mine.scenario.parallelism == theirs.scenario.parallelism


def test_recommendation_entry_is_what_estimate_says(controller):
    scenario = controller.scenario.model_copy(update={"auto_layout": tuple(LAYOUT_FIELDS)})
    result = recommend(scenario, controller.catalog, Objective.CLOUD, limit=3)
    for rank, rec in enumerate(result.ranked, start=1):
        again = estimate(rec.estimate.scenario, rec.card)
        entry = recommendation_to_dict(rec, rank)
        assert entry["layout"] == again.to_dict()["layout"]
        assert entry["performance"] == again.to_dict()["performance"]
