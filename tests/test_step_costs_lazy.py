"""The load model's decode step (configurator.core.serving_step_costs.step_costs, issue 28) works out a
segment's ends only when first read inside it: whatever it reads, in whatever order, it gives the
interpolation over the whole grid of nodes worked out at once, bit for bit; and a serving
estimate leaves no reference cycle behind (a step costs' function kept on its table must not
hold the table)."""

from __future__ import annotations

import bisect
import math

import numpy as np
import pytest
from own_interpreter import printed_by
from test_decode_step import CASES

from configurator.core.catalog import load_bundled_catalog
from configurator.core.decode_step_table import copy_step_table
from configurator.core.estimate import clear_estimate_memo
from configurator.core.precision import plan_serving
from configurator.core.serving_speed import running_batch
from configurator.core.serving_step_costs import _ROOT_TWO_GRID, step_costs


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _eager(table, batch: int):
    """The step at ``n`` interpolated over every node of the grid, the nodes worked out first (part
    of one sequence read as one)."""
    nodes = sorted({0, 1, 2, batch, batch + 1}.union(_ROOT_TWO_GRID[:int(2 * math.log2(batch + 1))]))
    times = table.at(nodes)
    last = len(nodes) - 1

    def decode_s(n: float) -> float:
        n = 1.0 if 0.0 < n < 1.0 else n  # a step that decodes at all carries a whole sequence
        i = bisect.bisect_right(nodes, n, 1, last) - 1
        return times[i] + (n - nodes[i]) * (times[i + 1] - times[i]) / (nodes[i + 1] - nodes[i])

    return decode_s


@pytest.mark.parametrize("name", list(CASES))
def test_lazy_segments_give_the_whole_grid_s_numbers(catalog, name):
    s = CASES[name]
    card = catalog.get(s.card_id)
    plan = plan_serving(s, card)
    batch = running_batch(s, card)
    kv = s.serving.prompt_tokens + s.serving.output_tokens // 2
    reads = list(np.linspace(0, 2 * batch, 57)) + [0.0, float(batch), batch + 0.5, 1.0, 0.25]
    for order in (reads, reads[::-1]):
        clear_estimate_memo()
        lazy = step_costs(s, card, plan, batch).decode_s
        got = [lazy(float(n)) for n in order]
        clear_estimate_memo()
        eager = _eager(copy_step_table(s, card, plan, kv), batch)
        assert got == [eager(float(n)) for n in order]


_NO_CYCLE_LEFT = """
import gc, sys
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import clear_estimate_memo, estimate
from configurator.core.scenario import Scenario
text = sys.stdin.read()
s = Scenario.model_validate_json(text)
card = load_bundled_catalog().get(s.card_id)
clear_estimate_memo()
estimate(s, card)  # warm: imports and lazy loads
gc.collect()
gc.disable()
fresh = Scenario.model_validate_json(text)
clear_estimate_memo()
estimate(fresh, card)
del fresh
clear_estimate_memo()
print(gc.collect())
"""
"""One estimate in an interpreter of its own, after a warm one: the objects the garbage collector
finds unreachable once the memos are cleared (printed)."""


@pytest.mark.parametrize("name", ["8B speculative", "DeepSeek-V3 TP8 EP"])
def test_an_estimate_leaves_no_reference_cycle(name):
    """Counted in an interpreter of its own (tests/own_interpreter.py says why: after
    tests/test_same_answer.py a worker thread was still searching, its cycles freed meanwhile)."""
    assert printed_by(_NO_CYCLE_LEFT, CASES[name].model_dump_json()) == "0"
