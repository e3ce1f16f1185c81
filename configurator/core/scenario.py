"""Scenario: everything the user chose, as frozen and validated pydantic models.

A Scenario is the single input of :func:`configurator.core.estimate.estimate`. Change it
through :func:`updated`, which re-validates (``model_copy(update=...)`` would skip checks).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError, field_validator, model_validator

from configurator.core.architecture import ModelArchitecture
from configurator.core.batch import MAX_GLOBAL_BATCH_TOKENS
from configurator.core.engines import PROFILES, Engine, EngineProfile
from configurator.core.formats import WeightFormat
from configurator.core.formulas import economics as _economics
from configurator.core.formulas import efficiency as _efficiency
from configurator.core.formulas import moe as _moe
from configurator.core.frozen_model import FrozenModel
from configurator.core.pipeline_schedule import PipelineSchedule, most_model_chunks
from configurator.core.quote import MAX_QUOTES, Quote
from configurator.core.units import Precision

SCENARIO_SCHEMA_VERSION = 3
"""2: a serving scenario's ``parallelism.ep`` counts cards, not model copies; 3: the attention efficiency
is None (by kernel and card) unless set, and an older file's 0.45, the single default it wrote, becomes None
(core/scenario_migrate.py)."""


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

    @classmethod
    def _missing_(cls, value: object) -> Workload | None:
        return _ADDED_WORKLOADS.get(value) if isinstance(value, str) else None


_TRAINING = (Workload.PRETRAIN, Workload.FINETUNE, Workload.LORA, Workload.QLORA)
_GRAPHICS = (Workload.VDI, Workload.TRANSCODE, Workload.RENDER)
_ADAPTERS = (Workload.LORA, Workload.QLORA)
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
    ``pure``: parameters, gradients and optimizer states all in the chosen precision.
    """

    TORCH_AMP = "torch-amp"
    MEGATRON_MIXED = "megatron-mixed"
    PURE = "pure"


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
    """

    EAGER = "eager"
    FUSED = "fused"
    CHUNKED = "chunked"


class ActivationKernels(StrEnum):
    """How a training step runs a layer's norms, gated activation and attention hand-off, which
    decides the tensors the layer keeps for backward.

    ``eager``: PyTorch modules op by op (Hugging Face, torchtitan, the H200 rig): an RMSNorm keeps
    its fp32 upcast input, its normalised output and the weighted output; SwiGLU keeps the gate,
    its SiLU, the up projection and their product; the attention output is copied (transposed)
    for the output projection.
    ``fused``: Megatron-Core with Transformer Engine (``--transformer-impl transformer_engine``,
    Megatron-LM's default; ``--bias-swiglu-fusion`` on by default): a fused norm-and-linear keeps
    the norm's input and its 16-bit output, the fused SwiGLU keeps its input (gate and up) and the
    down projection keeps its output, and the attention kernel's output is the projection's input.
    """

    EAGER = "eager"
    FUSED = "fused"


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
                      "max_batched_tokens", "disaggregated"]
"""Layout settings the planner can choose ("Auto") or the user can pin."""

LAYOUT_FIELDS: tuple[str, ...] = ("tp", "pp", "vp", "cp", "ep", "zero", "recompute", "micro_batch", "grad_accum",
                                  "max_batch", "max_batched_tokens", "disaggregated")


_Frozen = FrozenModel


class Parallelism(_Frozen):
    """How the cards split the work."""

    cards_per_node: int = Field(default=8, ge=1, le=1024)
    tp: int = Field(default=1, ge=1, le=1024, description="tensor-parallel degree")
    pp: int = Field(default=1, ge=1, le=1024, description="pipeline-parallel stages")
    virtual_stages: int = Field(
        default=1, ge=1, le=64, description="model chunks per pipeline stage (interleaved 1F1B)"
    )
    pipeline_schedule: PipelineSchedule = Field(
        default=PipelineSchedule.MEGATRON, description="interleaved schedule: Megatron-LM's (each chunk runs as "
        "many micro-batches as there are stages) or Llama 3's flexible one (PyTorch, torchtitan)")
    cp: int = Field(
        default=1, ge=1, le=1024, description="context-parallel degree: cards that split one sequence (ring attention)"
    )
    ep: int = Field(
        default=1, ge=1, le=4096,
        description="expert-parallel degree: cards that split a mixture-of-experts layer's experts (within data parallel)",
    )
    zero: int = Field(default=0, ge=0, le=3, description="ZeRO stage / FSDP sharding")


class Training(_Frozen):
    """Batch, sequence and recipe of a training run."""

    micro_batch: int = Field(default=1, ge=1, le=65536, description="sequences per data-parallel rank")
    seq_len: int = Field(default=2048, ge=1, le=2_097_152, description="tokens per sequence")
    grad_accum: int = Field(default=1, ge=1, le=65536, description="micro-batches per step")
    global_batch_tokens: int | None = Field(
        default=None, ge=1, le=MAX_GLOBAL_BATCH_TOKENS,
        description="tokens per optimizer step, kept when the card count changes (None = micro-batch × "
                    "accumulation × data-parallel width, or the published default by model size when those are Auto)",
    )
    recompute: Recompute = Recompute.NONE
    selective_policy: SelectivePolicy = Field(
        default=SelectivePolicy.ATTENTION,
        description="what selective recomputation keeps: Megatron-LM's (attention core recomputed), "
                    "torchtitan's per-op policy (every other matmul output kept) or DeepSeek-V3's FP8 cache (norms, "
                    "MLA up-projections and SwiGLU output recomputed, linear inputs in FP8)")
    recipe: Recipe = Recipe.TORCH_AMP
    optimizer: Optimizer = Optimizer.ADAMW
    lora_rank: int = Field(default=16, ge=1, le=4096)
    lora_targets: Literal["all-linear", "attention"] = "all-linear"
    tokens: float = Field(default=1e9, ge=1e6, le=1e15, description="training token budget [tokens]")
    flash_attention: bool = True
    attention_kernel: AttentionKernel | None = Field(
        default=None, description="fused attention kernel (None = Transformer Engine's under the fused layer "
                                  "kernels: cuDNN on Hopper, FlashAttention-2 before it; FlashAttention-2 otherwise)")
    loss: LossKernel | None = Field(
        default=None, description="cross-entropy kernel (None = fused for pre-training, eager for fine-tuning)"
    )
    activation_kernels: ActivationKernels | None = Field(
        default=None, description="layer kernels, which decide the activations kept for backward (None = fused "
                                  "under the megatron-mixed recipe, as Megatron-Core runs Transformer Engine; eager "
                                  "otherwise)")
    expert_overlap: bool = Field(
        default=_moe.EXPERT_OVERLAP_DEFAULT,
        description="expert all-to-all overlapped with another micro-batch's compute (DeepSeek-V3 DualPipe, "
                    "Megatron-LM --overlap-moe-expert-parallel-comm); off: exposed, as plain schedules run it")
    offload_optimizer: bool = Field(
        default=False, description="optimizer states and fp32 master weights in host memory (ZeRO-Offload)"
    )
    offload_params: bool = Field(
        default=False, description="16-bit weights in host memory, streamed in per layer (ZeRO-Infinity)"
    )
    offload_activations: bool = Field(
        default=False, description="saved activations moved to host memory after forward, back for backward"
    )


class Serving(_Frozen):
    """Load on a serving deployment."""

    use: ServingUse = Field(
        default=ServingUse.CHAT, description="what the service is for: interactive chat (people read as it "
                                             "streams), an API for other programs, or offline batch; each use "
                                             "brings its default latency targets")
    context: int | None = Field(
        default=None, ge=1, le=2_097_152,
        description="max tokens per sequence (None = what the prompt and the answer need)")
    concurrency: int | None = Field(
        default=None, ge=1, le=1_048_576,
        description="users (sequences) served at once by the whole deployment, spread over its model copies "
                    "(None = those the request rate implies, else 1)")
    prompt_tokens: int = Field(default=1024, ge=1, le=2_097_152)
    output_tokens: int = Field(default=256, ge=1, le=2_097_152)
    kv_precision: Precision | None = Field(default=None, description="None = compute precision")
    weight_format: WeightFormat | None = Field(
        default=None, description="stored weight format (None = the precision's usual format: INT4 = AWQ g128); "
                                  "a named format decides storage and math")
    weight_bpw: float | None = Field(
        default=None, ge=1.5, le=16, description="bits per weight of the weight format, scales included (EXL2: the "
                                                 "bpw it was converted at; None = the format's own) [bit]")
    engine: Engine = Field(default=Engine.VLLM, description="serving engine whose profile (overheads, kernel "
                                                          "efficiencies, batching, KV default) applies")
    cuda_graphs: bool | None = Field(default=None, description="decode from captured CUDA graphs (None = the "
                                                                "engine's default)")
    batching: Literal["continuous", "static"] | None = Field(
        default=None, description="continuous (requests join between steps, prompts prefilled in chunks between "
                                  "decode steps) or static (a batch runs to its end); None = the engine's way")
    prefix_hit_rate: float = Field(
        default=0.0, ge=0, le=0.99, description="share of prompt tokens found in the prefix cache (a shared system "
                                                "prompt; vLLM automatic prefix caching, SGLang RadixAttention): not "
                                                "prefilled again; the KV memory is still counted per sequence")
    speculative_tokens: int = Field(
        default=0, ge=0, le=16, description="draft tokens proposed per step and verified together (0 = off; "
                                            "DeepSeek-V3 multi-token prediction: 1; EAGLE/draft models: 2–5)")
    speculative_acceptance: float = Field(
        default=0.85, ge=0, le=0.99, description="chance each draft token is accepted (DeepSeek-V3 report §5.4.3: "
                                                 "85–90 % for its second-token prediction)")
    speculative_draft_cost: float = Field(
        default=0.05, ge=0, le=2, description="time of one draft token as a share of a target decode step (a "
                                              "one-layer MTP/EAGLE head ≈ 1/layers; a separate draft model ≈ its "
                                              "size ratio)")
    engine_profile: EngineProfile | None = Field(
        default=None, description="a profile of your own in place of the engine's published one")
    engine_memory_fraction: float = Field(
        default=0.9, gt=0.1, le=1.0, description="share of memory the engine may use (vLLM default 0.9)"
    )
    # Tokens one engine step carries, decode tokens included (vLLM max_num_batched_tokens, SGLang
    # --chunked-prefill-size, TensorRT-LLM max_num_tokens; 8192 is their default); Auto: the planner
    # tries 512 … 16,384 under the latency targets (plan/serving.CHUNK_SIZES). The description is
    # the window's translated tooltip.
    max_batched_tokens: int = Field(default=8192, ge=1, le=1_048_576, description="prefill chunk")
    disaggregated: bool = Field(
        default=False,
        description="prefill and decode on separate pools of model copies, the prompt's key/value cache sent "
                    "over the network to a decode copy (DistServe, Zhong et al. 2024; Splitwise, Patel et al. "
                    "2024; Mooncake, Qin et al. 2024); Auto: the planner compares it with colocated serving")
    prefill_cards: int | None = Field(
        default=None, ge=1, le=1_048_576,
        description="cards of the prefill pool when disaggregated, a multiple of the copy's tp × pp (None = "
                    "sized by the planner) [count]")
    max_batch: int | None = Field(
        default=None, ge=1, le=65536,
        description="sequences one model copy decodes together (vLLM max_num_seqs; None = the users spread "
                    "evenly over the copies)")

    @property
    def profile(self) -> EngineProfile:
        """The engine's profile (yours when given)."""
        return self.engine_profile or PROFILES[self.engine]

    @property
    def context_tokens(self) -> int:
        """Tokens one sequence may reach, the KV cache held for it: the context given, else the
        prompt and the answer together [tokens]."""
        return self.context if self.context is not None else self.prompt_tokens + self.output_tokens

    @property
    def users(self) -> int:
        """Users (sequences) at once as given, 1 when not given [sequences]."""
        return self.concurrency or 1

    @model_validator(mode="after")
    def _prompt_fits_context(self) -> Serving:
        if self.context is not None and self.prompt_tokens + self.output_tokens > self.context:
            raise ValueError(
                f"prompt ({self.prompt_tokens}) + output ({self.output_tokens}) tokens exceed "
                f"the context ({self.context})"
            )
        return self


COUNT_SWEEP = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024)
"""Card counts the scaling chart evaluates and the card-count slider steps through (those the
tp × pp layout allows); kept here, with the scenario, so the editor need not load the estimator."""

