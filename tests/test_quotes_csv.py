"""The buyer's quotes CSV read like the catalog (issue 30, part 5), and FIFOs and devices refused
as input files: every problem names its row and column, no reader waits on a named pipe."""

from __future__ import annotations

import codecs
import os
import subprocess
import sys
import threading
import time
from datetime import date
from pathlib import Path

import pytest

from configurator.core.architecture import ArchitectureError
from configurator.core.hf_config import load_hf_config
from configurator.core.catalog import load_catalog
from configurator.core.json_values import JsonFileError, read_json_file
from configurator.core.procurement.prices import PriceFileError, read_quotes
from configurator.core.scenario_io import ScenarioFileError, read_scenario

HEADER = "item,unit_price,currency,date,vendor\n"
TODAY = date(2026, 12, 2)
ROOT = Path(__file__).resolve().parents[1]


def quotes(tmp_path, content: str | bytes) -> Path:
    path = tmp_path / "quotes.csv"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def refusal(tmp_path, content: str | bytes) -> str:
    with pytest.raises(PriceFileError) as refused:
        read_quotes(quotes(tmp_path, content), TODAY)
    return str(refused.value)


# ---- what is refused, by row and column --------------------------------------------------------


@pytest.mark.parametrize(("row", "problem"), [
    ("nic-400g,1000,USD,9999-99-99,V",
     "row 2, column D (date): date 9999-99-99: the year must be between 1990 and 2100"),
    ("nic-400g,1000,USD,<script>,V", "row 2, column D (date): '<script>' is not a date"),
    ("nic-400g,1000,USD,2026-02-30,V", "row 2, column D (date): date 2026-02-30 is not a calendar date"),
    ("nic-400g,1000,USD,15.01.2026,V", "row 2, column D (date): '15.01.2026' is not a date; write it year first"),
    ("nic-400g,1000,USD,2027-01,V", "row 2, column D (date): 2027-01 is after today (2026-12-02)"),
    ("nic-400g,1000,USD,,V", "row 2, column D (date): '' is not a date"),
    ("nic-400g,١٢٣,USD,2026-01,V", "row 2, column B (unit_price): '١٢٣' is not an amount in digits 0-9"),
    ("nic-400g,１０００,USD,2026-01,V",
     "row 2, column B (unit_price): '１０００' is not an amount in digits 0-9"),
    ("nic-400g,1e3,USD,2026-01,V", "row 2, column B (unit_price): '1e3' is not an amount"),
    ("nic-400g,-5,USD,2026-01,V", "row 2, column B (unit_price): '-5' is not an amount"),
    ("nic-400g,$900,USD,2026-01,V", "row 2, column B (unit_price): '$900' is not an amount"),
    ("nic-400g,inf,USD,2026-01,V", "row 2, column B (unit_price): 'inf' is not an amount"),
    ("nic-400g,2000000000,USD,2026-01,V",
     "row 2, column B (unit_price): 2000000000 is outside the range 0 to 1,000,000,000"),
    ("nic-400g,1000,US$,2026-01,V", "row 2, column C (currency): 'US$' is not an ISO 4217 currency code"),
    ("nic-400g,1000,XYZ,2026-01,V", "row 2, column C (currency): 'XYZ' is not an ISO 4217 currency code"),
    (",1000,USD,2026-01,V", "row 2, column A (item): is empty"),
    ("nic\x1b[31m-400g,1000,USD,2026-01,V", "row 2, column A (item): holds a control character"),
    ("nic-400g,1000,USD,2026-01,V\u202eendor", "row 2, column E (vendor): holds a control character"),
    ("nic-400g,1000,USD", "row 2, column D (date): missing (the row has 3 of 5 columns)"),
])
def test_each_bad_value_is_refused_naming_its_row_and_column(tmp_path, row, problem):
    assert problem in refusal(tmp_path, HEADER + row + "\n")


def test_every_problem_is_named_up_to_five(tmp_path):
    rows = "".join(f"nic-400g,x{n},USD,2026-01,V\n" for n in range(8))
    text = refusal(tmp_path, HEADER + rows)
    assert "row 2, column B" in text and "row 6, column B" in text and "(and 3 more)" in text


