"""Label ids of the core's named choices (engines, batching, weight formats, what limits a card or a
configuration, kinds of exposed communication, what CPU offload moves), written in a language
through the one catalogue (:mod:`configurator.core.view.words`).

Kept apart from the view model of an estimate (:mod:`configurator.core.view.estimate_view`) and free
of the estimator, so the window's editor can name its choices before the estimator loads.
"""

from __future__ import annotations

import re

from configurator.core.formats import FP4_BY_VENDOR

from configurator.core.formulas.tp_overlap_tables import table_shape

COMM_KINDS = {"tensor_parallel": "tensor parallel", "data_parallel": "data parallel",
              "pipeline_p2p": "pipeline point-to-point", "context_parallel": "context parallel",
              "expert_parallel": "expert parallel", "offload": "CPU offload"}
"""Label ids of the kinds of exposed communication (``TrainingSpeed.exposed_comm_seconds_by_kind``)."""

LIMITS = {"framebuffer": "framebuffer", "vGPU instances": "vGPU instance limit", "shading load": "shading load",
          "passthrough": "passthrough (one user per card)", "encoders": "video encoders",
          "decoders": "video decoders", "encode sessions": "driver's encode-session limit",
          "display outputs": "display outputs", "unknown": "unknown (video engines not verified)"}
"""Label ids of what can cap users or streams per card (``GraphicsSpeed.limiting``)."""

FACTORS = {"memory": "memory", "compute": "compute", "bandwidth": "memory bandwidth", "network": "network",
           "pipeline bubble": "pipeline bubble", "host link": "host link (CPU offload)",
           "video engines": "video engines", "vGPU limit": "vGPU limit", "driver limit": "driver limit",
           "display outputs": "display outputs", "framebuffer": LIMITS["framebuffer"], "unknown": "unknown"}
"""Label ids of what limits a configuration (:func:`configurator.core.limiting.limiting_factor`): the
recommendation's column and reasons. Desktops held by their vGPU framebuffers say so as the estimate's
"Limited by" does (:data:`LIMITS`; the window's ranking said "memory" beside the command line's "framebuffer"
until December 2026, persona46)."""

ENGINES = {"transformers": "Hugging Face transformers", "vllm": "vLLM", "sglang": "SGLang",
           "tensorrt-llm": "TensorRT-LLM", "llama.cpp": "llama.cpp", "ideal": "Ideal (roofline, no overheads)"}
"""Label ids of the serving engines (``core.engines.Engine``)."""

FRAMEWORK_NAMES = {"pytorch": "PyTorch", "vllm": "vLLM", "sglang": "SGLang", "tensorrt-llm": "TensorRT-LLM",
                   "megatron": "Megatron-LM", "deepspeed": "DeepSpeed", "llama.cpp": "llama.cpp"}
"""The frameworks' names as their projects write them (``FRAMEWORKS``: the catalog's ids): the card's details
and the ranking's porting risk alike (until December 2026 the porting risk said the ids, "vllm / sglang /
tensorrt-llm", to a buyer reading a recommendation)."""

BATCHING = {None: "Engine's way", "continuous": "Continuous (chunked prefill)",
            "static": "Static (batch runs to its end)"}
"""Label ids of the batching policies (``ServingSpeed.batching``)."""

_GGUF = {"gguf-f16": "F16", "q8_0": "Q8_0", "q6_k": "Q6_K", "q5_k_m": "Q5_K_M", "q5_k_s": "Q5_K_S",
         "q4_k_m": "Q4_K_M", "q4_k_s": "Q4_K_S", "q4_0": "Q4_0", "q3_k_l": "Q3_K_L", "q3_k_m": "Q3_K_M",
         "q3_k_s": "Q3_K_S", "q2_k": "Q2_K"}
WEIGHT_FORMATS = {"int8": "INT8 (W8A8)", "awq-int4": "AWQ INT4", "gptq-int4": "GPTQ INT4", "nvfp4": "NVFP4",
                  "mxfp4": "MXFP4", "exl2": "EXL2", **{key: f"GGUF {name}" for key, name in _GGUF.items()}}
"""Stored weight formats (``core.formats.WeightFormat``) by their usual names; the rest upper-cased."""

FP4_ELSEWHERE = "FP4 (4-bit float weights)"
"""4-bit float weights on a card whose vendor's FP4 format is not declared
(``core.formats.FP4_BY_VENDOR``): sized as NVFP4 (4-bit values, a scale per 16), which is NVIDIA's
name, so not called that there."""


