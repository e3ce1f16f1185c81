"""No line of the printed summary is cut by a page's end (session 18: the bill of materials'
"满载 IT 负载 … 价格日期 2026-12" of the Chinese training example was drawn half on page 1, under
the footer's rule, and half on page 2: a paragraph right after a table is not moved past a page's
end by QTextDocument's layout; a table's note is now a one-cell table, whose row is)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextCursor

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.currency import in_language_currency
from configurator.core.estimate import estimate
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.report.document import build_document
from configurator.report.summary import build_summary


def cut_lines(document) -> list[str]:
    """The paragraphs with text outside tables drawn across the end of a page (the empty paragraph
    QTextDocument keeps between two tables draws nothing)."""
    layout, height = document.documentLayout(), document.pageSize().height()
    cut = []
    block = document.begin()
    while block.isValid():
        rect = layout.blockBoundingRect(block)
        if QTextCursor(block).currentTable() is None and block.text().strip() and 0 < rect.height() < height \
                and int(rect.top() // height) != int((rect.bottom() - 1) // height):
            cut.append(block.text())
        block = block.next()
    return cut


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_no_line_of_the_training_summary_is_cut_by_a_page(qtbot, language):
    catalog = load_catalog()
    scenario = in_language_currency(Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=1024,
                                             workload="pretrain", training={"tokens": 2e12, "seq_len": 8192},
                                             auto_layout=LAYOUT_FIELDS), language)
    summary = build_summary(estimate(scenario, catalog.get(scenario.card_id)), catalog, language)
    assert cut_lines(build_document(summary)) == []
