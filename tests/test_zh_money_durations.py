"""Numbers as a Chinese procurement officer writes them (persona 6, session 38): CNY in 万元 from
10,000 up, a time under a day beside a deadline in days in hours or minutes, no space beside
full-width punctuation; English as before."""

from configurator.core.bill_covers import ALL_KINDS
from configurator.core.cjk_spacing import cjk_joined
from configurator.core.messages import CATALOGUES, deadline_msg, msg, render
from configurator.core.message_numbers import deadline_time_unit
from configurator.core.view import numbers

NBSP = "\u00a0"


def test_cny_from_ten_thousand_reads_in_wan_in_chinese():
    assert numbers.money(3_000_000, "CNY", "zh_CN") == f"300.00{NBSP}万元"
    assert numbers.money(1_381_234, "CNY", "zh_CN") == f"138.12{NBSP}万元"
    assert numbers.money(75_477_743, "CNY", "zh_CN") == f"7,547.77{NBSP}万元"
    assert numbers.money(10_000, "CNY", "zh_CN") == f"1.00{NBSP}万元"


def test_smaller_cny_reads_in_yuan_in_chinese():
    assert numbers.money(9_999, "CNY", "zh_CN") == f"9,999{NBSP}元"
    assert numbers.money(26.3, "CNY", "zh_CN") == f"26.30{NBSP}元"
    assert numbers.unit_cost(0.779, "CNY", "zh_CN") == f"0.779{NBSP}元"


def test_english_and_other_currencies_unchanged():
    assert numbers.money(3_000_000, "CNY", "en") == f"3,000,000{NBSP}CNY"
    assert numbers.money(3_000_000, "USD", "zh_CN") == f"3,000,000{NBSP}USD"
    assert numbers.unit_cost(0.779, "CNY", "en") == f"0.779{NBSP}CNY"


def test_a_rendered_message_writes_its_amounts_in_wan():
    """A message's amounts are written where its template names them (``{cost:.0money}``), in 万元
    from 10,000 CNY up and in 元 below, a range in the unit of its top; English keeps the code."""
    said = msg("meets-budget", covers=ALL_KINDS, cost=525_599.0, margin=2_474_401.0, budget=3_000_000.0, currency="CNY")
    assert said.text_in("zh_CN") == (f"资本支出 52.56{NBSP}万元（加速卡、服务器、网络、存储、机柜），低于 300.00{NBSP}万元的预算 "
                                     f"247.44{NBSP}万元")
    assert said.text.startswith("Capex 525,599 CNY (cards") and "of 3,000,000 CNY" in said.text
    assert msg("used-price-range", low=13_906, high=18_195, currency="CNY").text_in("zh_CN") == f"1.39–1.82{NBSP}万元"
    assert msg("used-price-range", low=9_000, high=18_195, currency="CNY").text_in("zh_CN") == f"0.900–1.82{NBSP}万元"  # 3 digits under 1万
    assert msg("used-price-amount", amount=9_843, currency="CNY").text_in("zh_CN") == f"9,843{NBSP}元"
    assert msg("used-price-amount", amount=12_000, currency="USD").text_in("zh_CN") == "12,000 USD"


def test_a_job_under_a_day_beside_a_30_day_deadline_in_hours():
    message = deadline_msg("meets-deadline", 30 * 24, {"hours": 19.1}, {"margin": 30 * 24 - 19.1})
    zh, en = render(message, CATALOGUES["zh_CN"]), render(message, CATALOGUES["en"])
    assert "需要 19.1 小时" in zh and "天" in zh and "0.79" not in zh
    assert "Takes 19.1 h" in en and "30-day deadline" in en


def test_a_time_under_a_day_beside_a_deadline_in_days_reads_in_hours_or_minutes():
    assert deadline_time_unit(19.1, 30 * 24) == "duration"
    assert deadline_time_unit(0.3, 30 * 24) == "duration"
    assert deadline_time_unit(30, 30 * 24) == "days"
    minutes = render(deadline_msg("meets-deadline", 30 * 24, {"hours": 0.3}, {"margin": 700}), CATALOGUES["en"])
    assert minutes.startswith("Takes 18.0 min")
    days = render(deadline_msg("meets-deadline", 30 * 24, {"hours": 72}, {"margin": 648}), CATALOGUES["zh_CN"])
    assert days.startswith("需要 3.00 天")


def test_no_space_beside_full_width_punctuation_in_chinese():
    assert cjk_joined("云租用（每卡每小时） 2026-08", "zh_CN") == "云租用（每卡每小时）2026-08"
    assert cjk_joined("H100 （推荐）", "zh_CN") == "H100（推荐）"
    assert cjk_joined("在 H100 上", "zh_CN") == "在 H100 上"
    assert cjk_joined("云租用（每卡每小时） 2026-08", "en") == "云租用（每卡每小时） 2026-08"


def test_amounts_that_end_in_half_a_hundred_yuan_round_alike():
    """370.18 − 300.00 reads 70.18, not 70.17: the amount is divided by 10⁴ exactly (3,701,750 and
    701,750 CNY as binary floats in 万 are 370.17500… and 70.17499…, and rounded apart); the screen's
    writer and the message's are one (a GB300 NVL72 of 24,568,950 CNY read 2,456.89 万元 on the screen)."""
    said = msg("over-budget", covers=ALL_KINDS, cost=3_701_750.0, over=701_750.3467799998, share=0.23,
               budget=3_000_000.0,
               currency="CNY").text_in("zh_CN")
    assert "370.18\u00a0万元" in said and "300.00\u00a0万元" in said and "70.18\u00a0万元" in said
    assert numbers.money(701_750, "CNY", "zh_CN") == "70.18\u00a0万元"
    assert numbers.money(24_568_950, "CNY", "zh_CN") == "2,456.90\u00a0万元"


def test_minutes_and_months_read_and_a_bare_m_refused_naming_both():
    """slo95: ``--deadline 30min`` / ``30分钟`` read as half an hour, ``3mo`` / ``3个月`` as a quarter of a
    Julian year; ``1m`` (minutes or months?) is refused naming 'min' and 'mo', in English and Chinese."""
    import argparse

    import pytest

    from configurator.cli_types import duration_hours
    assert duration_hours("30min") == duration_hours("30分钟") == duration_hours("30 minutes") == 0.5
    assert duration_hours("1min") == pytest.approx(1 / 60)
    assert duration_hours("3mo") == duration_hours("3个月") == duration_hours("3月") == 8766 / 4
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        duration_hours("1m")
    assert "'min'" in str(refused.value) and "'mo'" in str(refused.value)
    zh = render(msg("cli-ambiguous-duration", text="1m"), CATALOGUES["zh_CN"])
    assert all(w in zh for w in ("'min'", "'分钟'", "'月'"))
