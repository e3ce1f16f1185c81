"""The serving count search weighs separate prefill and decode pools wherever the planner does (session 51,
splitpool51): one rule (:func:`configurator.core.workloads.serving.step_search.weighs_pools`) — pools left to the
planner, a latency target, and a request rate or a first-token target to hold the prefill pool to the load.

Found by persona50b / review50: a question of users at once and latency targets without a request rate was sized
in shared copies alone (prefill and decode on every copy), while the plan at a count also weighs pools: 2,000
users of Llama 3 70B at 1 s to the first token and 50 ms a token were sold 72 × Gaudi 3, where the plan at 48
serves them in 9 prefill + 3 decode copies of TP 4. Gaudi 3 is sold in whole servers of 8, and in whole servers
pools were not searched below the shared count even under a stated rate (64 × Gaudi 3 at 150 requests/s, 48 carry
it)."""

from __future__ import annotations

import json

import pytest
from buyer_questions import cli_text, question_scenario

from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import updated
from configurator.core.workloads.serving.deployment import serving_deployment
from configurator.core.workloads.serving.step_search import weighs_pools

USERS = ("recommend", "--workload", "inference", "--model", "llama3-70b", "--concurrency", "2000", "--ttft-ms",
         "1000", "--tpot-ms", "50")
"""2,000 users at once, first token within 1 s and 50 ms a token at p90, no request rate."""


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _pools_note(messages: list[dict]) -> dict:
    return next(m for m in messages if m["id"] == "serving-pools-fewer-cards")["params"]


def test_separate_pools_on_fewer_cards_are_bought_and_said(catalog):
    """48 × Gaudi 3 in pools, not 72 in shared copies: the count search takes what the plan at 48 chooses, and
    the answer says the pools with their cards and what shared copies would take, in text, JSON and Chinese."""
    answer = json.loads(cli_text(*USERS, "--cards", "gaudi3", "--json"))["ranked"][0]
    assert answer["count"] == 48
    latency = answer["performance"]["latency"]
    assert (latency["prefill_copies"], latency["decode_copies"], answer["layout"]["tp"]) == (9, 3, 4)
    assert _pools_note(answer["warning_ids"]) == {"count": 48, "prefill_cards": 36, "decode_cards": 12, "shared": 72}
    text = cli_text(*USERS, "--cards", "gaudi3")
    assert "Layout: TP 4 · PP 1 · 9 prefill + 3 decode copies" in text
    assert "Separate prefill and decode pools: 36 of the 48 cards prefill and 12 decode; with prefill and decode " \
           "sharing every copy the load within the targets takes 72 cards" in text
    zh = cli_text(*USERS, "--cards", "gaudi3", "--lang", "zh_CN")
    assert "预填充与解码分池：48 张卡中 36 张做预填充、12 张做解码；预填充与解码共用每个副本时，要在目标内承载这一负载需 72 张卡" in zh


def test_the_count_found_is_what_the_plan_there_chooses(catalog):
    """The plan at the count found chooses the same pools and meets every target; one server fewer meets them in
    neither layout, so the count search and the planner agree."""
    question, card = question_scenario(USERS, catalog), catalog.get("gaudi3")
    found = serving_deployment(question, card, whole_systems=True)
    assert found.scenario.count == 48 and found.scenario.prefill_copies == 9
    planned = estimate(updated(question, card_id="gaudi3", count=48), card)
    assert planned.scenario.serving.disaggregated and planned.scenario.prefill_copies == 9
    assert all(v.met for v in planned.verdicts)
    fewer = estimate(updated(question, card_id="gaudi3", count=40), card)
    assert not all(v.met for v in fewer.verdicts)


def test_in_whole_servers_pools_are_searched_under_a_rate_too(catalog):
    """Under a stated rate, in whole servers of 8: 48 × Gaudi 3 in pools (was 64: pools were searched below the
    shared count only for cards bought one by one)."""
    rate = question_scenario((*USERS, "--requests-per-s", "150"), catalog)
    found = serving_deployment(rate, catalog.get("gaudi3"), whole_systems=True)
    assert found.scenario.count == 48 and found.scenario.serving.disaggregated and found.scenario.count % 8 == 0
    assert any(m.id == "serving-pools-fewer-cards" for m in found.messages)


def test_shared_copies_win_where_pools_need_as_many_cards(catalog):
    """200 users at 50 ms a token on MI300X: pools are weighed below the 16 cards shared copies take (one server
    of 8) and do not carry the load there, so shared copies are bought and nothing is said of pools."""
    question = question_scenario(("recommend", "--workload", "inference", "--model", "llama3-70b", "--concurrency",
                                  "200", "--tpot-ms", "50"), catalog)
    assert weighs_pools(question)
    found = serving_deployment(question, catalog.get("mi300x"), whole_systems=True)
    assert found.scenario.count == 16 and not found.scenario.serving.disaggregated
    assert not any(m.id.startswith("serving-pools") or m.id == "serving-disaggregated" for m in found.messages)


def test_a_time_per_token_target_alone_weighs_no_pools(catalog):
    """An offline batch with a time-per-token target alone and no rate: nothing holds a prefill pool to the
    users' pace (1 + 1 copies of TP 4 Gaudi 3 'meet' 50 ms a token with the first token after millions of
    seconds), so neither search weighs pools; a first-token target typed weighs them again."""
    batch = ("recommend", "--workload", "inference", "--model", "llama3-70b", "--use", "batch", "--concurrency",
             "200", "--tpot-ms", "50")
    question = question_scenario(batch, catalog)
    assert not weighs_pools(question)
    assert weighs_pools(question_scenario((*batch, "--ttft-ms", "5000"), catalog))
    found = serving_deployment(question, catalog.get("gaudi2"), whole_systems=True)
    assert not found.scenario.serving.disaggregated


def test_the_window_and_the_summary_say_the_pools_bought(qtbot, catalog):
    """The recommendation panel says, under the first's reasons, the pools note and the layout (as the command
    line does); the summary of the first says the pools note among its warnings, in both languages."""
    import re
    from html import unescape

    from configurator.app.controller import ScenarioController
    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.core.recommend import recommend
    from configurator.report.export import summary_of
    from configurator.report.render import to_markdown

    question = question_scenario(USERS, catalog)
    first = recommend(question, catalog).ranked[0]
    note = next(m for m in first.estimate.messages if m.id == "serving-pools-fewer-cards")
    assert note.params["shared"] > first.count == note.params["count"]
    panel = RecommendationPanel(ScenarioController(catalog, question))
    qtbot.addWidget(panel)
    panel.refresh()
    shown = unescape(re.sub(r"<[^>]+>", "", panel.reasons.text()))
    assert f"• {note.text}" in shown
    pools = f"{first.estimate.scenario.prefill_copies} prefill + " \
            f"{first.estimate.scenario.data_parallel - first.estimate.scenario.prefill_copies} decode copies"
    assert "• Layout: TP " in shown and pools in shown
    for language in ("en", "zh_CN"):
        assert note.text_in(language) in to_markdown(summary_of(first.estimate, catalog, language, recommended=True))
