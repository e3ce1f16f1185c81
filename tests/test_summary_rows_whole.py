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


def _continued(document) -> list[tuple]:
    """The tables :func:`paginate` continued on a new page: (the first part, the continuation)."""
    tables = _tables(document)
    return [(a, b) for a, b in zip(tables, tables[1:])
            if _row_text(a, 0) == _row_text(b, 0) and b.format().headerRowCount() == 1]


def test_a_table_continued_on_a_new_page_repeats_its_header_at_the_top(qtbot):
    """Whichever tables the examples' figures make long enough to continue (the bill of materials, the
    ranking, the calibration table: it depends on today's numbers), each continuation starts its page
    under the same header row, marked as a header."""
    seen = 0
    for name in sorted(EXAMPLES):
        for language in ("en", "zh_CN"):
            document = _document(name, language)
            layout, height = document.documentLayout(), document.pageSize().height()
            for _, continuation in _continued(document):
                top = layout.blockBoundingRect(continuation.cellAt(0, 0).firstCursorPosition().block()).top()
                assert top % height < 10, (name, language, top)  # at the top of its page (under the border)
                seen += 1
    assert seen  # at least one example continues a table (else this test would test nothing)
