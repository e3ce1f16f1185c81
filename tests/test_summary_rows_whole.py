"""No table row of the printed summary is drawn across a page's end, and a table continued on a new
page repeats its header (session 28: the capex total of the Chinese training example's bill of
materials was drawn half at the foot of page 1, half on page 2)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextCursor

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.currency import in_language_currency
from configurator.core.estimate import estimate
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.report.document import build_document, rows_across_pages
from configurator.report.summary import build_summary

EXAMPLES = {
    "training": Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=1024, workload="pretrain",
                         training={"tokens": 2e12, "seq_len": 8192}, auto_layout=LAYOUT_FIELDS),
    "inference": Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=8, workload="inference",
                          serving={"concurrency": 200}, auto_layout=LAYOUT_FIELDS),
}
"""tools/summary_examples.py's training and inference summaries (rows of both were cut before)."""


def _document(name: str, language: str):
    catalog = load_catalog()
    scenario = in_language_currency(EXAMPLES[name], language)
    return build_document(build_summary(estimate(scenario, catalog.get(scenario.card_id)), catalog, language))


def _tables(document) -> list:
    found, block = {}, document.begin()
    while block.isValid():
        table = QTextCursor(block).currentTable()
        if table is not None:
            found.setdefault(table.firstPosition(), table)
        block = block.next()
    return [found[key] for key in sorted(found)]


def _row_text(table, row: int) -> tuple[str, ...]:
    return tuple(table.cellAt(row, column).firstCursorPosition().block().text() for column in range(table.columns()))


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_no_table_row_is_cut_by_a_page(qtbot, name, language):
    assert rows_across_pages(_document(name, language)) == []


def test_the_bill_continued_on_page_two_repeats_its_header(qtbot):
    document = _document("training", "zh_CN")
    bills = [t for t in _tables(document) if "类别" in _row_text(t, 0) and "合计" in _row_text(t, 0)]
    assert len(bills) == 2  # the capex total on a page of its own table, under the header again
    first, second = bills
    assert _row_text(second, 0) == _row_text(first, 0)
    assert second.format().headerRowCount() == 1
    assert "资本支出（已定价采购项之和）" in _row_text(second, second.rows() - 1)
    layout, height = document.documentLayout(), document.pageSize().height()
    top = layout.blockBoundingRect(second.cellAt(0, 0).firstCursorPosition().block()).top()
    assert int(top // height) == 1 and top % height < 10  # at the top of page 2 (under the border)
