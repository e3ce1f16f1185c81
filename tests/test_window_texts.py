"""Issue 24 part 8 in the window: the undo step of a recovered session is said in the language
shown, after a switch too (it was kept in the language of the start), and the recommendation
panel writes its card counts grouped by thousands; the status bar's "Computing…" follows a
language switch made while a computation runs."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from configurator.app import i18n
from configurator.app.main import build_main_window
from configurator.core.scenario import updated
from test_recovery import choose, crashed_autosave


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    w = build_main_window(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.controller.recompute()
    yield w
    i18n.install_language("en")


@pytest.mark.parametrize("start", ["en", "zh_CN"])
def test_the_recovered_sessions_undo_step_follows_the_language(window, monkeypatch, start):
    """Was: "Recover unsaved changes" stayed English after a switch to Chinese (a fixed string)."""
    window.set_language(start)
    crashed_autosave(updated(window.controller.scenario, count=64, name="Lost work"))
    choose(window, monkeypatch, lambda findings: findings.recoveries[0])
    assert window.offer_recovery()
    stack = window.controller.undo_stack
    english = "Recover unsaved changes"
    window.set_language("zh_CN")
    chinese = stack.text(stack.count() - 1)
    assert chinese != english and not any(c.isascii() and c.isalpha() for c in chinese)
    window.set_language("en")
    assert stack.text(stack.count() - 1) == english
    window.set_language("zh_CN")
    assert stack.text(stack.count() - 1) == chinese


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_panels_card_counts_are_grouped(qtbot, language):
    """A 405B pre-train on 15T tokens in 90 days needs thousands of cards: the panel writes
    "9,216 × …", not "9216 × …" (the command line's tables did already)."""
    from configurator.app.controller import ScenarioController
    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.scenario import LAYOUT_FIELDS, Scenario

    i18n.install_language(language)
    try:
        scenario = Scenario(model=preset("llama3.1-405b"), workload="pretrain", card_id="h100-sxm", count=8,
                            training={"tokens": 15e12}, constraints={"deadline_hours": 90 * 24},
                            auto_layout=LAYOUT_FIELDS)
        panel = RecommendationPanel(ScenarioController(load_catalog(), scenario))
        qtbot.addWidget(panel)
        panel.refresh()
        cells = [panel.table.item(row, 0).text() for row in range(panel.table.rowCount())]
        counts = [cell.split(" × ")[0] for cell in cells if " × " in cell]  # not the section headings
        assert len(counts) >= 3 and any(len(c) > 4 for c in counts), cells  # 1,000 cards or more
        assert all(re.fullmatch(r"[0-9]{1,3}(,[0-9]{3})*", c) for c in counts), cells
    finally:
        i18n.install_language("en")


def test_the_busy_word_follows_a_language_switch_during_a_computation(window, qtbot):
    """Was: "Computing…" stayed English in the Chinese window until the computation ended."""
    window.set_language("en")
    qtbot.waitUntil(lambda: window.busy_label.text() == "", timeout=20_000)
    with qtbot.waitSignal(window.controller.busy_changed, check_params_cb=lambda busy: busy, timeout=20_000):
        window.controller.apply("count", window.controller.scenario.count * 2)
    assert window.busy_label.text() == "Computing…"
    window.set_language("zh_CN")  # no event is handled in between: the computation is still under way
    assert window.busy_label.text() == "正在计算…"
    qtbot.waitUntil(lambda: window.busy_label.text() == "", timeout=20_000)
