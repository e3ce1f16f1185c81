"""The parts of a scenario: parallelism, training, serving, graphics load and constraints (their own modules,
:mod:`configurator.core.scenario_graphics`, :mod:`configurator.core.scenario_constraints`), economics and assumptions, each a frozen and validated pydantic model.
Re-exported by :mod:`configurator.core.scenario`.

A field's description is its words for people: the editor's tooltip (translated) and the CLI's ``--help`` read it
where the field registry (:mod:`configurator.core.fields`) gives no text of its own; what only a developer needs
(sources, modules, when a field is written to files) is a comment above the field."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from configurator.core.batch import MAX_GLOBAL_BATCH_TOKENS
from configurator.core.default_job import DEFAULT_OPTIMIZER_KERNEL, DEFAULT_SEQ_LEN, DEFAULT_TRAINING_TOKENS
from configurator.core import examples as _examples
from configurator.core.engines import PROFILES, Engine, EngineProfile
from configurator.core.formats import WeightFormat
from configurator.core.formulas import economics as _economics
from configurator.core.formulas.cp_comm import CP_COMM_TYPES
from configurator.core.formulas import efficiency as _efficiency
from configurator.core.formulas import moe as _moe
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
from configurator.core.scenario_choices import (
    ActivationKernels,
    AttentionKernel,
    LossKernel,
    Optimizer,
    Recipe,
    Recompute,
    SelectivePolicy,
    ServingUse,
)
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


class Training(_Frozen):
    """Batch, sequence and recipe of a training run."""

    micro_batch: int = Field(default=1, ge=1, le=65536, description="sequences per data-parallel rank")
    seq_len: int = Field(default=DEFAULT_SEQ_LEN, ge=1, le=2_097_152, description="tokens per sequence")
    grad_accum: int = Field(default=1, ge=1, le=65536, description="micro-batches per step")
    global_batch_tokens: int | None = Field(
        default=None, ge=1, le=MAX_GLOBAL_BATCH_TOKENS,
        description="tokens per optimizer step, kept when the card count changes (None = micro-batch × "
                    "accumulation × data-parallel width, or the published default by model size when those are Auto)",
    )
    recompute: Recompute = Recompute.NONE
    recompute_layers: int | None = Field(
        default=None, ge=1, le=4096, exclude_if=lambda n: n is None,
        description="with full recomputation, the layers of each pipeline stage recomputed, the first ones "
                    "(Megatron-LM --recompute-method block --recompute-num-layers, NeMo's "
                    "activations_checkpoint_num_layers); the other layers keep their activations, as without "
                    "recomputation. None: every layer. Written to files only when given [layers]")
    selective_policy: SelectivePolicy = Field(
        default=SelectivePolicy.ATTENTION,
        description="what selective recomputation keeps, as the training framework does it. Megatron-LM (attention, "
                    "the default) recomputes only the attention core; torchtitan's per-op policy (per-op) keeps every "
                    "other matmul output and recomputes the rest, which needs less memory and more compute. "
                    "DeepSeek-V3 (fp8-cache) caches the linear layers' inputs in FP8 and recomputes the norms, the MLA "
                    "up-projections and the SwiGLU output")
    recipe: Recipe = Recipe.TORCH_AMP
    fp8_scaling: Literal["dynamic", "delayed", "block"] = Field(
        default="dynamic", exclude_if=lambda name: name == "dynamic",
        description="how FP8 products are scaled, which sets their GEMM curve (formulas/gemm_efficiency.py "
                    "FP8_SCALING_FITS): dynamic (per-tensor current scaling, each product quantizes its input in a "
                    "pass of its own: torchao, TE current scaling, te.Linear), delayed (Transformer Engine's delayed "
                    "scaling in Megatron-Core's fused layers: casts fused, no pass before the product) or block (1x128 "
                    "activation and 128x128 weight blocks, DeepSeek-V3). Written to files only when not dynamic")
    optimizer: Optimizer = Optimizer.ADAMW
    optimizer_kernel: Literal["fused", "foreach"] = Field(
        default=DEFAULT_OPTIMIZER_KERNEL, exclude_if=lambda name: name == DEFAULT_OPTIMIZER_KERNEL,
        description="how a PyTorch AdamW step runs under the torch-amp and pure recipes: fused (one in-place "
                    "kernel, torch.optim.AdamW(fused=True): the default, as the transformers Trainer's "
                    "adamw_torch_fused runs it under PyTorch 2.8 or later and trl, LLaMA-Factory, axolotl, "
                    "torchtune, torchtitan and the H200 grid too; default_job.DEFAULT_OPTIMIZER_KERNEL) or "
                    "foreach (torch.optim.AdamW's default on CUDA, as the transformers Trainer's adamw_torch ran it "
                    "before PyTorch 2.8), whose step allocates one second-moment-sized temporary beside the states "
                    "and gradients (formulas/states.adam_step_temporary_bytes). Megatron's fused Adam, 8-bit and "
                    "paged optimizers step in place. Written to files only when foreach")
    optimizer_states: Literal["recipe", "bf16", "bf16-master", "fp32-remainders"] = Field(
        default="recipe", exclude_if=lambda kept: kept == "recipe",
        description="how the optimizer keeps its states: as the recipe does (recipe), or as Apex's "
                    "DistributedFusedAdam (NeMo's optim distributed_fused_adam), stepping the gradients as they are "
                    "with no fp32 copy: dtype bf16 with no weight copy (bf16), with a bf16 copy (bf16-master: "
                    "store_params, which NeMo sets under fp8_params), or dtype fp32 over bf16 weights keeping the "
                    "master's 16 low bits (fp32-remainders: store_param_remainders, NeMo's choice there). Written to "
                    "files only when not recipe")
    lora_rank: int = Field(default=16, ge=1, le=4096, description="rank r of the LoRA adapters")
    lora_targets: Literal["all-linear", "attention", "qkv"] = "all-linear"
    lora_dropout: float = Field(
        default=0.0, ge=0.0, lt=1.0, exclude_if=lambda p: p == 0.0,
        description="dropout probability on each LoRA adapter's input (peft lora_dropout): above 0 every adapted "
                    "linear keeps a dropped copy of its input and a one-byte mask for backward. Default 0, as peft's "
                    "LoraConfig, torchtune's LoRA recipes and Unsloth set it (litgpt's finetune scripts: 0.05). "
                    "Written to files only when above 0")
    fp8_base: bool = Field(
        default=False, exclude_if=lambda on: not on,
        description="LoRA with FP8 math: the frozen base's block linears stored in FP8 only, no 16-bit copy "
                    "(Transformer Engine fp8_model_init, as NeMo's fp8_params sets it); off: the base in the math "
                    "precision, cast to FP8 per product. Written to files only when on")
    fp32_unquantized: bool = Field(
        default=False, exclude_if=lambda on: not on,
        description="QLoRA: the frozen base's unquantised parameters (embedding, output head, norms) held in "
                    "fp32, as peft's prepare_model_for_kbit_training casts them and a plain transformers Trainer "
                    "keeps them; off: in the math precision (torchtune, litgpt, Answer.AI's FSDP QLoRA, and the "
                    "QLoRA paper's qlora.py and trl's SFTTrainer under bf16, which cast the embedding and head "
                    "back). Written to files only when on")
    quantized_inputs: Literal["none", "step", "held"] = Field(
        default="none", exclude_if=lambda kept: kept == "none",
        description="QLoRA: what the 4-bit base linears keep of their 16-bit inputs for backward. none: nothing, "
                    "as a frozen 16-bit linear (bitsandbytes 0.43.2 and later, pull request 1270; torchao's NF4 "
                    "linear, which torchtune runs); step: each one's input until the step's graph is freed "
                    "(bitsandbytes before 0.43.2: MatMul4Bit's ctx.tensors = (A, B)), as fsdp_qlora and the "
                    "transformers Trainer free it after backward; held: as step, and the training loop keeps the "
                    "last micro-batch's outputs until the next forward has run (litgpt's logits = model(...)), so "
                    "one micro-batch's inputs more are alive beside it (adapter_memory.held_input_bytes). Written "
                    "to files only when not none")
    tokens: float = Field(default=DEFAULT_TRAINING_TOKENS, ge=1e6, le=1e15,
                          description="training token budget [tokens]")
    examples: int | None = Field(
        default=None, ge=1, le=10**9, exclude_if=lambda n: n is None,
        description="fine-tuning examples the token budget was given as (examples.example_tokens: examples × "
                    "tokens per example); None: the budget was given in tokens. Written to files only when given "
                    "[examples]")
    # The default is core/examples.py's; written to files only when not the default.
    tokens_per_example: int = Field(
        default=_examples.DEFAULT_TOKENS_PER_EXAMPLE, ge=1, le=2_097_152,
        exclude_if=lambda n: n == _examples.DEFAULT_TOKENS_PER_EXAMPLE,
        description="mean tokens per fine-tuning example, which with the examples sets the token budget (default "
                    "512: the Stanford Alpaca fine-tune's maximum length) [tokens]")
    # Transformer Engine's THD layout with cu_seqlens, flash-attn's varlen kernels: a token meets the earlier tokens of
    # its own example only (core/training_packing.py). Written to files only when on.
    packed: bool = Field(
        default=False, exclude_if=lambda on: not on,
        description="fine-tuning: each sequence is packed from whole examples (each of the tokens per example) and "
                    "attention stays within each example (NeMo and Megatron-Bridge packed fine-tuning, flash-attn "
                    "varlen): attention runs over the example, not the whole sequence. Off (the default): every "
                    "sequence is one document, as pre-training runs it")
    flash_attention: bool = True
    attention_kernel: AttentionKernel | None = Field(
        default=None, description="fused attention kernel (None = Transformer Engine's under the fused layer "
                                  "kernels: cuDNN on Hopper, FlashAttention-2 before it; FlashAttention-2 otherwise)")
    loss: LossKernel | None = Field(
        default=None, description="cross-entropy kernel (default: fused for pre-training, eager for fine-tuning)"
    )
    activation_kernels: ActivationKernels | None = Field(
        default=None, description="layer kernels, which decide the activations kept for backward (None = fused "
                                  "under the megatron-mixed recipe, as Megatron-Core runs Transformer Engine; eager "
                                  "otherwise)")
    # DualPipe (pipeline_algorithm) overlaps it whatever this says (formulas/moe.expert_all_to_all_overlapped).
    expert_overlap: bool = Field(
        default=_moe.EXPERT_OVERLAP_DEFAULT,
        description="mixture of experts: the framework runs one micro-batch's expert all-to-all under another's "
                    "compute (DeepSeek-V3 DualPipe, Megatron-LM --overlap-moe-expert-parallel-comm, which refuses it "
                    "beside full recomputation); off (the default), it waits on the critical path, as plain schedules "
                    "run it, unless the pipeline algorithm is DualPipe, which overlaps it itself")
    # Megatron-LM --moe-token-dispatcher-type alltoall, or flex with --moe-flex-dispatcher-backend deepep|hybridep
    # (formulas/moe.routed_all_to_all_seconds); written to files only when not alltoall.
    moe_dispatcher: Literal["alltoall", "deepep", "hybridep"] = Field(
        default=_moe.MOE_DISPATCHER_DEFAULT, exclude_if=lambda name: name == _moe.MOE_DISPATCHER_DEFAULT,
        description="mixture of experts: how tokens reach their experts on other cards (Megatron-LM "
                    "--moe-token-dispatcher-type). alltoall, the default, sends a token once for each expert it is "
                    "routed to; the flex dispatcher's DeepEP and HybridEP backends send it once to each other server "
                    "that holds any of its experts and forward it over NVLink there")
    # layer_overhead_s less the layer's host launches, plus the replayed layer (core/training_graphs.py); written to
    # files only when on.
    cuda_graphs: bool = Field(
        default=False, exclude_if=lambda on: not on,
        description="the framework captures the layers in CUDA graphs and replays them (Megatron-Core "
                    "--cuda-graph-impl, NeMo enable_cuda_graph, torch.compile mode=\"reduce-overhead\"): each "
                    "layer's fixed time loses the host's launch of each kernel and takes the replayed kernels' gaps "
                    "instead. Not with full recomputation or CPU offload of activations, which Megatron-Core refuses "
                    "beside per-layer graphs. Off by default")
    pipeline_algorithm: Literal["1f1b", "dualpipe"] = Field(
        default="1f1b", exclude_if=lambda name: name == "1f1b",
        description="pipeline algorithm: 1f1b (plain or interleaved, parallelism.pipeline_schedule) or DeepSeek-V3's "
                    "bidirectional DualPipe (report §3.2.1, Table 2: bubble (PP/2-1)(F&B+B-3W), each rank holding its "
                    "stage and the mirror stage, two copies of the parameters; even pipeline degrees only, an odd "
                    "one runs as 1f1b; formulas/dualpipe.py). Written to files only when dualpipe")
    # Read through training_stage_memory.defers_gradient_reduction, the one place "recipe" is resolved, by the memory
    # model and the step time alike (formulas/zero_pipeline.py); written to files only when not recipe.
    grad_reduce: Literal["recipe", "per-micro-batch", "per-step"] = Field(
        default="recipe", exclude_if=lambda how: how == "recipe",
        description="ZeRO 2/3 beside pipeline stages: when the framework reduce-scatters the gradients. "
                    "per-micro-batch: after every micro-batch's backward, each rank keeping only its share of them, "
                    "the step waiting for each at the end of that backward (Megatron-Core's ZeRO 2/3, Megatron-FSDP); "
                    "per-step: once, after the last micro-batch, each card holding its stage's gradients whole "
                    "until then (PyTorch's pipelining over FSDP2, as torchtitan runs it; Meta's Llama 3 405B "
                    "runs). recipe (the default): per-micro-batch under the Megatron recipes, per-step otherwise. "
                    "Written to files only when not recipe")
    paged_optimizer: bool = Field(
        default=False, exclude_if=lambda on: not on,
        description="optimizer states in CUDA unified memory (bitsandbytes' paged optimizers, e.g. "
                    "paged_adamw_32bit, as the QLoRA paper runs them, Dettmers et al. 2023 §3): the driver pages "
                    "them out to host memory when the card is short, so they are outside the caching allocator and "
                    "need no room beside the activations (training_stage_memory.paged_state_bytes). Written to "
                    "files only when on")
    # torchtune's optimizer_in_bwd: one optimizer per parameter, stepped by a register_post_accumulate_grad_hook
    # (training_stage_memory.in_backward_gradient_share); the step's time is unchanged. PyTorch recipes, FSDP2 for
    # ZeRO-3; torchtune refuses it with gradient accumulation. Written to files only when on.
    optimizer_in_backward: bool = Field(
        default=False, exclude_if=lambda on: not on,
        description="full fine-tune or pre-training: the optimizer steps each parameter as soon as its gradient is "
                    "made in backward and frees that gradient (torchtune's optimizer_in_bwd), so only the largest "
                    "parameter's gradient is held, not the whole model's. Needs one micro-batch per step (no "
                    "gradient accumulation) and one data-parallel copy or ZeRO-3. Off by default")
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
