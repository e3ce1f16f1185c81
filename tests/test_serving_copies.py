"""The serving copies a search keeps (issue 28: a copy asked again is not worked out again): the
same copy for an equal scenario on the same card, whichever fields the planner was to choose;
another for any other layout, batch, card or value type; none kept after the memos are cleared;
and the catalog's deployment the same with the copies kept as worked out afresh each time."""

from __future__ import annotations

import json

import pytest

from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import clear_estimate_memo
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.workloads.serving import copies, deployment
from configurator.core.architecture import preset


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _served(**serving) -> Scenario:
    return Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=16, workload="inference",
                    auto_layout=LAYOUT_FIELDS, parallelism={"tp": 4},
                    serving={"concurrency": 200, "prompt_tokens": 1024, "output_tokens": 256, **serving},
                    constraints={"requests_per_s": 20, "tpot_ms": 50})


def _batch(scenario: Scenario, batch: int) -> Scenario:
    return scenario.model_copy(update={"serving": scenario.serving.model_copy(update={"max_batch": batch})})


def test_an_equal_scenario_on_the_same_card_is_given_the_same_copy(catalog):
    clear_estimate_memo()
    card, base = catalog.get("h100-sxm"), _served()
    first = copies.kept_copy(_batch(base, 64), card)
    assert copies.kept_copy(_batch(base, 64), card) is first  # another object, equal
    # the fields the planner chooses are not read by a copy: the engine-step search's scenario shares it
    fewer = base.model_copy(update={"auto_layout": ("tp", "pp", "ep", "max_batch")})
    assert copies.kept_copy(_batch(fewer, 64), card) is first
    assert copies.kept_copy(_batch(base, 128), card) is not first
    assert copies.kept_copy(_batch(base, 64), catalog.get("h200-sxm")) is not first
    clear_estimate_memo()
    assert copies.kept_copy(_batch(base, 64), card) is not first  # cold again


def test_a_field_of_another_type_or_another_shared_object_is_another_copy(catalog):
    clear_estimate_memo()
    card, base = catalog.get("h100-sxm"), _served()
    first = copies.kept_copy(_batch(base, 64), card)
    as_float = base.model_copy(update={"count": 16.0})  # equal to 16 in Python, another JSON text
    assert copies.kept_copy(_batch(as_float, 64), card) is not first
    equal_model = base.model_copy(update={"model": base.model.model_copy()})  # equal, not the same object
    assert copies.kept_copy(_batch(equal_model, 64), card) is not first


def test_a_kept_copy_times_the_layout_as_a_fresh_one(catalog):
    clear_estimate_memo()
    card, s = catalog.get("h100-sxm"), _batch(_served(), 100)
    kept = copies.kept_copy(s, card)
    kept.replica  # worked out on the first scenario
    fresh = copies.serving_copy(s.model_copy(update={"auto_layout": ()}), card)
    assert (kept.memory, kept.replica) == (fresh.memory, fresh.replica)


class _Forgetful(dict):
    """A memo that keeps nothing."""

    def __setitem__(self, key, value) -> None:
        pass


def _json(est) -> str:
    return json.dumps(estimate_to_dict(est, deployment_cost(est)), sort_keys=True, default=str)


@pytest.mark.parametrize("card_id", ["h100-sxm", "l40s"])
def test_the_deployment_is_the_same_with_copies_kept_as_without(catalog, card_id, monkeypatch):
    card, s = catalog.get(card_id), _served()
    clear_estimate_memo()
    kept = deployment.serving_deployment(s, card)
    clear_estimate_memo()
    with monkeypatch.context() as m:
        m.setattr(copies, "_COPIES", _Forgetful())  # nothing kept: every copy worked out
        fresh = deployment.serving_deployment(s, card)
    assert kept is not None and fresh is not None
    assert _json(kept) == _json(fresh)


