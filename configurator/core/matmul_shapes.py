"""The matrix products of a model's layers, and the share of the card's peak they sustain together.

One pass of ``T`` tokens through a decoder layer on one of ``tp`` tensor-parallel ranks runs
these products (Shoeybi et al. 2019 §3: column-parallel in, row-parallel out), each
``m × n × k`` = tokens × output × reduced features:

- query/key/value: ``T × (q + 2·kv)/tp × d``; attention output: ``T × d × q/tp``
  (MLA: its projections as one product of the same parameters);
- dense MLP: ``T × (2 or 1)·f/tp × d`` (gate and up fused) and ``T × d × f/tp``;
- MoE: each routed expert sees ``T·top_k·ep/E`` of the tokens (uniform routing; with expert
  parallelism over ``ep`` ranks the ``ep`` ranks' tokens meet at the experts of each), shared
  experts all ``T``;
- the output head once per stage: ``T × vocab/tp × d``.

Training adds the two backward products of each: the input gradient ``T × k × n`` and the weight
gradient ``k × n × T`` (reduction over the tokens). The products' time at their efficiency
(:func:`~configurator.core.formulas.gemm_efficiency.gemm_efficiency`) summed, over their FLOPs,
gives one efficiency: the FLOP-weighted harmonic mean ``Σ w / Σ (w/η)``.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Card
from configurator.core.formulas.gemm_efficiency import gemm_efficiency, gemm_family


@lru_cache(maxsize=512)
def _layer_products(model: ModelArchitecture) -> tuple[np.ndarray, ...]:
    """(n·tp, k·tp split flags, weight, expert flag) of one average layer's products, per token.

    Returns ``n``, ``k`` before tensor parallelism [elements], which of the two is split by
    ``tp`` (1 = n, 0 = k), the FLOP weight (parameters used per token, averaged over layers)
    and whether the product runs on routed-expert tokens.
    """
    d, layers = model.hidden, model.n_layers
    rows: list[tuple[float, float, int, float, bool]] = []
    if model.is_mla:
        rows.append((model.attention_params() / (2.0 * d), d, 1, model.attention_params(), False))
    else:
        q, kv, out = model.q_dim, model.kv_dim, model.attn_out_dim
        rows.append((q + 2 * kv, d, 1, d * (q + 2 * kv), False))
        rows.append((d, out, 0, out * d, False))
    mats = 3 if model.gated_mlp else 2
    up = mats - 1
    if model.n_dense_layers:
        share = model.n_dense_layers / layers
        f = model.ffn
        rows.append((up * f, d, 1, share * up * f * d, False))
        rows.append((d, f, 0, share * f * d, False))
    if model.n_moe_layers:
        share = model.n_moe_layers / layers
        f = model.routed_ffn
        routed = share * model.experts_per_token
        rows.append((up * f, d, 1, routed * up * f * d, True))
        rows.append((d, f, 0, routed * f * d, True))
        if model.n_shared_experts:
            shared = share * model.n_shared_experts
            rows.append((up * f, d, 1, shared * up * f * d, False))
            rows.append((d, f, 0, shared * f * d, False))
    n, k, split_n, weight, expert = (np.array(col) for col in zip(*rows, strict=True))
    return n.astype(float), k.astype(float), split_n.astype(bool), weight.astype(float), expert.astype(bool)


def matmul_efficiency_by_shape(model: ModelArchitecture, card: Card, precision: str, tokens, tp=1, ep=1,
                               layers=None, training: bool = True):
    """Share of ``card``'s dense peak that the products of ``layers`` layers (the model's all by
    default) and the output head sustain together, ``tokens`` per pass on one of ``tp`` ranks
    [-]; ``tokens``, ``tp``, ``ep`` and ``layers`` may be arrays (broadcast).

    ``training``: with the two backward products of each (module docstring), else the forward
    alone (prefill, decode).
    """
    family = gemm_family(card.architecture)
    n, k, split_n, weight, expert = _layer_products(model)
    layers = model.n_layers if layers is None else layers
    t = np.asarray(tokens, dtype=float)[..., None]
    tp_ = np.asarray(tp, dtype=float)[..., None]
    ep_ = np.asarray(ep, dtype=float)[..., None]
    routed = t * model.experts_per_token * ep_ / model.n_experts if model.is_moe else t
    m = np.where(expert, routed, t)
    n_tp = np.where(split_n, n / tp_, n)
    k_tp = np.where(split_n, k, k / tp_)
    head_n = model.vocab / np.asarray(tp, dtype=float)
    head_t = np.asarray(tokens, dtype=float)

    def inverse(m_, n_, k_):
        """Σ w/η over the layer's products at one pass's shapes."""
        return gemm_efficiency(m_, n_, k_, family, precision) ** -1.0

    layer_inv = inverse(m, n_tp, k_tp)
    head_inv = inverse(head_t, head_n, model.hidden)
    passes = 1.0
    if training:
        layer_inv = layer_inv + inverse(m, k_tp, n_tp) + inverse(k_tp, n_tp, m)
        head_inv = head_inv + inverse(head_t, model.hidden, head_n) + inverse(model.hidden, head_n, head_t)
        passes = 3.0
    head_w = float(model.vocab * model.hidden)
    layers = np.asarray(layers, dtype=float)
    work = passes * (layers * weight.sum() + head_w)
    time = layers * (layer_inv * weight).sum(axis=-1) + head_inv * head_w
    eff = work / time
    return float(eff) if np.ndim(eff) == 0 else eff
