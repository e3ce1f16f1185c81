"""Escaping at every output (issue 30, part 5): user text (a scenario's name, a quote's vendor and
item, a user card's name, a file name, a config value) is shown as written and never acts: no
raw HTML, forged heading, table row or ``javascript:`` link in the Markdown or HTML summary, no
formula in the CSV, no terminal escape code, carriage return or bidirectional override on the
command line."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from configurator import cli
from configurator.core.architecture import preset
from configurator.core.catalog import Card, Catalog, load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.procurement import prices
from configurator.core.scenario import Scenario
from configurator.core.view.printable import printable
from configurator.report.render import csv_text, markdown_text, to_csv, to_html, to_markdown
from configurator.report.summary import build_summary

CATALOG = load_bundled_catalog()
HOSTILE = ("<img src=x onerror=alert(1)>\n# Forged heading\n| forged | row |\n"
           "[click](javascript:alert(1)) <javascript:alert(2)> <script>alert(3)</script> *x* `y` ~~z~~ &lt;")
CARD_NAME = "<b>Evil</b>\n## Card\r\n- item \x1b[31mred\u202eevil"


def hostile_summary(language: str = "en"):
    raw = CATALOG.get("l40s").model_dump(mode="json")
    card = Card.model_validate({**raw, "id": "my-evil-card", "name": CARD_NAME, "vendor": "Evil\nVendor"})
    catalog = Catalog(cards=CATALOG.cards + (card,), version=CATALOG.version, date=CATALOG.date)
    scenario = Scenario(name=HOSTILE, model=preset("llama3-8b"), card_id=card.id, count=2, workload="inference")
    return build_summary(estimate(scenario, card), catalog, language)


def plain_summary(language: str = "en"):
    scenario = Scenario(name="Plain", model=preset("llama3-8b"), card_id="l40s", count=2, workload="inference")
    return build_summary(estimate(scenario, CATALOG.get("l40s")), CATALOG, language)


def block_marks(markdown: str) -> list[str]:
    """Each line's block kind: heading level, table row, list item, or text."""
    kinds = []
    for line in markdown.splitlines():
        heading = re.match(r"^(#{1,6}) ", line)
        kinds.append(heading.group(1) if heading else "|" if line.startswith("|") else
                     "-" if line.startswith("- ") else "1." if re.match(r"^\d+\. ", line) else "text" if line else "")
    return kinds


# ---- Markdown -----------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_markdown_has_the_same_structure_whatever_the_names(language):
    """The hostile names add no heading, table row or list item: the hostile summary's lines are of
    the same kinds, in the same order, as a plain one's (only text differs)."""
    hostile, plain = to_markdown(hostile_summary(language)), to_markdown(plain_summary(language))
    assert block_marks(hostile) == block_marks(plain)
    for raw in ("<img", "<script", "<b>", "<javascript:", "\x1b", "\u202e", "\r"):
        assert raw not in hostile
    assert not re.search(r"(?<!\\)\[click", hostile)  # '\[' is text, '[' opens a link
    assert "Forged heading" in hostile and "javascript:alert(1)" in hostile  # shown, as text


def test_markdown_text_cases():
    assert markdown_text("<img src=x onerror=alert(1)>") == "&lt;img src=x onerror=alert(1)>"
    assert markdown_text("a\n# b\r\n| c |") == "a # b \\| c \\|"
    assert markdown_text("[x](javascript:alert(1))") == "\\[x](javascript:alert(1))"
    assert markdown_text("[x]: javascript:alert(1)") == "\\[x]: javascript:alert(1)"  # no link definition
    assert markdown_text("- item") == "\\- item" and markdown_text("1. item") == "1\\. item"
    assert markdown_text("# in a cell", block_start=False) == "# in a cell"
    assert markdown_text("# title") == "\\# title" and markdown_text("> quote") == "\\> quote"
    assert markdown_text("&lt;") == "&amp;lt;" and markdown_text("R&D") == "R&D"
    assert markdown_text("a\x1bb") == "a\\\\u001bb"  # the visible escape, its backslash escaped
    # ordinary text stays readable
    for text in ("53.8\u00a0GiB (likely 50–60\u00a0GiB)", "-5.0\u00a0%", "8 × H100 SXM5 80GB", "amp_bf16",
                 "https://example.org/a?b=1&c=2", "显存 80 GB，推理卡"):
        assert markdown_text(text) == text