def test_an_item_quoted_twice_is_skipped_in_both_rows_and_the_others_kept(tmp_path):
    rows = read_quotes(quotes(tmp_path, HEADER + "nic-400g,1000,USD,2026-01,A\nserver-hgx-8,5,USD,2026-01,B\n"
                                                 "nic-400g,900,USD,2026-02,C\n"), TODAY)
    assert rows == (("server-hgx-8", 5.0, "USD", "2026-01", "B"),) and rows.skipped_rows == 2
    assert [p.text for p in rows.skipped] == [
        f"row {n}, column A (item): 'nic-400g' is quoted more than once (rows 2, 4): none of them is used; "
        "keep one quote per item" for n in (2, 4)]


# ---- one bad row among good ones: the good ones are read, the bad one named ------------------------

FORTY = "".join(f"item-{n},{1000 + n},USD,2026-0{1 + n % 9},V{n}\n" for n in range(40))


def test_thirty_nine_good_quotes_and_one_typo_give_the_39_and_name_the_typo(tmp_path):
    lines = FORTY.splitlines(keepends=True)
    lines[16] = "item-16,12O00,USD,2026-03,V16\n"  # a letter O for a zero: row 18 of the sheet
    rows = read_quotes(quotes(tmp_path, HEADER + "".join(lines)), TODAY)
    assert len(rows) == 39 and "item-16" not in {row[0] for row in rows} and rows.read == 40
    assert rows.skipped_rows == 1
    assert [p.text for p in rows.skipped] == [
        "row 18, column B (unit_price): '12O00' is not an amount in digits 0-9 (e.g. 12500 or 12500.50)"]
    assert [p.text_in("zh_CN") for p in rows.skipped] == [
        "第 18 行第 B 列（unit_price）：'12O00' 不是用数字 0-9 写的金额（例如 12500 或 12500.50）"]


def test_a_row_with_two_problems_is_one_row_skipped_with_both_named(tmp_path):
    rows = read_quotes(quotes(tmp_path, HEADER + FORTY + "item-x,abc,XYZ,2026-01,V\n"), TODAY)
    assert len(rows) == 40 and rows.skipped_rows == 1 and rows.read == 41
    assert [p.text.split(":")[0] for p in rows.skipped] == ["row 42, column B (unit_price)",
                                                          "row 42, column C (currency)"]


def test_a_quote_left_open_skips_it_and_the_rows_after_and_says_so(tmp_path):
    five = "".join(FORTY.splitlines(True)[:5])
    rows = read_quotes(quotes(tmp_path, HEADER + five + 'nic-400g,"1000,USD,2026-01,V\nx,1,USD,2026,V\n'), TODAY)
    assert rows and rows.skipped_rows == 1
    assert rows.skipped[0].text == ("row 7: a quotation mark (\") opens a cell and is never closed; it and the rows "
                                    "after it are not read")
    assert rows.skipped[0].text_in("zh_CN") == "第 7 行：单元格以引号（\"）开头，但引号未闭合；该行及其后各行均未读取"


def test_a_file_without_a_usable_row_is_still_refused(tmp_path):
    text = refusal(tmp_path, HEADER + "nic-400g,x,USD,2026-01,V\nserver-hgx-8,1,USD,2099-01,V\n")
    assert "row 2, column B (unit_price)" in text and "row 3, column D (date)" in text


@pytest.mark.parametrize(("content", "problem"), [
    (HEADER, "no quotes in the file (only a header)"),
    (HEADER + ",,,,\n\n", "no quotes in the file (only a header)"),
    ("", "no quotes in the file (it is empty)"),
    ("item,price\nx,1\n", "the header must name item, unit_price, currency, date, vendor (missing: unit_price, "),
    ("item,unit_price,currency,date,vendor,item\n", "the header names item twice (columns A and F)"),
    (HEADER + 'nic-400g,"1000,USD,2026-01,V\n', "row 2: a quotation mark (\") opens a cell and is never closed"),
    (HEADER + 'nic-400g,"1000"0,USD,2026-01,V\n', "row 2: text follows a quoted cell's closing quotation mark"),
    (b"\xff\xfe\xfd" * 10, "missing: item"),  # not a CSV at all
])
def test_files_without_usable_quotes_are_refused(tmp_path, content, problem):
    assert problem in refusal(tmp_path, content)


