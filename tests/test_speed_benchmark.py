"""benchmarks/speed.py times cold calls: no memo of the core is hit inside a timed call, while
the memo-hit figures it prints apart do hit (issue 27, part 7)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import speed  # noqa: E402

import configurator.core.estimate as estimate_module  # noqa: E402
import configurator.core.workloads.training.search as training_plan  # noqa: E402
from configurator.core.memo import LruMemo  # noqa: E402


def _counting(monkeypatch):
    """Count the lookups that find something in every memo of the core (the one LRU helper all
    of them use: estimates, layout searches, bills of materials) and the stage-table cache."""
    found = [0]
    plain_get = LruMemo.get

    def get(self, key, held=()):
        value = plain_get(self, key, held)
        found[0] += value is not None
        return value

    monkeypatch.setattr(LruMemo, "get", get)

    def hits() -> int:
        return found[0] + training_plan._stage_tables_cached.cache_info().hits
    return hits


def _recording(fn, hits, seen):
    def call(scenario):
        before = hits()
        fn(scenario)
        seen.append(hits() - before)
    return call


def test_timed_calls_hit_no_memo_and_memo_hit_calls_do(monkeypatch):
    hits = _counting(monkeypatch)
    plan = speed.PLANNED["pretrain 7B, 1T tokens, 30 days"]
    card = speed.CATALOG.get(plan.card_id)
    fixed = speed.SCENARIOS["training 70B, TP8 PP4"]
    cases = ((plan, lambda s: training_plan.plan_training_layout(s, card)),
             (fixed, lambda s: estimate_module.estimate(s, speed.CATALOG.get(fixed.card_id))))
    for scenario, fn in cases:
        cold, warm = [], []
        speed.timed(_recording(fn, hits, cold), scenario, 3)
        speed.timed_memo_hit(_recording(fn, hits, warm), scenario, 2)
        assert cold == [0, 0, 0]
        assert warm[1:] and all(n > 0 for n in warm[1:])  # the first call filled the memos
