"""FLOPs of a training step and the utilisation they imply."""

from __future__ import annotations

import numpy as np

from configurator.core.formulas.attention_kernels import MODEL_BACKWARD_WORK

UTILISATION_CEILING = 1.0
"""Largest share of a card's peak any work can sustain: a utilisation above it is impossible."""

FLOPS_PER_PARAM_TRAINED = 6.0
"""Matrix-product FLOPs per parameter per token, forward + backward: 2 forward, 4 backward
(Kaplan et al. 2020, "Scaling Laws for Neural Language Models", §2.1: ``C ≈ 6N`` per token)."""

FLOPS_PER_PARAM_FROZEN = 4.0
"""The same for a frozen weight (LoRA base): forward 2 and the activation gradient 2, no weight
gradient (the backward's 4 is half each; Kaplan et al. 2020 §2.1; Hu et al. 2021 §4)."""


def training_flops_per_token(matmul_params, n_layers, q_dim, seq_len):
    """Training FLOPs per token, forward + backward, no recomputation [FLOP].

    Parameters
    ----------
    matmul_params : float
        Active parameters in matrix products ``N`` [count].
    n_layers : int
        Transformer layers ``L`` [count].
    q_dim : int
        Query width ``H·Q`` (heads × head dimension) [count].
    seq_len : int
        Sequence length ``T`` [tokens].

    Returns
    -------
    float
        ``6·N + 12·L·H·Q·T`` [FLOP per token].

    References
    ----------
    Chowdhery et al. 2022, "PaLM", Appendix B (model FLOPs utilization): the convention behind
    published MFU figures.
    """
    return 6.0 * matmul_params + 12.0 * n_layers * q_dim * seq_len


def executed_training_flops_per_token(matmul_params, n_layers, pair_flops, seq_len):
    """Training FLOPs per token as the kernels execute them, forward + backward, no
    recomputation [FLOP]: ``6·N + 1.5·L·F_pair·T`` (``6·N + 6·L·H·Q·T`` without MLA).

    The matrix products of :func:`training_flops_per_token` and causal attention
    (:func:`causal_attention_flops_per_token`), the half of PaLM's ``12·L·H·Q·T`` that fused
    kernels compute. The estimator's MFU counts these, the FLOPs its step time is made of: PaLM's
    convention counts the masked half too, which the step never times, so at long sequences,
    where attention dominates, it reported MFU up to twice the attention efficiency (1.2–1.9 at
    32k–128k tokens). Published MFU figures use :func:`training_flops_per_token`.
    ``pair_flops``: :attr:`~configurator.core.architecture.ModelArchitecture.prompt_pair_flops`
    [FLOP].
    """
    return 6.0 * matmul_params + causal_attention_flops_per_token(n_layers, pair_flops, seq_len)


def causal_attention_flops_per_token(layers, pair_flops, seq_len):
    """Causal attention FLOPs per token, forward + backward, over ``layers`` layers [FLOP].

    Parameters
    ----------
    layers : float
        Layers ``L`` [count].
    pair_flops : float
        Forward FLOPs of one query–key pair in one layer ``F_pair`` [FLOP], in the form the
        kernel runs (:func:`~configurator.core.formulas.attention_flops.pair_flops`): ``4·H·Q``
        for multi-head and grouped-query attention, MLA decompressed ``2·h·(d_nope + d_rope + d_v)``
        (81,920 for DeepSeek-V3), the prompt's count
        (:attr:`~configurator.core.architecture.ModelArchitecture.prompt_pair_flops`).
    seq_len : int
        Sequence length ``T`` [tokens].

    Returns
    -------
    float
        ``(1 + 2)·F_pair·(T/2)·L``: the forward pair count and twice it backward
        (:data:`~configurator.core.formulas.attention_kernels.MODEL_BACKWARD_WORK`), over the
        ``T/2`` keys a token's query meets on average under the causal mask; fused kernels skip
        the masked half of the score matrix (Dao 2023, "FlashAttention-2", §3.1.1). Without MLA
        ``6·L·H·Q·T``, half of PaLM's ``12·L·H·Q·T`` (Chowdhery et al. 2022, App. B).

    References
    ----------
    Training runs MLA decompressed, as prompts do: Megatron-Core
    ``megatron/core/transformer/multi_latent_attention.py`` (NVIDIA/Megatron-LM commit 003b4ce2)
    builds ``core_attention`` with ``k_channels = qk_head_dim + qk_pos_emb_head_dim`` and
    ``v_channels = v_head_dim`` and asserts ``cache_mla_latents`` (the absorbed form) off in
    training; DeepSeek-AI 2024, "DeepSeek-V3 Technical Report" (arXiv:2412.19437) §3.2.3
    recomputes the MLA up-projections in backward, i.e. it materialises the decompressed keys and
    values. Megatron-LM's own model-FLOPs count agrees term for term:
    ``megatron/training/training.py`` ``num_floating_point_operations`` (commit d98e8a64),
    ``standard_self_attn_core_term`` = 3 · 2 · (h·(d_qk + d_rope)/2 + h·d_v/2) per token of
    sequence and layer.
    """
    return (1.0 + MODEL_BACKWARD_WORK) * layers * pair_flops * seq_len / 2.0


