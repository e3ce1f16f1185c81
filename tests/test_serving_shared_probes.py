"""The serving search's rate probes shared across its questions (issue 28, session 15): a probe
kept per layout for one card (:meth:`RateProbe.shared`) gives the same walks and rates as a fresh
one, its sequences at a batch (no scenario made there) are the scenario's own at that batch, and
the catalog's deployments (with separate pools and the engine step searched) are the same with
the probes shared as with a fresh probe for every question."""

from __future__ import annotations

import json
import random

import pytest

from configurator.core.engine_step import engine_step_tokens, with_engine_step
from configurator.core.estimate import clear_estimate_memo
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import Scenario
from configurator.core.workloads.layout import with_layout
from configurator.core.workloads.serving import deployment
from configurator.core.workloads.serving import probe as rate_probe
from configurator.core.workloads.serving.bounds import batch_range
from configurator.core.workloads.serving.estimate import at_batch
from serving_cases import serving_question as _scenario


def _cases() -> list[Scenario]:
    readme = {"concurrency": 200, "prompt_tokens": 1024, "output_tokens": 256}
    cases = [
        _scenario("llama3-70b", "h100-sxm", 16, readme, {"requests_per_s": 20, "tpot_ms": 50}),
        _scenario("llama3-70b", "h100-sxm", 16, {**readme, "disaggregated": True, "prefill_cards": 4},
                  {"requests_per_s": 20, "tpot_ms": 50}),
        _scenario("llama3-70b", "h100-sxm", 16, {**readme, "disaggregated": True},
                  {"requests_per_s": 20, "tpot_ms": 50}),
        _scenario("llama3-70b", "h100-sxm", 16, {**readme, "max_batch": 96}, {"requests_per_s": 20}),
        _scenario("llama3-8b", "l40s", 4, {"concurrency": 1, "prompt_tokens": 4000, "output_tokens": 300},
                  {"requests_per_s": 8, "ttft_ms": 400}),
    ]
    rng = random.Random(1528)
    cards = ("h100-sxm", "h200-sxm", "l40s", "a100-sxm-80gb", "b200", "mi300x")
    for _ in range(10):
        serving = {"concurrency": rng.choice((1, 16, 64, 200, 500)), "prompt_tokens": rng.choice((256, 1024, 3000)),
                   "output_tokens": rng.choice((64, 256, 800)), "max_batch": rng.choice((None, 1, 8, 300)),
                   "disaggregated": rng.choice((False, True))}
        cases.append(_scenario(rng.choice(("llama3-8b", "llama3-70b")), rng.choice(cards),
                               rng.choice((2, 4, 8, 16, 32)), serving,
                               {"requests_per_s": rng.choice((2, 10, 40)), "tpot_ms": rng.choice((30, 60))}))
    return cases


def _layouts(scenario: Scenario):
    for tp in (1, 2, 4, 8):
        if scenario.count % tp == 0 and scenario.model.n_heads % tp == 0:
            yield with_layout(scenario, {"tp": tp, "pp": 1, "virtual_stages": 1, "cp": 1, "ep": 1})


BATCHES = (0, 1, 2, 3, 16, 64, 200, 256, 1024, 4096)


def test_the_sequences_at_a_batch_are_the_scenarios_own_there(catalog):
    checked = 0
    for scenario in _cases():
        card = catalog.get(scenario.card_id)
        for laid_out in _layouts(scenario):
            probe = rate_probe.RateProbe.of(laid_out, card)
            if probe is None:
                continue
            for batch in BATCHES:
                assert probe.sequences_at(batch) == at_batch(laid_out, batch).sequences_per_replica
                checked += 1
    assert checked > 300


def test_a_shared_probe_walks_and_rates_as_a_fresh_one(catalog):
    checked = 0
    for scenario in _cases():
        card = catalog.get(scenario.card_id)
        clear_estimate_memo()
        for laid_out in _layouts(scenario):
            shared = rate_probe.RateProbe.shared(laid_out, card)
            if shared is None:
                assert rate_probe.RateProbe.of(laid_out, card) is None
                continue
            again = laid_out.model_copy()  # an equal scenario, another object: the kept probe
            assert rate_probe.RateProbe.shared(again, card) is shared
            span = batch_range(laid_out, card)
            walked = shared.walk(*span)
            assert shared.walk(*span) == walked == rate_probe.RateProbe.of(laid_out, card).walk(*span)
            for batch in BATCHES:
                assert shared.rate_at(batch) == rate_probe.RateProbe.of(laid_out, card).rate_at(batch)
                checked += 1
    assert checked > 300


