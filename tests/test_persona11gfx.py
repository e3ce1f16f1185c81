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


# ---- the video engines that decide a transcoding answer, said ---------------------------------


def _transcode(card_id: str, codec: str = "av1") -> Scenario:
    return Scenario.model_validate({"workload": "transcode", "model": preset("llama3-8b").model_dump(),
                                    "card_id": card_id, "count": 4,
                                    "graphics": {"streams": 200, "resolution": "2160p", "codec": codec}})


def test_the_capacity_rows_name_the_engines_each_video_limit_comes_from():
    from configurator.core.estimate import estimate
    from configurator.core.view.estimate_view import estimate_view
    from configurator.core.view.rows import write

    catalog = load_catalog()
    card = catalog.get("l4")  # 2 NVENC, 4 NVDEC: 4K AV1 at 30 frames/s, 4 streams on its encoders
    view = estimate_view(estimate(_transcode("l4"), card))
    rows = {row.key: row for section in view.sections for row in section.rows}
    assert write(rows["capacity.encoders"].value, "en") == f"4\u00a0streams ({card.video.nvenc} NVENC)"
    assert write(rows["capacity.decoders"].value, "en") == f"8\u00a0streams ({card.video.nvdec} NVDEC)"
    assert write(rows["capacity.encoders"].value, "zh_CN").endswith("（2 个 NVENC）")
    assert write(rows["limiting"].value, "en") == "video encoders (2 NVENC)"  # the key numbers' row
    assert write(rows["limiting"].value, "zh_CN") == "视频编码器（2 个 NVENC）"


def test_the_ranking_reason_names_the_engines_and_a_vgpu_limit_is_spaced_in_chinese():
    from configurator.core.estimate import estimate
    from configurator.core.view.rows import write
    from configurator.core.workloads import family_of

    catalog = load_catalog()
    est = estimate(_transcode("l4"), catalog.get("l4"))
    reason = family_of(est.scenario.workload).limit_reason(est)
    assert write(reason, "en") == "L4: 4 streams per card, limited by encoders (2 NVENC)"
    assert write(reason, "zh_CN") == "L4：每卡 4 路视频流，瓶颈在编码器（2 个 NVENC）"
    vdi = Scenario.model_validate({"workload": "vdi", "model": preset("llama3-8b").model_dump(), "card_id": "l40s",
                                   "count": 13, "graphics": {"users": 300}})
    said = write(family_of(vdi.workload).limit_reason(estimate(vdi, catalog.get("l40s"))), "zh_CN")
    assert said.endswith("瓶颈在 vGPU 实例数上限"), said  # was "瓶颈在vGPU", no space before the Latin word


def test_the_encode_sessions_box_counts_sessions_not_cards_in_chinese(qtbot):
    """The consumer encode-session limit shared the cards-per-server suffix, " 张/服务器" (cards) in
    Chinese: 8 encode sessions read as 8 cards a server."""
    from configurator.app.editor import ScenarioEditor

    i18n.install_language("zh_CN")
    try:
        controller = ScenarioController(load_catalog(), _transcode("l4"))
        editor = ScenarioEditor(controller)
        qtbot.addWidget(editor)
        assert editor.sessions.suffix() == " 路/服务器"
        assert editor.per_node.suffix() == " 张/服务器"
    finally:
        i18n.install_language("en")
    controller = ScenarioController(load_catalog(), _transcode("l4"))
    editor = ScenarioEditor(controller)
    qtbot.addWidget(editor)
    assert editor.sessions.suffix() == editor.per_node.suffix() == " per server"  # English as it was


# ---- a monitor attached to the card is a requirement, not only a warning --------------------------


def test_with_a_monitor_attached_cards_without_display_outputs_are_left_out_saying_why():
    """'Monitor attached' (``graphics.local_display``, --local-display) warned on the estimate only: the
    ranking for 40 designers still put 20 × T4 (no display outputs) second."""
    from configurator.core.recommend import recommend

    catalog = load_catalog()
    data = {"workload": "vdi", "model": preset("llama3-8b").model_dump(), "card_id": "rtx-a6000", "count": 7,
            "graphics": {"users": 40, "user_class": "designer", "monitors": 2, "resolution": "2160p"}}
    without = recommend(Scenario.model_validate(data), catalog)
    assert "t4" in {r.card.id for r in without.ranked}
    data["graphics"]["local_display"] = True  # workstations at the desks, priced by the buyer's quote (none on file)
    data["economics"] = {"quotes": [{"item": "workstation-1gpu", "unit_price": 4000, "currency": "USD",
                                     "date": "2026-12"}]}
    result = recommend(Scenario.model_validate(data), catalog)
    ranked = {r.card.id: r.card for r in result.ranked}
    assert ranked and all(card.display_outputs for card in ranked.values())
    assert result.rejected["t4"] == result.rejected["l4"] == "no display outputs for the attached monitor"


def test_an_av1_ranking_says_which_cards_lack_an_av1_encoder(capsys):
    """For AV1 a T4 or A10 was left out as "does not fit at any count tried" (its memory fits), and the
    table said nothing of why the cheapest transcoders were missing."""
    from configurator.cli import main
    from configurator.core.recommend import recommend

    av1 = recommend(_transcode("l4"), load_catalog())
    assert av1.rejected["t4"] == av1.rejected["a10"] == "no AV1 encoder"
    hevc = recommend(_transcode("l4", codec="hevc"), load_catalog())
    assert "t4" in {r.card.id for r in hevc.ranked}
    flags = ["recommend", "--workload", "transcode", "--streams", "200", "--resolution", "2160p", "--codec", "av1"]
    assert main(flags) == 0
    out = capsys.readouterr().out
    assert "cards without an AV1 encoder among them (T4, A10" in out and "--codec hevc ranks them" in out
    assert main([*flags, "--lang", "zh_CN"]) == 0
    assert "种卡没有 AV1 编码器（T4、A10" in capsys.readouterr().out


def test_a_rents_vgpu_licence_is_said_on_its_price_row():
    """A rent's ``vgpu_licence_included`` is said where its price is listed (the card view, ``catalog
    show``), the user's own rent typed in the dialog too, which carries no note of the provider's words."""
    from configurator.core.view.card_view import price_description
    from configurator.core.view.rows import write

    azure = next(p for p in load_catalog().get("a10").prices if p.vgpu_licence_included)
    assert "; vGPU licence included; " in write(price_description(azure), "en")
    assert "；含 vGPU 许可；" in write(price_description(azure), "zh_CN")
    lambda_rent = next(p for p in load_catalog().get("a10").prices if p.provider == "Lambda")
    assert "vGPU licence" not in write(price_description(lambda_rent), "en")  # its sources do not say
