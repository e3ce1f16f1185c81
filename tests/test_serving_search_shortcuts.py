"""The serving search's shortcuts (issue 28: the catalog pass in fewer full estimates) give the
answer of the plain search: the batch walk towards a request rate on memory and capacity alone
(the rate probe, with separate prefill and decode pools too), layouts weighed by memory and copy
speed with the full estimate made only for the one kept, pool splits provably below the best
found left untimed, and the prefill times of one layout worked out once across its batches.
While :func:`recording_evaluated` collects, the search takes neither shortcut (every layout it
weighs is fully estimated, every batch of the walk too), so the two answers are compared through
the estimate's JSON, byte for byte."""

from __future__ import annotations

import json

import pytest

from configurator.core.engine_step import engine_step_tokens, with_engine_step
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.precision import plan_serving
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.serving_speed import deployment_speed, replica_speed, running_batch
from configurator.core.serving_step_costs import step_costs
from configurator.core.serving_pools import pools
from configurator.core.workloads.serving import plan, replica_plan, weighing
from configurator.core.workloads.serving.batch_search import evaluated
from configurator.core.workloads.serving import probe as rate_probe
from configurator.core.workloads.serving.plan import recording_evaluated, search_serving


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _scenario(model: str, card: str, count: int, serving: dict, constraints: dict, **fields) -> Scenario:
    return Scenario(model=preset(model), card_id=card, count=count, workload="inference", auto_layout=LAYOUT_FIELDS,
                    serving=serving, constraints=constraints, **fields)


CASES = {
    # the README's serving question at a count that carries it and one short of the rate
    "70B, 20 req/s, 16 x H100": _scenario("llama3-70b", "h100-sxm", 16, {"concurrency": 200, "prompt_tokens": 1024,
                                          "output_tokens": 256}, {"requests_per_s": 20, "tpot_ms": 50}),
    "70B, 20 req/s, 8 x L40S": _scenario("llama3-70b", "l40s", 8, {"concurrency": 200, "prompt_tokens": 1024,
                                         "output_tokens": 256}, {"requests_per_s": 20, "tpot_ms": 50}),
    # a rate without users, FP8 on TensorRT-LLM (FP8 cache by default), separate pools searched
    "70B FP8, 10 req/s, 17 x GH200": _scenario("llama3-70b", "gh200-96gb", 17, {"prompt_tokens": 4000,
                                               "output_tokens": 500, "engine": "tensorrt-llm"},
                                               {"requests_per_s": 10, "ttft_ms": 1000, "tpot_ms": 50},
                                               precision="fp8"),
    # separate pools searched where a later pool split is provably below the first (not timed)
    "70B, 20 req/s, 6 x B200": _scenario("llama3-70b", "b200", 6, {"concurrency": 200, "prompt_tokens": 1024,
                                         "output_tokens": 256}, {"requests_per_s": 20, "tpot_ms": 50}),
    # users alone (no rate: the walk is not taken), and a mixture of experts
    "72B, 500 users, 16 x H20": _scenario("qwen2.5-72b", "h20", 16, {"concurrency": 500}, {}),
    "Mixtral, 5 req/s, 4 x A100": _scenario("mixtral-8x7b", "a100-sxm-80gb", 4, {"concurrency": 100},
                                            {"requests_per_s": 5}),
}


def _json(est) -> str:
    return json.dumps(estimate_to_dict(est, deployment_cost(est)), sort_keys=True, default=str)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_shortcuts_give_the_plain_search_answer(catalog, name):
    scenario = CASES[name]
    card = catalog.get(scenario.card_id)
    plain, weighed = recording_evaluated(scenario, card)
    assert weighed, "the plain search estimated the layouts it weighed"
    assert _json(search_serving(scenario, card)) == _json(plain)


def test_the_rate_probe_says_what_the_estimate_says(catalog):
    """At every batch of the walk, fits and carries the rate as the estimate there does: 64 × L40S
    at TP 4 (16 copies) fall short of 20 requests/s below 64 sequences a copy, carry them at 64,
    and no longer fit at 128."""
    scenario = CASES["70B, 20 req/s, 8 x L40S"].model_copy(update={"count": 64})
    card = catalog.get(scenario.card_id)
    layout = scenario.model_copy(update={"parallelism": scenario.parallelism.model_copy(update={"tp": 4})})
    probe = rate_probe.RateProbe.of(layout, card)
    said = []
    for batch in (16, 32, 64, 91, 128):
        s = layout.model_copy(update={"serving": layout.serving.model_copy(update={"max_batch": batch})})
        est = evaluated(s, card).estimate()
        carries = "misses-request-rate" not in plan.missed_serving_targets(est.scenario, est.serving)
        assert probe.at(batch) == (est.fits, est.fits and carries)
        said.append(probe.at(batch))
    assert {(True, False), (True, True), (False, False)} <= set(said)


