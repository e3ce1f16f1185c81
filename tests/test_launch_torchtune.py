"""A LoRA or QLoRA estimate launched with torchtune v0.6.1 (session 51, lora51): ``tune run`` with the
recipe, the model's shipped config and overrides of every setting the estimate assumed, each key from
the cited table; what the recipes cannot run is a comment line in English and Chinese."""

from __future__ import annotations

import json
import shlex

import pytest

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args
from configurator.core.estimate import estimate
from configurator.core.launch import launch_steps, launch_targets, launch_text, launch_to_dict
from configurator.core.launch.flags import TABLES
from configurator.core.launch.script import Command

LORA_70B = "--workload lora --model llama3-70b --card h100-sxm --count 8 --tokens 100M"
QLORA_8B = "--workload qlora --model llama3-8b --card rtx-4090 --count 1 --tokens 10M"


def planned(catalog, argv: str):
    args = build_parser().parse_args(["estimate", *argv.split()])
    scenario = scenario_from_args(args, catalog)
    return estimate(scenario, catalog.get(scenario.card_id))


def _command(est) -> Command:
    (cmd,) = [s for s in launch_steps(est, "torchtune") if isinstance(s, Command)]
    return cmd


def _overrides(cmd: Command) -> dict[str, str]:
    """The recipe's key=value words as a dict; every key (and every ``~key``) in torchtune's table."""
    words = [w for p in cmd.parts for w in p.words if "=" in w or w.startswith("~")]
    table = TABLES["torchtune"].flags
    assert all(w.split("=")[0].lstrip("~") in table for w in words), words
    return {w.split("=", 1)[0]: w.split("=", 1)[1] if "=" in w else "" for w in words}


def test_70b_lora_on_8_h100_runs_torchtunes_distributed_recipe_as_estimated(catalog):
    est = planned(catalog, LORA_70B)
    s = est.scenario
    assert launch_targets(est)[0] == "torchtune"  # offered first, the box's default
    cmd = _command(est)
    assert all(flag in TABLES["torchtune"].flags for _, flag in cmd.flags)
    argv = [w for p in cmd.parts for w in p.words]
    assert argv[:6] == ["tune", "run", "--nnodes", "1", "--nproc_per_node", "8"]
    assert argv[6:9] == ["lora_finetune_distributed", "--config", "llama3/70B_lora"]
    o = _overrides(cmd)
    assert o["model._component_"] == "torchtune.models.llama3.lora_llama3_70b"
    assert o["model.lora_attn_modules"] == "[q_proj,k_proj,v_proj,output_proj]"  # all-linear: attention and MLP
    assert (o["model.apply_lora_to_mlp"], o["model.apply_lora_to_output"]) == ("True", "False")
    assert (o["model.lora_rank"], o["model.lora_alpha"]) == (str(s.training.lora_rank), str(2 * s.training.lora_rank))
    assert o["batch_size"] == str(s.training.micro_batch) and o["tokenizer.max_seq_len"] == str(s.training.seq_len)
    # the plan's sequences per step kept over torchtune's eight data-parallel ranks
    sequences = s.training.micro_batch * s.training.grad_accum * s.data_parallel
    assert int(o["gradient_accumulation_steps"]) * s.training.micro_batch * 8 == sequences
    whole = s.parallelism.zero < 3 and s.parallelism.tp == 1  # the estimate's whole weights on each card
    assert o["dtype"] == "bf16" and o["fsdp_reshard_after_forward"] == str(not whole)
    assert o["optimizer._component_"] == "torch.optim.AdamW" and o["optimizer.fused"] == "True"
    assert o["enable_activation_checkpointing"] == str(s.training.recompute.value != "none")
    text = launch_text(est, "torchtune")
    assert shlex.split(text, comments=True)[:2] == ["tune", "run"]
    assert "updates every weight" not in text
    if s.parallelism.tp > 1:  # the planner's tensor parallelism torchtune's LoRA recipe has not
        assert f"Not written for torchtune: tensor parallelism {s.parallelism.tp}" in text
        assert "re-estimate with --tp 1" in text
        assert "请用 --tp 1 重新估算" in launch_text(est, "torchtune", "zh_CN")


