"""The panel and the wizard show the first answers as they arrive (issue 28 part 3): the catalog
ranked card by card on the worker, the ranking so far shown with how far it is, the final ranking
replacing it; a newer request drops an older one's steps; nothing delivered into a deleted panel."""

from __future__ import annotations

import time

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent

from configurator.app.ranking_steps import has_price, ranking_order, ranking_steps
from configurator.core.architecture import preset
from configurator.core.estimate import clear_estimate_memo
from configurator.core.procurement.card_price import cloud_price, rent_markets
from configurator.core.recommend import Filters, Objective, recommend
from configurator.core.recommend_json import result_to_dict
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, updated

SERVE_70B = Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=8, workload="inference",
                     auto_layout=LAYOUT_FIELDS,
                     serving={"concurrency": 200, "prompt_tokens": 1024, "output_tokens": 256},
                     constraints={"requests_per_s": 20, "tpot_ms": 50})
"""The README's serving example: a few seconds to rank cold on the loaded development machine."""
TRAIN_7B = Scenario(model=preset("llama2-7b"), card_id="a100-sxm-80gb", count=128, workload="pretrain",
                    auto_layout=LAYOUT_FIELDS, training={"seq_len": 4096, "tokens": 1e12, "recipe": "megatron-mixed"},
                    constraints={"deadline_hours": 720})


# ---- the steps (Qt-free) ---------------------------------------------------------------------

@pytest.mark.parametrize("scenario", [SERVE_70B, TRAIN_7B], ids=["serving", "training"])
@pytest.mark.parametrize("objective", [Objective.TCO, Objective.FASTEST])
def test_the_last_step_is_the_recommendation(catalog, scenario, objective):
    steps = list(ranking_steps(scenario, catalog, objective, Filters(), limit=15, every_s=0.0))
    assert [s.final for s in steps] == [False] * (len(steps) - 1) + [True]
    assert len(steps) > 2  # with no wait between steps, one per card after the first ranked one
    assert [s.done for s in steps] == sorted({s.done for s in steps})
    assert all(s.total == steps[-1].total for s in steps) and steps[-1].done == steps[-1].total
    assert result_to_dict(steps[-1].result) == result_to_dict(recommend(scenario, catalog, objective, Filters(), 15))
    assert all(s.result.ranked for s in steps[:-1])  # a step shows at least one ranked answer


def test_the_chosen_card_and_priced_cards_are_ranked_first(catalog):
    allowed = [c for c in catalog.cards if Filters().allows(c, SERVE_70B.workload)]
    order = ranking_order(SERVE_70B, allowed, Objective.TCO)
    assert order[0].id == SERVE_70B.card_id
    priced = [has_price(c, Objective.TCO) for c in order[1:]]
    assert priced == sorted(priced, reverse=True) and True in priced and False in priced
    assert sorted(c.id for c in order) == sorted(c.id for c in allowed)


@pytest.mark.parametrize("region", [None, "cn", "other"])
def test_the_cloud_ranking_first_ranks_the_cards_rented_where_the_buyer_can_rent(catalog, region):
    """The rents of another market are none the buyer can take (card_price.rent_markets): a card
    rented only there is ranked with the unpriced ones, after every card with a rent to take."""
    scenario = updated(SERVE_70B, constraints={"region": region})
    allowed = [c for c in catalog.cards if Filters().allows(c, scenario.workload)]
    order = ranking_order(scenario, allowed, Objective.CLOUD)
    markets = rent_markets(region)
    rentable = [cloud_price(c, markets=markets) is not None for c in order[1:]]
    assert rentable == sorted(rentable, reverse=True) and True in rentable and False in rentable
    assert [has_price(c, Objective.CLOUD, region) for c in order[1:]] == rentable
    ids = [c.id for c in order]
    china_only, worldwide = ids.index("l20"), ids.index("a100-pcie-80gb")  # rented in one market each
    assert (china_only < worldwide) == (region == "cn")


def test_the_first_answer_comes_long_before_the_last(catalog):
    clear_estimate_memo()
    begun = time.process_time()
    seen = []
    for step in ranking_steps(SERVE_70B, catalog, Objective.TCO):
        seen.append((time.process_time() - begun, step))
    first, last = seen[0][0], seen[-1][0]
    assert seen[0][1].result.best is not None and not seen[0][1].final
    assert first < last / 5, f"first answer {first:.2f} s of CPU, complete {last:.2f} s"


def test_a_cancelled_ranking_ends_without_a_result(catalog):
    calls = []

    def cancelled() -> bool:
        calls.append(1)
        return len(calls) > 3

    steps = list(ranking_steps(SERVE_70B, catalog, Objective.TCO, cancelled=cancelled, every_s=0.0))
    assert not any(s.final for s in steps) and len(calls) == 4


# ---- the panel ---------------------------------------------------------------------------------

