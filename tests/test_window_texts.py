"""Issue 24 part 8 in the window: the undo step of a recovered session is said in the language
shown, after a switch too (it was kept in the language of the start), and the recommendation
panel writes its card counts grouped by thousands; the status bar's "Computing…" follows a
language switch made while a computation runs."""

from __future__ import annotations

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


def test_the_panels_card_counts_are_grouped():
    from configurator.app import format as fmt

    assert fmt.count(100_000) == "100,000"


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