def test_markdown_renders_the_names_as_text(qapp):
    """Qt's own Markdown reader (md4c, CommonMark with GitHub's tables) finds no image, no link but
    the cited web addresses, no HTML, and the same sections and tables; the names read as the user
    wrote them (lines joined)."""
    from PySide6.QtGui import QTextDocument

    document = QTextDocument()
    document.setMarkdown(to_markdown(hostile_summary()))
    html = document.toHtml()
    assert "<img" not in html and "<script" not in html
    assert all(link.startswith("http") for link in re.findall(r'href="([^"]*)"', html))  # cited web addresses
    text = document.toPlainText()
    assert "<img src=x onerror=alert(1)> # Forged heading | forged | row |" in text
    assert "[click](javascript:alert(1))" in text
    plain = QTextDocument()
    plain.setMarkdown(to_markdown(plain_summary()))
    assert html.count("<h2") == plain.toHtml().count("<h2") > 5  # (Qt shows a title opening with '&lt;' as text)
    assert html.count("<table") == plain.toHtml().count("<table")


# ---- HTML (the printed and PDF summary) ---------------------------------------------------------------


def test_html_summary_escapes_every_name(qapp):
    from PySide6.QtGui import QTextDocument

    html = to_html(hostile_summary())
    for raw in ("<img src=x", "<script", "<b>Evil", "\x1b", "\u202e"):
        assert raw not in html
    document = QTextDocument()
    document.setHtml(html)
    assert "href" not in document.toHtml() and "<img" not in document.toHtml()
    assert "<img src=x onerror=alert(1)> # Forged heading | forged | row |" in document.toPlainText()  # as text


def test_the_pdf_title_and_footer_are_one_line(qapp):
    from PySide6.QtGui import QTextDocument

    from configurator.report.document import build_document

    document = build_document(hostile_summary(), {})
    title = document.metaInformation(QTextDocument.MetaInformation.DocumentTitle)
    assert title.startswith("<img src=x onerror=alert(1)> # Forged heading | forged | row |")
    assert "\n" not in title and "\r" not in title


# ---- CSV -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "cell"), [
    ("=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"),
    ("+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"),
    ("@SUM(A1)", "'@SUM(A1)"), ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"), ("\tx", "'\tx"),
    ("-12.5\u00a0%", "-12.5\u00a0%"), ("-1,200\u00a0USD", "-1,200\u00a0USD"), ("H100", "H100"), ("", ""),
])
def test_csv_cells_never_start_a_formula(text, cell):
    assert csv_text(text) == cell


def test_csv_summary_names_are_cells_not_formulas():
    raw = CATALOG.get("l40s").model_dump(mode="json")
    card = Card.model_validate({**raw, "id": "formula-card", "name": "=cmd|' /C calc'!A0"})
    catalog = Catalog(cards=CATALOG.cards + (card,), version=CATALOG.version, date=CATALOG.date)
    scenario = Scenario(name="@evil", model=preset("llama3-8b"), card_id=card.id, count=2, workload="inference")
    rows = list(csv.reader(io.StringIO(to_csv(build_summary(estimate(scenario, card), catalog, "en")))))
    cells = [cell for row in rows for cell in row]
    assert not any(cell[:1] in ("=", "+", "@") for cell in cells)
    assert any("'=cmd|" in cell or cell.startswith("2 × =cmd") for cell in cells)


# ---- the terminal ---------------------------------------------------------------------------------------


