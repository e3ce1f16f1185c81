"""Memory per card for training and serving, with the largest batch/context that fits.

Sizes are bytes per card on the most-loaded card. Formulas and their sources are in each
function's docstring; ``../shared/design/estimator.md`` collects them. What one layer keeps for
backward, given the :class:`~configurator.core.layer_activations.ActivationLayout` built here, is in
:mod:`configurator.core.layer_activations`.
"""

from __future__ import annotations

from dataclasses import replace

from configurator.core.adapter_memory import (adapter_cast_bytes, fp32_unquantized, held_input_bytes,
                                              linear_output_bytes, quantized_inputs_kept)
from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Card
from configurator.core.formulas.activations import TE_FP8_SAVED_INPUT_BYTES
from configurator.core.formulas.dualpipe import dualpipe_stage_layers, runs_dualpipe
from configurator.core.formulas.parallelism import balanced_stage_layers, layers_per_stage
from configurator.core.formulas.states import (  # noqa: F401  (zero_sharded re-exported for callers)
    gathered_weight_bytes,
    zero_sharded,
)
from configurator.core.layer_activations import ActivationLayout, kept_layer_bytes
from configurator.core.memory_breakdown import MemoryBreakdown  # noqa: F401  (re-exported for callers)
from configurator.core.precision import PrecisionPlan, StateBytes, training_state_bytes
from configurator.core.scenario import (ActivationKernels, Assumptions, LossKernel, Recompute, Scenario,
                                       Workload)
from configurator.core.training_block_recompute import block_recompute_value, block_share
from configurator.core.units import BYTES_PER_ELEMENT, GIB, Precision

TIGHT_FIT_HEADROOM = 0.05
"""Free share of memory below which a fit is called tight (fragmentation or a longer sequence
may overflow); the planner prefers layouts that keep at least this much. **Assumption**: of the
order of the allocator reserve measured on the H200 without recomputation (1.4–11.6 %,
``formulas.efficiency.ALLOCATOR_OVERHEAD``), not derived from it."""

OFFLOAD_PREFETCH_LAYERS = 2
"""Layers whose weights or activations are on the card when they live in host memory: the one
in use and the one being fetched (DeepSpeed ZeRO-Infinity prefetch, PyTorch activation offload)."""


# ---- shared pieces ----------------------------------------------------------------------


def usable_capacity_bytes(card: Card, assumptions: Assumptions) -> float:
    """Memory a program can allocate [B]: measured if known, else marketed × usable share.

    An H200 marketed as 141 GB shows 139.8 GiB to PyTorch (``h200-calibration.jsonl``), an
    H100 80 GB 79.2 GiB: vendors' memory "GB" is binary, less ~1 % the driver keeps.
    """
    if card.usable_memory_gib is not None:
        return card.usable_memory_gib * GIB
    return card.memory_gb * assumptions.usable_memory_fraction * GIB


def stage_layer_count(model: ModelArchitecture, pp: int) -> int:
    """Layers on the fullest pipeline stage (:func:`~configurator.core.formulas.parallelism.layers_per_stage`)."""
    return layers_per_stage(model.n_layers, pp)


def training_stage_layers(model: ModelArchitecture, pp: int, dualpipe: bool = False) -> tuple[int, int, int]:
    """Layers on the first, the fullest and the last training pipeline stage, the embedding and
    the head accounted (:func:`~configurator.core.formulas.parallelism.balanced_stage_layers`);
    under DualPipe as DeepSeek split them (:func:`~configurator.core.formulas.dualpipe.dualpipe_stage_layers`)."""
    return dualpipe_stage_layers(model.n_layers, pp) if dualpipe else balanced_stage_layers(model.n_layers, pp)


def scenario_stage_layers(scenario: Scenario, pp: int) -> tuple[int, int, int]:
    """:func:`training_stage_layers` of ``scenario``'s model on ``pp`` stages under its pipeline
    algorithm [count]."""
    return training_stage_layers(scenario.model, pp, runs_dualpipe(scenario.training.pipeline_algorithm, pp))


