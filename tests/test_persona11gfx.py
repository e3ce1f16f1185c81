"""A graphics buyer's flows (session 41): the price dialog says whether a rent holds the NVIDIA vGPU
licence (``PriceEntry.vgpu_licence_included``), so a desktop rent the provider sells licensed is not
charged the bill's vGPU licences a second time."""

from __future__ import annotations

import json

from configurator.app import i18n
from configurator.app.card_dialog import PriceDialog
from configurator.app.controller import ScenarioController
from configurator.core.architecture import preset
from configurator.core.catalog import default_overlay_path, load_catalog
from configurator.core.economics import clear_price_basis_memo, price_basis
from configurator.core.procurement.tco import rent_includes_vgpu_licence
from configurator.core.scenario import Scenario


def _vdi() -> Scenario:
    return Scenario.model_validate({"workload": "vdi", "model": preset("llama3-8b").model_dump(),
                                    "card_id": "l4", "count": 13, "graphics": {"users": 300}})


def test_the_price_dialog_sets_whether_a_rent_holds_the_vgpu_licence(qtbot):
    controller = ScenarioController(load_catalog(), _vdi())
    dialog = PriceDialog(controller, controller.catalog.get("l4"))
    qtbot.addWidget(dialog)
    assert not dialog.vgpu_licence.isEnabled()  # a purchase price has no such field
    dialog.kind.setCurrentIndex(dialog.kind.findData("cloud-hourly"))
    assert dialog.vgpu_licence.isEnabled() and dialog.vgpu_licence.count() == 3
    dialog.vgpu_licence.setCurrentIndex(dialog.vgpu_licence.findData(True))
    dialog.amount.setValue(0.9)
    dialog.source.setText("provider's VDI offer, licence included")
    dialog.provider.setText("my cloud")
    dialog.date.setText("2026-10")
    assert dialog.save(), dialog.problem.text()
    saved = json.loads(default_overlay_path().read_text(encoding="utf-8"))
    assert [p.get("vgpu_licence_included") for p in saved["prices"]["l4"]] == [True]
    clear_price_basis_memo()
    scenario = controller.scenario
    basis = price_basis(load_catalog().get("l4"), scenario.economics, scenario.constraints.region)
    assert basis.cloud.entry.origin == "user" and rent_includes_vgpu_licence(basis)


def test_a_purchase_price_goes_back_to_not_stated(qtbot):
    controller = ScenarioController(load_catalog(), _vdi())
    dialog = PriceDialog(controller, controller.catalog.get("l4"))
    qtbot.addWidget(dialog)
    dialog.kind.setCurrentIndex(dialog.kind.findData("cloud-hourly"))
    dialog.vgpu_licence.setCurrentIndex(dialog.vgpu_licence.findData(False))
    dialog.kind.setCurrentIndex(dialog.kind.findData("quote"))
    assert not dialog.vgpu_licence.isEnabled()
    dialog.amount.setValue(2400)
    dialog.source.setText("quote 7")
    dialog.date.setText("2026-10")
    assert dialog.save(), dialog.problem.text()
    saved = json.loads(default_overlay_path().read_text(encoding="utf-8"))
    assert "vgpu_licence_included" not in saved["prices"]["l4"][0]


def test_the_vgpu_licence_box_speaks_chinese(qtbot):
    i18n.install_language("zh_CN")
    try:
        controller = ScenarioController(load_catalog(), _vdi())
        dialog = PriceDialog(controller, controller.catalog.get("l4"))
        qtbot.addWidget(dialog)
        texts = [dialog.vgpu_licence.itemText(i) for i in range(dialog.vgpu_licence.count())]
        assert texts[0].startswith("未说明") and texts[1].startswith("已含") and texts[2].startswith("不含")
        assert dialog.form.labelForField(dialog.vgpu_licence).text() == "租用价含 vGPU 许可"
        assert "vGPU" in dialog.vgpu_licence.toolTip() and "许可" in dialog.vgpu_licence.toolTip()
    finally:
        i18n.install_language("en")
