"""What a Chinese procurement officer read and would not sign (session 38, persona 6): a desktop
unit's configuration counted "0 racks"; the wizard's first page put an English spaced dash in a
Chinese sentence."""

from __future__ import annotations

import pytest

from configurator.cli import main

LORA = ["--workload", "lora", "--model", "qwen2.5-7b", "--tokens", "100M", "--deadline", "7d", "--region", "cn",
        "--budget", "50万元"]
"""Fine-tune Qwen2.5-7B with LoRA on 100,000 samples (about 100M tokens) within a week on 500,000 CNY:
1 × DGX Spark, a desktop unit in no rack."""


@pytest.mark.parametrize("language, configuration, no_rack, zero", [
    ("en", "**Configuration**", "no rack", "0 racks"),
    ("zh_CN", "**配置**", "无需机柜", "0 个机柜"),
])
def test_a_desktop_unit_fills_no_rack(tmp_path, capsys, language, configuration, no_rack, zero):
    path = tmp_path / "summary.md"
    assert main(["report", *LORA, "--lang", language, "-o", str(path)]) == 0, capsys.readouterr().err
    text = path.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if configuration in line)
    assert "DGX Spark" in line and line.rstrip().endswith(no_rack) and zero not in line
    note = next(line for line in text.splitlines() if "IT load at full power" in line or "满载 IT 负载" in line)
    assert no_rack in note and "air-cooled racks" not in note and "风冷机柜" not in note  # the bill's note too


def test_the_wizards_graphics_heading_takes_a_chinese_dash(qtbot, controller):
    from PySide6.QtWidgets import QLabel

    from configurator.app.i18n import install_language
    from configurator.app.wizard import WorkloadWizard

    install_language("zh_CN")
    try:
        wizard = WorkloadWizard(controller)
        qtbot.addWidget(wizard)
        heading = next(label.text() for label in wizard.goal.findChildren(QLabel) if "图形" in label.text())
        assert "</b>——需要图形卡" in heading and " — " not in heading
    finally:
        install_language("en")


def test_the_chinese_card_page_says_its_notes_the_chinese_way(capsys):
    """`catalog show l20 --lang zh_CN`: "无卡间互联 — PCIe Gen4 x16 (no NVLink)" read with an English
    spaced dash and English words; now "无卡间互联——PCIe Gen4 x16（无 NVLink）". English keeps its dash."""
    assert main(["catalog", "show", "l20", "--lang", "zh_CN"]) == 0
    link = next(line for line in capsys.readouterr().out.splitlines() if "卡间互联" in line)
    assert link.rstrip().endswith("无卡间互联——PCIe Gen4 x16（无 NVLink）"), link
    assert main(["catalog", "show", "l20"]) == 0
    link = next(line for line in capsys.readouterr().out.splitlines() if "Card-to-card link" in line)
    assert link.rstrip().endswith("no card-to-card link — PCIe Gen4 x16 (no NVLink)"), link
