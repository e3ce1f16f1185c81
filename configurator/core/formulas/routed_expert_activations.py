"""Activation memory of a training step's routed MoE layers: what routing adds to a layer's saved
tensors for backward, the dispatched copies' inputs, the router's scores and the permutation's
indices, under Megatron-Core's kernels and in eager PyTorch. Moved out of
:mod:`configurator.core.formulas.activations` (a dense layer's saved tensors)."""

from __future__ import annotations


ROUTER_SCORE_BYTES = 4.0
"""Bytes of one routing score kept for the router's backward [B]: fp32. Megatron-Core's score
functions run in fp32 whatever the logits' dtype (``moe_utils.topk_routing_with_score_function``:
``torch.sigmoid(logits.float())``, ``torch.softmax(logits, dim=-1, dtype=torch.float32)``; the fused
router's ``intermediate_output`` is ``at::kFloat``, TransformerEngine ``csrc/extensions/router.cpp``)."""

EXPERT_INDEX_BYTES = 8.0
"""Bytes of the int64 index the permutation keeps per routed copy for its backward [B]
(``tokens.index_select(0, sorted_indices)`` in Megatron-Core's ``moe_utils.permute``; the
unpermutation's ``scatter_add_`` reads the same indices)."""


def routed_experts_saved_bytes_per_token(hidden, routed_copies, n_experts, input_bytes, shared_copy_bytes=0.0,
                                         frozen_experts=False):
    """Bytes a routed MoE layer keeps for backward beyond a dense MLP of the same token width, per
    token [B]: what dispatching a token to ``k`` experts adds under Megatron-Core's fused layers.

    Parameters
    ----------
    hidden : int
        Width of the residual stream [count].
    routed_copies : float
        Routed experts a token is sent to, ``k`` (shared experts are not routed) [count].
    n_experts : int
        Routed experts the router scores [count].
    input_bytes : float
        Bytes of one element of a linear's input as the linear keeps it (1 under Transformer Engine
        FP8, :data:`TE_FP8_SAVED_INPUT_BYTES`; else the 16-bit math element) [B].
    shared_copy_bytes : float
        Bytes per element of a copy of the norm's output the shared experts' first linear keeps of
        its own: 1 under FP8 with delayed scaling, 0 otherwise (the 16-bit output the router keeps
        is counted with the norm) [B].
    frozen_experts : bool
        The experts' weights are frozen (LoRA on attention only): the grouped first linear keeps no
        input (its weight has no gradient).

    Returns
    -------
    float
        ``k·input_bytes·h`` (each routed copy's dispatched tokens, the grouped first linear's input)
        ``+ shared_copy_bytes·h + 4·E`` (the router's fp32 scores) ``+ (4 + 8)·k`` (each copy's
        fp32 weight, kept by the weighted SwiGLU, and its int64 permutation index) [B per token].
        The SwiGLU input (``2·ffn`` per copy) and the second linear's input (``ffn`` per copy) are
        the dense MLP's tensors at the layer's token width
        (:func:`~configurator.core.formulas.activations.fused_layer_saved_bytes_per_token`).
        Not counted, each under 0.5 % of a DeepSeek-V3 layer: the top-k gather's and the
        probabilities' own int64 index and fp32 copies (about 20 B per copy), the load-balancing
        loss's second fp32 score tensor (``4·E``), and the fused permutation's int32 row map
        (``4·(2E + 1)``, ``--moe-permute-fusion``, off by default).

    References
    ----------
    Megatron-Core d98e8a64ddf34856e74b24714e3bedb2f5a39553 (``megatron/core/transformer/moe/``),
    alltoall dispatcher at its defaults (``moe_permute_fusion`` and ``moe_router_fusion`` False):
    ``token_dispatcher.MoEAlltoAllTokenDispatcher.dispatch_preprocess`` permutes the norm's output
    into ``k`` copies per token (``moe_utils.permute``: ``index_select``, which keeps only its
    index), ``token_dispatch`` and ``dispatch_postprocess`` move and sort them (``all_to_all``,
    ``sort_chunks_by_idxs``: nothing kept); ``experts.TEGroupedMLP.forward`` runs ``linear_fc1``
    (Transformer Engine ``GroupedLinear``, which saves its input, the FP8 copy under FP8:
    ``module/grouped_linear.py`` at TransformerEngine d0067d0da6cb01811b8072a7d304f0e00344ce2b),
    ``weighted_bias_swiglu_impl`` (``fusions/fused_bias_swiglu.WeightedSwiGLUFunction``:
    ``ctx.save_for_backward(input_for_backward, weights)``, the input 16-bit unless
    ``activation_func_fp8_input_store``) and ``linear_fc2`` (its input); the probabilities are applied
    in the experts, so ``combine_postprocess``'s ``unpermute`` runs without them and keeps no token
    tensor (``scatter_add_``: its index). The router's ``RouterGatingLinearFunction`` keeps its input,
    the norm's 16-bit output (``moe_utils.py``). ``shared_experts.SharedExpertMLP.__init__``: under FP8
    with a recipe other than delayed, "the output of pre_mlp_layernorm is saved by router, and the
    shared expert linear_fc1 also saves the quantized tensor of this output", so Megatron-Core sets
    ``set_save_original_input``: a copy of its own under delayed scaling only.
    """
    inputs = 0.0 if frozen_experts else routed_copies * input_bytes * hidden
    return (inputs + shared_copy_bytes * hidden + ROUTER_SCORE_BYTES * n_experts
            + (ROUTER_SCORE_BYTES + EXPERT_INDEX_BYTES) * routed_copies)


