"""The serving planner's tie-break: among layouts of one card and count that meet every target and
carry about the same request rate (within :data:`SAME_CAPACITY`: the same cost per token), the one
with the shortest time per output token; a real difference in the rate carried, or a missed
target, is never traded for speed. The README's question (Llama 3 70B, 200 users, 20 requests/s,
under 50 ms per token) on 16 × H200 SXM: TP2 shared copies carry about as much within the
targets as TP4 shared copies at more time per token, and TP4 with 2 + 1 separate pools more than
either. (Until session 44 the example was 12 × MI325X; on its 8-module board without a switch a TP2
or TP4 copy rides only its own pairs' Infinity Fabric links, and there TP2 and TP4 shared copies no
longer meet the targets: :func:`~configurator.core.formulas.communication.switchless_group_gbps`.) The rates compared are goodputs (the rank's, :attr:`~configurator.core.serving_speed.
ReplicaSpeed.goodput_per_s`)."""

from __future__ import annotations

import pytest
from buyer_questions import README_SERVING, question_scenario

from configurator.core.constraints import missed_serving_targets
from configurator.core.workloads.layout import at_count, plannable
from configurator.core.workloads.serving import weighing
from configurator.core.workloads.serving.plan import carries_load, estimated, recording_evaluated, serving_rank
from configurator.core.workloads.serving.weighing import SAME_CAPACITY, faster_of_equals


@pytest.fixture(scope="module")
def h200_at_16(catalog):
    """The README question planned on 16 × H200 SXM: (the card, the scenario, every layout the search weighed)."""
    card = catalog.get("h200-sxm")
    scenario = at_count(plannable(question_scenario(README_SERVING, catalog), card), 16)
    return card, scenario, recording_evaluated(scenario, card)[1]


def _layout(weighed, tp, disaggregated, prefill=None):
    """The first layout weighed that meets every target with this tensor-parallel degree and pools."""
    return next(e for e in weighed if e.scenario.parallelism.tp == tp and carries_load(e)
                and e.scenario.serving.disaggregated == disaggregated
                and (prefill is None or e.scenario.prefill_copies == prefill))


def test_near_equal_rates_pick_the_faster_layout(catalog, h200_at_16):
    """TP4 shared copies carry 10 % less within the targets than TP2 shared copies (inside the tie)
    at 28 % less time per token: the tie picks them. TP4 with separate pools carries more within the
    targets than either: planned by rank, said so with both goodputs."""
    card, scenario, weighed = h200_at_16
    shared, narrow, pools = _layout(weighed, 2, False), _layout(weighed, 4, False), _layout(weighed, 4, True, 2)
    assert serving_rank(shared) > serving_rank(narrow)  # carries more: ranked first without the tie
    assert narrow.serving.goodput_per_s >= (1 - SAME_CAPACITY) * shared.serving.goodput_per_s
    assert faster_of_equals(shared, [narrow]) is narrow
    assert serving_rank(pools) > serving_rank(shared)  # ranked by goodput
    planned = estimated(scenario, card)
    assert planned.scenario.serving.disaggregated and planned.scenario.parallelism.tp == 4
    assert planned.serving.tpot_s < 0.6 * shared.serving.tpot_s
    assert planned.messages[0].id == "serving-disaggregated-chosen"
    assert planned.messages[0].params["rate"] == pytest.approx(planned.serving.goodput_per_s)
    assert carries_load(planned)


def test_the_tie_never_overrides_a_real_difference_in_rate(h200_at_16, monkeypatch):
    """A faster layout carrying clearly less within the targets is not chosen: with a tie narrower
    than the 10 % between TP2 and TP4 shared copies, TP2 is kept; and the slower TP2 copies are
    never chosen over TP4 ones for speed."""
    _, _, weighed = h200_at_16
    shared, narrow = _layout(weighed, 2, False), _layout(weighed, 4, False)
    assert narrow.serving.tpot_s < shared.serving.tpot_s
    assert faster_of_equals(narrow, [shared]) is narrow  # slower: never chosen for speed
    monkeypatch.setattr(weighing, "SAME_CAPACITY", 0.0005)
    assert narrow.serving.goodput_per_s < (1 - weighing.SAME_CAPACITY) * shared.serving.goodput_per_s
    assert faster_of_equals(shared, [narrow]) is shared


def test_a_missed_target_is_never_traded_for_speed(h200_at_16):
    """Layouts faster per token that miss a target (the stated rate, the first-token default) are
    never chosen, however close their rate; nor is anything chosen over a best that misses one."""
    _, _, weighed = h200_at_16
    shared = _layout(weighed, 2, False)
    missing = [e for e in weighed if e.fits and e.serving is not None and missed_serving_targets(e.scenario, e.serving)
               and e.serving.tpot_s < shared.serving.tpot_s]
    assert missing
    assert faster_of_equals(shared, missing) is shared
    short = min(missing, key=lambda e: e.serving.tpot_s)
    assert faster_of_equals(short, [shared]) is short  # ranked first while missing: no tie to break


def test_the_readme_answer_keeps_its_cost_and_meets_every_constraint(catalog):
    """Across cards the ranking stays by cost: the tie changes no card's cost per token under the
    stated rate (its work paid for is the stated load), and the first meets every constraint. The first
    is 11 × MI300X at TP1 with separate pools, as the deployment search sized them; 12 × MI325X at TP1
    with separate pools follow (TP4 until session 48's decode step growth, max(W + g·C, C), g 0.07/0.20,
    left TP1 pools at the same 12 cards and cost; session 44: 8 × MI325X at TP2 led until a TP2 copy on the MI325X's
    board without a switch rode only its pair's Infinity Fabric link, and no longer meets the targets)."""
    from configurator.core.recommend import Objective, recommend

    result = recommend(question_scenario(README_SERVING, catalog), catalog, Objective.CLOUD, limit=3)
    first = result.best
    assert first.card.id == "mi300x" and first.count == 11
    assert not first.estimate.violations
    mi325x = next(r for r in result.ranked if r.card.id == "mi325x")
    assert mi325x.count == 12 and mi325x.estimate.scenario.parallelism.tp == 1 and not mi325x.estimate.violations
    assert [r.score for r in result.ranked] == sorted(r.score for r in result.ranked)


def test_the_fewest_cards_count_separate_pools(catalog):
    """12 × H100 carry the README question with TP4 and 2 + 1 separate pools (26.7 requests/s, 25.9 ms
    per token, every target met) where shared copies need 16: the deployment found is 12, and
    carries the load."""
    from configurator.core.workloads.serving.deployment import serving_deployment

    card = catalog.get("h100-sxm")
    scenario = plannable(question_scenario(README_SERVING, catalog), card)
    assert carries_load(estimated(at_count(scenario, 12), card))
    found = serving_deployment(scenario, card)
    assert found.scenario.count == 12 and found.scenario.serving.disaggregated and carries_load(found)
