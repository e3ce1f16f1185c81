"""Text renderings of a Summary: HTML (the printed document), Markdown, CSV and JSON."""

from __future__ import annotations

import csv
import html
import io
import json
import re

from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost, deployment_cost_to_dict
from configurator.core.scenario_io import SUMMARY_FORMAT
from configurator.core.view.printable import single_line
from configurator.report.fonts import css_font_stack
from configurator.report.language import Words
from configurator.report.parts import Table
from configurator.report.summary import WRONG_CLASS, Summary

CJK_FONTS = css_font_stack()


def html_text(text: str) -> str:
    """``text`` as literal HTML on one line: markup characters as entities (``html.escape``, quotes
    included), line breaks as spaces, other control characters as visible escapes
    (:func:`~configurator.core.view.printable.single_line`)."""
    return html.escape(single_line(text))


STATE_COLOURS = {"met": ("#e6f2e8", "#1b5e20"), "cannot be checked": ("#fff1d0", "#7a4a00"),
                 "not met": ("#fbe3e4", "#9b0019")}
"""(background, text) colours of the summary's status and of each constraint's state: met (green),
cannot be checked (amber), not met (red)."""

STATUS_COLOURS = {**STATE_COLOURS, WRONG_CLASS: STATE_COLOURS["not met"]}
"""(background, text) colours of the summary's status: a state's, and a card of the wrong class for the
work (:data:`~configurator.report.summary.WRONG_CLASS`) in the red of a configuration that does not meet
what was asked: a green 'Meets what was asked' opened the summary of 200 × H100 on virtual desktops
until December 2026 (persona12gfx, session 42)."""

CAUTION_COLOURS = ("#fde7cf", "#7a3300")
"""(background, text) of the first page's caution: the card's vendor software is past its support."""


def _state_colours(language: str) -> dict[str, str]:
    """The text colour of each state, keyed by the state in ``language`` (as the constraints table
    writes it)."""
    w = Words(language)
    return {w(state): text for state, (_, text) in STATE_COLOURS.items()}


COLUMN_WIDTHS: dict[str, tuple[int | None, ...]] = {"constraints": (16, 27, 47, 10), "prices": (33, 27, 40), "bands": (30, 16, 54),
                 "alternatives": (None, 20, None, None, None, None, None, None)}
"""Widths of a table's columns [% of the page] (None: left to Qt, which keeps an amount on one line), where
the text would otherwise squeeze one: the
constraints' verdicts in words get the room, and so does what to know of a price (at a third of the
page the Chinese "no dated public price" note put its last character, 价, on a line of its own), and
the rows named in the likely ranges' table (left to itself, Qt gave the short "Numbers"
column a third of the page and the rows' names wrapped to seven lines); the alternatives' configuration
gets the room its card names need (Qt gave the cost column's long basis a fifth of the page and wrapped
"31 × RTX PRO 6000 Blackwell Max-Q Workstation Edition (recommended)" to six lines in a seventh)."""


LANGUAGE_WIDTHS: dict[tuple[str, str], tuple[int | None, ...]] = {
    ("alternatives", "en"): (3, 19, 15, 10, 14, 14, 10, 15)}
"""Widths of a table's columns in one language, over :data:`COLUMN_WIDTHS` [% of the page]. The English
alternatives declare every column, summing to 100 %: beside a few sized columns Qt gave the others their whole
text on one line and took the room back from the sized ones, below their longest word (the rent-ranked
fine-tune summary wrapped the class as "Tra / ini / ng / car / d", session 50, persona50b). The class gets the
room of "Training card" on one line and "Inference card (also fine-tuning, graphics)" on three; each amount
column that of "2,731,082,776 CNY" (an amount is never wrapped, :func:`_an_amount`, so a narrower share took its
room from the comparison's words). The Chinese class names are a few characters ("训练卡") and Chinese text
wraps between any two characters, so Qt sizes those columns."""


def _an_amount(cell: str) -> bool:
    """Whether a cell of an amount column is an amount, kept on one line ("160,000 USD", "1,755 元 / 年",
    "−15,030 USD"), not a sentence in its place ("no price — enter a quote for item server-gh200-1", which
    kept whole squeezed the item column to a word a line)."""
    signed = cell[:1] in "−-" and cell[1:2].isdigit()
    return (cell[:1].isdigit() or signed) and len(cell.split()) <= AMOUNT_WORDS


AMOUNT_WORDS = 4
"""Most words of an amount ("5,010 USD / year") [count]."""


