"""The bill of materials in the Chinese window punctuates as Chinese (session 28): '加速卡：H100
SXM5 80GB', '加速卡目录（2026-03）', '… 交换机——叶层', not the English ': ', ' (…)' and ' — ' inside
Chinese text (a citation's addresses keep Latin brackets: a Chinese one gave the cell the Chinese font's taller
lines, and its two lines were elided); each quantity keeps its unit ('1,024 张卡'); English as before."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from configurator.app import i18n
from configurator.app.controller import ScenarioController
from configurator.app.main import default_scenario
from configurator.app.main_window import MainWindow
from configurator.core.architecture import preset
from configurator.core.scenario import LAYOUT_FIELDS

CJK = "\u4e00-\u9fff"
HALF_WIDTH_IN_CHINESE = re.compile(rf"[{CJK}][,:;]|[{CJK}]\s*\(|\)\s*[{CJK}]|[{CJK}]\s+—\s|\s—\s+[{CJK}]")
"""A half-width comma, colon, semicolon or bracket, or a spaced English dash, beside a Chinese character."""


def _bill(qtbot, tmp_path, catalog, language: str):
    i18n.install_language(language)
    controller = ScenarioController(catalog, default_scenario(language))
    controller.apply_many({"model": preset("llama3-70b").model_dump(), "card_id": "h100-sxm", "count": 1024,
                           "workload": "pretrain", "training.tokens": 2e12, "auto_layout": list(LAYOUT_FIELDS)})
    window = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    controller.recompute()
    bom = window.toggle_bill_of_materials(True)
    qtbot.waitUntil(lambda: bom.cost is not None and bom.lines.rowCount() > 0, timeout=120_000)
    table = bom.lines
    rows = [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]
    return window, bom, rows


@pytest.fixture(autouse=True)
def english_after(qapp, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)  # closing
    yield
    i18n.install_language("en")


def test_the_chinese_bill_punctuates_as_chinese(qtbot, tmp_path, catalog):
    window, bom, rows = _bill(qtbot, tmp_path, catalog, "zh_CN")
    texts = [bom.headline.text(), *(cell for row in rows for cell in (row[0], row[1], row[4]))]
    texts = [re.sub(r"(?:[\w-]+\.)+[a-z]{2,}(?:/\S*)?", "", t) for t in texts]  # addresses as written
    assert [t for t in texts if HALF_WIDTH_IN_CHINESE.search(t)] == []
    assert rows[0][0].startswith("加速卡：") and rows[0][4].endswith("）")
    cited = [row[4] for row in rows if ".com" in row[4]]  # a citation's addresses: Latin brackets, as written
    assert cited and all(re.search(r" \(\d{4}-\d{2}\)$", text) for text in cited)
    assert any("——备件" in row[0] for row in rows)
    assert rows[0][1].endswith("张卡")  # the quantity with its unit
    window.controller.undo_stack.setClean()


def test_the_english_bill_is_as_before(qtbot, tmp_path, catalog):
    window, _bom, rows = _bill(qtbot, tmp_path, catalog, "en")
    assert rows[0][0].startswith("Accelerators: ") and re.search(r" \(\d{4}-\d{2}\)$", rows[0][4])
    assert any(row[0].endswith(" — spares") for row in rows)
    assert rows[0][1].endswith("cards")
    window.controller.undo_stack.setClean()
