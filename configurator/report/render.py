"""Text renderings of a Summary: HTML (the printed document), Markdown, CSV and JSON."""

from __future__ import annotations

import csv
import html
import io
import json

from configurator.report.language import Words
from configurator.report.summary import Summary, Table

CJK_FONTS = "'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'Microsoft YaHei', 'PingFang SC', sans-serif"


def _html_table(table: Table) -> str:
    e = html.escape
    head = ""
    if any(table.header):
        head = "<tr>" + "".join(f"<th align='left'>{e(h)}</th>" for h in table.header) + "</tr>"
    body = "".join("<tr>" + "".join(f"<td>{e(cell)}</td>" for cell in row) + "</tr>" for row in table.rows)
    return f"<table width='100%' cellspacing='0' cellpadding='3' border='1'>{head}{body}</table>"


def to_html(summary: Summary, images: dict[str, str] | None = None) -> str:
    """HTML for QTextDocument; ``images`` maps a table's image key to a resource URL."""
    e, images = html.escape, images or {}
    w = Words(summary.language)
    parts = [
        f"<html><body style=\"font-family: {CJK_FONTS}; font-size: 9pt;\">",
        f"<h1 style='font-size: 16pt;'>{e(summary.title)}</h1>",
        "<p>" + " · ".join(f"<b>{e(k)}</b>: {e(v)}" for k, v in summary.meta) + "</p>",
        f"<p style='font-size: 11pt; background-color: #eef5ee;'><b>{e(w('Recommendation'))}:</b> "
        f"{e(summary.recommendation)}</p>",
    ]
    for table in summary.tables:
        parts.append(f"<h2 style='font-size: 12pt;'>{e(table.title)}</h2>")
        parts.append(_html_table(table))
        if table.image and table.image in images:
            parts.append(f"<p align='center'><img src='{images[table.image]}' width='600'></p>")
    parts.append(f"<h2 style='font-size: 12pt;'>{e(w('Warnings'))}</h2><ul>")
    parts += [f"<li>{e(text)}</li>" for text in summary.warnings]
    parts.append("</ul></body></html>")
    return "".join(parts)


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def to_markdown(summary: Summary) -> str:
    w = Words(summary.language)
    lines = [f"# {summary.title}", "", " · ".join(f"**{k}**: {v}" for k, v in summary.meta), "",
             f"**{w('Recommendation')}:** {summary.recommendation}", ""]
    for table in summary.tables:
        header = table.header if any(table.header) else ("", "")
        lines += [f"## {table.title}", "", "| " + " | ".join(_md_cell(h) for h in header) + " |",
                  "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in table.rows]
        lines.append("")
    lines += [f"## {w('Warnings')}", ""] + [f"- {text}" for text in summary.warnings]
    return "\n".join(lines) + "\n"


def to_csv(summary: Summary) -> str:
    """Every table as rows of (section, label, value…)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["section", "label", "value", "value 3", "value 4", "value 5", "value 6"])
    for key, value in summary.meta:
        writer.writerow(["meta", key, value])
    writer.writerow(["recommendation", "", summary.recommendation])
    for table in summary.tables:
        if any(table.header):
            writer.writerow([table.key, *table.header])
        for row in table.rows:
            writer.writerow([table.key, *row])
    for text in summary.warnings:
        writer.writerow(["warnings", "", text])
    return out.getvalue()


def to_json(summary: Summary) -> str:
    """Scenario, estimate (the CLI's JSON contract) and the alternatives' estimates."""
    document = {
        "format": "gpu-configurator-summary",
        "version": 1,
        "language": summary.language,
        "meta": dict(summary.meta),
        "recommendation": summary.recommendation,
        "estimate": summary.estimate.to_dict(),
        "alternatives": [{k: v for k, v in alt.to_dict().items() if k not in ("scenario", "assumptions")}
                         for alt in summary.alternatives],
        "warnings": list(summary.warnings),
    }
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"