def stage_params(model: ModelArchitecture, pp: int, first: bool, layers: int | None = None) -> float:
    """Parameters on the first or last pipeline stage, before tensor parallelism [count].

    The first stage holds the embedding; the last the output head (a copy of the embedding
    when tied, as Megatron-LM keeps it) and the final norm. With one stage, all parameters.
    ``layers``: the stage's layers (None = :func:`stage_layer_count`, the even split serving uses).
    """
    if pp == 1:
        return float(model.total_params())
    layers = (stage_layer_count(model, pp) if layers is None else layers) * model.layer_params() / model.n_layers
    if first:
        return layers + model.embedding_params()
    return layers + model.vocab * model.hidden + model.norm_params()


def routed_expert_params(model: ModelArchitecture, layers: int) -> float:
    """Routed-expert parameters in ``layers`` layers: what expert parallelism splits [count]."""
    if not model.is_moe:
        return 0.0
    return layers * model.n_moe_layers / model.n_layers * model.n_experts * model.mlp_params(model.routed_ffn)


# ---- activations ------------------------------------------------------------------------


def activation_kernels(scenario: Scenario) -> ActivationKernels:
    """The layer kernels: as set, else fused under the Megatron recipes (Megatron-LM's
    ``--transformer-impl`` defaults to ``transformer_engine``, its ``--bias-swiglu-fusion`` to on)
    and eager otherwise (PyTorch AMP and pure recipes: Hugging Face and torchtitan modules)."""
    if scenario.training.activation_kernels is not None:
        return scenario.training.activation_kernels
    return ActivationKernels.FUSED if scenario.training.recipe.runs_megatron_core else ActivationKernels.EAGER


def loss_kernel(scenario: Scenario) -> LossKernel:
    """The cross-entropy kernel: as set, else fused for pre-training (Megatron-LM, NeMo and
    torchtitan-class stacks) and eager for fine-tuning (Hugging Face ``ForCausalLMLoss``)."""
    if scenario.training.loss is not None:
        return scenario.training.loss
    return LossKernel.FUSED if scenario.workload is Workload.PRETRAIN else LossKernel.EAGER


# ---- training ---------------------------------------------------------------------------


def sixteen_bit_forward(scenario: Scenario) -> bool:
    """The forward runs on 16-bit weights, so the residual stream is 16-bit too: adapters on a
    frozen 16-bit base, and ZeRO-3 or parameter offload, which gather (or stream) the weights in
    the math precision (PyTorch FSDP2 ``MixedPrecisionPolicy(param_dtype=torch.bfloat16)`` casts
    the unsharded parameters, as torchtitan sets it; DeepSpeed's bf16 mode keeps 16-bit module
    weights); without them AMP's autocast keeps fp32 weights and an fp32 residual."""
    t = scenario.training
    return scenario.workload.is_adapter or scenario.parallelism.zero >= 3 or t.offload_params


def residual_element_bytes(scenario: Scenario, plan: PrecisionPlan, states: StateBytes) -> float:
    """Bytes of one element of the residual stream, and so of each checkpointed layer input [B]: fp32 on a
    QLoRA base whose unquantised parameters peft's ``prepare_model_for_kbit_training`` cast to fp32
    (:func:`~configurator.core.adapter_memory.fp32_unquantized`), else the math element where the forward
    runs on 16-bit weights (:func:`sixteen_bit_forward`), else the recipe's (``StateBytes.residual``).

    The fp32 embedding outputs fp32 hidden states; the Llama/Mistral RMSNorm returns ``self.weight *
    hidden_states.to(input_dtype)`` (transformers ``modeling_llama.py`` ``LlamaRMSNorm.forward``), fp32
    weight times an fp32 input; bitsandbytes' ``Linear4bit.forward`` computes in its compute dtype and
    returns ``out.to(inp_dtype)`` (``bitsandbytes/nn/modules.py``, 0.41-0.43), fp32 again; and the
    residual additions of a 16-bit autocast output to the fp32 stream promote to fp32. So the stream and
    every decoder layer's input that gradient checkpointing keeps are fp32 (huggingface/peft 5d602fdb
    ``src/peft/utils/other.py``: "cast all non INT8 parameters to fp32"). The QLoRA paper's ``qlora.py``
    and trl's ``SFTTrainer`` cast the embedding back to 16 bits (``training.fp32_unquantized`` off), so
    their stream stays 16-bit."""
    if fp32_unquantized(scenario):
        return BYTES_PER_ELEMENT[Precision.FP32]
    return plan.math_bytes if sixteen_bit_forward(scenario) else states.residual