def weight_format_name(fmt: str, vendor: str | None = None) -> str:
    """The label id of weight format ``fmt`` (a ``WeightFormat`` value) on a card of ``vendor``:
    :data:`WEIGHT_FORMATS`, but NVFP4 on a card whose vendor's FP4 format is not declared (no card
    named: NVFP4) is :data:`FP4_ELSEWHERE`; NVFP4 asked of an AMD card stays NVFP4."""
    if fmt == "nvfp4" and vendor is not None and vendor not in FP4_BY_VENDOR:
        return FP4_ELSEWHERE
    return WEIGHT_FORMATS.get(fmt, fmt.upper())

OFFLOADED = {"offload_optimizer": "optimizer states", "offload_params": "parameters",
             "offload_activations": "activations"}
"""What CPU offload can move to host memory, keyed by the training field."""

# ---- the scenario's choices, as the editor, the wizard, the panels and the summary name them

WORKLOADS = {"pretrain": "Pre-train from scratch", "finetune": "Full fine-tune", "lora": "LoRA fine-tune",
             "qlora": "QLoRA fine-tune (4-bit base)", "inference": "Inference serving",
             "vdi": "Virtual desktops / cloud workstations", "transcode": "Video transcoding",
             "render": "Offline 3D rendering"}
"""Label ids of the workloads (``Scenario.workload``)."""

RECIPES = {"torch-amp": "PyTorch AMP (fp32 weights, 16-bit math)",
           "megatron-mixed": "Megatron mixed (16-bit weights, fp32 master)",
           "megatron-bf16-grads": "Megatron mixed, 16-bit gradients (fp32 master)",
           "pure": "Pure (everything in the chosen precision)"}
"""Label ids of the mixed-precision recipes (``Training.recipe``)."""

OPTIMIZERS = {"adamw": "AdamW", "adamw-8bit": "AdamW 8-bit", "sgd": "SGD with momentum"}
"""Label ids of the optimizers (``Training.optimizer``)."""

RECOMPUTE = {"none": "None", "selective": "Selective", "full": "Full (every layer)"}
"""Label ids of activation recomputation (``Training.recompute``)."""

SELECTIVE_POLICY = {"attention": "Megatron-LM: all but the attention core",
                    "per-op": "torchtitan per-op: every other matmul output",
                    "fp8-cache": "DeepSeek-V3: linear inputs in FP8, norms and MLA up-projections recomputed"}
"""Label ids of what selective recomputation keeps (``Training.selective_policy``)."""

MOE_DISPATCHER = {"alltoall": "All-to-all (a token once per expert)",
                  "deepep": "DeepEP (a token once per server)",
                  "hybridep": "HybridEP (a token once per server)"}
"""Label ids of the MoE token dispatchers (``Training.moe_dispatcher``)."""

GRAD_REDUCE = {"recipe": "As the recipe's framework does it",
               "per-micro-batch": "After every micro-batch (Megatron-Core ZeRO 2/3)",
               "per-step": "Once a step (PyTorch pipelining over FSDP2)"}
"""Label ids of when ZeRO 2/3 reduce the gradients beside pipeline stages (``Training.grad_reduce``)."""

PIPELINE_SCHEDULE = {"megatron": "Megatron-LM interleaved (rounds of one micro-batch per stage)",
                     "flexible": "Llama 3 flexible (PyTorch, torchtitan: rounds of any size)"}
"""Label ids of the interleaved pipeline schedules (``Parallelism.pipeline_schedule``)."""

CP_COMM_TYPE = {"p2p": "Key/value ring (p2p)", "a2a": "All-to-all of heads (a2a, Ulysses)",
                "all_gather": "Keys and values gathered (all_gather)"}
"""Label ids of context parallelism's communication types (``Parallelism.cp_comm_type``)."""

TP_OVERLAP_TABLE_DEFAULT = "Transformer Engine default"
"""Label id of no named userbuffers table (``Parallelism.tp_comm_overlap_cfg`` None): Transformer Engine's own."""

TP_OVERLAP_TABLE = "{card} {precision}, hidden {hidden}, TP {tp} — Megatron-Bridge"
TP_OVERLAP_TABLE_CP = "{card} {precision}, hidden {hidden}, TP {tp}, CP {cp} — Megatron-Bridge"
"""Label ids of a recipe's tuned userbuffers table, its fields from the table's name
(:func:`~configurator.core.formulas.tp_overlap_tables.table_shape`); the second where it states a CP degree. What tells
the tables apart comes first: a narrow combo box cuts the end of its text."""


def tp_overlap_table_label(name: str | None) -> tuple[str, dict[str, str]]:
    """The label id and fields naming the userbuffers table ``name`` (``Parallelism.tp_comm_overlap_cfg``;
    None: Transformer Engine's default): ``("{card} {precision}, hidden {hidden}, …", {"card": "H100", …})``.
    The numbers are given as written in the table's name (``8192``, not ``8,192``)."""
    if name is None:
        return TP_OVERLAP_TABLE_DEFAULT, {}
    shape = table_shape(name)
    fields = {"precision": shape.precision, "card": shape.card, "hidden": str(shape.hidden), "tp": str(shape.tp)}
    if shape.cp > 1:
        return TP_OVERLAP_TABLE_CP, fields | {"cp": str(shape.cp)}
    return TP_OVERLAP_TABLE, fields