# ---- what is read ----------------------------------------------------------------------------------

EXPECTED = (("nic-400g", 1000.5, "EUR", "2026-01-15", "Händler"),
            ("server-hgx-8", 250000.0, "CNY", "2026-11", "浪潮"))
ROWS = [("nic-400g", "1000.5", "EUR", "2026-01-15", "Händler"), ("server-hgx-8", "250000", "CNY", "2026-11", "浪潮")]


def table(delimiter: str, newline: str = "\n", rows=ROWS) -> str:
    lines = [delimiter.join(("item", "unit_price", "currency", "date", "vendor"))]
    lines += [delimiter.join(row) for row in rows]
    return newline.join(lines) + newline


@pytest.mark.parametrize(("name", "content"), [
    ("comma, UTF-8", table(",").encode("utf-8")),
    ("UTF-8 with BOM, CRLF", codecs.BOM_UTF8 + table(",", "\r\n").encode("utf-8")),
    ("semicolon", table(";").encode("utf-8")),
    ("tab", table("\t").encode("utf-8")),
    ("UTF-16 LE with BOM, tab (Excel 'Unicode text')", codecs.BOM_UTF16_LE + table("\t", "\r\n").encode("utf-16-le")),
    ("UTF-16 LE without BOM", table(",").encode("utf-16-le")),
    ("UTF-16 BE without BOM", table(";").encode("utf-16-be")),
    ("UTF-16 BE with BOM", codecs.BOM_UTF16_BE + table(",").encode("utf-16-be")),
    ("GB18030 (Excel's CSV on a Chinese Windows)", table(",").encode("gb18030")),
])
def test_every_encoding_and_delimiter_excel_writes_is_read(tmp_path, name, content):
    assert read_quotes(quotes(tmp_path, content), TODAY) == EXPECTED, name


@pytest.mark.parametrize(("written", "amount"), [
    ("12500", 12500.0), ("12500.50", 12500.5), ('"12,500.50"', 12500.5), ("0", 0.0), (" 42 ", 42.0),
    ('"12500,50"', 12500.5), ('"1,000"', 1000.0),  # a decimal comma has at most two decimals
])
def test_amounts_in_ascii_digits(tmp_path, written, amount):
    assert read_quotes(quotes(tmp_path, HEADER + f"nic-400g,{written},usd,2026,V\n"), TODAY)[0][1] == amount


@pytest.mark.parametrize(("written", "kept"), [("2026-01-15", "2026-01-15"), ("2026/1/5", "2026-01-05"),
                                               ("2026-01", "2026-01"), ("2026", "2026"), ("2026-12-02", "2026-12-02")])
def test_dates_year_first(tmp_path, written, kept):
    assert read_quotes(quotes(tmp_path, HEADER + f"nic-400g,1,USD,{written},V\n"), TODAY)[0][3] == kept


def test_columns_in_any_order_with_extra_columns_and_spaced_names(tmp_path):
    content = "Vendor, Unit Price ,notes,ITEM,Currency,Date\nACME,99,call back,nic-400g,usd,2026-03\n"
    assert read_quotes(quotes(tmp_path, content), TODAY) == (("nic-400g", 99.0, "USD", "2026-03", "ACME"),)


# ---- FIFOs and devices as input files ------------------------------------------------------------------


@pytest.fixture
def fifo(tmp_path):
    """A named pipe nobody writes to. Should a reader block on it, a watchdog opens it for writing
    after 10 s, so the reader gets an empty file and the test fails instead of hanging."""
    path = tmp_path / "pipe.gpuconf.json"
    os.mkfifo(path)
    finished = threading.Event()

    def release() -> None:
        deadline = time.monotonic() + 10
        while not finished.wait(0.2):
            if time.monotonic() > deadline:
                try:
                    os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
                except OSError:
                    pass  # no reader waiting (ENXIO)

    watchdog = threading.Thread(target=release, daemon=True)
    watchdog.start()
    yield path
    finished.set()
    watchdog.join()


