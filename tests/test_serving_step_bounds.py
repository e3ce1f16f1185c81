"""The serving search's bounds give the answer of the search without them. The engine-step search
leaves untimed the steps the rate probe shows rank below the engine's own
(:func:`~configurator.core.workloads.serving.bounds.step_loses`), and every step
where none can change what it gives (``step_changes_nothing``); the rate probe's
walk goes on memory alone where the prefill ceiling (:func:`~configurator.core.workloads.serving.probe.prefill_ceiling`)
falls short of the rate. Compared through the estimate's JSON, byte for byte, on the README's
serving question at counts that carry it and fall short, with separate pools, a TTFT target, a
missed target and scenarios drawn at random."""

from __future__ import annotations

import json
import random

import pytest

from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import Scenario
from configurator.core.precision import plan_serving
from configurator.core.serving_speed import busy_copies
from configurator.core.workloads.layout import with_layout
from configurator.core.workloads.serving import plan, replica_plan, step_search
from configurator.core.workloads.serving import probe as rate_probe
from configurator.core.workloads.serving.batch_search import evaluated
from configurator.core.workloads.serving.bounds import batch_range
from configurator.core.workloads.serving.estimate import at_batch
from serving_cases import serving_question as _scenario


README = {"concurrency": 200, "prompt_tokens": 1024, "output_tokens": 256}

CASES = [
    _scenario("llama3-70b", "h100-sxm", 16, README, {"requests_per_s": 20, "tpot_ms": 50}),
    _scenario("llama3-70b", "h100-sxm", 12, README, {"requests_per_s": 20, "tpot_ms": 50}),
    _scenario("llama3-70b", "h200-sxm", 12, README, {"requests_per_s": 20, "tpot_ms": 50}),
    _scenario("llama3-70b", "h800-sxm", 16, README, {"requests_per_s": 20, "tpot_ms": 50}),
    _scenario("llama3-70b", "b200", 6, README, {"requests_per_s": 20, "tpot_ms": 50}),
    _scenario("llama3-70b", "h20", 64, README, {"requests_per_s": 20, "tpot_ms": 50}),
    _scenario("llama3-70b", "a100-pcie-80gb", 108, README, {"requests_per_s": 20, "tpot_ms": 50}),
    _scenario("llama3-8b", "l40s", 4, {"concurrency": 64, "prompt_tokens": 4000, "output_tokens": 300},
              {"requests_per_s": 8, "ttft_ms": 400, "tpot_ms": 30}),
    _scenario("llama3-8b", "l4", 2, {"concurrency": 32}, {"requests_per_s": 4, "ttft_ms": 200}),
]


def _random_cases(n: int) -> list[Scenario]:
    rng = random.Random(28)
    cards = ("h100-sxm", "h200-sxm", "l40s", "a100-sxm-80gb", "b200", "h20", "mi300x")
    found = []
    for _ in range(n):
        model = rng.choice(("llama3-8b", "llama3-70b", "qwen2.5-72b"))
        serving = {"concurrency": rng.choice((16, 64, 200, 500)), "prompt_tokens": rng.choice((256, 1024, 3000, 6000)),
                   "output_tokens": rng.choice((64, 256, 800))}
        constraints = {"requests_per_s": rng.choice((2, 5, 10, 20, 40))}
        for target in ("ttft_ms", "tpot_ms"):
            if rng.random() < 0.6:
                constraints[target] = rng.choice((30, 50, 100, 500, 2000))
        count = rng.choice((2, 4, 6, 8, 12, 16, 24, 32))
        found.append(_scenario(model, rng.choice(cards), count, serving, constraints))
    return found


def _json(est) -> str:
    return json.dumps(estimate_to_dict(est, deployment_cost(est)), sort_keys=True, default=str)


