"""The summary PDF's alternatives table keeps every word whole (session 50, persona50b: the rent-ranked
fine-tune summary, Llama 3 70B on 2B tokens without a deadline, wrapped the class "Training card" as
"Tra / ini / ng / car / d": beside a few sized columns Qt gave the rest their whole text and took the room
back from the sized ones, below their longest word)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QTextDocument

from configurator.report.document import paginate
from configurator.report.fonts import family_for
from configurator.report.parts import Table
from configurator.report.render import LANGUAGE_WIDTHS, NUMERIC_COLUMNS, _html_table

RENT_RANKED = (
    ("#", "Configuration", "Class", "Time for the token budget", "Capex", "TCO over 4 years", "Rent/M tokens",
     "Against your choice"),
    ("1", "32 × Instinct MI325X (your choice)", "Training card", "14.2 h", "no price", "no price", "0.443 USD", "—"),
    ("2", "64 × GB200 NVL72 — per Blackwell GPU", "Training card", "3.18 h", "3,402,611 USD", "4,071,371 USD",
     "0.462 USD", "1.04× the cost per unit of work"),
    ("4", "512 × Tesla V100 SXM2 16GB", "Training card", "10.1 h", "12,601,731 USD", "15,194,944 USD", "0.597 USD",
     "1.35× the cost per unit of work"),
    ("6", "64 × H800 SXM5 80GB (China export SKU)", "Inference card (also fine-tuning, graphics)", "10.4 h",
     "2,869,113 USD", "3,398,828 USD", "0.663 USD *", "1.50× the cost per unit of work"),
    ("7", "31 × RTX PRO 6000 Blackwell Max-Q Workstation Edition (recommended)", "Workstation card", "1.01 h",
     "2,731,082,776 CNY", "3,731,082,776 CNY", "12.345 CNY *", "12.34× the cost per unit of work"),
    ("—", "16 × GB300 NVL72 — per Blackwell Ultra GPU", "Training card", "12.7 h", "no price", "—", "—",
     "not ranked: enter a quote"),
)


def laid_out(rows: tuple[tuple[str, ...], ...], language: str = "en") -> QTextDocument:
    """The alternatives table of ``rows`` (header first) laid out on an A4 page as the summary prints it."""
    header, *body = rows
    document = QTextDocument()
    font = QFont(family_for(language))
    font.setPointSizeF(9)
    document.setDefaultFont(font)
    document.setHtml(_html_table(Table("alternatives", "", header, tuple(body)), NUMERIC_COLUMNS["alternatives"],
                                 language=language))
    paginate(document)
    return document


def words_cut(document: QTextDocument) -> list[tuple[str, str]]:
    """Each cell broken inside a word: (its text, the text up to the break)."""
    cut, block = [], document.begin()
    while block.isValid():
        text, layout = block.text(), block.layout()
        for index in range(layout.lineCount() - 1):
            end = layout.lineAt(index).textStart() + layout.lineAt(index).textLength()
            before, after = text[end - 1], text[end:end + 1] or " "
            if not (before.isspace() or after.isspace() or before in "—-/("):
                cut.append((text, text[:end]))
        block = block.next()
    return cut


def test_every_english_column_is_declared():
    """Qt squeezes an undeclared column's neighbours: the English alternatives size all eight, to the page."""
    widths = LANGUAGE_WIDTHS[("alternatives", "en")]
    assert len(widths) == len(RENT_RANKED[0]) and all(widths) and sum(widths) == 100


def test_no_word_of_the_rent_ranked_alternatives_is_cut(qtbot):
    assert words_cut(laid_out(RENT_RANKED)) == []


@pytest.mark.parametrize("name, lines", [("Training card", 1), ("Workstation card", 1),
                                         ("Inference card (also fine-tuning, graphics)", 3)])
def test_the_class_reads_whole(qtbot, name, lines):
    document = laid_out(RENT_RANKED)  # held: its blocks die with it
    block, counts = document.begin(), []
    while block.isValid():
        if block.text() == name:
            counts.append(block.layout().lineCount())
        block = block.next()
    assert counts and max(counts) <= lines
