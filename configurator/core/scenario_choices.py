"""The choices a scenario's fields offer: the workload, training's recipe and kernels, serving's use,
video codecs and presets, and the layout fields the planner may choose. Re-exported by
:mod:`configurator.core.scenario`."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal


class Workload(StrEnum):
    """What the cards are for: AI training and serving, or graphics work."""

    PRETRAIN = "pretrain"
    FINETUNE = "finetune"
    LORA = "lora"
    QLORA = "qlora"
    INFERENCE = "inference"
    VDI = "vdi"  # virtual desktops / cloud workstations
    TRANSCODE = "transcode"  # video transcoding
    RENDER = "render"  # offline 3D rendering

    @property
    def is_training(self) -> bool:
        return self in _TRAINING

    @property
    def is_graphics(self) -> bool:
        return self in _GRAPHICS

    @property
    def is_adapter(self) -> bool:
        return self in _ADAPTERS

    @property
    def trains_on_examples(self) -> bool:
        """Fine-tuning (full, LoRA, QLoRA): its data is examples, which sequences may be packed from with
        attention kept within each; pre-training concatenates documents, causal attention across the sequence."""
        return self in _FINE_TUNING

    @classmethod
    def _missing_(cls, value: object) -> Workload | None:
        return _ADDED_WORKLOADS.get(value) if isinstance(value, str) else None


_TRAINING = (Workload.PRETRAIN, Workload.FINETUNE, Workload.LORA, Workload.QLORA)
_GRAPHICS = (Workload.VDI, Workload.TRANSCODE, Workload.RENDER)
_ADAPTERS = (Workload.LORA, Workload.QLORA)
_FINE_TUNING = tuple(w for w in _TRAINING if w != "pretrain")  # full, LoRA and QLoRA fine-tuning
"""The workloads of each kind, built once (the properties above are read on every estimate)."""

_ADDED_WORKLOADS: dict[str, Workload] = {}
"""Workload values added by :func:`added_workload` (not members: iterating :class:`Workload` gives the eight)."""


def added_workload(value: str) -> Workload:
    """A :class:`Workload` value beyond the eight built in, for a workload family added as a package
    (:func:`configurator.core.workloads.register_family`): ``Workload(value)`` and a scenario file
    naming it validate; it is not listed when the enum is iterated (the window's and the CLI's
    choices stay the eight). The same value twice gives the same object."""
    if value in Workload._value2member_map_:
        return Workload(value)
    if value not in _ADDED_WORKLOADS:
        member = str.__new__(Workload, value)
        member._name_, member._value_ = value.upper().replace("-", "_"), value
        _ADDED_WORKLOADS[value] = member
    return _ADDED_WORKLOADS[value]


class Recipe(StrEnum):
    """How training keeps its numbers.

    ``torch-amp``: fp32 parameters, gradients and optimizer states, 16-bit autocast compute.
    ``megatron-mixed``: 16-bit parameters, fp32 gradients, fp32 master weights and states.
    ``megatron-bf16-grads``: as megatron-mixed with 16-bit gradients, reduced in 16 bits
    (Megatron-Core ``DistributedDataParallelConfig.grad_reduce_in_fp32=False``, its default).
    ``pure``: parameters, gradients and optimizer states all in the chosen precision.
    """

    TORCH_AMP = "torch-amp"
    MEGATRON_MIXED = "megatron-mixed"
    MEGATRON_BF16_GRADS = "megatron-bf16-grads"
    PURE = "pure"

    @property
    def runs_megatron_core(self) -> bool:
        """The recipe is Megatron-Core's (its gradient buffer, Transformer Engine layers)."""
        return self in (Recipe.MEGATRON_MIXED, Recipe.MEGATRON_BF16_GRADS)


class Optimizer(StrEnum):
    ADAMW = "adamw"
    ADAMW_8BIT = "adamw-8bit"
    SGD = "sgd"


class Recompute(StrEnum):
    """Activation recomputation (Korthikanti et al. 2022)."""

    NONE = "none"
    SELECTIVE = "selective"
    FULL = "full"


class SelectivePolicy(StrEnum):
    """What selective recomputation keeps, by framework.

    ``attention``: Megatron-LM ``--recompute-granularity selective`` (and NeMo): only the attention
    core (scores, softmax, dropout) is recomputed; every other tensor is kept (Korthikanti et al.
    2022 §4.2). With flash attention there is no score matrix to drop, so it keeps what no
    recomputation keeps.
    ``per-op``: torchtitan ``selective_ac_option = "op"`` (its default for Llama 3): each block keeps
    its input, the attention kernel's output and the output of every other matmul, and recomputes
    the rest in backward (torchtitan ``parallelize_llama._save_list``, 2024-12 to 2025-06).
    ``fp8-cache``: DeepSeek-V3's (report §3.2.3 and §3.3.2): RMSNorm and the MLA up-projections are
    recomputed in backward from their inputs, the SwiGLU output from its input, and the inputs of
    the linear layers are cached in FP8 (the attention output in E5M6) when the math is FP8.
    """

    ATTENTION = "attention"
    PER_OP = "per-op"
    FP8_CACHE = "fp8-cache"