def _answers(scenario: Scenario, card, monkeypatch, prune: bool) -> tuple[str, int]:
    """The search's answer (its JSON) and how many steps the bound showed below the engine's own
    (:func:`~configurator.core.workloads.serving.bounds.step_loses`); with ``prune`` False, none is
    shown, nor that no step changes the answer (``step_changes_nothing``): every step is timed."""
    counted = {"step_loses": [], "step_changes_nothing": []}

    def watched(name):
        shown = getattr(step_search, name)

        def said(*args):
            counted[name].append(shown(*args) if prune else False)
            return counted[name][-1]
        return said

    for name in counted:
        monkeypatch.setattr(step_search, name, watched(name))
    plan.clear_search_memo()
    found = _json(plan.search_serving(scenario, card))
    monkeypatch.undo()
    return found, sum(counted["step_loses"])


@pytest.mark.parametrize("index", range(len(CASES)))
def test_steps_left_untimed_give_the_same_answer(catalog, monkeypatch, index):
    scenario = CASES[index]
    card = catalog.get(scenario.card_id)
    pruned, _ = _answers(scenario, card, monkeypatch, True)
    timed, _ = _answers(scenario, card, monkeypatch, False)
    assert pruned == timed


def test_the_readme_question_leaves_steps_untimed(catalog, monkeypatch):
    """16 × H100 carry the README's question: steps whose goodput the rate probe shows below the
    engine step's (their capacity, or the targets missed at that rate: ``RateProbe.goodput_below``)
    are not timed, 5 of them (64 × H20: 4); 7 steps below on H100, 4 below on H20 while the rank
    read capacities; 3 and 1 with the capacity bound alone."""
    for scenario, shown in ((CASES[0], 5), (CASES[5], 4)):
        _, below = _answers(scenario, catalog.get(scenario.card_id), monkeypatch, True)
        assert below >= shown


def test_random_scenarios_give_the_same_answer(catalog, monkeypatch):
    shown = 0
    for scenario in _random_cases(14):
        card = catalog.get(scenario.card_id)
        pruned, below = _answers(scenario, card, monkeypatch, True)
        timed, _ = _answers(scenario, card, monkeypatch, False)
        assert pruned == timed, scenario
        shown += below
    assert shown


def test_the_prefill_ceiling_bounds_the_rate_at_every_batch(catalog):
    """The rate the probe (and the estimate) reports is at most the prefill ceiling times the
    copies, at every batch, layout and card tried, and close to it where prompts dominate."""
    for scenario in (*CASES, *_random_cases(6)):
        card = catalog.get(scenario.card_id)
        for tp in (1, 2, 4, 8):
            if scenario.count % tp or scenario.model.n_heads % tp:
                continue
            laid_out = with_layout(scenario, {"tp": tp, "pp": 1, "virtual_stages": 1, "cp": 1, "ep": 1})
            probe = rate_probe.RateProbe.of(laid_out, card)
            if probe is None:
                continue
            ceiling = rate_probe.prefill_ceiling(laid_out, card, plan_serving(laid_out, card)) * busy_copies(laid_out)
            for batch in (1, 4, 16, 64, 256, 1024):
                fits, rate = probe.rate_at(batch)
                assert rate <= ceiling, (scenario.card_id, tp, batch)


def _search_without_ceiling(scenario, card, monkeypatch) -> str:
    monkeypatch.setattr(rate_probe, "prefill_ceiling", lambda *args: float("inf"))
    plan.clear_search_memo()
    found = _json(plan.search_serving(scenario, card))
    monkeypatch.undo()
    return found


def test_walks_on_memory_alone_give_the_same_answer(catalog, monkeypatch):
    """Counts short of the README's rate on one or two copies (4 x H100, 2 x B200), and random
    scenarios: the search with the ceiling gives the answer of the one without it."""
    short = [CASES[0].model_copy(update={"count": 4}), CASES[4].model_copy(update={"count": 2})]
    said = []
    shown = rate_probe.RateProbe.short_at_every_batch

    def watched(probe):
        said.append(shown(probe))
        return said[-1]

    for scenario in (*short, *_random_cases(10)):
        card = catalog.get(scenario.card_id)
        monkeypatch.setattr(rate_probe.RateProbe, "short_at_every_batch", watched)
        plan.clear_search_memo()
        found = _json(plan.search_serving(scenario, card))
        monkeypatch.undo()
        assert found == _search_without_ceiling(scenario, card, monkeypatch), scenario
    assert any(said), "some walk went on memory alone"



