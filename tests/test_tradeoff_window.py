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
        assert "TP " in hover and ("tokens/s per GPU" if language == "en" else "每卡 词元/秒") in hover
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