LORA_TARGETS = {"all-linear": "All linear layers", "attention": "Attention only", "qkv": "q, k, v only"}
"""Label ids of the weights that carry LoRA adapters (``Training.lora_targets``)."""

LOSS = {None: "Auto (by workload)", "eager": "Eager (fp32 upcast)", "fused": "Fused kernel",
        "chunked": "Chunked (16-bit logits kept)", "compiled": "Compiled (torch.compile, 16-bit gradient)"}
"""Label ids of the loss computation (``Training.loss``; None: by workload)."""

ACTIVATION_KERNELS = {None: "Auto (by recipe)", "eager": "Eager PyTorch (fp32 norms, separate SwiGLU tensors)",
                      "fused": "Fused (Megatron-Core + Transformer Engine)",
                      "fused-norm": "Eager with fused RMSNorm (torchtitan 2024)",
                      "hand-written": "Hand-written backward (Meta LLaMA: norms and SwiGLU recomputed)"}
"""Label ids of the layer kernels, which decide the activations kept (``Training.activation_kernels``; None: by
recipe)."""

ATTENTION_KERNEL = {None: "Auto (by layer kernels)", "flash-attention-2": "FlashAttention-2 (flash-attn, PyTorch SDPA)",
                    "hopper-fused": "Hopper kernel (FlashAttention-3, cuDNN)"}
"""Label ids of the fused attention kernel (``Training.attention_kernel``; None: by the layer kernels)."""

ZERO = {0: "0 — off (plain data parallel)", 1: "1 — shard optimizer states", 2: "2 — also gradients",
        3: "3 — also weights (FSDP)"}
"""Label ids of the ZeRO stages (``Parallelism.zero``)."""

CUDA_GRAPHS = {None: "Engine's default", True: "On", False: "Off (eager)"}
"""Label ids of CUDA graphs in serving (``Serving.cuda_graphs``; None: the engine's default)."""

PERCENTILES = {None: "Use's default", 50: "p50 (median)", 90: "p90", 95: "p95", 99: "p99"}
"""Label ids of the latency percentiles a target is held at (``Constraints.latency_percentile``; None:
the serving use's, ``core.serving_use``)."""

MLPERF = {"llama2-70b": "Llama 2 70B server", "llama2-70b-interactive": "Llama 2 70B interactive",
          "llama3.1-405b": "Llama 3.1 405B server", "llama3.1-8b": "Llama 3.1 8B server",
          "mixtral-8x7b": "Mixtral 8x7B server"}
"""Label ids of the MLPerf Inference benchmarks whose server-scenario limits can be targets
(``core.load.MLPERF_SERVER_LIMITS``)."""

SERVING_USES = {"chat": "Interactive chat or assistant", "api": "API for other programs", "batch": "Offline batch"}
"""Label ids of the serving uses (``Serving.use``; their default targets in ``core.serving_use``)."""

BUDGET_BASES = {"capex": "Capex (buying: cards, servers, network, storage, racks)",
                "rent": "Rent (a month of service, or the whole job)"}
"""Label ids of what a budget caps (``Constraints.budget_basis``)."""

CONSTRAINT_NAMES = {"budget": "Budget", "region": "Delivery region", "deadline": "Deadline", "power-cap": "Power cap",
                    "rack-power": "Power per server", "throughput": "Training throughput",
                    "request-rate": "Request rate", "ttft": "First token", "tpot": "Time per output token",
                    "vendors": "Vendors", "housing": "Rack-server housing"}
"""Label ids of the constraints a buyer sets (``core.verdicts.CONSTRAINTS``), as a summary names them."""

REGIONS = {None: "Anywhere (no export rule, global rents)", "cn": "Mainland China", "other": "Elsewhere"}
"""Label ids of the delivery regions (``Constraints.region``; None: no region rule, and the rents
sold outside mainland China: ``card_price.RENT_MARKETS``)."""

ENCODER_PRESETS = {"p1": "P1 — fastest", "p2": "P2", "p3": "P3", "p4": "P4 — medium (default)",
                   "p5": "P5 — better quality"}
"""Label ids of the NVENC presets (``Graphics.preset``)."""

CODECS = {"h264": "H.264", "hevc": "HEVC (H.265)", "av1": "AV1"}
"""Names of the video codecs (``Graphics.codec``), the same in every language."""

