"""One count of the cards "left out" (:attr:`Result.unlisted`): the cards not ranked and listed nowhere —
not without a price, below the line or unrated. The command line counted the unpriced and unrated
cards it lists in it too ('53 种卡被排除' where the window, counting the same result, said fewer; session 42)."""

from __future__ import annotations

import re

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.recommend import recommend
from configurator.core.recommend_json import result_to_dict
from configurator.core.scenario import Scenario
from configurator.report.text import recommendation_table


def test_the_text_and_the_json_count_the_cards_listed_nowhere():
    data = {"workload": "lora", "model": preset("llama3-8b").model_dump(), "card_id": "rtx-a6000", "count": 1,
            "constraints": {"region": "cn"}}
    result = recommend(Scenario.model_validate(data), load_catalog())
    listed = {rec.card.id for rec in (*result.unpriced, *result.below_line)} | set(result.unrated)
    assert result.unpriced and result.below_line and result.unrated  # the three lists the count leaves aside
    assert set(result.unlisted) == set(result.left_out) - listed and len(result.unlisted) < len(result.left_out)
    assert result_to_dict(result)["left_out"] == list(result.unlisted)
    n, m = len(result.below_line), len(result.unlisted)
    assert f"{n} below the line, {m} left out; see --json for why." in recommendation_table(result, "en")
    zh = recommendation_table(result, "zh_CN")
    assert f"{n} 种配置在基准线以下，{m} 种卡被排除" in zh
    assert re.findall(r"(\d+) 种卡被排除", zh) == [str(m)]
