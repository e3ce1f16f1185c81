"""Memory per card for training and serving, with the largest batch/context that fits.

Sizes are bytes per card on the most-loaded card. Formulas and their sources are in each
function's docstring; ``../shared/design/estimator.md`` collects them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from configurator.core.adapter_memory import (adapter_cast_bytes, fp32_unquantized, held_input_bytes,
                                              linear_output_bytes, quantized_inputs_kept)
from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Card
from configurator.core.formulas.activations import (
    TE_FP8_SAVED_INPUT_BYTES,
    eager_routed_experts_saved_bytes_per_token,
    fp8_cache_kept_bytes_per_token,
    fused_layer_saved_bytes_per_token,
    hand_written_layer_saved_bytes_per_token,
    layer_saved_bytes_per_token,
    lora_dropout_saved_bytes_per_token,
    loss_bytes_per_token,
    per_op_kept_bytes_per_token,
    routed_experts_saved_bytes_per_token,
)
from configurator.core.formulas.mlp_backward import (mlp_backward_transient_bytes_per_token, moe_product_width,
                                                     wide_output_mlp_bytes_per_token)
from configurator.core.formulas.dualpipe import dualpipe_stage_layers, runs_dualpipe
from configurator.core.formulas.parallelism import balanced_stage_layers, layers_per_stage
from configurator.core.formulas.states import (  # noqa: F401  (zero_sharded re-exported for callers)
    gathered_weight_bytes,
    zero_sharded,
)
from configurator.core.formulas.timing import ACTIVATION_TRAFFIC_PASSES
from configurator.core.memory_breakdown import MemoryBreakdown  # noqa: F401  (re-exported for callers)
from configurator.core.precision import PrecisionPlan, StateBytes, training_state_bytes
from configurator.core.scenario import (ActivationKernels, Assumptions, LossKernel, Recompute, Scenario,
                                       SelectivePolicy, Workload)
from configurator.core.training_block_recompute import block_recompute_value, block_share
from configurator.core.units import BYTES_PER_ELEMENT, GIB, Precision

LOSS_CHUNKS = 8
"""Chunks a chunked cross-entropy splits the tokens into: torchtune ``CEWithChunkedOutputLoss``
(``num_output_chunks = 8``) and the output projection's ``num_output_chunks``; one chunk's gradient is
alive at a time (:func:`logits_bytes_per_token`)."""

TIGHT_FIT_HEADROOM = 0.05
"""Free share of memory below which a fit is called tight (fragmentation or a longer sequence
may overflow); the planner prefers layouts that keep at least this much. **Assumption**: of the
order of the allocator reserve measured on the H200 without recomputation (1.4–11.6 %,
``formulas.efficiency.ALLOCATOR_OVERHEAD``), not derived from it."""

FP32_LOSS_COPIES = {LossKernel.EAGER: 3, LossKernel.FUSED: 1, LossKernel.CHUNKED: 0, LossKernel.COMPILED: 0}
"""fp32 tensors of vocabulary width alive in the loss backward (none for the chunked and the compiled
loss, whose 16-bit logits and gradients :func:`logits_bytes_per_token` counts). Eager: log-softmax
output, its gradient, and the gradient of the logits (PyTorch ``cross_entropy`` on upcast logits).
Fused: one buffer that holds the softmax and is overwritten by the gradient (Megatron-LM
``_VocabParallelCrossEntropy``: ``grad_input`` is the saved softmax, modified in place)."""

COMPILED_LOSS_TENSORS = 2
"""16-bit tensors of vocabulary width alive in the backward of a cross-entropy compiled whole with
``torch.compile`` (torchtitan ``components/loss.py`` ``build_cross_entropy_loss`` compiles
``cross_entropy(pred.float(), labels)`` under ``--training.compile``, commit e7c0cae): the logits,
which the backward reads again, and their gradient. Inductor fuses the fp32 upcast, the
log-softmax and its backward into kernels that keep only per-row reductions in fp32, and its
``scatter_upon_const_tensor`` pass turns ``nll_loss_backward``'s ``zeros(...).scatter(...)`` into a
pointwise term of the same kernel (pytorch/pytorch PR 129043, June 2024), so no fp32 tensor of
vocabulary width is made: PyTorch's ``test/inductor/test_scatter_optimization.py``
``test_cross_entropy_loss`` (commit 004678545cb9c106d32d17a4f5e8c1f40e9d5edc; 32,768 tokens, 50,257
entries, bf16 logits, A100) peaks at 7.227 GB with the pass and 10.524 GB without: 4.4 and 6.4 B per
vocabulary entry with the linear's weights, inputs and gradient, against the 4 B counted here and
the 6 B of one more fp32 tensor."""

FP32_LOSS_COPIES_LOSS_PARALLEL = 4
"""fp32 tensors of (sharded) vocabulary width alive in the backward of an eager cross-entropy on
logits sharded over tensor-parallel ranks, as torchtitan runs it (``loss_parallel()``, on by
default when TP > 1). PyTorch ``torch/distributed/tensor/parallel/loss.py``
``_nll_loss_and_log_softmax_backward`` fuses the two backwards: beside the saved log-softmax it
holds ``grad_input = torch.zeros_like(x)``, ``grad_input + torch.exp(x)`` and its product with
``grad_output`` at once — one more than the single-device kernels."""

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


@dataclass(frozen=True)
class ActivationLayout:
    """What a training step keeps for backward (bytes per element and flags)."""

    math_bytes: float
    residual_bytes: float
    flash_attention: bool
    recompute: Recompute
    frozen_mlp: bool = False
    frozen_out_proj: bool = False
    """The output projection is frozen and carries no adapter (LoRA on q, k and v alone, on a 16-bit
    base): nothing keeps its input, the attention output's token-major copy (:func:`frozen_out_proj_drops_input`)."""
    loss: LossKernel = LossKernel.FUSED
    selective: SelectivePolicy = SelectivePolicy.ATTENTION
    loss_parallel: bool = False
    """The logits are sharded over tensor-parallel ranks for the loss (TP > 1)."""
    kernels: ActivationKernels = ActivationKernels.EAGER
    """The layer kernels: what a layer keeps for backward (:func:`activation_kernels`)."""
    cache_bytes: float = 2.0
    """Bytes of a linear input cached by DeepSeek-V3's FP8 policy: 1 when the math is FP8, else the
    math element's [B]."""
    saved_input_bytes: float | None = None
    """Bytes of a linear's input as the fused (Transformer Engine) layers keep it for the weight
    gradient: the FP8 copy under FP8 math (:func:`saved_input_bytes`); None: the math element's [B]."""
    frozen_norms: bool = False
    """The norms' weights take no gradient: adapter training freezes the whole base (eager norms then
    keep no normalised output, :func:`~configurator.core.formulas.activations.rms_norm_saved_bytes_per_token`)."""
    original_inputs: bool = False
    """Under FP8, the linears whose 16-bit input another op keeps anyway (the output projection, the
    shared experts' first linear) keep that tensor, not an FP8 copy: Megatron-Core's
    ``set_save_original_input`` under FP8 recipes other than delayed scaling (:func:`keeps_original_inputs`)."""
    dropout_targets: str | None = None
    """The LoRA targets whose adapters drop their inputs (``Training.lora_targets``), None without
    adapter dropout (:func:`adapter_dropout_layer_bytes`)."""
    dropout_frees_inputs: bool = False
    """The frozen base keeps no input of its own, so the undropped inputs only the adapters kept are
    freed under adapter dropout (LoRA on a 16-bit base, and QLoRA unless its 4-bit linears keep theirs)."""
    held_inputs: float = 0.0
    """Bytes per token a layer holds of the previous micro-batch beside the one it keeps: the inputs of
    its 4-bit linears under ``training.quantized_inputs`` ``held``
    (:func:`~configurator.core.adapter_memory.held_input_bytes`) [B]."""
    mlp_output_bytes: float | None = None
    """Bytes of an element the MLP's up and gate linears return: fp32 for QLoRA on an fp32 stream
    (:func:`~configurator.core.adapter_memory.linear_output_bytes`); None: the math element's [B]."""
    adapter_casts: float = 0.0
    """Bytes per token of the adapters' own 16-bit casts of fp32 inputs a 4-bit linear also keeps a cast of
    (:func:`~configurator.core.adapter_memory.adapter_cast_bytes`) [B]."""
    down_input_released: bool = True
    """The down projection's kept input is freed before the MLP product's backward (kept by an autograd
    node, as a trained weight's is; not a frozen MLP's nor a 4-bit linear's context): :func:`working_layer_bytes`."""

    @property
    def recomputes_layers(self) -> bool:
        """Layers are rebuilt in backward: full recomputation, or torchtitan's per-op policy
        (Megatron's selective recomputes only the attention core, inside the layer's backward)."""
        return self.recompute is Recompute.FULL or (
            self.recompute is Recompute.SELECTIVE and self.selective is SelectivePolicy.PER_OP)


