"""Tensor-parallel communication overlap in a training step: when it applies, and the exposed
tensor-parallel time of a stage with it (the formula: :mod:`configurator.core.formulas.tp_overlap`).

Shared by the estimate (:func:`configurator.core.training_speed.micro_batch_timing`, one layout)
and the planner (``workloads/training/layout_speed.pass_seconds``, arrays of layouts), so both
charge the same seconds. Off (the default) neither calls it: the step is today's, bit for bit.
The time the products lose to the communication kernels' SM margins is counted with the
tensor-parallel time (``TrainingSpeed.tensor_parallel_s``, the step's "tensor parallel" share): it
is what the overlap costs, reported where the traffic it hides was.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from configurator.core.architecture import ModelArchitecture
from configurator.core.formulas.communication import TP_COLLECTIVES_PER_LAYER
from configurator.core.formulas.tp_overlap import (
    TE_DEFAULT_TABLE,
    UserbuffersTable,
    all_gather_element_bytes,
    tensor_parallel_overlap_seconds,
)
from configurator.core.formulas.tp_overlap_tables import TUNED_TABLES
from configurator.core.precision import PrecisionPlan
from configurator.core.units import Precision

COLLECTIVES_PER_ALL_REDUCE = 2
"""An all-reduce's volume is an all-gather's plus a reduce-scatter's (Korthikanti et al. 2022
§4.2.2: sequence parallelism replaces each all-reduce with the two)."""


COLLECTIVES_PER_BLOCK = 4
"""All-gathers and reduce-scatters of one tensor-parallel block (attention or MLP) per micro-batch:
one of each in forward and in backward (Korthikanti et al. 2022 §4.2.2, Fig. 5)."""


@lru_cache(maxsize=256)
def block_product_params(model: ModelArchitecture) -> tuple[float, float, float, float]:
    """Parameters one token meets in the column- and row-parallel products of a layer's attention
    and of a dense layer's MLP [count]: query/key/value (MLA: every attention projection but the
    output), attention output ``attn_out·d``, MLP up (gate and up: ``2·f·d`` gated, ``f·d`` plain)
    and MLP down ``f·d``."""
    d = float(model.hidden)
    proj = float(model.attn_out_dim) * d
    qkv = float(model.attention_params()) - proj
    up = (2.0 if model.gated_mlp else 1.0) * model.ffn * d
    return qkv, proj, up, float(model.ffn) * d


def overlap_applies(tp, domain: int, fast_link: bool):
    """Whether Transformer Engine's userbuffers overlap runs for a tensor-parallel group of ``tp``
    cards [bool or bool array]: more than one card, all in one fast-link (NVLink) domain of
    ``domain`` cards (userbuffers map the group's buffers into each other's memory over NVLink,
    CUDA multicast or IPC: TransformerEngine ``initialize_ub`` takes the tensor-parallel group as
    its NVLink domain; Megatron-LM asserts sequence parallelism, which the estimate assumes
    whenever ``tp > 1``)."""
    return (tp > 1) & (tp <= domain) & fast_link


def all_gather_bytes(plan: PrecisionPlan) -> float:
    """Bytes per element the overlapped all-gathers of a step under ``plan`` move [B]
    (:func:`~configurator.core.formulas.tp_overlap.all_gather_element_bytes`: FP8 under FP8 math)."""
    return all_gather_element_bytes(plan.math_bytes, plan.math is Precision.FP8)


def userbuffers_table(name: str | None) -> UserbuffersTable:
    """The userbuffers table ``parallelism.tp_comm_overlap_cfg`` names: a recipe's tuned table
    (:data:`~configurator.core.formulas.tp_overlap_tables.TUNED_TABLES`), or Transformer Engine's
    default where it names none."""
    return TE_DEFAULT_TABLE if name is None else TUNED_TABLES[name]


def overlapped_tensor_parallel_seconds(exposed_s, model: ModelArchitecture, tokens, tp, layers, flops_per_s,
                                       trains_weights: bool, applies, table: UserbuffersTable = TE_DEFAULT_TABLE,
                                       gathered_s=None):
    """A stage's tensor-parallel time with the overlap, where it ``applies`` [s]; ``exposed_s``
    elsewhere (its collectives in series, as without it). Array-friendly.

    ``exposed_s``: the stage's collectives in series
    (:func:`~configurator.core.formulas.communication.tensor_parallel_seconds`, four all-reduce
    equivalents per layer); ``tokens`` per rank and micro-batch; ``flops_per_s``: the rate the
    stage's products run at (peak × matrix-product efficiency × shape) [FLOP/s]; each product's
    forward time ``2·params·tokens/tp / rate`` (:func:`block_product_params`). Every layer's
    attention block is overlapped; the MLP block of dense layers only: a mixture-of-experts
    layer's tensor-parallel exchange runs in its token dispatcher around grouped expert products,
    which userbuffers do not wrap (Transformer Engine overlaps ``te.Linear``,
    ``te.LayerNormLinear`` and ``te.LayerNormMLP``: ``initialize_ub``), so it stays in series.
    ``table``: the userbuffers table the run uses (:func:`userbuffers_table`; default Transformer
    Engine's). ``gathered_s``: the same collectives in series at the all-gathers' element
    (:func:`~configurator.core.formulas.tp_overlap.all_gather_element_bytes`: FP8 under FP8 math),
    what the overlapped blocks' all-gathers take; None: ``exposed_s``.
    """
    per_layer = np.maximum(layers, 1e-300) if not isinstance(layers, int | float) else max(layers, 1e-300)
    collective_s = exposed_s / (COLLECTIVES_PER_ALL_REDUCE * TP_COLLECTIVES_PER_LAYER * per_layer)
    gather_s = (exposed_s if gathered_s is None else gathered_s) \
        / (COLLECTIVES_PER_ALL_REDUCE * TP_COLLECTIVES_PER_LAYER * per_layer)
    seconds_per_param = 2.0 * tokens / tp / flops_per_s
    qkv, proj, up, down = (p * seconds_per_param for p in block_product_params(model))
    dense = model.n_dense_layers / model.n_layers
    mlp = dense * tensor_parallel_overlap_seconds(collective_s, up, down, tp, trains_weights, table.mlp, gather_s) \
        + (1.0 - dense) * COLLECTIVES_PER_BLOCK * collective_s
    attention = tensor_parallel_overlap_seconds(collective_s, qkv, proj, tp, trains_weights, table.attention,
                                                gather_s)
    overlapped = layers * (attention + mlp)
    return np.where(applies, overlapped, exposed_s)
