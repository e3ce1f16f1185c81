"""The Megatron-LM launch a practitioner can run (session 35): the model's RoPE base and scaling
are written (Megatron-LM's default base is 10,000, Llama 3's 500,000), and a plan whose pipeline
stages hold unequal layers writes a split Megatron-LM core_v0.15.0 takes, the one the estimate
assumed."""

from __future__ import annotations

import re

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.architecture import ModelArchitecture, load_presets, preset
from configurator.core.estimate import estimate
from configurator.core.hf_config import from_hf_config
from configurator.core.launch import launch_steps, launch_text
from configurator.core.launch.script import Command
from configurator.core.memory import scenario_stage_layers
from configurator.core.scenario import Scenario


def planned(catalog, argv: str):
    args = build_parser().parse_args(["estimate", *argv.split()])
    scenario = scenario_from_args(args, catalog)
    return estimate(scenario, catalog.get(scenario.card_id))


def _words(est) -> list[str]:
    (cmd,) = [c for c in launch_steps(est, "megatron") if isinstance(c, Command)]
    return [w for p in cmd.parts for w in p.words]


def _value(words: list[str], flag: str) -> str | None:
    return words[words.index(flag) + 1] if flag in words else None


def _parse_layout(layout: str) -> list[list[str]]:
    """``PipelineParallelLayerLayout.parse_str_to_list`` (megatron/core/transformer/
    pipeline_parallel_layer_layout.py at core_v0.15.0), character for character."""
    layout = layout.replace(",", "")
    for pattern in (r"\(([^)]+)\)\*(\d+)", r"(.)\*(\d+)"):
        layout = re.sub(pattern, lambda x: x.group(1) * int(x.group(2)), layout)
    return [list(stage) for stage in layout.split("|")]


