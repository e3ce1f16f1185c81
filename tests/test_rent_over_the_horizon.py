"""Rent or buy for three months (session 33's Chinese-procurement persona): a summary ranked by rent
gave the rent an hour and a month, and buying's TCO over the years asked (``--years 0.25``); its TCO
table set that 0.25-year TCO against a year's rent. Both now also give the rent over the TCO's years,
so the two stand for the same period."""

from __future__ import annotations

import re

import summary_markdown

SERVE_8B_CN = ["--workload", "inference", "--model", "llama3-8b", "--concurrency", "100", "--region", "cn",
               "--lang", "zh_CN", "--years", "0.25"]


def _report(tmp_path, capsys, *args: str) -> str:
    from configurator.cli import main

    path = tmp_path / "summary.md"
    assert main(["report", *args, "-o", str(path)]) == 0, capsys.readouterr().err
    capsys.readouterr()
    return path.read_text(encoding="utf-8")


def _amount(text: str) -> float:
    """The first amount of money in ``text`` [CNY or USD]: 万元 counted as 10,000 元 (session 38)."""
    found = re.search(r"([\d,]+(?:\.\d+)?)\s(CNY|USD|万元|元)", text)
    return float(found.group(1).replace(",", "")) * (1e4 if found.group(2) == "万元" else 1.0)


def test_a_rented_summary_gives_the_rent_over_the_years_its_purchase_is_counted_over(tmp_path, capsys):
    text = _report(tmp_path, capsys, *SERVE_8B_CN, "--objective", "cloud")
    front = summary_markdown.front(text, "zh_CN")
    rent = front["云租金"]
    month = _amount(rent.split(" · 每月 ")[1])
    assert " · 3 个月共 " in rent, rent
    assert abs(_amount(rent.split(" · 3 个月共 ")[1]) - 3 * month) <= 1.0  # a quarter: three months' rent
    assert "改为购买：3 个月总拥有成本" in front


def test_the_tco_table_sets_the_rent_over_the_same_years_beside_the_tco(tmp_path, capsys):
    text = _report(tmp_path, capsys, *SERVE_8B_CN, "--objective", "cloud")
    rows = dict(re.findall(r"^\| ([^|]+?) \| ([^|]+?) \|$", text.split("## 总拥有成本")[1].split("## ")[0], re.M))
    yearly = _amount(rows["租用同样的卡（按 80% 利用率）"])
    quarter = rows["3 个月租用同样的卡（按 80% 利用率）"]
    written_to = 100.0 if "万元" in rows["租用同样的卡（按 80% 利用率）"] else 1.0  # 万元 to 2 decimals [元]
    quarter_to = 100.0 if "万元" in quarter else 1.0  # the column in one unit: 万元 beside the year's 万元
    assert abs(_amount(quarter) - yearly / 4) <= quarter_to / 2 + (written_to / 2 + 1.0) / 4 + 1.0
    english = _report(tmp_path, capsys, *SERVE_8B_CN[:-4], "--years", "0.25", "--objective", "cloud")
    assert re.search(r"^\| Renting the same cards over 3 months, at 80\s% utilisation \| [\d,]+\sUSD \|$", english, re.M)
    assert re.search(r"^- \*\*Cloud rent\*\*: .* a month · [\d,]+\sUSD over 3 months, at 80\s% utilisation", english,
                     re.M)


def test_a_card_without_a_power_is_not_listed_under_without_a_price(capsys):
    """``recommend`` listed the Atlas 800 A3 server ('没有公开的板卡功耗') under '无价格（请输入报价）';
    the heading names a price only where every line under it lacks one. Since buyer51 that server is ranked on a
    total without energy, so every line under the heading lacks a price and it names one."""
    from configurator.cli import main

    args = ["recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--concurrency", "500", "--region", "cn",
            "--budget", "500万", "--owned", "ascend-910b:16", "--domestic-only", "--limit", "3", "--lang", "zh_CN"]
    assert main(args) == 0
    out = capsys.readouterr().out
    listed = out.split("无价格（请输入报价）：\n")[1].split("基准线以下")[0]
    assert "无价格——请输入报价" in listed and "没有公开的板卡功耗" not in listed
    assert "未参与排名（缺少价格或本地区租用价）：" not in out
