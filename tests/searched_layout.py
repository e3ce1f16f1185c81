"""A layout the training search returned, estimated on its own: the check that the vectorised
search and the one-layout estimate agree (tests/test_planner.py, tests/test_lora_memory.py)."""

from __future__ import annotations

from configurator.core.estimate import estimate, with_layout
from configurator.core.scenario import Scenario


def estimated_alone(scenario: Scenario, layout, card):
    """``scenario`` pinned to the searched ``layout`` (parallelism, recomputation, micro-batch and
    accumulation; nothing left automatic), read afresh and estimated on ``card``."""
    fixed = with_layout(scenario.model_copy(update={"auto_layout": ()}),
                        {"tp": layout.tp, "pp": layout.pp, "virtual_stages": layout.vp, "zero": layout.zero},
                        {"recompute": layout.recompute, "micro_batch": layout.micro_batch,
                         "grad_accum": layout.grad_accum})
    return estimate(Scenario.model_validate(fixed.model_dump()), card)
