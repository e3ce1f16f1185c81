"""``what-fits --deadline``: "the biggest model I can LoRA-tune in a week" on the cards owned (session 42,
persona 12, ML engineer): a training row that fits but does not finish its token budget within the
deadline says so, in both languages and in the JSON; the deadline is read as ``recommend --deadline``
reads it (the field registry's duration), and only with ``--owned``."""

from __future__ import annotations

import json

from configurator.cli import main

ASKED = ["what-fits", "--owned", "l40s:8", "--tasks", "lora", "--models", "llama3-70b,qwen2.5-32b"]


def test_a_row_over_the_deadline_says_so_in_both_languages(capsys):
    assert main([*ASKED, "--deadline", "3d"]) == 0  # 70B: 5.34 days for 1B tokens, 32B: 47.5 h
    rows = {line.split()[0] + line.split()[1]: line for line in capsys.readouterr().out.splitlines()
            if "LoRA fine-tune" in line}
    assert "fits, over the deadline" in rows["Llama3"] and "fits, over" not in rows["Qwen2.5"]
    assert main([*ASKED, "--deadline", "3d", "--lang", "zh_CN"]) == 0
    zh = capsys.readouterr().out.replace("\xa0", " ")
    assert "期限：3.00 天" in zh and "可容纳，但超出期限" in zh


def test_without_a_deadline_nothing_is_over_it(capsys):
    assert main(ASKED) == 0
    out = capsys.readouterr().out
    assert "deadline" not in out.lower()


def test_the_json_says_the_deadline_and_each_training_row_against_it(capsys):
    assert main([*ASKED, "--deadline", "1w", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["training"]["deadline_hours"] == 168
    assert {r["model"]: r["within_deadline"] for r in data["rows"]} == {"llama3-70b": True, "qwen2.5-32b": True}


def test_the_deadline_is_refused_beside_a_budget(capsys):
    assert main(["what-fits", "--budget", "1M", "--deadline", "1w"]) == 2
    assert "--deadline: only with --owned" in capsys.readouterr().err