def _html_table(table: Table, numeric_from: int = 99, colours: dict[str, str] | None = None,
                language: str = "") -> str:
    """A table; columns from ``numeric_from`` on are right-aligned amounts, each kept on one line (Qt broke
    "160,000 US / D" in the English alternatives' capex column beside the sized ones); a cell whose whole text
    is a key of ``colours`` is written bold in that colour (a constraint's state); its columns sized for
    ``language`` where :data:`LANGUAGE_WIDTHS` says so."""
    e = html_text
    head = ""
    widths = LANGUAGE_WIDTHS.get((table.key, language), COLUMN_WIDTHS.get(table.key, ()))
    if len(widths) != len(table.header):
        widths = ()
    if any(table.header):
        sized = [f" width='{width}%'" if width else "" for width in widths] or [""] * len(table.header)
        head = "<thead><tr>" + "".join(f"<th align='left' bgcolor='#e8ecf2'{size}>{e(h)}</th>"
                                       for h, size in zip(table.header, sized)) + "</tr></thead>"  # repeated on a new page
    body = []
    for row in table.rows:
        total = not row[0] and len(row) > 2  # a sum line under the items
        cells = []
        for index, cell in enumerate(row):
            amount = numeric_from <= index < numeric_from + 3
            align = (" align='right'" + (" style='white-space: nowrap'" if _an_amount(cell) else "")) if amount else ""
            text = f"<b>{e(cell)}</b>" if total else e(cell)
            if colours and cell in colours:
                text = f"<b><font color='{colours[cell]}'>{e(cell)}</font></b>"
            cells.append(f"<td{align}>{text}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (f"<table width='100%' cellspacing='0' cellpadding='2' border='0.5' style='border-color: #999999; "
            f"font-size: 8pt;'>{head}{''.join(body)}</table>")


NUMERIC_COLUMNS = {"bom": 2, "alternatives": 4}
"""First right-aligned column of the tables that list amounts."""


def _table_note(note: str) -> str:
    """A table's note under it, as a one-cell table of its own: a paragraph right after a table is
    not moved past a page's end by QTextDocument's layout (the Chinese training summary's
    bill-of-materials note was drawn half under page 1's footer and half on page 2; a page break
    before it left a page empty), a table row is."""
    return (f"<table width='100%' cellspacing='0' cellpadding='1' border='0'><tr>"
            f"<td style='font-size: 8pt; color: #444444;'>{html_text(note)}</td></tr></table>")


def _heading(text: str) -> str:
    return f"<h2 style='font-size: 12pt; margin-top: 10px; margin-bottom: 3px;'>{html_text(text)}</h2>"


def to_html(summary: Summary, images: dict[str, str] | None = None) -> str:
    """HTML for QTextDocument; ``images`` maps a table's image key to a resource URL."""
    e, images = html_text, images or {}
    h = summary.headings
    colon = Words(summary.language).label(": ")  # '日期：2026-12-03' in Chinese
    parts = [
        f"<html><body style=\"font-family: {CJK_FONTS}; font-size: 9pt;\">",
        f"<p style='font-size: 8pt; color: #444444;'>{e(Words(summary.language)('Configuration summary'))}</p>",
        f"<h1 style='font-size: 16pt; margin-bottom: 2px;'>{e(summary.title)}</h1>",
        "<p style='font-size: 8pt; color: #444444;'>"
        + " · ".join(f"<b>{e(k)}</b>{colon}{e(v)}" for k, v in summary.meta) + "</p>",
    ]
    if summary.status:
        background, colour = STATUS_COLOURS.get(summary.state, STATE_COLOURS["met"])
        parts.append(f"<table width='100%' cellspacing='0' cellpadding='6' border='0' bgcolor='{background}' "
                     f"style='margin-top: 4px;'><tr><td style='font-size: 11pt; color: {colour};'>"
                     f"<b>{e(h.get('state', '') + Words(summary.language).label(': ') + summary.status)}</b>"
                     f"</td></tr></table>")
    if summary.cautions:  # the card's vendor software is past its support: before any figure
        lines = "<br>".join(f"<b>{e(text)}</b>" if i == 0 else e(text) for i, text in enumerate(summary.cautions))
        parts.append(f"<table width='100%' cellspacing='0' cellpadding='6' border='0' bgcolor='{CAUTION_COLOURS[0]}' "
                     f"style='margin-top: 4px;'><tr><td style='font-size: 10pt; color: {CAUTION_COLOURS[1]};'>"
                     f"{lines}</td></tr></table>")
    if summary.headline:
        parts.append(_heading(h.get("headline", "")))
        rows = "".join(f"<tr><td width='28%'><b>{e(k)}</b></td><td>{e(v)}</td></tr>" for k, v in summary.headline)
        parts.append(f"<table width='100%' cellspacing='0' cellpadding='3' border='0' bgcolor='#f1f3f6' "
                     f"style='font-size: 10pt;'>{rows}</table>")
    for table in summary.first_page:
        parts.append(_heading(table.title))
        parts.append(_html_table(table, colours=_state_colours(summary.language)))
        if table.note:
            parts.append(_table_note(table.note))
    # a table of its own: a paragraph's top margin is lost after a table (QTextDocument)
    parts.append(f"<table width='100%' cellspacing='0' cellpadding='4' border='0' bgcolor='#f1f3f6' "
                 f"style='margin-top: 8px;'><tr><td style='font-size: 10pt;'><b>{e(summary.recommendation)}</b>"
                 f"</td></tr></table>")
    for table in summary.tables:
        image = (f"<p align='center'><img src='{images[table.image]}' width='560'></p>"
                 if table.image and table.image in images else "")
        if table.image_title and image:  # the chart under its own heading: each kept whole on a page
            parts += [_heading(table.image_title), image]
        parts.append(_heading(table.title))
        parts.append(_html_table(table, NUMERIC_COLUMNS.get(table.key, 99), language=summary.language))
        if table.note:
            parts.append(_table_note(table.note))
        if not table.image_title:
            parts.append(image)
    if summary.sources:
        parts.append(_heading(h.get("sources", "Sources")))
        parts.append("<p style='font-size: 7pt;'>" + "<br>".join(
            f"[{n}] {e(text)}" for n, text in enumerate(summary.sources, start=1)) + "</p>")
    parts.append(_heading(h.get("warnings", Words(summary.language)("Warnings"))) + "<ul style='font-size: 8pt;'>")
    parts += [f"<li>{e(text)}</li>" for text in summary.warnings]
    parts.append("</ul>")
    if summary.approval:
        parts.append(_heading(h.get("approval", "")))
        rows = "".join(f"<tr><td width='28%' height='30'>{e(k)}</td><td>{e(v)}</td></tr>" for k, v in summary.approval)
        parts.append(f"<table width='100%' cellspacing='0' cellpadding='6' border='0.5'>{rows}</table>")
    parts.append("</body></html>")
    return "".join(parts)


