"""The summary as an approver checks it with a calculator (session 41, approver persona): the bill's
printed lines add up to the printed capex, each line's quantity times its printed unit price gives its
printed total, the energy line names the tariff it is priced at, and a table continued on a new page
keeps its amounts right-aligned."""

from __future__ import annotations

import re

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.currency import in_language_currency
from configurator.core.estimate import estimate
from configurator.core.messages import msg
from configurator.core.scenario import Scenario
from configurator.report.summary import build_summary
from configurator.report.summary_sums import summing_amounts

DESKTOPS = Scenario(model=preset("llama3-8b"), card_id="t4", count=19, workload="vdi", graphics={"users": 300})
"""300 knowledge workers' desktops on 19 T4: a T4 at 803.50 USD (the midpoint of 729–878 USD) and vGPU
licences per user, whose printed lines missed the printed capex by one unit, and in Chinese 10.53 万元 of
licences beside a unit price of "0.04 万元"."""


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _summary(catalog, scenario: Scenario, language: str):
    scenario = in_language_currency(scenario, language)
    return build_summary(estimate(scenario, catalog.get(scenario.card_id)), catalog, language)


def _amount(text: str) -> float:
    """A printed amount in its currency's units: '15,267 USD' -> 15267, '10.72 万元' -> 107200."""
    number = float(re.search(r"−?[\d,]+(?:\.\d+)?", text).group(0).replace(",", "").replace("−", "-"))
    return number * (1e4 if "万" in text else 1.0)


def _quantity(text: str) -> float:
    return float(re.match(r"[\d,.]+", text).group(0).replace(",", ""))


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_printed_bill_lines_add_up_to_the_printed_capex(catalog, language):
    summary = _summary(catalog, DESKTOPS, language)
    bom = next(t for t in summary.tables if t.key == "bom")
    lines = [row for row in bom.rows if row[0] and row[4] != "—" and "/" not in row[4]]  # purchases, priced
    capex = next(row for row in bom.rows if not row[0])
    assert len(lines) >= 5
    assert sum(_amount(row[4]) for row in lines) == pytest.approx(_amount(capex[4]), abs=1e-6)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_each_line_is_its_quantity_times_its_printed_unit_price(catalog, language):
    summary = _summary(catalog, DESKTOPS, language)
    bom = next(t for t in summary.tables if t.key == "bom")
    step = 100.0 if language == "zh_CN" else 1.0  # the total column's printed step: 0.01 万元, 1 USD
    for row in bom.rows:
        if not row[0] or row[4] in ("—", "") or _amount(row[3]) == 0:
            continue
        assert _quantity(row[2]) * _amount(row[3]) == pytest.approx(_amount(row[4]), abs=step), row
        if _quantity(row[2]) == 1:  # one unit: its total is its unit price, to the printed digit
            # (in Chinese the unit price may be in 元, its column's unit, beside a total in 万元: "22,463 元", "2.25 万元")
            assert row[3].split(" / ")[0] == row[4].split(" / ")[0] or \
                abs(_amount(row[3]) - _amount(row[4])) <= step / 2, row


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_energy_line_names_its_tariff(catalog, language):
    summary = _summary(catalog, DESKTOPS, language)
    tco = next(t for t in summary.tables if t.key == "tco")
    assert re.search(r"PUE 1\.54(, |，)[\d.]+\s(USD|元)/kWh", tco.rows[1][0]), tco.rows[1][0]


def test_rounded_lines_are_apportioned_to_the_rounded_total():
    """Three lines of x.4 round down beside a total that rounds up past their rounded sum: the lines
    nearest half a step take the difference, each within one step of its own amount, a single unit's
    line last."""
    values = [100.4, 200.45, 300.4, None]
    shown = summing_amounts(values, 601.25, "USD", "en", last=[False, True, False, False])
    assert sum(v for v in shown if v is not None) == 601
    assert shown == [101, 200, 300, None]  # 100.4 and 300.4 tie: the first; 200.45 is a single unit's
    assert summing_amounts([10_000.6, 20_000.7], 30_001.3, "USD", "en") == [10_000, 20_001]


def test_one_spare_server_is_said_in_the_singular():
    assert msg("spare-servers-cold", n=1).text_in("en").startswith("The 1 spare server stands ")
    assert msg("spare-servers-bought", n=1, hours=48, pct=0.85).text_in("en").startswith("1 spare server, ")