VGPU_PROFILES_GIB = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 96)
"""Framebuffer sizes of NVIDIA vGPU profiles (A40-1Q … A40-48Q; 32 and 96 on 96 GB cards) [GiB]."""

RESOLUTIONS = {"720p": (1280, 720), "1080p": (1920, 1080), "1440p": (2560, 1440), "2160p": (3840, 2160)}
"""Video resolutions a transcoding stream may have: name -> (width, height) [pixels]."""


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


class Graphics(_Frozen):
    """Load of a graphics deployment: virtual desktops, video streams or a render job."""

    users: int = Field(default=100, ge=1, le=1_000_000, description="virtual desktop users")
    profile_gib: float = Field(default=2, ge=1, le=96, description="vGPU framebuffer per user [GiB]")
    shading_tflops_per_user: float = Field(
        default=0.25, ge=0.001, le=1000, description="average FP32 shading load of one user [TFLOP/s]"
    )
    streams: int = Field(default=100, ge=1, le=1_000_000, description="concurrent video streams")
    resolution: Literal["720p", "1080p", "1440p", "2160p"] = "1080p"
    fps: float = Field(default=30, ge=1, le=240, description="frames per second of each stream [1/s]")
    codec: Codec = Codec.H264
    preset: EncoderPreset = EncoderPreset.P4
    decode: bool = Field(default=True, description="streams are decoded on the card too (transcoding)")
    scene_gib: float = Field(default=8, ge=0.01, le=4096, description="geometry and textures of the scene [GiB]")
    frames: int = Field(default=1000, ge=1, le=10_000_000, description="frames to render")
    reference_card: str = Field(default="rtx-4090", description="card the time per frame was measured on")
    reference_fp32_tflops: float = Field(
        default=82.6, ge=0.01, le=100_000, description="that card's FP32 rate [TFLOP/s]")
    reference_rt_generation: int | None = Field(
        default=3, ge=1, le=10, description="RT-core generation of that card (None = none or unknown)"
    )
    reference_minutes_per_frame: float = Field(default=5, ge=0.001, le=100_000, description="[min]")
    render_width: int = Field(default=3840, ge=16, le=32768, description="[pixels]")
    render_height: int = Field(default=2160, ge=16, le=32768, description="[pixels]")
    render_layers: int = Field(default=4, ge=1, le=64, description="output layers (AOVs) kept in memory")
    local_display: bool = Field(default=False, description="a monitor is attached to the card (workstation)")

    @model_validator(mode="after")
    def _profile_exists(self) -> Graphics:
        if self.profile_gib not in VGPU_PROFILES_GIB:
            sizes = ", ".join(f"{p:g}" for p in VGPU_PROFILES_GIB)
            raise ValueError(f"vGPU profile {self.profile_gib:g} GiB does not exist; profiles are {sizes} GiB")
        return self


