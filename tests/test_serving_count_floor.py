"""Card counts the deployment search skips without a plan (:mod:`configurator.core.workloads.serving.count_floor`):
where every layout the plan of shared copies may weigh is short of the stated rate at every batch,
the plan there misses the rate (never one that carries the load), no layout's rate at any batch
reaches the ceiling, and the deployments found are those found without the floor."""

from __future__ import annotations

import pytest
from buyer_questions import CHINESE_BUYER, README_SERVING, question_scenario

from configurator.core.constraints import missed_serving_targets
from configurator.core.prefill_time import prompt_token_seconds
from configurator.core.serving_speed import busy_copies
from configurator.core.workloads.layout import at_count, plannable
from configurator.core.workloads.serving import deployment
from configurator.core.workloads.serving.count_floor import (
    copy_ceiling,
    holds_no_copy,
    layouts_weighed,
    rate_miss_floor,
    short_at_count,
)
from configurator.core.workloads.serving.plan import carries, clear_search_memo, estimated, recording_evaluated
from configurator.core.workloads.serving.probe import RateProbe, prefill_ceiling
from configurator.core.workloads.serving.weighing import target_miss

CARDS = ("h100-sxm", "h20", "b200", "a10", "mi300x", "l40s", "tpu-v7")
"""Cards whose doubling loop on the README's serving question starts below the ceiling (h20 at
four counts when this was written) and where it does not (a10, l40s)."""


@pytest.fixture(scope="module")
def question(catalog):
    return question_scenario(README_SERVING, catalog)


def _base(question, card):
    return deployment._engine_defaults(plannable(question, card))


@pytest.mark.parametrize("card_id", CARDS)
def test_a_skipped_count_misses_the_rate(catalog, question, card_id):
    """At every count the floor skips, the plan of shared copies misses the stated rate, and so
    does every layout it weighed there, at every batch it weighed."""
    card = catalog.get(card_id)
    base = _base(question, card)
    for count in (1, 2, 4, 8, 16):
        scenario = at_count(base, count)
        if count < deployment.fewest_cards_for_weights(base, card) or not short_at_count(scenario, card):
            continue
        chosen, weighed = recording_evaluated(scenario, card)
        for est in (chosen, *weighed):
            assert est.serving is not None
            assert "misses-request-rate" in missed_serving_targets(est.scenario, est.serving), (card_id, count)


@pytest.mark.parametrize("card_id", ("h100-sxm", "h20", "mi300x"))
def test_no_rate_reaches_the_ceiling(catalog, question, card_id):
    """Every layout the plan may weigh, at batches from 1 to what memory holds: the rate the rate
    probe reports (the estimate's) stays below the ceiling the floor reads."""
    card = catalog.get(card_id)
    for count in (2, 4, 8):
        for laid_out in layouts_weighed(at_count(_base(question, card), count), card):
            probe = RateProbe.of(laid_out, card)
            ceiling = prefill_ceiling(laid_out, card, probe.plan, probe.batch_free(prompt_token_seconds)) \
                * busy_copies(laid_out)
            for batch in (1, 8, 64, 256, 1024, 4096):
                fits, rate = probe.rate_at(batch)
                assert rate <= ceiling, (card_id, count, laid_out.parallelism, batch)


def test_layouts_weighed_cover_the_plans(catalog, question):
    """Every layout the plan weighs at a count is among :func:`layouts_weighed` (tensor, pipeline and
    expert degrees and KV cache)."""
    for card_id, count in (("h100-sxm", 16), ("a10", 64), ("t4", 32), ("mi300x", 8)):
        card = catalog.get(card_id)
        scenario = at_count(_base(question, card), count)

        def shape(s):
            return (s.parallelism.tp, s.parallelism.pp, s.parallelism.ep, s.serving.kv_precision)

        offered = {shape(s) for s in layouts_weighed(scenario, card)}
        _, weighed = recording_evaluated(scenario, card)
        assert {shape(e.scenario) for e in weighed} <= offered, card_id


def test_nothing_said_without_a_stated_rate(catalog, question):
    """No stated rate: no ceiling, nothing skipped."""
    card = catalog.get("h20")
    base = _base(question, card)
    no_rate = base.model_copy(update={"constraints": base.constraints.model_copy(update={"requests_per_s": None})})
    assert short_at_count(at_count(base, 2), card)
    assert not short_at_count(at_count(no_rate, 2), card)


@pytest.mark.parametrize("argv", (README_SERVING, CHINESE_BUYER), ids=("readme", "chinese"))
def test_the_deployments_found_are_unchanged(catalog, monkeypatch, argv):
    """The fewest cards and the layout there, with the floor and without it."""
    question = question_scenario(argv, catalog)

    def found(card):
        clear_search_memo()
        est = deployment.serving_deployment(question, card)
        if est is None:
            est = deployment.closest_serving_deployment(plannable(question, card), card)
        return None if est is None else (est.scenario.count, est.scenario.parallelism, est.scenario.serving,
                                         est.fits, est.serving.requests_per_s if est.serving else None)

    cards = [catalog.get(c) for c in ("h100-sxm", "h20", "b200", "mi300x", "l4", "v100-sxm-32gb")]
    with_floor = [found(card) for card in cards]
    monkeypatch.setattr(deployment, "short_at_count", lambda *args: False)
    assert [found(card) for card in cards] == with_floor