class LossKernel(StrEnum):
    """How the cross-entropy over the vocabulary is computed in training.

    ``eager``: the loop keeps the model's 16-bit logits and computes the loss on an fp32 upcast
    (Hugging Face ``ForCausalLMLoss``, plain PyTorch): log-softmax output, its gradient and the
    logits' gradient are three fp32 vocabulary-wide tensors alive in backward.
    ``fused``: a fused or vocabulary-parallel kernel (Megatron-LM ``vocab_parallel_cross_entropy``,
    Liger/Apex fused cross-entropy) writes the softmax and then the gradient into one fp32 buffer.
    ``chunked``: the loss runs over chunks of the tokens and keeps only the 16-bit logits for
    backward, each chunk's gradient written in turn (torchtune ``CEWithChunkedOutputLoss`` under
    ``compile=True``, lit-gpt ``chunked_cross_entropy``).
    ``compiled``: the whole cross-entropy compiled with ``torch.compile`` (torchtitan
    ``build_cross_entropy_loss`` under ``--training.compile``): Inductor keeps the 16-bit logits and
    writes their 16-bit gradient in one fused kernel, with no fp32 tensor of vocabulary width.
    """

    EAGER = "eager"
    FUSED = "fused"
    CHUNKED = "chunked"
    COMPILED = "compiled"


class ActivationKernels(StrEnum):
    """How a training step runs a layer's norms, gated activation and attention hand-off, which
    decides the tensors the layer keeps for backward.

    ``eager``: PyTorch modules op by op (Hugging Face, torchtitan, the H200 rig): an RMSNorm keeps
    its fp32 upcast input, its normalised output and the weighted output; SwiGLU keeps the gate,
    its SiLU, the up projection and their product; the attention output is copied (transposed)
    for the output projection.
    ``fused``: Megatron-Core with Transformer Engine (``--transformer-impl transformer_engine``,
    Megatron-LM's default; ``--bias-swiglu-fusion`` on by default): a fused norm-and-linear keeps
    the norm's input and its output as the linear reads it (16-bit, or the FP8 copy under FP8 math),
    the fused SwiGLU keeps its 16-bit input (gate and up) and the down projection its input (the
    SwiGLU's output, FP8 under FP8 math), and the attention kernel's output is the projection's input
    (the projection keeps an FP8 copy of its own under FP8); a routed MoE layer also keeps each
    token's ``k`` dispatched copies, the experts' first input, and the router's fp32 scores.
    ``fused-norm``: eager modules but for the RMSNorms, each one fused Triton kernel that keeps its
    input and one fp32 reciprocal RMS per token (torchtitan's ``norm_type = "fused_rmsnorm"``, 2024).
    ``hand-written``: a layer backward written by hand, not autograd's (Meta's LLaMA, Touvron et al. 2023
    §2.4): it keeps the linear layers' outputs (q, k, v, gate and up), the attention output and each
    norm's input, and rebuilds the norms' outputs and the SwiGLU product in backward (xformers'
    ``_SwiGLUFusedFunc``).
    """

    EAGER = "eager"
    FUSED = "fused"
    FUSED_NORM = "fused-norm"
    HAND_WRITTEN = "hand-written"


class AttentionKernel(StrEnum):
    """The fused attention kernel a training step runs (its share of peak by card architecture:
    :mod:`configurator.core.formulas.attention_kernels`).

    ``flash-attention-2``: FlashAttention-2, as the flash-attn package and PyTorch's
    ``scaled_dot_product_attention`` flash backend run it (Hugging Face, torchtitan, LLM Foundry).
    ``hopper-fused``: a kernel written for Hopper's asynchronous tensor cores, FlashAttention-3 or
    cuDNN's fused attention (Transformer Engine's choice on Hopper); on an older card the
    FlashAttention-2 figure, the kernel those cards run.
    """

    FLASH_ATTENTION_2 = "flash-attention-2"
    HOPPER_FUSED = "hopper-fused"


class ServingUse(StrEnum):
    """What a serving deployment is for: the latency each use needs by default
    (:mod:`configurator.core.serving_use` holds the targets and their sources)."""

    CHAT = "chat"  # people read the answer as it streams: an interactive chat or assistant
    API = "api"  # other programs call it: an online API
    BATCH = "batch"  # nobody waits: offline batch work, ranked by cost per token


LayoutField = Literal["tp", "pp", "vp", "cp", "ep", "zero", "recompute", "micro_batch", "grad_accum", "max_batch",
                      "max_batched_tokens", "disaggregated", "offload"]
"""Layout settings the planner can choose ("Auto") or the user can pin. ``offload``: the planner may put the
optimizer in host memory (``Training.offload_optimizer``, ZeRO-Offload) where no layout fits on the cards; pinned,
the offload stays as set."""

LAYOUT_FIELDS: tuple[str, ...] = ("tp", "pp", "vp", "cp", "ep", "zero", "recompute", "micro_batch", "grad_accum",
                                  "max_batch", "max_batched_tokens", "disaggregated", "offload")

OFFLOAD_LAYOUT = "offload"
"""The layout field of the optimizer's CPU offload (``Training.offload_optimizer``)."""


class Codec(StrEnum):
    H264 = "h264"
    HEVC = "hevc"
    AV1 = "av1"


class EncoderPreset(StrEnum):
    """NVENC presets from fastest (P1) to higher quality (P5)."""

    P1 = "p1"
    P2 = "p2"
    P3 = "p3"
    P4 = "p4"
    P5 = "p5"
