"""A buyer who will buy used cards says so (``Economics.accept_used``, ``--allow-used``, the editor's
check box): a card whose only purchase price is a used or refurbished card's is then ranked and billed
at it, and every screen says so; a new card's price, where there is one, is still the one used."""

from __future__ import annotations

import json

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import default_overlay_path, load_bundled_catalog, load_catalog
from configurator.core.economics import bought_used, clear_price_basis_memo, price_basis
from configurator.core.estimate import clear_estimate_memo
from configurator.core.fields import BY_PATH
from configurator.core.recommend import Objective, recommend
from configurator.core.recommend_costs import ownership_cost
from configurator.core.scenario import Economics, Scenario
from configurator.core.view.price_view import price_note, price_value
from configurator.core.view.rows import write
from used_only_card import VDI_CN, used_only_card


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _vdi(accept_used: bool) -> Scenario:
    return Scenario.model_validate({"workload": "vdi", "model": preset("llama3-8b").model_dump(),
                                    "card_id": "l40s", "count": 1, "graphics": {"users": 500},
                                    "constraints": {"region": "cn"}, "economics": {"accept_used": accept_used}})


def test_the_opt_in_is_one_registry_field_off_by_default():
    entry = BY_PATH["economics.accept_used"]
    assert entry.flag == "--allow-used" and entry.cli_form == "set"
    assert Economics().accept_used is False


def test_a_used_only_card_is_priced_at_its_used_price_only_when_the_buyer_takes_used_cards(catalog):
    clear_estimate_memo()
    clear_price_basis_memo()
    card_id = used_only_card()
    card = load_catalog().get(card_id)
    assert price_basis(card, Economics(), None).card_price is None
    basis = price_basis(card, Economics(accept_used=True), None)
    assert basis.card_price == 2800 and basis.used_only is None and bought_used(basis)
    assert basis.card.entry.condition == "used"
    said = next(f for f in basis.card_flags if f.id == "price-used-bought")
    assert said.text == "used price, 2026, specpicks.com — no warranty from the maker"
    assert said.text_in("zh_CN") == "二手卡价格，2026，specpicks.com——无原厂保修"
    said = [m for m in basis.messages if "purchase" in m.id]  # nothing left unpriced: said as bought used
    assert [m.id for m in said] == ["purchase-price-used-bought"]
    assert said[0].text == ("RTX A6000 used: priced as a used card, as you accept used cards: 2,800 USD "
                            "(specpicks.com, 2026) — no warranty from the maker")
    # a new card's price, where there is one, is still the one used: never a used one silently
    a6000 = price_basis(catalog.get("rtx-a6000"), Economics(accept_used=True), None)
    assert a6000.card.entry.condition == "new" and not bought_used(a6000)
    # the user's own figure stays the user's
    assert not bought_used(price_basis(card, Economics(accept_used=True, card_price=3000.0), None))


def test_the_ranking_row_and_the_bill_say_the_cards_are_used(catalog):
    clear_estimate_memo()
    card_id = used_only_card()
    mine = load_catalog()
    off = recommend(_vdi(False), mine, Objective.TCO)
    assert card_id not in {r.card.id for r in off.ranked}
    result = recommend(_vdi(True), mine, Objective.TCO)
    rec = next(r for r in result.ranked if r.card.id == card_id)
    assert write(price_value(rec.estimate, Objective.TCO)) .replace("\xa0", " ") == "used: 2,800 USD, street 2026, yours *"
    assert write(price_value(rec.estimate, Objective.TCO), "zh_CN").startswith("二手：")
    assert "no warranty from the maker" in write(price_note(rec.estimate, Objective.TCO))
    assert "无原厂保修" in write(price_note(rec.estimate, Objective.TCO), "zh_CN")
    lines = [line for line in ownership_cost(rec.estimate).bom.lines if line.kind == "accelerator"]
    assert lines and lines[0].unit_price == 2800
    for other in result.ranked:  # every card with a new card's price keeps it
        if other.card.id != card_id:
            assert other.estimate.costs.prices.card.entry.condition == "new", other.card.id