def _pooled(scenario: Scenario, tp: int, prefill_copies: int) -> Scenario:
    par = scenario.parallelism.model_copy(update={"tp": tp})
    serving = scenario.serving.model_copy(update={"disaggregated": True, "prefill_cards": prefill_copies * tp})
    return scenario.model_copy(update={"parallelism": par, "serving": serving})


def test_the_rate_probe_says_what_the_estimate_says_with_separate_pools(catalog):
    """With separate prefill and decode pools the probe's rate is the pools' capacity over the
    copies, as the estimate reports it: 16 × L40S at TP 4, two prefill and two decode copies, four
    users, at every batch of a walk, fits and carries the rate (2 requests/s: short of it below 32
    sequences a copy, no room at 128) as the estimate there does."""
    base = CASES["70B, 20 req/s, 8 x L40S"]
    layout = _pooled(base.model_copy(update={
        "count": 16, "serving": base.serving.model_copy(update={"concurrency": 4}),
        "constraints": base.constraints.model_copy(update={"requests_per_s": 2.0})}), 4, 2)
    card = catalog.get(layout.card_id)
    assert layout.prefill_copies == 2
    probe = rate_probe.RateProbe.of(layout, card)
    assert probe is not None
    said = []
    for batch in (1, 2, 8, 32, 64, 128):
        s = layout.model_copy(update={"serving": layout.serving.model_copy(update={"max_batch": batch})})
        est = evaluated(s, card).estimate()
        carries = "misses-request-rate" not in plan.missed_serving_targets(est.scenario, est.serving)
        assert probe.at(batch) == (est.fits, est.fits and carries), batch
        said.append(probe.at(batch))
    assert {(True, False), (True, True), (False, False)} <= set(said)


def test_the_pools_capacity_is_the_rate_the_estimate_reports(catalog):
    """One formula: under a stated rate, the deployment's request rate is the pools' capacity
    (:class:`~configurator.core.serving_pools.Pools`), whichever pool is the slower."""
    card = catalog.get("h100-sxm")
    base = CASES["70B, 20 req/s, 16 x H100"]
    for prefill in (1, 2, 3):
        s = _pooled(base, 4, prefill)
        plan_ = plan_serving(s, card)
        split = pools(s, card, plan_, step_costs(s, card, plan_, running_batch(s, card)))
        speed = deployment_speed(s, replica_speed(s, card, plan_))
        assert speed.requests_per_s == split.capacity / s.data_parallel * s.data_parallel
        assert split.capacity <= split.prefill_rate


def test_a_pool_split_below_the_best_is_not_timed(catalog, monkeypatch):
    """6 × B200, one card a copy: the split with four prefill copies carries at most what its
    prefill pool carries, less than the first split's rate, and is skipped, with the answer of the
    plain search (above)."""
    skipped = []
    loses = replica_plan.split_loses

    def watched(*args):
        skipped.append(loses(*args))
        return skipped[-1]

    monkeypatch.setattr(replica_plan, "split_loses", watched)
    plan.clear_search_memo()
    scenario = CASES["70B, 20 req/s, 6 x B200"]
    search_serving(scenario, catalog.get(scenario.card_id))
    assert any(skipped)


