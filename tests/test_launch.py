"""Launch settings (issue 29 parts 2 and 3): every generated command parses and uses only the
flags of its engine's cited table; known plans give the expected flags."""

from __future__ import annotations

import shlex
import tomllib

import pytest

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args
from configurator.core.estimate import estimate
from configurator.core.launch import LAUNCH_TARGETS, LaunchError, launch_steps, launch_targets, launch_text
from configurator.core.launch.flags import TABLES
from configurator.core.launch.notes import NOTES, Note
from configurator.core.launch.script import Command, ConfigFile


def planned(catalog, argv: str):
    args = build_parser().parse_args(["estimate", *argv.split()])
    scenario = scenario_from_args(args, catalog)
    return estimate(scenario, catalog.get(scenario.card_id))


SERVING = {
    "70b-fp8-8xh100": "--workload inference --model llama3-70b --card h100-sxm --count 8 --precision fp8 "
                      "--concurrency 64",
    "moe-16xh100": "--workload inference --model mixtral-8x7b --card h100-sxm --count 16 --concurrency 256",
    "disaggregated": "--workload inference --model llama3-70b --card h100-sxm --count 16 --concurrency 64 "
                     "--disaggregated on",
    "across-servers": "--workload inference --model llama3.1-405b --card h100-sxm --count 16 --tp 8 --pp 2 "
                      "--concurrency 8",
    "awq-int8-kv": "--workload inference --model llama3-8b --card l40s --count 3 --weight-format awq-int4 "
                   "--kv-precision int8 --concurrency 16 --no-cuda-graphs --speculative-tokens 2",
}
TRAINING = {
    "70b-pretrain-64xh100": "--model llama3-70b --card h100-sxm --count 64 --tokens 1T",
    "interleaved-fp8": "--model llama3-70b --card h100-sxm --count 64 --tokens 1T --precision fp8 --tp 8 --pp 4 "
                       "--vp 2 --recompute full --zero 1",
    "moe-context": "--model mixtral-8x7b --card h100-sxm --count 32 --tp 2 --cp 2 --ep 8 --seq 8192 "
                   "--tokens 100B",
    "uneven-servers": "--model llama3-8b --card h100-sxm --count 12 --tp 4 --tokens 10B",
    "lora": "--workload lora --model llama3-8b --card l40s --count 2 --tokens 100M --optimizer adamw-8bit",
}


def _cases(catalog):
    for name, argv in {**SERVING, **TRAINING}.items():
        est = planned(catalog, argv)
        for target in launch_targets(est):
            yield name, target, est


def test_every_command_uses_only_its_engines_documented_flags_and_parses(catalog):
    checked = 0
    for name, target, est in _cases(catalog):
        steps = launch_steps(est, target)
        for step in steps:
            if isinstance(step, Command):
                for table, flag in step.flags:
                    assert flag in TABLES[table].flags, f"{name}/{target}: {flag} not in the {table} table"
                    checked += 1
            elif isinstance(step, ConfigFile):
                for key, _value in step.entries:
                    assert key in TABLES[step.target].flags, f"{name}/{target}: key {key} not in its table"
        for language in ("en", "zh_CN"):
            text = launch_text(est, target, language)
            words = shlex.split(text, comments=True)  # the whole script is shell words
            assert words, text
            flags = {w for w in words if w.startswith("--")}
            allowed = set().union(*(t.flags for t in TABLES.values()))
            assert flags <= allowed, flags - allowed
    assert checked > 300


def test_every_table_cites_a_version_and_a_source():
    for table in TABLES.values():
        assert table.version and table.source and table.url.startswith("https://")
        assert all(f.startswith("--") or "." in f or f.isidentifier() for f in table.flags)