def recomputes_attention_core(layout: ActivationLayout) -> bool:
    """Megatron's selective recomputation: the attention core is rerun in backward, so the attention
    kernel keeps nothing of its own (Korthikanti et al. 2022 §4.3; Megatron-Core
    ``--recompute-granularity selective``, ``core_attn`` by default)."""
    return layout.recompute is Recompute.SELECTIVE and layout.selective is SelectivePolicy.ATTENTION


def layer_activation_bytes(model: ModelArchitecture, layout: ActivationLayout, seq_len: int) -> float:
    """Bytes one transformer layer of ``model`` saves for backward, per token [B]: the SwiGLU and
    GQA version of Korthikanti et al. 2022 Table 2 as eager PyTorch keeps it
    (:func:`~configurator.core.formulas.activations.layer_saved_bytes_per_token`; with fused RMSNorms
    under ``fused-norm``; an MoE layer with the routed copies' inputs and outputs,
    :func:`~configurator.core.formulas.activations.eager_routed_experts_saved_bytes_per_token`) or as
    Megatron-Core's fused kernels do (:func:`fused_layer_activation_bytes`) or a hand-written backward
    does (:func:`hand_written_layer_activation_bytes`)."""
    stores_scores = not layout.flash_attention and layout.recompute is Recompute.NONE
    if layout.kernels is ActivationKernels.FUSED:
        return fused_layer_activation_bytes(model, layout, seq_len, stores_scores)
    if layout.kernels is ActivationKernels.HAND_WRITTEN:
        return hand_written_layer_activation_bytes(model, layout, seq_len, stores_scores)
    eager = layer_saved_bytes_per_token(
        model.hidden, model.q_dim, model.kv_dim, model.attn_out_dim, model.mlp_token_width, model.n_heads, seq_len,
        layout.math_bytes, layout.residual_bytes, model.gated_mlp, stores_scores=stores_scores,
        frozen_mlp=layout.frozen_mlp, fused_norm=layout.kernels is ActivationKernels.FUSED_NORM,
        frozen_norms=layout.frozen_norms)
    eager += adapter_dropout_layer_bytes(model, layout) + layout.adapter_casts
    if layout.mlp_output_bytes is not None:
        eager += wide_output_mlp_bytes_per_token(model.mlp_token_width, layout.math_bytes, layout.mlp_output_bytes,
                                                 model.gated_mlp)
    if layout.frozen_out_proj:
        eager -= layout.math_bytes * model.attn_out_dim
    if not model.is_moe:
        return eager
    casts = 2 if model.gated_mlp and layout.residual_bytes > layout.math_bytes else 1
    routed = eager_routed_experts_saved_bytes_per_token(model.hidden, model.experts_per_token, model.n_experts,
                                                        layout.math_bytes, casts, frozen_experts=layout.frozen_mlp)
    return eager + model.n_moe_layers / model.n_layers * routed


