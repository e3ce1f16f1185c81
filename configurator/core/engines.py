"""Serving engines as profiles: what each one adds to the hardware's roofline.

A decode or prefill step on a card costs its roofline (bytes over bandwidth, FLOPs over peak),
at the share of the card's achievable bandwidth and compute the engine's kernels reach, plus
the time the engine spends around the kernels:

``t = max(W/(B·c·s_w), F/(P·e·s_p)) + KV/(B·c·s_kv(ctx)) + L·t_layer + t_step (+ TP all-reduces)``

(attention reads the cache in its own kernel after the batched products:
:func:`~configurator.core.serving_speed.decode_step_seconds`)

with ``B`` the card's bandwidth, ``c`` the achievable share of it (``Assumptions.
decode_bandwidth_efficiency``: a device-to-device copy reaches 0.88 on the H200), ``P`` the
peak and ``e`` the products' efficiency at their shapes on the card (:func:`~configurator.core.
formulas.gemm_efficiency.gemm_efficiency`) × ``Assumptions.prefill_efficiency``; a profile keeps
only what is the engine's (its overheads and its kernels' shares). KV reads grow
efficient with context: ``s_kv(ctx) = s_kv · ctx / (ctx + kv_half_context)``. Every number of
a profile names its source; a profile can be replaced as a whole (``Serving.engine_profile``).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from configurator.core.formulas.attention_kernels import FA2, HOPPER_FUSED
from configurator.core.frozen_model import plain_attribute_reads  # noqa: F401  (models' reads made plain)
from configurator.core.units import Precision


class Engine(StrEnum):
    """The software that serves the model."""

    TRANSFORMERS = "transformers"
    VLLM = "vllm"
    SGLANG = "sglang"
    TENSORRT_LLM = "tensorrt-llm"
    LLAMA_CPP = "llama.cpp"
    IDEAL = "ideal"


FAMILIES = ("float", "int8", "awq", "gptq", "nvfp4", "mxfp4", "gguf", "exl2")
"""Weight-format families (:mod:`configurator.core.formats`). MXFP4 is served by vLLM
(vllm/model_executor/layers/quantization/mxfp4.py, gpt-oss; Quark's MXFP4 on ROCm), SGLang
(sgl-project/sglang @bafa16ec python/sglang/srt/layers/quantization/mxfp4.py) and TensorRT-LLM
(QuantAlgo W4A16_MXFP4, W4A8_MXFP4_FP8); llama.cpp's MXFP4 is a GGUF type, not modelled here."""


class EngineProfile(BaseModel):
    """One engine's overheads and kernel efficiencies; every default below is sourced."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    cuda_graphs: bool = Field(description="decode steps are replayed from captured CUDA graphs by default")
    layer_overhead_graphs_s: float = Field(
        ge=0, le=0.1, description="time per layer per forward pass beyond the roofline with CUDA graphs: the gaps "
                                  "between the layer's small kernels [s]")
    layer_overhead_eager_s: float = Field(
        ge=0, le=0.1, description="the same with every kernel launched from the host [s]")
    step_overhead_s: float = Field(
        ge=0, le=1, description="host time per step not hidden behind the GPU: scheduling, sampling, output [s]")
    weight_stream_share: float = Field(
        gt=0, le=1.2, description="share of the card's achievable bandwidth at which decode reads the weights")
    kv_read_share: float = Field(gt=0, le=1.2, description="share at which attention reads a long KV cache")
    hbm_decode_factor: float = Field(
        default=1.0, gt=0, le=1, description="factor on the decode read shares on HBM cards, where the engine's "
                                             "batch-1 kernels reach a lower share of the bandwidth than on GDDR "
                                             "(and on its prompt's dequantization kernel, which is its own too)")
    kv_half_context: int = Field(
        ge=0, le=1_000_000, description="context at which KV reads reach half that share (short sequences pay "
                                        "per-sequence setup; 0: no short-sequence penalty) [tokens]")
    prefill_share: float = Field(gt=0, le=2, description="share of the prefill efficiency its prompt kernels reach (decode "
                                                                  "steps: the weight stream's share)")
    prompt_int8_share: float | None = Field(
        default=None, gt=0, le=2, description="share of the prefill efficiency its INT8 prompt products of quantized "
                                              "weights reach (llama.cpp's MMQ kernels; unset: the share of its "
                                              "other prompt kernels)")
    prefill_layer_overhead_s: float | None = Field(
        default=None, ge=0, le=0.1, description="time per layer per prefill chunk beyond the roofline (unset: the "
                                                "default per-layer time of the workload's assumptions) [s]")
    prompt_eager_op_host_s: float | None = Field(
        default=None, ge=0, le=1e-3,
        description="host time of one eager PyTorch op where the engine runs its prompt layers op by op, unfused "
                    "(configurator/core/formulas/eager_layer.py): each elementwise kernel's traffic is then charged "
                    "per prompt token, and a chunk's layers take at least their kernels' dispatch; None: fused "
                    "prompt kernels, whose traffic the prefill efficiency and the per-layer time carry [s]")
    prefill_attention: tuple[tuple[str, str], ...] = Field(
        default=(), description="the prompt attention kernel it runs by default on each GEMM family, as pairs "
                                "(family, kernel of formulas/attention_kernels.py): charged at that kernel's "
                                "published forward share; a family not listed, or a kernel with no published "
                                "share, runs attention at the products' rate")
    continuous_batching: bool = Field(description="new requests join the running batch between steps")
    scheduler_steps: int = Field(
        default=1, ge=1, le=64,
        description="decode steps run per scheduling pass (multi-step scheduling, vLLM --num-scheduler-steps): new "
                    "requests join only between passes, so a prompt waits for the rest of the running pass "
                    "(configurator/core/load.py); 1 = they may join at any step, the default of every engine here "
                    "(vLLM 0.6.0 engine/arg_utils.py, --num-scheduler-steps default 1, commit 32e7db2; the V1 "
                    "engine has no such setting)")
    prefill_with_decodes: bool = Field(
        default=True,
        description="a prompt's prefill rides in a decode step, sharing its weight read (mixed batches: vLLM's "
                    "chunked prefill, TensorRT-LLM's in-flight batching); False: the engine runs a prompt's "
                    "prefill as a forward pass of its own, which reads the weights again while the running "
                    "sequences wait (SGLang without --enable-mixed-chunk, its default: sgl-project/sglang "
                    "python/sglang/srt/server_args.py, enable_mixed_chunk: bool = False from v0.3.0 on; "
                    "configurator/core/prefill_time.py prefill_pass_seconds)")
    formats: tuple[str, ...] = Field(description="weight-format families it serves")
    formats_not_served: tuple[str, ...] = Field(default=(), description="weight formats (formats.WeightFormat "
                                                "values) of a family in ``formats`` it does not load (engine_formats)")
    kv_not_served: tuple[Precision, ...] = Field(default=(), description="KV-cache precisions it has no cache type for")
    fp8_kv_with_fp8_weights: bool = Field(
        default=False, description="its FP8 checkpoints come with an FP8 KV cache by default")
    prompt_fp16_accumulate: bool = Field(
        default=False, description="its prompt products in FP16 accumulate in FP16 (cuBLAS CUBLAS_COMPUTE_16F): "
                                   "they run at the card's FP16-accumulate rate, twice "
                                   "the FP32-accumulate rate on GeForce cards")
    prompt_int8_quantized: bool = Field(
        default=False, description="its prompt products of quantized (GGUF) weights run on INT8 tensor cores "
                                   "(llama.cpp's MMQ): at the card's INT8 rate where it has one")
    prompt_fp16_conversions: bool = Field(
        default=False, description="its activations are FP32 and each cuBLAS prompt product converts its input "
                                   "to an FP16 copy and its FP16 result back to FP32 with kernels of its own "
                                   "(llama.cpp; configurator/core/prompt_conversions.py): that traffic is "
                                   "charged per prompt token")
    max_seqs: int | None = Field(
        default=None, ge=1, le=65536,
        description="sequences one model copy schedules together by default, where the engine caps them (vLLM's "
                    "maximum number of sequences, SGLang's running requests, TensorRT-LLM's batch size, llama.cpp's "
                    "server slots); unset: memory alone decides [sequences]")
    max_seqs_large_card: int | None = Field(
        default=None, ge=1, le=65536,
        description="the same default on a large card (vLLM: 'GPUs like H100 and MI300x'); unset: as on any "
                    "card [sequences]")
    large_card_gib: float = Field(
        default=70.0, gt=0, le=4096,
        description="device memory from which a card takes the large-card default (vLLM: 70 GiB of the device's "
                    "total memory, an A100 never) [GiB]")
    large_card_not_named: tuple[str, ...] = Field(
        default=(), description="parts of a device name (lower case) that keep a card at the default whatever "
                                "its memory (vLLM: 'a100', PR #17885)")
    step_tokens: tuple[tuple[float, int], ...] = Field(
        default=((0.0, 8192),),
        description="tokens one engine step carries by default, decode tokens included (vLLM max_num_batched_tokens, "
                    "SGLang --chunked-prefill-size, TensorRT-LLM max_num_tokens), by card memory: pairs (least "
                    "device memory [GiB], tokens) in rising memory, the last one a card reaches applies; a card "
                    "named in large_card_not_named takes the first; unset, 8,192 on every card, TensorRT-LLM's "
                    "figure: Hugging Face transformers' generate() prefills its static batch whole and llama-server "
                    "runs a logical batch of 2,048 (-b) in micro-batches of 512 (-ub), neither modelled here as a "
                    "step budget, so those profiles keep it [tokens]")
    offline_step_tokens: tuple[tuple[float, int], ...] | None = Field(
        default=None,
        description="the same for offline batch work where the engine's offline entry point has its own default "
                    "(vLLM's LLM class against its OpenAI-compatible server); unset: as online [tokens]")
    fp8_expert_dispatch: bool = Field(
        default=False,
        description="its expert-parallel all-to-all (DeepEP) dispatches the tokens in FP8 with a float32 scale per "
                    "128 channels, whatever the weights, and combines them in BF16 "
                    "(configurator/core/formulas/moe.py FP8_DISPATCH_BYTES): SGLang's DeepEP dispatcher, "
                    "sgl-project/sglang python/sglang/srt/layers/moe/token_dispatcher/deepep.py, commit 454e84d "
                    "(low latency: use_fp8 unless SGLANG_DEEPEP_BF16_DISPATCH; normal: per-token-group FP8 "
                    "quantization of 128 before the dispatch with DeepGEMM). False: the dispatch at the "
                    "activations' size, as vLLM does for every weight format here (its DeepEP path quantizes "
                    "before the dispatch only for block-quantized FP8 checkpoints, prepare_finalize/deepep_ht.py, "
                    "commit 583ce6b; this catalogue's FP8 format is per-tensor or per-channel)")
    kv_pool_reserved: bool = Field(
        default=True,
        description="it reserves its key/value cache as one pool when it starts, out of the memory share it is given "
                    "(Serving.engine_memory_fraction), so a cache that fills the share is by design, not an overflow: "
                    "sequences past what the pool holds wait or are preempted and recomputed later (vLLM docs, "
                    "'Optimization and Tuning: Preemption': 'vLLM pre-allocates GPU cache using "
                    "gpu_memory_utilization% of memory'; SGLang's --mem-fraction-static holds the weights and the KV "
                    "pool; TensorRT-LLM's KvCacheConfig.free_gpu_memory_fraction, default 0.9, of the memory left "
                    "after loading; llama.cpp allocates the cache for n_ctx when its context is made; the roofline is "
                    "the best of these). False: the cache grows a token at a time (Hugging Face transformers' "
                    "DynamicCache), so a longer answer than planned can run out of memory and a tight fit is a true "
                    "warning. Default True, as vLLM, the default engine (a profile saved before the field, "
                    "December 2026, reads as the engine it was most likely edited from)")
    source: str = ""


TRANSFORMERS = EngineProfile(
    cuda_graphs=False,
    # H200, plain PyTorch decode replayed from a CUDA graph (h200-calibration.jsonl, 'decode'): the
    # 8B rows at batch 1 and 32 separate the weight and KV terms; the per-layer term is the kernel
    # count of an unfused Llama layer (≈35: fp32 RMSNorm, RoPE, q/k/v/o, SDPA, cache update, SwiGLU)
    # times ≈3 µs per kernel in a replayed graph, which also puts Llama 3.2 1B at batch 1 where the
    # issue's H200 measurement does (−56 % with no per-layer term). The two shares and the half-context are
    # the rule's solution on today's formulas over the 18 H200 decode rows of two campaigns (benchmarks/loso.py,
    # 'transformers decode profile', 2026-12-04: the grid's 8B at 1-128 sequences x 512-32,768 tokens and the
    # 1B and 3B beside the first campaign's two): 0.863 and 0.991 (0.860 and 0.992 once the prefill efficiency
    # moved to 0.927, 2026-12-04, which the compute-bound steps read) with no short-sequence penalty — every
    # half-context over 0 wants a KV share above the copy kernel's (1.03 at 256 tokens, 1.15 at 850). Before,
    # from the two 2,048-token rows alone: 0.879, 0.904 and an informed 850, which put the new rows 1-24 % slow.
    layer_overhead_graphs_s=1.0e-4,
    # Eager: Hugging Face's 'LLM inference optimization' guide reports up to 4× from a static cache
    # + torch.compile (CUDA graphs) over eager generate; estimator.md notes ≈9× at batch 1 for small
    # models. ≈1.2 ms of host dispatch per layer (≈50 PyTorch ops of ≈25 µs each through generate's
    # Python, sampling included) reproduces both (7B on an A100 ≈4×, 1B on an H200 ≈8×). The H200
    # rows time the graph replay alone, so no separate per-step term.
    layer_overhead_eager_s=1.2e-3,
    step_overhead_s=0.0,
    weight_stream_share=0.860,
    kv_read_share=0.992,
    kv_half_context=0,
    prefill_share=1.0,
    # Prompt layers op by op (formulas/eager_layer.py: 41 kernels and 639 kB of elementwise traffic per token
    # of a Llama 3 8B layer), each op ≈25 µs of host time as the eager decode figure above counts them; their
    # traffic and dispatch replace the per-layer time of fused engines (PREFILL_LAYER_OVERHEAD_S), so none here.
    # The H200 rig's prompts (issue 27, 2026-12-04): 512 tokens of Llama 3 8B took 32.3 ms, 1,312 kernels at
    # 24.6 µs each, host-bound; from 2,048 tokens on, 27-31 µs per token, the products, attention and traffic.
    prompt_eager_op_host_s=25e-6,
    prefill_layer_overhead_s=0.0,
    # Prompt attention: transformers' default attn_implementation "sdpa", PyTorch's
    # scaled_dot_product_attention, whose flash backend is FlashAttention-2 (vendored since PyTorch 2.2)
    # for 16-bit causal attention on Ampere and Hopper.
    prefill_attention=(("ampere", FA2), ("hopper", FA2)),
    continuous_batching=False,
    kv_pool_reserved=False,  # its DynamicCache grows a token at a time: a tight fit is a true warning
    # FP8: FbgemmFp8Config (per-channel W8A8 FP8) and FineGrainedFP8Config (huggingface/transformers
    # src/transformers/quantizers/quantizer_fbgemm_fp8.py, quantizer_finegrained_fp8.py). Not GGUF: a GGUF file
    # is dequantized to 16 or 32 bit on load (quantizer_gguf.py); not MXFP4: quantizer_mxfp4.py (0001b3ee) packs
    # only gpt-oss's experts (Mxfp4GptOssExperts), every other model dequantizes; no NVFP4 or EXL2 kernels.
    formats=("float", "int8", "awq", "gptq"),
    source="h200-calibration.jsonl decode rows (plain PyTorch + CUDA graphs); HF transformers docs, llm_optims "
           "(static cache + torch.compile, up to 4x); generate() batches statically",
)

VLLM = EngineProfile(
    cuda_graphs=True,
    # Fused layer (merged QKV and gate-up GEMMs, fused RMSNorm+residual, rotary, SiLU-and-mul,
    # paged attention): ≈10 kernels × ≈3 µs in a replayed graph.
    layer_overhead_graphs_s=3.0e-5,
    # vllm-project/vllm PR #1440 (CUDA graphs for Llama): Llama 2 7B, 100 output tokens at batch 1 in
    # 1.05 s with graphs and 1.2 s without: 1.5 ms per token over 32 layers = +47 µs per layer.
    layer_overhead_eager_s=3.0e-5 + 4.7e-5,
    # vLLM v0.6.0 performance blog (2024-09-05): before its fixes the API server took 33 % and
    # scheduling 29 % of the time for Llama 3 8B on an H100; since then output processing and
    # scheduling overlap the GPU (multi-step, async output, V1 engine core), ≈0.5 ms left.
    step_overhead_s=5.0e-4,
    # Shares from vLLM 0.24.0's measured kernels, TensorRT-LLM's method (aiconfigurator-core 0.12.0, H100/H200; until
    # 2026-12-06 0.90 / 0.85, assumed): BF16 GEMMs at m 1-16 0.852 x 1.043, FA3 decode 0.933 (PROFILE_SOURCES).
    weight_stream_share=0.89,
    kv_read_share=0.93,
    kv_half_context=0,
    prefill_share=1.0,
    # Prompt attention: vllm-flash-attn, FlashAttention-3 on Hopper (SM 9.0) since vllm-project/vllm PR
    # #12093 (2025-01-15; issue #12429: FA3 "now supported in vLLM for Hopper GPUs (SM 9.0)"), FlashAttention-2
    # elsewhere (FA3 off on SM 8.6/8.9; opt-in on 8.0 via VLLM_FLASH_ATTN_VERSION=3).
    prefill_attention=(("ampere", FA2), ("hopper", HOPPER_FUSED)),
    continuous_batching=True,
    formats=("float", "int8", "awq", "gptq", "nvfp4", "mxfp4", "gguf"),
    # vllm-project/vllm vllm/engine/arg_utils.py, EngineArgs.get_batch_defaults (offline LLM class and OpenAI
    # server alike): default_max_num_seqs 1,024 when current_platform.get_device_total_memory() >= 70 * GiB_bytes
    # and "a100" not in current_platform.get_device_name().lower() ("For GPUs like H100 and MI300x, use larger
    # default values"; the A100 left out after PR #17885: larger batches there reduced throughput), else 256.
    max_seqs=256,
    max_seqs_large_card=1024,
    large_card_gib=70.0,
    large_card_not_named=("a100",),
    # The same function (vllm-project/vllm 99d7eb5d, vllm/engine/arg_utils.py EngineArgs.get_batch_defaults)
    # sets default_max_num_batched_tokens by usage context: the OpenAI-compatible server (vllm serve) 2,048, the
    # LLM class 8,192; on 70 GiB or more but an A100 ("For GPUs like H100 and MI300x") 8,192 and 16,384.
    step_tokens=((0.0, 2048), (70.0, 8192)),
    offline_step_tokens=((0.0, 8192), (70.0, 16384)),
    source="vLLM PR #1440 (graph vs eager decode), vLLM v0.6.0 blog (host overhead); docs: kv_cache_dtype "
           "'auto' = model dtype; max_num_seqs 256, 1,024 on 70 GiB or more but an A100, max_num_batched_tokens "
           "2,048 served and 8,192 offline, 8,192 and 16,384 there (vllm/engine/arg_utils.py get_batch_defaults)",
)

SGLANG = EngineProfile(
    cuda_graphs=True,
    layer_overhead_graphs_s=3.0e-5,
    layer_overhead_eager_s=3.0e-5 + 4.7e-5,
    # SGLang v0.4 blog (2024-12): the overlap ("zero-overhead") scheduler runs the CPU scheduling of
    # the next batch while the GPU runs the current one.
    step_overhead_s=2.0e-4,
    # Shares from SGLang 0.5.14's measured kernels, as vLLM's (until 2026-12-06 0.90 / 0.88, assumed): BF16 GEMMs at
    # m 1-16 0.852 x 1.026, FA3 decode 0.994 (defaults_registry.PROFILE_SOURCES).
    weight_stream_share=0.87,
    kv_read_share=0.99,
    kv_half_context=0,
    prefill_share=1.0,
    # Prompt attention: sgl-project/sglang docs/backend/attention_backend.md, "FlashAttention 3 (Default for
    # Hopper Machines, e.g., H100, H200, H20)", "FlashInfer (Default for Non-Hopper Machines, e.g., A100,
    # A40)": FlashInfer's prefill has no published share here, so off Hopper attention runs at the products' rate.
    prefill_attention=(("hopper", HOPPER_FUSED),),
    continuous_batching=True,
    # A prefill batch is a forward pass of its own: mixing it into the decode batch is opt-in
    # (--enable-mixed-chunk, ServerArgs.enable_mixed_chunk = False, v0.3.0 to today's server_args.py).
    prefill_with_decodes=False,
    # GGUF: GGUFConfig (--quantization gguf, CUDA only), its MMVQ/MMQ kernels for Q4_0...Q8_0 and the
    # k-quants, dequantization for the IQ types (sgl-project/sglang c6f80cf9
    # python/sglang/srt/layers/quantization/gguf.py, adapted from vLLM's); not served before December 2026.
    formats=("float", "int8", "awq", "gptq", "nvfp4", "mxfp4", "gguf"),
    # max_running_requests unset = min(max_total_num_tokens // 2, req_to_token_pool.size), the request pool at
    # most 4,096 slots (sgl-project/sglang python/sglang/srt/model_executor/model_runner.py and
    # pool_configurator.py: resolved = min(capacity_cap, 4096)): memory decides first.
    max_seqs=4096,
    # --chunked-prefill-size unset: by the device's memory (sgl-project/sglang python/sglang/srt/server_args.py,
    # ServerArgs._handle_gpu_memory_settings, late 2025; gpu_mem in MiB): under 35 GiB (A10, 4090, 5090) 2,048,
    # under 60 GiB (A100 40GB, L40) 4,096, under 160 GiB (H100, A100 80GB, H20, H200) 8,192, else (B200, MI300)
    # 16,384. Earlier releases had three tiers (2,048 under 35 GiB, 8,192 under 160 GiB, 16,384).
    step_tokens=((0.0, 2048), (35.0, 4096), (60.0, 8192), (160.0, 16384)),
    fp8_expert_dispatch=True,
    source="SGLang v0.4 blog (overlap scheduler); docs: --chunked-prefill-size by card memory, --kv-cache-dtype auto; "
           "kernels as vLLM (FlashInfer attention); checked against sgl-project/sglang "
           "benchmark/benchmark_vllm_060 (SGLang v0.3.0, ShareGPT: Llama 3.1 8B on 1x A100 80GB offline "
           "4,281.51 output tokens/s and median TPOT 13.17 ms at 4 requests/s; 70B TP4 on 4x H100 "
           "25.03 ms) in tests/test_serving_sglang.py",
)

TRT_XQA_FIXED_S = 9.7e-6
"""TensorRT-LLM's XQA generation attention per layer beyond its cache read [s]: aiconfigurator-core 0.12.0's
measured table at batch 1 (notes-trt-layer-2026-12-06.md); part of :data:`TENSORRT_LLM`'s per-layer times."""

TRT_FIXED_OP_S = 3.0e-6
"""A TensorRT-LLM memory op's fixed time, and a host launch's exposed time, per kernel [s] (aiconfigurator-core
0.12.0's mem_empirical_constant_latency; NVIDIA developer forum 233645: null-kernel launch overhead about 3 µs)."""


TENSORRT_LLM = EngineProfile(
    cuda_graphs=True,
    # Graphs by default as today (NVIDIA/TensorRT-LLM PR 5480, 2025); performance.md v0.5-v0.9 ran eager
    # (accuracy_base.TRT_SESSION_BENCHMARK). Per layer beyond the weight and KV streams, derived
    # (notes-trt-layer-2026-12-06.md): its Llama layer (modeling_llama.py @012cf909) runs 4 GEMMs (in the weight
    # share), XQA attention (aiconfigurator-core 0.12.0's table: 9.7 µs at batch 1) and 3 memory ops (2 add+RMSNorm,
    # SwiGLU: 3 µs fixed each, its mem_empirical_constant_latency). Eager, counted (notes-trt-eager-count-2026-12-06):
    # the same kernels plus one exposed host launch each, 10 launches per layer of the v0.9 build (5 GEMMs, MMHA or
    # rope/KV-update + XQA, 2 Myelin-fused add+RMSNorm, SiLU x gate, FP8 quantize: 9-11 by variant) x ≈3 µs per
    # launch (NVIDIA developer forum 233645: null-kernel launch overhead about 3 µs).
    layer_overhead_graphs_s=3 * TRT_FIXED_OP_S + TRT_XQA_FIXED_S,
    layer_overhead_eager_s=3 * TRT_FIXED_OP_S + TRT_XQA_FIXED_S + 10 * TRT_FIXED_OP_S,
    step_overhead_s=2.0e-4,
    # The weight share from TensorRT-LLM's measured kernels (aiconfigurator-core 0.12.0, systems/data/{h100_sxm,
    # h200_sxm}/gemm/trtllm/1.3.0rc20/): BF16 GEMMs at m 1-16 rows over 11 Llama-sized (n, k), weight bytes over
    # latency over the datasheet bandwidth and DECODE_BANDWIDTH_EFFICIENCY: median 0.852 of 352 GEMMs (IQR
    # 0.71-0.90; H100 0.874-0.893, H200 0.819-0.829) (benchmarks/data/notes-informed-defaults-2026-12-06-b.md).
    # FP8 weights stream at this share too: the same tables' FP8 GEMMs (timed on BF16 activations, so each quantizes
    # its input first) take their bytes at this share plus 11.4 µs a GEMM (leave one card out: 3.4 % |error|,
    # against 20 % at their own 0.545; tools/fit_fp8_stream.py). The rows do not show that 0.545: decoding FP8 at it
    # puts TensorRT-LLM's held-out FP8 steps 32 % slow (notes-fp8-stream-2026-12-06.md). Until
    # 2026-12-06 0.92, informed by performance.md's v0.5-v0.9 tables; put in force with the prefill efficiency
    # refitted 0.927 -> 0.936 by its rule (held out serving-throughput 19.7 -> 18.6 %, serving-server 9.4 -> 8.8 %,
    # serving-latency 26.6 -> 27.8 %, decode 8.5 -> 8.1 %, serving-offline 8.1 -> 8.6 %).
    weight_stream_share=0.85,
    # The KV share from TensorRT-LLM's measured kernels (aiconfigurator-core 0.12.0, systems/data/{h100_sxm,
    # h200_sxm}/attention/trtllm/1.3.0rc20/): XQA generation attention over a BF16 cache, 32 query heads, 8 or 32
    # KV heads, batch x context ≥ 131k tokens, bytes over latency over the datasheet bandwidth (3,350 and 4,800
    # GB/s) and DECODE_BANDWIDTH_EFFICIENCY: median 0.981 of 82 rows (IQR 0.886-1.02; H100 0.997 GQA / 1.041 MHA,
    # H200 0.976 / 1.017) (benchmarks/data/notes-informed-defaults-2026-12-06.md, -b.md). Until 2026-12-06 0.90,
    # informed by performance.md's v0.5-v0.9 tables.
    kv_read_share=0.98,
    kv_half_context=0,
    prefill_share=1.0,
    # Prompt attention: TensorRT-LLM's own fused multi-head attention (context FMHA) kernels, with no
    # published share of peak: attention runs at the products' rate.
    prefill_attention=(),
    continuous_batching=True,
    formats=("float", "int8", "awq", "gptq", "nvfp4", "mxfp4"),
    fp8_kv_with_fp8_weights=True,
    # trtllm-serve --max_batch_size defaults to BuildConfig.max_batch_size, 2,048 (NVIDIA/TensorRT-LLM
    # tensorrt_llm/commands/serve.py; tensorrt_llm/builder.py BuildConfig).
    max_seqs=2048,
    # trtllm-serve --max_num_tokens defaults to BuildConfig.max_num_tokens, 8,192 on every card (NVIDIA/TensorRT-LLM
    # 4c05a748 tensorrt_llm/commands/serve.py; tensorrt_llm/builder.py BuildConfig).
    step_tokens=((0.0, 8192),),
    source="NVIDIA/TensorRT-LLM docs/source/performance.md (v0.5–0.6: FP8 rows run FP8 KV; TTFT and static-batch "
           "throughput tables, checked in tests/test_serving.py); max_num_tokens 8192",
)

LLAMA_CPP = EngineProfile(
    cuda_graphs=True,
    # XiongjieDai/GPU-Benchmarks-on-LLM-Inference, LLaMA 3 tables (May 2024, builds b2824-b2843, after CUDA graphs
    # came to llama.cpp in PR #6766): llama-bench tg512 of 8B Q4_K_M and F16 on ten cards; llama.cpp pull request
    # 19053 (2026 build): tg128 of 8B Q4_0 and 3B Q4_K_M on the RTX 6000 Ada; llama.cpp pull request 4766 (January
    # 2024, eager): tg128 of LLaMA 2 7B F16 and Q4_0 on the RTX 3090, F16 and Q8_0 on the RTX 4090. The two formats
    # (or models) on a card separate the byte term from a per-layer term; across the cards the GDDR6/6X ones stream
    # the weights at 0.88-1.05 of their peak bandwidth (the F16 - Q4_K_M time over the 10.38 GiB the two files
    # differ by, llama-bench's sizes) and the HBM2e ones (A100 PCIe and SXM, H100 PCIe) at 0.48-0.71. A likely
    # cause, not measured here: llama.cpp's batch-1 mat-vec kernels keep a fixed amount of reads in flight per SM,
    # which fills a GDDR bus but not HBM's wider one (bytes in flight = bandwidth × latency, Little's law); the
    # three HBM cards are all HBM2e near 2 TB/s, so memory type and bandwidth level are not separable in these
    # rows. Three fits (benchmarks/loso.py), in order. 'llama.cpp CUDA-graphs saving': every published eager/graphs
    # pair of one card, model and build (pull request 6766's ./main rows on the RTX 3090 and 4090, 25 and 13 µs a
    # layer; issue 6763's on the H100 PCIe, 27 µs; April 2024, LLaMA 2 7B Q4_0 and Q4_K_M), the graphs row's time
    # as its eager row's measured time less 32 layers × the saving, least squares on the log error: 21.7 µs (each
    # pair left out, its graphs row from its eager row: +6.7 % on the RTX 4090, -1.8 % on the RTX 3090, -4.6 % on
    # the H100 PCIe); the graphs per-layer time is the eager one less it. Until 2026-12-05 (session 33) 40 µs,
    # NVIDIA's technical blog 'Optimizing llama.cpp AI Inference with CUDA Graphs' (2024: up to 1.2x for small
    # models on an H100), which the three pairs measure at 13-27 µs. 'llama.cpp decode on GDDR' over the 24 GDDR
    # rows of four publications (XiongjieDai's 14, pull request 19053's 2, pull request 4766's 4, pull request
    # 6766's 4: the ./main pairs of the saving fit, April 2024, tokens generated not stated, 128 assumed), the
    # share at most the card's peak (1/0.88 of the achievable): share 1.034 of the achievable 0.88 (0.91 of peak)
    # and 89.5 µs per layer eager, 67.8 µs with graphs. 'llama.cpp HBM decode factor' over 9 HBM rows of three
    # publications (XiongjieDai's 6, llama.cpp pull request 6017's A100 PCIe F16 tg128 and issue 6763's H100 PCIe
    # Q4_K_M eager and graphs rows, March-April 2024), × 0.591 (× 0.552 from XiongjieDai's 6 alone until December
    # 2026). Each publication predicted from the others' rows alone (leave one source out): XiongjieDai's GDDR rows
    # -14 to +9 %, pull request 19053's -24/-33 %, pull request 4766's -7 to +12 %, pull request 6766's +6 to +24 %
    # (the saving then from the H100 pair alone): one share and one per-layer time for every build cannot
    # cross-validate tighter than the spread between builds (the 2026 build is faster per layer, the April 2024
    # one slower; benchmarks/data/notes-decode-2026-12-05.md and -05b.md). Session 33 (2026-12-05), before:
    # saving 40 µs, three GDDR publications, share 1.005, 90.0 µs eager (50.0 graphs), × 0.570; decode
    # in sample 7.1 -> 6.1 %, leave one source out 10.0 % (38/54 rows) -> 9.2 % (42/58). Until 2026-12-05 (session
    # 32) two publications, share 0.994 and 87.1 µs eager, × 0.569: held out, XiongjieDai's rows were predicted from
    # pull request 19053's two rows alone, at a share of 1.165 (1.03 of the cards' peak, unphysical), +4 to +33 %;
    # decode's leave-one-source-out median was 14.3 %. Before December 2026 one fit of the 20 XiongjieDai rows
    # (share 1.094, × 0.583, 85.5 µs).
    layer_overhead_eager_s=0.895e-4,
    layer_overhead_graphs_s=0.678e-4,
    step_overhead_s=0.0,
    weight_stream_share=1.034,
    hbm_decode_factor=0.591,
    kv_read_share=1.034,
    kv_half_context=0,
    # The same repository's LLaMA 3 table (May 2024, builds b2824-b2843): llama-bench pp512 of 8B
    # Q4_K_M on RTX A6000, RTX 6000 Ada, L40S, A100 PCIe and SXM, H100 PCIe (3,781-8,125 tokens/s).
    # With llama.cpp pull request 6017's pp512 of LLaMA 2 7B F16 and Q8_0 on one A100 PCIe (March 2024, the same
    # cuBLAS path), one share for the eight rows of two publications, least squares on the log error
    # (benchmarks/loso.py, 'llama.cpp prompt processing'): 0.988 of the prefill efficiency (leaving each row out,
    # 12.9 % median, 35.5 % worst; 0.936 since TensorRT-LLM's weight share took its kernel tables' 0.85 and the
    # prefill efficiency moved 0.927 -> 0.936, 2026-12-06; 0.945 since the decode fits' session 33 refit,
    # 2026-12-05, the GDDR share at which the dequantization copy streams 1.005 -> 1.034, from 0.988 (11.7 %
    # median, 34.8 % worst); 1.0 until the decode fit took pull request 4766's rows, 2026-12-05, and the GDDR
    # share at which the dequantization copy streams rose 0.994 -> 1.005; 1.021 until the prefill
    # efficiency was refitted 0.908 -> 0.927 with the eager engine's prompt counted, 2026-12-04; 0.820 until the FP16
    # conversions of activations around each cuBLAS product were charged, issue 27 below, last; 0.727 until the
    # dequantization kernel's traffic ran at the HBM factor, issue 27 below; 0.751 until a
    # prompt's output head ran at its last token only, December 2026, and the prefill efficiency was refitted
    # 0.928 -> 0.908; 0.792 from the six
    # XiongjieDai rows alone until December 2026; 0.755 until the decode fit took pull request 19053's
    # rows, December 2026, and its per-layer time fell from 125 to 87 µs eager; 0.798 until the prefill
    # efficiency was refitted with attention at the kernel table, 0.921 -> 0.928) since the build's
    # dequantization copy is counted apart
    # (prefill_time.prefill_seconds: quantized weights dequantized to an FP16 copy, written and read back,
    # before each cuBLAS product; 0.508 before, December 2026, when the share carried that copy too and so
    # was applied to F16 weights, which have none: the same table's F16 pp512 rows of five professional
    # cards, in no fit, were predicted 29-57 % slow, now 7-29 %). The table's GeForce rows (FP16 accumulate
    # at twice the FP32-accumulate rate there: Card.fp16_acc16_tflops) are held out. Issue 27, 2026-12-03: the
    # table's notebooks print each card's build (b2824-b2843) and 'CUDA_USE_TENSOR_CORES: yes', so every card,
    # GeForce or not, ran this cuBLAS path; the same die errs alike on both lines (RTX 3090 / A6000, RTX 4090 /
    # 6000 Ada), the errors order by architecture (Ada +17..+54 %, A100 -5..-14 %, H100 PCIe -27 %): one share
    # per engine cannot carry them, and neither a per-kernel roofline nor a board power ceiling closed it
    # (benchmarks/data/held-out.json, the GeForce pp512 rows' notes). Issue 27, 2026-12-03, later: the errors
    # order by memory type as much as by architecture (each Q4_K_M row's products would need 0.62 of peak on the
    # L40S, 0.61 on the RTX A6000, 0.49 on the RTX 6000 Ada, but 0.39 on the A100s and 0.25 on the H100 PCIe):
    # the dequantization copy, the largest bandwidth term (42 ms of the L40S's 119), ran at the GDDR share on
    # HBM cards, while llama.cpp's own memory-bound kernels reach 0.569 of it there (hbm_decode_factor). With
    # the dequantization kernel's traffic at that factor (prefill_time.prefill_seconds) the rule gives 0.820
    # (leave one row out 14.2 % median, 36.1 % worst, against 17.5 % and 45.7 % before): Q4_K_M rows A6000
    # +15 -> +7 %, 6000 Ada +29 -> +20 %, L40S +40 -> +32 %, A100 PCIe/SXM -13/-15 -> -9/-11 %, H100 PCIe
    # -27 -> -17 %; pull request 6017's A100 F16 row -4 -> -12 % and Q8_0 -7 -> -1 %. What is left is on the
    # products' side (F16 rows, no copy: Ada +6..+40 %, A100 -15 %, H100 PCIe -33 %, held out): see
    # formulas/gemm_efficiency.py, module docstring, 'L40S tables'. Issue 27, 2026-12-03, last: the F16 rows on
    # HBM (A100 F16 -15 %, H100 PCIe F16 -33 %) read at their build (ggml-org/ggml e87c0557 src/ggml-cuda.cu):
    # llama-bench's -ub 512 makes pp512 one micro-batch, so one weight read, as charged; F16 weights go to
    # cublasGemmEx uncopied; but llama.cpp's activations are FP32, and each product converts its input to FP16
    # and its FP16 result back (lines 1251 and 1270; prompt_fp16_conversions below), 8.05 GB per pp512 of
    # Llama 3 8B, a pass the share had carried. Charged, the rule gives 1.021 (leave one row out 11.6 % median,
    # 34.9 % worst, against 14.2 % and 36.1 %): the cuBLAS products of llama.cpp then run at the prefill
    # efficiency the other engines' products set, as the same library should. Q4_K_M rows A6000 +7 -> +4 %,
    # 6000 Ada +20 -> +18 %, L40S +32 -> +31 %, A100 PCIe/SXM -9/-11 -> -9/-12 %, H100 PCIe -17 -> -9 %; pull
    # request 6017's A100 F16 -12 -> -12 %, Q8_0 -1 -> -1 %; held out, F16: A100 PCIe -15 -> -15 %, H100 PCIe
    # -33 -> -24 %. Left: on the A100 the F16 and Q4_K_M rows now err alike (their products would need 1.23-1.29x
    # the predicted time), a products' question, not an F16 one; on the H100 PCIe the F16 row needs 1.76x, its
    # Q4_K_M row 1.40x, the difference being the dequantization copy at the HBM factor (27 ms, where the two
    # rows' measured difference is 15.7 ms). Not charged: the attention products' conversions without
    # FlashAttention (prompt_conversions.py, module docstring). 2026-12-06: a prompt alone takes the larger of
    # its products and the weight stream they read (prefill_time.overlapped_seconds) at the prompt efficiency
    # (0.827, formulas/efficiency.py PROMPT_EFFICIENCY); over that the rule gives 0.819 (0.936 before). Session 49:
    # over the prompt efficiency and per-layer time fitted together (0.837, 154.3 µs), 0.822.
    prefill_share=0.822,
    # The INT8 MMQ kernels of builds since June 2024 are llama.cpp's own, not cuBLAS: their share is an
    # engine fact of its own. Solved from the llama-bench rows their pull requests published (June 2024,
    # micro-batch 512; ggml-org/llama.cpp PR #7676 RTX 4090 Q4_0 pp512 10,359 tokens/s, PR #7860 RTX 4090
    # Q4_K_S pp2048 9,279 and RTX 3090 Q6_K pp2048 3,491), predicted at the card's INT8 rate: least squares
    # on the log error (benchmarks/loso.py, 'llama.cpp INT8 (MMQ) prompt processing'), 0.344 (0.3436 over the
    # session-49 fit of the prompt's per-layer time, 0.3441 before; 0.331 until the prompt's
    # roofline and its own efficiency, 2026-12-06; 0.334 until the prefill
    # efficiency moved 0.927 -> 0.936, 2026-12-06; 0.335 until the decode
    # fits' session 33 refit, 2026-12-05; 0.342 until the
    # prefill efficiency moved 0.908 -> 0.927 and the cuBLAS share 1.021 -> 1.0, 2026-12-04; 0.359 until a
    # prompt's output head ran at its last token only and the prefill efficiency moved, 0.358 before the
    # decode fit's per-layer time and the prefill efficiency moved, December 2026); each row left
    # out, +27/+12/-30 % (the RTX 3090 row slower than its INT8 rate suggests, the Q4_0 row faster: the
    # share is an average over weight formats and cards). The same PR's cuBLAS FP16 column (7,776 tokens/s
    # for the Q4_0 row) is 1.33x slower than MMQ, against 2x in peak rates. Before December 2026 an
    # assumption, 0.508 (the pre-copy prompt share): predicted 12-41 % fast on these rows.
    prompt_int8_share=0.344,
    continuous_batching=True,
    formats=("float", "gguf"),
    # ggml has no FP8 weight type: ggml-org/ggml 084bfe1a include/ggml.h enum ggml_type holds F32, F16, BF16
    # (GGML_TYPE_BF16 = 30), the block quantizations Q4_0...Q8_K, IQ*, TQ* and integer types, and no FP8
    # (later builds append GGUF block types such as MXFP4, none of them an FP8 E4M3 matrix). A 16-bit
    # checkpoint runs as GGUF F16 or BF16; an FP8 one must be converted first (convert_hf_to_gguf.py).
    # Until December 2026 the "float" family counted it as serving FP8 weights (persona46c).
    formats_not_served=("fp8",),
    # KV cache types (--cache-type-k/-v): f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1 (ggml-org/llama.cpp
    # 145b6280 common/arg.cpp kv_cache_types; INT8 and INT4 here are q8_0 and q4_0): no FP8 or FP4.
    kv_not_served=(Precision.FP8, Precision.FP4),
    # The prompt path, read in ggml's CUDA backend (ggml-org/ggml, the mirror of llama.cpp's ggml/):
    # at commit a8db410a (2026-01-30 sync) src/ggml-cuda/mmq.cu ggml_cuda_should_use_mmq returns true for
    # every quantized type when turing_mma_available(cc) (INT8 mma on Turing and newer), and src/ggml-cuda/
    # ggml-cuda.cu ggml_cuda_op_mul_mat_cublas multiplies F16 weights with cublasGemmEx(..., CUBLAS_COMPUTE_16F)
    # on NVIDIA cards with fast FP16. Builds before June 2024 differ (LLAMA_CPP_BUILDS).
    prompt_fp16_accumulate=True,
    prompt_int8_quantized=True,
    # The same function converts each product's FP32 input to FP16 and its FP16 result back to FP32
    # (ggml-org/ggml e87c0557 src/ggml-cuda.cu lines 1251 and 1270; a8db410a src/ggml-cuda/ggml-cuda.cu
    # lines 1304 and 1337): prompt_conversions.py, issue 27.
    prompt_fp16_conversions=True,
    # llama-server -np/--parallel "number of server slots (default: -1, -1 = auto)", auto = 4 slots sharing one
    # KV buffer (ggml-org/llama.cpp tools/server/README.md, server.cpp).
    max_seqs=4,
    source="XiongjieDai/GPU-Benchmarks-on-LLM-Inference (LLaMA 3 tg512 rows of ten cards; LLaMA 3 pp512 rows), "
           "llama.cpp PR 6766 and issue 6763 (eager/CUDA-graphs pairs: what graphs save per layer); llama-server -cb "
           "slots, --cache-type-k f16 default; "
           "prompt path of builds since June 2024 (MMQ on INT8 tensor cores for quantized weights, cuBLAS FP16 "
           "accumulate for F16): ggml-org/ggml a8db410a src/ggml-cuda/mmq.cu, ggml-cuda.cu",
)

LLAMA_CPP_BUILDS: dict[str, dict[str, bool]] = {
    # ggml-org/ggml e87c0557 (2024-05-14 sync of llama.cpp, the builds b2824-b2843 of XiongjieDai's LLaMA 3
    # table): src/ggml-cuda.cu ggml_cuda_mul_mat leaves MMQ for cuBLAS above MMQ_MAX_BATCH_SIZE (32) tokens
    # when tensor cores are usable (CUDA_USE_TENSOR_CORES, the default), and ggml_cuda_op_mul_mat_cublas
    # dequantizes quantized weights to FP16 and calls cublasGemmEx(..., CUBLAS_COMPUTE_16F) on Volta and newer.
    "2024-05": {"prompt_fp16_accumulate": True, "prompt_int8_quantized": False},
    # llama.cpp PR #8075 'CUDA: use MMQ instead of cuBLAS by default' (2024-06-24), after the INT8 tensor-core
    # MMQ kernels of #7676/#7860/#7921: in ggml-org/ggml 9bda223d (2024-06-27 sync) ggml_cuda_should_use_mmq
    # returns true when int8_mma_available(cc); the same in substance at a8db410a (2026-01-30).
    "2024-06": {"prompt_fp16_accumulate": True, "prompt_int8_quantized": True},
}
"""llama.cpp's prompt path by build date (the first month it holds): the profile fields that differ
between builds. :data:`LLAMA_CPP` is the newest; :func:`at_build` gives an older one."""


def at_build(profile: EngineProfile, build: str) -> EngineProfile:
    """``profile`` with llama.cpp's prompt path of ``build`` (a key of :data:`LLAMA_CPP_BUILDS`):
    a measurement made on an older build is predicted with that build's kernels."""
    return profile.model_copy(update=LLAMA_CPP_BUILDS[build])


IDEAL = EngineProfile(
    cuda_graphs=True,
    layer_overhead_graphs_s=0.0,
    layer_overhead_eager_s=0.0,
    step_overhead_s=0.0,
    weight_stream_share=1.0,
    kv_read_share=1.0,
    kv_half_context=0,
    prefill_share=1.0,
    prefill_layer_overhead_s=0.0,
    continuous_batching=True,
    formats=FAMILIES,
    source="the roofline at the achievable bandwidth and prefill efficiency, no overheads (a bound, not an engine)",
)

PROFILES: dict[Engine, EngineProfile] = {
    Engine.TRANSFORMERS: TRANSFORMERS, Engine.VLLM: VLLM, Engine.SGLANG: SGLANG,
    Engine.TENSORRT_LLM: TENSORRT_LLM, Engine.LLAMA_CPP: LLAMA_CPP, Engine.IDEAL: IDEAL,
}


def layer_overhead_s(profile: EngineProfile, cuda_graphs: bool | None) -> float:
    """Per-layer time of one forward pass, with the engine's graphs setting unless given [s]."""
    graphs = profile.cuda_graphs if cuda_graphs is None else cuda_graphs
    return profile.layer_overhead_graphs_s if graphs else profile.layer_overhead_eager_s


def decode_read_factor(profile: EngineProfile, memory_type: str | None) -> float:
    """Factor on the decode read shares on a card of ``memory_type`` (the catalog's, e.g. "HBM2e"), and on
    the traffic of a prompt's dequantization kernel (:func:`~configurator.core.prefill_time.prefill_seconds`):
    the profile's ``hbm_decode_factor`` on HBM, 1 elsewhere."""
    return profile.hbm_decode_factor if memory_type is not None and memory_type.startswith("HBM") else 1.0


def kv_read_share(profile: EngineProfile, context: float) -> float:
    """Share of achievable bandwidth at which ``context`` cached tokens per sequence are read."""
    if profile.kv_half_context <= 0:
        return profile.kv_read_share
    return profile.kv_read_share * context / (context + profile.kv_half_context)
