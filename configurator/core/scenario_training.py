"""The training run of a scenario (batch, sequence, recipe, kernels, optimizer, adapters, offload), a frozen and
validated pydantic model. Re-exported by :mod:`configurator.core.scenario_sections` and
:mod:`configurator.core.scenario`; its descriptions are read as :mod:`configurator.core.scenario_sections` says."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from configurator.core.batch import MAX_GLOBAL_BATCH_TOKENS
from configurator.core.default_job import DEFAULT_OPTIMIZER_KERNEL, DEFAULT_SEQ_LEN, DEFAULT_TRAINING_TOKENS
from configurator.core import examples as _examples
from configurator.core.formulas import moe as _moe
from configurator.core.frozen_model import FrozenModel
from configurator.core.scenario_choices import (
    ActivationKernels,
    AttentionKernel,
    LossKernel,
    Optimizer,
    Recipe,
    Recompute,
    SelectivePolicy,
)

_Frozen = FrozenModel


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
    # The one default recipe: the command line, the window and the wizard all read it (no workload sets its own;
    # a pre-train under Megatron's recipe is asked with --recipe megatron-mixed, as the README's examples do).
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
    # Read through training_held_states.defers_gradient_reduction, the one place "recipe" is resolved, by the memory
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
                    "need no room beside the activations (training_held_states.paged_state_bytes). Written to "
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