def adapter_dropout_layer_bytes(model: ModelArchitecture, layout: ActivationLayout) -> float:
    """Bytes the LoRA adapters' input dropout adds to one eager layer, per token [B]
    (:func:`~configurator.core.formulas.activations.lora_dropout_saved_bytes_per_token`), 0 without it.

    Each adapted linear drops its own input (peft, torchtune): q, k and v the attention input, the
    output projection the attention output, and with ``all-linear`` each MLP copy's gate and up the
    MLP input and its down projection the activation's output. On a 16-bit base the undropped inputs
    are kept by the adapters alone, so dropout frees them: the attention input and output and, with
    ``all-linear``, the MLP input and the down projection's input (QLoRA's 4-bit linears keep theirs).
    Not counted under the fused kernels (NeMo's adapters, whose ``adapter_dropout`` defaults to 0)."""
    if layout.dropout_targets is None:
        return 0.0
    h = model.hidden
    if layout.dropout_targets == "qkv":  # q, k and v alone: the attention input
        return lora_dropout_saved_bytes_per_token([h, h, h], layout.math_bytes,
                                                  h if layout.dropout_frees_inputs else 0.0)
    dropped = [h, h, h, model.attn_out_dim]
    freed = h + model.attn_out_dim
    if layout.dropout_targets == "all-linear":
        copies = model.mlp_copies_per_token
        dropped += [(2 if model.gated_mlp else 1) * copies * h, model.mlp_token_width]
        freed += copies * h + model.mlp_token_width
    return lora_dropout_saved_bytes_per_token(dropped, layout.math_bytes,
                                              freed if layout.dropout_frees_inputs else 0.0)


