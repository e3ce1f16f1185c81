"""The serving trade-off in the recommendation panel (issue 29, part 1): a tab beside the cost
chart for serving only, drawn for the selected deployment from every layout the planner weighed,
the front, the TPOT line and the chosen point; hover names the layout; both languages (real widgets)."""

from __future__ import annotations

import pytest

from configurator.app import i18n
from configurator.core.scenario import updated


def _serving_panel(qtbot, language: str):
    from configurator.app.controller import ScenarioController
    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.scenario import LAYOUT_FIELDS, Scenario

    i18n.install_language(language)
    scenario = Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=16, workload="inference",
                        auto_layout=LAYOUT_FIELDS,
                        serving={"concurrency": 200, "prompt_tokens": 1024, "output_tokens": 256},
                        constraints={"requests_per_s": 20, "tpot_ms": 50})
    panel = RecommendationPanel(ScenarioController(load_catalog(), scenario))
    qtbot.addWidget(panel)
    panel.resize(1400, 520)
    panel.refresh()
    return panel


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_tradeoff_tab_draws_the_selected_deployment(qtbot, language):
    try:
        panel = _serving_panel(qtbot, language)
        tab = panel.TRADEOFF_TAB
        assert panel.charts.isTabVisible(tab)
        assert panel.charts.tabText(tab) == ("Serving trade-off" if language == "en" else "推理部署权衡")
        panel.charts.setCurrentIndex(tab)
        chart = panel.tradeoff_chart
        t = chart.tradeoff
        rec = panel.recommendation_at(0)
        assert t is not None and t.card_id == rec.card.id and t.count == rec.count
        spots = [*chart.aggregated.points(), *chart.disaggregated.points()]
        assert len(spots) == len(t.points) > 1
        front_x, front_y = chart.front.getData()
        assert list(front_x) == [p.per_user for p in t.front]
        chosen = list(chart.chosen.points())
        assert len(chosen) == 1 and t.chosen is not None
        assert chart.tpot.isVisible() and chart.tpot.value() == pytest.approx(1000 / 50)
        hover = chosen[0].data()
        assert "TP " in hover and ("tokens/s per GPU" if language == "en" else "每卡 ") in hover
        if language == "zh_CN":  # Chinese punctuation in the hover, not the English ", " and ": "
            assert ", " not in hover and ": " not in hover and "，" in hover
        note = chart.note.text()
        assert ("TTFT target" if language == "en" else "TTFT 目标") in note
        axis = chart.plot.getAxis("left").labelText
        assert ("tokens/s per GPU" if language == "en" else "词元/秒/卡") in axis
        panel.table.selectRow(1)  # another deployment: its own trade-off
        second = panel.recommendation_at(1)
        if second is not None and second.estimate.serving is not None:
            assert chart.tradeoff.card_id == second.card.id and chart.tradeoff.count == second.count
    finally:
        i18n.install_language("en")


