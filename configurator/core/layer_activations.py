"""What one transformer layer keeps for backward, per token, and the loss's working set: the
:class:`ActivationLayout` a training step runs with (built from the scenario by
:func:`configurator.core.memory.activation_layout`) and the bytes it gives under each kind of layer
kernel and recomputation. Moved out of :mod:`configurator.core.memory` (the per-card memory)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from configurator.core.architecture import ModelArchitecture
from configurator.core.formulas.activations import (
    fused_layer_saved_bytes_per_token,
    hand_written_layer_saved_bytes_per_token,
    layer_saved_bytes_per_token,
    lora_dropout_saved_bytes_per_token,
    loss_bytes_per_token,
)
from configurator.core.formulas.recompute_activations import fp8_cache_kept_bytes_per_token, per_op_kept_bytes_per_token
from configurator.core.formulas.routed_expert_activations import (
    eager_routed_experts_saved_bytes_per_token,
    routed_experts_saved_bytes_per_token,
)
from configurator.core.formulas.mlp_backward import (mlp_backward_transient_bytes_per_token, moe_product_width,
                                                     wide_output_mlp_bytes_per_token)
from configurator.core.formulas.timing import ACTIVATION_TRAFFIC_PASSES
from configurator.core.scenario import ActivationKernels, LossKernel, Recompute, SelectivePolicy

LOSS_CHUNKS = 8
"""Chunks a chunked cross-entropy splits the tokens into: torchtune ``CEWithChunkedOutputLoss``
(``num_output_chunks = 8``) and the output projection's ``num_output_chunks``; one chunk's gradient is
alive at a time (:func:`logits_bytes_per_token`)."""

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
    base): nothing keeps its input, the attention output's token-major copy
    (:func:`~configurator.core.memory.frozen_out_proj_drops_input`)."""
    loss: LossKernel = LossKernel.FUSED
    selective: SelectivePolicy = SelectivePolicy.ATTENTION
    loss_parallel: bool = False
    """The logits are sharded over tensor-parallel ranks for the loss (TP > 1)."""
    kernels: ActivationKernels = ActivationKernels.EAGER
    """The layer kernels: what a layer keeps for backward (:func:`~configurator.core.memory.activation_kernels`)."""
    cache_bytes: float = 2.0
    """Bytes of a linear input cached by DeepSeek-V3's FP8 policy: 1 when the math is FP8, else the
    math element's [B]."""
    saved_input_bytes: float | None = None
    """Bytes of a linear's input as the fused (Transformer Engine) layers keep it for the weight
    gradient: the FP8 copy under FP8 math (:func:`~configurator.core.memory.saved_input_bytes`); None: the math
    element's [B]."""
    frozen_norms: bool = False
    """The norms' weights take no gradient: adapter training freezes the whole base (eager norms then
    keep no normalised output, :func:`~configurator.core.formulas.activations.rms_norm_saved_bytes_per_token`)."""
    original_inputs: bool = False
    """Under FP8, the linears whose 16-bit input another op keeps anyway (the output projection, the
    shared experts' first linear) keep that tensor, not an FP8 copy: Megatron-Core's
    ``set_save_original_input`` under FP8 recipes other than delayed scaling
    (:func:`~configurator.core.memory.keeps_original_inputs`)."""
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
    :func:`~configurator.core.formulas.routed_expert_activations.eager_routed_experts_saved_bytes_per_token`) or as
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
    scores (:func:`~configurator.core.formulas.routed_expert_activations.routed_experts_saved_bytes_per_token`)."""
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
    (:func:`~configurator.core.formulas.routed_expert_activations.routed_experts_saved_bytes_per_token`: no source says
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
    (:func:`~configurator.core.formulas.recompute_activations.per_op_kept_bytes_per_token`); with full
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
    (:func:`~configurator.core.formulas.recompute_activations.fp8_cache_kept_bytes_per_token`): MLA keeps its
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

