"""The ZeRO 3 implementation a scenario states (``parallelism.zero3_implementation``), from the
model to the plain-number formulas of :mod:`configurator.core.formulas.zero3_deepspeed_2021`.

``"bucketed"`` (the default) is the ZeRO 3 of :func:`~configurator.core.formulas.communication.gradient_sync_seconds`
and nothing here applies. ``"deepspeed-2021"`` is DeepSpeed v0.3.13's: per micro-batch the
gradients reduce-scattered once and the weights gathered as often as reuse-distance release
makes it (:func:`~configurator.core.formulas.zero3_deepspeed_2021.released_gathers`), one
synchronised list-form collective per tensor, none of it under compute. It applies where ZeRO 3
gathers every micro-batch (no pipeline stages,
:func:`~configurator.core.formulas.communication.zero3_regathers`; v0.3.13's pipeline engine
refuses ZeRO 3 anyway) to a card whose weights all train; an adapter's frozen base keeps the
bucketed formula.
"""

from __future__ import annotations

import numpy as np

from configurator.core.architecture import ModelArchitecture
from configurator.core.formulas import zero3_deepspeed_2021 as ds
from configurator.core.formulas.communication import zero3_regathers

DEEPSPEED_2021 = "deepspeed-2021"
"""The value of ``parallelism.zero3_implementation`` that selects this module's formulas."""


def layer_tensors(model: ModelArchitecture, tp: int = 1) -> tuple[tuple[float, ...], int]:
    """One layer's tensors as DeepSpeed ZeRO 3 sees them in Megatron-LM's module structure.

    Returns the gathered tensors' sizes in forward order [parameters per card], the tensors over
    :data:`~configurator.core.formulas.zero3_deepspeed_2021.PARAM_PERSISTENCE_THRESHOLD` (fused
    ``query_key_value`` ``d·(q + 2·kv)``, ``dense`` ``q·d``, ``dense_h_to_4h`` ``d·f`` (``2·d·f``
    gated), ``dense_4h_to_h`` ``f·d``, each split over ``tp``), and the count of all its trainable
    tensors, each reduce-scattered on its own [count]: the four matrices, their biases where the
    model has them and the two norms' weights (and biases, LayerNorm). GPT-3: 4 gathered, 12 in
    all. Dense layers: a mixture-of-experts model is counted by its dense MLP (v0.3.13 had no
    expert parallelism).
    """
    d, q, kv, f = model.hidden, model.q_dim, model.kv_dim, model.ffn
    matrices = (d * (q + 2 * kv), q * d, d * f * (2 if model.gated_mlp else 1), f * d)
    sizes = tuple(float(m) / tp for m in matrices)
    biases = int(model.attention_bias) + int(model.attention_output_bias) + 2 * int(model.mlp_bias)
    norms = 2 * (2 if model.norm == "layernorm" else 1)
    gathered = tuple(s for s in sizes if s > ds.PARAM_PERSISTENCE_THRESHOLD)
    return gathered, len(matrices) + biases + norms


def gathers_and_calls(model: ModelArchitecture, layers: int, tp: int, recompute_full: bool) -> tuple[float, int]:
    """(weight gathers per micro-batch [1], collectives per micro-batch [count]) of ``layers``
    layers split over ``tp``: :func:`~configurator.core.formulas.zero3_deepspeed_2021.released_gathers`
    and one reduce-scatter per trainable tensor (:func:`layer_tensors`). GPT-3 175B with full
    recomputation: 2.67 gathers, 1,056 gathers + 1,152 reduce-scatters a micro-batch."""
    sizes, tensors = layer_tensors(model, tp)
    gathers, gather_calls = ds.released_gathers(sizes, int(layers), bool(recompute_full))
    return gathers, gather_calls + int(layers) * tensors


def micro_batch_seconds(model: ModelArchitecture, layers, tp, recompute_full, params, grad_bytes, weight_bytes, zero,
                        pp, dp, per_domain, fast_gbps, network_gbps, efficiency):
    """Data-parallel time of one micro-batch under DeepSpeed v0.3.13's ZeRO 3 [s], and where it applies.

    Returns ``(seconds, applies)``: :func:`~configurator.core.formulas.zero3_deepspeed_2021.sync_seconds`,
    all of it exposed (each gather after a device synchronise; a step pays it once per
    micro-batch), where ZeRO 3 gathers every micro-batch
    (:func:`~configurator.core.formulas.communication.zero3_regathers`) and ``params`` train;
    ``applies`` False elsewhere (the caller keeps its bucketed figure). ``layers``, ``tp`` and
    ``recompute_full`` may be arrays of one value per layout: the trace is worked out once per
    distinct (layers, tp, recomputation).
    """
    layers, tp, full = np.broadcast_arrays(np.asarray(layers), np.asarray(tp), np.asarray(recompute_full))
    gathers, calls = np.empty(layers.shape), np.empty(layers.shape)
    for key in set(zip(layers.flat, tp.flat, full.flat, strict=True)):
        at = (layers == key[0]) & (tp == key[1]) & (full == key[2])
        gathers[at], calls[at] = gathers_and_calls(model, int(key[0]), int(key[1]), bool(key[2]))
    sync = ds.sync_seconds(params, grad_bytes, weight_bytes, gathers, calls, dp, per_domain, fast_gbps, network_gbps,
                           efficiency)
    return sync, zero3_regathers(zero, pp) & (params > 0)