def eager_routed_experts_saved_bytes_per_token(hidden, routed_copies, n_experts, math_bytes, input_casts,
                                               frozen_experts=False):
    """Bytes a routed MoE layer run as eager PyTorch modules keeps for backward beyond a dense MLP of
    the same token width, per token [B].

    Parameters
    ----------
    hidden : int
        Width of the residual stream [count].
    routed_copies : float
        Routed experts a token is sent to, ``k`` [count].
    n_experts : int
        Routed experts the router scores [count].
    math_bytes : float
        Bytes of one 16-bit math element [B].
    input_casts : int
        Copies of an expert's input its first linears keep: 1, or 2 when autocast casts an fp32
        input for the gate and the up projection separately [count].
    frozen_experts : bool
        The experts' weights are frozen: their linears keep no input.

    Returns
    -------
    float
        ``k·(input_casts·math_bytes·h + math_bytes·h) + 4·E + (4 + 8)·k``: each routed copy's gathered
        input as its first linears keep it, the expert's output kept by the product with its routing
        weight, the router's fp32 softmax over the experts and, per copy, the weight and the int64 index
        ``index_add_`` keeps [B per token]. The SwiGLU tensors are the dense MLP's at the layer's token
        width (:func:`~configurator.core.formulas.activations.layer_saved_bytes_per_token`).

    References
    ----------
    Hugging Face transformers 00d4b3d2142cb4ced2f51b90614b5d26bc045015,
    ``models/mixtral/modeling_mixtral.py`` ``MixtralSparseMoeBlock.forward``: ``routing_weights =
    F.softmax(router_logits, dim=1, dtype=torch.float)``; per expert ``current_state =
    hidden_states[None, top_x]`` (a gathered copy, the input ``w1`` and ``w3`` keep),
    ``expert_layer(current_state) * routing_weights[top_x, idx, None]`` (the product keeps the expert's
    output for the weight's gradient) and ``final_hidden_states.index_add_(0, top_x, ...)``.
    """
    inputs = 0.0 if frozen_experts else input_casts * math_bytes * hidden
    return routed_copies * (inputs + math_bytes * hidden) + ROUTER_SCORE_BYTES * n_experts \
        + (ROUTER_SCORE_BYTES + EXPERT_INDEX_BYTES) * routed_copies
