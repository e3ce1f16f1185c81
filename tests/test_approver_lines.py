"""What an approver signs, in the words it is signed in (session 34): a mainland-China vendor's card
bought in China is no export (no US export status, no ECCN on it); the rent over a period stands on
the TCO's utilisation on page 1 as in the TCO table; a period under a year said in months in the
support caution too."""

from __future__ import annotations

import json
import re

import pytest
from summary_markdown import front

from configurator.core.catalog import load_catalog
from configurator.core.constraints import region_verdict
from configurator.core.region import domestic

SERVE_70B_CN = ["--workload", "inference", "--model", "llama3-70b", "--concurrency", "200", "--region", "cn"]


def _report(tmp_path, capsys, *args: str) -> str:
    from configurator.cli import main

    path = tmp_path / "summary.md"
    assert main(["report", *args, "-o", str(path)]) == 0, capsys.readouterr().err
    capsys.readouterr()
    return path.read_text(encoding="utf-8")


def _front(text: str, language: str) -> dict[str, str]:
    return front(text, language)


@pytest.mark.parametrize("card_id", ["ascend-910b", "ascend-910c", "mlu370-x8"])
def test_a_domestic_card_bought_in_china_has_no_us_export_line(card_id):
    card = load_catalog().get(card_id)
    assert domestic(card)
    verdict = region_verdict(card)
    assert verdict.met and verdict.message.id == "region-domestic"
    assert "US" not in verdict.message.text and "美国" not in verdict.message.text_in("zh_CN")


def test_a_us_designed_card_keeps_its_dated_us_status():
    card = load_catalog().get("h20")
    assert not domestic(card)
    said = region_verdict(card).message  # the US status first, then China's regulators' caution (china_import)
    status = said.params["first"]  # the status, then the US licence fee (session 38)
    assert said.id == "region-and-import" and status.params["first"].id == "export-licence-required"
    assert status.params["then"].id == "licence-fee-revenue-share"
    assert said.params["then"].id == "import-discouraged"


def test_the_910b_summary_and_ranking_cite_no_eccn(tmp_path, capsys):
    from configurator.cli import main

    text = _report(tmp_path, capsys, *SERVE_70B_CN, "--card", "ascend-910b", "--count", "16", "--lang", "zh_CN")
    status = _front(text, "zh_CN")["出口管制状态"]
    assert "ECCN" not in status and "3A090" not in status and "美国" not in status
    assert "不属于对华出口" in status
    assert main(["recommend", *SERVE_70B_CN, "--domestic-only", "--json"]) == 0
    ranked = json.loads(capsys.readouterr().out)["ranked"]
    regions = [c for row in ranked for c in row["constraints"] if c["id"] == "region"]
    assert regions and all(c["message"]["id"] == "region-domestic" and "ECCN" not in c["text"] for c in regions)


@pytest.mark.parametrize(("years", "en", "zh"), [(0.25, "for the 3 months the cards are owned", "在持有这批卡的 3 个月里"),
                                                 (4, "for the 4 years the cards are owned", "在持有这批卡的 4 年里")])
def test_the_support_caution_says_a_period_under_a_year_in_months(years, en, zh):
    """"在持有这批卡的 0.25 年里" until December 2026: the caution's period is the TCO's words."""
    from configurator.core.software import past_support_meaning
    from configurator.core.view.cost_bases import period
    from configurator.core.view.rows import write

    meaning = past_support_meaning(load_catalog().get("v100-sxm-32gb"), years)
    assert en in meaning.text and zh in meaning.text_in("zh_CN")
    assert write(period(years), "zh_CN") in meaning.text_in("zh_CN")
    assert "0.25" not in meaning.text_in("zh_CN")


SERVE_8B_QUARTER = ["--workload", "inference", "--model", "llama3-8b", "--concurrency", "100", "--years", "0.25",
                    "--objective", "cloud"]


@pytest.mark.parametrize(("language", "rent_row", "tco_row", "utilisation"), [
    ("en", "Cloud rent", "Renting the same cards over 3 months, at 80 % utilisation", "at 80 % utilisation"),
    ("zh_CN", "云租金", "3 个月租用同样的卡（按 80% 利用率）", "按 80% 利用率"),
])
def test_page_one_and_the_tco_table_give_one_rent_for_the_same_months(tmp_path, capsys, language, rent_row, tco_row,
                                                                       utilisation):
    """Page 1 said the quarter's rent around the clock (363,055 CNY) and the TCO table at 80 %
    utilisation (290,444 CNY) until December 2026: now one basis, said on both. Page 1 rents the
    configuration's cards; the TCO table the GPUs the bill buys (rentbuy2: the whole server of a module
    sold on its baseboard), said on its "Rented and bought" row: the same rent per GPU."""
    text = _report(tmp_path, capsys, *SERVE_8B_QUARTER, "--lang", language).replace("\u00a0", " ")
    rent = _front(text, language)[rent_row]
    rows = dict(re.findall(r"^\| ([^|]+?) \| ([^|]+?) \|$", text, re.M))
    over_quarter = re.search(r"([\d,.]+) (?:USD|CNY) over 3 months|3 个月共 ([\d,.]+) (?:USD|CNY|万元|元)", rent)
    quarter = next(g for g in over_quarter.groups() if g)
    assert utilisation in rent and tco_row in rows
    basis = rows["Rented and bought" if language == "en" else "租用与购买均按"]
    counts = re.search(r"(\d+) GPUs .* uses (\d+)|(?:购买|采购)的 (\d+) 张卡（配置使用其中 (\d+) 张）", basis)
    numbers = [int(g) for g in counts.groups() if g] if counts else [1, 1]
    ratio = numbers[0] / numbers[1]
    value = float(rows[tco_row].split(" ")[0].replace(",", ""))
    assert value == pytest.approx(float(quarter.replace(",", "")) * ratio, rel=0.01)


def test_a_rent_budget_says_its_month_is_rented_around_the_clock():
    from configurator.core.verdicts import PERIOD_WORDS

    assert PERIOD_WORDS["rent-month"] == "a month around the clock"
