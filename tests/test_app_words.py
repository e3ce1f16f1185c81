"""The window's and the wizard's words as a buyer reads them (persona pass, session 25): a model by
its name, the spare servers beside a capex that buys them, ranked costs told apart, the residual
value as a credit, quantities with their units, Chinese values not broken a character a line, and
the layout fields only for the work that reads them."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest
from PySide6.QtWidgets import QLabel

from configurator.app.bom_panel import BomPanel, quantity_text, residual_text
from configurator.app.controller import ScenarioController
from configurator.app.i18n import install_language
from configurator.app.results_panel import unbroken_width
from configurator.app.wizard import WorkloadWizard
from configurator.app.wizard_result import SummaryPage
from configurator.core.architecture import load_presets, preset
from configurator.core.estimate import estimate
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.recommend import Objective
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, Workload
from configurator.core.view.fields_read import READ_BY, reads
from configurator.core.view.names import model_name
from configurator.core.view.numbers import unit_cost
from configurator.core.view.rows import write

FINE_TUNE = Scenario(model=preset("llama2-7b"), card_id="mi355x", count=96, workload="finetune",
                     auto_layout=LAYOUT_FIELDS, training={"tokens": 1e12}, constraints={"deadline_hours": 720})
"""Persona B's answer grown to 96 × Instinct MI355X, whose bill buys one cold spare server of 8 cards
(16 in 2 servers bought one until December 2026: a 50 % spare for a 1.5 % wait,
:func:`~configurator.core.procurement.goodput.spares_that_pay`)."""


@pytest.fixture
def spared(catalog):
    est = estimate(FINE_TUNE, catalog.get("mi355x"))
    return est, deployment_cost(est)


# ---- 1. the model by its name ----------------------------------------------------------------

def test_every_preset_is_named_as_its_maker_writes_it():
    names = {pid: model_name(pid) for pid in load_presets()}
    assert names["llama3-70b"] == "Llama 3 70B" and names["qwen2.5-72b"] == "Qwen 2.5 72B"
    assert names["tinyllama-1.1b"] == "TinyLlama 1.1B" and names["deepseek-v3"] == "DeepSeek V3"
    assert names["qwen3-235b-a22b"] == "Qwen 3 235B-A22B" and names["mixtral-8x7b"] == "Mixtral 8x7B"
    assert names["gpt3-175b"] == "GPT 3 175B"
    assert all(name != pid for pid, name in names.items())
    assert model_name("My model") == "My model"  # an imported model's own name unchanged


def test_the_wizard_lists_and_says_the_models_name(qtbot, controller):
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.goal.set_workload("inference")
    wizard.next()
    shown = [wizard.model_page.presets.item(r).text() for r in range(wizard.model_page.presets.count())]
    assert shown[0].startswith("Llama 2 7B — ") and not any(text.startswith("llama") for text in shown)
    wizard.model_page.size.setValue(7.0)
    assert "Mistral 7B" in wizard.model_page.size_note.text()


def test_the_editor_lists_the_models_name(qtbot, controller):
    from configurator.app.editor import ScenarioEditor

    editor = ScenarioEditor(controller)
    qtbot.addWidget(editor)
    texts = [editor.model_combo.itemText(i) for i in range(editor.model_combo.count())]
    assert "Llama 3 70B (70.6 B)" in texts and not any(t.startswith("llama3-70b") for t in texts)


def test_the_chinese_editor_says_the_models_size_in_chinese(qtbot, controller):
    """'Llama 3 70B（70.6 B 参数）' as the wizard's '70.6 B 参数' (session 28: '(70.6 B)', English brackets)."""
    from configurator.app.editor import ScenarioEditor
    from configurator.app.i18n import language_for_a_while

    with language_for_a_while("zh_CN"):
        editor = ScenarioEditor(controller)
        qtbot.addWidget(editor)
        texts = [editor.model_combo.itemText(i) for i in range(editor.model_combo.count())]
    assert "Llama 3 70B（70.6 B 参数）" in texts and not any("(" in t for t in texts)


def test_the_chinese_wizard_lists_models_as_the_editor_does(qtbot, controller):
    """The wizard's known models as the editor's combo names them: 'Llama 3 70B（70.6 B 参数）' (was
    'Llama 3 70B — 70.6 B 参数', an English spaced dash in Chinese)."""
    from configurator.app.i18n import language_for_a_while

    with language_for_a_while("zh_CN"):
        wizard = WorkloadWizard(controller)
        qtbot.addWidget(wizard)
        wizard.next()
        shown = [wizard.model_page.presets.item(r).text() for r in range(wizard.model_page.presets.count())]
    assert "Llama 3 70B（70.6 B 参数）" in shown and not any(" — " in text for text in shown)


# ---- 2. the spare servers beside the capex ----------------------------------------------------

def _decision(est, cost):
    return SimpleNamespace(scenario=est.scenario, estimate=est, cost=cost)


@pytest.mark.parametrize("language, expected", [
    ("en", "<b>Buy:</b> 96 cards of Instinct MI355X in 12 servers, plus 1 spare server (8 cards) — by"),
    ("zh_CN", "<b>购买：</b>96 张 Instinct MI355X，共 12 台服务器，另加 1 台备用服务器（8 张卡）——by")])
