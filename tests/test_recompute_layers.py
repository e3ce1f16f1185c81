"""Full recomputation of the first N layers of each stage (``Training.recompute_layers``, Megatron-LM's block
method): the share formula, memory and step time monotone in N, N = every layer equal to full recomputation,
the JSON round trip, the refusal of more layers than a stage holds (English and Chinese), and the launch flags."""

from __future__ import annotations

import pytest
from numpy.testing import assert_allclose

from configurator import cli
from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.estimate import estimate
from configurator.core.formulas.block_recompute import block_recompute_value, recomputed_layer_share
from configurator.core.launch import launch_steps
from configurator.core.launch.script import Command
from configurator.core.messages import msg
from configurator.core.scenario import Scenario

# The MLPerf Training Llama 2 70B LoRA layout on 8 x MI300X that recomputes 21 of its 80 layers (held-out.json).
LORA_70B = ("--workload lora --model llama2-70b --card mi300x --count 8 --tp 1 --pp 1 --vp 1 --cp 1 --zero 1 --batch 1 "
            "--grad-accum 1 --seq 8192 --precision fp8 --lora-targets attention --recipe megatron-bf16-grads "
            "--fp8-base --loss fused --fp8-scaling delayed")


def planned(catalog, argv: str):
    args = build_parser().parse_args(["estimate", *argv.split()])
    scenario = scenario_from_args(args, catalog)
    return estimate(scenario, catalog.get(scenario.card_id))


def test_share_is_n_over_the_chunks_layers_and_all_past_them():
    assert_allclose(recomputed_layer_share(21, 80), 21 / 80)
    assert recomputed_layer_share(None, 80) == 1.0
    assert recomputed_layer_share(200, 80) == 1.0
    assert_allclose(recomputed_layer_share(5, [10, 20]), [0.5, 0.25])
    assert_allclose(block_recompute_value(10.0, 2.0, 0.25), 8.0)


@pytest.fixture(scope="module")
def by_layers(catalog):
    runs = {n: planned(catalog, f"{LORA_70B} --recompute full --recompute-layers {n}") for n in (1, 10, 21, 40, 80)}
    runs[None] = planned(catalog, f"{LORA_70B} --recompute full")
    runs["none"] = planned(catalog, f"{LORA_70B} --recompute none")
    return runs


def test_memory_falls_and_time_grows_with_the_layers_recomputed(by_layers):
    counts = (1, 10, 21, 40, 80)
    activations = [by_layers[n].memory.activations for n in counts]
    speed = [by_layers[n].training.tokens_per_s_per_card for n in counts]
    assert all(a > b for a, b in zip(activations, activations[1:]))
    assert all(a > b for a, b in zip(speed, speed[1:]))
    assert speed[0] < by_layers["none"].training.tokens_per_s_per_card


def test_every_layer_is_full_recomputation(by_layers):
    assert_allclose(by_layers[80].training.tokens_per_s_per_card, by_layers[None].training.tokens_per_s_per_card)
    assert_allclose(by_layers[80].memory.total, by_layers[None].memory.total)


def test_21_layers_fit_the_mi300x_where_none_does_not(by_layers):
    """The run recomputes 21 layers because without recomputation the layout does not fit the card."""
    assert by_layers[21].memory.fits and not by_layers["none"].memory.fits


def test_round_trip_writes_the_count_only_when_given(by_layers):
    s = by_layers[21].scenario
    text = s.model_dump_json()
    assert '"recompute_layers":21' in text
    assert Scenario.model_validate_json(text).training.recompute_layers == 21
    assert "recompute_layers" not in by_layers[None].scenario.model_dump_json()


def test_more_layers_than_a_stage_holds_is_refused(capsys):
    code = cli.main(["estimate", *LORA_70B.replace("--pp 1", "--pp 2").split(), "--recompute", "full",
                     "--recompute-layers", "41"])
    err = capsys.readouterr().err
    assert code != 0 and "41 recomputed layers is more than the 40 layers" in err and "Traceback" not in err
    zh = msg("recompute-layers-stage", layers=41, chunk=40, total=80, pp=2, vp=1).text_in("zh_CN")
    assert "重计算 41 层" in zh and "40 层" in zh


def test_megatron_writes_the_block_method(by_layers):
    (words,) = [[w for p in c.parts for w in p.words] for c in launch_steps(by_layers[21], "megatron")
                if isinstance(c, Command)]
    at = words.index("--recompute-method")
    assert words[at + 1] == "block" and words[words.index("--recompute-num-layers") + 1] == "21"