def test_torchtitan_job_file_is_valid_toml_with_the_plans_layout(catalog):
    est = planned(catalog, TRAINING["interleaved-fp8"])
    (job,) = [s for s in launch_steps(est, "torchtitan") if isinstance(s, ConfigFile)]
    parsed = tomllib.loads(job.text())
    par = parsed["parallelism"]
    assert (par["tensor_parallel_degree"], par["pipeline_parallel_degree"]) == (8, 4)
    assert par["pipeline_parallel_schedule"] == "Interleaved1F1B"
    assert par["data_parallel_shard_degree"] == 2 and par["data_parallel_replicate_degree"] == 1
    assert parsed["activation_checkpoint"]["mode"] == "full"
    assert parsed["model"] == {"name": "llama3", "flavor": "70B", "hf_assets_path": "./assets/hf/Meta-Llama-3-70B",
                               "converters": ["quantize.linear.float8"]}
    s = est.scenario
    assert parsed["training"]["global_batch_size"] == s.training.micro_batch * s.training.grad_accum * 2


def _words(est, target) -> list[list[str]]:
    return [[w for p in c.parts for w in p.words] for c in launch_steps(est, target) if isinstance(c, Command)]


def _value(words: list[str], flag: str) -> str:
    return words[words.index(flag) + 1]


CHAT_70B = "meta-llama/Meta-Llama-3-70B-Instruct"
"""What a chat service of Llama 3 70B loads: its instruction-tuned checkpoint (resources/models.json
``instruct_repo``; was the base ``meta-llama/Meta-Llama-3-70B``)."""

KNOWN_SERVING = "--workload inference --model llama3-70b --card h100-sxm --count 8 --precision fp8 --tp 8 " \
                "--max-batch 64 --max-batched-tokens 4096 --kv-precision fp8 --concurrency 64 --context 8192"


def test_llama3_70b_fp8_on_8_h100_with_vllm(catalog):
    (words,) = _words(planned(catalog, KNOWN_SERVING), "vllm")
    assert words[:3] == ["vllm", "serve", CHAT_70B]
    for flag, value in {"--tensor-parallel-size": "8", "--max-num-seqs": "64", "--max-num-batched-tokens": "4096",
                        "--kv-cache-dtype": "fp8", "--quantization": "fp8", "--max-model-len": "8192",
                        "--gpu-memory-utilization": "0.9", "--port": "8000"}.items():
        assert _value(words, flag) == value, flag
    assert "--pipeline-parallel-size" not in words and "--enable-expert-parallel" not in words


@pytest.mark.parametrize(("use", "engine", "loaded"), [
    ("chat", "vllm", "mistralai/Mixtral-8x7B-Instruct-v0.1"), ("chat", "sglang", "mistralai/Mixtral-8x7B-Instruct-v0.1"),
    ("batch", "vllm", "mistralai/Mixtral-8x7B-v0.1"), ("api", "sglang", "mistralai/Mixtral-8x7B-v0.1")])
def test_a_chat_service_loads_the_instruct_checkpoint(catalog, use, engine, loaded):
    """persona5b: ``estimate --launch vllm`` for chat users served the base Mixtral-8x7B-v0.1; a chat
    service loads the preset's instruction-tuned checkpoint and says so, any other use the source's."""
    est = planned(catalog, f"--workload inference --model mixtral-8x7b --card h100-sxm --count 8 "
                           f"--concurrency 64 --use {use}")
    (words,) = _words(est, engine)
    assert loaded in words
    text = launch_text(est, engine)
    assert ("instruction-tuned (chat) checkpoint of mistralai/Mixtral-8x7B-v0.1" in text) == (use == "chat")
    assert ("指令微调（对话）检查点" in launch_text(est, engine, "zh_CN")) == (use == "chat")
    deepseek = planned(catalog, "--workload inference --model deepseek-v3 --card h200-sxm --count 16 --concurrency 64")
    assert "deepseek-ai/DeepSeek-V3" in _words(deepseek, engine)[0]  # the chat model already: no other


def test_llama3_70b_fp8_on_8_h100_with_sglang(catalog):
    (words,) = _words(planned(catalog, KNOWN_SERVING), "sglang")
    assert words[:3] == ["python", "-m", "sglang.launch_server"]
    for flag, value in {"--model-path": CHAT_70B, "--tp-size": "8",
                        "--max-running-requests": "64", "--chunked-prefill-size": "4096",
                        "--kv-cache-dtype": "fp8_e4m3", "--quantization": "fp8", "--context-length": "8192"}.items():
        assert _value(words, flag) == value, flag