def test_the_wizard_says_the_spare_server_its_capex_buys(qtbot, spared, language, expected):
    est, cost = spared
    assert cost.bom.spare_servers == 1 and cost.bom.gpus_per_server == 8
    install_language(language)  # the English plural forms are a translation too
    try:
        page = SummaryPage(None)
        qtbot.addWidget(page)
        assert page._buy_line(_decision(est, cost), "by") == expected
        assert "spare" not in page._buy_line(_decision(est, None), "by")  # no cost shown: no spares said
    finally:
        install_language("en")


# ---- 3. ranked costs told apart ---------------------------------------

def test_ranked_costs_keep_three_significant_digits():
    assert unit_cost(0.0308, "USD") != unit_cost(0.0330, "USD")
    assert unit_cost(0.0308, "USD") == "0.0308\u00a0USD"


# ---- 4. the bill of materials: the summary's sign, quantities with their units ------------------

def test_the_residual_value_is_a_credit_as_in_the_summary():
    assert residual_text(974_728.0, "CNY") == "\u2212974,728\u00a0CNY"
    assert residual_text(0.0, "CNY") == "0\u00a0CNY"  # as its docstring says (was "0.00 CNY")


def test_the_bill_of_materials_says_what_each_quantity_counts(qtbot, catalog, spared):
    est, cost = spared
    by_unit = {line.unit: quantity_text(line) for line in cost.bom.lines}
    assert by_unit["per card"] in ("96 cards", "8 cards") and by_unit["per TB"] == "4.5 TB"
    rack = next(line for line in cost.bom.lines if line.unit == "per rack")  # its one-switch fabric: no network rack
    assert quantity_text(replace(rack, quantity=1)) == "1 rack"
    assert quantity_text(replace(rack, quantity=7)) == "7 racks"
    controller = ScenarioController(catalog, FINE_TUNE)
    controller.recompute()
    qtbot.waitUntil(lambda: controller.analysis is not None, timeout=60_000)
    panel = BomPanel(controller)
    qtbot.addWidget(panel)
    panel.update_from(controller.analysis)
    quantities = [panel.lines.item(r, 1).text() for r in range(panel.lines.rowCount())]
    assert "96 cards" in quantities and "12 servers" in quantities and "1 server" in quantities
    money = {panel.money.item(r, 0).text(): panel.money.item(r, 1).text() for r in range(panel.money.rowCount())}
    assert money["Residual value"].startswith("\u2212")


# ---- 5. a Chinese value is not broken a character a line ---------------------------------------

def test_a_chinese_value_is_as_wide_as_its_words(qtbot):
    field = QLabel()
    field.setWordWrap(True)
    qtbot.addWidget(field)
    metrics = field.fontMetrics()
    field.setText("帧缓冲")
    assert unbroken_width(field, "帧缓冲") >= metrics.horizontalAdvance("帧缓冲")
    field.setText("200 个用户中的 200")  # Chinese breaks anywhere: the whole value is its run (look46)
    assert unbroken_width(field, field.text()) == max(metrics.horizontalAdvance("200 个用户中的 200") + 1,
                                                      field.minimumSizeHint().width())
    field.setText("24 个用户")  # was cut "24 个用" / "户" beside its name
    assert unbroken_width(field, field.text()) >= metrics.horizontalAdvance("24 个用户")
    assert field.heightForWidth(unbroken_width(field, field.text())) == field.heightForWidth(1000)  # one line
    field.setText("96 of 200 users")  # short: one line, below its name (was three lines beside it)
    assert unbroken_width(field, field.text()) >= metrics.horizontalAdvance("96 of 200 users")
    field.setText("57,913 tokens/s (likely 48,010–62,297 tokens/s)")  # a long one still breaks at its spaces
    assert unbroken_width(field, field.text()) == max(metrics.horizontalAdvance("48,010–62,297") + 1,
                                                      field.minimumSizeHint().width())
    field.setText("很" * 40)
    assert unbroken_width(field, field.text()) < metrics.horizontalAdvance("很" * 40)  # a long run still wraps


# ---- 6. the layout fields only for the work that reads them ----------------------------------------

def test_a_graphics_job_reads_no_model_layout_and_serving_no_training_field():
    for path in READ_BY:
        assert not reads(Workload.VDI, path) and not reads(Workload.RENDER, path)
        assert reads(Workload.PRETRAIN, path)
    assert reads(Workload.INFERENCE, "parallelism.tp") and not reads(Workload.INFERENCE, "parallelism.zero")
    assert reads(Workload.VDI, "parallelism.cards_per_node")


def test_the_editor_shows_only_the_fields_the_work_reads(qtbot, controller):
    from configurator.app.editor import ScenarioEditor

    editor = ScenarioEditor(controller)
    qtbot.addWidget(editor)
    for workload in ("vdi", "inference", "pretrain"):
        controller.apply("workload", workload)
        editor._on_scenario_changed(controller.scenario)
        shown = {path for path, row in editor.layout_rows.items() if editor.cards_form.isRowVisible(row)}
        assert shown == {path for path in READ_BY if reads(Workload(workload), path)}, workload
