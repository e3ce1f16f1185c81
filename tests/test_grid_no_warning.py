"""The training layout grid divides by no zero (issue 27 audit: Llama 3.1 405B on 8,192 H100 in
planner mode on Meta's flexible schedule made numpy warn 'divide by zero encountered in remainder':
a round of 0 micro-batches, where a row's accumulation is 0, took part in a remainder before that row
was kept out)."""

from __future__ import annotations

import numpy as np

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import clear_estimate_memo
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.workloads.training.search import plan_training_layout


def test_the_flexible_schedule_grid_divides_by_no_zero():
    card = load_bundled_catalog().get("h100-sxm")
    scenario = Scenario(model=preset("llama3.1-405b"), card_id="h100-sxm", count=8192, workload="pretrain",
                        parallelism={"tp": 8, "pp": 16, "virtual_stages": 8, "zero": 2, "cards_per_node": 8,
                                     "pipeline_schedule": "flexible"},
                        training={"micro_batch": 1, "grad_accum": 32, "seq_len": 8192},
                        auto_layout=LAYOUT_FIELDS)
    clear_estimate_memo()
    with np.errstate(divide="raise", invalid="raise"):
        plan = plan_training_layout(scenario, card)
    assert plan is not None