def _changes_nothing_shown(scenario, card, monkeypatch) -> list:
    """The engine-step searches of ``scenario``'s plan that every step left was shown to change
    nothing in (:func:`~configurator.core.workloads.serving.bounds.step_changes_nothing`): (whether
    the best meets every target, its request rate, the steps left as scenarios) each."""
    calls, shows = {}, step_search.step_changes_nothing

    def watched(stepped, card_, rank, rate, same_rate):
        said = shows(stepped, card_, rank, rate, same_rate)
        calls.setdefault(id(rank), (rank, rate, []))[2].append((stepped, said))
        return said

    monkeypatch.setattr(step_search, "step_changes_nothing", watched)
    plan.clear_search_memo()
    plan.search_serving(scenario, card)
    monkeypatch.undo()
    return [(rank[1], rate, [s for s, _ in steps]) for rank, rate, steps in calls.values()
            if all(said for _, said in steps)]


def test_steps_shown_to_change_nothing_carry_no_more_and_meet_no_more(catalog, monkeypatch):
    """Where every step left was shown to change nothing (the cases above and scenarios drawn at
    random: at least one of each kind), each, timed at the best's batch and with its batch planned
    again, carries at most the best's rate over 1 − SAME_RATE (as the search compares them) and,
    where the best misses a target, meets no more targets than it: whichever the search would
    choose, it keeps its best."""
    kinds = set()
    for scenario in (*CASES, *_random_cases(14)):
        card = catalog.get(scenario.card_id)
        for meets, rate, steps in _changes_nothing_shown(scenario, card, monkeypatch):
            kinds.add(meets)
            _assert_changes_nothing(card, meets, rate, steps)
    assert kinds == {True, False}


def _assert_changes_nothing(card, meets: bool, rate: float, steps: list) -> None:
    """Each step, timed at the best's batch and with its batch planned again, where it fits:
    carries at most ``rate`` over 1 − SAME_RATE, and carries the load only where the best meets
    every target (``meets``)."""
    for stepped in steps:
        for est in (evaluated(stepped, card).estimate(), replica_plan.replica(stepped, card)):
            if est.fits:
                assert rate >= (1 - step_search.SAME_RATE) * est.serving.goodput_per_s
                assert meets or not plan.carries_load(est)


def test_the_readme_question_shows_steps_that_change_nothing(catalog, monkeypatch):
    """8 × H100 fall short of the README's targets with shared copies: every other step misses them
    too and carries no more, so none is timed (12 × H100 did until the prefill efficiency was refitted
    0.908 -> 0.927, 2026-12-04: they now find a step that carries the load)."""
    scenario = _scenario("llama3-70b", "h100-sxm", 8, README, {"requests_per_s": 20, "tpot_ms": 50})
    shown = _changes_nothing_shown(scenario, catalog.get(scenario.card_id), monkeypatch)
    assert shown and not shown[0][0]


def test_the_goodput_bound_never_falls_below_the_goodput(catalog):
    """``RateProbe.goodput_below`` never says a copy's goodput is below a rate it reaches (the
    estimate's own goodput), and says so a step above it (1 %), at batches the search's walk may
    visit, on the layouts the search gives the README's question and scenarios drawn at random."""
    fired = 0
    for scenario in (CASES[0], CASES[5], CASES[7], *_random_cases(6)):
        card = catalog.get(scenario.card_id)
        plan.clear_search_memo()
        chosen = plan.search_serving(scenario, card).scenario
        probe = rate_probe.RateProbe.of(chosen, card)
        if probe is None:
            continue
        spread, largest = batch_range(chosen, card)
        for batch in sorted({spread, min(2 * spread, largest), largest}):
            est = evaluated(at_batch(chosen, batch), card).estimate()
            if not est.fits or est.serving is None or not est.serving.goodput_per_s:
                continue
            good = est.serving.goodput_per_s
            assert not probe.goodput_below(batch, good)
            fired += probe.goodput_below(batch, good * 1.01)
    assert fired
