"""Session 50's polish (what persona50 saw and left): the memory chart counts a chip-counted card in chips
('8 颗 NPU' over 昇腾 910C 服务器, where it read '8 张卡'), and a budget typed in another currency is shown
converted to the texts' precision ('84.24 万元', where it read '84.2364 万元') while the box holds the amount
exact."""

from __future__ import annotations

from types import SimpleNamespace

import pytest


@pytest.mark.parametrize(("card_id", "language", "full", "short"), [
    ("ascend-910c-a3-server", "zh_CN", "8 颗 NPU", "8 颗"),
    ("ascend-910c-a3-server", "en", "8 NPUs", "×8"),
    ("h100-sxm", "zh_CN", "8 张卡", "8 张"),
    ("h100-sxm", "en", "8 cards", "×8"),
])
def test_the_memory_bar_counts_a_chip_counted_card_in_chips(qapp, catalog, card_id, language, full, short):
    from configurator.app import i18n
    from configurator.app.memory_bars import bar_count_text

    card = next(c for c in catalog.cards if c.id == card_id)
    estimate = SimpleNamespace(card=card, scenario=SimpleNamespace(count=8))
    i18n.install_language(language)
    assert (bar_count_text(estimate), bar_count_text(estimate, short=True)) == (full, short)


def _chinese_budget(qtbot, controller):
    from configurator.app import i18n
    from configurator.app.wizard import WorkloadWizard
    from configurator.core.currency import with_currency

    i18n.install_language("zh_CN")
    controller.replace(with_currency(controller.scenario, "CNY"))
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("vdi")
    wizard.next()
    wizard.next()
    return wizard.limits.budget


def _type(qtbot, box, text: str) -> None:
    from PySide6.QtCore import Qt

    box.setFocus()
    box.lineEdit().selectAll()
    box.lineEdit().insert(text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def test_a_converted_budget_reads_as_the_texts_write_it_and_stays_exact(qtbot, controller):
    from PySide6.QtCore import Qt

    from configurator.core.view.numbers import money

    box = _chinese_budget(qtbot, controller)
    _type(qtbot, box, "120k USD")
    exact = round(120_000 * controller.scenario.economics.usd_to_currency)
    assert box.value() == pytest.approx(exact)
    assert box.lineEdit().text() == money(exact, "CNY", "zh_CN").replace("\u00a0", " ")  # '84.24 万元'
    assert len(box.lineEdit().text().split()[0].split(".")[-1]) == 2
    box.setFocus()  # Qt reads the text back when editing ends: the exact amount kept, not the rounded one
    qtbot.keyClick(box, Qt.Key.Key_Return)
    box.clearFocus()
    assert box.value() == pytest.approx(exact)


def test_an_amount_typed_after_a_conversion_is_written_exact_again(qtbot, controller):
    box = _chinese_budget(qtbot, controller)
    _type(qtbot, box, "120k USD")
    _type(qtbot, box, "345.6789万")
    assert box.value() == 3_456_789
    assert box.lineEdit().text() == "345.6789 万元"
