"""The serving search sets aside layouts that cannot meet the time-per-token target
(configurator.core.workloads.serving.latency_floor, issue 28): the floor is never above the time
per token the estimate reports where the copy carries the stated rate, and a layout said to miss
by more than a share does, for every card of the catalog; the step table it reads rises with the
batch, as the floor's proof assumes."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.serving_speed import copy_step_table
from configurator.core.units import Precision
from configurator.core.workloads.serving.deployment import fewest_cards_for_weights
from configurator.core.workloads.serving.estimate import estimate_serving, serving_basis
from configurator.core.workloads.serving.latency_floor import NODES, cannot_meet_tpot, node_below, tpot_floor
from configurator.core.workloads.serving.layouts import serving_tensor_parallel_options
from configurator.core.workloads.serving.weighing import target_miss

MODELS = ("llama3-70b", "llama3-8b")
SERVING = {"concurrency": 200, "prompt_tokens": 1024, "output_tokens": 256}
CONSTRAINTS = {"requests_per_s": 20.0, "tpot_ms": 50.0}


def _question(model: str, card, count: int, tp: int, batch: int | None, kv=None, prefill: int | None = None,
              percentile: int | None = None) -> Scenario:
    serving = dict(SERVING, max_batch=batch, kv_precision=kv, disaggregated=prefill is not None,
                   prefill_cards=prefill or None)
    return Scenario(model=preset(model), card_id=card.id, count=count, workload="inference", auto_layout=(),
                    parallelism={"tp": tp}, serving=serving,
                    constraints=dict(CONSTRAINTS, latency_percentile=percentile))


def _layouts(catalog):
    for card in catalog.cards:
        for model in MODELS:
            base = _question(model, card, 8, 1, None)
            least = fewest_cards_for_weights(base, card)
            if least > 4096:
                continue
            count = 1 << max(least - 1, 0).bit_length()
            for count in (count, 4 * count):
                for tp in serving_tensor_parallel_options(_question(model, card, count, 1, None).model_copy(
                        update={"auto_layout": ("tp",)}), card):
                    yield card, model, count, tp


def test_the_step_table_rises_with_the_batch(catalog):
    for card, model, count, tp in _layouts(catalog):
        for kv in (None, Precision.FP8):
            s = _question(model, card, count, tp, None, kv)
            plan = plan_serving(s, card)
            if plan.math is None or not card.peak_tflops(plan.math) or not card.bandwidth_gbps:
                continue
            table = copy_step_table(s, card, plan, SERVING["prompt_tokens"] + SERVING["output_tokens"] // 2)
            times = table.at([n for n in NODES if n <= 8192])
            assert all(b >= a for a, b in zip(times, times[1:])), (card.id, model, tp, kv)


def test_node_below():
    assert [node_below(x) for x in (0, 0.5, 1, 2.9, 3, 5.9, 6, 1e30)] == [0, 0, 1, 2, 3, 4, 6, NODES[-1]]


@pytest.mark.parametrize("percentile", [None, 50, 99])
def test_the_floor_is_below_the_estimate_and_the_miss_above_the_share(catalog, percentile):
    checked = 0
    for card, model, count, tp in _layouts(catalog):
        copies = count // tp
        for batch in (None, 8, 64):
            for kv in (None, Precision.FP8):
                for prefill in (None, 1, copies // 2) if copies >= 2 else (None,):
                    s = _question(model, card, count, tp, batch, kv, None if prefill is None else prefill * tp,
                                  percentile)
                    est = estimate_serving(s, card, serving_basis(s, card))
                    floor = tpot_floor(s, card, 90 if percentile is None else percentile)
                    if floor is None or est.serving is None:
                        continue
                    checked += 1
                    overloaded = any(m.id == "serving-overloaded" for m in est.serving.messages)
                    if not overloaded:
                        assert floor <= est.serving.tpot_at(90 if percentile is None else percentile), \
                            (card.id, model, count, tp, batch, kv, prefill)
                    miss = target_miss(s, est.serving)
                    for share in (0.0, 0.1, 1.0):
                        if cannot_meet_tpot(s, card, fp8_too=False, miss=share):
                            assert miss > share, (card.id, model, count, tp, batch, kv, prefill, share)
    assert checked > 500


def test_pools_not_sized_are_floored_at_the_smallest_pool_tried(catalog):
    card = catalog.get("h100-sxm")
    unsized = _question("llama3-70b", card, 64, 4, 32, prefill=None).model_copy(
        update={"serving": _question("llama3-70b", card, 64, 4, 32).serving.model_copy(
            update={"disaggregated": True})})
    floor = tpot_floor(unsized, card, 90)
    for prefill in (4, 8, 12):
        s = _question("llama3-70b", card, 64, 4, 32, prefill=prefill * 4)
        assert floor <= tpot_floor(s, card, 90)


CARDS = ("l40s", "trainium2", "h100-sxm", "h100-pcie", "t4", "a100-pcie-80gb", "rtx-6000-ada", "l20")


@pytest.mark.parametrize("card_id", CARDS)
def test_the_plans_are_those_of_weighing_every_layout(catalog, card_id, monkeypatch):
    """The README's serving question (Llama 3 70B, 200 users, 20 requests/s, < 50 ms per token): the
    fewest cards and their plan, or the closest deployment, are the same to the last bit with the
    layouts set aside and with every layout weighed."""
    from configurator.core.estimate import clear_estimate_memo
    from configurator.core.scenario import LAYOUT_FIELDS
    from configurator.core.workloads.serving import deployment, plan, replica_plan, step_search

    card = catalog.get(card_id)
    question = Scenario(model=preset("llama3-70b"), card_id=card_id, count=8, workload="inference",
                        auto_layout=LAYOUT_FIELDS, serving=SERVING, constraints=CONSTRAINTS)

    def answer() -> str:
        clear_estimate_memo()
        found = deployment.serving_deployment(question, card) or \
            deployment.closest_serving_deployment(question, card)
        return "none" if found is None else found.model_dump_json() if hasattr(found, "model_dump_json") else \
            repr((found.scenario.model_dump_json(), found.serving, found.memory, found.messages))

    set_aside = answer()
    monkeypatch.setattr(plan, "set_aside", lambda *args: False)
    monkeypatch.setattr(plan, "fits_short_of_tpot", lambda *args: None)
    for searching in (replica_plan, step_search):  # the FP8 cache, the pools and the engine step ask it
        monkeypatch.setattr(searching, "cannot_meet_tpot", lambda *args, **kwargs: False)
    assert answer() == set_aside
