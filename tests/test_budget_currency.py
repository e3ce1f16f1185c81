"""A budget (or a card's price) written as a Chinese buyer writes it — 200万元, ¥200万, 1.2亿元 — or
with its currency named (2M USD, 300万美元) is that much of that currency: the command line takes it
(it refused ``200万元``, and read ``200万`` in an English session as 2,000,000 USD, seven times the
yuan meant),
shows the results in it when no ``--currency`` is given, converts it at the price file's dated rate
when one is; the window's budget boxes take it in their own currency and convert another at the
scenario's rate (they refused it until December 2026, persona50)."""

from __future__ import annotations

import json

import pytest

from configurator.core.currency import dated_rate
from configurator.core.magnitudes import Money, money

_VDI = ["recommend", "--workload", "vdi", "--users", "10", "--limit", "1", "--json"]


@pytest.mark.parametrize(("text", "found"), [
    ("200万元", Money(2e6, "CNY")), ("¥200万", Money(2e6, "CNY")), ("￥200万", Money(2e6, "CNY")),
    ("1.2亿元", Money(1.2e8, "CNY")), ("200 万元", Money(2e6, "CNY")), ("2亿人民币", Money(2e8, "CNY")),
    ("RMB 2M", Money(2e6, "CNY")), ("50万 cny", Money(5e5, "CNY")), ("CNY 500,000", Money(5e5, "CNY")),
    ("2M USD", Money(2e6, "USD")), ("US$2M", Money(2e6, "USD")), ("300万美元", Money(3e6, "USD")),
    ("EUR 50k", Money(5e4, "EUR")), ("200万", Money(2e6, None)), ("500,000", Money(5e5, None))])
def test_an_amount_with_the_currency_it_names(text, found):
    assert money(text) == found


@pytest.mark.parametrize("text", ["", "元", "万元", "5x", "$200万元", "200万元元", "abc"])
def test_what_writes_no_amount_or_two_currencies_is_none(text):
    assert money(text) is None


def _budget_verdict(capsys, argv: list[str]) -> dict:
    from configurator.cli import main

    assert main(argv) == 0
    out = capsys.readouterr()
    ranked = json.loads(out.out)["ranked"][0]
    return next(v for v in ranked["constraints"] if v["id"] == "budget") | {"stderr": out.err}


def test_the_command_line_takes_a_budget_in_yuan_and_answers_in_yuan(capsys):
    verdict = _budget_verdict(capsys, [*_VDI, "--budget", "20万元"])  # an English session: USD by default
    assert (verdict["target"], verdict["unit"]) == (200_000, "CNY")
    assert verdict["stderr"] == ""


def test_a_budget_in_yuan_is_converted_to_the_currency_chosen(capsys):
    verdict = _budget_verdict(capsys, [*_VDI, "--budget", "¥20万", "--currency", "USD"])
    assert verdict["unit"] == "USD"
    assert verdict["target"] == pytest.approx(200_000 / dated_rate("CNY").per_usd, abs=0.01)


def test_a_budget_in_dollars_in_a_chinese_session(capsys):
    verdict = _budget_verdict(capsys, [*_VDI, "--budget", "3万美元", "--lang", "zh_CN", "--currency", "CNY"])
    assert verdict["unit"] == "CNY"
    assert verdict["target"] == pytest.approx(30_000 * dated_rate("CNY").per_usd, abs=0.01)


def test_a_bare_budget_in_wan_read_as_dollars_is_said(capsys):
    verdict = _budget_verdict(capsys, [*_VDI, "--budget", "20万"])
    assert (verdict["target"], verdict["unit"]) == (200_000, "USD")  # --currency's, as documented
    assert "20万元" in verdict["stderr"] and "USD" in verdict["stderr"]
    in_chinese = _budget_verdict(capsys, [*_VDI, "--budget", "20万", "--lang", "zh_CN"])  # the same question
    assert in_chinese["target"] == pytest.approx(200_000 * dated_rate("CNY").per_usd, abs=0.01)
    assert "20万元" in in_chinese["stderr"] and "未写币种" in in_chinese["stderr"]
    assert _budget_verdict(capsys, [*_VDI, "--budget", "20万", "--region", "cn", "--lang", "zh_CN"])["stderr"] == ""