def _split(prefill_cards: int) -> Scenario:
    s = _served(disaggregated=True, prefill_cards=prefill_cards)
    return s.model_copy(update={"auto_layout": tuple(f for f in LAYOUT_FIELDS if f not in ("tp", "disaggregated"))})


def test_a_walk_short_of_the_rate_at_every_batch_settles_on_memory_alone(catalog, monkeypatch):
    """The README's 20 requests/s on 16 H100 at TP 4 with 4 of them prefilling: the prefill pool
    serves ~14.5 prompts/s whatever the batch, so the walk is settled by memory, and ends where
    the walk that times every batch ends."""
    from configurator.core.workloads.serving import probe as rate_probe
    from configurator.core.workloads.serving.bounds import batch_range as _batch_range

    card = catalog.get("h100-sxm")
    short, carrying = _split(4), _split(8)
    clear_estimate_memo()
    probe = rate_probe.RateProbe.of(short, card)
    assert probe.short_at_every_batch() and not rate_probe.RateProbe.of(carrying, card).short_at_every_batch()
    found = probe.walk(*_batch_range(short, card))
    assert not probe.seen  # no step table worked out
    clear_estimate_memo()
    monkeypatch.setattr(rate_probe.RateProbe, "short_at_every_batch", lambda self: False)
    timed = rate_probe.RateProbe.of(short, card)
    assert timed.walk(*_batch_range(short, card)) == found and found[2:] == (True, False)
    assert all(rate < 20 for rate, _ in timed.seen.values())


def test_copies_at_the_counts_a_search_is_done_with_are_dropped(catalog):
    clear_estimate_memo()
    card, base = catalog.get("h100-sxm"), _served()
    at_16 = copies.kept_copy(_batch(base, 64), card)
    at_8 = copies.kept_copy(_batch(base.model_copy(update={"count": 8}), 64), card)
    copies.forget_counts(lambda n: n == 16)
    assert copies.kept_copy(_batch(base, 64), card) is not at_16
    assert copies.kept_copy(_batch(base.model_copy(update={"count": 8}), 64), card) is at_8


def test_copies_are_kept_for_one_card_at_a_time(catalog):
    clear_estimate_memo()
    h100, h200, s = catalog.get("h100-sxm"), catalog.get("h200-sxm"), _batch(_served(), 64)
    first = copies.kept_copy(s, h100)
    copies.kept_copy(s, h200)
    assert copies.kept_copy(s, h100) is not first


def test_a_copy_at_another_batch_shares_its_memory_model_and_nothing_else_does(catalog):
    """``serving_copy`` of the same copy at another batch reads the memory model it already has
    (``batch_free_memory_model``: the batch enters only the breakdown); another card, another
    layout, a fresh scenario or cleared memos work it out again, equal to the one made afresh."""
    from configurator.core.workloads.serving.memory import serving_memory_model
    from configurator.core.precision import plan_serving
    from configurator.core.workloads.serving.estimate import at_batch, serving_copy

    clear_estimate_memo()
    card, other = catalog.get("h100-sxm"), catalog.get("h200-sxm")
    base = _served()
    plan = plan_serving(base, card)
    first = serving_copy(at_batch(base, 64), card, plan)
    again = serving_copy(at_batch(base, 128), card, plan)
    assert again.model is first.model
    assert again.memory.kv_cache == 2 * first.memory.kv_cache  # the batch still reaches the breakdown
    assert serving_copy(at_batch(base, 64), other, plan_serving(base, other)).model is not first.model
    wider = base.model_copy(update={"parallelism": base.parallelism.model_copy(update={"tp": 8})})
    assert serving_copy(wider, card, plan).model is not first.model
    fresh = Scenario.model_validate_json(base.model_dump_json())
    assert serving_copy(fresh, card, plan).model is not first.model
    clear_estimate_memo()
    made = serving_copy(at_batch(base, 128), card, plan).model
    assert made is not first.model and made == serving_memory_model(at_batch(base, 128), card, plan) == first.model