class Economics(_Frozen):
    """Prices and facility figures; all editable defaults with their basis."""

    currency: str = Field(default=_economics.DEFAULT_CURRENCY, pattern=r"^[A-Z]{3}$")
    usd_to_currency: float = Field(
        default=_economics.USD_TO_CURRENCY, ge=1e-6, le=1e6,
        description="exchange rate applied to USD prices [currency/USD]")
    card_price: float | None = Field(default=None, ge=0.01, le=1e9, description="override, per card [currency]")
    cloud_price_per_hour: float | None = Field(
        default=None, ge=0.0001, le=1e9, description="override, per card-hour [currency/h]")
    electricity_per_kwh: float = Field(default=_economics.ELECTRICITY_PER_KWH, ge=0, le=1e6,
                                       description="[currency/kWh]")
    pue: float = Field(default=_economics.PUE, ge=1.0, le=3.0, description="facility power usage effectiveness")
    power_fraction: float = Field(default=_economics.POWER_FRACTION, ge=0.05, le=1.0,
                                  description="average board power / TDP")
    host_power_w_per_node: float | None = Field(
        default=None, ge=0, le=100_000,
        description="server CPUs, memory, NICs, switches and fans per server at full load (None = the server "
                    "type's published figure from the price file) [W]",
    )
    amortisation_years: float = Field(default=_economics.AMORTISATION_YEARS, ge=0.1, le=20,
                                      description="years the hardware is used and depreciated over; the TCO "
                                                  "horizon [years]")
    utilisation: float = Field(
        default=_economics.UTILISATION, ge=0.01, le=1.0,
        description="share of the year owned hardware does work (energy, cost per unit of work, rent against buy)")
    colocation_per_kw_month: float | None = Field(
        default=None, ge=0, le=100_000,
        description="colocation price per kW of IT load and month (None = own facility: electricity only) "
                    "[currency/kW-month]",
    )
    support_share_per_year: float | None = Field(
        default=None, ge=0, le=1, description="hardware support per year as a share of capex (None = the price file)")
    software_licences: bool = Field(
        default=False, description="count NVIDIA AI Enterprise per GPU and year (virtual desktops always count "
                                   "their vGPU licences)")
    residual_value_share: float | None = Field(
        default=None, ge=0, le=1, description="resale value at the end as a share of hardware capex (None = the "
                                              "price file)")
    owned_cards: int = Field(
        default=0, ge=0, le=1_000_000,
        description="cards of the scenario's card already owned: not bought, so left out of the capex the budget "
                    "checks and of the TCO (their servers, network and power still counted) [cards]")
    quotes: tuple[Quote, ...] = Field(
        default=(), max_length=MAX_QUOTES, exclude_if=lambda quotes: not quotes,
        description="the buyer's quotes: each replaces the price file's unit price of its item (none: the price "
                    "file's prices; left out of a saved file when none)")

    @field_validator("quotes")
    @classmethod
    def _one_quote_per_item(cls, quotes: tuple[Quote, ...]) -> tuple[Quote, ...]:
        seen: set[str] = set()
        for quote in quotes:
            if quote.item in seen:
                raise ValueError(f"'{quote.item}' is quoted twice; keep one quote per item")
            seen.add(quote.item)
        return quotes


