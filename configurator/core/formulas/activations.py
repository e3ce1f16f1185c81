"""Activation memory of a training step: what each transformer layer keeps for backward.

Three forms: the published one for a GPT layer (Korthikanti et al. 2022, Table 2), kept as the
reference the estimator's derivation is checked against, and the two the estimator runs, counted
tensor by tensor for Llama-style layers (gated MLP, grouped-query attention): as eager PyTorch
keeps them (fp32 norms, separate SwiGLU tensors), as Megatron-Core's fused kernels do and as a hand-written
backward (Meta's LLaMA) does.
"""

from __future__ import annotations

import numpy as np


TE_FP8_SAVED_INPUT_BYTES = 1.0
"""Bytes per element of the input a Transformer Engine linear keeps for its weight gradient under FP8
training [B]: the FP8 copy its forward product read, cast once, its 16-bit input not kept.
``_Linear`` (``pytorch/module/linear.py``, ``_linear_forward``) quantizes ``inputmat`` with
``columnwise`` usage when the backward needs it, then ``inputmat.update_usage(rowwise_usage=False,
columnwise_usage=True)`` ("Discard row-wise data since it is not needed in backward pass") and
saves that tensor; ``_LayerNormLinear`` (``layernorm_linear.py``) writes the norm's output straight
into FP8 (``with_quantized_norm`` unless ``return_layernorm_output``) and saves ``ln_out`` with
``update_usage(rowwise_usage=False)`` (row-wise kept instead when sequence parallelism re-gathers it in
backward: one byte either way). Per-tensor scaling (delayed and current, ``Float8Tensor``) keeps one
FP8 buffer, the transpose on Hopper (``_transpose``) or the data itself where non-TN FP8 products
run (Blackwell: ``float8_tensor_storage.py`` ``update_usage``, ``is_non_tn_fp8_gemm_supported``),
plus one fp32 scale per tensor. Block formats add their scales, not counted here: MXFP8 one E8M0
byte per 32 elements, the 1×128 blocks one fp32 per 128 (1/32 B each). All files at
NVIDIA/TransformerEngine d0067d0da6cb01811b8072a7d304f0e00344ce2b. Not torchao: its ``Float8Linear``
(torchtitan's float8) saves the high-precision input, ``ctx.save_for_backward(input_hp,
weight_hp_t)`` in ``matmul_with_hp_or_float8_args`` (``torchao/float8/float8_linear.py`` at
pytorch/ao 36027d82d1ad9949597ea16002ff4940374b1b94), and casts it again in backward."""


DROPOUT_MASK_BYTES = 1.0
"""Bytes per element of the mask PyTorch's dropout keeps for its backward [B]: ``native_dropout``
returns the output and a ``torch.bool`` mask, and ``NativeDropoutBackward0`` saves that mask
(``result1``) and the scale, not the input (``tools/autograd/derivatives.yaml``, ``native_dropout``)."""