def fused_layer_activation_bytes(model: ModelArchitecture, layout: ActivationLayout, seq_len: int,
                                 stores_scores: bool) -> float:
    """Bytes one layer of ``model`` keeps for backward under Megatron-Core's fused kernels, per token,
    averaged over its dense and MoE layers [B]: each layer as
    :func:`~configurator.core.formulas.activations.fused_layer_saved_bytes_per_token` counts it at its
    own MLP width (dense ``ffn``; MoE ``(k + shared)·expert ffn``), an MoE layer with what routing
    adds, the ``k`` dispatched copies of each token the experts' first linear keeps and the router's
    scores (:func:`~configurator.core.formulas.activations.routed_experts_saved_bytes_per_token`)."""
    def layer(mlp_width: float, routed: bool) -> float:
        return fused_layer_saved_bytes_per_token(
            model.hidden, model.q_dim, model.kv_dim, model.attn_out_dim, mlp_width, model.n_heads, seq_len,
            layout.math_bytes, layout.residual_bytes, model.gated_mlp, stores_scores=stores_scores,
            frozen_mlp=layout.frozen_mlp, input_bytes=layout.saved_input_bytes,
            attention_recomputed=recomputes_attention_core(layout), routed_mlp=routed,
            original_inputs=layout.original_inputs)

    if not model.is_moe:
        return layer(model.mlp_token_width, False)
    input_bytes = layout.math_bytes if layout.saved_input_bytes is None else layout.saved_input_bytes
    shared_copy = input_bytes if model.n_shared_experts and input_bytes != layout.math_bytes \
        and not layout.frozen_mlp and not layout.original_inputs else 0.0
    moe = layer((model.experts_per_token + model.n_shared_experts) * model.routed_ffn, True) \
        + routed_experts_saved_bytes_per_token(model.hidden, model.experts_per_token, model.n_experts, input_bytes,
                                               shared_copy, frozen_experts=layout.frozen_mlp)
    dense = layer(model.ffn, False) if model.n_dense_layers else 0.0
    return (model.n_dense_layers * dense + model.n_moe_layers * moe) / model.n_layers


def hand_written_layer_activation_bytes(model: ModelArchitecture, layout: ActivationLayout, seq_len: int,
                                       stores_scores: bool) -> float:
    """Bytes one layer of ``model`` keeps for backward under a hand-written layer backward, per token [B]
    (:func:`~configurator.core.formulas.activations.hand_written_layer_saved_bytes_per_token`, at the
    MLP width a token passes through); an MoE layer adds the ``k`` dispatched copies its experts' first
    linears keep and the router's scores, as Megatron-Core's do
    (:func:`~configurator.core.formulas.activations.routed_experts_saved_bytes_per_token`: no source says
    a hand-written MoE backward rebuilds them)."""
    dense = hand_written_layer_saved_bytes_per_token(
        model.hidden, model.q_dim, model.kv_dim, model.attn_out_dim, model.mlp_token_width, model.n_heads, seq_len,
        layout.math_bytes, layout.residual_bytes, model.gated_mlp, stores_scores)
    if not model.is_moe:
        return dense
    routed = routed_experts_saved_bytes_per_token(model.hidden, model.experts_per_token, model.n_experts,
                                                  layout.math_bytes, frozen_experts=layout.frozen_mlp)
    return dense + model.n_moe_layers / model.n_layers * routed


def rebuilt_layer_bytes(model: ModelArchitecture, layout: ActivationLayout) -> float:
    """Bytes per token of one layer's tensors a hand-written backward rebuilds rather than keeps, 0 under
    the other kernels [B]: the two norms' outputs and the activation's output, ``c·(2·h + ffn)`` (what
    :func:`hand_written_layer_activation_bytes` keeps less than the fused kernels, which keep them)."""
    if layout.kernels is not ActivationKernels.HAND_WRITTEN:
        return 0.0
    return layout.math_bytes * (2 * model.hidden + model.mlp_token_width)


