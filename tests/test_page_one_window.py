"""Issue 24, part 4, in the window: the results panel's headline is green when the configuration
fits and meets every constraint set, amber when one cannot be checked, red when it does not fit
or breaks one — and says which in words, in English and Chinese (real widgets, offscreen)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from configurator.app import i18n
from configurator.app.main_window import MainWindow
from configurator.app.results_panel import BAD, CAUTION, GOOD, ResultsPanel
from configurator.core.analysis import analysis_steps
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.scenario import LAYOUT_FIELDS, Scenario

ANALYSIS_WAIT_MS = 30_000


def serving(card: str, count: int, model: str = "qwen2.5-72b", users: int = 500, **constraints) -> Scenario:
    return Scenario.model_validate({"model": preset(model).model_dump(), "card_id": card, "count": count,
                                    "workload": "inference", "serving": {"concurrency": users},
                                    "constraints": constraints, "auto_layout": LAYOUT_FIELDS})


MET = serving("h100-sxm", 32)
"""Fits, and meets the chat use's default latency targets."""
UNKNOWN = serving("l2", 8, model="llama3-8b", users=8, budget=3_000_000)
"""Fits and meets its latency targets; one bill-of-materials line without a price: the budget cannot be checked."""
MISSED = serving("rtx-a6000", 32)
"""Fits, but misses both latency targets of interactive chat."""

WORDS = {  # (state, language) -> what the headline must say
    ("met", "en"): "meets the default latency targets for interactive chat",
    ("met", "zh_CN"): "满足交互式对话的默认延迟目标",
    ("unknown", "en"): "cannot check 1 of 3 constraints (1 you set and the default latency targets for interactive "
                       "chat): budget (1 item unpriced — enter a quote)",
    ("unknown", "zh_CN"): "3 项约束（您所设的 1 项及交互式对话的默认延迟目标）中有 1 项无法核对：预算（1 项无价格——请输入报价）",
    ("missed", "en"): "breaks the default latency targets for interactive chat: first token ",
    ("missed", "zh_CN"): "未满足交互式对话的默认延迟目标：p90 首词元延迟超出目标",
}
SCENARIOS = {"met": (MET, GOOD), "unknown": (UNKNOWN, CAUTION), "missed": (MISSED, BAD)}


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("state", ["met", "unknown", "missed"])
def test_the_headline_colour_and_words_follow_the_constraints(qtbot, monkeypatch, catalog, state, language):
    monkeypatch.setitem(i18n._state, "language", language)
    scenario, colour = SCENARIOS[state]
    analysis = next(analysis_steps(scenario, catalog))  # the first step: the chosen card's estimate
    panel = ResultsPanel()
    qtbot.addWidget(panel)
    panel.update_from(analysis)
    assert panel.verdict.property("colour") == colour
    assert f"color: {colour}" in panel.verdict.styleSheet()
    assert WORDS[state, language] in panel.verdict.text()
    if state != "met" or language == "zh_CN":
        return
    assert panel.verdict.toolTip().splitlines()[0].startswith("[met] Time to first token")


def test_the_window_headline_turns_red_then_amber_as_the_scenario_changes(qtbot, monkeypatch):
    from configurator.app.controller import ScenarioController

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    controller = ScenarioController(load_catalog(), MET)
    controller.recompute()
    window = MainWindow(controller)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    verdict = window.results.verdict
    qtbot.waitUntil(lambda: verdict.property("colour") == GOOD, timeout=ANALYSIS_WAIT_MS)
    with qtbot.waitSignal(controller.analysis_changed, timeout=ANALYSIS_WAIT_MS):
        controller.replace(MISSED)
    qtbot.waitUntil(lambda: "RTX A6000" in verdict.text(), timeout=ANALYSIS_WAIT_MS)
    assert verdict.property("colour") == BAD and "breaks the default latency targets" in verdict.text()
    with qtbot.waitSignal(controller.analysis_changed, timeout=ANALYSIS_WAIT_MS):
        controller.replace(UNKNOWN)
    qtbot.waitUntil(lambda: "L2 24GB" in verdict.text(), timeout=ANALYSIS_WAIT_MS)
    assert verdict.property("colour") == CAUTION and "cannot check 1 of 3 constraints" in verdict.text()