def _panel(window):
    window.toggle_recommendations(True)
    panel = window.recommend_panel
    panel.wait(120_000)
    return panel


def test_the_panel_shows_the_ranking_so_far_then_the_final_one(qtbot, window, catalog):
    panel = _panel(window)
    shown = []
    panel._job.step.connect(lambda step: shown.append((panel.partial, panel.busy_label.text(),
                                                       panel.table.rowCount(), step.done, step.total)))
    clear_estimate_memo()
    window.controller.replace(SERVE_70B)
    result = panel.wait(120_000)
    assert shown, "no ranking so far was shown"
    partial, text, rows, done, total = shown[0]
    assert partial and rows >= 1 and done < total
    assert f"Ranking {done} of {total} cards" in text
    assert not panel.partial and panel.busy_label.text() == ""
    assert result_to_dict(result) == result_to_dict(recommend(window.controller.scenario, catalog, Objective.TCO,
                                                              panel.filters(), 15))
    assert panel.price_decides_label.isVisibleTo(panel) == bool(result.price_decides)


def test_a_row_picked_while_ranking_stays_picked(qtbot, window):
    panel = _panel(window)
    picked = []

    def pick(step) -> None:  # another row than the panel selected (the best so far), as a click would
        rows = [row for row in range(1, panel.table.rowCount()) if panel.recommendation_at(row) is not None]
        if not picked and rows:
            panel.table.selectRow(rows[0])
            picked.append(panel.recommendation_at(rows[0]).card.id)

    panel._job.step.connect(pick)
    clear_estimate_memo()
    window.controller.replace(SERVE_70B)
    panel.wait(120_000)
    assert picked
    rows = panel.table.selectionModel().selectedRows()
    assert rows and panel.recommendation_at(rows[0].row()).card.id == picked[0]


def test_a_newer_scenario_drops_the_older_ranking(qtbot, window):
    panel = _panel(window)
    models = []
    panel._job.step.connect(lambda step: models.append(step.result.ranked[0].estimate.scenario.model.name))
    clear_estimate_memo()
    window.controller.replace(SERVE_70B)
    panel.start_refresh()
    qtbot.waitUntil(lambda: bool(models), timeout=60_000)
    newer = SERVE_70B.model_copy(update={"model": preset("llama3-8b")})
    window.controller.replace(newer)
    panel.start_refresh()
    models.clear()
    result = panel.wait(120_000)
    assert all(name == newer.model.name for name in models)
    assert result.ranked[0].estimate.scenario.model.name == newer.model.name


def test_a_panel_closed_while_ranking_receives_nothing(qtbot, window):
    panel = _panel(window)
    steps = []
    panel._job.step.connect(steps.append)
    clear_estimate_memo()
    window.controller.replace(SERVE_70B)
    panel.start_refresh()
    qtbot.waitUntil(lambda: bool(steps), timeout=60_000)
    dock = window.recommend_dock
    window.removeDockWidget(dock)
    window.recommend_dock = None
    dock.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()
    assert not shiboken6.isValid(panel)
    delivered = len(steps)  # one, or two when the next card's step came in before the panel went (a fast ranking)
    begun = time.perf_counter()
    while time.perf_counter() - begun < 3.0:  # the worker stops at its next card; late deliveries are dropped
        QCoreApplication.processEvents()
    assert delivered >= 1 and len(steps) == delivered


# ---- the wizard --------------------------------------------------------------------------------

def test_the_wizard_shows_the_best_so_far_then_its_answer(qtbot, controller, catalog):
    from configurator.app.wizard import WorkloadWizard
    from configurator.app.wizard_decide import decide

    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("inference")
    wizard.next()
    presets = [wizard.model_page.presets.item(r).data(256) for r in range(wizard.model_page.presets.count())]
    wizard.model_page.presets.setCurrentRow(presets.index("llama3-70b"))
    wizard.next()
    wizard.load.users.setValue(200)
    wizard.next()
    summary = wizard.summary
    seen = []
    summary._job.step.connect(lambda d: seen.append((d.partial, summary.busy_label.text(),
                                                     summary.text.toPlainText(), summary.isComplete())))
    clear_estimate_memo()
    while wizard.currentPage() is not summary:
        wizard.next()
    assert summary.wait(120_000)
    assert seen, "no best-so-far answer was shown"
    (done, total), busy, text, complete = seen[0]
    assert done < total and f"Ranking {done} of {total} cards" in busy
    assert f"Best so far ({done} of {total} cards ranked)" in text and "Buy:" in text
    assert not complete  # "Use this" waits for the final answer
    final = summary.decision
    assert final.partial is None and summary.isComplete() and "Best so far" not in summary.text.toPlainText()
    expected = decide(wizard.answers_scenario(), catalog, None, None, False)
    assert (final.scenario, final.chosen_by, final.ranked) == (expected.scenario, expected.chosen_by, expected.ranked)