MESSAGE = "it is a named pipe (FIFO), not a file"


def test_every_reader_refuses_a_fifo_at_once(fifo):
    start = time.monotonic()
    with pytest.raises(JsonFileError, match=MESSAGE.replace("(", r"\(").replace(")", r"\)")):
        read_json_file(fifo)
    with pytest.raises(ScenarioFileError, match=r"cannot read .*pipe.gpuconf.json: it is a named pipe"):
        read_scenario(fifo)
    with pytest.raises(ArchitectureError, match="it is a named pipe"):
        load_hf_config(fifo)
    with pytest.raises(PriceFileError, match="it is a named pipe"):
        read_quotes(fifo)
    catalog = load_catalog(fifo)  # the user catalog: skipped with a problem, the bundled cards stay
    assert "h100-sxm" in catalog and any(MESSAGE in p.text for p in catalog.problems)
    assert time.monotonic() - start < 5


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_devices_and_folders_are_refused(tmp_path, device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    with pytest.raises(PriceFileError, match="it is a device, not a file"):
        read_quotes(Path(device))
    with pytest.raises(ScenarioFileError, match="it is a folder, not a file"):
        read_scenario(tmp_path)


def run_cli(*argv: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-m", "configurator.cli", *argv], capture_output=True, text=True,
                          timeout=120, env=environment, cwd=ROOT)


@pytest.mark.parametrize(("argv", "status"), [
    (["estimate", "--quotes"], 2), (["estimate", "--scenario"], 2), (["estimate", "--model-config"], 2),
    (["report", "-o", "{out}", "--scenario"], 2), (["--catalog-overlay"], 0),
], ids=["quotes", "scenario", "config", "report", "catalog-overlay"])
def test_the_cli_refuses_a_fifo_without_hanging(fifo, tmp_path, argv, status):
    argv = [a.replace("{out}", str(tmp_path / "s.md")) for a in argv] + [str(fifo)]
    if argv[0] == "--catalog-overlay":
        argv += ["catalog", "list"]
    result = run_cli(*argv)
    assert result.returncode == status, result.stderr
    assert MESSAGE in result.stderr and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1


def test_the_window_refuses_a_fifo_as_scenario_and_config(qtbot, tmp_path, fifo, monkeypatch):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from configurator.app.main import build_main_window

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append((title, text)))
    window = build_main_window(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    start = time.monotonic()
    assert not window.open_path(fifo)
    assert shown and MESSAGE in shown[-1][1]
    assert not window.editor.import_config(fifo)
    assert MESSAGE in window.editor.error_label.text()
    assert time.monotonic() - start < 5


@pytest.mark.parametrize(("language", "summary", "named"), [
    ("en", "gpu-configurator: warning: --quotes: {path}: 39 of 40 quotes loaded; rows skipped for a problem: 1",
     "gpu-configurator: warning: --quotes: row 18, column B (unit_price): '12O00' is not an amount in digits 0-9"),
    ("zh_CN", "gpu-configurator：警告：--quotes：{path}：已载入 40 条中的 39 条报价；因有问题跳过 1 行",
     "gpu-configurator：警告：--quotes：第 18 行第 B 列（unit_price）：'12O00' 不是用数字 0-9 写的金额"),
])
def test_the_cli_uses_the_good_quotes_and_names_the_skipped_row_on_stderr(tmp_path, capsys, language, summary, named):
    from configurator import cli

    lines = FORTY.splitlines(keepends=True)
    lines[16] = "item-16,12O00,USD,2026-03,V16\n"
    lines[0] = "nic-400g,1234,USD,2026-01,Distributor\n"
    path = quotes(tmp_path, HEADER + "".join(lines))
    code = cli.main(["estimate", "--json", "--model", "llama3-8b", "--count", "64", "--quotes", str(path),
                     "--lang", language])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert summary.format(path=path) in err.splitlines() and any(line.startswith(named) for line in err.splitlines())
    assert '"quote"' in out  # the good quotes price the bill
