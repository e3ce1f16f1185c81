"""Activation memory of a training step: what each transformer layer keeps for backward.

Two forms: the published one for a GPT layer (Korthikanti et al. 2022, Table 2), kept as the
reference the estimator's derivation is checked against, and the one the estimator runs, counted
tensor by tensor for Llama-style layers (gated MLP, grouped-query attention, fp32 norms).
"""

from __future__ import annotations


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


def layer_saved_bytes_per_token(hidden, q_dim, kv_dim, attn_out_dim, mlp_width, n_heads, seq_len, math_bytes,
                                residual_bytes, gated_mlp, stores_scores, frozen_mlp=False):
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

    Returns
    -------
    float
        Per norm the fp32 input and the normalised output; the input of every linear (one copy per
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
    norms = 2 * (4 + r) * h
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


def stored_activation_bytes_per_token(per_layer, layers, residual_bytes, hidden, full_recompute):
    """Per-token bytes kept for backward by ``layers`` layers [B]: with full recomputation each
    layer's input (``residual_bytes × hidden``) plus one layer's working set ``per_layer`` (the one
    being recomputed), else every layer's full set (Korthikanti et al. 2022 §4)."""
    if full_recompute:
        return layers * residual_bytes * hidden + per_layer
    return layers * per_layer


def loss_bytes_per_token(vocab, fp32_copies, logits_bytes):
    """Loss working set per token [B]: ``(logits_bytes + 4·copies)·V`` — the logits the loss
    kernel reads (``logits_bytes`` per entry, 0 when not alive at the peak) plus ``fp32_copies``
    fp32 tensors of vocabulary width ``V``."""
    return (logits_bytes + 4.0 * fp32_copies) * vocab