_INLINE_SPECIAL = re.compile(r"[\\`*|~<\[]|(?<![^\W_])_|_(?![^\W_])|&(?=#?[A-Za-z0-9]+;)")
"""What forms code, emphasis, table cells, strikethrough, HTML (every tag and autolink starts
with '<'), character references ('&amp;', '&#60;'; a bare '&' is text), links, images and link
definitions (each opens with '['; a ']' alone closes nothing). An underscore inside a word
('amp_bf16') opens no emphasis and stays as it is."""
_BLOCK_START = re.compile(r"^(?:#{1,6}(?=\s|$)|[-+>](?=\s|$|-)|\d{1,9}(?=[.)](?:\s|$)))")
"""What, at the start of a line, opens a heading, a bullet list, a thematic break ('---'), a block
quote or an ordered list ('1. ') (CommonMark 0.31 §§ 4.1, 4.2, 5.1-5.3)."""
_ENTITIES = {"<": "&lt;", "&": "&amp;"}


def markdown_text(text: str, block_start: bool = True) -> str:
    """``text`` as literal Markdown on one line: whatever a scenario name, a quote or a card's name
    holds, it reads as written and forms no heading, list, table, link, image or HTML.

    Line breaks become spaces (no heading or table row of its own), control characters visible
    escapes (:func:`~configurator.core.view.printable.single_line`), ``<`` and the ``&`` of a
    character reference HTML entities (no raw HTML such as ``<img onerror=…>``, no
    ``<javascript:…>`` autolink), the punctuation of code, emphasis, links, table cells and
    strikethrough is backslash-escaped (no ``[…](javascript:…)`` link), and where the text opens a
    block (``block_start``: after a list or heading mark or alone on a line; not in a table cell)
    so is a heading, list, quote or definition mark it starts with (CommonMark 0.31 § 2.4: any
    ASCII punctuation may be escaped). Other text (numbers, units, web addresses, Chinese) is left
    as it is, so the file stays readable.
    """
    escaped = _INLINE_SPECIAL.sub(lambda m: _ENTITIES.get(m.group(), "\\" + m.group()), single_line(text))
    mark = _BLOCK_START.match(escaped) if block_start else None
    if mark is None:
        return escaped
    cut = mark.end() if mark.group().isdigit() else 0  # "1." or "1)": the mark after the number
    return f"{escaped[:cut]}\\{escaped[cut:]}"