def test_llama3_70b_fp8_on_8_h100_with_tensorrt_llm(catalog):
    est = planned(catalog, KNOWN_SERVING)
    (words,) = _words(est, "tensorrt-llm")
    assert words[:2] == ["trtllm-serve", CHAT_70B]
    for flag, value in {"--backend": "pytorch", "--tp_size": "8", "--max_batch_size": "64",
                        "--max_num_tokens": "4096", "--max_seq_len": "8192",
                        "--extra_llm_api_options": "llm_api_options.yaml"}.items():
        assert _value(words, flag) == value, flag
    (options,) = [s for s in launch_steps(est, "tensorrt-llm") if isinstance(s, ConfigFile)]
    assert options.entries == (("kv_cache_config.dtype", "fp8"),)
    text = launch_text(est, "tensorrt-llm")
    assert "--quantization" not in text and "# No TensorRT-LLM flag for fp8 weights" in text


def test_the_auto_plan_is_launched_as_planned(catalog):
    est = planned(catalog, SERVING["70b-fp8-8xh100"])
    s = est.scenario
    commands = _words(est, "vllm")
    assert len(commands) == s.data_parallel  # one command per copy
    devices = [c[0] for c in (launch_text(est, "vllm").splitlines()) if False] or [
        line.split()[0] for line in launch_text(est, "vllm").splitlines() if line.startswith("CUDA_VISIBLE_DEVICES=")]
    assert len(set(devices)) == s.data_parallel  # each copy its own cards
    for words in commands:
        assert _value(words, "--tensor-parallel-size") == str(s.parallelism.tp)
        assert _value(words, "--max-num-seqs") == str(s.sequences_per_replica)
        assert _value(words, "--max-num-batched-tokens") == str(s.serving.max_batched_tokens)


def test_copies_across_servers_and_the_prefill_decode_split_are_said(catalog):
    spanning = launch_text(planned(catalog, SERVING["across-servers"]), "sglang")
    assert "--nnodes 2" in spanning and "--node-rank \"$NODE_RANK\"" in spanning and "--pp-size 2" in spanning
    split = planned(catalog, SERVING["disaggregated"])
    sglang = _words(split, "sglang")
    assert {_value(w, "--disaggregation-mode") for w in sglang} == {"prefill", "decode"}
    assert "# Prefill/decode split: put a router in front" in launch_text(split, "sglang")
    vllm = launch_text(split, "vllm")
    assert "--kv-transfer-config" not in {w for c in _words(split, "vllm") for w in c}  # named, not invented
    assert "kv_producer" in vllm and "# Prefill copy" in vllm and "# Decode copy" in vllm


def test_settings_an_engine_lacks_are_named_in_comments(catalog):
    est = planned(catalog, SERVING["awq-int8-kv"])
    vllm = launch_text(est, "vllm")
    assert "# No vLLM flag for INT8 KV cache" in vllm
    assert "--quantization awq" in vllm and "--enforce-eager" in vllm and "# Speculative decoding (2" in vllm
    assert "# No TensorRT-LLM flag for decoding without CUDA graphs" in launch_text(est, "tensorrt-llm")
    lora = launch_text(planned(catalog, TRAINING["lora"]), "megatron")
    assert "# No Megatron-LM flag for LoRA adapters" in lora and "# No Megatron-LM flag for 8-bit AdamW" in lora