def lora_dropout_saved_bytes_per_token(dropped_widths, math_bytes, freed_width=0.0):
    """Bytes the LoRA adapters' input dropout adds to what one layer keeps for backward, per token [B].

    Parameters
    ----------
    dropped_widths : sequence of float
        Input width ``d_in`` of each adapted linear, each of which drops its own copy of its input
        [count].
    math_bytes : float
        Bytes of one activation element (the dropped copy is in the input's dtype) [B].
    freed_width : float
        Width of the undropped inputs that only the adapters kept (a frozen base linear keeps no
        input): with dropout nothing keeps them any more [count].

    Returns
    -------
    float
        ``Σ (math_bytes + 1)·d_in − math_bytes·freed_width``: per adapted linear its dropped input,
        which ``lora_A`` keeps for its weight gradient, and the one-byte mask
        (:data:`DROPOUT_MASK_BYTES`), less the undropped inputs no longer kept [B per token]. With
        dropout 0 the adapter runs no dropout (``nn.Identity``) and this is not added.

    References
    ----------
    Hu et al. 2021 (LoRA) §4.1; Hugging Face peft ``tuners/lora/layer.py`` (commit
    5d602fdbff04c33c1c4de55cda9d4ae1d7cb7e40): ``nn.Dropout(p=lora_dropout)`` if ``lora_dropout > 0``
    else ``nn.Identity()``, one per adapted module, and ``Linear.forward``: ``result = result +
    lora_B(lora_A(dropout(x))) * scaling``; Lightning-AI litgpt ``litgpt/lora.py`` (commit
    26857050fe3ff627cd714fe92f5838f51a3d5efa; ``lit_gpt/lora.py`` at 8641822b the same):
    ``self.lora_dropout = nn.Dropout(p=lora_dropout)`` if ``lora_dropout > 0.0`` else the identity,
    ``LoRALinear.forward``: ``self.lora_dropout(x) @ self.lora_A.transpose(0, 1) @ ...``. litgpt's
    fused ``LoRAQKVLinear`` drops its one q-k-v input once for all its adapters
    (``F.linear(self.lora_dropout(x), self.lora_A)``): one ``d_in`` where this counts one per
    adapted projection.
    """
    return sum((math_bytes + DROPOUT_MASK_BYTES) * d for d in dropped_widths) - math_bytes * freed_width


def korthikanti_layer_activation_bytes(s, b, h, a, t=1, sequence_parallel=False, recompute="none"):
    """Activation memory of one GPT transformer layer with 16-bit activations [B].

    Parameters
    ----------
    s : int
        Sequence length [tokens].
    b : int
        Micro-batch size [sequences].
    h : int
        Hidden size [count].
    a : int
        Attention heads [count].
    t : int
        Tensor-parallel size [count].
    sequence_parallel : bool
        Megatron-LM sequence parallelism (splits the norms and dropouts over ``t``).
    recompute : str
        ``"none"``, ``"selective"`` (attention core recomputed) or ``"full"`` (only the layer
        input kept).

    Returns
    -------
    float
        ``s·b·h·(34 + 5·a·s/h)`` without parallelism; ``s·b·h·(10 + 24/t + 5·a·s/(h·t))`` with
        tensor parallelism; ``s·b·h/t·(34 + 5·a·s/h)`` with sequence parallelism too; selective
        recomputation drops the ``5·a·s/h`` term; full recomputation keeps ``2·s·b·h`` [B].

    References
    ----------
    Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer Models",
    §4.1 eq. (1), §4.2 eq. (2)–(3), Table 2.
    """
    if recompute == "full":
        return 2.0 * s * b * h
    attention = 0.0 if recompute == "selective" else 5.0 * a * s / h
    if sequence_parallel:
        return s * b * h * (34.0 + attention) / t
    return s * b * h * (10.0 + 24.0 / t + attention / t)