def test_a_prefill_time_is_given_again_only_where_nothing_it_reads_changed(catalog):
    """The idle first token, a prompt token's time in a step and the prefill pool's time per
    prompt are given again for a scenario
    copied with another batch, users or pool split (fields no prefill reads), and worked out
    afresh for another engine step or an equal scenario read anew: always the prefill's own
    answer."""
    from configurator.core.prefill_time import (
        idle_ttft_seconds,
        prefill_flops,
        prefill_pool_prompt_seconds,
        prefill_seconds,
        prompt_token_seconds,
        uncached_prompt_tokens,
    )
    from configurator.core.prompt_rate import serving_rate
    from configurator.core.prefill_attention import prompt_compute_seconds
    from configurator.core.decode_step import _ep_all_to_all_s, _tp_allreduce_s

    card = catalog.get("h100-sxm")
    base = _pooled(CASES["70B, 20 req/s, 16 x H100"], 4, 1)
    plan_ = plan_serving(base, card)

    def fresh(s: Scenario) -> float:
        return prefill_seconds(s, card, plan_, uncached_prompt_tokens(s))

    variants = [base.model_copy(update={"serving": base.serving.model_copy(update=update)})
                for update in ({"max_batch": 64}, {"concurrency": 7, "prefill_cards": 8},
                               {"max_batched_tokens": 512}, {"prompt_tokens": 300})]
    variants.append(Scenario.model_validate_json(base.model_dump_json()))
    for s in [base, *variants]:
        assert idle_ttft_seconds(s, card, plan_) == fresh(s)
        prompt = uncached_prompt_tokens(s)
        together = max(1, engine_step_tokens(s, card) // prompt)
        pooled = prefill_seconds(s, card, plan_, prompt, together) / together
        assert prefill_pool_prompt_seconds(s, card, plan_) == pooled
        p = s.serving.prompt_tokens
        chunk = min(p, engine_step_tokens(s, card))
        rate = serving_rate(card, plan_, s, chunk, head_rows=max(1.0, chunk / p))
        per_token = prompt_compute_seconds(s, card, p, rate, prefill_flops(s.model, p, -(-p // chunk))) / p
        per_token += float(_tp_allreduce_s(s, card, p, plan_.math_bytes)
                           + _ep_all_to_all_s(s, card, p, plan_.math_bytes)) / p
        assert prompt_token_seconds(s, card, plan_) == per_token
    assert idle_ttft_seconds(variants[2], card, plan_) != idle_ttft_seconds(base, card, plan_)


def _engine_defaults(scenario: Scenario) -> Scenario:
    auto = tuple(f for f in scenario.auto_layout if f not in ("max_batched_tokens", "disaggregated"))
    return scenario.model_copy(update={"auto_layout": auto})


@pytest.mark.parametrize(("card_id", "counts"), [("h100-sxm", (2, 8, 12, 15, 16)), ("l40s", (4, 8, 64, 264)),
                                                 ("b200", (1, 4, 5, 6))])
def test_a_count_that_carries_the_load_is_known_before_every_layout_is_weighed(catalog, card_id, counts):
    """:func:`estimated_unless_carrying` is None exactly where the plan's estimate carries the load
    (:func:`carries` too; the fewest cards are bisected on that alone), :class:`NotCarrying` where it shows the estimate
    does not fit, or fits and misses the rate (with whether it has a speed; its estimate, when
    asked, the plan's), and otherwise is the plan's estimate itself."""
    from configurator.core.estimate import clear_estimate_memo
    from configurator.core.workloads.layout import at_count
    from configurator.core.workloads.serving.deployment import carries_load
    from configurator.core.workloads.serving.plan import NotCarrying, estimated, estimated_unless_carrying

    card = catalog.get(card_id)
    base = _engine_defaults(CASES["70B, 20 req/s, 16 x H100"])
    seen = set()
    for count in counts:
        s = at_count(base, count)
        clear_estimate_memo()
        quick = estimated_unless_carrying(s, card)
        clear_estimate_memo()
        full = estimated(s, card)
        seen.add("carries" if quick is None else f"fits {quick.fits}" if isinstance(quick, NotCarrying) else "estimate")
        assert (quick is None) == carries_load(full), count
        clear_estimate_memo()
        assert plan.carries(s, card) == carries_load(full), count
        if isinstance(quick, NotCarrying):
            assert quick.fits == full.fits and quick.has_speed == (full.serving is not None), count
            if quick.fits:
                assert "misses-request-rate" in plan.missed_serving_targets(full.scenario, full.serving), count
            clear_estimate_memo()
            assert _json(quick.estimate()) == _json(full), count
        elif quick is not None:
            assert _json(quick) == _json(full)
    assert {"carries", "fits False"} <= seen


def test_a_layout_that_does_not_fit_loses_untimed(catalog):
    """A weighed layout's rank compares as its tuple does, and one that does not fit loses to one
    that fits without its speed worked out; whether a layout has a speed is known untimed, as the
    speed says (a card without a published bandwidth has none)."""
    base = CASES["70B, 20 req/s, 16 x H100"]
    card = catalog.get("h100-sxm")

    def weighed(tp: int, batch: int, on=card, s=base) -> weighing.Weighed:
        par = s.parallelism.model_copy(update={"tp": tp})
        serving = s.serving.model_copy(update={"max_batch": batch})
        return weighing.Weighed(s.model_copy(update={"parallelism": par, "serving": serving}), on)

    fits, unfit = weighed(4, 100), weighed(1, 100)
    assert fits.fits and not unfit.fits
    assert max([unfit, fits], key=weighing.serving_rank) is fits
    assert not unfit._timed  # lost on its first place, never timed
    layouts = [weighed(tp, b) for tp in (1, 2, 4, 8) for b in (25, 100, 400)]
    ranks = [weighing.rank_of(w) for w in layouts]
    for a, ra in zip(layouts, ranks, strict=True):
        for b, rb in zip(layouts, ranks, strict=True):
            assert (a.rank > b.rank, a.rank < b.rank, a.rank == b.rank, a.rank[:2] == b.rank[:2]) == \
                (ra > rb, ra < rb, ra == rb, ra[:2] == rb[:2])
    for c in catalog.cards:
        w = weighed(8, 100, c, base.model_copy(update={"card_id": c.id}))
        assert w.timed == (w.serving is not None), c.id
