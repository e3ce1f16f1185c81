"""core/memo.py: the one least-recently-used memo (issue 26, one small LRU helper) and the
scenario key the kept results are found by."""

from __future__ import annotations

import threading

import pytest

from configurator.core.memo import NOT_SEARCHED, NOT_SEARCHED_FOR_TRAINING, LruMemo, scenario_key
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
