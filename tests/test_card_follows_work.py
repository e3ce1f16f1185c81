"""A change of workload moves the card where the old one is not a card for the new work, or sat on the old
work's default (its region's included), and says so on the status bar (ui46): a Chinese window on the
Ascend 910B switched to virtual desktops kept that card, which has no display outputs."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.region import delivery_problem
from configurator.core.scenario import Scenario, Workload, updated
from configurator.core.workloads import families, family_of
from configurator.core.workloads.job_defaults import region_default_card, with_default_card


def test_every_regional_default_is_sold_there_and_a_card_for_the_work():
    catalog = load_catalog()
    for family in families():
        for region, card_id in family.default_card_for_region.items():
            card = catalog.get(card_id)
            assert delivery_problem(card, region) is None, (family.name, card_id)
            assert all(family.can_run(card, w) for w in family.workloads), (family.name, card_id)


def test_the_rule_in_a_chinese_region():
    catalog = load_catalog()
    before = Scenario(model=preset("llama3-8b"), workload="finetune", card_id="ascend-910b",
                      constraints={"region": "cn"})
    desktops = with_default_card(updated(before, workload="vdi"), before, known=catalog)
    assert region_default_card(desktops) == desktops.card_id == "rtx-a6000"
    back = with_default_card(updated(desktops, workload="finetune"), desktops, known=catalog)
    assert back.card_id == "ascend-910b"
    typed = with_default_card(updated(before, workload="render"), before, typed=True, known=catalog)
    assert typed.card_id == "rtx-a6000"  # chosen, but no ray-tracing cores nor display outputs
    named = with_default_card(updated(before, workload="render"), before, known=catalog, named=True)
    assert named.card_id == "ascend-910b"  # named in the same change (the wizard's answer): kept
    video = with_default_card(updated(before, workload="transcode"), before, known=catalog)
    assert video.card_id == "t4" and family_of(Workload.TRANSCODE).can_run(catalog.get("t4"), Workload.TRANSCODE)


def test_a_chosen_card_is_kept_where_it_can_do_the_work():
    catalog = load_catalog()
    a6000 = Scenario(model=preset("llama3-8b"), workload="finetune", card_id="rtx-6000-ada")
    assert with_default_card(updated(a6000, workload="vdi"), a6000, typed=True, known=catalog).card_id == "rtx-6000-ada"
    same = updated(a6000, workload="vdi", card_id="h100-sxm")  # the work unchanged: nothing moves
    more = updated(same, graphics={"users": 10})
    assert with_default_card(more, same, typed=True, known=catalog).card_id == "h100-sxm"


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Ascend 910B is not a card for Virtual desktops / cloud workstations (no display outputs); "
           "the card is now RTX A6000"),
    ("zh_CN", "昇腾 910B 不适合虚拟桌面 / 云工作站（无显示输出）；加速卡已换为 RTX A6000")])
def test_a_chinese_window_on_the_ascend_switched_to_desktops(qtbot, tmp_path, monkeypatch, language, said):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from configurator.app import i18n
    from configurator.app.main import build_main_window

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", "zh_CN")
    window = build_main_window(settings)
    qtbot.addWidget(window)
    try:
        window.set_language(language)
        controller = window.controller
        assert controller.scenario.card_id == "ascend-910b" and controller.scenario.constraints.region == "cn"
        assert controller.apply("workload", "vdi")
        assert controller.scenario.card_id == "rtx-a6000"
        assert window.statusBar().currentMessage() == said
        window.statusBar().clearMessage()
        assert controller.apply("card_id", "a10") and controller.apply("workload", "render")
        assert controller.scenario.card_id == "a10"  # the user's card, able to render: kept, nothing said
        assert window.statusBar().currentMessage() == ""
    finally:
        window.controller.undo_stack.setClean()
        i18n.install_language("en")
