"""Every source the summary lists is cited where its number is used, and every number cited is listed
(session 42: the English training example listed [13], GB300's card price, which its prices table
replaced with the rack's own figure and so cited nowhere)."""

from __future__ import annotations

import re

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.currency import in_language_currency
from configurator.core.estimate import estimate
from configurator.core.recommend import Objective
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.report.summary import Summary, build_summary

EXAMPLES = {
    "training": Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=1024, workload="pretrain",
                         training={"tokens": 2e12, "seq_len": 8192}, auto_layout=LAYOUT_FIELDS),
    "inference": Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=8, workload="inference",
                          serving={"concurrency": 200}, auto_layout=LAYOUT_FIELDS),
    "vdi": Scenario(model=preset("llama3-8b"), card_id="l40s", count=4, workload="vdi", graphics={"users": 64}),
    "transcode": Scenario(model=preset("llama3-8b"), card_id="l4", count=4, workload="transcode",
                          graphics={"streams": 100}),
}
"""tools/summary_examples.py's summaries."""


def _cited(summary: Summary) -> set[int]:
    """The source numbers ('[3]') written anywhere in the summary but its source list."""
    texts = [summary.title, summary.recommendation, summary.status, *summary.warnings, *summary.cautions]
    texts += [text for pair in (*summary.meta, *summary.headline) for text in pair]
    for table in (*summary.first_page, *summary.tables):
        texts += [table.title, table.note, *table.header, *(cell for row in table.rows for cell in row)]
    return {int(n) for text in texts for n in re.findall(r"\[(\d+)\]", text)}


@pytest.mark.parametrize("objective", [Objective.TCO, Objective.CLOUD])
@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_sources_listed_are_the_sources_cited(name, language, objective):
    catalog = load_catalog()
    scenario = in_language_currency(EXAMPLES[name], language)
    summary = build_summary(estimate(scenario, catalog.get(scenario.card_id)), catalog, language, objective=objective)
    assert summary.sources
    assert _cited(summary) == set(range(1, len(summary.sources) + 1))