def test_a_skipped_count_is_not_estimated(catalog, question, monkeypatch):
    """h20 on the README's question: the counts the floor shows short (2 to 16 cards when this was
    written: the prompts alone cap 16 cards at 11.5 of the 20 requests/s asked) are not planned; the
    loop's first plan is at the first count not shown short."""
    card = catalog.get("h20")
    base = _base(question, card)
    short = [n for n in (2, 4, 8, 16, 32) if short_at_count(at_count(base, n), card)]
    asked = []
    real = deployment.estimated_unless_carrying

    def counting(scenario, c):
        asked.append(scenario.count)
        return real(scenario, c)

    monkeypatch.setattr(deployment, "estimated_unless_carrying", counting)
    clear_search_memo()
    deployment.serving_deployment(question, card)
    assert len(short) >= 2 and short == [2, 4, 8, 16][:len(short)]
    assert asked and not set(asked) & set(short) and asked[0] == 2 * short[-1]
    assert estimated(at_count(base, short[-1]), card).serving.requests_per_s < 20


def test_a_copys_ceiling_reads_the_layout_not_the_count(catalog, question):
    """The ceilings kept across one card's counts: the same layout at 2, 4 and 8 cards has one
    ceiling, the one the rate probe's own check reads (its step table's prompt token)."""
    card = catalog.get("h100-sxm")
    base = _base(question, card)
    by_layout: dict = {}
    for count in (2, 4, 8):
        for laid_out in layouts_weighed(at_count(base, count), card):
            p = laid_out.parallelism
            ceiling = copy_ceiling(laid_out, card)
            probe = RateProbe.of(laid_out, card)
            assert ceiling == prefill_ceiling(laid_out, card, probe.plan, probe.batch_free(prompt_token_seconds))
            assert by_layout.setdefault((p.tp, p.pp, p.ep, laid_out.serving.kv_precision), ceiling) == ceiling
    assert len(by_layout) >= 8


@pytest.mark.parametrize("card_id, count", (("h100-sxm", 11), ("h100-sxm", 9), ("v100-sxm-16gb", 351),
                                            ("a10", 1687)))
def test_a_count_no_layout_holds_does_not_fit(catalog, question, card_id, count):
    """Counts the bisection answers without a plan (:func:`holds_no_copy`, odd or ill-divided counts
    on the README's question): the plan there does not fit, and does not carry the load."""
    card = catalog.get(card_id)
    scenario = at_count(_base(question, card), count)
    assert holds_no_copy(scenario, card)
    clear_search_memo()
    assert not estimated(scenario, card).fits
    assert not carries(scenario, card)


def test_a_count_a_layout_holds_is_planned(catalog, question):
    """Where one layout holds a copy's weights (12 H100: TP4 × 3 copies), or for separate pools, nothing is said."""
    card = catalog.get("h100-sxm")
    base = _base(question, card)
    assert not holds_no_copy(at_count(base, 12), card)
    pools = base.model_copy(update={"serving": base.serving.model_copy(update={"disaggregated": True})})
    assert not holds_no_copy(at_count(pools, 11), card)


@pytest.mark.parametrize("card_id", ("t4", "l4", "h20", "dgx-spark-gb10"))
def test_the_rate_miss_floor_is_below_the_miss(catalog, question, card_id):
    """At every count the floor shows short of the rate, the plan's worst target miss is at least
    :func:`rate_miss_floor` (the closest deployment sets such counts aside without a plan where it
    exceeds the least miss found by more than the tie); None where not shown short."""
    card = catalog.get(card_id)
    base = _base(question, card)
    shown = 0
    for count in (8, 16, 32, 64, 128):
        if count < deployment.fewest_cards_for_weights(base, card):
            continue
        scenario = at_count(base, count)
        bound = rate_miss_floor(scenario, card)
        assert (bound is None) == (not short_at_count(scenario, card))
        if bound is None:
            continue
        shown += 1
        est = estimated(scenario, card)
        assert target_miss(est.scenario, est.serving) >= bound > 0.0, (card_id, count)
    assert shown


@pytest.mark.parametrize("card_id", ("t4", "l4", "l2", "dgx-spark-gb10", "mtt-s3000"))
def test_the_closest_is_unchanged_by_the_floor(catalog, question, monkeypatch, card_id):
    """The closest deployment (cards that carry the README's load at no count) with the counts shown
    short of the rate set aside and with every count estimated."""
    card = catalog.get(card_id)
    scenario = plannable(question, card)

    def closest():
        clear_search_memo()
        est = deployment.closest_serving_deployment(scenario, card)
        return None if est is None else (est.scenario.count, est.scenario.parallelism, est.scenario.serving,
                                         est.serving.requests_per_s, est.serving.tpot_s)

    floored = closest()
    monkeypatch.setattr(deployment, "rate_miss_floor", lambda *args: None)
    assert closest() == floored