def frozen_base_keeps_no_inputs(scenario: Scenario) -> bool:
    """The frozen base's linears keep no input for backward: LoRA on a 16-bit base (PyTorch autograd
    saves a matmul's input only when the weight needs a gradient), and QLoRA on bitsandbytes 0.43.2 or
    later or torchao's NF4 linear. Not under QLoRA with ``training.quantized_inputs`` ``step`` or
    ``held``: bitsandbytes before 0.43.2, whose ``MatMul4Bit`` kept its input whenever the input needed a
    gradient (``ctx.tensors = (A, B)``), frozen 4-bit weight or not
    (:func:`~configurator.core.adapter_memory.quantized_inputs_kept`)."""
    return scenario.workload.is_adapter and not quantized_inputs_kept(scenario)


def frozen_mlp_drops_inputs(scenario: Scenario) -> bool:
    """The MLP is frozen and keeps no input for a weight gradient: LoRA on the attention only (or on
    q, k and v alone), on a base whose linears keep no input (:func:`frozen_base_keeps_no_inputs`)."""
    return frozen_base_keeps_no_inputs(scenario) and scenario.training.lora_targets in ("attention", "qkv")


def frozen_out_proj_drops_input(scenario: Scenario) -> bool:
    """The output projection is frozen and its input, the attention output's token-major copy, kept by
    no one: LoRA on q, k and v alone (``qkv``), on a base whose linears keep no input
    (:func:`frozen_base_keeps_no_inputs`;
    the attention kernel keeps its own head-major output)."""
    return frozen_base_keeps_no_inputs(scenario) and scenario.training.lora_targets == "qkv"


def saved_input_bytes(kernels: ActivationKernels, plan: PrecisionPlan, adapter: bool = False) -> float:
    """Bytes per element of a linear's input kept for its weight gradient [B]: under the fused
    kernels (Megatron-Core on Transformer Engine: NeMo, Megatron-LM and Megatron-Bridge runs) with
    FP8 math the FP8 copy the forward product read
    (:data:`~configurator.core.formulas.activations.TE_FP8_SAVED_INPUT_BYTES`), else the 16-bit (or
    wider) math element; eager modules' FP8 (torchao's ``Float8Linear``) keep the 16-bit input. Not
    for adapters (``adapter``): a frozen TE linear keeps no input (``backward_needs_input =
    is_grad_enabled and weight_requires_grad``, ``layernorm_linear.py`` at d0067d0) and the adapters,
    16-bit linears fed the norm's 16-bit output (``return_layernorm_output``), keep theirs at 16 bits."""
    if kernels is ActivationKernels.FUSED and plan.math is Precision.FP8 and not adapter:
        return TE_FP8_SAVED_INPUT_BYTES
    return plan.math_bytes


def keeps_original_inputs(scenario: Scenario) -> bool:
    """Megatron-Core has a linear whose 16-bit input another op keeps save that tensor rather than
    its FP8 copy under every FP8 recipe but delayed scaling: the output projection (the attention
    kernel keeps its output) and the shared experts' first linear (the router keeps the norm's output)
    (``transformer/attention.py`` ``Attention.__init__`` and ``moe/shared_experts.py``
    ``SharedExpertMLP.__init__``: ``config.fp8 and config.fp8_recipe != 'delayed'`` ->
    ``set_save_original_input``, Megatron-LM d98e8a64ddf34856e74b24714e3bedb2f5a39553; Transformer
    Engine 2.6 or later). The scenario's ``fp8_scaling`` names the recipe: dynamic (current scaling)
    and block keep the original, delayed a copy."""
    return scenario.training.fp8_scaling != "delayed"


