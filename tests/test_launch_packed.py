"""Launch settings for packed fine-tuning examples (``training.packed``, ``tokens_per_example``):
each trainer the launch writes says it packs examples end to end to the sequence length (the
example length being the plan's average), and keeps attention within each example where its
cited version can: torchtitan v0.2.2 through a block-causal flavor, Megatron-LM core_v0.15.0 not
at all (a "not written" note naming the later versions' flags). Packing off writes none of it."""

from __future__ import annotations

import tomllib

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.estimate import estimate
from configurator.core.launch import launch_steps, launch_text
from configurator.core.launch.flags import TABLES
from configurator.core.launch.script import Command, ConfigFile

FINETUNE_8B = "--workload finetune --model llama3-8b --card h100-sxm --count 8 --seq 4096 --examples 100000 " \
              "--tokens-per-example 600"


def planned(catalog, argv: str):
    args = build_parser().parse_args(["estimate", *argv.split()])
    scenario = scenario_from_args(args, catalog)
    return estimate(scenario, catalog.get(scenario.card_id))


def _job(est) -> dict:
    (job,) = [s for s in launch_steps(est, "torchtitan") if isinstance(s, ConfigFile)]
    return tomllib.loads(job.text())


def _comments(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if line.startswith("# "))


@pytest.mark.parametrize("target", ["megatron", "torchtitan"])
def test_packing_is_said_only_when_packed(catalog, target):
    engine = {"megatron": "Megatron-LM", "torchtitan": "torchtitan"}[target]
    plain = launch_text(planned(catalog, FINETUNE_8B), target)
    packed = launch_text(planned(catalog, FINETUNE_8B + " --packed"), target)
    assert "Packed examples" not in plain and "block_causal" not in plain
    assert (f"# Packed examples: {engine} joins the examples end to end into 4,096-token sequences; the plan's "
            "600 tokens per example are an average") in packed
    zh = launch_text(planned(catalog, FINETUNE_8B + " --packed"), target, "zh_CN")
    assert f"# 打包样本：{engine} 把样本首尾相接拼成 4,096 个词元的序列；方案中每个样本 600 个词元只是平均值" in zh


def test_torchtitan_packs_into_a_block_causal_flavor(catalog):
    assert _job(planned(catalog, FINETUNE_8B))["model"]["flavor"] == "8B"
    packed = planned(catalog, FINETUNE_8B + " --packed")
    assert _job(packed)["model"]["flavor"] == "8B_varlen"
    assert "torchtitan's 8B_varlen flavor keeps attention within each example" in launch_text(packed, "torchtitan")
    # the varlen kernel refuses context parallelism (llama3/model/args.py at v0.2.2): FlexAttention's twin instead
    with_cp = planned(catalog, FINETUNE_8B + " --packed --cp 2")
    assert _job(with_cp)["model"]["flavor"] == "8B_flex"


def test_a_flavor_without_block_causal_attention_is_said_not_written(catalog):
    argv = "--workload finetune --model llama3-70b --card h100-sxm --count 16 --examples 100000 " \
           "--tokens-per-example 600 --packed"
    est = planned(catalog, argv)
    assert _job(est)["model"]["flavor"] == "70B"
    text = _comments(launch_text(est, "torchtitan"))
    assert "Not written for torchtitan: attention kept within each packed example, torchtitan v0.2.2 has no " \
           "flavor of llama3-70b with attn_mask_type block_causal" in text
    assert "未为 torchtitan 写出：注意力限于打包序列中的各个样本之内" in launch_text(est, "torchtitan", "zh_CN")


def test_megatron_names_the_later_versions_packing_flags_without_writing_them(catalog):
    est = planned(catalog, FINETUNE_8B + " --packed")
    text = launch_text(est, "megatron")
    comments = _comments(text)
    assert "Not written for Megatron-LM: attention kept within each packed example, core_v0.15.0's " \
           "pretrain_gpt.py passes its attention no example boundaries (cu_seqlens)" in comments
    assert "--sft" in comments and "--dataloader-inter-document-masking" in comments
    flags = {f for step in launch_steps(est, "megatron") if isinstance(step, Command) for _, f in step.flags}
    assert not {"--sft", "--dataloader-inter-document-masking", "--reset-attention-mask"} & flags
    assert flags <= TABLES["megatron"].flags | TABLES["torchrun"].flags
    plain = {f for step in launch_steps(planned(catalog, FINETUNE_8B), "megatron") if isinstance(step, Command)
             for _, f in step.flags}
    assert flags == plain  # packing changes the comments only
