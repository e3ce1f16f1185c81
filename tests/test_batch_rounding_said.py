"""Issue 27's examples of a global batch that does not divide the data-parallel ranks (MPT-1B on 440
A100, GPT-3 175B on 11,616): planned at the nearest batch that divides, or at one within 5 % that
splits wider and trains faster (MPT-1B: 528 sequences over 88 ranks, not 520 over 40), said once,
the two numbers different (tests/test_planner_batch.py passes its cases where nothing moves, too)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import from_param_count, load_presets
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import LAYOUT_FIELDS, Scenario

CATALOG = load_bundled_catalog()


@pytest.mark.parametrize("model,card,count,batch,used", [
    (from_param_count(1.3e9), "a100-sxm-40gb", 440, 1_048_576, 1_081_344),    # 528 sequences of 2,048
    (load_presets()["gpt3-175b"], "a100-sxm-80gb", 11616, 3_145_728, 3_153_920),  # 1,540 sequences
])
def test_the_issues_non_dividing_batches_are_rounded_and_said_once(model, card, count, batch, used):
    s = Scenario(model=model, card_id=card, count=count, training={"seq_len": 2048, "global_batch_tokens": batch},
                 auto_layout=LAYOUT_FIELDS)
    est = estimate(s, CATALOG.get(card))
    assert est.training is not None and est.scenario.global_batch_tokens == used
    moved = [m for m in est.messages if m.id in ("batch-moved", "batch-moved-wider")]
    assert len(moved) == 1 and moved[0].params["batch"] == batch and moved[0].params["used"] == used
    assert moved[0].text.count(f"{batch:,}") == 1 and moved[0].text.count(f"{used:,}") == 1