def test_printable_escapes_controls_and_keeps_text():
    assert printable("\x1b[31mred\x1b[0m") == "\\u001b[31mred\\u001b[0m"
    assert printable("a\rb\nc\td\x00e\x9bf\u202eg\u2028h") == \
        "a\\u000db\\u000ac\\u0009d\\u0000e\\u009bf\\u202eg\\u2028h"
    assert printable("a\nb\tc", keep_lines=True) == "a\nb\tc"
    assert printable("a\r\nb", keep_lines=True) == "a\\u000d\nb"
    for text in ("显存 80 GB", "Ünïcødé · × – — ≥ ∞ ⁻¹", "Ф", "\u00a0"):
        assert printable(text) == text


def quotes_file(tmp_path, item: str, vendor: str = "ACME") -> str:
    path = tmp_path / "quotes.csv"
    with open(path, "w", newline="", encoding="utf-8") as stream:
        csv.writer(stream).writerows([prices.QUOTE_COLUMNS, [item, "1000", "USD", "2026-01-15", vendor]])
    return str(path)


def test_quote_ids_with_control_characters_are_refused_and_never_printed_raw(tmp_path, capsys):
    assert cli.main(["estimate", "--quotes", quotes_file(tmp_path, "\x1b[2Jgone\x1b]0;title\x07")]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err
    assert "row 2, column A (item): holds a control character" in err


def test_unknown_quote_ids_print_escaped(tmp_path, capsys):
    """An id of no priced item is ignored with a warning that shows it as written (a quote
    whose vendor reverses the line is refused at reading; its id here is plain text)."""
    assert cli.main(["estimate", "--quotes", quotes_file(tmp_path, "no-such-item")]) == 0
    assert "quote for unknown item 'no-such-item' ignored" in capsys.readouterr().err


def test_a_file_name_with_control_characters_prints_escaped(tmp_path, capsys):
    folder = tmp_path / "\x1b[31mred\u202e"
    folder.mkdir()
    path = folder / "quotes.csv"
    path.write_text("item,unit_price,currency,date,vendor\n", encoding="utf-8")
    assert cli.main(["estimate", "--quotes", str(path)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\u202e" not in err and "\\u001b[31mred\\u202e" in err
    assert "no quotes in the file" in err


@pytest.mark.parametrize("argv", [
    ["estimate", "--card", "\x1b[31mh100"],  # a card id
    ["estimate", "--quotes", "/no/such/\x1b[31m.csv"],  # a file name
    ["estimate", "--bogus", "\x1b[31m"],  # argparse's own message
    ["catalog", "show", "\x1b[2J\rfake"],
])
def test_arguments_print_escaped(capsys, argv):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\r" not in err and "\\u001b" in err and err.count("\n") == 1


@pytest.mark.parametrize("argv", [["estimate", "--card", "x\ngpu-configurator: error: forged"],
                                  ["catalog", "show", "x\r\nforged"], ["estimate", "--bogus", "a\nb"]])
def test_an_error_stays_one_line_whatever_it_quotes(capsys, argv):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("gpu-configurator: error: ") and "\r" not in err


def test_config_values_print_escaped(tmp_path, capsys):
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"model_type": "llama", "num_hidden_layers": "\x1b[31m\u202e32"}))
    assert cli.main(["estimate", "--model-config", str(config)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\u202e" not in err and "\\u001b[31m\\u202e32" in err


def test_a_user_cards_name_prints_escaped_in_tables_and_stays_json(tmp_path, capsys):
    raw = CATALOG.get("l40s").model_dump(mode="json")
    name = "My\x1b[31m card\u202e\x9b2J"
    overlay = tmp_path / "user.json"
    overlay.write_text(json.dumps({"cards": [{**raw, "id": "my-card", "name": name}]}))
    assert cli.main(["--catalog-overlay", str(overlay), "catalog", "show", "my-card"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out and "\x9b" not in out and "My\\u001b[31m card" in out
    assert cli.main(["--catalog-overlay", str(overlay), "catalog", "show", "my-card", "--json"]) == 0
    out = capsys.readouterr().out
    assert "\u202e" not in out and "\x9b" not in out
    assert json.loads(out)["name"] == name  # the escapes are JSON's: the same name read back