MOE_QUESTION = ("recommend", "--workload", "inference", "--model", "deepseek-v3", "--concurrency", "200",
                "--requests-per-s", "20", "--weight-format", "bf16")
"""A mixture of experts too large for one 8-card server (DeepSeek-V3 in BF16, named: its published FP8
weights fit 8 H200): its plan beyond one stage also weighs one copy over several servers by tensor
parallelism alone."""


def _moe_base(catalog, card, model="deepseek-v3", rate="20"):
    argv = tuple({"deepseek-v3": model, "20": rate}.get(part, part) for part in MOE_QUESTION)
    return _base(question_scenario(argv, catalog), card)


@pytest.mark.parametrize("model, card_id, count", (("deepseek-v3", "h100-sxm", 32),
                                                   ("qwen3-235b-a22b", "l40s", 16)))
def test_layouts_weighed_cover_a_mixture_of_experts_plans(catalog, model, card_id, count):
    """A mixture of experts: the copies over several fast domains by tensor parallelism alone the plan
    weighs beyond one stage (TP16 and TP32 of DeepSeek-V3 on 32 H100, TP16 of Qwen3 235B on 16 L40S)
    are among :func:`layouts_weighed`, so the floors that read it (:func:`short_at_count`,
    :func:`rate_miss_floor`) weigh their ceilings too."""
    card = catalog.get(card_id)
    scenario = at_count(_moe_base(catalog, card, model), count)

    def shape(s):
        return (s.parallelism.tp, s.parallelism.pp, s.parallelism.ep, s.serving.kv_precision)

    _, weighed = recording_evaluated(scenario, card)
    tried = {shape(e.scenario) for e in weighed}
    assert any(tp > 8 and pp == 1 for tp, pp, _, _ in tried)  # a copy over several servers was weighed
    assert tried <= {shape(s) for s in layouts_weighed(scenario, card)}


@pytest.mark.parametrize("model, card_id, rate", (("deepseek-v3", "mi300x", "100"), ("qwen3-235b-a22b", "l40s", "100"),
                                                  ("mixtral-8x7b", "l40s", "25")))
def test_a_mixture_of_experts_count_shown_short_is_not_carried(catalog, model, card_id, rate):
    """A mixture of experts: at every count the floor shows short of the rate, the plan of shared copies
    misses the rate, every layout it weighed (those over several servers too) at every batch, and
    the floor under its miss (:func:`rate_miss_floor`) is below its worst target miss. (Mixtral on the L40S at 25
    requests/s: at 20 no count was shown short once the serving steps' efficiency moved 0.936 -> 0.958, session
    49; 4 cards are at 25.)"""
    card = catalog.get(card_id)
    base = _moe_base(catalog, card, model, rate)
    shown = 0
    for count in (2, 4, 8, 16, 32, 64):
        scenario = at_count(base, count)
        if count < deployment.fewest_cards_for_weights(base, card) or not short_at_count(scenario, card):
            continue
        shown += 1
        clear_search_memo()
        chosen, weighed = recording_evaluated(scenario, card)
        for est in (chosen, *weighed):
            assert "misses-request-rate" in missed_serving_targets(est.scenario, est.serving), (card_id, count)
        assert target_miss(chosen.scenario, chosen.serving) >= rate_miss_floor(scenario, card) > 0.0
        assert not carries(scenario, card)
    assert shown


@pytest.mark.parametrize("model, card_id, count", (("deepseek-v3", "h100-sxm", 24), ("deepseek-v3", "h100-sxm", 48),
                                                   ("qwen3-235b-a22b", "l40s", 12), ("mixtral-8x7b", "l40s", 6)))
def test_a_mixture_of_experts_count_no_layout_holds_does_not_fit(catalog, model, card_id, count):
    """A mixture of experts, its copies over several servers among the layouts weighed: counts at which
    none holds a copy's weights (48 H100: 16 cards per copy at most, TP8 × 2 stages or TP16, short of
    DeepSeek-V3's weights) are answered without a plan, and the plan there does not fit."""
    card = catalog.get(card_id)
    scenario = at_count(_moe_base(catalog, card, model), count)
    assert holds_no_copy(scenario, card)
    clear_search_memo()
    assert not estimated(scenario, card).fits
    assert not carries(scenario, card)


def test_a_mixture_of_experts_count_a_copy_over_servers_holds_is_planned(catalog):
    """32 H100 hold DeepSeek-V3 as one copy over four servers (TP32, or TP8 × 4 stages): not answered
    without a plan."""
    card = catalog.get("h100-sxm")
    assert not holds_no_copy(at_count(_moe_base(catalog, card), 32), card)
