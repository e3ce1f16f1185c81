"""The scaling chart's lines keep a prefill pool the buyer set, as the chosen deployment runs it (review51,
session 51).

``--disaggregated on --prefill-cards 6`` with the tensor parallel degree left to the planner: 16 × H100 serving
Llama 3 70B at 20 requests/s are planned at TP 8, one prefill copy and one decode copy, the 6 cards read as one
whole copy (:attr:`~configurator.core.scenario.Scenario.prefill_copies`). The chart's copy pinned every layout field
with the 6 cards as set, which a scenario with nothing Auto refuses (6 is no multiple of TP 8): ``report`` stopped
with a validation error and the window's analysis failed."""

from __future__ import annotations

import pytest
from buyer_questions import question_scenario

from configurator.core.analysis import COUNT_SWEEP
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import updated
from configurator.core.workloads.serving.scaled_copies import pinned_copy, scaled_copies


def _chosen(prefill_cards: int, count: int):
    catalog = load_catalog()
    question = question_scenario(("recommend", "--workload", "inference", "--model", "llama3-70b",
                                  "--disaggregated", "on", "--prefill-cards", str(prefill_cards),
                                  "--requests-per-s", "20"), catalog)
    card = catalog.get("h100-sxm")
    return estimate(updated(question, card_id="h100-sxm", count=count), card), card


@pytest.mark.parametrize(("prefill_cards", "count"), [(6, 16), (4, 8)])
def test_a_set_pool_that_is_no_whole_copy_scales_as_it_runs(prefill_cards, count):
    chosen, card = _chosen(prefill_cards, count)
    held = pinned_copy(chosen.scenario)
    assert held.prefill_copies == chosen.scenario.prefill_copies  # the copy as it runs, nothing Auto
    assert not held.serving.prefill_cards or held.serving.prefill_cards % held.model_parallel == 0
    lines = scaled_copies(chosen, card, sorted({*COUNT_SWEEP, count}))
    assert lines and all(e.scenario.parallelism.tp == chosen.scenario.parallelism.tp for e in lines)
    assert all(bool(e.scenario.prefill_copies) == bool(chosen.scenario.prefill_copies) for e in lines)
