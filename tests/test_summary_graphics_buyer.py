"""The summary as a graphics buyer reads it (session 37, persona 5): a VFX studio's nightly render of
5,000 frames by morning and its artists' virtual desktops, in EUR. Page 1 says a caution of "the
recommended option" only of the configuration it recommends; one figure is written alike wherever
the summary repeats it."""

from __future__ import annotations

import pytest
from summary_markdown import colon

from configurator.cli import main
from configurator.core.catalog import load_catalog

RENDER = ["--workload", "render", "--frames", "5000", "--deadline", "10h", "--currency", "EUR", "--usd-rate",
          "0.92", "--years", "4"]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module", params=["en", "zh_CN"])
def render_summary(request, tmp_path_factory):
    """The Markdown summary the command line writes for the render job, no card chosen: the
    recommendation's, in each language."""
    out = tmp_path_factory.mktemp("render") / "summary.md"
    assert main(["report", *RENDER, "--lang", request.param, "-o", str(out)]) == 0
    return request.param, out.read_text(encoding="utf-8")


def page_one(text: str) -> str:
    """The Markdown up to the bill of materials: the headline, the cautions, the constraints and the
    recommendation."""
    return text[:text.index("\n## ", text.index("\n## ") + 1)]


def test_a_runner_up_caution_is_not_said_of_the_recommended_option(render_summary):
    """The render farm recommended as 31 × RTX PRO 6000 Blackwell Max-Q (its blower cooler fits a rack)
    read on page 1 "The recommended option, 29 × RTX PRO 6000 Blackwell Workstation Edition: … a
    flow-through cooler …", the runner-up's caution said of the recommendation.
    (Since 2026-12-06 the Max-Q is ranked at a September 2026 street price, about twice its 2025 list price,
    and the Workstation Edition, at its April 2026 street price, is recommended: its own flow-through caution
    is then said of it, by name, and of no other card.)"""
    language, text = render_summary
    first = page_one(text)
    assert ("按总拥有成本最低推荐" if language == "zh_CN" else "Recommended by") in first
    recommended = "Max-Q" if "Max-Q" in first.split("\n> ")[1] else "Workstation"
    cautions = [line for line in first.splitlines() if "flow-through" in line or "穿透式" in line]
    assert all(recommended in line or "工作站版" in line for line in cautions), cautions
    if recommended == "Max-Q":
        assert not cautions
    assert "The recommended option, " not in first and "推荐方案 " not in first


def test_the_job_time_and_the_electricity_price_are_written_alike_throughout(render_summary):
    """"Time for the job 9.96 h" at a glance read "The job takes 10.0 h of every 10 h deadline" under
    the TCO table; the power table's "0.079212 EUR/kWh" stood beside the assumptions' "0.079 EUR/kWh"."""
    import re

    language, text = render_summary
    glance = {"en": r"\*\*Time for the job\*\*" + re.escape(colon("en")) + r"([\d.]+)\s*h",
              "zh_CN": r"\*\*完成任务所需时间\*\*" + re.escape(colon("zh_CN")) + r"([\d.]+)\s*小时"}
    paced = {"en": r"The job takes ([\d.]+) h of every", "zh_CN": r"的期限内需要 ([\d.]+) 小时"}
    hours = re.search(glance[language], text).group(1)
    assert re.search(paced[language], text).group(1) == hours
    prices = set(re.findall(r"([\d.]+)\sEUR/kWh", text))  # an amount of money: a no-break space before its code
    assert len(prices) == 1 and len(prices.pop()) <= 6


def test_the_alternatives_give_the_configuration_its_room(catalog):
    """The PDF's alternatives table: the configuration column is sized (Qt gave the cost column's long
    basis a fifth of the page and wrapped "31 × RTX PRO 6000 Blackwell Max-Q Workstation Edition
    (recommended)" to six lines); the amount columns are left to Qt, which keeps "2,731,082,776 CNY"
    on one line (a fixed share broke it as "C / NY")."""
    from configurator.report.render import COLUMN_WIDTHS, _html_table
    from configurator.report.parts import Table

    header = ("#", "Configuration", "Class", "Speed", "Capex", "TCO", "Cost per frame", "Against")
    html = _html_table(Table("alternatives", "Alternatives", header, ()), numeric_from=4)
    widths = COLUMN_WIDTHS["alternatives"]
    assert len(widths) == len(header) and widths[1] and not any(widths[4:6])
    assert f"<th align='left' bgcolor='#e8ecf2' width='{widths[1]}%'>Configuration</th>" in html
    assert "<th align='left' bgcolor='#e8ecf2'>Capex</th>" in html


@pytest.mark.parametrize("language, short", [("en", "TCO/frame"), ("zh_CN", "总拥有成本/帧")])
def test_the_ranking_heads_its_cost_short_and_names_it_in_full_under_the_table(capsys, language, short):
    """The command line's ranking headed its cost column with the whole basis ("Cost per frame — total cost
    of ownership: cards, servers, network, power, support — over 4 years, if the cards render at this
    pace all 4 years"): a header line of 300 columns, the figures 140 columns from their card. The column is
    headed as the window's ranking heads it; its full name follows the table."""
    from configurator.core.view.cost_bases import per_unit_label
    from configurator.core.view.rows import write

    assert main(["recommend", *RENDER, "--limit", "3", "--lang", language]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = lines[3]
    assert short in header.split() and "—" not in header and len(header) < 200
    full = write(per_unit_label("frame", "tco", 4, "render"), language)
    key = next(line for line in lines if line.startswith(short))
    assert lines.index(key) == 7 and key.endswith(full)  # the job line, a blank, the heading, three rows, then the key


@pytest.mark.parametrize("language, title", [("en", "# Transcode 400 1080p video streams to AV1"),
                                             ("zh_CN", "# 将 400 路 1080p 视频流转码为 AV1")])
def test_a_transcode_summary_names_the_codec_it_encodes_to(tmp_path, language, title):
    """"Transcode 400 1080p H.264 streams live to AV1": page 1 said "Transcode 400 1080p video streams"
    and nothing of AV1 (the codec stood on page 3, in the workload table)."""
    out = tmp_path / "transcode.md"
    assert main(["report", "--workload", "transcode", "--streams", "400", "--resolution", "1080p", "--codec", "av1",
                 "--lang", language, "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").splitlines()[0] == title


def test_the_estimates_cost_per_unit_keeps_three_digits_as_the_ranking_does(catalog):
    """The estimate (command line, window) wrote the cost per unit of work in cents: "0.21 USD" per million
    tokens beside the ranking's "0.192 USD", the render's "0.09 EUR" a frame beside the summary's "0.093"."""
    from configurator.core.architecture import preset
    from configurator.core.estimate import estimate
    from configurator.core.scenario import Scenario
    from configurator.core.view.estimate_view import estimate_view
    from configurator.core.view.numbers import unit_cost
    from configurator.core.view.rows import write

    scenario = Scenario(model=preset("mixtral-8x7b"), workload="inference", card_id="mi300x", count=8,
                        serving={"concurrency": 300})
    est = estimate(scenario, catalog.get("mi300x"))
    row = next(r for section in estimate_view(est).sections for r in section.rows if r.key == "per_unit")
    figure = row.value.value
    assert 0.1 < figure < 1 and row.value.unit == "USD"  # 0.213 USD per million tokens, rented
    assert write(row.value) == unit_cost(figure, "USD") == f"{figure:.3f}\u00a0USD"
