"""Persona check, December 2026 (session 40: an ML engineer with a deadline, in English): what a
practitioner reads off ``estimate`` before signing — the parallel layout it would launch."""

from __future__ import annotations

from configurator.cli import main


def _run(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_the_estimate_table_says_the_layout_it_plans(capsys):
    """``estimate`` printed memory, speed and cost but not the TP · PP · CP · DP · ZeRO · micro-batch
    it planned them at (only ``--json`` and ``plan`` had it): the line the results panel and the
    ranking's first show is the third line, in either language."""
    argv = ("estimate", "--workload", "pretrain", "--model", "llama3-8b", "--seq", "131072", "--tokens", "50B",
            "--card", "h100-sxm", "--count", "64")
    lines = _run(capsys, *argv).splitlines()
    assert lines[2].startswith("Layout: TP ") and " CP " in lines[2] and "ZeRO" in lines[2]
    assert "micro-batch" in lines[2] and "global batch" in lines[2]
    assert _run(capsys, *argv, "--lang", "zh_CN").splitlines()[2].startswith("并行布局：张量并行 ")
    serving = _run(capsys, "estimate", "--workload", "inference", "--model", "llama3-8b", "--card", "l4",
                   "--concurrency", "8").splitlines()
    assert serving[2].startswith("Layout: TP ") and "per copy" in serving[2]
    graphics = _run(capsys, "estimate", "--workload", "vdi", "--card", "l4", "--users", "16").splitlines()
    assert not any(line.startswith("Layout:") for line in graphics)