def _estimate(capsys, argv: list[str]) -> tuple[dict, str]:
    from configurator.cli import main

    assert main(["estimate", "--workload", "inference", "--card", "ascend-910b", "--count", "8", "--json", *argv]) == 0
    out = capsys.readouterr()
    return json.loads(out.out), out.err


def test_a_card_price_quoted_in_wan_yuan(capsys):
    """A distributor's quote, 每卡 12万元, is 120,000 CNY a card, shown in yuan in an English session
    too; converted where --currency USD is asked for."""
    priced, said = _estimate(capsys, ["--card-price", "12万元"])
    assert (priced["cost"]["purchase"], priced["cost"]["currency"]) == (960_000, "CNY") and said == ""
    priced, _ = _estimate(capsys, ["--card-price", "12万元", "--currency", "USD"])
    assert priced["cost"]["currency"] == "USD"
    assert priced["cost"]["purchase"] == pytest.approx(960_000 / dated_rate("CNY").per_usd, rel=1e-6)
    _, said = _estimate(capsys, ["--card-price", "12万"])
    assert "--card-price 12万" in said and "12万元" in said


@pytest.mark.parametrize(("budget", "said"), [
    ("$200万元", "不是金额"), ("2M GBP", "GBP")])  # GBP: no dated rate (EUR has one)
def test_a_budget_that_cannot_be_read_is_refused(capsys, budget, said):
    from configurator.cli import main

    assert main([*_VDI, "--budget", budget, "--lang", "zh_CN"]) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(("suffix", "typed", "value"), [
    (" CNY", "200万元", 2e6), (" CNY", "¥200万", 2e6), (" CNY", "RMB 2M", 2e6), (" CNY", "200万", 2e6),
    (" USD", "2M USD", 2e6), (" USD", "$2M", 2e6),
    (" CNY", "$2M", None), (" USD", "200万元", None), (" requests a day", "200万元", None)])
def test_a_budget_box_takes_its_own_currency_and_refuses_another(qtbot, suffix, typed, value):
    from PySide6.QtGui import QValidator

    from configurator.app.inputs import MagnitudeSpinBox

    box = MagnitudeSpinBox()
    qtbot.addWidget(box)
    box.setRange(0, 1e12)
    box.setSuffix(suffix)
    acceptable = box.validate(typed, len(typed))[0] == QValidator.State.Acceptable
    assert acceptable == (value is not None)
    if value is not None:
        assert box.valueFromText(typed) == value


def _type_as_an_input_method(qtbot, box, text: str) -> None:
    """Type ``text`` into ``box`` as an input method commits it, then press Return."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QInputMethodEvent
    from PySide6.QtWidgets import QApplication

    box.setFocus()
    box.lineEdit().selectAll()
    event = QInputMethodEvent()
    event.setCommitString(text)
    QApplication.sendEvent(box.lineEdit(), event)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def test_the_panels_budget_in_yuan_takes_200_wan_yuan(qtbot, controller):
    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.core.currency import with_currency

    controller.replace(with_currency(controller.scenario, "CNY"))
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.show()
    _type_as_an_input_method(qtbot, panel.budget, "200万元")
    assert controller.scenario.constraints.budget == 2_000_000
    assert panel.budget.text().endswith("CNY") and "200万元" in panel.budget.toolTip()
    # dollars in a yuan box: not read as yuan; converted at the scenario's rate, as --budget does (persona50)
    _type_as_an_input_method(qtbot, panel.budget, "$30万")
    rate = controller.scenario.economics.usd_to_currency
    assert controller.scenario.constraints.budget == pytest.approx(round(300_000 * rate, panel.budget.decimals()))
