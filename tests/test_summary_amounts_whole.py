"""An amount in the printed summary's tables is drawn on one line (session 48, persona: an ML engineer's
serving summary, Llama 3 8B to 100 users within 30 ms a token, printed "160,000 US / D" in the capex column
of the alternatives for 8 × Instinct MI300X, Gaudi 2, Gaudi 3 and MI355X: the columns of the card's name,
its class and the comparison are sized, and Qt broke the amount inside its currency to fit the rest)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QTextDocument

from configurator.report.document import paginate
from configurator.report.fonts import family_for
from configurator.report.parts import Table
from configurator.report.render import NUMERIC_COLUMNS, _html_table

ALTERNATIVES = {
    "en": (("#", "Configuration", "Class", "Time per output token (p90)", "Capex", "TCO over 4 years",
            "TCO/M tokens", "Against the recommendation"),
           ("3", "8 × Instinct MI300X", "Training card", "7.89 ms", "160,000 USD", "207,541 USD", "0.151 USD",
            "1.14× the cost per unit of work"),
           ("4", "3 × RTX PRO 6000 Blackwell Max-Q Workstation Edition", "Workstation card", "27.2 ms",
            "51,395 USD", "61,980 USD", "0.153 USD *", "1.15× the cost per unit of work")),
    "zh_CN": (("#", "配置", "类别", "每输出词元时间（p90）", "资本支出", "4 年总拥有成本", "总拥有成本/百万词元",
               "与推荐方案相比"),
              ("3", "8 × 昇腾 910C 服务器——Atlas 800T/800I A3（每台 8 颗）", "训练卡", "9.03 ms", "1,234.56 万元",
               "2,345.67 万元", "25.92 元 *", "每单位工作量成本为推荐方案的 1.14 倍"),
              ("4", "8 × A10", "推理卡", "98.2 ms", "49.98 万元", "60.86 万元", "25.92 元", "—")),
}


def amount_lines(language: str) -> dict[str, int]:
    """Each amount of the alternatives table laid out on an A4 page: its text and its lines."""
    header, *rows = ALTERNATIVES[language]
    document = QTextDocument()
    font = QFont(family_for(language))
    font.setPointSizeF(9)
    document.setDefaultFont(font)
    first = NUMERIC_COLUMNS["alternatives"]
    document.setHtml(_html_table(Table("alternatives", "", header, tuple(rows)), first, language=language))
    paginate(document)
    lines = {}
    block = document.begin()
    amounts = {row[i] for row in rows for i in range(first, first + 3)}
    while block.isValid():
        text = block.text().replace("\N{NO-BREAK SPACE}", " ")  # Qt writes a nowrap cell's spaces so
        if text in amounts:
            lines[text] = block.layout().lineCount()
        block = block.next()
    return lines


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_an_amount_in_the_alternatives_is_not_broken_across_lines(qtbot, language):
    lines = amount_lines(language)
    assert len(lines) == 6
    assert {text: count for text, count in lines.items() if count != 1} == {}


def test_a_sentence_in_an_amount_column_still_wraps():
    """The bill's "no price — enter a quote for item server-gh200-1" in the unit-price column, kept whole,
    squeezed the item column to a word a line: only amounts are kept whole."""
    from configurator.report.render import _an_amount

    assert all(_an_amount(c) for c in ("160,000 USD", "1,755 元 / 年", "−15,030 USD", "0.153 USD *", "8 cards"))
    assert not any(_an_amount(c) for c in ("no price — enter a quote for item server-gh200-1", "—", "no price",
                                           "无价格——请输入报价"))