def rms_norm_saved_bytes_per_token(hidden, residual_bytes, fused=False, frozen=False):
    """Bytes one RMSNorm keeps for its backward, per token, beside the weighted output the next
    linear keeps [B].

    Parameters
    ----------
    hidden : int
        Width of the residual stream [count].
    residual_bytes : float
        Bytes of one residual-stream element (the norm's input) [B].
    fused : bool
        One fused kernel (forward and backward in Triton) rather than eager PyTorch ops.
    frozen : bool
        The norm's weight takes no gradient (adapter training freezes the whole base: PEFT and
        torchtune LoRA): eager autograd then keeps no normalised output for it, only what the
        input's gradient needs. Measured on the H200 (grid of 2026-12-04, LoRA rank 16 on a frozen
        bf16 base, Llama 3.2 1B, 3B and Llama 3 8B): 45 B per hidden element per layer and token
        against 51 counted with the normalised outputs, 47 without.

    Returns
    -------
    float
        Eager: the fp32 upcast input and the normalised output before the weight, ``(4 + r)·h``;
        frozen, the fp32 input alone, ``4·h``. Fused: its input and one fp32 reciprocal RMS,
        ``r·h + 4`` [B per token].

    References
    ----------
    Eager: torchtitan ``RMSNorm.forward``, ``self._norm(x.float()).type_as(x) * self.weight``
    (``x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)``: autograd keeps the fp32 ``x`` for
    ``pow`` and the product, and the normalised ``type_as`` output for the weight's gradient).
    Fused: torchtitan ``TritonFusedRMSNorm.forward``, ``ctx.save_for_backward(x, weight, rstd)`` with
    ``rstd = torch.empty((M,), dtype=torch.float32)`` (``torchtitan/models/norms.py``, commit
    157a12c562288b3bccb077003a97f18a4ca657aa, ``norm_type = "fused_rmsnorm"``; after Tri Dao's
    Triton LayerNorm in flash-attention).
    """
    if fused:
        return residual_bytes * hidden + 4.0
    return (4.0 + (0.0 if frozen else residual_bytes)) * hidden


def layer_saved_bytes_per_token(hidden, q_dim, kv_dim, attn_out_dim, mlp_width, n_heads, seq_len, math_bytes,
                                residual_bytes, gated_mlp, stores_scores, frozen_mlp=False, fused_norm=False,
                                frozen_norms=False):
    """Bytes one Llama-style transformer layer saves for backward, per token [B].

    Parameters
    ----------
    hidden, q_dim, kv_dim, attn_out_dim, mlp_width : int
        Widths of the residual stream, queries, keys (= values), attention output and MLP
        intermediate per token [count].
    n_heads : int
        Query heads [count].
    seq_len : int
        Sequence length, for the score matrix [tokens].
    math_bytes, residual_bytes : float
        Bytes of one 16-bit (or fp32) math element and of one residual-stream element [B].
    gated_mlp : bool
        SwiGLU-style MLP (three matrices) rather than GELU (two).
    stores_scores : bool
        The ``heads × s`` score matrix is kept (no flash attention and no recomputation).
    frozen_mlp : bool
        The MLP weights are frozen (LoRA on attention only): its first input is not kept.
    fused_norm : bool
        The two RMSNorms run as one fused kernel each (:func:`rms_norm_saved_bytes_per_token`).
    frozen_norms : bool
        The norms' weights are frozen (adapter training): eager norms keep no normalised output
        (:func:`rms_norm_saved_bytes_per_token`).

    Returns
    -------
    float
        Per norm the fp32 input and the normalised output (with ``fused_norm`` its input and one
        fp32 reciprocal RMS); the input of every linear (one copy per
        linear when autocast casts an fp32 residual, ``residual_bytes > math_bytes``); q, k, v and
        the attention output plus one fp32 log-sum-exp per head; the score matrix if kept; four
        MLP-wide tensors of a gated MLP (two for GELU) [B per token].

    References
    ----------
    The tensors of Korthikanti et al. 2022 Table 2 (:func:`korthikanti_layer_activation_bytes`)
    recounted for SwiGLU and grouped-query attention and for what PyTorch autograd keeps in an
    eager block; flash attention keeps q, k, v, the output and the log-sum-exp (Dao 2023,
    "FlashAttention-2", Algorithm 1).
    """
    c, r, h = math_bytes, residual_bytes, hidden
    separate_casts = r > c
    norms = 2 * rms_norm_saved_bytes_per_token(h, r, fused_norm, frozen_norms)
    qkv_inputs = (3 if separate_casts else 1) * c * h
    mlp_in_copies = (2 if gated_mlp else 1) if separate_casts else 1
    mlp_inputs = mlp_in_copies * c * h
    attention = c * (q_dim + 2 * kv_dim + attn_out_dim) + 4 * n_heads
    out_proj_input = c * attn_out_dim
    if stores_scores:
        attention += c * n_heads * seq_len
    mlp = (4 if gated_mlp else 2) * c * mlp_width
    if frozen_mlp:
        mlp_inputs = 0.0
        mlp -= c * mlp_width
    return norms + qkv_inputs + attention + out_proj_input + mlp_inputs + mlp


