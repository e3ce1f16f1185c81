"""Small things a Chinese procurement officer noticed (session 40's walk): the wizard's "问题长度" where
every other screen says "提示长度" (prompt length), a storage unit price without its "/TB", and the
English class-mismatch warning writing the workload's id ("finetune work usually belongs on training
cards") where the Chinese said "全参数微调"."""

from __future__ import annotations

from pathlib import Path

import pytest

from configurator.core.messages import msg
from configurator.core.view.words import words
from configurator.report.language import price_per

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("language", "label", "summary"), [("en", "Pr&ompt length", "prompt length"),
                                                           ("zh_CN", "提示长度(&O)", "提示长度")])
def test_the_wizard_says_prompt_length_as_the_editor_does(qtbot, controller, language, label, summary):
    from configurator.app.i18n import install_language
    from configurator.app.wizard import WorkloadWizard
    from configurator.app.wizard_changes import field_label

    install_language(language)
    try:
        wizard = WorkloadWizard(controller)
        qtbot.addWidget(wizard)
        form = wizard.load.prompt.parentWidget().layout()
        assert form.labelForField(wizard.load.prompt).text() == label
        assert field_label("serving.prompt_tokens") == summary
        assert "问题" not in wizard.load.context.toolTip() and "question" not in wizard.load.context.toolTip()
    finally:
        install_language("en")


def test_a_price_per_terabyte_says_its_unit():
    assert price_per("per TB") == "/TB"
    assert price_per("per server") == "" and price_per("per card") == ""  # a counted item: per item


@pytest.mark.parametrize(("language", "storage"), [("en", "| Storage | Shared all-flash storage |"),
                                                   ("zh_CN", "| 存储 | 共享全闪存储 |")])
def test_the_summarys_storage_price_is_per_terabyte(tmp_path, language, storage):
    from configurator.cli import main

    out = tmp_path / "summary.md"
    assert main(["report", str(ROOT / "docs" / "examples" / "pretrain-llama3-70b.gpuconf.json"), "-o", str(out),
                 "--lang", language]) == 0
    row = next(line for line in out.read_text(encoding="utf-8").splitlines() if line.startswith(storage))
    cells = [cell.strip() for cell in row.split("|")]
    assert cells[3].endswith(" TB") and cells[4].endswith("/TB"), row  # quantity in TB, its price per TB


def test_the_windows_storage_price_is_per_terabyte(qtbot, catalog):
    from configurator.app.bom_panel import BomPanel
    from configurator.app.controller import ScenarioController
    from configurator.core.scenario_io import read_scenario

    example = ROOT / "docs" / "examples" / "pretrain-llama3-70b.gpuconf.json"
    controller = ScenarioController(catalog, read_scenario(example))
    controller.recompute()
    qtbot.waitUntil(lambda: controller.analysis is not None, timeout=60_000)
    panel = BomPanel(controller)
    qtbot.addWidget(panel)
    panel.update_from(controller.analysis)
    rows = {panel.lines.item(r, 1).text(): panel.lines.item(r, 2).text() for r in range(panel.lines.rowCount())}
    storage = [price for quantity, price in rows.items() if quantity.endswith(" TB")]
    assert storage and all(price.endswith("/TB") for price in storage), rows
    assert not any(price.endswith("/TB") for quantity, price in rows.items() if not quantity.endswith(" TB"))


@pytest.mark.parametrize(("workload", "en", "zh"), [("finetune", "full fine-tuning work", "全参数微调"),
                                                    ("pretrain", "pre-training work", "预训练")])
def test_the_class_mismatch_warning_says_the_workload_in_words(workload, en, zh):
    said = msg("class-mismatch", card="H200 NVL 141GB", category="inference", workload=workload, expected="training")
    assert words("en").message(said) == (f"H200 NVL 141GB is in the inference class; {en} usually belongs on "
                                         "training cards")
    assert zh in words("zh_CN").message(said) and workload not in words("zh_CN").message(said)


def test_the_command_lines_class_mismatch_names_the_workload_in_words(capsys):
    from configurator.cli import main

    assert main(["recommend", "--workload", "finetune", "--model", "llama3-8b", "--tokens", "1B", "--limit", "3",
                 "--classes", "inference"]) == 0
    out = capsys.readouterr().out
    assert "full fine-tuning work usually belongs on training cards" in out and "finetune work" not in out