WORK_UNITS = {"users": "users", "streams": "streams", "frames": "frames"}
"""Label ids of what a graphics workload counts (its cost unit's noun)."""

WORK_UNIT_ONE = {"users": "user", "streams": "stream", "frames": "frame"}
"""The same nouns for one of them ("1 user per card", not "1 users": a passthrough card)."""


def work_unit(unit: str, n: float) -> str:
    """The label id of ``n`` of what a graphics workload counts: singular for exactly one."""
    return WORK_UNIT_ONE.get(unit, unit) if n == 1 else WORK_UNITS.get(unit, unit)

CLASSES = {"training": "Training card", "inference": "Inference card", "graphics": "Graphics card",
           "workstation": "Workstation card", "edge": "Edge card"}
"""Label ids of the card classes (``Card.category``)."""

CLASS_NOTES = {"training": "a training-class card", "inference": "an inference-class card",
               "graphics": "a graphics-class card", "workstation": "a workstation-class card",
               "edge": "an edge-class card"}
"""Label ids of a card's class as the estimate's heading notes it after the card ("1 × H100 SXM5 80GB (a
training-class card)": "(training)" read as if the card were bought for training, session 42)."""

VGPU = {"graphics": "Virtual desktops and workstations", "compute": "Compute profiles only",
        "none": "Passthrough only", None: "not verified"}
"""Label ids of the virtual-GPU support (``Card.vgpu``; None: not verified)."""


_MODEL_ID = re.compile(r"^([a-z]+)(\d[\d.]*)?-(.+)$")

MODEL_FAMILIES = {"llama": "Llama", "tinyllama": "TinyLlama", "mistral": "Mistral", "mixtral": "Mixtral",
                  "qwen": "Qwen", "deepseek": "DeepSeek", "gpt": "GPT"}
"""A model family as its maker writes it (Meta's "Llama", Zhang et al.'s "TinyLlama",
https://github.com/jzhang38/TinyLlama; "DeepSeek-V3", arXiv:2412.19437; "GPT-3", arXiv:2005.14165);
a family not listed is capitalised."""


def _size_part(part: str) -> str:
    """'70b' -> '70B', '8x7b' -> '8x7B', 'a22b' -> 'A22B' (active parameters), 'v3' -> 'V3'."""
    if re.fullmatch(r"[\dx.]+[bm]", part):
        return part[:-1] + part[-1].upper()
    if re.fullmatch(r"[av]\d+[\d.]*[bm]?", part):
        return part.upper()
    return part


def model_name(name: str) -> str:
    """A preset id as people write it: 'llama3-70b' -> 'Llama 3 70B', 'qwen2.5-72b' -> 'Qwen 2.5 72B',
    'qwen3-235b-a22b' -> 'Qwen 3 235B-A22B', 'deepseek-v3' -> 'DeepSeek V3'; any other name unchanged."""
    match = _MODEL_ID.match(name)
    if not match:
        return name
    family, version, size = match.groups()
    size = "-".join(_size_part(part) for part in size.split("-"))
    size = size[0].upper() + size[1:]
    family = MODEL_FAMILIES.get(family, family.capitalize())
    return " ".join(part for part in (family, version, size) if part)


SHORT_CARD_CHARS = 20
"""Characters a card's name may take under a chart's bar (four bars share the axis at 1280 px,
every second label on a second line)."""


FAMILY_WORDS = frozenset({"Generation", "Edition", "Workstation", "Blackwell", "Grace", "Hopper", "Superchip",
                          "Trillium", "Ironwood"})
"""Words of a long card name that name its architecture, generation or edition rather than the
part: left out of a chart's short name so that variants stay apart."""


def short_card_name(name: str, limit: int = SHORT_CARD_CHARS) -> str:
    """A card's name short enough for a chart's axis: what comes before a dash, a slash or a bracket
    ('GB200 NVL72 — per Blackwell GPU' -> 'GB200 NVL72', and so 'GB200 NVL72——每颗 Blackwell GPU'), cut at a
    word and marked '…' when still longer than ``limit`` characters ('RTX PRO 6000 Blackwell Max-Q …' ->
    'RTX PRO 6000 Blackwell…')."""
    short = re.split(r" — | / | \(|——|（", name, maxsplit=1)[0].strip()
    if len(short) <= limit:
        return short
    short = " ".join(w for w in short.split() if w not in FAMILY_WORDS)  # 'RTX PRO 6000 Max-Q', not 'RTX PRO 6000…' thrice
    if len(short) <= limit:
        return short
    words, kept = short.split(), ""
    for word in words:
        if len(f"{kept} {word}".strip()) > limit - 1:
            break
        kept = f"{kept} {word}".strip()
    return (kept or short[:limit - 1]) + "…"
