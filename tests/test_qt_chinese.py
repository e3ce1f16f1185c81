"""All Chinese in the Chinese window (issue 30, part 7): Qt's own dialogs (file, print, message
box, standard buttons, a text field's menu) through Qt's translations and the app's supplement,
and the undo history named in the language shown, also after a switch."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDialogButtonBox,
    QFileDialog,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QTreeView,
    QWidget,
)

from configurator.app import i18n
from configurator.app.controller import ScenarioController
from configurator.app.main import app_icon, default_scenario
from configurator.app.main_window import MainWindow
from configurator.core.catalog import load_catalog
from configurator.core.formulas.economics import ELECTRICITY_PER_KWH


@pytest.fixture
def chinese(qapp):
    i18n.install_language("zh_CN")
    yield
    i18n.install_language("en")


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    controller = ScenarioController(load_catalog(), default_scenario())
    w = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    yield w
    w.controller.undo_stack.setClean()
    i18n.install_language("en")


def english(text: str) -> bool:
    """Holds an English word (two letters or more; paths, file patterns and units stripped)."""
    text = text.replace("&", "").partition("\t")[0]  # a menu entry's shortcut: key names
    plain = re.sub(r"\(\*[^)]*\)|/\S*|\b(?:PDF|JSON|CSV|GiB|KB|MB)\b", " ", text)
    return re.search(r"[A-Za-z]{2,}", plain) is not None


def dialog_texts(root: QWidget) -> list[str]:
    """Every label, button, group title, tooltip, combo entry and header a user reads."""
    texts = [root.windowTitle()]
    for widget in [root, *root.findChildren(QWidget)]:
        if isinstance(widget, QLabel | QAbstractButton | QLineEdit) and not isinstance(widget, QLineEdit):
            texts.append(widget.text())
        if isinstance(widget, QGroupBox):
            texts.append(widget.title())
        if isinstance(widget, QComboBox) and not widget.isEditable():
            texts += [widget.itemText(i) for i in range(widget.count())]
        if isinstance(widget, QTreeView) and widget.model() is not None:
            model = widget.model()
            texts += [str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in range(model.columnCount())]
        texts += [widget.toolTip(), widget.accessibleName()]
        texts += [action.text() for action in widget.actions()]
    return [t for t in texts if t]


@pytest.mark.parametrize("mode", [QFileDialog.AcceptMode.AcceptOpen, QFileDialog.AcceptMode.AcceptSave])
def test_qts_file_dialog_is_chinese(qtbot, chinese, tmp_path, mode):
    (tmp_path / "folder").mkdir()
    (tmp_path / "job.gpuconf.json").write_text("{}")
    dialog = QFileDialog(None, "方案", str(tmp_path), "方案文件 (*.gpuconf.json)")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setAcceptMode(mode)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.findChild(QTreeView).model().rowCount(dialog.findChild(QTreeView).rootIndex()) > 0)
    texts = dialog_texts(dialog)
    assert "查找范围(&L)：" in texts and "文件类型(&T)：" in texts  # "Look in:", "Files of type:" before
    view = dialog.findChild(QTreeView)
    kinds = {view.model().index(row, 2, view.rootIndex()).data() for row in range(2)}
    assert "文件夹" in kinds  # the type column: "Folder" before
    assert [t for t in texts if english(t)] == []


def test_qts_print_dialog_message_box_and_buttons_are_chinese(qtbot, chinese):
    from PySide6.QtPrintSupport import QPrintDialog

    dialog = QPrintDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    texts = dialog_texts(dialog)
    assert "页面组(&S)：" in texts  # "Page &Set:" before
    box = QMessageBox(QMessageBox.Icon.Question, "标题", "正文",
                      QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                      | QMessageBox.StandardButton.Cancel)
    qtbot.addWidget(box)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                               | QDialogButtonBox.StandardButton.Yes | QDialogButtonBox.StandardButton.No
                               | QDialogButtonBox.StandardButton.RestoreDefaults)
    qtbot.addWidget(buttons)
    field = QLineEdit()
    qtbot.addWidget(field)
    menu = field.createStandardContextMenu()
    texts += dialog_texts(box) + [b.text() for b in buttons.buttons()] + [a.text() for a in menu.actions()]
    menu.deleteLater()
    assert [t for t in texts if english(t)] == []
    assert menu.actions()[0].text().startswith("撤销(&U)")  # as the Edit menu says it (Qt's own: 撤消)


def test_the_page_setup_widget_is_chinese(qapp, chinese):
    assert qapp.translate("QPageSetupWidget", "Page &order:") == "页面顺序(&O)："
    assert qapp.translate("QPageSetupWidget", "Pages &per sheet:") == "每张页数(&P)："


def test_qts_translations_are_loaded_with_the_apps_and_dropped_in_english(qapp):
    i18n.install_language("zh_CN")
    try:
        assert qapp.translate("QPlatformTheme", "Cancel") == "取消"  # qtbase_zh_CN.qm
        assert qapp.translate("QFileDialog", "&Look in:") == "查找范围(&L)："  # the supplement
    finally:
        i18n.install_language("en")
    assert qapp.translate("QPlatformTheme", "Cancel") == "Cancel"
    assert qapp.translate("QFileDialog", "&Look in:") == "&Look in:"


def test_switching_back_and_forth_keeps_one_set_of_translators(qapp):
    from PySide6.QtCore import QEvent, QTranslator

    for _ in range(3):
        i18n.install_language("zh_CN")
        i18n.install_language("en")
    i18n.install_language("zh_CN")
    qapp.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    try:
        assert len(qapp.findChildren(QTranslator)) == 3  # the app's, Qt's and the supplement
    finally:
        i18n.install_language("en")
        qapp.sendPostedEvents(None, QEvent.Type.DeferredDelete)


# ---- the undo history after a switch ----------------------------------------------------------

def test_undo_and_redo_are_named_in_the_language_shown(qtbot, window):
    c = window.controller
    c.apply("count", 16)
    c.apply("training.micro_batch", 2)
    c.undo_stack.undo()
    assert window.undo_action.text() == "&Undo Change card count"
    assert window.redo_action.text() == "&Redo Change micro-batch"
    window.set_language("zh_CN")
    assert window.undo_action.text() == "撤销(&U) 修改卡数"  # was "撤销 Change card count"
    assert not english(window.redo_action.text())
    assert [c.undo_stack.text(i) for i in range(c.undo_stack.count())] == ["修改卡数", "修改微批"]
    window.set_language("en")
    assert window.undo_action.text() == "&Undo Change card count"
    assert window.redo_action.text() == "&Redo Change micro-batch"


def test_steps_made_in_chinese_read_in_english_after_a_switch(qtbot, window):
    c = window.controller
    window.set_language("zh_CN")
    c.set_auto("tp", False, {"parallelism.tp": 2})
    c.apply_many({"count": 4}, text=("MainWindow", "Recover unsaved changes"))
    assert not english(c.undo_stack.text(0)) and not english(c.undo_stack.text(1))
    window.set_language("en")
    assert c.undo_stack.text(0) == "Pin tensor parallel"
    assert c.undo_stack.text(1) == "Recover unsaved changes"


def test_a_fixed_text_stays_as_given(qtbot, window):
    c = window.controller
    c.apply_many({"count": 4}, text="Imported from Excel")
    window.set_language("zh_CN")
    assert c.undo_stack.text(0) == "Imported from Excel"


def test_the_window_has_the_apps_icon(qapp):
    icon = app_icon()
    assert not icon.isNull()
    assert icon.pixmap(64, 64).width() == 64


# ---- one currency: the window's currency box ---------------------------------------------------

def test_choosing_yuan_in_the_window_converts_the_money(qtbot, window):
    from configurator.core.procurement.prices import bundled_price_book

    rates = bundled_price_book().rates
    c = window.controller
    c.apply("economics.card_price", 25_000.0)
    box = window.editor.currency
    box.setCurrentIndex(box.findData("CNY"))
    e = c.scenario.economics
    assert (e.currency, e.usd_to_currency) == ("CNY", rates["usd_to_cny"].value)
    assert e.card_price == pytest.approx(25_000 * rates["usd_to_cny"].value)
    assert e.electricity_per_kwh == pytest.approx(rates["electricity_cny_per_kwh"].value)  # was 0.10 read as yuan
    assert window.editor.electricity.value() == pytest.approx(e.electricity_per_kwh)
    c.undo_stack.undo()  # one step
    assert (c.scenario.economics.currency, c.scenario.economics.electricity_per_kwh) == ("USD", pytest.approx(ELECTRICITY_PER_KWH))
    assert box.currentData() == "USD"


def test_a_currency_without_a_dated_rate_asks_for_it(qtbot, window, monkeypatch):
    from configurator.app.currency_box import CurrencyBinder

    asked = []
    monkeypatch.setattr(CurrencyBinder, "ask_rate", lambda self, code: asked.append(code) or None)
    box = window.editor.currency
    box.addItem("GBP", "GBP")  # the box offers USD, CNY, EUR, all dated; a scenario file's own currency may not be
    box.setCurrentIndex(box.findData("GBP"))
    assert asked == ["GBP"] and window.controller.scenario.economics.currency == "USD"  # cancelled
    assert box.currentData() == "USD"
    monkeypatch.setattr(CurrencyBinder, "ask_rate", lambda self, code: 0.8)
    box.setCurrentIndex(box.findData("GBP"))
    e = window.controller.scenario.economics
    assert (e.currency, e.usd_to_currency, e.electricity_per_kwh) == ("GBP", 0.8, pytest.approx(ELECTRICITY_PER_KWH * 0.8))


def test_euros_convert_at_the_price_files_dated_rate_without_asking(qtbot, window, monkeypatch):
    from configurator.app.currency_box import CurrencyBinder
    from configurator.core.procurement.prices import bundled_price_book

    asked = []
    monkeypatch.setattr(CurrencyBinder, "ask_rate", lambda self, code: asked.append(code) or None)
    box = window.editor.currency
    box.setCurrentIndex(box.findData("EUR"))
    e = window.controller.scenario.economics
    assert asked == [] and (e.currency, e.usd_to_currency) == ("EUR", bundled_price_book().rates["usd_to_eur"].value)


def test_a_rate_for_dollars_is_refused(qtbot, window):
    c = window.controller
    assert not c.apply("economics.usd_to_currency", 7.0)
    assert c.scenario.economics.usd_to_currency == 1.0


def test_bill_of_materials_sources_are_chinese_in_the_chinese_window(qtbot, window):
    """A price searched for and not found reads 未找到价格 with the addresses searched; the price file's
    citations by their addresses, as the summary cites them (its prose was English)."""
    from configurator.app.bom_panel import source_text
    from configurator.core.procurement.bom import BomLine
    from configurator.core.procurement.prices import bundled_price_book
    from configurator.report.language import reference, searched

    window.set_language("zh_CN")
    items = bundled_price_book().items.values()
    found = next(i for i in items if i.unit_price is not None and reference(i.source, "zh_CN"))
    def line(item, search=None):
        return BomLine(item.kind, item.item_id, item.name, 1, item.unit, None if search else item.unit_price,
                       search or item.source, item.date, item.confidence)

    # the bundled file prices nearly everything now: a search record of the file's form, with addresses
    search = "Searched pages for switch prices (router-switch.com, fs.com/products); none found."
    assert searched(search)
    texts = [source_text(line(found)), source_text(line(found, search))]
    assert texts[1].startswith("未找到价格；已查：")
    assert not english(re.sub(r"(?:[\w-]+\.)+[a-z]{2,}(?:/\S*)?", " ", " ".join(texts)))
    window.set_language("en")
    assert source_text(line(found)).startswith(found.source)


def test_the_wizard_asks_and_answers_in_the_windows_currency(qtbot, window):
    from configurator.core.procurement.prices import bundled_price_book

    window.set_language("zh_CN")
    wizard = window.open_wizard()  # deleted when closed
    wizard.limits.budget.setValue(5_000)  # the unit word in Chinese (zhmoney2), in the box's text since session 40
    assert wizard.limits.budget.text() == "5,000 元"  # the currency stays CNY
    economics = wizard.answers_scenario().economics
    assert economics.currency == "CNY"
    assert economics.electricity_per_kwh == pytest.approx(bundled_price_book().rates["electricity_cny_per_kwh"].value)
    wizard.reject()