def _json(est) -> str:
    return json.dumps(estimate_to_dict(est, deployment_cost(est)), sort_keys=True, default=str)


@pytest.mark.parametrize("card_id", ["h100-sxm", "h200-sxm", "l40s", "mi300x"])
def test_the_deployment_is_the_same_with_probes_shared_as_fresh(catalog, card_id, monkeypatch):
    card = catalog.get(card_id)
    s = _scenario("llama3-70b", card_id, 16, {"concurrency": 200, "prompt_tokens": 1024, "output_tokens": 256},
                  {"requests_per_s": 20, "tpot_ms": 50})
    clear_estimate_memo()
    shared = deployment.serving_deployment(s, card)
    clear_estimate_memo()
    with monkeypatch.context() as m:
        m.setattr(rate_probe.RateProbe, "shared", classmethod(lambda cls, scenario, on: cls.of(scenario, on)))
        fresh = deployment.serving_deployment(s, card)
    assert (shared is None) == (fresh is None)
    if shared is not None:
        assert _json(shared) == _json(fresh)


def test_a_known_short_layout_ranks_as_its_tuple_untimed_where_the_other_decides(catalog):
    """Layouts the rate probe knows to fit and miss the stated rate (:attr:`Weighed.short`) compare
    with any other layout as their whole rank tuples do, their first two places (True, False) read
    untimed; one that meets every target beats them without their speed worked out."""
    from configurator.core.workloads.serving import weighing

    base = _cases()[0]
    card = catalog.get(base.card_id)

    def weighed(tp: int, batch: int, count: int = 16) -> weighing.Weighed:
        par = base.parallelism.model_copy(update={"tp": tp, "pp": 1, "ep": 1, "cp": 1})
        serving = base.serving.model_copy(update={"max_batch": batch})
        s = base.model_copy(update={"parallelism": par, "serving": serving, "count": count})
        w = weighing.Weighed(s, card)
        probe = rate_probe.RateProbe.of(s, card)
        w.short = probe is not None and probe.at(batch) == (True, False)  # as the batch search sets it
        return w

    def layouts() -> list[weighing.Weighed]:
        return [weighed(tp, b, n) for tp in (2, 4, 8) for b in (25, 100, 400) for n in (8, 16)]

    fresh = layouts()
    ranks = [weighing.rank_of(w) for w in fresh]
    assert any(r[:2] == (True, False) for r in ranks) and any(r[:2] == (True, True) for r in ranks)
    shorts = [i for i, w in enumerate(fresh) if w.short]
    assert shorts and all(ranks[i][:2] == (True, False) for i in shorts)
    for i in range(len(ranks)):
        for j in range(len(ranks)):
            a, b = layouts(), layouts()  # untimed afresh for each pair
            ra, rb = ranks[i], ranks[j]
            assert (a[i].rank > b[j].rank, a[i].rank < b[j].rank, a[i].rank >= b[j].rank, a[i].rank <= b[j].rank,
                    a[i].rank == b[j].rank, a[i].rank[1], a[i].rank[:2] == b[j].rank[:2]) == \
                (ra > rb, ra < rb, ra >= rb, ra <= rb, ra == rb, ra[1], ra[:2] == rb[:2])
    meets = next(i for i, r in enumerate(ranks) if r[:2] == (True, True))
    a, b = layouts(), layouts()
    assert max([a[shorts[0]], b[meets]], key=weighing.serving_rank) is b[meets]
    assert not a[shorts[0]]._timed  # lost on its first two places, never timed


def test_the_batch_range_kept_on_a_probe_is_the_one_worked_out_afresh(catalog):
    from configurator.core.workloads.serving.memory import serving_memory_model
    from configurator.core.precision import plan_serving

    checked = 0
    for scenario in _cases():
        card = catalog.get(scenario.card_id)
        clear_estimate_memo()
        for laid_out in _layouts(scenario):
            for s in (laid_out, laid_out.model_copy()):  # the probe's own scenario, then an equal one
                model = serving_memory_model(s, card, plan_serving(s, card))
                step = engine_step_tokens(s, card)  # the engine's default on the card where none is given
                fresh = (min(-(-s.serving.users // s.data_parallel), step),
                         min(max(model.max_concurrency(s.serving.context_tokens), 1), step))
                assert batch_range(s, card) == batch_range(s, card) == fresh
                checked += 1
    assert checked > 50
