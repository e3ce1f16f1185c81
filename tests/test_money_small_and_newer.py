"""Two money leftovers of session 48 (money48b): a small amount in a column of 万元 is written to the yuan at
the finest (message_numbers.under_unit_decimals, the one rule), and the flag naming a newer, less sure price
says it in the scenario's money, the figure as quoted in brackets (price_basis.newer_flag), in both languages."""

from __future__ import annotations

from datetime import date

import pytest

from configurator.core.catalog import load_bundled_catalog
from configurator.core.message_numbers import NBSP, money_text
from configurator.core.price_basis import clear_price_basis_memo, price_basis
from configurator.core.procurement import card_price
from configurator.core.scenario import Economics
from configurator.core.view.numbers import money, money_column, price_makes_total, printed_step


@pytest.mark.parametrize(("amount", "written"), [
    (1, "0.0001"), (1.5, "0.0002"), (12, "0.0012"), (99, "0.0099"), (150, "0.0150"), (355, "0.0355"),
    (1_234, "0.123"), (0.5, "0.00005")])
def test_a_small_amount_in_a_column_of_wan_is_written_to_the_yuan(amount, written):
    assert money(amount, "CNY", "zh_CN", like=20_000) == f"{written}{NBSP}万元"  # 1 元 read "0.000100 万元"


def test_the_rule_holds_in_yi_and_leaves_english_and_whole_yuan_alone():
    assert money_text(1, "CNY", "zh_CN", like=3e8) == f"0.00000001{NBSP}亿元"
    assert money_text(494_186.0, "CNY", "zh_CN", like=7.61e8) == f"0.00494{NBSP}亿元"  # as before
    assert money(1, "CNY", "en", like=20_000) == f"1.00{NBSP}CNY"
    assert money(1, "CNY", "zh_CN") == f"1.00{NBSP}元"  # no 万 to count: 元
    assert money_column([20_000, 0], "CNY", "zh_CN")[1] == f"0{NBSP}元"


def test_the_printed_step_follows_the_same_rule():
    assert printed_step(12, "CNY", "zh_CN", 20_000) == pytest.approx(1.0)  # 0.0012 万元: to the yuan
    assert printed_step(1_234, "CNY", "zh_CN", 20_000) == pytest.approx(10.0)  # 0.123 万元
    assert printed_step(0.5, "CNY", "zh_CN", 20_000) == pytest.approx(0.1)  # 0.00005 万元
    assert price_makes_total(12, 3, 36, "CNY", "zh_CN", like=20_000, total_like=20_000)


@pytest.fixture
def h100_pcie(monkeypatch):
    monkeypatch.setattr(card_price, "today", lambda: date(2026, 12, 6))
    clear_price_basis_memo()
    yield next(card for card in load_bundled_catalog().cards if card.id == "h100-pcie")
    clear_price_basis_memo()


def _newer(card, economics):
    basis = price_basis(card, economics, None)
    return next(flag for flag in basis.card_flags if flag.id == card_price.NEWER_LESS_SURE)


def test_the_newer_price_is_said_in_the_scenarios_money_with_the_quoted_figure(h100_pcie):
    flag = _newer(h100_pcie, Economics(currency="USD"))
    assert flag.text == "a newer but less sure price: 39,238 USD (33,395 EUR quoted by smicro.eu, 2026-09)"
    assert flag.text_in("zh_CN") == "另有较新但可信度较低的价格：39,238 USD（smicro.eu 报价 33,395 EUR，2026-09）"
    yuan = _newer(h100_pcie, Economics(currency="CNY", usd_to_currency=7.1))
    assert yuan.text_in("zh_CN") == "另有较新但可信度较低的价格：27.86\u00a0万元（smicro.eu 报价 33,395 EUR，2026-09）"
    assert yuan.text == "a newer but less sure price: 278,588 CNY (33,395 EUR quoted by smicro.eu, 2026-09)"
    assert flag.to_dict()["params"]["date"] == "2026-09"


def test_in_the_quoted_currency_the_flag_says_the_figure_once(h100_pcie):
    flag = _newer(h100_pcie, Economics(currency="EUR", usd_to_currency=0.92))
    assert flag.text == "a newer but less sure price: 33,395 EUR (smicro.eu, 2026-09)"
