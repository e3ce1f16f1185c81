"""A serving question as the serving search's tests write it (shared by tests/test_serving_step_bounds.py,
tests/test_serving_probe_memos.py and tests/test_serving_shared_probes.py)."""

from __future__ import annotations

from configurator.core.architecture import preset
from configurator.core.scenario import LAYOUT_FIELDS, Scenario


def serving_question(model: str, card: str, count: int, serving: dict, constraints: dict) -> Scenario:
    """``count`` × ``card`` serving ``model`` with every layout field left to the planner."""
    return Scenario(model=preset(model), card_id=card, count=count, workload="inference", auto_layout=LAYOUT_FIELDS,
                    serving=serving, constraints=constraints)