def fused_layer_saved_bytes_per_token(hidden, q_dim, kv_dim, attn_out_dim, mlp_width, n_heads, seq_len, math_bytes,
                                      residual_bytes, gated_mlp, stores_scores, frozen_mlp=False, input_bytes=None,
                                      attention_recomputed=False, routed_mlp=False, original_inputs=False):
    """Bytes one Llama-style layer saves for backward under Megatron-Core with Transformer Engine,
    per token [B].

    Parameters
    ----------
    hidden, q_dim, kv_dim, attn_out_dim, mlp_width : int
        Widths of the residual stream, queries, keys (= values), attention output and MLP
        intermediate per token [count].
    n_heads : int
        Query heads [count].
    seq_len : int
        Sequence length, for the score matrix [tokens].
    math_bytes, residual_bytes : float
        Bytes of one 16-bit math element and of one residual-stream element [B].
    gated_mlp : bool
        SwiGLU-style MLP (gate and up in one fused first linear) rather than GELU.
    stores_scores : bool
        The ``heads × s`` score matrix is kept (no flash attention and no recomputation).
    frozen_mlp : bool
        The MLP weights are frozen: the inputs of its two linears are not kept for their weight
        gradients.
    input_bytes : float or None
        Bytes of one element of a linear's input as the linear keeps it for its weight gradient
        (:data:`TE_FP8_SAVED_INPUT_BYTES` under FP8; None: ``math_bytes``, the 16-bit input itself) [B].
    attention_recomputed : bool
        The attention core is recomputed in backward (Megatron's selective recomputation): the
        kernel's output is not kept by the kernel, only by the output projection.
    routed_mlp : bool
        The MLP is a routed mixture of experts: its norm is a layer of its own (``TENorm``) whose
        16-bit output the router's linear keeps, not a fused norm-and-linear.
    original_inputs : bool
        Under FP8, a linear whose 16-bit input another op keeps anyway keeps that tensor rather than
        an FP8 copy of its own: the output projection keeps the attention kernel's 16-bit output
        (Megatron-Core's ``set_save_original_input`` under FP8 recipes other than delayed scaling).

    Returns
    -------
    float
        Per norm its input (``residual_bytes``) and one fp32 reciprocal RMS, and its output as the
        fused linear keeps it (``input_bytes``; the 16-bit output before routed experts); q, k, v,
        the attention output (kept by the kernel unless recomputed; the output projection's input,
        the same 16-bit tensor, or under delayed FP8 a copy of its own at ``input_bytes``) and one fp32
        log-sum-exp per head; the score matrix if kept; the first linear's output (gate and up:
        ``2·ffn``, ``ffn`` for GELU, 16-bit) and the activation's output (the second linear's
        input, at ``input_bytes``) [B per token]. For GPT shapes (``q = kv = out = h``,
        ``ffn = 4h``, GELU) this is ``32·h`` 16-bit bytes: Korthikanti et al.'s ``34·h`` less their
        two dropout masks (``1·h`` each), which dropout at rate 0 does not make. Under FP8 a dense
        Llama layer keeps ``2·(r·h + 4) + 1·2h + 2·(q + 2kv) + (2 + 1)·out + 2·2·ffn + 1·ffn`` (the
        log-sum-exp aside): the two norm outputs and the down projection's input at one byte, the
        attention output twice under delayed scaling (``1·out`` only, under selective recomputation),
        once (``2·out``) under the other recipes.

    References
    ----------
    Korthikanti et al. 2022 Table 2 / §4.2 (selective, sequence parallel: ``34·s·b·h/t``), the
    tensor list counted for SwiGLU and grouped-query attention. Transformer Engine
    ``LayerNormLinear`` saves the input, the normalised output and ``rsigma`` (``ln_out`` kept for
    the weight gradient, re-gathered in backward under sequence parallelism); Megatron-Core
    ``fusions/fused_bias_swiglu.py`` ``SwiGLUFunction`` saves only its input (the first linear's
    output) and returns ``silu(gate)·up``, which the second linear saves; flash attention keeps
    q, k, v, the output and the log-sum-exp (Dao 2023, Algorithm 1); PyTorch ``dropout`` with
    ``p = 0`` returns its input (no mask). Under FP8 each linear keeps the FP8 copy of its input
    that its forward product read, not the 16-bit input (:data:`TE_FP8_SAVED_INPUT_BYTES`);
    Transformer Engine's fused attention keeps its 16-bit q, k, v and output (``FusedAttnFunc``,
    ``f16_tensors = (q, k, v, out_f16)`` without FP8 attention, ``attention/dot_product_attention/
    backends.py`` at d0067d0da6cb01811b8072a7d304f0e00344ce2b). Megatron-Core (d98e8a64ddf34856e74b24714e3bedb2f5a39553):
    ``TELayerNormColumnParallelLinear`` passes ``return_layernorm_output=False``
    (``extensions/transformer_engine.py``), and ``activation_func_fp8_input_store`` defaults to
    False (``transformer/transformer_config.py``: the SwiGLU input stays 16-bit); the MoE layer's
    ``pre_mlp_layernorm`` is ``TENorm`` before the router. ``transformer/attention.py``
    ``Attention.__init__`` calls ``set_save_original_input(self.linear_proj)`` when ``config.fp8`` and
    ``fp8_recipe != 'delayed'`` (Transformer Engine 2.6 or later): "the output of the fused core_attn
    is saved by itself, and linear_proj also saves the quantized tensor of this output", so under
    current, block and MXFP8 scaling the projection keeps the 16-bit output (``original_inputs``), and
    under selective recomputation that output is kept (``2·out``), not recomputed.
    """
    c, r, h = math_bytes, residual_bytes, hidden
    i = c if input_bytes is None else input_bytes
    own_copy = i != c and not original_inputs  # the projection's FP8 copy beside the kernel's 16-bit output
    mlp_norm_out = 0.0 if frozen_mlp else (c if routed_mlp else i) * h
    norms = 2 * (r * h + 4.0) + i * h + mlp_norm_out
    kernel_out = 0.0 if attention_recomputed and own_copy else c * attn_out_dim
    attention = c * (q_dim + 2 * kv_dim) + kernel_out + (i * attn_out_dim if own_copy else 0.0) + 4.0 * n_heads
    if stores_scores:
        attention += c * n_heads * seq_len
    first_out = (2 if gated_mlp else 1) * c * mlp_width
    second_in = 0.0 if frozen_mlp else i * mlp_width
    return norms + attention + first_out + second_in