def test_megatron_arguments_for_70b_pretraining_on_64_h100(catalog):
    est = planned(catalog, "--model llama3-70b --card h100-sxm --count 64 --tokens 1T --tp 8 --pp 4 --vp 2 "
                           "--batch 1 --grad-accum 16 --recompute selective --zero 1 --seq 4096")
    (words,) = _words(est, "megatron")
    assert words[:9] == ["torchrun", "--nproc-per-node", "8", "--nnodes", "8", "--node-rank", "$NODE_RANK",
                         "--master-addr", "$MASTER_ADDR"]
    for flag, value in {"--tensor-model-parallel-size": "8", "--pipeline-model-parallel-size": "4",
                        "--num-layers-per-virtual-pipeline-stage": "10", "--micro-batch-size": "1",
                        "--global-batch-size": "32", "--seq-length": "4096", "--recompute-granularity": "selective",
                        "--num-query-groups": "8", "--num-layers": "80", "--hidden-size": "8192"}.items():
        assert _value(words, flag) == value, flag
    assert {"--use-distributed-optimizer", "--sequence-parallel", "--bf16", "--swiglu"} <= set(words)
    assert _value(words, "--train-iters") == str(-(-10**12 // (32 * 4096)))


def test_a_last_server_with_fewer_cards_is_said(catalog):
    text = launch_text(planned(catalog, TRAINING["uneven-servers"]), "megatron")
    assert "--nproc-per-node 8" in text and "# The last server runs 4 cards: give it --nproc-per-node 4" in text


def test_launch_targets_by_workload(catalog):
    assert launch_targets(planned(catalog, SERVING["70b-fp8-8xh100"])) == ("vllm", "sglang", "tensorrt-llm")
    training = planned(catalog, TRAINING["lora"])
    assert launch_targets(training) == ("torchtune", "megatron", "torchtitan")  # torchtune first: the adapters alone
    assert launch_targets(planned(catalog, TRAINING["uneven-servers"])) == ("megatron", "torchtitan")
    with pytest.raises(LaunchError) as refused:
        launch_text(training, "vllm")
    assert "torchtune, megatron, torchtitan" in str(refused.value)
    assert set(LAUNCH_TARGETS) == {"vllm", "sglang", "tensorrt-llm", "megatron", "torchtitan", "torchtune"}


def test_every_note_has_chinese_with_the_same_parameters():
    import string

    for note_id, (english, chinese) in NOTES.items():
        names = {f for _, f, _, _ in string.Formatter().parse(english) if f}
        assert names == {f for _, f, _, _ in string.Formatter().parse(chinese) if f}, note_id
        assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese), note_id
    assert Note("copy", {"role": Note("role-decode"), "gpus": "0", "port": "8000"}).text_in("zh_CN").startswith("解码")


def test_cli_prints_the_launch_command(capsys):
    argv = ["plan", *KNOWN_SERVING.split(), "--launch", "vllm"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.count("vllm serve") == 1 and "--tensor-parallel-size 8" in out
    assert main(["estimate", "--model", "llama3-8b", "--card", "h100-sxm", "--launch", "torchtitan",
                 "--lang", "zh_CN"]) == 0
    assert "torchtitan 任务文件" in capsys.readouterr().out
    assert main(["estimate", "--model", "llama3-8b", "--card", "h100-sxm", "--launch", "sglang"]) == 2
    assert "SGLang does not launch pre-training work" in capsys.readouterr().err


def test_plan_json_carries_the_launch_command(capsys, catalog):
    """``plan --workload inference … --launch vllm --json``: the plan's JSON (the estimate, the serving
    trade-off) with the launch under "launch": each command's argv and environment, the whole text."""
    import json

    assert main(["plan", *KNOWN_SERVING.split(), "--launch", "vllm", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["serving_tradeoff"]["front"]  # the plan's JSON is all there
    launch = out["launch"]
    assert (launch["target"], launch["engine"], launch["program"]) == ("vllm", "vLLM", "vllm serve")
    assert launch["version"] == TABLES["vllm"].version and launch["url"] == TABLES["vllm"].url
    (command,) = launch["commands"]
    argv = command["argv"]
    assert argv[:3] == ["vllm", "serve", CHAT_70B]
    assert _value(argv, "--tensor-parallel-size") == "8" and _value(argv, "--max-num-seqs") == "64"
    assert command["env"] == {"CUDA_VISIBLE_DEVICES": "0,1,2,3,4,5,6,7"}
    assert shlex.split(command["shell"]) == [f"CUDA_VISIBLE_DEVICES={command['env']['CUDA_VISIBLE_DEVICES']}", *argv]
    assert launch["text"] == launch_text(planned(catalog, KNOWN_SERVING), "vllm") and launch["notes"]
    assert all(not n.startswith("#") for n in launch["notes"])


@pytest.mark.parametrize("argv", [
    ["estimate", "--model", "llama3-8b", "--card", "h100-sxm", "--launch", "torchtitan", "--json", "--lang", "zh_CN"],
    ["plan", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "8", "--tokens", "10B", "--launch", "megatron",
     "--json"],
    ["plan", *TRAINING["lora"].split(), "--launch", "torchtitan", "--json"],
])
def test_estimate_and_training_plan_json_carry_the_launch_too(capsys, argv):
    import json

    assert main(argv) == 0
    launch = json.loads(capsys.readouterr().out)["launch"]
    assert launch["commands"] and all(c["argv"] for c in launch["commands"])
    assert launch["text"].endswith("\n") and (launch["files"] or launch["target"] == "megatron")
    if "zh_CN" in argv:
        assert any("任务文件" in n for n in launch["notes"])


def test_a_launch_the_work_has_not_is_refused_with_json_too(capsys):
    assert main(["estimate", "--model", "llama3-8b", "--card", "h100-sxm", "--launch", "sglang", "--json"]) == 2
    captured = capsys.readouterr()
    assert "SGLang does not launch pre-training work" in captured.err and captured.out == ""


def test_sglang_shares_experts_by_attention_data_parallelism_at_0_5_23(catalog):
    """SGLang 0.5.23 spells attention data parallelism ``--attn-dp-size N`` (``--dp-size N
    --enable-dp-attention`` is deprecated there) and divides ``--max-running-requests`` among the N
    ranks: the server's total is the plan's batch per copy times N, and the script says so."""
    est = planned(catalog, SERVING["moe-16xh100"])
    s = est.scenario
    group = s.parallelism.ep
    assert group > 1
    for words in _words(est, "sglang"):
        assert _value(words, "--attn-dp-size") == str(group)
        assert _value(words, "--tp-size") == _value(words, "--ep-size") == str(s.parallelism.tp * group)
        assert _value(words, "--max-running-requests") == str(s.sequences_per_replica * group)
        assert not {"--dp-size", "--enable-dp-attention", "--disable-cuda-graph"} & set(words)
    text = launch_text(est, "sglang")
    assert f"gives each of its {group} attention data-parallel ranks {s.sequences_per_replica}" in text
    eager = _words(planned(catalog, SERVING["awq-int8-kv"]), "sglang")[0]
    assert _value(eager, "--cuda-graph-backend-decode") == _value(eager, "--cuda-graph-backend-prefill") == "disabled"


def test_the_engine_tables_cite_the_versions_read():
    assert TABLES["vllm"].version == "0.33.0" and "arg_utils.py" in TABLES["vllm"].source
    assert TABLES["sglang"].version == "0.5.23" and "arg_groups/fields" in TABLES["sglang"].source
    assert "--enable-dp-attention" not in TABLES["sglang"].flags and "--attn-dp-size" in TABLES["sglang"].flags
    assert "00209af149e7774406881a37283dce303571eb11" in TABLES["tensorrt-llm"].source


def test_selective_recomputation_is_written_as_the_estimate_counts_it(catalog):
    """torchtitan (v0.2.2 job_config: ``selective_ac_option`` defaults to "2", every other layer)
    gets ``op`` written, its per-op policy; the estimate's policy is said where the framework has
    no flag for it: Megatron-LM has no per-op policy, torchtitan no attention-core-only one."""
    base = "--model llama3-8b --card h100-sxm --count 8 --tokens 10B --tp 1 --pp 1 --zero 3 --recompute selective"
    per_op = planned(catalog, base + " --selective per-op")
    (job,) = [s for s in launch_steps(per_op, "torchtitan") if isinstance(s, ConfigFile)]
    parsed = tomllib.loads(job.text())["activation_checkpoint"]
    assert parsed == {"mode": "selective", "selective_ac_option": "op"}
    assert "No torchtitan flag for selective recomputation" not in launch_text(per_op, "torchtitan")
    assert "# No Megatron-LM flag for torchtitan's per-op selective recomputation" in launch_text(per_op, "megatron")
    attention = planned(catalog, base)
    assert "# No torchtitan flag for selective recomputation of the attention core only" \
        in launch_text(attention, "torchtitan")
    assert "per-op" not in launch_text(attention, "megatron")


def test_megatron_stage_split_is_the_one_the_estimate_assumed(catalog):
    """DeepSeek-V3 under DualPipe on 16 stages: 4 layers on every stage but the last, 1 there
    (formulas.dualpipe.dualpipe_stage_layers), written as Megatron-LM's first and last stage layers;
    under 1F1B the embedding and head count as layers (3, 4 … 4, 3), whose 55 middle layers do not
    split evenly over 14 stages, which Megatron-LM's two flags cannot state: the whole split is
    written as --pipeline-model-parallel-layout."""
    from configurator.core.architecture import preset
    from configurator.core.memory import scenario_stage_layers
    from configurator.core.scenario import Scenario

    def scenario(algorithm: str) -> Scenario:
        return Scenario(model=preset("deepseek-v3"), card_id="h800-sxm", count=2048, workload="pretrain",
                        precision="fp8", parallelism={"pp": 16, "ep": 64, "zero": 1},
                        training={"seq_len": 4096, "grad_accum": 120, "pipeline_algorithm": algorithm})

    dualpipe, one_f_one_b = scenario("dualpipe"), scenario("1f1b")
    assert scenario_stage_layers(dualpipe, 16) == (4, 4, 1)
    (words,) = _words(estimate(dualpipe, catalog.get("h800-sxm")), "megatron")
    assert _value(words, "--decoder-first-pipeline-num-layers") == "4"
    assert _value(words, "--decoder-last-pipeline-num-layers") == "1"
    assert scenario_stage_layers(one_f_one_b, 16) == (3, 4, 3)
    (words,) = _words(estimate(one_f_one_b, catalog.get("h800-sxm")), "megatron")
    assert "--decoder-first-pipeline-num-layers" not in words
    assert _value(words, "--pipeline-model-parallel-layout").startswith("Ettt|")


def _megatron_refusals(words: list[str], env: dict[str, str]) -> list[str]:
    """What Megatron-LM core_v0.15.0 ``validate_args`` (megatron/training/arguments.py) and its
    ``OptimizerConfig.__post_init__`` assert against these flags and environment on a card before
    Blackwell (H100): torch FSDP2's seven conditions (l. 633-651), Megatron FSDP's checkpoint format
    and CUDA_DEVICE_MAX_CONNECTIONS (l. 699-719), CUDA_DEVICE_MAX_CONNECTIONS=1 with tensor or
    context parallelism otherwise (l. 935-961), the optimizer's CPU offload (l. 1154, and the
    precision-aware optimizer needs the distributed one: megatron/core/optimizer/optimizer_config.py),
    and ``TransformerConfig.__post_init__``'s MoE dispatcher checks."""
    flags = set(words)

    def size(flag: str) -> int:
        return int(_value(words, flag)) if flag in flags else 1

    fsdp2, mfsdp = "--use-torch-fsdp2" in flags, "--use-megatron-fsdp" in flags
    dispatcher = _value(words, "--moe-token-dispatcher-type") if "--moe-token-dispatcher-type" in flags \
        else "allgather"  # core_v0.15.0's default
    checks = {
        "fsdp2 with pipeline parallelism": fsdp2 and size("--pipeline-model-parallel-size") > 1,
        "fsdp2 with expert parallelism": fsdp2 and size("--expert-model-parallel-size") > 1,
        "fsdp2 with the distributed optimizer": fsdp2 and "--use-distributed-optimizer" in flags,
        "fsdp2 with gradient accumulation fusion": fsdp2 and "--no-gradient-accumulation-fusion" not in flags,
        "fsdp2 with tied embeddings": fsdp2 and "--untie-embeddings-and-output-weights" not in flags,
        "fsdp2 with fp16": fsdp2 and "--fp16" in flags,
        "megatron fsdp without fsdp_dtensor": mfsdp and ("--ckpt-format" not in flags
                                                         or _value(words, "--ckpt-format") != "fsdp_dtensor"),
        "fsdp with CUDA_DEVICE_MAX_CONNECTIONS=1": (fsdp2 or mfsdp) and env.get("CUDA_DEVICE_MAX_CONNECTIONS") == "1",
        "tensor/context parallel without CUDA_DEVICE_MAX_CONNECTIONS=1": (
            max(size("--tensor-model-parallel-size"), size("--context-parallel-size")) > 1
            and not (fsdp2 or mfsdp or "--overlap-moe-expert-parallel-comm" in flags)
            and env.get("CUDA_DEVICE_MAX_CONNECTIONS") != "1"),
        "cpu offload without the precision-aware optimizer": "--optimizer-cpu-offload" in flags
        and "--use-precision-aware-optimizer" not in flags,
        "precision-aware optimizer without the distributed optimizer": "--use-precision-aware-optimizer" in flags
        and "--use-distributed-optimizer" not in flags,
        "overlapped parameter gather without the distributed optimizer": "--overlap-param-gather" in flags
        and "--use-distributed-optimizer" not in flags,
        # TransformerConfig.__post_init__ (megatron/core/transformer/transformer_config.py l. 823, 1455)
        "DeepEP without the flex dispatcher": "--moe-enable-deepep" in flags and dispatcher != "flex",
        "expert overlap without the alltoall or flex dispatcher": "--overlap-moe-expert-parallel-comm" in flags
        and dispatcher not in ("alltoall", "flex"),
    }
    return [what for what, refused in checks.items() if refused]


MEGATRON_PLANS = {
    **TRAINING,
    "70b-auto-1024xh100": "--model llama3-70b --card h100-sxm --count 1024 --tokens 2T",
    "8b-auto-8xh100": "--model llama3-8b --card h100-sxm --count 8 --tokens 10B",
    "moe-auto-64xh100": "--model mixtral-8x7b --card h100-sxm --count 64 --tokens 500B",
    "zero3-tp-pp": "--model llama3-70b --card h100-sxm --count 64 --tokens 1T --zero 3 --tp 8 --pp 2",
    "zero1-tp": "--model llama3-70b --card h100-sxm --count 64 --tokens 1T --zero 1 --tp 8 --pp 2 --vp 2",
    "offload": "--model llama3-70b --card h100-sxm --count 64 --tokens 1T --offload optimizer",
    "offload-zero1": "--model llama3-70b --card h100-sxm --count 64 --tokens 1T --zero 1 --offload optimizer",
    "finetune-70b": "--workload finetune --model llama3-70b --card h100-sxm --count 16 --tokens 100M",
    "moe-expert-overlap": "--workload pretrain --model deepseek-v3 --card h800-sxm --count 2048 --tp 1 --pp 16 "
                          "--ep 64 --zero 1 --seq 4096 --precision fp8 --global-batch 62914560 --expert-overlap "
                          "--recompute selective --vp 2",
    "moe-hybridep": "--workload pretrain --model qwen3-30b-a3b --card h100-sxm --count 16 --tp 1 --pp 1 --ep 16 "
                    "--zero 1 --seq 4096 --batch 1 --grad-accum 64 --recompute none --precision fp8 "
                    "--moe-dispatcher hybridep",
    "packed-finetune": "--workload finetune --model llama3-8b --card h100-sxm --count 8 --seq 4096 "
                       "--examples 100000 --tokens-per-example 600 --packed",
}


@pytest.mark.parametrize("name", sorted(MEGATRON_PLANS))
def test_megatron_launch_is_one_its_argument_checks_take(catalog, name):
    """A Megatron-LM command the trainer refuses at start-up is worse than none: every plan's
    flags and environment pass core_v0.15.0's own checks (ZeRO-3 plans wrote --use-torch-fsdp2
    beside pipeline and expert parallelism and with gradient-accumulation fusion on, tensor
    parallelism without CUDA_DEVICE_MAX_CONNECTIONS=1, the CPU offload alone)."""
    (cmd,) = [c for c in launch_steps(planned(catalog, MEGATRON_PLANS[name]), "megatron") if isinstance(c, Command)]
    words = [w for p in cmd.parts for w in p.words]
    assert _megatron_refusals(words, dict(cmd.env)) == []


def test_megatron_shards_weights_the_way_the_plan_allows(catalog):
    """ZeRO-3 is torch FSDP2 without pipeline or expert parallelism, Megatron FSDP with experts,
    and the distributed optimizer with a note across pipeline stages, where neither runs."""
    def launched(argv: str):
        est = planned(catalog, argv)
        (cmd,) = [c for c in launch_steps(est, "megatron") if isinstance(c, Command)]
        return est, [w for p in cmd.parts for w in p.words], dict(cmd.env), launch_text(est, "megatron")

    est, words, env, _ = launched(MEGATRON_PLANS["8b-auto-8xh100"])
    assert (est.scenario.parallelism.zero, est.scenario.parallelism.pp) == (3, 1)
    assert {"--use-torch-fsdp2", "--no-gradient-accumulation-fusion"} <= set(words) and env == {}
    # ZeRO-3 without stages pinned: the auto plan takes two stages since the experts' own data-parallel
    # group (one rank a server at EP8) is counted, where ZeRO-3 gathers once a step
    est, words, env, _ = launched(MEGATRON_PLANS["moe-auto-64xh100"] + " --pp 1 --zero 3 --ep 8")
    assert est.scenario.parallelism.ep > 1 and "--use-torch-fsdp2" not in words
    assert _value(words, "--data-parallel-sharding-strategy") == "optim_grads_params"
    assert {"--use-megatron-fsdp", "--use-distributed-optimizer"} <= set(words)
    est, words, env, text = launched(MEGATRON_PLANS["zero3-tp-pp"])
    assert "--use-torch-fsdp2" not in words and "--use-distributed-optimizer" in words
    assert env == {"CUDA_DEVICE_MAX_CONNECTIONS": "1"} and text.count("CUDA_DEVICE_MAX_CONNECTIONS=1 torchrun") == 1
    assert "(ZeRO-3), Megatron-LM shards weights only without pipeline stages" in text
    assert "ZeRO-3" in launch_text(est, "megatron", "zh_CN") and "流水线" in launch_text(est, "megatron", "zh_CN")
    _, words, _, text = launched(MEGATRON_PLANS["offload-zero1"])
    assert {"--optimizer-cpu-offload", "--use-precision-aware-optimizer"} <= set(words)
    _, words, _, text = launched("--model llama3-8b --card h100-sxm --count 8 --tokens 10B --zero 3 --tp 1 --pp 1 "
                                 "--offload optimizer")
    assert "--optimizer-cpu-offload" not in words
    assert "# Not written for Megatron-LM: the optimizer states in host memory" in text


@pytest.mark.parametrize("name", ["moe-context", "moe-auto-64xh100", "moe-hybridep"])
def test_megatron_runs_the_dispatcher_the_estimate_assumed(catalog, name):
    """Megatron-LM core_v0.15.0 dispatches on allgather unless told (``--moe-token-dispatcher-type``
    default): with expert parallelism the script names the estimate's dispatcher."""
    est = planned(catalog, MEGATRON_PLANS[name])
    (words,) = _words(est, "megatron")
    if est.scenario.parallelism.ep > 1:
        expected = "alltoall" if est.scenario.training.moe_dispatcher == "alltoall" else "flex"
        assert _value(words, "--moe-token-dispatcher-type") == expected