def _markdown_table(table: Table) -> list[str]:
    """A titled table as Markdown lines (GitHub's tables), its note under it."""
    m = markdown_text
    header = table.header if any(table.header) else ("", "")
    lines = [f"## {m(table.title)}", "", "| " + " | ".join(m(h, False) for h in header) + " |",
             "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(m(c, False) for c in row) + " |" for row in table.rows]
    lines.append("")
    if table.note:
        lines += [m(table.note), ""]
    return lines


def to_markdown(summary: Summary) -> str:
    """The summary as Markdown (CommonMark with GitHub's tables); every text in it is literal
    (:func:`markdown_text`)."""
    w, m = Words(summary.language), markdown_text
    colon = w.label(": ")  # the language's, on every labelled line ('- **成本**：…'; was ': ' but for the meta line)
    lines = [f"# {m(summary.title)}", "", " · ".join(f"**{m(k)}**{colon}{m(v)}" for k, v in summary.meta), ""]
    if summary.status:
        lines += [f"> **{m(summary.headings.get('state', ''), False)}**{colon}{m(summary.status, False)}", ""]
    for i, text in enumerate(summary.cautions):  # a quote of its own paragraphs: the headline in bold
        lines += [f"> **{m(text, False)}**"] if i == 0 else [">", f"> {m(text, False)}"]
    lines += [""] if summary.cautions else []
    lines += [f"- **{m(k)}**{colon}{m(v)}" for k, v in summary.headline]
    lines.append("")
    for table in summary.first_page:
        lines += _markdown_table(table)
    lines += [f"**{m(summary.recommendation)}**", ""]
    for table in summary.tables:
        lines += _markdown_table(table)
    if summary.sources:
        lines += [f"## {m(w('Sources'))}", ""] + [f"{n}. {m(text)}" for n, text in enumerate(summary.sources, start=1)]
        lines.append("")
    lines += [f"## {m(w('Warnings'))}", ""] + [f"- {m(text)}" for text in summary.warnings]
    if summary.approval:
        lines += ["", f"## {m(w('Approval'))}", ""] + [f"- {m(k)}{colon}{m(v) or '________________'}"
                                                          for k, v in summary.approval]
    return "\n".join(lines) + "\n"


_FORMULA_START = re.compile(r"^[=+@\t\r\n]")
_NEGATIVE_AMOUNT = re.compile(r"^-[\d,.]+(?:\u00a0[^\s=+@()!|;,\"']+)?$")
"""A negative number with its unit ('-12.5 %'): the one text starting with '-' that is no formula."""


def csv_text(text: str) -> str:
    """``text`` as a CSV cell a spreadsheet shows as text: one that would start a formula (``=``,
    ``+``, ``@``, a tab or line break, a ``-`` not of a negative number: ``=HYPERLINK(…)``,
    ``-2+3+cmd|…``) gets a leading apostrophe, which spreadsheets hide and read as "text" (OWASP,
    CSV injection)."""
    if _FORMULA_START.match(text) or (text.startswith("-") and not _NEGATIVE_AMOUNT.match(text)):
        return "'" + text
    return text


def to_csv(summary: Summary) -> str:
    """Every table as rows of (section, label, value…); no cell starts a formula (:func:`csv_text`)."""
    out = io.StringIO()
    writer = csv.writer(out)

    def row(*cells: str) -> None:
        writer.writerow([csv_text(cell) for cell in cells])

    row("section", "label", "value", "value 3", "value 4", "value 5", "value 6")
    for key, value in summary.meta:
        row("meta", key, value)
    if summary.status:
        row("status", summary.headings.get("state", ""), summary.status)  # the state in words, then the verdict
    for text in summary.cautions:
        row("caution", "", text)
    for key, value in summary.headline:
        row("headline", key, value)
    row("recommendation", "", summary.recommendation)
    for table in (*summary.first_page, *summary.tables):
        if any(table.header):
            row(table.key, *table.header)
        for cells in table.rows:
            row(table.key, *cells)
    for n, text in enumerate(summary.sources, start=1):
        row("sources", str(n), text)
    for text in summary.warnings:
        row("warnings", "", text)
    return out.getvalue()


def to_json(summary: Summary) -> str:
    """Scenario, estimate (the CLI's JSON contract) and the alternatives' estimates."""
    document = {
        "format": SUMMARY_FORMAT,
        "version": 2,
        "language": summary.language,
        "meta": dict(summary.meta),
        "recommendation": summary.recommendation,
        "status": {"state": summary.state, "text": summary.status},
        "cautions": list(summary.cautions),
        "headline": dict(summary.headline),
        "estimate": estimate_to_dict(summary.estimate, summary.cost if summary.cost is not None
                                     else deployment_cost(summary.estimate)),
        "bom": None if summary.cost is None else deployment_cost_to_dict(summary.cost),
        "alternatives": [{k: v for k, v in estimate_to_dict(alt, deployment_cost(alt)).items()
                          if k not in ("scenario", "assumptions")}
                         for alt in summary.alternatives],
        "sources": list(summary.sources),
        "warnings": list(summary.warnings),
    }
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"