def test_a_table_continued_on_a_new_page_keeps_its_amounts_right_aligned(qtbot):
    """The ranking continued on page 3 of the 70B pre-training summary printed its capex and TCO
    left-aligned, under right-aligned ones on page 2 (the copied cells lost their block format)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QTextCursor, QTextDocument

    from configurator.report.document import paginate

    tall = "<br>".join(f"line {i}" for i in range(8))
    continued = 0
    for filler in range(30, 60, 3):
        document = QTextDocument()
        rows = "".join(f"<tr><td>{tall}</td><td align='right'>{i},000 USD</td></tr>" for i in range(6))
        document.setHtml("".join(f"<p>filler {i}</p>" for i in range(filler))
                         + f"<table border='1'><thead><tr><th>Item</th><th>Total</th></tr></thead>{rows}</table>")
        paginate(document)
        tables, block = {}, document.begin()
        while block.isValid():
            table = QTextCursor(block).currentTable()
            if table is not None:
                tables.setdefault(table.firstPosition(), table)
            block = block.next()
        continued += len(tables) > 1
        for table in tables.values():
            for row in range(1, table.rows()):
                alignment = table.cellAt(row, 1).firstCursorPosition().blockFormat().alignment()
                assert alignment & Qt.AlignmentFlag.AlignRight, (filler, row)
    assert continued  # at least one filler height continues the table on a new page


def test_a_saving_per_unit_of_work_says_the_two_totals_it_differs_from(tmp_path):
    """4 of 8 H100 owned for 200 users against 8 × Gaudi 3: "52,222 USD less over 4 years" stood beside
    TCOs of 243,750 and 238,611 USD (the Gaudi 3 serves faster: more tokens in the same years); the
    verdict now says both totals and what the saving counts. Since session 42 the 4 owned come in their own
    server, the other 4 bought into its places, and 8 × H100 is first: 2 owned keep it second."""
    from configurator.cli import main

    out = tmp_path / "owned.md"
    assert main(["report", "--workload", "inference", "--model", "llama3-70b", "--concurrency", "200", "--card",
                 "h100-sxm", "--count", "8", "--owned", "h100-sxm:2", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    verdict = next(line for line in text.splitlines() if "It does the same work for" in line)
    said = re.search(r"Its own total cost of ownership over 4 years is ([\d,]+)\sUSD, your choice's ([\d,]+)\sUSD",
                     verdict)
    assert said, verdict
    assert f"{said.group(2)}\N{NO-BREAK SPACE}USD" in text.split(verdict)[1]  # the TCO table's figure


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_tco_table_says_when_its_printed_figures_miss_its_total(catalog, language):
    """300 desktops: 135,119 + 4 × 33,303 − 40,536 = 227,795 USD beside a printed TCO of 227,793 USD; the
    table's note says the total is summed before rounding, where (and only where) the printed figures miss it."""
    from configurator.report.summary_sums import printed_sum_holds

    summary = _summary(catalog, DESKTOPS, language)
    tco = next(t for t in summary.tables if t.key == "tco")
    figures = {label: _amount(value) for label, value in tco.rows if value[:1].isdigit() or value[:1] == "−"}
    capex, opex, residual, total = (list(figures.values())[i] for i in (0, 5, 6, 7))
    holds = abs(capex + 4 * opex + residual - total) < (100 if language == "zh_CN" else 1) / 2
    said = ("summed before rounding" in tco.note) or ("合计按取整前的金额计算" in tco.note)
    assert said == (not holds), (capex, opex, residual, total)
    assert printed_sum_holds((100.4, 10.4, -50.4), (1, 4, 1), 91.6, "USD", "en") is False  # 100 + 40 − 50 = 90
    assert printed_sum_holds((100.0, 10.0, -50.0), (1, 4, 1), 90.0, "USD", "en") is True


def test_a_card_priced_in_its_system_says_the_system_price_kind(tmp_path):
    """README's 70B pre-training answer: the prices table gave the GB200 NVL72's system price its source
    alone ("[13]"), where every other priced line says street, list or estimate."""
    from configurator.cli import main

    out = tmp_path / "pretrain.md"
    assert main(["report", "--workload", "pretrain", "--model", "llama3-70b", "--tokens", "2T", "--seq", "4096",
                 "--recipe", "megatron-mixed", "--deadline", "90d", "-o", str(out)]) == 0
    rows = [line for line in out.read_text(encoding="utf-8").splitlines() if re.search(r"USD, system \d{4}", line)]
    assert rows
    for row in rows:
        assert re.search(r"\[\d+\] (street|list|estimate|quote|launch)\s*\|$", row), row
