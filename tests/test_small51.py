"""Four small things a buyer read in session 51's persona runs (persona51 "Seen and left" #6a, #8, #9, #10), fixed by
small51: the domestic cards a ranking leaves out named with why for a buyer in mainland China, users read as at
once said with the way to give daily users, the editor's cards per server as the answer counts them, and the
Chinese names of the two latencies in one form."""

from __future__ import annotations

import pytest

from configurator.cli import main
from configurator.core.view.words import words

DESIGN_INSTITUTE = ("recommend", "--workload", "vdi", "--users", "40", "--user-class", "designer", "--budget",
                    "86万元", "--region", "cn")


def _out(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(("language", "heading", "s3000", "s4000"), [
    ("en", "Cards of mainland-China vendors left out, and why:",
     "virtual-desktop vGPU profiles not verified (one card per user)",
     "its class (training) is not ranked for this work; --classes adds it"),
    ("zh_CN", "被排除的国产卡及原因：", "虚拟桌面 vGPU 配置未经核实（每用户一张卡）",
     "其类别（训练）不参与此项工作的排名；加 --classes 即可纳入"),
])
def test_a_buyer_in_china_reads_why_the_domestic_cards_are_left_out(capsys, language, heading, s3000, s4000):
    """A 设计院's 40 CAD desktops under 86 万元 in China: the MTT S3000 and S4000 were only in --json ("filtered
    out"); the text said "62 种卡被排除；原因见 --json" and named none."""
    lines = _out(capsys, *DESIGN_INSTITUTE, "--lang", language).splitlines()
    at = lines.index(heading)
    said = lines[at + 1:at + 4]
    assert any("MTT S3000" in line and line.endswith(s3000) for line in said)
    assert any("MTT S4000" in line and line.endswith(s4000) for line in said)
    assert not any("L20" in line for line in said)  # an NVIDIA card is not the region's own


def test_no_region_names_no_domestic_cards(capsys):
    out = _out(capsys, *DESIGN_INSTITUTE[:-2])
    assert "mainland-China vendors" not in out and "MTT S3000" not in out


def test_the_two_latencies_are_named_alike_in_chinese():
    """The zh wizard's serving result read "首词元延迟（TTFT）" beside "每输出词元时间" without "（TPOT）": a
    constraint's name translated the same English label a second time."""
    w = words("zh_CN")
    assert w.label("Time to first token") == w.label("First token") == "首词元延迟"  # the constraint's name too
    assert w.label("Time per output token") == "每输出词元时间"
    assert "（TTFT）" not in " ".join(w.label(t) for t in ("Time to first token", "First token"))


CHATBOT = ("--workload", "inference", "--model", "llama3.1-8b", "--users", "2000")


@pytest.mark.parametrize(("language", "said"), [
    ("en", "2,000 users read as users at once, all served together. If they are users a day, give their requests a "
           "day instead: --requests-per-day"),
    ("zh_CN", "2,000 位用户按同时在线读取，全部同时服务。如为每天的用户数，请改填他们每天的请求数：--requests-per-day"),
])
@pytest.mark.parametrize("command", [("recommend", "--budget", "100k", "--limit", "2"),
                                     ("estimate", "--card", "h100-sxm", "--count", "2")])
def test_users_given_alone_are_said_as_read_with_the_way_to_give_users_a_day(capsys, language, said, command):
    """A chatbot operator's "2,000 users" (usually daily users) was read as 2,000 at once, said only in the job line:
    the answer now says so first, with the flag for requests a day; the reading stays."""
    out = _out(capsys, command[0], *CHATBOT, *command[1:], "--lang", language)
    assert out.rstrip().splitlines()[-1] == said  # last, as the other hints
    sized = _out(capsys, command[0], *CHATBOT, *command[1:], "--requests-per-day", "400k", "--lang", language)
    assert "--requests-per-day" not in sized


def test_the_summary_says_how_the_users_were_read():
    from configurator.core.catalog import load_catalog
    from configurator.core.estimate import estimate
    from configurator.core.scenario import Scenario
    from configurator.core.architecture import preset
    from configurator.report.summary import build_summary

    catalog = load_catalog()
    scenario = Scenario(workload="inference", model=preset("llama3.1-8b"), card_id="h100-sxm", count=8,
                        serving={"concurrency": 2000})
    summary = build_summary(estimate(scenario, catalog.get("h100-sxm")), catalog, "zh_CN")
    key, value = summary.headline[-1]  # last: the page's figures first
    assert key == "用户数的读法" and value.startswith("2,000 位用户按同时在线读取") and "“请求速率”，按每秒" in value
