"""The summary's Alternatives table heads its cost column short, as the window's and the command
line's rankings head it ('TCO/M tokens', 'Rent/M tokens'), and names it in full under the table:
the whole basis as the heading wrapped to seven lines on page 2 (session 37)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.recommend import Objective
from configurator.core.scenario import Scenario
from configurator.core.view.ranking_view import ranking_cost_heading
from configurator.core.view.rows import write
from configurator.report.language import Words
from configurator.report.summary import build_summary
from configurator.report.summary_money import per_unit_name


@pytest.mark.parametrize("language, objective, basis", [("en", Objective.TCO, "tco"), ("zh_CN", Objective.CLOUD, "cloud")])
def test_the_cost_column_is_headed_short_and_named_in_full_under_the_table(language, objective, basis):
    catalog = load_catalog()
    scenario = Scenario(name="Chat service", model=preset("llama3-8b"), card_id="l40s", count=2, workload="inference",
                        serving={"concurrency": 16, "context": 4096, "prompt_tokens": 1024, "output_tokens": 256})
    est = estimate(scenario, catalog.get("l40s"))
    summary = build_summary(est, catalog, language, objective=objective)
    table = next(t for t in summary.tables if t.key == "alternatives")
    short = write(ranking_cost_heading(objective, scenario), language)
    assert table.header[6] == short and len(short) <= 20
    full = per_unit_name(est, Words(language), basis)
    assert len(full) > len(short) and full not in table.header
    assert (f"{short}: {full}." if language == "en" else f"{short}：{full}。") in table.note