class Constraints(_Frozen):
    """Goals and limits the user states (None = no limit); estimates warn when one is missed."""

    deadline_hours: float | None = Field(
        default=None, ge=0.01, le=87_660, description="the job must finish within (10 years at most) [h]")
    budget: float | None = Field(
        default=None, ge=1, le=1e12,
        description="ceiling on what the deployment costs: buying, its capex (the bill of materials: cards, "
                    "servers, network, storage, racks); renting, its rent for a month of service or for the whole "
                    "job [currency]")
    budget_basis: Literal["capex", "rent"] = Field(
        default="capex", description="what the budget caps: 'capex' (buying) or 'rent' (renting: a month of a "
                                     "service that runs on, or the whole job for one that ends)")
    power_cap_kw: float | None = Field(default=None, ge=0.01, le=1e7, description="facility power available [kW]")
    rack_power_kw: float | None = Field(
        default=None, ge=0.01, le=10_000, description="power one server/rack may draw [kW]")
    min_tokens_per_s: float | None = Field(
        default=None, ge=1, le=1e12, description="training throughput needed [tokens/s]")
    requests_per_s: float | None = Field(default=None, ge=0.001, le=1e6, description="serving load to carry [1/s]")
    tpot_ms: float | None = Field(default=None, ge=0.1, le=1e6, description="time per output token target [ms]")
    ttft_ms: float | None = Field(default=None, ge=0.1, le=1e7, description="time to first token target [ms]")
    latency_percentile: Literal[50, 90, 99] | None = Field(
        default=None, description="percentile of requests the time-per-token and first-token targets hold for under "
                                  "the load (None = the serving use's: p90 for chat; MLPerf's server scenario: 99)")
    region: Literal["cn", "other"] | None = Field(
        default=None, description="where the cards are delivered: 'cn' leaves out cards whose US export status "
                                  "for China is 'not permitted' and ranks only 'permitted' ones; 'licence "
                                  "required' or 'unknown' are listed below the line (None = no region rule)")


