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


def _below_line(*verdicts):
    """A configuration below the line breaking ``verdicts`` (each: id, kind, share), its reasons their messages."""
    from configurator.core.messages import Message

    found = [SimpleNamespace(id=id_, kind=kind, share=share, message=Message(f"{id_}-broken", {}))
             for id_, kind, share in verdicts]
    return SimpleNamespace(reasons=[v.message for v in found], estimate=SimpleNamespace(violations=found))


@pytest.mark.parametrize(("verdicts", "en", "zh"), [
    ([("budget", "ceiling", 1.4922)], "Budget +149\u00a0%", "预算超出 149%"),
    ([("request-rate", "floor", 0.3)], "Request rate −30\u00a0%", "请求率不足 30%"),
    ([("region", "rule", None), ("budget", "ceiling", 0.2)], "Delivery region", "交付地区"),
])
def test_what_a_row_below_the_line_breaks_has_brief_words(verdicts, en, zh):
    from configurator.core.view.ranking_view import breaks_brief
    from configurator.core.view.rows import write

    brief = breaks_brief(_below_line(*verdicts))
    assert (write(brief, "en"), write(brief, "zh_CN")) == (en, zh)


def test_the_limit_column_shows_the_brief_words_where_the_whole_do_not_fit(qapp):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

    from configurator.app.recommend_columns import CELL_PADDING_PX, LIMIT_COLUMN, RankingColumns

    table = QTableWidget(1, 6)
    whole, brief = "Capex 284,000 USD (cards, servers, racks): over budget by 170,035 USD (149 %)", "Budget +149 %"
    item = QTableWidgetItem(whole)
    item.setData(Qt.ItemDataRole.UserRole, (whole, brief))
    table.setItem(0, LIMIT_COLUMN, item)
    columns = RankingColumns()
    columns.table = table
    words, short = columns._breaks_px()
    assert short == table.fontMetrics().horizontalAdvance(brief) + CELL_PADDING_PX < words
    columns._show_breaks(short)
    assert item.text() == brief
    columns._show_breaks(words)
    assert item.text() == whole
