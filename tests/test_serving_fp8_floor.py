"""The serving search sets aside a layout's FP8 KV cache untimed where the floor under its time per
token (:func:`~configurator.core.workloads.serving.latency_floor.cannot_meet_tpot`) shows it misses
the target or the rate at every batch: its first two places are then at most (True, False), and
the engine's cache, which fits with a speed, is kept whatever the FP8 one's numbers. The answer is
the plain search's (:func:`recording_evaluated` takes no shortcut), compared through the estimate's
JSON byte for byte (issue 28)."""

from __future__ import annotations

import json

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.units import Precision
from configurator.core.workloads.serving import replica_plan, step_search
from configurator.core.workloads.serving.plan import recording_evaluated, search_serving


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _readme(card: str, count: int) -> Scenario:
    """The README's serving question (Llama 3 70B, 200 users, 20 requests/s, 50 ms per token) at a count."""
    return Scenario(model=preset("llama3-70b"), card_id=card, count=count, workload="inference",
                    auto_layout=LAYOUT_FIELDS, serving={"concurrency": 200, "prompt_tokens": 1024,
                                                        "output_tokens": 256},
                    constraints={"requests_per_s": 20, "tpot_ms": 50})


def _json(est) -> str:
    return json.dumps(estimate_to_dict(est, deployment_cost(est)), sort_keys=True, default=str)


CASES = [("l40s", 64), ("rtx-pro-6000-blackwell", 16), ("l4", 256)]


@pytest.mark.parametrize(("card_id", "count"), CASES)
def test_an_fp8_cache_below_the_floor_is_not_walked_and_the_answer_is_the_plain_search(
        catalog, card_id, count, monkeypatch):
    scenario, card = _readme(card_id, count), catalog.get(card_id)
    plain, _ = recording_evaluated(scenario, card)
    walked_fp8, set_aside = [], []
    walk, floor = replica_plan.rate_walk, replica_plan.cannot_meet_tpot

    def counted_walk(s, c):
        if s.serving.kv_precision is Precision.FP8:
            walked_fp8.append(s)
        return walk(s, c)

    def counted_floor(s, c, fp8_too=True, miss=0.0):
        found = floor(s, c, fp8_too=fp8_too, miss=miss)
        if found and not fp8_too and not miss and s.serving.kv_precision is Precision.FP8:
            set_aside.append(s)
        return found

    monkeypatch.setattr(replica_plan, "rate_walk", counted_walk)
    for searching in (replica_plan, step_search):  # the FP8 cache, the pools and the engine step ask it
        monkeypatch.setattr(searching, "cannot_meet_tpot", counted_floor)
    assert _json(search_serving(scenario, card)) == _json(plain)
    assert set_aside, "the case sets an FP8 cache aside by its floor"
    assert not any(s in set_aside for s in walked_fp8), "an FP8 cache set aside is not walked"
