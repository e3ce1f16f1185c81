"""The ranking's text says the first's own warnings, those its reasons do not (persona 10, session 40):
300 desktops read "13 × RTX A6000 … 32 users per card" (416 desktops) with the reason — the servers'
processors and memory carry 48 desktops each — only in --json."""

from __future__ import annotations

from configurator.cli import main

VDI = ["recommend", "--workload", "vdi", "--users", "300", "--limit", "3"]


def test_the_first_vdi_answer_says_what_its_servers_carry_in_both_languages(capsys):
    assert main(VDI) == 0
    out = capsys.readouterr().out
    warnings = out.split("Warnings on the first:")[1]
    assert "A server's processors and memory carry 48 desktops" in warnings
    why = out.split("Why the first:")[1].split("Warnings on the first:")[0]
    assert "processors and memory carry" not in why  # said once
    assert main([*VDI, "--lang", "zh_CN"]) == 0
    zh = capsys.readouterr().out
    assert "排名第一的方案的注意事项：" in zh and "一台服务器的处理器和内存可承载 48 个桌面" in zh
    assert "Warnings on the first" not in zh


def test_a_missing_price_is_not_repeated_among_the_first_warnings(capsys):
    """Ranked on total cost of ownership, the first has no cloud rent: the ranking says prices itself."""
    assert main(["recommend", "--workload", "pretrain", "--model", "llama3-8b", "--tokens", "100B",
                 "--limit", "3"]) == 0
    out = capsys.readouterr().out
    assert "has no cloud price in the catalog" not in out and "has no purchase price in the catalog" not in out