def test_the_70b_lora_at_tp_1_is_launched_without_a_layout_note(catalog):
    est = planned(catalog, LORA_70B + " --tp 1")
    text = launch_text(est, "torchtune")
    assert "Not written" not in text and "gradient_accumulation_steps=" + str(est.scenario.training.grad_accum) in text
    if est.scenario.training.recompute.value == "full":
        assert "enable_activation_checkpointing=True" in text


def test_8b_qlora_on_one_rtx_4090_runs_the_single_device_recipe_on_nf4(catalog):
    est = planned(catalog, QLORA_8B)
    cmd = _command(est)
    argv = [w for p in cmd.parts for w in p.words]
    assert argv[:5] == ["tune", "run", "lora_finetune_single_device", "--config", "llama3/8B_qlora_single_device"]
    o = _overrides(cmd)
    assert o["model._component_"] == "torchtune.models.llama3.qlora_llama3_8b"
    assert "fsdp_reshard_after_forward" not in o and not cmd.flags[2:]  # no torchrun options, no FSDP
    for language, said in (("en", "One card: torchtune's single-device recipe"), ("zh_CN", "单卡：torchtune 的单设备配方")):
        assert said in launch_text(est, "torchtune", language)


def test_8_bit_adamw_is_bitsandbytes_and_megatron_still_says_it_updates_every_weight(catalog):
    est = planned(catalog, "--workload lora --model llama3-8b --card l40s --count 2 --tokens 100M "
                           "--optimizer adamw-8bit")
    o = _overrides(_command(est))
    assert o["optimizer._component_"] == "bitsandbytes.optim.AdamW8bit" and "~optimizer.fused" in o
    text = launch_text(est, "torchtune")
    assert "8-bit AdamW" not in text  # the 32-bit note is the other trainers'
    for target in ("megatron", "torchtitan"):
        assert "updates every weight" in launch_text(est, target) and "--launch torchtune" in launch_text(est, target)


def test_across_servers_a_c10d_rendezvous_at_the_first_server(catalog):
    est = planned(catalog, "--workload lora --model llama3-70b --card h100-sxm --count 16 --tp 1 --tokens 100M")
    text = launch_text(est, "torchtune")
    assert '--rdzv_endpoint "$MASTER_ADDR:6000"' in text and "--nnodes 2" in text
    assert "Run on each of the 2 servers" in text


def test_the_cli_and_json_carry_it(capsys, catalog):
    assert main(["estimate", *QLORA_8B.split(), "--launch", "torchtune", "--lang", "zh_CN"]) == 0
    assert "tune run" in capsys.readouterr().out
    assert main(["estimate", *LORA_70B.split(), "--launch", "torchtune", "--json"]) == 0
    launch = json.loads(capsys.readouterr().out)["launch"]
    assert (launch["target"], launch["engine"], launch["program"]) == ("torchtune", "torchtune", "tune run")
    assert launch["version"] == "v0.6.1" and launch["commands"][0]["argv"][:2] == ["tune", "run"]
    assert launch == launch_to_dict(planned(catalog, LORA_70B), "torchtune")


@pytest.mark.parametrize("workload", ["pretrain", "finetune"])
def test_full_training_is_not_offered_torchtune(catalog, workload):
    est = planned(catalog, f"--workload {workload} --model llama3-8b --card h100-sxm --count 8 --tokens 1B")
    assert "torchtune" not in launch_targets(est)


def test_weights_split_by_tensor_parallelism_are_resharded_after_forward(catalog):
    """405B QLoRA on 8 H100 plans TP 8 without ZeRO: each card holds an eighth, so FSDP2 must reshard after
    forward (kept gathered, every card would hold the whole NF4 base)."""
    est = planned(catalog, "--workload qlora --model llama3.1-405b --card h100-sxm --count 8 --tokens 10M")
    o = _overrides(_command(est))
    assert o["fsdp_reshard_after_forward"] == "True"
    assert o["model._component_"] == "torchtune.models.llama3_1.qlora_llama3_1_405b"
    assert "whole copy" not in launch_text(est, "torchtune")
