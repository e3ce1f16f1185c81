"""Monitors cabled to the card (``--local-display``, a control room or workstation) are driven by its
display connectors: an RTX A6000's four DisplayPort outputs drive one user's four 4K monitors, not the
twelve desktops its framebuffer holds (persona12gfx, session 42: 16 local 4K displays came to one card)."""

from __future__ import annotations

import contextlib
import io
import json

from configurator.cli import main

CONTROL_ROOM = ("--workload", "vdi", "--users", "4", "--monitors", "4", "--resolution", "2160p", "--local-display")
"""Four operator positions of four 4K monitors each: 16 local displays."""


def _json(*args: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*args, "--json"]) == 0
    return json.loads(out.getvalue())


def test_the_display_outputs_bind_where_the_monitors_are_cabled_to_the_card():
    answer = _json("estimate", *CONTROL_ROOM, "--card", "rtx-a6000", "--count", "4")
    graphics = answer["graphics"]
    assert graphics["capacities"]["display outputs"] == 1 and graphics["per_card"] == 1
    assert graphics["limited_by"] == "display outputs"


def test_remote_desktops_are_not_limited_by_connectors():
    answer = _json("estimate", *CONTROL_ROOM[:-1], "--card", "rtx-a6000", "--count", "1")
    assert "display outputs" not in answer["graphics"]["capacities"]
    assert answer["graphics"]["per_card"] == 12


def test_the_ranking_counts_a_card_per_operator_and_says_so_in_both_languages(capsys, tmp_path):
    """Ranked by ownership cost once the desks' workstations are priced (a buyer's quote for workstation-1gpu:
    the price file has no sourced price for one, tests/test_local_display_workstations.py)."""
    quotes = tmp_path / "quotes.csv"
    quotes.write_text("item,unit_price,currency,date,vendor\nworkstation-1gpu,4000,USD,2026-12,test\n",
                      encoding="utf-8")
    answer = _json("recommend", *CONTROL_ROOM, "--limit", "3", "--quotes", str(quotes))
    first = answer["ranked"][0]
    # the real reason, the desk's workstation (until desks43: "1 user per card, limited by display outputs")
    assert first["count"] == 4
    assert "one workstation per desk, its card driving the desk's 4 monitors (4 display outputs)" in first["reasons"][0]
    assert main(["recommend", *CONTROL_ROOM, "--limit", "3", "--lang", "zh_CN", "--quotes", str(quotes)]) == 0
    assert "每个工位一台工作站，其显卡驱动该工位的 4 台显示器（4 个显示输出）" in capsys.readouterr().out


def test_the_estimate_at_the_desks_speaks_of_workstations_not_servers_and_vgpu(capsys):
    """desks43: page one said "4 deskside workstations: no server" while the tables said "Servers needed 1 at
    8 cards each", "vGPU frame buffers", "Desktop host 48 desktops a server" and "at most 32 vGPUs per GPU"."""
    args = ("estimate", *CONTROL_ROOM, "--card", "rtx-a6000", "--count", "4")
    assert main(list(args)) == 0
    out = capsys.readouterr().out
    assert "Workstations" in out and "4, one card each" in out and "one workstation per desk" in out
    assert "4 on the card, 4 monitors a desk" in out
    for gone in ("Servers needed", "vGPU", "Desktop host"):
        assert gone not in out, gone
    assert main([*args, "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out
    assert "4 台，每台 1 张卡" in out and "每个工位一台工作站" in out and "卡上 4 个，每个工位 4 台显示器" in out
    assert "所需服务器" not in out and "vGPU" not in out
    assert _json(*args)["graphics"]["workstations"] == 4
    assert _json("estimate", *CONTROL_ROOM[:-1], "--card", "rtx-a6000", "--count", "1")["graphics"]["workstations"] \
        is None


def test_a_card_without_display_outputs_carries_no_local_display_user():
    """review43b: a hand-picked L4 (no connectors) at the desks read 15 users a card by shading, and 'does not fit:
    32 GiB per card' for four designers' framebuffers on one card; it carries none (the ranking leaves it out)."""
    answer = _json("estimate", *CONTROL_ROOM, "--card", "l4", "--count", "1")
    graphics = answer["graphics"]
    assert graphics["capacities"]["display outputs"] == 0 and graphics["per_card"] == 0
    assert graphics["limited_by"] == "display outputs"