def test_the_tab_is_hidden_for_training(qtbot, controller):
    from configurator.app.recommend_panel import RecommendationPanel

    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.refresh()
    assert not panel.charts.isTabVisible(panel.TRADEOFF_TAB)
    controller.replace_undoable(updated(controller.scenario, workload="inference"), "serving")
    panel.refresh()
    assert panel.charts.isTabVisible(panel.TRADEOFF_TAB)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_panel_copies_the_selected_deployments_launch_command(qtbot, language):
    """Launch with: [engine] [Copy launch command] under the charts: the serving engines for a
    serving deployment, the engine chosen in the combo, the text on the clipboard the same as the
    Edit menu's (one core function), and the window's status bar and the row say so."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QMainWindow

    from configurator.core.launch import launch_text

    try:
        panel = _serving_panel(qtbot, language)
        window = QMainWindow()
        qtbot.addWidget(window)
        window.setCentralWidget(panel)
        window.show()
        panel.charts.setCurrentIndex(panel.TRADEOFF_TAB)
        row = panel.launch_row
        assert row.isVisible()
        assert [row.engine.itemText(i) for i in range(row.engine.count())] == ["vLLM", "SGLang", "TensorRT-LLM"]
        assert row.engine.currentData() == panel.controller.scenario.serving.engine.value  # the scenario's own
        assert row.button.text() == ("Copy launch command" if language == "en" else "复制启动命令")
        row.engine.setCurrentIndex(row.engine.findData("sglang"))
        QGuiApplication.clipboard().clear()
        qtbot.mouseClick(row.button, Qt.MouseButton.LeftButton)
        rec = panel.recommendation_at(0)
        copied = QGuiApplication.clipboard().text()
        assert copied == launch_text(rec.estimate, "sglang", language) and "sglang.launch_server" in copied
        said = ("Launch command for SGLang copied" if language == "en" else "已复制 SGLang 的启动命令")
        assert said in row.status.text() and said in window.statusBar().currentMessage()
        panel.table.selectRow(1)  # another deployment: the engine chosen is kept, the note cleared
        assert row.engine.currentData() == "sglang" and row.status.text() == ""
        assert row.estimate is panel.recommendation_at(1).estimate
        # the panel back to qtbot, which closes it at teardown: the window, a local, may be deleted
        # first and its child with it (the test then failed at teardown, run alone or after a faster one)
        window.takeCentralWidget()
    finally:
        i18n.install_language("en")


def test_training_offers_the_trainers_and_graphics_no_launch(qtbot, controller):
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    from configurator.app.recommend_panel import RecommendationPanel

    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.show()
    panel.refresh()
    row = panel.launch_row
    assert row.isVisible() and not panel.charts.isTabVisible(panel.TRADEOFF_TAB)
    assert [row.engine.itemData(i) for i in range(row.engine.count())] == ["megatron", "torchtitan"]
    qtbot.mouseClick(row.button, Qt.MouseButton.LeftButton)
    assert "torchrun" in QGuiApplication.clipboard().text() and "Megatron-LM" in row.status.text()
    controller.apply_many({"workload": "vdi", "card_id": "a40", "count": 1, "parallelism.zero": 0})
    panel.refresh()
    assert not row.isVisible()


# ---- nothing to draw: said in the chart's place -----------------------------------------------------


def shows_words(chart) -> bool:
    """The chart's place shows words, not the plot (shown once the tab's events are handled)."""
    return not chart.empty.isHidden() and chart.plot.isHidden()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_tradeoff_tab_says_why_nothing_is_drawn_when_nothing_is_ranked(qtbot, language):
    """Was: a blank tab when no configuration met the constraints (no row selected, no chart).
    Llama 3 70B for 200 users under a 1,000 USD budget: every card is below the line; the chart's
    place names the closest configuration and what it breaks, and how to see its layouts."""
    from configurator.app.controller import ScenarioController
    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.scenario import LAYOUT_FIELDS, Scenario

    i18n.install_language(language)
    try:
        scenario = Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=8, workload="inference",
                            auto_layout=LAYOUT_FIELDS, serving={"concurrency": 200}, constraints={"budget": 1000})
        panel = RecommendationPanel(ScenarioController(load_catalog(), scenario))
        qtbot.addWidget(panel)
        panel.resize(1400, 520)
        panel.show()
        result = panel.refresh()
        assert not result.ranked and result.below_line
        panel.charts.setCurrentIndex(panel.TRADEOFF_TAB)
        chart = panel.tradeoff_chart
        assert shows_words(chart)
        chart.empty.clear()
        result = panel.refresh()  # a new ranking with the tab open: said again
        closest = result.below_line[0]
        said = chart.empty.text()
        assert shows_words(chart)
        from configurator.core.view.card_names import card_name  # the card named in the window's language

        assert f"{closest.count:,} × {card_name(closest.card.name, language)}" in said
        assert ("Select it below the line" if language == "en" else "基准线以下") in said
        if language == "zh_CN":
            assert "budget" not in said.lower() and "closest" not in said
        panel.table.selectRow(1)  # the closest configuration, below the heading row: its layouts drawn
        assert chart.tradeoff is not None and chart.tradeoff.card_id == closest.card.id
        assert not shows_words(chart)
        assert len([*chart.aggregated.points(), *chart.disaggregated.points()]) == len(chart.tradeoff.points) > 0
    finally:
        i18n.install_language("en")


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "None of the 12 layouts weighed for 8 × L4 fits in memory: more cards, or a card with more memory, "
           "would."),
    ("zh_CN", "为 8 × L4 评估的 12 种布局都放不进显存：增加卡数，或换显存更大的卡，才能放下。"),
])
def test_a_tradeoff_without_a_layout_that_fits_says_so_in_the_charts_place(qtbot, language, expected):
    from configurator.app.tradeoff_chart import ServingTradeoffChart
    from configurator.core.view.tradeoff_view import tradeoff_chart
    from configurator.core.view.words import words
    from configurator.core.workloads.serving.pareto import ServingTradeoff

    chart = ServingTradeoffChart()
    qtbot.addWidget(chart)
    chart.show()
    nothing = ServingTradeoff(card_id="l4", card_name="L4", count=8, points=(), not_fitting=12, tpot_target_ms=50.0,
                              ttft_target_ms=None, percentile=90, chosen_on_front=False,
                              why_off_front="chosen-not-weighed")
    chart.show_tradeoff(nothing, language)
    assert chart.empty.text() == expected and shows_words(chart)
    assert tradeoff_chart(nothing, words(language)).empty == expected  # the model the summary's image paints too
    chart.show_tradeoff(None, language)
    assert not shows_words(chart)
