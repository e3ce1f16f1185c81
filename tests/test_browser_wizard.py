"""Card browser and workload wizard with real widgets."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QWizard

from configurator.app.browser import CARD_ROLE, CardBrowser
from configurator.app.card_dialog import CardDialog, PriceDialog
from configurator.app.wizard import WorkloadWizard
from configurator.core.catalog import default_overlay_path, load_catalog
from configurator.core.units import Precision
from configurator.core.procurement.card_price import purchase_entry


@pytest.fixture
def browser(qtbot, controller):
    b = CardBrowser(controller)
    qtbot.addWidget(b)
    b.show()
    return b


def shown_ids(browser) -> list[str]:
    return [browser.proxy.index(r, 0).data(CARD_ROLE).id for r in range(browser.proxy.rowCount())]


def test_browser_lists_whole_catalog(browser, controller):
    assert browser.proxy.rowCount() == len(controller.catalog.cards)


def test_browser_filters(browser):
    browser.class_filter.setCurrentIndex(browser.class_filter.findData("graphics"))
    shown = [browser.proxy.index(r, 0).data(CARD_ROLE) for r in range(browser.proxy.rowCount())]
    # the graphics class, and the cards their vendor also positions for graphics (the L40S, NVIDIA's 'universal
    # GPU … to 3D graphics, rendering, and video': Card.also_classes, classes47)
    assert {c.id for c in shown if c.category != "graphics"} == {"l40s"}
    assert all(c.positioned_for(("graphics",)) for c in shown)
    browser.class_filter.setCurrentIndex(0)
    browser.precision_filter.setCurrentIndex(browser.precision_filter.findData(Precision.FP4))
    assert "b200" in shown_ids(browser) and "h100-sxm" not in shown_ids(browser)
    browser.precision_filter.setCurrentIndex(0)
    browser.memory_filter.setValue(150)
    assert browser.proxy.rowCount() > 0
    assert all(browser.proxy.index(r, 0).data(CARD_ROLE).memory_gb >= 150 for r in range(browser.proxy.rowCount()))
    browser.memory_filter.setValue(0)
    browser.link_filter.setChecked(True)
    assert "l40s" not in shown_ids(browser) and "h100-sxm" in shown_ids(browser)
    browser.link_filter.setChecked(False)
    browser.vendor_filter.setCurrentIndex(browser.vendor_filter.findData("AMD"))
    assert set(shown_ids(browser)) == {"mi300x", "mi325x", "mi250x", "mi355x", "mi350x"}  # MI350X added in 2026.12
    browser.vendor_filter.setCurrentIndex(0)
    browser.software_filter.setCurrentIndex(browser.software_filter.findData("tensorrt-llm"))
    assert "h100-sxm" in shown_ids(browser) and "mi300x" not in shown_ids(browser)
    browser.software_filter.setCurrentIndex(0)
    browser.search.setText("ascend")
    assert set(shown_ids(browser)) == {"ascend-910b", "ascend-910c", "ascend-910c-a3-server", "ascend-950pr",
                                       "atlas-300i-duo"}  # the Atlas 300I Duo's two Ascend 310P (cncards46)


def test_browser_sorts_by_memory(browser):
    browser.table.sortByColumn(3, browser.table.horizontalHeader().sortIndicatorOrder().DescendingOrder)
    memories = [browser.proxy.index(r, 0).data(CARD_ROLE).memory_gb for r in range(browser.proxy.rowCount())]
    assert memories == sorted(memories, reverse=True)


def test_details_show_sources_prices_and_low_confidence(browser):
    browser.select_ids(["ascend-910b"])
    text = browser.details.toPlainText()
    assert "Sources" in text and "Low confidence" in text
    browser.select_ids(["h100-sxm"])
    text = browser.details.toPlainText()
    assert "989.5" in text or "990" in text
    assert "cloud, per card-hour, 2026-05" in text


def test_details_show_software_export_and_price_confidence(browser):
    browser.select_ids(["mi300x"])
    text = browser.details.toPlainText()
    assert "Software stack: ROCm" in text and "vLLM\nsupported" in text and "TensorRT-LLM\nnone" in text
    assert "Export to China: licence required" in text and "TPP 20,919" in text
    assert "confidence: medium" in text
    browser.select_ids(["l2"])  # no public price (H20 gained dated reports in issue 25)
    assert "No dated public price found" in browser.details.toPlainText()


def test_compare_two_to_four(browser, controller):
    browser.select_ids(["h100-sxm"])
    assert not browser.compare_button.isEnabled()
    browser.select_ids(["h100-sxm", "l40s", "mi300x"])
    assert browser.compare_button.isEnabled()
    dialog = browser.compare_selected()
    assert dialog.table.columnCount() == 3
    assert dialog.wait()  # the estimates are worked out on the worker
    rows = [dialog.table.verticalHeaderItem(r).text() for r in range(dialog.table.rowCount())]
    assert "Memory per card" in rows and any(r.startswith("Cost per million tokens — ") for r in rows)
    assert {"Software stack", "Price confidence", "Export to China"} <= set(rows)
    stack = [dialog.table.item(rows.index("Software stack"), c).text() for c in range(3)]
    assert stack[0].startswith("CUDA") and stack[2].startswith("ROCm")
    assert set(controller.compared) == {"h100-sxm", "l40s", "mi300x"}
    dialog.close()


def test_compare_for_graphics_work(browser, controller):
    controller.apply_many({"workload": "transcode", "parallelism.zero": 0, "graphics.streams": 60})
    browser.select_ids(["h100-sxm", "l4", "l40s"])
    dialog = browser.compare_selected()
    assert dialog.wait()
    rows = {dialog.table.verticalHeaderItem(r).text(): r for r in range(dialog.table.rowCount())}
    assert {"Video engines", "vGPU", "Cards needed"} <= set(rows)  # as the results panel says
    assert any(r.startswith("Cost per stream-hour — ") for r in rows)  # with its basis named
    assert not any("million tokens" in r for r in rows)
    engines = [dialog.table.item(rows["Video engines"], c).text() for c in range(3)]
    assert engines[0].startswith("0 NVENC")
    details = browser.details.toPlainText()
    assert "Ray-tracing cores" in details and "vGPU" in details
    dialog.close()


def test_use_card_sets_scenario(browser, controller):
    browser.select_ids(["a100-sxm-80gb"])
    browser.use_button.click()
    assert controller.scenario.card_id == "a100-sxm-80gb"


def test_add_own_card_goes_to_overlay_only(qtbot, browser, controller):
    dialog = CardDialog(controller, None, browser)
    qtbot.addWidget(dialog)
    dialog.id.setText("lab-card")
    dialog.name.setText("Lab card 64 GB")
    dialog.vendor.setText("Our lab")
    dialog.memory.setValue(64)
    dialog.bandwidth.setValue(2000)
    dialog.tdp.setValue(400)
    dialog.rates[Precision.BF16].setValue(300)
    assert not dialog.save()  # no source yet
    assert "sources" in dialog.problem.text()
    dialog.sources.setPlainText("our measurement, 2026-11")
    assert dialog.save()
    assert "lab-card" in controller.catalog
    assert "lab-card" in shown_ids(browser)
    overlay = json.loads(default_overlay_path().read_text())
    assert overlay["cards"][0]["id"] == "lab-card"
    assert "lab-card" not in load_catalog(default_overlay_path().with_name("none.json"))


def test_add_price(qtbot, browser, controller):
    dialog = PriceDialog(controller, controller.catalog.get("l40s"), browser)
    qtbot.addWidget(dialog)
    dialog.amount.setValue(7999)
    dialog.source.setText("quote 42")
    dialog.confidence.setCurrentIndex(dialog.confidence.findData("medium"))
    assert dialog.save()
    assert purchase_entry(controller.catalog.get("l40s")).amount == 7999
    assert purchase_entry(controller.catalog.get("l40s")).confidence == "medium"


def _finish(wizard: WorkloadWizard) -> None:
    for _ in wizard.pageIds():
        if wizard.currentId() == wizard.pageIds()[-1]:
            break
        wizard.next()
    assert wizard.currentId() == wizard.pageIds()[-1]
    wizard.accept()


def test_wizard_training_path(qtbot, controller):
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("pretrain")
    wizard.next()
    wizard.model_page.presets.setCurrentRow(
        [wizard.model_page.presets.item(r).data(256) for r in range(wizard.model_page.presets.count())]
        .index("llama2-7b"))
    wizard.next()
    wizard.load.tokens.setValue(1000)  # 1 T tokens
    wizard.load.deadline.setValue(720)  # [h]: 30 days
    wizard.next()
    wizard.limits.card.setCurrentIndex(wizard.limits.card.findData("h100-sxm"))
    wizard.next()
    assert wizard.summary.wait()  # worked out on a worker thread
    assert "H100" in wizard.summary.text.toPlainText()
    _finish(wizard)
    s = controller.scenario
    assert s.workload.value == "pretrain" and s.model.n_layers == 32 and s.card_id == "h100-sxm"
    assert s.count >= 8 and s.precision is Precision.BF16
    result = controller.recompute().estimate
    assert result.fits and result.hours <= 30 * 24
    controller.undo_stack.undo()
    assert controller.scenario.workload.value == "finetune"


def test_wizard_inference_path(qtbot, controller):
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("inference")
    wizard.next()
    wizard.model_page.size.setValue(8.0)
    wizard.next()
    wizard.load.users.setValue(8)
    wizard.load.rate.setValue(3)
    wizard.load.latency.setValue(60)
    wizard.next()
    wizard.limits.card.setCurrentIndex(wizard.limits.card.findData("l40s"))
    _finish(wizard)
    s = controller.scenario
    assert s.workload.value == "inference" and s.card_id == "l40s"
    assert s.constraints.requests_per_s == 3
    result = controller.recompute().estimate
    assert result.fits and result.serving.requests_per_s >= 3


def test_wizard_reopens_with_current_scenario(qtbot, controller):
    controller.apply("workload", "lora")
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    assert wizard.goal.workload() == "lora"
    assert wizard.model_page.model() == controller.scenario.model


def test_wizard_config_import(qtbot, controller, tmp_path):
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    path = tmp_path / "config.json"
    path.write_text("[]")
    assert not wizard.model_page.import_file(path)
    assert "object" in wizard.model_page.problem.text()
    assert wizard.wizardStyle() == QWizard.WizardStyle.ClassicStyle
