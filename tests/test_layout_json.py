"""core/layout_json.py: a layout written as JSON in one place (issue 26: the two layout_to_dict),
checked against the pinned golden output and the training search's own JSON, key for key and in order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from golden_scenarios import GOLDEN

from configurator.core.estimate import estimate
from configurator.core.layout_json import scenario_layout_to_dict, searched_layout_to_dict
from configurator.core.workloads.training import search as training_plan

GOLDEN_DIR = Path(__file__).parent / "data" / "golden"


@pytest.mark.parametrize("name", ["pretrain-7b-fixed-layout-64xa100", "serve-70b-8xh100", "lora-8b-1xl40s"])
def test_the_estimate_layout_is_the_pinned_one(name, catalog):
    scenario = GOLDEN[name]
    est = estimate(scenario, catalog.get(scenario.card_id))
    pinned = json.loads((GOLDEN_DIR / f"{name}.json").read_text(encoding="utf-8"))["layout"]
    assert json.loads(json.dumps(scenario_layout_to_dict(est.scenario))) == pinned
    assert list(scenario_layout_to_dict(est.scenario))[:10] == ["tp", "pp", "vp", "cp", "ep", "dp", "zero",
                                                                 "recompute", "micro_batch", "grad_accum"]


def test_a_searched_layout_has_the_same_keys_first(catalog):
    scenario = GOLDEN["pretrain-8b-1xh100"]
    plan = training_plan.plan_training_layout(scenario, catalog.get(scenario.card_id))
    for layout in plan.layouts:
        written = searched_layout_to_dict(layout)
        assert list(written) == [*list(scenario_layout_to_dict(scenario))[:10], "memory_gib", "step_time_s",
                                 "tokens_per_s", "mfu", "bubble_s", "exposed_comm_s", "recompute_s", "loses_by"]
        assert (written["tp"], written["recompute"], written["step_time_s"]) == (
            layout.tp, layout.recompute.value, round(layout.step_s, 6))
        assert written["memory_gib"] == pytest.approx(layout.memory_bytes / 2**30, abs=1e-3)  # GiB = 2^30 B