class Assumptions(_Frozen):
    """Efficiency defaults. Every one is shown with the result; each default is named, with its source or
    marked as an assumption, in :mod:`configurator.core.formulas.efficiency`."""

    matmul_efficiency: float = Field(
        default=_efficiency.MATMUL_EFFICIENCY, ge=0.01, le=1,
        description="share of the GEMM rate by shape and card (gemm_efficiency) that training matrix products "
                    "sustain inside a step"
    )
    attention_efficiency: float | None = Field(
        default=None, ge=0.01, le=1,
        description="share of peak sustained by training's attention kernel (None = the kernel's published "
                    "figure on the card's architecture, formulas/attention_kernels.py)"
    )
    bandwidth_efficiency: float = Field(
        default=_efficiency.BANDWIDTH_EFFICIENCY, ge=0.01, le=1,
        description="share of memory bandwidth sustained by element-wise kernels"
    )
    decode_bandwidth_efficiency: float = Field(
        default=_efficiency.DECODE_BANDWIDTH_EFFICIENCY, ge=0.01, le=1,
        description="share of datasheet memory bandwidth a streaming kernel can reach on the card (H200 "
                    "device-to-device copy: 0.88); serving engines reach their own share of it"
    )
    prefill_efficiency: float = Field(
        default=_efficiency.PREFILL_EFFICIENCY, ge=0.01, le=1,
        description="share of the GEMM rate by shape and card (gemm_efficiency) that a serving step's products "
                    "sustain"
    )
    link_efficiency: float = Field(
        default=_efficiency.LINK_EFFICIENCY, ge=0.01, le=1,
        description="share of link bandwidth collectives reach"
    )
    comm_overlap: float = Field(
        default=_efficiency.COMM_OVERLAP, ge=0, le=1,
        description="share of the backward pass that can hide data-parallel traffic"
    )
    layer_overhead_s: float = Field(
        default=_efficiency.LAYER_OVERHEAD_S, ge=0, le=0.1,
        description="kernel-launch and framework time per layer per forward-pass equivalent of a training step "
                    "(backward counts two) [s]"
    )
    prefill_layer_overhead_s: float = Field(
        default=_efficiency.PREFILL_LAYER_OVERHEAD_S, ge=0, le=0.1,
        description="time per layer per prefill chunk beyond the roofline, for engines without a figure of their "
                    "own [s]"
    )
    network_gbps_per_card: float = Field(
        default=_efficiency.NETWORK_GBPS_PER_CARD, ge=0.1, le=10_000,
        description="scale-out network per card, one way (400 Gb/s NIC, HGX-class) [GB/s]"
    )
    network_gbps_per_pcie_card: float = Field(
        default=_efficiency.NETWORK_GBPS_PER_PCIE_CARD, ge=0.1, le=10_000,
        description="the same for PCIe cards (one 200 Gb/s NIC per two cards) [GB/s]"
    )
    cpu_optimizer_params_per_s: float = Field(
        default=_efficiency.CPU_OPTIMIZER_PARAMS_PER_S, gt=0, le=1e13,
        description="parameters the host CPUs of one server update per second with offloaded Adam "
                    "(ZeRO-Offload CPU-Adam: 10 B parameters in 2.57 s on a DGX-2's 2 Xeon 8168, Ren et al. "
                    "2021 Table 2) [1/s]",
    )
    cuda_context_gib: float = Field(
        default=_efficiency.CUDA_CONTEXT_GIB, ge=0, le=64,
        description="CUDA context and library workspaces [GiB]"
    )
    allocator_overhead: float = Field(
        default=_efficiency.ALLOCATOR_OVERHEAD, ge=0, le=1,
        description="caching-allocator reserve over peak allocated (training)"
    )
    allocator_overhead_recompute: float = Field(
        default=_efficiency.ALLOCATOR_OVERHEAD_RECOMPUTE, ge=0, le=1,
        description="the same when layers are recomputed in backward (full, or torchtitan's per-op selective)"
    )
    usable_memory_fraction: float = Field(
        default=_efficiency.USABLE_MEMORY_FRACTION, gt=0.5, le=1,
        description="usable share of marketed memory when not measured"
    )
    encoder_fps_1080p: float = Field(
        default=_efficiency.ENCODER_FPS_1080P, ge=1, le=1e6,
        description="1080p frames one NVENC engine encodes per second at preset P4 [1/s]"
    )
    decoder_fps_1080p: float = Field(
        default=_efficiency.DECODER_FPS_1080P, ge=1, le=1e6,
        description="1080p frames one NVDEC engine decodes per second [1/s]"
    )
    video_surfaces_per_stream: int = Field(
        default=_efficiency.VIDEO_SURFACES_PER_STREAM, ge=1, le=256,
        description="decoded frames each stream keeps on the card"
    )
    max_vgpus_per_gpu: int = Field(
        default=_efficiency.MAX_VGPUS_PER_GPU, ge=1, le=256,
        description="vGPU instances one GPU can host"
    )
    consumer_encode_sessions: int = Field(
        default=_efficiency.CONSUMER_ENCODE_SESSIONS, ge=1, le=1024,
        description="NVENC sessions a consumer (GeForce) card allows per server"
    )


