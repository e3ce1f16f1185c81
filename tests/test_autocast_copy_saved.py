"""Autocast's 16-bit weight copies under recomputation (issue 27, part 3): torchtitan's per-op selective
policy and full recomputation rebuild them with each layer, so the estimate holds none beside the
activations; no recomputation and Megatron's attention-only policy keep them (H200 grid, 2026-12-04:
the per-op rows of the 1B and 3B shapes were 1.0-1.7 and 5.0 GiB over their peak with them counted)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import Scenario
from configurator.core.training_held_states import autocast_copy_saved


def _scenario(recompute: str, policy: str | None = None) -> Scenario:
    training = {"micro_batch": 1, "seq_len": 8192, "recipe": "torch-amp", "recompute": recompute, "loss": "eager"}
    if policy:
        training["selective_policy"] = policy
    return Scenario(model=preset("llama3.2-3b"), card_id="h200-sxm", count=1, workload="pretrain",
                    precision="bf16", training=training)


@pytest.mark.parametrize(("recompute", "policy", "saved"), [
    ("none", None, True), ("selective", "attention", True), ("selective", "per-op", False), ("full", None, False)])
def test_which_recomputations_keep_the_copies(recompute, policy, saved):
    assert autocast_copy_saved(_scenario(recompute, policy).training) is saved


def test_the_per_op_policy_holds_no_copy_of_the_layers():
    card = load_bundled_catalog().get("h200-sxm")
    none, per_op = (estimate(_scenario(r, p), card).memory for r, p in (("none", None), ("selective", "per-op")))
    # fp32 weights alone under per-op; the 3B's 16-bit copy (3.2 billion × 2 B ≈ 6.0 GiB) under none
    assert none.weights - per_op.weights == pytest.approx(preset("llama3.2-3b").total_params() * 2, rel=0.01)
