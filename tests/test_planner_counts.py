"""The training search of several card counts at once (issue 28: a count does not re-plan the
layout family from scratch): one evaluation of every count's layouts gives each count what it
gets searched alone, every memo cleared first — counts where nothing fits, where the batch does
not split, and the parts that read the count (ZeRO-Offload's host CPUs, MFU) included."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.estimate import clear_estimate_memo
from configurator.core.scenario import COUNT_SWEEP, LAYOUT_FIELDS, Scenario
from configurator.core.workloads.layout import at_count
from configurator.core.workloads.training.search import plan_training_layout, plan_training_layouts


def _job(model: str = "llama3-8b", workload: str = "finetune", **training) -> Scenario:
    return Scenario(model=preset(model), card_id="h100-sxm", count=8, workload=workload,
                    training={"seq_len": 4096, "tokens": 2e9, **training}, auto_layout=LAYOUT_FIELDS)


CASES = {
    "fine-tune 8B": _job(),
    "pre-train 70B (nothing fits on few cards)": _job("llama3-70b", "pretrain"),
    "optimizer offloaded (host CPUs per server read the count)": _job(offload_optimizer=True),
    "LoRA": _job(workload="lora"),
    "pinned batch (some counts do not split it)": _job(global_batch_tokens=7 * 4096),
}


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("card_id", ["h100-sxm", "l40s"])
def test_counts_searched_together_get_what_each_gets_alone(catalog, name, card_id):
    card = catalog.get(card_id)
    scenarios = [at_count(CASES[name].model_copy(update={"card_id": card_id}), n) for n in COUNT_SWEEP]
    clear_estimate_memo()
    together = plan_training_layouts(scenarios, card, top=3)
    problems = {plan.problem for plan in together}
    assert any(plan.layouts for plan in together)
    for scenario, plan in zip(scenarios, together, strict=True):
        clear_estimate_memo()
        assert plan_training_layout(scenario, card, top=3) == plan, (scenario.count, plan.problem)
    if name.startswith("pre-train") and card_id == "l40s":
        assert "no-layout-fits" in problems
    if name.startswith("pinned"):
        assert "batch-does-not-divide" in problems


def test_a_count_already_searched_is_given_as_kept(catalog):
    card = catalog.get("h100-sxm")
    scenarios = [at_count(CASES["fine-tune 8B"], n) for n in (8, 16, 32)]
    clear_estimate_memo()
    alone = plan_training_layout(scenarios[1], card, top=3)
    assert plan_training_layouts(scenarios, card, top=3)[1] is alone
