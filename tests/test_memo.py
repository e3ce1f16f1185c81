"""core/memo.py: the one least-recently-used memo (issue 26, one small LRU helper) and the
scenario key the kept results are found by."""

from __future__ import annotations

import threading

import pytest

from configurator.core.engine_step import with_engine_step
from configurator.core.frozen_model import FrozenModel
from configurator.core.memo import NOT_SEARCHED, NOT_SEARCHED_FOR_TRAINING, LruMemo, ScenarioMemo, scenario_key
from configurator.core.scenario import updated


class _Card:
    """An object that counts by identity (a catalog card)."""


def test_the_least_recently_used_value_is_dropped_first():
    memo: LruMemo[str] = LruMemo(2)
    memo.put("a", "A")
    memo.put("b", "B")
    assert memo.get("a") == "A"  # a is now the most recently used
    memo.put("c", "C")
    assert (memo.get("a"), memo.get("b"), memo.get("c")) == ("A", None, "C")
    assert len(memo) == 2
    memo.clear()
    assert len(memo) == 0 and memo.get("a") is None


def test_held_objects_count_by_identity_and_are_kept_alive():
    memo: LruMemo[int] = LruMemo(4)
    card = _Card()
    memo.put("key", 1, held=(card,))
    assert memo.get("key", held=(card,)) == 1
    assert memo.get("key", held=(_Card(),)) is None  # an equal-looking, different card
    assert memo.get("key") is None  # not held at all: another key


def test_a_memo_keeps_at_least_one_value():
    with pytest.raises(ValueError, match="at least one"):
        LruMemo(0)


def test_threads_share_one_memo():
    memo: LruMemo[int] = LruMemo(64)

    def work(start: int) -> None:
        for i in range(start, start + 200):
            memo.put(i % 100, i)
            memo.get((i + 1) % 100)

    threads = [threading.Thread(target=work, args=(k * 1000,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(memo) == 64


def test_the_scenario_key_leaves_out_what_a_search_never_reads(inference_scenario):
    dearer = updated(inference_scenario, name="other", economics={"electricity_per_kwh": 0.3})
    assert scenario_key(dearer, NOT_SEARCHED) == scenario_key(inference_scenario, NOT_SEARCHED)
    assert scenario_key(dearer) != scenario_key(inference_scenario)
    goal = updated(inference_scenario, constraints={"budget": 1e6})
    assert scenario_key(goal, NOT_SEARCHED_FOR_TRAINING) == scenario_key(inference_scenario, NOT_SEARCHED_FOR_TRAINING)
    assert scenario_key(goal, NOT_SEARCHED) != scenario_key(inference_scenario, NOT_SEARCHED)


class _Point(FrozenModel):
    """A frozen model whose equal hashes may dump to different texts (``1`` and ``1.0``)."""

    x: int | float
    tags: tuple[str, ...] = ()


def test_a_scenario_memo_finds_the_same_object_and_an_equal_one():
    memo: ScenarioMemo[str] = ScenarioMemo(8)
    card, made = _Card(), []

    def make(value: str):
        return lambda: made.append(value) or value

    first = _Point(x=2, tags=("a",))
    assert memo.kept_or_made(first, (card,), make("first")) == "first"
    assert memo.kept_or_made(first, (card,), make("again")) == "first"  # the object kept: no text written
    assert memo.kept_or_made(_Point.model_validate_json(first.model_dump_json()), (card,), make("equal")) == "first"
    assert memo.kept_or_made(first, (_Card(),), make("other card")) == "other card"  # held by identity
    assert made == ["first", "other card"]


def test_a_scenario_memo_never_shares_a_value_between_different_texts_of_one_hash():
    memo: ScenarioMemo[str] = ScenarioMemo(8)
    whole, real = _Point(x=1), _Point(x=1.0)
    assert hash(whole) == hash(real) and scenario_key(whole) != scenario_key(real)
    assert memo.kept_or_made(whole, (), lambda: "int") == "int"
    assert memo.kept_or_made(real, (), lambda: "float") == "float"
    assert memo.kept_or_made(_Point(x=1), (), lambda: "again") == "int"
    assert memo.kept_or_made(_Point(x=1.0), (), lambda: "again") == "float"
    assert memo.kept_or_made(_Point(x=3), (), lambda: "three") == "three"
    assert len(memo) == 2  # two hashes
    memo.clear()
    assert len(memo) == 0 and memo.kept_or_made(whole, (), lambda: "new") == "new"


def test_a_scenario_memo_drops_the_least_recently_used_hash():
    memo: ScenarioMemo[int] = ScenarioMemo(2)
    for x in (1, 2, 3):
        memo.kept_or_made(_Point(x=x, tags=("t",)), (), lambda x=x: x)
    assert memo.kept_or_made(_Point(x=1, tags=("t",)), (), lambda: -1) == -1  # dropped
    assert memo.kept_or_made(_Point(x=3, tags=("t",)), (), lambda: -3) == 3


def test_the_estimate_memo_gives_a_different_scenario_its_own_estimate(inference_scenario):
    from configurator.core.catalog import load_bundled_catalog
    from configurator.core.estimate import clear_estimate_memo, estimate

    card = load_bundled_catalog().get(inference_scenario.card_id)
    clear_estimate_memo()
    first = estimate(inference_scenario, card)
    equal = type(inference_scenario).model_validate_json(inference_scenario.model_dump_json())
    assert estimate(equal, card) is first
    for changed in (updated(inference_scenario, name="other"), updated(inference_scenario, count=2),
                    updated(inference_scenario, economics={"electricity_per_kwh": 0.3})):
        # the estimate's scenario is the one asked, its engine step settled on the card (core/engine_step.py)
        asked = estimate(changed, card)
        assert asked is not first and asked.scenario == with_engine_step(changed, card)


def test_another_familys_section_is_not_hashed_but_still_tells_scenarios_apart(inference_scenario):
    """The estimate memo sorts a serving scenario by its fields but the training and graphics sections
    (estimate_hash): a scenario that differs only there meets the first under one hash and is still
    estimated as itself (told apart by its text)."""
    from configurator.core.catalog import load_bundled_catalog
    from configurator.core.estimate import clear_estimate_memo, estimate
    from configurator.core.workloads.memo import estimate_hash

    card = load_bundled_catalog().get(inference_scenario.card_id)
    clear_estimate_memo()
    first = estimate(inference_scenario, card)
    other = updated(inference_scenario, training={"seq_len": 1024}, graphics={"users": 7})
    assert estimate_hash(other) == estimate_hash(inference_scenario) and other != inference_scenario
    assert estimate(other, card) is not first and estimate(other, card).scenario == with_engine_step(other, card)
    assert estimate(inference_scenario, card) is first
    assert estimate_hash(updated(inference_scenario, serving={"concurrency": 3})) != estimate_hash(inference_scenario)


def test_a_scenario_with_an_unhashable_field_is_kept_by_its_text(inference_scenario):
    """A field set without validation (``model_copy(update=...)`` with a set where the model holds
    a frozenset) makes the scenario unhashable: the memo files it under its text instead of
    failing, and an equal copy of it is a hit."""
    memo: ScenarioMemo[int] = ScenarioMemo(4)
    unhashable = inference_scenario.model_copy(update={"auto_layout": set()})
    with pytest.raises(TypeError):
        hash(unhashable)
    assert memo.kept_or_made(unhashable, (), lambda: 1) == 1
    again = inference_scenario.model_copy(update={"auto_layout": set()})
    assert memo.kept_or_made(again, (), lambda: 2) == 1
    assert memo.kept_or_made(inference_scenario, (), lambda: 3) == 3