def hand_written_layer_saved_bytes_per_token(hidden, q_dim, kv_dim, attn_out_dim, mlp_width, n_heads, seq_len,
                                             math_bytes, residual_bytes, gated_mlp, stores_scores):
    """Bytes one Llama-style layer keeps for backward when its backward is written by hand to keep the
    linear layers' outputs and recompute the cheap elementwise ops, per token [B].

    Parameters
    ----------
    hidden, q_dim, kv_dim, attn_out_dim, mlp_width, n_heads, seq_len, math_bytes, residual_bytes, gated_mlp,
    stores_scores
        As :func:`fused_layer_saved_bytes_per_token` [count, tokens, B, -].

    Returns
    -------
    float
        ``2·(r·h + 4) + c·(q + 2kv + out) + 4·heads + (2 or 1)·c·ffn`` (``+ c·heads·s`` if the scores are
        kept): each norm's input and fp32 reciprocal RMS, from which backward rebuilds the norm's output
        that the next linears' weight gradients read (``2·c·h`` fewer than
        :func:`fused_layer_saved_bytes_per_token`); q, k and v, the attention kernel's output (the output
        projection's input) and its log-sum-exp; the gated MLP's two first outputs (gate and up; GELU's
        one), from which backward rebuilds the activation's output, the down projection's input
        (``c·ffn`` fewer). A dense Llama layer at 16 bits: ``31.75·h`` fused, ``21.25·h`` here (405B) [B
        per token].

    References
    ----------
    Touvron et al. 2023, "LLaMA" (arXiv 2302.13971) §2.4: "we save the activations that are expensive to
    compute, such as the outputs of linear layers. This is achieved by manually implementing the
    backward function for the transformer layers, instead of relying on the PyTorch autograd": what is
    cheap (the norms, the SwiGLU product) is recomputed. xformers (Meta's library, footnote 2)
    ``ops/swiglu_op.py`` ``_SwiGLUFusedFunc``, the same from 8367685 (2022-11) to 2509f84 (2025-11):
    ``ctx.save_for_backward(x, w1, w2, w3, x1, x2)``, in backward ``dx1dx2, x4 =
    torch.ops.xformers.silu_bw_fused(x1, x2, dx4)`` (the product rebuilt in the gradient's kernel; the
    op alone, owning no norm, keeps its input ``x``: a layer's backward owns both). A norm's output is
    rebuilt from its input and ``rstd`` (as DeepSeek-V3 does, report §3.2.3); flash attention keeps q, k,
    v, the output and the log-sum-exp (Dao 2023, Algorithm 1).
    """
    c, r = math_bytes, residual_bytes
    attention = c * (q_dim + 2 * kv_dim + attn_out_dim) + 4.0 * n_heads
    if stores_scores:
        attention += c * n_heads * seq_len
    return 2 * (r * hidden + 4.0) + attention + (2 if gated_mlp else 1) * c * mlp_width