def activation_layout(scenario: Scenario, plan: PrecisionPlan, states: StateBytes) -> ActivationLayout:
    kernels = activation_kernels(scenario)
    residual = residual_element_bytes(scenario, plan, states)
    return ActivationLayout(
        math_bytes=plan.math_bytes,
        residual_bytes=residual,
        flash_attention=scenario.training.flash_attention and plan.math_bytes <= 2,
        recompute=scenario.training.recompute,
        frozen_mlp=frozen_mlp_drops_inputs(scenario),
        frozen_out_proj=frozen_out_proj_drops_input(scenario),
        frozen_norms=scenario.workload.is_adapter,
        loss=loss_kernel(scenario),
        selective=scenario.training.selective_policy,
        loss_parallel=scenario.parallelism.tp > 1,
        kernels=kernels,
        cache_bytes=min(plan.math_bytes, BYTES_PER_ELEMENT[plan.math]) if plan.math is not None else plan.math_bytes,
        saved_input_bytes=saved_input_bytes(kernels, plan, scenario.workload.is_adapter),
        original_inputs=keeps_original_inputs(scenario),
        dropout_targets=scenario.training.lora_targets if adapter_dropout(scenario) else None,
        dropout_frees_inputs=frozen_base_keeps_no_inputs(scenario),
        held_inputs=held_input_bytes(scenario, plan.math_bytes),
        mlp_output_bytes=linear_output_bytes(scenario, plan.math_bytes, residual),
        adapter_casts=adapter_cast_bytes(scenario, plan.math_bytes),
        down_input_released=not frozen_mlp_drops_inputs(scenario) and not quantized_inputs_kept(scenario),
    )


def adapter_dropout(scenario: Scenario) -> bool:
    """The adapters drop their inputs: an adapter workload with ``training.lora_dropout`` above 0
    (peft and litgpt run no dropout at 0, ``nn.Identity``)."""
    return scenario.workload.is_adapter and scenario.training.lora_dropout > 0.0


def stage_stored_bytes(scenario: Scenario, layout: ActivationLayout, layers: int) -> float:
    """Per-token bytes a stage keeps for backward on the card for one micro-batch [B]: what each
    of its layers keeps (:func:`~configurator.core.layer_activations.kept_layer_bytes`; with the first N
    recomputed, their share at full recomputation's and the rest at none's,
    :mod:`~configurator.core.training_block_recompute`), or with activation offload only
    ``OFFLOAD_PREFETCH_LAYERS`` layers' (the rest wait in host memory)."""
    on_card = min(layers, OFFLOAD_PREFETCH_LAYERS) if scenario.training.offload_activations else layers
    kept, share = kept_layer_bytes(scenario.model, layout, scenario.training.seq_len), block_share(scenario, layers)
    if share < 1.0:
        none = kept_layer_bytes(scenario.model, replace(layout, recompute=Recompute.NONE), scenario.training.seq_len)
        kept = block_recompute_value(none, kept, share)
    return on_card * kept


def gathered_layer_bytes(model: ModelArchitecture, layers: int, weight_bytes: float, kept: bool = False) -> float:
    """16-bit weights of the layers ZeRO-3 gathers in full at a time (in use + prefetched) [B],
    before tensor parallelism (PyTorch FSDP ``limit_all_gathers``; DeepSpeed prefetch); ``kept``:
    all the stage's ``layers``, gathered once per step and kept under pipeline stages
    (:func:`~configurator.core.formulas.communication.zero3_regathers`)."""
    return float(gathered_weight_bytes(layers, layers if kept else OFFLOAD_PREFETCH_LAYERS, model.layer_params(),
                                       model.n_layers, weight_bytes))


def training_states(scenario: Scenario, plan: PrecisionPlan) -> StateBytes:
    """Bytes per parameter of the training states (weights, gradients, optimizer, autocast copy) and of a
    residual element, for the scenario's recipe and optimizer at ``plan``'s precision [B/param]
    (:func:`~configurator.core.precision.training_state_bytes`)."""
    return training_state_bytes(scenario.training.recipe, scenario.training.optimizer, plan,
                                scenario.training.optimizer_states)
