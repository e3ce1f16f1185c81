"""A copy's KV bytes per token and shards are worked out once (decode_step.copy_kv_bytes) and read by
its memory model and its decode step: each reads what its own formula gives."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.decode_step import DecodeStep, copy_kv_bytes
from configurator.core.estimate import clear_estimate_memo
from configurator.core.kv_memory import kv_cache_bytes_per_token, kv_shards
from configurator.core.precision import kv_element_bytes, plan_serving
from configurator.core.scenario import Scenario
from configurator.core.workloads.serving.memory import serving_memory_model


@pytest.mark.parametrize("model, card_id, tp, pp, kv", [
    ("llama3-8b", "l40s", 1, 1, None), ("llama3-70b", "h100-sxm", 8, 1, "fp8"), ("llama3-70b", "a100-sxm-80gb", 4, 2, None),
    ("deepseek-v3", "h200-sxm", 8, 1, None)])
def test_the_memory_model_and_the_decode_step_read_the_copys_own_kv_bytes(model, card_id, tp, pp, kv):
    card = load_bundled_catalog().get(card_id)
    scenario = Scenario.model_validate({"workload": "inference", "model": preset(model).model_dump(), "card_id": card_id,
                                        "count": tp * pp, "parallelism": {"tp": tp, "pp": pp},
                                        "serving": {"concurrency": 8, "kv_precision": kv}})
    plan = plan_serving(scenario, card)
    per_token = kv_cache_bytes_per_token(scenario.model, kv_element_bytes(scenario, plan))
    shards = kv_shards(scenario.model, tp)
    clear_estimate_memo()
    assert copy_kv_bytes(scenario, plan) == (per_token, shards)
    assert copy_kv_bytes(scenario, plan) is copy_kv_bytes(scenario, plan)  # the last answer given again
    for memory_first in (True, False):  # whichever asks first, each reads the same numbers
        clear_estimate_memo()
        if memory_first:
            memory = serving_memory_model(scenario, card, plan)
            step = DecodeStep(scenario, card, plan, 1024)
        else:
            step = DecodeStep(scenario, card, plan, 1024)
            memory = serving_memory_model(scenario, card, plan)
        assert memory.kv_per_token_per_sequence == per_token / shards / pp
        assert (step.kv_per_token, step.shards) == (per_token, shards)