def _rank_layers(words: list[str]) -> list[int]:
    """Decoder layers on each pipeline rank as Megatron-LM core_v0.15.0 builds them from these
    flags, asserting what it asserts on the way: ``validate_args`` (megatron/training/arguments.py
    l. 530-600: at most one of the virtual-stage and layout flags; the per-chunk size with neither
    first- nor last-stage layers, the layers divisible by the stages; without any of them the
    layers divisible by the stages), ``TransformerConfig.__post_init__`` (transformer_config.py
    l. 1018-1140: the layout with no other split flag; first and last stages' layers above 0, the
    middle ones divisible by the middle stages and, with virtual stages, by them) and
    ``PipelineParallelLayerLayout`` (its stage count divisible by the pipeline size, the embedding
    first and the loss last, once each, as many decoder layers as --num-layers)."""
    n, pp = int(_value(words, "--num-layers")), int(_value(words, "--pipeline-model-parallel-size") or 1)
    per_chunk, layout = _value(words, "--num-layers-per-virtual-pipeline-stage"), \
        _value(words, "--pipeline-model-parallel-layout")
    first, last = _value(words, "--decoder-first-pipeline-num-layers"), \
        _value(words, "--decoder-last-pipeline-num-layers")
    assert (per_chunk is not None) + (layout is not None) <= 1
    if layout is not None:
        assert first is None and last is None
        stages = _parse_layout(layout)
        assert len(stages) % pp == 0
        flat = [x for stage in stages for x in stage]
        assert set(flat) <= {"E", "L", "t"} and flat[0] == "E" and flat[-1] == "L"
        assert flat.count("E") == flat.count("L") == 1 and flat.count("t") == n
        return [sum(stages[i].count("t") for i in range(rank, len(stages), pp)) for rank in range(pp)]
    if per_chunk is not None:
        assert first is None and last is None and n % pp == 0 and (n // pp) % int(per_chunk) == 0
        return [n // pp] * pp
    if first is None and last is None:
        assert n % pp == 0
        return [n // pp] * pp
    f, l = int(first), int(last)
    assert f > 0 and l > 0 and pp > 2 and (n - f - l) % (pp - 2) == 0
    return [f, *[(n - f - l) // (pp - 2)] * (pp - 2), l]


def test_llama3_70b_pretraining_writes_its_rope_base(catalog):
    """Megatron-LM's --rotary-base defaults to 10,000 (arguments.py core_v0.15.0); Llama 3's
    config.json says rope_theta 500,000. Llama 3 (not 3.1) has no frequency scaling."""
    words = _words(planned(catalog, "--model llama3-70b --card h100-sxm --count 1024 --tokens 2T"))
    assert _value(words, "--position-embedding-type") == "rope"
    assert _value(words, "--rotary-base") == "500000"
    assert "--use-rope-scaling" not in words


def test_llama3_1_writes_its_rope_scaling_and_its_layers_as_planned(catalog):
    est = planned(catalog, "--model llama3.1-405b --card h100-sxm --count 2048 --tokens 2T")
    words = _words(est)
    assert _value(words, "--rotary-base") == "500000"
    assert "--use-rope-scaling" in words and float(_value(words, "--rope-scaling-factor")) == 8.0
    s = est.scenario
    ranks = _rank_layers(words)
    first, fullest, last = scenario_stage_layers(s, s.parallelism.pp)
    assert (ranks[0], max(ranks), ranks[-1]) == (first, fullest, last) and sum(ranks) == 126
    assert "set the layers per chunk yourself" not in launch_text(est, "megatron")


def test_gpt3_has_learned_positions_and_no_rope_base(catalog):
    assert load_presets()["gpt3-175b"].rope_theta is None
    words = _words(planned(catalog, "--model gpt3-175b --card h100-sxm --count 64 --tokens 10B"))
    assert _value(words, "--position-embedding-type") == "learned_absolute"
    assert "--rotary-base" not in words


def test_every_rope_preset_has_its_base():
    for name, model in load_presets().items():
        assert (model.rope_theta is None) == bool(model.position_embeddings), name


def test_deepseek_v3_on_2048_h100_is_split_as_planned(catalog):
    """The auto plan puts 61 layers on 16 stages of 3 virtual stages each (3, 4 … 4, 3 less one):
    no even split exists, so the whole layout is written; the YaRN scaling Megatron-LM takes only
    with multi-latent attention is said, and "1 shared experts" is no longer written."""
    # a 4M-token batch (the default until 2026-12-05): at DeepSeek-V3's own 62.9M the plan keeps one stage
    est = planned(catalog, "--model deepseek-v3 --card h100-sxm --count 2048 --tokens 2T --global-batch 4194304")
    words, text = _words(est), launch_text(est, "megatron")
    s = est.scenario
    ranks = _rank_layers(words)
    first, fullest, last = scenario_stage_layers(s, s.parallelism.pp)
    assert len(ranks) == s.parallelism.pp and sum(ranks) == 61
    assert (ranks[0], max(ranks), ranks[-1]) == (first, fullest, last)
    layout = _value(words, "--pipeline-model-parallel-layout")
    assert len(_parse_layout(layout)) == s.parallelism.pp * max(1, s.parallelism.virtual_stages)
    assert _value(words, "--rotary-base") == "10000" and "YaRN RoPE scaling (factor 40)" in text
    assert "1 shared experts" not in text and "set the layers per chunk yourself" not in text


SPLITS = {
    "deepseek-dualpipe": ("deepseek-v3", 16, 1, "dualpipe"),
    "deepseek-1f1b": ("deepseek-v3", 16, 1, "1f1b"),
    "deepseek-1f1b-vp2": ("deepseek-v3", 16, 2, "1f1b"),
    "405b-pp16": ("llama3.1-405b", 16, 1, "1f1b"),
    "405b-pp16-vp2": ("llama3.1-405b", 16, 2, "1f1b"),
    "70b-pp4-vp2": ("llama3-70b", 4, 2, "1f1b"),
    "70b-pp4": ("llama3-70b", 4, 1, "1f1b"),
    "8b-pp2": ("llama3-8b", 2, 1, "1f1b"),
    "mixtral-pp3": ("mixtral-8x7b", 3, 1, "1f1b"),
}


@pytest.mark.parametrize("name", sorted(SPLITS))
def test_every_stage_split_is_one_megatron_takes_and_the_estimates(catalog, name):
    model, pp, vp, algorithm = SPLITS[name]
    moe = {"ep": 8} if preset(model).is_moe else {}
    scenario = Scenario(model=preset(model), card_id="h100-sxm", count=pp * 8 * 8, workload="pretrain",
                        precision="bf16", parallelism={"pp": pp, "virtual_stages": vp, "zero": 1, **moe},
                        training={"seq_len": 4096, "grad_accum": 32, "pipeline_algorithm": algorithm})
    est = estimate(scenario, catalog.get("h100-sxm"))
    ranks = _rank_layers(_words(est))
    s = est.scenario
    first, fullest, last = scenario_stage_layers(s, s.parallelism.pp)
    assert sum(ranks) == s.model.n_layers and max(ranks) == fullest
    if s.parallelism.pp > 1:
        assert (ranks[0], ranks[-1]) == (first, last)


def test_a_hugging_face_config_gives_its_rope_base_and_scaling():
    base = {"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
            "vocab_size": 100}
    assert from_hf_config(base).rope_theta == 10000.0  # transformers' LlamaConfig default
    m = from_hf_config({**base, "rope_theta": 500000.0,
                        "rope_scaling": {"rope_type": "llama3", "factor": 32.0, "low_freq_factor": 1.0}})
    assert (m.rope_theta, m.rope_scaling, m.rope_scaling_factor) == (500000.0, "llama3", 32.0)
    gpt2 = from_hf_config({"model_type": "gpt2", "n_layer": 2, "n_embd": 64, "n_head": 4, "vocab_size": 100})
    assert gpt2.rope_theta is None


def test_an_architecture_without_rope_fields_writes_none():
    m = ModelArchitecture(n_layers=2, hidden=64, n_heads=4, ffn=128, vocab=100)
    assert "rope_theta" not in m.model_dump() and "rope_scaling" not in m.model_dump_json()
    with pytest.raises(ValueError):
        ModelArchitecture(n_layers=2, hidden=64, n_heads=4, ffn=128, vocab=100, rope_scaling="llama3")


def test_torchtitan_says_its_llama3_flavors_scale_rope(catalog):
    """torchtitan v0.2.2 takes the RoPE base and scaling from its model flavor, not from a job key
    or the config.json (llama3 flavors: rope_theta 500,000, RoPEScalingArgs factor 8 always): the
    Llama 3 job says so, the Llama 3.1 one, trained with that scaling, does not."""
    said = "No torchtitan flag for RoPE without frequency scaling (Llama 3)"
    assert said in launch_text(planned(catalog, "--model llama3-70b --card h100-sxm --count 64 --tokens 1T"),
                               "torchtitan")
    assert said not in launch_text(planned(catalog, "--model llama3.1-405b --card h100-sxm --count 2048 --tokens 2T"),
                                   "torchtitan")


def test_a_rope_model_without_its_base_says_megatrons_default(catalog):
    model = preset("llama3-8b").model_copy(update={"rope_theta": None, "name": "custom"})
    scenario = Scenario(model=model, card_id="h100-sxm", count=8, workload="pretrain", precision="bf16",
                        training={"seq_len": 4096, "tokens": 10**9})
    est = estimate(scenario, catalog.get("h100-sxm"))
    assert "--rotary-base" not in _words(est)
    assert "uses its default of 10,000" in launch_text(est, "megatron")
