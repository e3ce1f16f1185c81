"""Text renderings of a Summary: HTML (the printed document), Markdown, CSV and JSON."""

from __future__ import annotations

import csv
import html
import io
import json

from configurator.core.procurement.deployment import deployment_cost_to_dict
from configurator.report.fonts import css_font_stack
from configurator.report.language import Words
from configurator.report.parts import Table
from configurator.report.summary import Summary

CJK_FONTS = css_font_stack()


def _html_table(table: Table, numeric_from: int = 99) -> str:
    """A table; columns from ``numeric_from`` on are right-aligned (amounts)."""
    e = html.escape
    head = ""
    if any(table.header):
        head = "<tr>" + "".join(f"<th align='left' bgcolor='#e8ecf2'>{e(h)}</th>" for h in table.header) + "</tr>"
    body = []
    for row in table.rows:
        total = not row[0] and len(row) > 2  # a sum line under the items
        cells = []
        for index, cell in enumerate(row):
            align = " align='right'" if numeric_from <= index < numeric_from + 3 else ""
            text = f"<b>{e(cell)}</b>" if total else e(cell)
            cells.append(f"<td{align}>{text}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (f"<table width='100%' cellspacing='0' cellpadding='2' border='0.5' style='border-color: #999999; "
            f"font-size: 8pt;'>{head}{''.join(body)}</table>")


NUMERIC_COLUMNS = {"bom": 2, "alternatives": 4}
"""First right-aligned column of the tables that list amounts."""


def _heading(text: str) -> str:
    return f"<h2 style='font-size: 12pt; margin-top: 10px; margin-bottom: 3px;'>{html.escape(text)}</h2>"


def to_html(summary: Summary, images: dict[str, str] | None = None) -> str:
    """HTML for QTextDocument; ``images`` maps a table's image key to a resource URL."""
    e, images = html.escape, images or {}
    h = summary.headings
    parts = [
        f"<html><body style=\"font-family: {CJK_FONTS}; font-size: 9pt;\">",
        f"<p style='font-size: 8pt; color: #444444;'>{e(Words(summary.language)('Configuration summary'))}</p>",
        f"<h1 style='font-size: 16pt; margin-bottom: 2px;'>{e(summary.title)}</h1>",
        "<p style='font-size: 8pt; color: #444444;'>" + " · ".join(f"<b>{e(k)}</b>: {e(v)}" for k, v in summary.meta)
        + "</p>",
    ]
    if summary.headline:
        parts.append(_heading(h.get("headline", "")))
        rows = "".join(f"<tr><td width='28%'><b>{e(k)}</b></td><td>{e(v)}</td></tr>" for k, v in summary.headline)
        parts.append(f"<table width='100%' cellspacing='0' cellpadding='3' border='0' bgcolor='#eef5ee' "
                     f"style='font-size: 10pt;'>{rows}</table>")
    parts.append(f"<p style='font-size: 10pt; background-color: #eef5ee;'><b>{e(summary.recommendation)}</b></p>")
    for table in summary.tables:
        parts.append(_heading(table.title))
        parts.append(_html_table(table, NUMERIC_COLUMNS.get(table.key, 99)))
        if table.note:
            parts.append(f"<p style='font-size: 8pt; color: #444444;'>{e(table.note)}</p>")
        if table.image and table.image in images:
            parts.append(f"<p align='center'><img src='{images[table.image]}' width='560'></p>")
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


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def to_markdown(summary: Summary) -> str:
    w = Words(summary.language)
    lines = [f"# {summary.title}", "", " · ".join(f"**{k}**: {v}" for k, v in summary.meta), ""]
    lines += [f"- **{k}**: {v}" for k, v in summary.headline]
    lines += ["", f"**{summary.recommendation}**", ""]
    for table in summary.tables:
        header = table.header if any(table.header) else ("", "")
        lines += [f"## {table.title}", "", "| " + " | ".join(_md_cell(h) for h in header) + " |",
                  "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in table.rows]
        lines.append("")
        if table.note:
            lines += [table.note, ""]
    if summary.sources:
        lines += [f"## {w('Sources')}", ""] + [f"{n}. {text}" for n, text in enumerate(summary.sources, start=1)]
        lines.append("")
    lines += [f"## {w('Warnings')}", ""] + [f"- {text}" for text in summary.warnings]
    if summary.approval:
        lines += ["", f"## {w('Approval')}", ""] + [f"- {k}: {v or '________________'}" for k, v in summary.approval]
    return "\n".join(lines) + "\n"


def to_csv(summary: Summary) -> str:
    """Every table as rows of (section, label, value…)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["section", "label", "value", "value 3", "value 4", "value 5", "value 6"])
    for key, value in summary.meta:
        writer.writerow(["meta", key, value])
    for key, value in summary.headline:
        writer.writerow(["headline", key, value])
    writer.writerow(["recommendation", "", summary.recommendation])
    for table in summary.tables:
        if any(table.header):
            writer.writerow([table.key, *table.header])
        for row in table.rows:
            writer.writerow([table.key, *row])
    for n, text in enumerate(summary.sources, start=1):
        writer.writerow(["sources", str(n), text])
    for text in summary.warnings:
        writer.writerow(["warnings", "", text])
    return out.getvalue()


def to_json(summary: Summary) -> str:
    """Scenario, estimate (the CLI's JSON contract) and the alternatives' estimates."""
    document = {
        "format": "gpu-configurator-summary",
        "version": 2,
        "language": summary.language,
        "meta": dict(summary.meta),
        "recommendation": summary.recommendation,
        "headline": dict(summary.headline),
        "estimate": summary.estimate.to_dict(),
        "bom": None if summary.cost is None else deployment_cost_to_dict(summary.cost),
        "alternatives": [{k: v for k, v in alt.to_dict().items() if k not in ("scenario", "assumptions")}
                         for alt in summary.alternatives],
        "sources": list(summary.sources),
        "warnings": list(summary.warnings),
    }
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"