def layer_traffic_bytes(model: ModelArchitecture, layout: ActivationLayout, seq_len: int) -> float:
    """Bytes per token of one layer's activations that the step's activation traffic moves each of its
    passes (:func:`~configurator.core.formulas.timing.activation_traffic_seconds`,
    :data:`~configurator.core.formulas.timing.ACTIVATION_TRAFFIC_PASSES` ``P``) [B]: what it keeps
    (:func:`layer_activation_bytes`) and what a hand-written backward rebuilds (:func:`rebuilt_layer_bytes`),
    which the forward writes as it writes the kept ones and backward writes once more, ``P + 1`` crossings:
    ``kept + rebuilt·(1 + 1/P)``. The rebuild is charged as this traffic only: xformers rebuilds the
    SwiGLU product inside its gradient kernel (``silu_bw_fused``), no launch of its own. Never an unfused
    attention core's scores, kept or not: its kernels move them in its time (FLOPs at the attention efficiency)
    in every mode; selective recomputation adds the core's forward (Korthikanti et al. 2022 §5, Table 4)."""
    rebuilt = rebuilt_layer_bytes(model, layout)
    flash = layout if layout.flash_attention else replace(layout, flash_attention=True)  # the scores: see above
    kept = layer_activation_bytes(model, flash, seq_len)
    return kept + rebuilt * (1.0 + 1.0 / ACTIVATION_TRAFFIC_PASSES)


def block_matmul_widths(model: ModelArchitecture) -> tuple[int, ...]:
    """Output widths of a block's matmuls in call order [count]: q, k, v and the attention
    output projection, then gate, up and down of a gated MLP (torchtitan ``Attention.forward``:
    ``self.wq(x), self.wk(x), self.wv(x)`` … ``self.wo``; ``FeedForward.forward``:
    ``self.w2(F.silu(self.w1(x)) * self.w3(x))``), or up and down of a GELU MLP."""
    mlp = (model.mlp_token_width, model.mlp_token_width) if model.gated_mlp else (model.mlp_token_width,)
    return (model.q_dim, model.kv_dim, model.kv_dim, model.hidden, *mlp, model.hidden)


def kept_layer_bytes(model: ModelArchitecture, layout: ActivationLayout, seq_len: int) -> float:
    """Bytes one layer keeps from its forward until its backward, per token [B]: its full set
    (:func:`layer_activation_bytes`) without recomputation or with Megatron's selective one; with
    the per-op policy its input, attention output and every other matmul output
    (:func:`~configurator.core.formulas.activations.per_op_kept_bytes_per_token`); with full
    recomputation its input only (Korthikanti et al. 2022 §4). Without recomputation, what it still holds
    of the previous micro-batch is added (``ActivationLayout.held_inputs``)."""
    if layout.recompute is Recompute.FULL:
        return layout.residual_bytes * model.hidden
    if layout.recompute is Recompute.SELECTIVE and layout.selective is SelectivePolicy.FP8_CACHE:
        return fp8_cache_layer_bytes(model, layout)
    if layout.recomputes_layers:
        return per_op_kept_bytes_per_token(model.hidden, block_matmul_widths(model), model.attn_out_dim,
                                           model.n_heads, layout.math_bytes, layout.residual_bytes)
    return layer_activation_bytes(model, layout, seq_len) + layout.held_inputs


E5M6_BYTES = 12 / 8
"""Bytes of one element in DeepSeek-V3's E5M6 format, which it caches the attention output in
(report §3.3.2: 1 sign, 5 exponent, 6 mantissa bits) [B]."""


def fp8_cache_layer_bytes(model: ModelArchitecture, layout: ActivationLayout) -> float:
    """Bytes one layer keeps under DeepSeek-V3's FP8 activation cache, per token [B]
    (:func:`~configurator.core.formulas.activations.fp8_cache_kept_bytes_per_token`): MLA keeps its
    latents (``q_rank + kv_rank + rope``) and recomputes the up-projections; other attention keeps
    q, k and v. The attention output is cached in E5M6 and the linear inputs in FP8 when the math is
    FP8, else in the math precision."""
    if model.is_mla:
        attention_inputs = (model.q_lora_rank or model.q_dim) + model.kv_lora_rank + model.qk_rope_head_dim
    else:
        attention_inputs = model.q_dim + 2 * model.kv_dim
    fp8 = layout.cache_bytes < layout.math_bytes
    return fp8_cache_kept_bytes_per_token(
        model.hidden, attention_inputs, model.attn_out_dim, model.n_heads, model.mlp_copies_per_token,
        model.mlp_token_width, model.gated_mlp, layout.math_bytes, layout.residual_bytes, layout.cache_bytes,
        E5M6_BYTES if fp8 else layout.math_bytes)