def activation_peak_bytes_per_token(stored, in_flight, working, loss, transient=None):
    """Activation bytes per token at a training step's peak [B].

    Parameters
    ----------
    stored : float or array
        What the stage's layers keep for backward for one micro-batch [B per token].
    in_flight : int or array
        Micro-batches whose activations a pipeline stage holds at once (1 without pipelining).
    working : float or array
        One layer's full working set, rebuilt in backward when layers are recomputed (0 when
        every layer keeps its full set already) [B per token].
    loss : float or array
        The loss working set on the stage with the output layer, else 0 [B per token].
    transient : float or array or None
        :func:`transient_bytes_per_token` of ``working`` and ``loss`` when already worked out
        (then they are not read; the training search works it out once per layout before the
        micro-batch, issue 28) [B per token].

    Returns
    -------
    float or array
        ``stored·in_flight + max(working, loss)``: the loss's vocabulary-wide buffers are freed
        once the gradient of the logits is formed, before the first recomputed layer's backward
        (Korthikanti et al. 2022 §4: full recomputation keeps each layer's input and rebuilds one
        layer at a time), so the two transients never coexist [B per token].
    """
    return stored * in_flight + (transient_bytes_per_token(working, loss) if transient is None else transient)


def transient_bytes_per_token(working, loss):
    """The larger of a layer's working set and the loss's, never held together
    (:func:`activation_peak_bytes_per_token`) [B per token]. Array-friendly."""
    return np.maximum(working, loss)


def loss_bytes_per_token(vocab, fp32_copies, logits_bytes):
    """Loss working set per token [B]: ``(logits_bytes + 4·copies)·V`` — the logits the loss
    kernel reads (``logits_bytes`` per entry, 0 when not alive at the peak) plus ``fp32_copies``
    fp32 tensors of vocabulary width ``V``."""
    return (logits_bytes + 4.0 * fp32_copies) * vocab
