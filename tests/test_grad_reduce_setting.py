"""``training.grad_reduce``: when ZeRO 2/3 beside pipeline stages reduce the gradients, one setting read by
memory and time (``training_held_states.defers_gradient_reduction``), typed on the command line
(``--grad-reduce``), shown in the editor (greyed where it counts for nothing) and in the assumptions
(session 45, issue 27 part 5b; formulas/zero_pipeline.py)."""

from __future__ import annotations

import pytest

from cli_estimates import estimate_from_cli
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import Scenario, updated
from configurator.core.view.assumptions_view import assumptions_section

CATALOG = load_bundled_catalog()
H100 = CATALOG.get("h100-sxm")
RUN = ("--workload pretrain --model llama3-70b --card h100-sxm --count 256 --tp 8 --pp 4 --zero 2 --batch 1 "
       "--grad-accum 16 --recompute full --recipe megatron-mixed")


def _staged(zero: int = 2, pp: int = 4, how: str = "recipe") -> Scenario:
    return Scenario(workload="pretrain", model=preset("llama3-70b"), card_id="h100-sxm", count=256,
                    parallelism={"tp": 8, "pp": pp, "zero": zero},
                    training={"micro_batch": 1, "grad_accum": 16, "recompute": "full", "recipe": "megatron-mixed",
                              "grad_reduce": how})


def test_the_flag_sets_the_scenario_and_moves_memory_and_time_together():
    """Under the Megatron recipe (per-micro-batch by default) ``--grad-reduce per-step`` holds the stage's
    gradients whole (8 × the share over 8 ranks) and drops the 15 earlier reduce-scatters from the step."""
    recipe = estimate_from_cli(CATALOG, RUN)
    step = estimate_from_cli(CATALOG, RUN + " --grad-reduce per-step")
    assert recipe.scenario.training.grad_reduce == "recipe" and step.scenario.training.grad_reduce == "per-step"
    assert step.memory.gradients == pytest.approx(8 * recipe.memory.gradients, rel=1e-12)
    assert step.training.step_time_s < recipe.training.step_time_s


def _gradient_row(scenario: Scenario):
    rows = assumptions_section(estimate(scenario, H100)).rows
    return next((row for row in rows if row.key == "grad_reduce"), None)


def test_the_assumptions_say_when_the_gradients_are_reduced_and_who_said_so():
    row = _gradient_row(_staged())
    assert row is not None and row.value.params == {
        "how": "after every micro-batch's backward, each rank keeping its share",
        "said": "as the recipe's framework does it"}
    row = _gradient_row(_staged(how="per-step"))
    assert row.value.params == {"how": "once a step, each card holding its stage's gradients whole",
                                "said": "as the scenario states"}
    assert _gradient_row(_staged(zero=1)) is None
    assert _gradient_row(_staged(pp=1)) is None


def test_the_editor_greys_the_setting_where_it_counts_for_nothing(editor_on):
    assert editor_on(_staged()).grad_reduce.isEnabled()
    for scenario in (_staged(zero=1), _staged(pp=1)):
        editor = editor_on(scenario)
        assert not editor.grad_reduce.isEnabled()
        assert "pipeline stages" in editor.grad_reduce.toolTip()
    assert editor_on(updated(_staged(zero=1), auto_layout=("zero",))).grad_reduce.isEnabled()  # the planner may