def recomputed_matmul_share(model: ModelArchitecture) -> float:
    """Share of a token's forward matrix products that DeepSeek-V3's FP8 policy runs again in
    backward: the MLA up-projections over the model's matmul parameters (0 without MLA)."""
    return model.n_layers * model.up_projection_params / model.matmul_params()


def working_layer_bytes(model: ModelArchitecture, layout: ActivationLayout, seq_len: int) -> float:
    """The one layer's working set rebuilt in backward when layers are recomputed, else 0 [B per
    token]: everything the layer saves without recomputation, its score matrix too when the
    attention is not a flash kernel (``b·heads·s²`` elements for one layer), and in eager layers the
    gradients the MLP product's backward makes beside it (:mod:`~configurator.core.formulas.mlp_backward`)."""
    if not layout.recomputes_layers:
        return 0.0
    full = layer_activation_bytes(model, replace(layout, recompute=Recompute.NONE), seq_len)
    if layout.kernels not in (ActivationKernels.EAGER, ActivationKernels.FUSED_NORM):
        return full
    width = max(float(model.ffn) if model.n_dense_layers else 0.0, moe_product_width(
        model.routed_ffn, model.experts_per_token, model.n_experts, model.n_shared_experts) if model.is_moe else 0.0)
    released = layout.math_bytes * width if layout.down_input_released else 0.0
    return full + mlp_backward_transient_bytes_per_token(width, layout.mlp_output_bytes or layout.math_bytes,
                                                         model.gated_mlp, released)


def logits_bytes_per_token(model: ModelArchitecture, layout: ActivationLayout) -> float:
    """Loss working set per token [B] (``estimator.md``, output layer).

    Eager: three fp32 vocabulary-wide tensors alive in the cross-entropy backward (the 16-bit
    logits are not alive at that peak in the H200 runs: the full-recomputation rows, where the
    loss dominates, match 12 B per vocabulary entry). Fused: the 16-bit logits the kernel reads
    plus its one fp32 buffer. Chunked: the 16-bit logits of every chunk, which the backward reads
    again, plus one chunk's 16-bit gradient, ``math·(1 + 1/LOSS_CHUNKS)`` (torchtune
    ``CEWithChunkedOutputLoss`` compiled: the upcast and softmax are fused into the kernels and
    recomputed from the saved logits; lit-gpt ``chunked_cross_entropy`` keeps each 128-token chunk's
    logits and bf16 log-softmax, 4 B, within 0.1 GiB of this at its 32,000-entry vocabulary).
    Compiled: the 16-bit logits and their whole 16-bit gradient, ``math·COMPILED_LOSS_TENSORS``
    (:data:`COMPILED_LOSS_TENSORS`).
    """
    if layout.loss is LossKernel.CHUNKED:
        return loss_bytes_per_token(model.vocab, 0, layout.math_bytes * (1 + 1 / LOSS_CHUNKS))
    if layout.loss is LossKernel.COMPILED:
        return loss_bytes_per_token(model.vocab, 0, layout.math_bytes * COMPILED_LOSS_TENSORS)
    logits = 0.0 if layout.loss is LossKernel.EAGER else layout.math_bytes
    copies = FP32_LOSS_COPIES_LOSS_PARALLEL if layout.loss_parallel and layout.loss is LossKernel.EAGER \
        else FP32_LOSS_COPIES[layout.loss]
    return loss_bytes_per_token(model.vocab, copies, logits)


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
    of its layers keeps (:func:`kept_layer_bytes`; with the first N recomputed, their share at full
    recomputation's and the rest at none's, :mod:`~configurator.core.training_block_recompute`), or with
    activation offload only ``OFFLOAD_PREFETCH_LAYERS`` layers' (the rest wait in host memory)."""
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
