"""The serving engine's step is an assumption, not a warning (session 43): the engine's default, or the
planner's step beside the default it replaces and the launch flag that sets it, is said among the estimate's
assumptions in the JSON, the command line, the summary and the window, and never among the warnings."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.engine_step import PLANNER_SEED_STEP, STEP_FLAGS
from configurator.core.estimate import estimate
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.launch import launch_text
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.view.assumptions_view import assumption_notes
from configurator.core.view.words import words
from configurator.report.text import estimate_table


def _planned(engine: str = "vllm", card: str = "l40s") -> Scenario:
    """A chat on one card, its layout and engine step left to the planner."""
    return Scenario(model=preset("llama3-8b"), workload="inference", card_id=card, count=1,
                    serving={"engine": engine, "concurrency": 8}, auto_layout=LAYOUT_FIELDS)


def _engine_step(messages) -> list:
    return [m for m in messages if m.id.startswith("engine-step")]


@pytest.mark.parametrize("engine, default", [("vllm", "2,048"), ("sglang", "4,096")])
def test_a_planned_step_off_the_engines_default_is_said_with_its_flag(engine, default):
    card = load_bundled_catalog().get("l40s")
    est = estimate(_planned(engine), card)
    assert est.scenario.serving.max_batched_tokens == PLANNER_SEED_STEP  # no latency to gain: the seed is kept
    (note,) = _engine_step(assumption_notes(est))
    assert note.id == "engine-step-planned" and not _engine_step(est.messages)
    english, chinese = note.text_in("en"), note.text_in("zh_CN")
    flag = STEP_FLAGS[engine]
    assert "8,192 tokens" in english and f"default on the 48 GB card is {default}" in english and flag in english
    assert "8,192 词元" in chinese and f"默认值为 {default}" in chinese and flag in chinese
    assert f"{flag} {PLANNER_SEED_STEP}" in launch_text(est, engine)  # the flag the launch settings write


def test_the_engines_own_default_is_an_assumption_everywhere():
    card = load_bundled_catalog().get("l40s")
    typed = Scenario(model=preset("llama3-8b"), workload="inference", card_id=card.id, count=1,
                     serving={"engine": "vllm", "concurrency": 8})
    est = estimate(typed, card)
    (note,) = _engine_step(assumption_notes(est))
    assert note.id == "engine-step-default-served"
    data = estimate_to_dict(est, deployment_cost(est))
    assert [n["id"] for n in data["assumption_notes"]] == [note.id]
    assert not _engine_step(est.messages) and not [w for w in data["warnings"] if "Engine step" in w]
    for language in ("en", "zh_CN"):  # the Chinese heading is 注意事项: "警告" split nothing off (review43)
        text = estimate_table(est, language)
        before, _, rest = text.partition(words(language)("Assumptions (editable defaults)"))
        assumed, _, warnings = rest.partition(words(language)("Warnings"))
        said = note.text_in(language)
        assert said in assumed and said not in warnings and said not in before


def test_a_step_the_user_sets_is_not_said():
    card = load_bundled_catalog().get("l40s")
    typed = _planned().model_validate({**_planned().model_dump(), "serving": {"engine": "vllm", "concurrency": 8,
                                                                               "max_batched_tokens": 4096},
                                       "auto_layout": [f for f in LAYOUT_FIELDS if f != "max_batched_tokens"]})
    assert not _engine_step(assumption_notes(estimate(typed, card)))


def test_the_window_says_it_under_the_numbers_not_among_the_warnings(qtbot, window):
    controller = window.controller
    controller.apply_many({"workload": "inference", "card_id": "l40s", "count": 1, "serving.concurrency": 8})
    controller.recompute()
    results = window.results
    qtbot.waitUntil(lambda: "Engine step" in results.assumed.text(), timeout=60_000)
    assert not results.assumed_group.isHidden()
    warnings = [results.warnings.item(i).text() for i in range(results.warnings.count())]
    assert not [w for w in warnings if "Engine step" in w]
    controller.apply_many({"workload": "pretrain"})
    controller.recompute()
    qtbot.waitUntil(lambda: results.assumed_group.isHidden(), timeout=60_000)