def attention_span_tokens(seq_len, example_tokens, packed):
    """Tokens one causal attention runs over [tokens]: ``min(T, E)`` for a sequence packed from
    examples of ``E`` tokens with attention kept within each example, else ``T``.

    A packed sequence of ``T`` tokens holds ``T/E`` examples; Transformer Engine's THD layout gives
    the fused kernel each example's boundaries (``cu_seqlens``), so a token's query meets the ``E/2``
    earlier keys of its own example on average, not ``T/2``: the sequence's attention is ``(T/E)·E²/2``
    pairs, ``E/T`` of the whole causal square, and :func:`causal_attention_flops_per_token` at ``E``
    counts it. Examples of unequal length ``l`` give ``E[l²]/E[l]``, more than the mean: the mean is a
    lower bound. References: Transformer Engine ``DotProductAttention`` ``qkv_format="thd"`` with
    ``cu_seqlens_q/kv`` (NVIDIA/TransformerEngine d0067d0d,
    ``pytorch/attention/dot_product_attention/dot_product_attention.py``); Dao 2023,
    "FlashAttention-2", variable-length batches (``flash_attn_varlen_func``); NeMo / Megatron-Bridge
    packed SFT (``PackedSequenceSpecs``, NVIDIA-NeMo/Megatron-Bridge 067f987
    ``docs/training/packed-sequences.md``: "preserving sequence boundaries for attention").

    Parameters
    ----------
    seq_len : int or ndarray
        Tokens per training sequence ``T`` [tokens].
    example_tokens : int
        Mean tokens per packed example ``E`` [tokens].
    packed : bool
        Whether the sequence is packed from examples with attention kept within each.

    Returns
    -------
    int or ndarray
        The tokens each causal attention spans [tokens].
    """
    return np.minimum(seq_len, example_tokens) if packed else seq_len


def recompute_factors(recompute, policy="attention", recomputed_share=0.0, pass_factor=FLOPS_PER_PARAM_TRAINED):
    """Multipliers on (matrix-product, attention) FLOPs for recomputation ``"none"``,
    ``"selective"`` or ``"full"``: full recomputation repeats the forward pass (6N → 8N),
    selective repeats only attention (Korthikanti et al. 2022, "Reducing Activation
    Recomputation in Large Transformer Models", §5, Table 1). Selective with ``policy``
    ``"per-op"`` (torchtitan) keeps the attention kernel's output and every other matmul output:
    half the block's forward matmuls run again on average over steps (the saved half alternates,
    :func:`~configurator.core.formulas.recompute_activations.per_op_kept_bytes_per_token`): 6N → 7N, and
    no attention. ``"fp8-cache"`` (DeepSeek-V3) runs the forward of the ``recomputed_share`` of
    the matrix products again (the MLA up-projections), ``6N → (6 + 2·share)N``, and no attention
    (its output is cached).

    The repeated forward costs its ``2N`` whatever the backward does, so the products' multiplier is
    ``(p + 2·f)/p`` for the ``p`` FLOPs per parameter of the pass (:func:`flops_per_param`: 6 trained,
    4 frozen) and the forward's recomputed fraction ``f`` (1 full, ½ per-op, ``share`` fp8-cache): a
    frozen adapter base's full recomputation is ``4N → 6N`` (×1.5), not ×4/3 (Chen et al. 2016,
    "Training Deep Nets with Sublinear Memory Cost", §3: one extra forward per checkpointed segment).
    Attention's backward is the same for frozen weights (its gradients flow to the adapters below), so
    its multiplier keeps ``4/3`` (forward 1, backward 2, recomputed forward 1). The products' multiplier is
    a checkpointed layer's: the output head, in no checkpointed layer, runs once
    (:func:`checkpointed_matmul_factor`)."""
    p = float(pass_factor)
    if recompute == "full":
        return (p + 2.0) / p, 4.0 / 3.0
    if recompute == "selective":
        if policy == "fp8-cache":
            return 1.0 + 2.0 * recomputed_share / p, 1.0
        return ((p + 1.0) / p, 1.0) if policy == "per-op" else (1.0, 4.0 / 3.0)
    return 1.0, 1.0


