"""The command line says the token budget a training time is for (session 48, persona: a procurement
officer asking for a fine-tune of Qwen 2.5 7B within 3 days typed no token count; `estimate` printed
"完成训练所需时间 2.66 天" and nowhere the 10 亿 tokens of the fine-tune's default budget). The summary
says it once, in its workload table; the window's editor shows it, so its key numbers do not repeat it."""

from __future__ import annotations

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.rows import label, write

FINETUNE = ["estimate", "--workload", "finetune", "--model", "qwen2.5-7b", "--card", "a100-sxm-80gb", "--count", "8"]


@pytest.mark.parametrize("language, said", [("en", "Token budget"), ("zh_CN", "训练词元数")])
def test_the_estimate_names_the_budget_its_time_is_for(capsys, language, said):
    assert main([*FINETUNE, "--lang", language]) == 0
    lines = capsys.readouterr().out.splitlines()
    budget = next(i for i, line in enumerate(lines) if line.strip().startswith(said))
    assert lines[budget].split()[-2:] == (["1B", "tokens"] if language == "en" else ["10", "亿词元"])
    assert "token budget" in lines[budget + 1] or "完成训练所需时间" in lines[budget + 1]  # just above the time


def test_the_summary_and_the_window_say_it_once():
    from configurator.report.language import Words
    from configurator.report.technical import speed_table, workload_table

    catalog = load_catalog()
    scenario = Scenario(model=preset("qwen2.5-7b"), card_id="a100-sxm-80gb", count=8, workload="finetune",
                        auto_layout=LAYOUT_FIELDS)
    est = estimate(scenario, catalog.get(scenario.card_id))
    speed = estimate_view(est).section("speed")
    assert [row.key for row in speed.shown(details=True)].count("tokens") == 1
    assert "tokens" not in [row.key for row in speed.shown(details=False)]  # the window's key numbers
    w = Words("zh_CN")
    assert "tokens" not in [row[0] for row in speed_table(est, w).rows]
    assert label("Token budget", "zh_CN") not in [row[0] for row in speed_table(est, w).rows]
    budget = dict(workload_table(est, w).rows)[label("Token budget", "zh_CN")]
    assert budget == write(next(r.value for r in speed.rows if r.key == "tokens"), "zh_CN") == "10 亿词元"
