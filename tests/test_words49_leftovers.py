"""Three wording leftovers of session 49's personas (words49; benchmarks/data/notes-persona-2026-12-06-b.md, what is
left): the alternatives' note that capex, TCO and cost per unit exclude the deskside workstations names the rows it
is said of (it read as if of every row); a card counted in chips (颗 in its Chinese name) is counted in 颗 in the
bill of materials and in a system price's label too, as the configuration line counts it (they said '16 张卡' and
'÷ 384 张卡'); the what-fits heading and ``estimate`` say which currency a bare ``--budget`` was read in where the
results are shown in another, as recommend's job line does. Both languages."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from configurator.cli import main
from configurator.cli_parser import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.view.words import words
from configurator.report.render import to_markdown
from configurator.report.summary import build_summary
from configurator.report.summary_partial import excluded_note


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _option(catalog, card: str, count: int) -> SimpleNamespace:
    argv = ["estimate", "--workload", "lora", "--model", "qwen2.5-7b", "--card", card, "--count", str(count)]
    est = estimate(scenario_from_args(build_parser().parse_args(argv), catalog), catalog.get(card))
    return SimpleNamespace(estimate=est, cost=deployment_cost(est))


@pytest.mark.parametrize(("language", "said", "not_said"), [
    ("en", "1 × RTX PRO 6000 Blackwell Workstation Edition: capex, TCO and cost per unit exclude the deskside "
           "workstations", "8 × H100"),
    ("zh_CN", "1 × RTX PRO 6000 Blackwell 工作站版：资本支出、TCO 和单位成本均不含桌边工作站", "8 × H100")])
def test_the_alternatives_note_names_the_rows_whose_totals_exclude_the_workstations(catalog, language, said,
                                                                                     not_said):
    options = [_option(catalog, "h100-sxm", 8), _option(catalog, "rtx-pro-6000-blackwell", 1)]
    note = excluded_note(options, words(language))
    assert said in note and not_said not in note  # was: "Capex, TCO and cost per unit exclude …", no row named
    assert excluded_note(options[:1], words(language)) is None  # every total complete: nothing to say


def _bill_quantities(catalog, card: str, count: int, language: str) -> list[str]:
    s = Scenario(model=preset("llama3-70b"), workload="inference", card_id=card, count=count, auto_layout=LAYOUT_FIELDS)
    bill = next(t for t in build_summary(estimate(s, catalog.get(card)), catalog, language).tables if t.key == "bom")
    return [row[2] for row in bill.rows if row[0] in ("Accelerators", "加速卡")]


@pytest.mark.parametrize(("card", "count", "language", "quantity"), [
    ("ascend-910c-a3-server", 16, "zh_CN", "16 颗"),  # was '16 张卡' beside '（每台 8 颗 NPU）'
    ("ascend-910c-a3-server", 16, "en", "16 cards"),  # English counts cards as before
    ("h100-sxm", 8, "zh_CN", "8 张卡")])  # a card counted as a card: unchanged
def test_the_bill_counts_a_chip_counted_card_in_its_measure_word(catalog, card, count, language, quantity):
    assert quantity in [q.replace("\xa0", " ") for q in _bill_quantities(catalog, card, count, language)]


def test_the_window_bill_counts_as_the_printed_one(qtbot, catalog):
    from configurator.app.bom_panel import quantity_text
    from configurator.app.i18n import language_for_a_while

    s = Scenario(model=preset("llama3-70b"), workload="inference", card_id="ascend-910c-a3-server", count=16,
                 auto_layout=LAYOUT_FIELDS)
    line = next(x for x in deployment_cost(estimate(s, catalog.get(s.card_id))).bom.lines if x.unit == "per card")
    with language_for_a_while("zh_CN"):
        assert quantity_text(line).replace("\xa0", " ") == "16 颗"
    with language_for_a_while("en"):
        assert quantity_text(line).replace("\xa0", " ") == "16 cards"


def _out(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


@pytest.mark.parametrize(("argv", "said"), [
    (("--lang", "zh_CN"), "预算 210.59 万元（--budget 300k：未写币种，按 USD 读取）能买到什么"),
    (("--region", "cn"), "What a budget of 42,737 USD (--budget 300k names no currency: read in CNY) buys"),
    (("--lang", "zh_CN", "--currency", "USD"), "预算 300,000 USD 能买到什么"),  # shown as read: nothing to say
    ((), "What a budget of 300,000 USD buys")])
def test_the_what_fits_heading_says_which_currency_a_bare_budget_was_read_in(capsys, argv, said):
    first = _out(capsys, "what-fits", "--budget", "300k", *argv).splitlines()[0].replace("\xa0", " ")
    assert first.startswith(said), first


@pytest.mark.parametrize(("argv", "said"), [
    (("--lang", "zh_CN"), "预算：210.59 万元（--budget 300k：未写币种，按 USD 读取）"),
    (("--region", "cn"), "Budget: 42,737 USD (--budget 300k names no currency: read in CNY)"),
    ((), None), (("--budget", "300000 USD", "--lang", "zh_CN"), None)])  # as read, or a currency named
def test_estimate_says_which_currency_a_bare_budget_was_read_in(capsys, argv, said):
    budget = () if "--budget" in argv else ("--budget", "300k")
    out = _out(capsys, "estimate", "--workload", "lora", "--model", "qwen2.5-7b", "--card", "h100-sxm", "--count",
               "8", *budget, *argv).replace("\xa0", " ")
    if said is None:
        assert "names no currency" not in out and "未写币种" not in out
    else:
        assert out.splitlines()[0] == said
