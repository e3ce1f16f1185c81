"""The flags each launch target accepts, at a cited version: the one table a generated launch
command is checked against (``tests/test_launch.py``). A setting the plan implies that is not in
its engine's table is written as a comment line, never as a flag.

Each table lists only the flags this package writes, each read from the engine's own argument
parser (file and version below) or its documentation page at that version.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FlagTable:
    """Flags (or configuration keys) one program accepts at one version."""

    target: str
    """What the table is for: an engine id (``vllm``) or a helper program (``torchrun``)."""
    program: str
    """The command the flags follow (``vllm serve``)."""
    version: str
    """The version the flags were read at."""
    source: str
    """The argument parser (repository, file, commit) or documentation page they were read from."""
    url: str
    flags: frozenset[str]
    """Long option names with their dashes (``--max-num-seqs``), or dotted ``section.key`` names
    for a configuration file."""


VLLM = FlagTable(
    target="vllm", program="vllm serve", version="0.33.0",
    source="vLLM 0.33.0 (PyPI wheel, commit g4ba787ec9): vllm/engine/arg_utils.py EngineArgs.add_cli_args "
           "(--tensor-parallel-size l. 1209, --pipeline-parallel-size 1171, --data-parallel-size 1241, "
           "--enable-expert-parallel 1305, --max-num-batched-tokens 1740, --max-num-seqs 1754, --max-model-len 991, "
           "--quantization 992, --dtype 977, --enforce-eager 1000, --gpu-memory-utilization 1389, "
           "--kv-cache-dtype 1397, --enable-prefix-caching 1402); --port from FrontendArgs.port in "
           "vllm/entrypoints/common/cli_args.py; --kv-cache-dtype values from CacheDType in vllm/config/cache.py "
           "(auto, fp8, fp8_e4m3, fp8_e5m2, nvfp4, int8_per_token_head …); --max-num-seqs applies per "
           "data-parallel rank (SchedulerConfig in vllm/config/scheduler.py), so with --data-parallel-size the "
           "plan's batch per copy is written as it is; the table was first read at v0.11 "
           "(commit 99d7eb5d6a512cfcc5a2b104f24ebf2d6cda772b)",
    url="https://github.com/vllm-project/vllm/blob/v0.33.0/vllm/engine/arg_utils.py",
    flags=frozenset({
        "--tensor-parallel-size", "--pipeline-parallel-size", "--data-parallel-size", "--enable-expert-parallel",
        "--max-num-seqs", "--max-num-batched-tokens", "--max-model-len", "--kv-cache-dtype", "--quantization",
        "--dtype", "--gpu-memory-utilization", "--enforce-eager", "--enable-prefix-caching", "--port",
    }),
)
"""vLLM's OpenAI-compatible server. ``--kv-cache-dtype`` takes auto, fp8 (= fp8_e4m3), fp8_e5m2 and
scheme-specific values; ``--quantization`` fp8, awq, gptq among others; the model is the first
positional argument. ``--max-num-seqs`` counts one data-parallel rank (unlike SGLang's
``--max-running-requests``, which counts the server)."""

SGLANG = FlagTable(
    target="sglang", program="python -m sglang.launch_server", version="0.5.23",
    source="SGLang 0.5.23 (PyPI wheel): flags derived from the ServerArgs field groups in "
           "sglang/srt/arg_groups/fields/ (model.py: --model-path, --context-length, --dtype, --quantization, "
           "--kv-cache-dtype auto|fp8_e4m3|fp8_e5m2|bf16|mxfp8|nvfp4|fp4_mx_block16; parallel.py: --tp-size, "
           "--pp-size, --attn-dp-size, --ep-size, --nnodes, --node-rank, --dist-init-addr; schedule.py: "
           "--max-running-requests, --chunked-prefill-size, --mem-fraction-static; exec_.py: "
           "--cuda-graph-backend-decode|-prefill full|breakable|disabled; disagg.py: --disaggregation-mode "
           "prefill|decode; serving.py: --port). --enable-dp-attention and --disable-cuda-graph are deprecated "
           "there (sglang/srt/server_args.py: '--dp-size N --enable-dp-attention' becomes '--attn-dp-size N'), so "
           "they are not written. --max-running-requests is the server's total: each attention-DP rank gets "
           "max_running_requests // attn_dp_size (sglang/srt/model_executor/pool_configurator.py, "
           "requested_max_running_requests_per_worker)",
    url="https://docs.sglang.io/advanced_features/server_arguments.html",
    flags=frozenset({
        "--model-path", "--tp-size", "--pp-size", "--attn-dp-size", "--ep-size",
        "--nnodes", "--node-rank", "--dist-init-addr",
        "--max-running-requests", "--chunked-prefill-size", "--context-length", "--kv-cache-dtype",
        "--quantization", "--dtype", "--mem-fraction-static", "--cuda-graph-backend-decode",
        "--cuda-graph-backend-prefill", "--disaggregation-mode", "--port",
    }),
)
"""SGLang's server. ``--tp-size`` is also ``--tensor-parallel-size``, ``--ep-size`` also
``--expert-parallel-size``, ``--attn-dp-size`` also ``--attention-data-parallel-size``. With
attention data parallelism (``--attn-dp-size N`` inside ``--tp-size``) ``--max-running-requests``
counts the whole server: it is divided among the N attention-DP ranks, so the plan's batch per
copy is multiplied by N."""

TENSORRT_LLM = FlagTable(
    target="tensorrt-llm", program="trtllm-serve", version="serve.py at 00209af",
    source="NVIDIA/TensorRT-LLM tensorrt_llm/commands/serve.py, the click options of `serve` (commit "
           "00209af149e7774406881a37283dce303571eb11: --backend pytorch|tensorrt|_autodeploy, --max_batch_size, "
           "--max_num_tokens, --max_seq_len, --tp_size, --pp_size, --ep_size, --kv_cache_free_gpu_memory_fraction, "
           "--extra_llm_api_options (also --config), --enable_chunked_prefill, --port); YAML keys of "
           "--extra_llm_api_options from tensorrt_llm/llmapi/llm_args.py (KvCacheConfig.dtype, PyTorch backend "
           "only; BaseLlmArgs.enable_attention_dp)",
    url="https://github.com/NVIDIA/TensorRT-LLM/blob/00209af149e7774406881a37283dce303571eb11/"
        "tensorrt_llm/commands/serve.py",
    flags=frozenset({
        "--backend", "--tp_size", "--pp_size", "--ep_size", "--max_batch_size", "--max_num_tokens",
        "--max_seq_len", "--kv_cache_free_gpu_memory_fraction", "--enable_chunked_prefill",
        "--extra_llm_api_options", "--port",
        "kv_cache_config.dtype", "enable_attention_dp",
    }),
)
"""TensorRT-LLM's OpenAI-compatible server (PyTorch backend); the model is the first positional
argument. The KV-cache precision and attention data parallelism are keys of the YAML file given
to ``--extra_llm_api_options``."""

MEGATRON = FlagTable(
    target="megatron", program="pretrain_gpt.py", version="core_v0.15.0",
    source="NVIDIA/Megatron-LM megatron/training/arguments.py at tag core_v0.15.0 "
           "(0d7e02bd26d3eb347ad8d1bef625002babfa6df7)",
    url="https://github.com/NVIDIA/Megatron-LM/blob/core_v0.15.0/megatron/training/arguments.py",
    flags=frozenset({
        "--tensor-model-parallel-size", "--pipeline-model-parallel-size", "--num-layers-per-virtual-pipeline-stage",
        "--context-parallel-size", "--expert-model-parallel-size", "--sequence-parallel", "--micro-batch-size",
        "--global-batch-size", "--seq-length", "--max-position-embeddings", "--num-layers", "--hidden-size",
        "--ffn-hidden-size", "--num-attention-heads", "--group-query-attention", "--num-query-groups",
        "--kv-channels", "--swiglu", "--normalization", "--position-embedding-type",
        "--untie-embeddings-and-output-weights", "--disable-bias-linear", "--num-experts", "--moe-router-topk",
        "--bf16", "--fp16", "--fp8-format", "--grad-reduce-in-bf16", "--recompute-granularity", "--recompute-method",
        "--recompute-num-layers", "--use-distributed-optimizer", "--use-torch-fsdp2", "--optimizer",
        "--optimizer-cpu-offload", "--overlap-grad-reduce", "--overlap-param-gather", "--train-iters",
        "--overlap-moe-expert-parallel-comm", "--decoder-first-pipeline-num-layers",
        "--decoder-last-pipeline-num-layers", "--tp-comm-overlap", "--no-gradient-accumulation-fusion",
        "--use-megatron-fsdp", "--data-parallel-sharding-strategy", "--ckpt-format", "--use-precision-aware-optimizer",
        "--rotary-base", "--use-rope-scaling", "--rope-scaling-factor", "--pipeline-model-parallel-layout",
        "--cuda-graph-impl", "--cp-comm-type", "--moe-token-dispatcher-type", "--moe-enable-deepep",
    }),
)
"""Megatron-LM's GPT pre-training script; ``--recompute-granularity`` takes full or selective,
``--fp8-format`` e4m3 or hybrid, ``--optimizer`` adam or sgd."""

TORCHRUN = FlagTable(
    target="torchrun", program="torchrun", version="PyTorch 2.x",
    source="torch/distributed/run.py (torchrun, elastic launch) options",
    url="https://docs.pytorch.org/docs/stable/elastic/run.html",
    flags=frozenset({"--nproc-per-node", "--nnodes", "--node-rank", "--master-addr", "--master-port"}),
)
"""The launcher Megatron-LM and torchtitan are started with, one process per card."""

TORCHTITAN = FlagTable(
    target="torchtitan", program="python -m torchtitan.train", version="v0.2.2",
    source="pytorch/torchtitan torchtitan/config/job_config.py at tag v0.2.2 "
           "(73a0e6979dd10b6b1904098eb3c8f62c18ab87ce); run_train.sh for the entry point",
    url="https://github.com/pytorch/torchtitan/blob/v0.2.2/torchtitan/config/job_config.py",
    flags=frozenset({
        "--job.config_file",
        "job.description", "model.name", "model.flavor", "model.hf_assets_path", "model.converters",
        "training.local_batch_size", "training.global_batch_size", "training.seq_len", "training.steps",
        "training.enable_cpu_offload",
        "parallelism.data_parallel_replicate_degree", "parallelism.data_parallel_shard_degree",
        "parallelism.fsdp_reshard_after_forward", "parallelism.tensor_parallel_degree",
        "parallelism.pipeline_parallel_degree", "parallelism.pipeline_parallel_schedule",
        "parallelism.pipeline_parallel_microbatch_size", "parallelism.context_parallel_degree",
        "parallelism.expert_parallel_degree", "activation_checkpoint.mode",
        "activation_checkpoint.selective_ac_option", "optimizer.name",
        "quantize.linear.float8.filter_fqns",
    }),
)
"""torchtitan's trainer: a TOML job file of ``[section] key = value`` (the dotted names here), the
only command-line option written being ``--job.config_file``."""

TORCHTUNE = FlagTable(
    target="torchtune", program="tune run", version="v0.6.1",
    source="pytorch/torchtune at tag v0.6.1 (a6290a5b40758f13bca61c386bc8756a49ef417e): torchtune/_cli/run.py "
           "(tune run takes torchrun's own options: --nnodes, --nproc_per_node, --rdzv_backend, --rdzv_endpoint; "
           "without --rdzv_endpoint it runs standalone, one server), torchtune/config/_parse.py (--config, then "
           "key=value overrides and ~key removals, OmegaConf dotlist); the keys as "
           "recipes/lora_finetune_distributed.py and recipes/lora_finetune_single_device.py read them (batch_size, "
           "gradient_accumulation_steps, epochs, max_steps_per_epoch, dtype, enable_activation_checkpointing, "
           "enable_activation_offloading, "
           "fsdp_reshard_after_forward, fsdp_cpu_offload, optimizer, dataset) and the model builders' arguments "
           "(torchtune/models/llama3_1/_model_builders.py lora_llama3_1_70b: lora_attn_modules, apply_lora_to_mlp, "
           "apply_lora_to_output, lora_rank, lora_alpha, lora_dropout)",
    url="https://github.com/pytorch/torchtune/blob/v0.6.1/recipes/lora_finetune_distributed.py",
    flags=frozenset({
        "--nnodes", "--nproc_per_node", "--rdzv_backend", "--rdzv_endpoint", "--config",
        "model._component_", "model.lora_attn_modules", "model.apply_lora_to_mlp", "model.apply_lora_to_output",
        "model.lora_rank", "model.lora_alpha", "model.lora_dropout", "batch_size", "gradient_accumulation_steps",
        "tokenizer.max_seq_len", "dataset.packed", "epochs", "max_steps_per_epoch", "dtype",
        "enable_activation_checkpointing", "enable_activation_offloading", "fsdp_reshard_after_forward",
        "fsdp_cpu_offload", "optimizer._component_", "optimizer.fused",
    }),
)
"""torchtune's launcher for its LoRA recipes: torchrun's options, the recipe, ``--config`` and the config's
keys overridden as ``key=value`` words (the dotted names here; ``~key`` removes one)."""

TABLES: dict[str, FlagTable] = {t.target: t for t in (VLLM, SGLANG, TENSORRT_LLM, MEGATRON, TORCHRUN, TORCHTITAN,
                                                            TORCHTUNE)}
"""Every table by target."""
