"""The virtual-desktop answer says which of a server's processors and memory limits the desktops it carries
(vdi51, session 51): 40 CAD designers read "48 desktops" a server with no word of why; at 32 GiB a desktop
the memory binds, not the processors. Through the command line, both languages."""

from __future__ import annotations

import pytest

from configurator.cli import main

DESIGNERS = ["recommend", "--workload", "vdi", "--users", "40", "--user-class", "designer", "--limit", "2"]


@pytest.mark.parametrize(("flags", "en", "zh"), [
    ((), "carry 48 desktops, limited by its processors (4 vCPU and 6 GiB each: 32 cores at 6 vCPU per core "
         "carry 48, 512 GiB of memory carry 85): 8 cards per server",
     "可承载 48 个桌面，瓶颈在处理器（每个 4 个 vCPU、6 GiB：32 个核心、每核 6 个 vCPU 可承载 48 个，"
     "512 GiB 内存可承载 85 个）：每台服务器 8 张卡"),
    (("--desktop-memory", "32"), "carry 16 desktops, limited by its memory (4 vCPU and 32 GiB each: 32 cores at "
                                 "6 vCPU per core carry 48, 512 GiB of memory carry 16): 4 cards per server",
     "可承载 16 个桌面，瓶颈在内存（每个 4 个 vCPU、32 GiB：32 个核心、每核 6 个 vCPU 可承载 48 个，"
     "512 GiB 内存可承载 16 个）：每台服务器 4 张卡"),
])
def test_the_answer_names_what_limits_a_servers_desktops(capsys, flags, en, zh):
    assert main([*DESIGNERS, *flags]) == 0
    assert en in capsys.readouterr().out
    assert main([*DESIGNERS, *flags, "--lang", "zh_CN"]) == 0
    assert zh in capsys.readouterr().out


def test_one_card_a_server_is_one_card(capsys):
    """A desktop that takes a server's whole processors leaves one card a server: "1 card", not "1 cards"."""
    assert main([*DESIGNERS, "--desktop-vcpus", "8", "--vcpus-per-core", "1"]) == 0
    out = capsys.readouterr().out
    assert "limited by its processors" in out and "1 card per server" in out and "1 cards" not in out
