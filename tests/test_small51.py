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
    """The zh wizard's serving result read "首词元延迟（TTFT）" beside "每输出词元时间" without "（TPOT）": a constraint's
    name translated the same English label a second time."""
    w = words("zh_CN")
    assert w.label("Time to first token") == "首词元延迟（TTFT）"
    assert w.label("Time per output token") == "每输出词元时间（TPOT）"
    assert w.label("First token") == "首词元延迟（TTFT）"  # the constraint, beside it on the summary
