"""A layout the training search returned, estimated on its own: the check that the vectorised
search and the one-layout estimate agree (tests/test_planner.py, tests/test_lora_memory.py)."""

from __future__ import annotations

from configurator.core.estimate import estimate, with_layout
from configurator.core.scenario import Scenario


def estimated_alone(scenario: Scenario, layout, card):
    """``scenario`` pinned to the searched ``layout`` (every parallel degree, the expert and context
    degrees too, recomputation, micro-batch and accumulation; nothing left automatic), read afresh and
    estimated on ``card``."""
    fixed = with_layout(scenario.model_copy(update={"auto_layout": ()}),
                        {"tp": layout.tp, "pp": layout.pp, "virtual_stages": layout.vp, "cp": layout.cp,
                         "ep": layout.ep, "zero": layout.zero},
                        {"recompute": layout.recompute, "micro_batch": layout.micro_batch,
                         "grad_accum": layout.grad_accum})
    return estimate(Scenario.model_validate(fixed.model_dump()), card)


def estimated_as_searched(scenario: Scenario, layout, card):
    """``scenario`` pinned to everything the search chose for ``layout`` (its ``as_changes``: expert and
    context ranks too, the recomputation; the global batch left to the layout), read afresh and estimated
    on ``card`` (tests/test_dualpipe_mtp.py, tests/test_moe_dispatch_bytes.py)."""
    changes = layout.as_changes(None)
    fixed = with_layout(scenario.model_copy(update={"auto_layout": ()}), changes["parallelism"],
                        {**changes["training"], "recompute": layout.recompute, "global_batch_tokens": None})
    return estimate(Scenario.model_validate(fixed.model_dump()), card)
