"""Tensor-parallel communication overlap in a training step: when it applies, and the exposed
tensor-parallel time of a stage with it (the formula: :mod:`configurator.core.formulas.tp_overlap`).

Shared by the estimate (:func:`configurator.core.training_speed.micro_batch_timing`, one layout)
and the planner (``workloads/training/layout_speed.pass_seconds``, arrays of layouts), so both
charge the same seconds. Off (the default) neither calls it: the step is today's, bit for bit.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from configurator.core.architecture import ModelArchitecture
from configurator.core.formulas.communication import TP_COLLECTIVES_PER_LAYER
from configurator.core.formulas.tp_overlap import tensor_parallel_overlap_seconds

COLLECTIVES_PER_ALL_REDUCE = 2
"""An all-reduce's volume is an all-gather's plus a reduce-scatter's (Korthikanti et al. 2022
§4.2.2: sequence parallelism replaces each all-reduce with the two)."""


@lru_cache(maxsize=256)
def layer_product_params(model: ModelArchitecture) -> tuple[float, float, float, float]:
    """Parameters one token meets in a layer's four tensor-parallel products, averaged over the
    layers [count]: query/key/value (MLA: every attention projection but the output), attention
    output ``attn_out·d``, MLP up (gate and up: ``2·w·d`` gated, ``w·d`` plain) and MLP down ``w·d``,
    with ``w`` the MLP width a token passes through
    (:attr:`~configurator.core.architecture.ModelArchitecture.mlp_token_width`: top-k and shared
    experts in MoE layers)."""
    d = float(model.hidden)
    proj = float(model.attn_out_dim) * d
    qkv = float(model.attention_params()) - proj
    width = model.mlp_token_width
    up = (2.0 if model.gated_mlp else 1.0) * width * d
    return qkv, proj, up, width * d


def overlap_applies(tp, domain: int, fast_link: bool):
    """Whether Transformer Engine's userbuffers overlap runs for a tensor-parallel group of ``tp``
    cards [bool or bool array]: more than one card, all in one fast-link (NVLink) domain of
    ``domain`` cards (userbuffers map the group's buffers into each other's memory over NVLink,
    CUDA multicast or IPC: TransformerEngine ``initialize_ub`` takes the tensor-parallel group as
    its NVLink domain; Megatron-LM asserts sequence parallelism, which the estimate assumes
    whenever ``tp > 1``)."""
    return (tp > 1) & (tp <= domain) & fast_link


def overlapped_tensor_parallel_seconds(exposed_s, model: ModelArchitecture, tokens, tp, layers, flops_per_s,
                                       trains_weights: bool, applies):
    """A stage's tensor-parallel time with the overlap, where it ``applies`` [s]; ``exposed_s``
    elsewhere (its collectives in series, as without it). Array-friendly.

    ``exposed_s``: the stage's collectives in series
    (:func:`~configurator.core.formulas.communication.tensor_parallel_seconds`, four all-reduce
    equivalents per layer); ``tokens`` per rank and micro-batch; ``flops_per_s``: the rate the
    stage's products run at (peak × matrix-product efficiency × shape) [FLOP/s]; each product's
    forward time ``2·params·tokens/tp / rate`` (:func:`layer_product_params`).
    """
    per_layer = np.maximum(layers, 1e-300) if not isinstance(layers, int | float) else max(layers, 1e-300)
    collective_s = exposed_s / (COLLECTIVES_PER_ALL_REDUCE * TP_COLLECTIVES_PER_LAYER * per_layer)
    seconds_per_param = 2.0 * tokens / tp / flops_per_s
    qkv, proj, up, down = (p * seconds_per_param for p in layer_product_params(model))
    overlapped = layers * tensor_parallel_overlap_seconds(collective_s, qkv, proj, up, down, tp, trains_weights)
    return np.where(applies, overlapped, exposed_s)
