"""`recommend` says the layout of the first configuration, what an engineer launches (tensor, pipeline and
data parallel, the micro-batch; the serving copies and their batch), in both languages; graphics work has
none (persona 7, session 38: the ranking named cards and counts, the layout only in --json)."""

from __future__ import annotations

from configurator.cli import main


def _out(capsys, *args: str) -> str:
    assert main(["recommend", *args]) == 0
    return capsys.readouterr().out


def test_training_ranking_says_the_first_layout(capsys):
    out = _out(capsys, "--workload", "pretrain", "--model", "llama3-8b", "--tokens", "1e10", "--card", "h100-sxm",
               "--limit", "1")
    layout = next(line for line in out.splitlines() if line.startswith("  - Layout: "))
    assert "TP " in layout and "DP " in layout and "micro-batch " in layout and "global batch " in layout


def test_serving_ranking_says_the_copies_in_chinese(capsys):
    out = _out(capsys, "--workload", "inference", "--model", "llama3-8b", "--concurrency", "32", "--card", "l40s",
               "--limit", "1", "--lang", "zh_CN")
    layout = next(line for line in out.splitlines() if line.startswith("  - 并行布局："))
    assert "张量并行" in layout and "每副本批量" in layout


def test_desktops_have_no_layout_line(capsys):
    out = _out(capsys, "--workload", "vdi", "--users", "30", "--limit", "1")
    assert "Layout" not in out


def test_owned_cards_left_idle_are_said(capsys):
    """64 H100s owned, 56 ranked: 'uses the 56 already owned' read as all of them (persona 7, session 38)."""
    out = _out(capsys, "--workload", "pretrain", "--model", "llama3-8b", "--tokens", "1e12", "--deadline", "30d",
               "--owned", "h100-sxm:64", "--card", "h100-sxm", "--limit", "1")
    assert "  - 8 of the 64 × H100 SXM5 80GB already owned are not used: this configuration is ranked at 56 cards" \
        in out.splitlines()
