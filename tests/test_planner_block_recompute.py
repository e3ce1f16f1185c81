"""The planner recomputes the fewest layers of each stage that fit (Megatron-LM's block method,
``workloads/training/block_choice.py``) when the recomputation is left to it and that is faster than the
full or selective recomputation its search chose; answers that need no layer count are unchanged."""

from __future__ import annotations

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.estimate import estimate
from configurator.core.launch import launch_steps
from configurator.core.launch.script import Command
from configurator.core.scenario import Recompute
from configurator.core.workloads.training.block_choice import chunk_layers, fits_at

# The MLPerf Training Llama 2 70B LoRA layout on 8 x MI300X (held-out.json; its submitters recompute 21 of 80 layers),
# its recomputation left to the planner.
LORA_70B = ("--workload lora --model llama2-70b --card mi300x --count 8 --tp 1 --pp 1 --vp 1 --cp 1 --zero 1 --batch 1 "
            "--grad-accum 1 --seq 8192 --precision fp8 --lora-targets attention --recipe megatron-bf16-grads "
            "--fp8-base --loss fused --fp8-scaling delayed")


def _estimate(catalog, argv: str):
    scenario = scenario_from_args(build_parser().parse_args(["estimate", *argv.split()]), catalog)
    return estimate(scenario, catalog.get(scenario.card_id))


@pytest.fixture(scope="module")
def runs(catalog):
    return {r: _estimate(catalog, f"{LORA_70B} --recompute {r}") for r in ("auto", "full", "none")}


def test_the_planner_recomputes_the_fewest_layers_that_fit(runs, catalog):
    planned, full, none = runs["auto"], runs["full"], runs["none"]
    t = planned.scenario.training
    assert not none.memory.fits  # no recomputation does not fit the card
    assert t.recompute is Recompute.FULL and t.recompute_layers is not None
    assert 1 <= t.recompute_layers < chunk_layers(planned.scenario) == 80
    assert planned.memory.fits
    assert planned.training.tokens_per_s > full.training.tokens_per_s  # faster than every layer recomputed
    card = catalog.get(planned.scenario.card_id)
    assert not fits_at(planned.scenario, card, t.recompute_layers - 1, roomy=True)  # the fewest: one less does not


def test_the_reason_says_so_in_both_languages(runs):
    (said,) = [m for m in runs["auto"].messages if m.id == "recompute-layers-planned"]
    n = runs["auto"].scenario.training.recompute_layers
    assert f"Recomputes {n} of 80 layers a stage to fit" in said.text_in("en")
    zh = said.text_in("zh_CN")
    assert f"80 层中重计算 {n} 层" in zh and "快" in zh


def test_megatron_writes_the_layers_chosen(runs):
    (words,) = [[w for p in c.parts for w in p.words] for c in launch_steps(runs["auto"], "megatron")
                if isinstance(c, Command)]
    n = runs["auto"].scenario.training.recompute_layers
    assert words[words.index("--recompute-method") + 1] == "block"
    assert words[words.index("--recompute-num-layers") + 1] == str(n)


def test_a_stated_recomputation_or_layer_count_is_kept(catalog):
    full = _estimate(catalog, f"{LORA_70B} --recompute full")
    assert full.scenario.training.recompute_layers is None
    assert not any(m.id.startswith("recompute-layers-planned") for m in full.messages)


def test_a_job_that_fits_without_recomputation_is_unchanged(catalog):
    small = _estimate(catalog, LORA_70B.replace("llama2-70b", "llama3-8b") + " --recompute auto")
    t = small.scenario.training
    assert t.recompute is Recompute.NONE and t.recompute_layers is None
    assert not any(m.id.startswith("recompute-layers-planned") for m in small.messages)


def test_a_pytorch_recipe_keeps_every_layer(catalog):
    """The block method is Megatron-Core's (Megatron-LM, NeMo); the PyTorch recipes' frameworks recompute every
    layer or none, so the planner does not choose a layer count for them."""
    torch = _estimate(catalog, LORA_70B.replace("megatron-bf16-grads", "torch-amp") + " --recompute auto")
    assert torch.scenario.training.recompute_layers is None
    assert not any(m.id.startswith("recompute-layers-planned") for m in torch.messages)
