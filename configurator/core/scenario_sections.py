"""The parts of a scenario: parallelism, training, serving, graphics load and constraints (the last three their own
modules, :mod:`configurator.core.scenario_training`, :mod:`configurator.core.scenario_graphics`,
:mod:`configurator.core.scenario_constraints`), economics and assumptions, each a frozen and validated pydantic model.
Re-exported by :mod:`configurator.core.scenario`.

A field's description is its words for people: the editor's tooltip (translated) and the CLI's ``--help`` read it
where the field registry (:mod:`configurator.core.fields`) gives no text of its own; what only a developer needs
(sources, modules, when a field is written to files) is a comment above the field."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from configurator.core.engines import PROFILES, Engine, EngineProfile
from configurator.core.formats import WeightFormat
from configurator.core.formulas import economics as _economics
from configurator.core.formulas.cp_comm import CP_COMM_TYPES
from configurator.core.formulas import efficiency as _efficiency
from configurator.core.formulas import tp_overlap as _tp_overlap
from configurator.core.formulas import tp_overlap_tables as _tp_overlap_tables
from configurator.core.frozen_model import FrozenModel
from configurator.core.pipeline_schedule import PipelineSchedule
from configurator.core.quote import MAX_QUOTES, Quote
from configurator.core.scenario_constraints import Constraints  # noqa: F401 - a part of the scenario (re-exported)
from configurator.core.scenario_graphics import (  # noqa: F401 - a part of the scenario (re-exported)
    RESOLUTIONS,
    VGPU_PROFILES_GIB,
    Graphics,
)
from configurator.core.scenario_choices import ServingUse
from configurator.core.scenario_training import Training  # noqa: F401 - a part of the scenario (re-exported)
from configurator.core.units import Precision

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
    # formulas/cp_comm.py; written to files only when not p2p.
    cp_comm_type: Literal[CP_COMM_TYPES] = Field(
        default="p2p", exclude_if=lambda kind: kind == "p2p",
        description="how the context-parallel cards exchange a layer's attention data: a key/value ring hidden "
                    "under the attention (p2p, the default), all-to-alls that hand each card whole heads of the "
                    "whole sequence (a2a, DeepSpeed-Ulysses; the heads must divide by the context-parallel degree), "
                    "or keys and values gathered whole (all_gather). Transformer Engine's cp_comm_type, Megatron-LM "
                    "--cp-comm-type")
    ep: int = Field(
        default=1, ge=1, le=4096,
        description="expert-parallel degree: cards that split a mixture-of-experts layer's experts (within data parallel)",
    )
    zero: int = Field(default=0, ge=0, le=3, description="ZeRO stage / FSDP sharding")
    zero3_implementation: Literal["bucketed", "deepspeed-2021"] = Field(
        default="bucketed", exclude_if=lambda name: name == "bucketed",
        description="how ZeRO 3 moves the weights and gradients: bucketed, per-unit collectives overlapped with "
                    "compute (FSDP, DeepSpeed since 2022), or DeepSpeed v0.3.13's one synchronised list-form "
                    "collective per tensor, weights released by reuse distance "
                    "(training_zero3.py). Written to files only when not bucketed")
    # Off: as Megatron-LM runs them unless told (core/training_tp_overlap.py).
    tp_comm_overlap: bool = Field(
        default=_tp_overlap.TP_OVERLAP_DEFAULT,
        description="tensor parallel with sequence parallelism: the framework splits each layer's all-gathers and "
                    "reduce-scatters into chunks and runs them under the matrix products beside them (Transformer "
                    "Engine userbuffers, Megatron-LM --tp-comm-overlap). Applies when the tensor-parallel cards share "
                    "one NVLink domain; the products lose the processors the transfers use. Off (the default), each "
                    "waits on the critical path")
    # A table by the name a Megatron-Bridge recipe sets (comm_overlap.tp_comm_overlap_cfg;
    # formulas/tp_overlap_tables.py); None: Transformer Engine's default; written to files only when named.
    tp_comm_overlap_cfg: _tp_overlap_tables.TunedTableName | None = Field(
        default=None, exclude_if=lambda name: name is None,
        description="how Transformer Engine splits the overlapped tensor-parallel traffic: its default userbuffers "
                    "table (as Megatron-LM --tp-comm-overlap runs it; the default), or a table a Megatron-Bridge "
                    "recipe tuned for one precision, card, model width and tensor-parallel degree (by the recipe's "
                    "name for it), which gives the products more of the processors. Counts only with the overlap "
                    "on; the launch line leaves the table's file to you")


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
                    "(None = those the request rate implies, else 1; offline batch: as many as fill its copies)")
    prompt_tokens: int = Field(default=1024, ge=1, le=2_097_152)
    output_tokens: int = Field(default=256, ge=1, le=2_097_152)
    kv_precision: Precision | None = Field(
        default=None, description="KV cache precision (default: the compute precision)")
    weight_format: WeightFormat | None = Field(
        default=None, description="stored weight format (None = the precision's usual format: INT4 = AWQ g128, FP4 "
                                  "the card maker's, NVFP4 or MXFP4; a model published in fewer bits, its "
                                  "checkpoint's: DeepSeek-V3 FP8); a named format decides storage and math")
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
    # --chunked-prefill-size, TensorRT-LLM max_num_tokens); None: the engine's default on the card (core/engines.py
    # default_step_tokens, settled by core/engine_step.py); Auto: the planner tries 512 … 16,384 under the latency
    # targets (plan/serving.CHUNK_SIZES). The description is the window's translated tooltip.
    max_batched_tokens: int | None = Field(default=None, ge=1, le=1_048_576, description="prefill chunk")
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
        """Users (sequences) at once as given, 1 when not given [sequences] (an offline batch with no
        volume is planned with the users that fill its copies: ``workloads/serving/batch_fill.py``)."""
        return self.concurrency or 1

    @model_validator(mode="after")
    def _prompt_fits_context(self) -> Serving:
        if self.context is not None and self.prompt_tokens + self.output_tokens > self.context:
            raise ValueError(
                f"prompt ({self.prompt_tokens}) + output ({self.output_tokens}) tokens exceed "
                f"the context ({self.context})"
            )
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
                    "checks and of the TCO, with the whole servers they fill (network, storage, racks and power "
                    "still counted); delivered already, so no export licence is asked of them [cards]")
    # The buyer will buy used or refurbished cards: said on every row and bill; left out of a saved file when off.
    accept_used: bool = Field(
        default=False, exclude_if=lambda accept: not accept,
        description="rank and bill a card whose only purchase price is a used or refurbished card's at that price "
                    "(no warranty from the maker); a new card's price is still used where there is one")
    quotes: tuple[Quote, ...] = Field(
        default=(), max_length=MAX_QUOTES, exclude_if=lambda quotes: not quotes,
        description="the buyer's quotes: each replaces the price file's unit price of its item (none: the price "
                    "file's prices; left out of a saved file when none)")

    @model_validator(mode="after")
    def _a_currency_states_its_rate(self) -> Economics:
        """A currency other than USD with no ``usd_to_currency`` is refused: the default rate, 1.0,
        would read every USD price of the price file as that many units of the currency (a
        hand-written file with ``"currency": "CNY"`` priced H100s at 1/7 of their CNY cost). After
        validation, on the fields given (a "before" check would hand strict JSON loading a dict
        whose arrays strict Python validation refuses as tuples)."""
        if self.currency != _economics.DEFAULT_CURRENCY and "usd_to_currency" not in self.model_fields_set:
            raise ValueError(f"currency {self.currency} needs its exchange rate: set usd_to_currency "
                             f"[{self.currency} per USD] beside it")
        return self

    @field_validator("quotes")
    @classmethod
    def _one_quote_per_item(cls, quotes: tuple[Quote, ...]) -> tuple[Quote, ...]:
        seen: set[str] = set()
        for quote in quotes:
            if quote.item in seen:
                raise ValueError(f"'{quote.item}' is quoted twice; keep one quote per item")
            seen.add(quote.item)
        return quotes


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
    prompt_efficiency: float = Field(
        default=_efficiency.PROMPT_EFFICIENCY, ge=0.01, le=1,
        description="share of the GEMM rate by shape and card (gemm_efficiency) that a prompt's products sustain "
                    "when it is prefilled alone on an idle copy (time to first token)"
    )
    prompt_overlap: float = Field(
        default=_efficiency.PROMPT_OVERLAP, ge=0, le=1,
        description="share of the shorter of a prompt chunk's weight stream and its products that runs under the "
                    "longer (1: the roofline, the larger of the two)"
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
        default=_efficiency.CPU_OPTIMIZER_PARAMS_PER_S, ge=1e6, le=1e13,
        description="parameters the host CPUs of one server update per second with offloaded Adam "
                    "(ZeRO-Offload CPU-Adam: 10 B parameters in 2.57 s on a DGX-2's 2 Xeon 8168, Ren et al. "
                    "2021 Table 2; PyTorch's fused CPU AdamW, which Megatron-LM and torchtitan run, at 0.7–1.0× "
                    "of it; at least a million a second, so that a step's time stays finite) [1/s]",
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
    vdi_vcpus_per_desktop: int = Field(
        default=_efficiency.VDI_VCPUS_PER_DESKTOP, ge=1, le=64,
        description="virtual CPUs of one virtual desktop [vCPU]"
    )
    vdi_ram_gib_per_desktop: float = Field(
        default=_efficiency.VDI_RAM_GIB_PER_DESKTOP, ge=0.5, le=256,
        description="memory of one virtual desktop, not overcommitted [GiB]"
    )
    vdi_vcpus_per_core: float = Field(
        default=_efficiency.VDI_VCPUS_PER_CORE, ge=0.5, le=32,
        description="virtual CPUs a desktop host schedules on one physical core (CPU overcommit) [vCPU/core]"
    )