def reruns_layer_products(recompute, policy="attention"):
    """Whether recomputation ``recompute`` under the selective ``policy`` runs a checkpointed layer's
    products again as a share of the layer's (full recomputation, torchtitan's per-op policy), so
    that :func:`checkpointed_matmul_factor` leaves the output head out; DeepSeek-V3's ``fp8-cache``
    share is already over all the products (:func:`recompute_factors`), Megatron's selective policy
    reruns none. ``recompute``, ``policy``: the scenario's values (enums or their strings)."""
    return recompute == "full" or (recompute == "selective" and policy == "per-op")


def checkpointed_matmul_factor(layer_factor, layer_params, outside_params):
    """Recomputation multiplier on a stage's matrix-product FLOPs when only the products inside
    checkpointed layers run again [-]: ``(f·P_L + P_out)/(P_L + P_out)``.

    Parameters
    ----------
    layer_factor : float or ndarray
        Multiplier on a checkpointed layer's products ``f`` (:func:`recompute_factors`) [-].
    layer_params : float or ndarray
        Parameters in the stage's products inside its transformer layers ``P_L`` [count].
    outside_params : float or ndarray
        Parameter-equivalents of its products outside every checkpointed layer ``P_out`` [count]:
        the output head's passes (and any weight of a 16-bit head beside FP8 products).

    Returns
    -------
    float or ndarray
        The stage's multiplier, 1 where ``f`` is 1.

    References
    ----------
    Recomputation checkpoints the transformer layers, not the output head: Megatron-LM's full
    recomputation wraps each layer of the ``TransformerBlock`` (``megatron/core/recompute.py``,
    NVIDIA/Megatron-LM d98e8a64) and its model-FLOPs count charges the logits three passes beside the
    layers' four (Narayanan et al. 2021, "Efficient Large-Scale Language Model Training on GPU
    Clusters Using Megatron-LM", eq. 3: ``96·B·s·L·h²·(1 + s/(6h)) + 6·B·s·h·V``); Hugging Face's
    ``gradient_checkpointing_enable`` and torchtune's ``set_activation_checkpointing`` wrap the decoder
    layers alone; Chen et al. 2016 §3: one extra forward per checkpointed segment.
    """
    return (layer_factor * layer_params + outside_params) / (layer_params + outside_params)


def flops_per_param(frozen):
    """FLOPs per parameter per token [FLOP]: :data:`FLOPS_PER_PARAM_FROZEN` when the weights are
    frozen (adapters), else :data:`FLOPS_PER_PARAM_TRAINED`."""
    return FLOPS_PER_PARAM_FROZEN if frozen else FLOPS_PER_PARAM_TRAINED


def model_flops_utilisation(flops_per_token, tokens_per_s, cards, peak_flops, pass_factor=FLOPS_PER_PARAM_TRAINED):
    """Model FLOPs utilisation: ``flops_per_token × tokens/s ÷ (cards × peak)``, scaled by
    ``pass_factor/6`` when frozen weights do only 4 of the 6 FLOPs per parameter
    (Chowdhery et al. 2022, App. B). ``peak_flops`` per card [FLOP/s].

    At most :data:`UTILISATION_CEILING`: with ``flops_per_token`` the FLOPs the step time is
    made of (:func:`executed_training_flops_per_token`) and every efficiency at most 1 the
    ratio cannot pass it; the cap holds the physical limit should a caller count work it does
    not time (``tests/test_physics_holds.py`` checks the estimates stay below their
    efficiencies without it)."""
    mfu = flops_per_token * tokens_per_s / (cards * peak_flops) * (pass_factor / FLOPS_PER_PARAM_TRAINED)
    return capped_share(mfu)


def sustained_rate(peak, *shares):
    """``peak`` times each of ``shares`` in turn, at most ``peak`` [the peak's unit]: the rate a
    kernel sustains at an efficiency and an engine's share of it, which no product of shares may
    take past the card's datasheet rate. ``shares`` may be arrays."""
    rate = peak
    for share in shares:
        rate = rate * share
    if type(rate) is float and type(peak) is float and rate == rate and peak == peak:  # numbers: no array
        return rate if rate < peak else peak  # what np.minimum gives, without its call
    capped = np.minimum(rate, peak)
    return float(capped) if np.ndim(capped) == 0 else capped


def capped_share(share, ceiling=UTILISATION_CEILING):
    """``share`` of a peak, at most ``ceiling`` [-] (scalars stay floats, arrays stay arrays)."""
    if type(share) is float and type(ceiling) is float and share == share and ceiling == ceiling:  # numbers
        return share if share < ceiling else ceiling  # what np.minimum gives, without its call
    capped = np.minimum(share, ceiling)
    return float(capped) if np.ndim(capped) == 0 else capped


def matmul_flops(pass_factor, params, mm_factor, tokens, tp):
    """Matrix-product FLOPs of ``tokens`` through ``params`` parameters split ``tp`` ways, with a
    recomputation factor ``mm_factor`` [FLOP]: ``pass_factor · N · f · tokens / tp``."""
    return pass_factor * params * mm_factor * tokens / tp
