"""The recommendation panel's "Launch with" box for a LoRA job (session 51, lora51; persona51 "Seen and left"
#6): torchtune offered first and chosen, its ``tune run`` copied; after a pre-training row, where Megatron-LM
was picked, a LoRA row takes torchtune again. Drawn under /tmp/shots/launch in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from configurator.app import i18n

SHOTS = Path("/tmp/shots/launch")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_lora_job_defaults_to_torchtune(qtbot, controller, language):
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    from configurator.app.recommend_panel import RecommendationPanel

    i18n.install_language(language)
    try:
        panel = RecommendationPanel(controller)
        qtbot.addWidget(panel)
        panel.show()
        panel.refresh()
        row = panel.launch_row
        row.engine.setCurrentIndex(row.engine.findData("megatron"))  # picked for the pre-training
        controller.apply_many({"workload": "lora", "card_id": "h100-sxm", "count": 8})
        panel.refresh()
        assert [row.engine.itemData(i) for i in range(row.engine.count())] == ["torchtune", "megatron", "torchtitan"]
        assert row.engine.currentData() == "torchtune" and row.engine.currentText() == "torchtune"
        qtbot.mouseClick(row.button, Qt.MouseButton.LeftButton)
        copied = QGuiApplication.clipboard().text()
        assert "tune run" in copied and "model.lora_rank=" in copied
        assert ("torchtune v0.6.1 启动设置" if language == "zh_CN" else "torchtune v0.6.1 launch settings") in copied
        SHOTS.mkdir(parents=True, exist_ok=True)
        panel.resize(1100, 700)
        panel.grab().save(str(SHOTS / f"lora-panel-{language}.png"))
        row.grab().save(str(SHOTS / f"lora-row-{language}.png"))
    finally:
        i18n.install_language("en")
