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


def _lone_heading_pages(document) -> list[int]:
    """The pages on which a heading is the only line of text."""
    layout, height = document.documentLayout(), document.pageSize().height()
    lines: dict[int, list[int]] = {}
    block = document.begin()
    while block.isValid():
        rect = layout.blockBoundingRect(block)
        if rect.height() > 0 and block.text().strip():
            lines.setdefault(int(rect.top() // height), []).append(block.blockFormat().headingLevel())
        block = block.next()
    return [page for page, levels in sorted(lines.items()) if len(levels) == 1 and levels[0] >= 2]


def test_a_table_moved_whole_to_the_next_page_takes_its_heading_along(qtbot):
    """Session 36: the below-the-line table of the Chinese serving summary (Qwen2.5-72B, 16 × Ascend 910B,
    a 3,000,000 CNY budget) had its first body row cut by page 2's end; the table moved to page 4 on its
    own and its heading, then orphaned, to page 3, alone. Filler paragraphs put the heading at every
    height near a page's end: no page holds a heading alone."""
    from PySide6.QtGui import QTextDocument

    from configurator.report.document import paginate

    tall_row = "<br>".join(f"line {i}" for i in range(12))
    for filler in range(30, 60):
        document = QTextDocument()
        document.setHtml("".join(f"<p>filler paragraph {i}</p>" for i in range(filler))
                         + "<h2>Below the line</h2><table border='1'><thead><tr><th>Cards</th><th>Breaks</th></tr>"
                         f"</thead><tr><td>16</td><td>{tall_row}</td></tr><tr><td>8</td><td>budget</td></tr></table>"
                         "<p>after</p>")
        paginate(document)
        assert _lone_heading_pages(document) == [], filler


def _pages_of(document, prefix: str) -> list[int]:
    """The page of each paragraph that starts with ``prefix``."""
    layout, height = document.documentLayout(), document.pageSize().height()
    pages, block = [], document.begin()
    while block.isValid():
        if block.text().startswith(prefix) and layout.blockBoundingRect(block).height() > 0:
            pages.append(int(layout.blockBoundingRect(block).top() // height))
        block = block.next()
    return pages


@pytest.mark.parametrize("items", [3, 8, 30])
def test_a_total_row_never_starts_a_page_without_the_lines_it_sums(qtbot, items):
    """Session 42: a table's last row (the capex total, the memory table's headroom) started a page alone,
    the lines above it on the page before. Filler paragraphs put the total at every height near a page's
    end: it always shares its page with at least two of its lines (or the whole table moves)."""
    from PySide6.QtGui import QTextDocument

    from configurator.report.document import KEEP_WITH_LAST_ROW, lone_last_rows, paginate

    lines = "".join(f"<tr><td>Network</td><td>item {i}</td><td>1</td></tr>" for i in range(items))
    for filler in range(0, 70):
        document = QTextDocument()
        document.setHtml("".join(f"<p>filler paragraph {i}</p>" for i in range(filler))
                         + "<h2>Bill of materials</h2><table border='1'><thead><tr><th>Kind</th><th>Item</th>"
                         f"<th>Total</th></tr></thead>{lines}<tr><td></td><td>Capex total</td><td>9</td></tr></table>"
                         "<p>after</p>")
        paginate(document)
        [total] = _pages_of(document, "Capex total")
        assert _pages_of(document, "item ").count(total) >= min(KEEP_WITH_LAST_ROW, items), filler
        assert lone_last_rows(document) == rows_across_pages(document) == [], filler


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_no_table_of_the_examples_ends_on_a_page_of_its_own(qtbot, name, language):
    from configurator.report.document import lone_last_rows

    assert lone_last_rows(_document(name, language)) == []
