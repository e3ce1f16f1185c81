"""benchmarks/speed.py times cold calls: no memo of the core is hit inside a timed call, while
the memo-hit figures it prints apart do hit (issue 27, part 7)."""

from __future__ import annotations

import sys
from collections import OrderedDict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import speed  # noqa: E402

import configurator.core.estimate as estimate_module  # noqa: E402
import configurator.core.plan.serving as serving_plan  # noqa: E402
import configurator.core.plan.training as training_plan  # noqa: E402


class CountingMemo(OrderedDict):
    """A memo that counts the lookups that find something."""

    def __init__(self):
        super().__init__()
        self.hits = 0

    def get(self, key, default=None):
        found = super().get(key, default)
        if found is not None:
            self.hits += 1
        return found


def _counting(monkeypatch):
    memos = [CountingMemo() for _ in range(3)]
    for module, name, memo in ((estimate_module, "_MEMO", memos[0]), (training_plan, "_PLANS", memos[1]),
                               (serving_plan, "_SEARCHES", memos[2])):
        monkeypatch.setattr(module, name, memo)

    def hits() -> int:
        return sum(m.hits for m in memos) + training_plan._stage_tables_cached.cache_info().hits
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
