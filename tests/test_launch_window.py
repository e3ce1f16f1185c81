"""The window's "Copy launch command" (issue 29 part 2): the estimate on screen as an engine's
launch command on the clipboard, with an engine chosen where the scenario's is not launchable."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox

from configurator.app import i18n
from configurator.app.main_window import MainWindow
from configurator.core.scenario import updated

SHOTS = Path("/tmp/shots/launch")


@pytest.fixture
def window(qtbot, controller, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    w = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def _serve(qtbot, window, inference_scenario, **serving):
    scenario = updated(inference_scenario, card_id="h100-sxm", count=8, serving=serving) if serving else \
        updated(inference_scenario, card_id="h100-sxm", count=8)
    with qtbot.waitSignal(window.controller.analysis_changed, timeout=30_000):
        window.controller.replace(scenario)


def _shot(menu, name: str) -> None:
    """A menu drawn as it opens, without popping it up (the offscreen platform cannot grab input)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    menu.adjustSize()
    menu.grab().save(str(SHOTS / name))


def _choose_in_dialog(qtbot, choice: str, shot: str | None = None) -> None:
    """Answer the engine dialog when it opens (a real dialog, accepted as a user would)."""

    def answer():
        dialog = next(w for w in QApplication.topLevelWidgets()
                      if isinstance(w, QInputDialog) and w.isVisible())
        if shot:
            SHOTS.mkdir(parents=True, exist_ok=True)
            dialog.grab().save(str(SHOTS / shot))
        dialog.setTextValue(choice)
        dialog.accept()

    QTimer.singleShot(200, answer)


def test_serving_copies_the_scenarios_own_engine(qtbot, window, inference_scenario):
    _serve(qtbot, window, inference_scenario)
    window.launch_action.trigger()
    text = QGuiApplication.clipboard().text()
    est = window.controller.analysis.estimate
    assert text.count("vllm serve") == est.scenario.data_parallel
    assert f"--tensor-parallel-size {est.scenario.parallelism.tp}" in text
    assert "vLLM" in window.statusBar().currentMessage() and "lines" in window.statusBar().currentMessage()


def test_the_menu_lists_each_serving_engine_and_copies_the_chosen_one(qtbot, window, inference_scenario):
    _serve(qtbot, window, inference_scenario)
    window.launch_menu.aboutToShow.emit()
    names = [a.text() for a in window.launch_menu.actions()]
    assert names == ["&vLLM", "&SGLang", "&TensorRT-LLM"]  # a letter each (tests/test_keyboard_paths.py)
    window.launch_menu.actions()[2].trigger()
    assert "trtllm-serve" in QGuiApplication.clipboard().text()
    _shot(window.launch_menu, "menu-serving-en.png")


def test_an_engine_is_asked_for_where_the_scenarios_is_not_launchable(qtbot, window):
    assert window.controller.scenario.workload.is_training  # the default scenario trains
    _choose_in_dialog(qtbot, "torchtitan", "dialog-en.png")
    assert window.copy_launch_command() is True
    text = QGuiApplication.clipboard().text()
    assert "-m torchtitan.train" in text and "[parallelism]" in text


def test_cancelling_the_engine_dialog_copies_nothing(qtbot, window):
    QGuiApplication.clipboard().setText("kept")

    def cancel():
        dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QInputDialog) and w.isVisible())
        dialog.reject()

    QTimer.singleShot(200, cancel)
    assert window.copy_launch_command() is False
    assert QGuiApplication.clipboard().text() == "kept"


def test_graphics_work_says_it_has_no_launch_command(qtbot, window):
    scenario = updated(window.controller.scenario, workload="vdi", card_id="l40s")
    with qtbot.waitSignal(window.controller.analysis_changed, timeout=30_000):
        window.controller.replace(scenario)
    QGuiApplication.clipboard().setText("kept")
    assert window.copy_launch_command() is False
    assert QGuiApplication.clipboard().text() == "kept"
    assert window.statusBar().currentMessage() == "Graphics work has no launch command"
    window.launch_menu.aboutToShow.emit()
    assert not window.launch_menu.actions()[0].isEnabled()


def test_in_chinese(qtbot, window, inference_scenario):
    window.set_language("zh_CN")
    try:
        assert window.launch_action.text() == "复制启动命令(&L)"
        _serve(qtbot, window, inference_scenario)
        window.launch_action.trigger()
        assert "启动设置" in QGuiApplication.clipboard().text()
        assert window.statusBar().currentMessage().startswith("已复制 vLLM 的启动命令")
        window.launch_menu.aboutToShow.emit()
        _shot(window.launch_menu, "menu-serving-zh.png")
        training = updated(inference_scenario, workload="pretrain", card_id="h100-sxm", count=8)
        with qtbot.waitSignal(window.controller.analysis_changed, timeout=30_000):
            window.controller.replace(training)
        _choose_in_dialog(qtbot, "Megatron-LM", "dialog-zh.png")
        assert window.copy_launch_command() is True
        assert "pretrain_gpt.py" in QGuiApplication.clipboard().text()
        _shot(window.menuBar().actions()[1].menu(), "edit-menu-zh.png")
    finally:
        window.set_language("en")
        i18n.install_language("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_packed_examples_reach_the_copied_script(qtbot, window, language):
    """A packed fine-tune copied from the window: the script says the trainer packs to the sequence
    length and writes the block-causal flavor, in the interface language (shots under /tmp/shots)."""
    from PySide6.QtWidgets import QPlainTextEdit

    scenario = updated(window.controller.scenario, workload="finetune", model=window.controller.scenario.model,
                       card_id="h100-sxm", count=8,
                       training={"seq_len": 4096, "tokens_per_example": 600, "packed": True})
    window.set_language(language)
    try:
        with qtbot.waitSignal(window.controller.analysis_changed, timeout=30_000):
            window.controller.replace(scenario)
        _choose_in_dialog(qtbot, "torchtitan", f"dialog-packed-{language}.png")
        assert window.copy_launch_command() is True
        text = QGuiApplication.clipboard().text()
        said = "首尾相接" if language == "zh_CN" else "joins the examples end to end"
        assert said in text and "block_causal" in text
        view = QPlainTextEdit(text)
        qtbot.addWidget(view)
        view.resize(1400, 700)
        SHOTS.mkdir(parents=True, exist_ok=True)
        view.grab().save(str(SHOTS / f"script-packed-{language}.png"))
    finally:
        window.set_language("en")
        i18n.install_language("en")