def test_the_command_line_takes_used_cards_with_allow_used(capsys, tmp_path):
    from configurator.cli import main

    clear_estimate_memo()
    card_id = used_only_card()
    assert main(["recommend", *VDI_CN, "--allow-used", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    mine = next(r for r in out["ranked"] if r["card"]["id"] == card_id)
    assert mine["price"]["condition"] == "used" and mine["price"]["amount"] == 2800
    assert "price-used-bought" in mine["price"]["flags"]
    assert any("no warranty from the maker" in text for text in mine["price"]["flag_texts"])
    for language, said in (("en", "no warranty from the maker"), ("zh_CN", "无原厂保修")):
        assert main(["recommend", *VDI_CN, "--allow-used", "--lang", language]) == 0
        assert said in capsys.readouterr().out
        assert main(["estimate", *VDI_CN, "--card", card_id, "--count", "21", "--allow-used",
                     "--lang", language]) == 0
        assert said in capsys.readouterr().out
        path = tmp_path / f"summary-{language}.md"
        assert main(["report", *VDI_CN, "--card", card_id, "--count", "21", "--allow-used", "--lang", language,
                     "-o", str(path)]) == 0
        capsys.readouterr()
        first_page = path.read_text(encoding="utf-8")[:6000]
        assert said in first_page, language
    assert main(["recommend", *VDI_CN, "--lang", "en"]) == 0  # without it: not ranked, named as information
    assert "only a price for used cards is published" in capsys.readouterr().out


# ---- the window ---------------------------------------------------------------------------------


def test_the_price_dialog_saves_the_condition_with_the_row(qtbot):
    from configurator.app.card_dialog import PriceDialog
    from configurator.app.controller import ScenarioController

    controller = ScenarioController(load_catalog(), _vdi(False))
    dialog = PriceDialog(controller, controller.catalog.get("rtx-a6000"))
    qtbot.addWidget(dialog)
    assert dialog.condition.currentData() == "new"  # the default
    assert [dialog.condition.itemData(i) for i in range(dialog.condition.count())] == ["new", "used", "refurbished"]
    dialog.amount.setValue(2500)
    dialog.source.setText("marketplace listing 7")
    dialog.date.setText("2026-10")
    dialog.condition.setCurrentIndex(dialog.condition.findData("used"))
    assert dialog.save()
    saved = json.loads(default_overlay_path().read_text(encoding="utf-8"))
    assert [p["condition"] for p in saved["prices"]["rtx-a6000"]] == ["used"]
    mine = [p for p in load_catalog().get("rtx-a6000").prices if p.origin == "user"]
    assert [(p.amount, p.condition) for p in mine] == [(2500, "used")]
    rent = PriceDialog(controller, controller.catalog.get("rtx-a6000"))  # a rent buys no card: not used
    qtbot.addWidget(rent)
    rent.amount.setValue(1.2)
    rent.source.setText("a provider")
    rent.date.setText("2026-10")
    rent.kind.setCurrentIndex(rent.kind.findData("cloud-hourly"))
    rent.condition.setCurrentIndex(rent.condition.findData("used"))
    assert not rent.save() and rent.problem.text()


def test_the_editor_check_box_sets_the_opt_in(qtbot):
    from configurator.app.controller import ScenarioController
    from configurator.app.editor import ScenarioEditor

    controller = ScenarioController(load_catalog(), _vdi(False))
    editor = ScenarioEditor(controller)
    qtbot.addWidget(editor)
    assert not editor.accept_used.isChecked()
    editor.accept_used.setChecked(True)
    assert controller.scenario.economics.accept_used is True
    assert "no warranty from the maker" in editor.accept_used.toolTip()


def test_the_windows_bill_says_the_cards_are_used(qtbot):
    from configurator.app.bom_panel import BomPanel
    from configurator.app.controller import ScenarioController

    clear_estimate_memo()
    card_id = used_only_card()
    scenario = _vdi(True).model_copy(update={"card_id": card_id, "count": 21})
    controller = ScenarioController(load_catalog(), scenario)
    panel = BomPanel(controller)
    qtbot.addWidget(panel)
    panel.update_from(controller.recompute())
    sources = [panel.lines.item(row, 4).text() for row in range(panel.lines.rowCount())]
    assert "used price, 2026, specpicks.com — no warranty from the maker" in sources[0]