MAX_NAME_CHARS = 200
"""Longest scenario name [characters]: the summary's title and the window's, on one line. A file
with a longer name (written by hand, or by a version without this bound) still opens, its name
cut to this length with a note (:func:`configurator.core.scenario_io.scenario_from_document`)."""


class Scenario(_Frozen):
    """Everything the user chose; an Estimate is a pure function of (Scenario, Card)."""

    schema_version: int = SCENARIO_SCHEMA_VERSION
    name: str = Field(default="Untitled", max_length=MAX_NAME_CHARS)
    workload: Workload = Workload.PRETRAIN
    model: ModelArchitecture
    precision: Precision = Precision.BF16
    card_id: str = "h100-sxm"
    count: int = Field(default=1, ge=1, le=1_000_000, description="total cards")
    parallelism: Parallelism = Parallelism()
    training: Training = Training()
    serving: Serving = Serving()
    auto_layout: tuple[LayoutField, ...] = Field(
        default=(), description="layout fields the planner chooses (the others are pinned as given)"
    )
    graphics: Graphics = Graphics()
    economics: Economics = Economics()
    constraints: Constraints = Constraints()
    assumptions: Assumptions = Assumptions()

    @model_validator(mode="after")
    def _parallel_layout_is_possible(self) -> Scenario:
        par = self.parallelism
        if self.workload.is_graphics:
            return self  # graphics work does not split a model: tensor/pipeline settings are not used
        tp, pp, vp, cp, ep = (1 if f in self.auto_layout else v for f, v in
                              (("tp", par.tp), ("pp", par.pp), ("vp", par.virtual_stages), ("cp", par.cp),
                               ("ep", par.ep)))
        if not self.workload.is_training:
            cp = 1  # serving splits a model by tensor and pipeline stages, and shares experts across copies
        model_parallel = tp * cp * pp
        if self.count % model_parallel:
            split = f"tensor-parallel {par.tp} × pipeline-parallel {par.pp}"
            if cp > 1:
                split = f"tensor-parallel {par.tp} × context-parallel {par.cp} × pipeline-parallel {par.pp}"
            raise ValueError(f"{self.count} cards cannot be split into {split} groups "
                             "(the product must divide the card count)")
        if pp * vp > most_model_chunks(self.model.n_layers, pp):
            raise ValueError(
                f"pipeline stages × virtual stages ({par.pp} × {par.virtual_stages}) exceed the model's "
                f"{self.model.n_layers} layers"
            )
        if tp > self.model.n_heads:
            raise ValueError(f"tensor-parallel degree ({par.tp}) exceeds the {self.model.n_heads} attention heads")
        if ep > 1:
            if not self.model.is_moe:
                raise ValueError(f"expert parallelism ({par.ep}) needs a mixture-of-experts model")
            if self.model.n_experts % ep:
                raise ValueError(f"expert-parallel degree ({par.ep}) must divide the {self.model.n_experts} experts")
            if self.workload.is_training and (self.count // model_parallel) % ep:
                raise ValueError(f"expert-parallel degree ({par.ep}) must divide the data-parallel width "
                                 f"({self.count // model_parallel})")
            if not self.workload.is_training and (ep % tp or (self.count // model_parallel) % (ep // tp)):
                raise ValueError(f"expert-parallel degree ({par.ep}) must be a multiple of the tensor-parallel "
                                 f"degree ({par.tp}) that divides the {self.count // pp} cards of a pipeline stage: "
                                 "serving splits the experts over whole tensor-parallel groups")
        if cp > 1 and self.training.seq_len % (2 * cp):
            raise ValueError(f"the sequence ({self.training.seq_len} tokens) must split into 2 × {par.cp} "
                             "equal chunks for context parallelism")
        return self

    @model_validator(mode="after")
    def _serving_pools_are_possible(self) -> Scenario:
        serving = self.serving
        if self.workload is not Workload.INFERENCE or not serving.disaggregated or serving.prefill_cards is None \
                or "disaggregated" in self.auto_layout or {"tp", "pp"} & set(self.auto_layout):
            return self
        if serving.prefill_cards % self.model_parallel or serving.prefill_cards >= self.count:
            raise ValueError(f"the prefill pool ({serving.prefill_cards} cards) must be a multiple of tp × pp "
                             f"({self.model_parallel}) and leave cards for decoding (of {self.count})")
        return self

    @model_validator(mode="after")
    def _context_within_model(self) -> Scenario:
        """A context left to follow the prompt and the answer stays within the positions a model
        with learned position embeddings has (GPT-2/3, OPT); rotary models state no limit here."""
        serving, limit = self.serving, self.model.position_embeddings
        if not self.workload.is_training and serving.context is None and limit and \
                serving.context_tokens > limit:
            raise ValueError(f"prompt ({serving.prompt_tokens}) + output ({serving.output_tokens}) tokens exceed "
                             f"the model's {limit}-token context")
        return self

    @property
    def prefill_copies(self) -> int:
        """Serving: model copies that only prefill (disaggregated pools; 0 when colocated): the
        prefill pool's cards over tp × pp, at least one and leaving one copy to decode; half the
        copies while the pool is not sized yet."""
        serving, copies = self.serving, self.data_parallel
        if not serving.disaggregated or copies < 2:
            return 0
        pool = serving.prefill_cards // self.model_parallel if serving.prefill_cards else copies // 2
        return min(max(pool, 1), copies - 1)

    @property
    def data_parallel(self) -> int:
        """Data-parallel replicas (training) or serving replicas (inference)."""
        return self.count // self.model_parallel

    @property
    def expert_copies(self) -> int:
        """Serving: model copies (tensor × pipeline groups) that share one set of routed experts,
        ``ep / tp`` — ``ep`` being the cards the experts are split over, as engines count it (vLLM's
        expert parallel size is TP × DP with ``--enable-expert-parallel``; SGLang ``--ep-size``).
        TP 8 × EP 8 on 8 cards: one copy, each card 1/8 of the experts whole (attention split 8 ways);
        TP 1 × EP 8 (attention data parallel, SGLang ``--enable-dp-attention``): eight copies share
        them. 1 without expert parallelism; in training, ``ep`` itself (data-parallel ranks)."""
        par = self.parallelism  # is_training read without the property (a search asks thousands of times)
        return par.ep if self.workload in _TRAINING else max(1, par.ep // par.tp)

    @property
    def expert_tensor_parallel(self) -> int:
        """Ranks each routed expert's feed-forward is split over [ranks]. Serving with expert
        parallelism (``ep`` ≥ ``tp``, ``ep`` > 1) keeps every expert whole on the card that holds it
        (vLLM ``--enable-expert-parallel``, SGLang ``--ep-size``, TensorRT-LLM ``moe_ep_size``): 1.
        Tensor parallelism alone slices every expert ``tp`` ways (vLLM's FusedMoE shards the
        intermediate size over the tensor-parallel ranks; TensorRT-LLM ``moe_tp_size`` = ``tp``):
        ``tp``. Training: ``tp`` (Megatron-Core's ``expert_tensor_parallel_size`` defaults to the
        tensor-parallel size). Same bytes per card either way; the products' shapes differ."""
        par = self.parallelism
        if not self.workload.is_training and par.ep > 1:
            return 1
        return par.tp

    @property
    def replicas(self) -> int:
        """Cards that hold the same weights in training (data × context parallel): the group
        gradients are averaged over and ZeRO shards states over (Megatron-LM's DP×CP group)."""
        return self.data_parallel * (self.parallelism.cp if self.workload.is_training else 1)

    @property
    def model_parallel(self) -> int:
        """Cards that share one set of sequences: tensor × context × pipeline in training, tensor ×
        pipeline in serving; 1 for graphics work."""
        workload, par = self.workload, self.parallelism  # is_graphics, is_training without the properties
        if workload in _GRAPHICS:
            return 1
        return par.tp * par.pp * par.cp if workload in _TRAINING else par.tp * par.pp

    @property
    def sequences_per_replica(self) -> int:
        """Serving: the sequences one model copy decodes together — its batch, or the users
        spread evenly over the copies that decode, whichever is larger."""
        serving, copies = self.serving, self.data_parallel  # prefill_copies read only for pools
        spread = -(-serving.users // (copies - self.prefill_copies if serving.disaggregated else copies))
        return max(spread, serving.max_batch or 1)

    @property
    def pinned(self) -> tuple[str, ...]:
        """Layout fields the user fixed (not chosen by the planner)."""
        return tuple(f for f in LAYOUT_FIELDS if f not in self.auto_layout)

    @property
    def global_batch_tokens(self) -> int:
        """Tokens per optimizer step of this layout: micro-batch × accumulation × data-parallel
        width × sequence length."""
        t = self.training
        return t.micro_batch * t.grad_accum * self.data_parallel * t.seq_len

    @property
    def nodes(self) -> int:
        """Servers needed at ``cards_per_node`` cards each."""
        per_node = self.parallelism.cards_per_node
        return -(-self.count // per_node)


def updated_or_none(scenario: Scenario, **changes: Any) -> Scenario | None:
    """``updated``, or None when the changes make an invalid scenario (search loops)."""
    try:
        return updated(scenario, **changes)
    except ValidationError:
        return None


def updated(scenario: Scenario, **changes: Any) -> Scenario:
    """A validated copy of ``scenario`` with ``changes`` applied.

    Nested parts may be given as dicts, merged over the current values, e.g.
    ``updated(s, training={"micro_batch": 4})``.
    """
    data = scenario.model_dump()
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            data[key] = {**data[key], **value}
        elif isinstance(value, BaseModel):
            data[key] = value.model_dump()
        else:
            data[key] = value
    return Scenario.model_validate(data)
