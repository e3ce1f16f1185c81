"""The merge of ring attention's partial results: memory traffic context parallelism adds on the
compute stream, beside its ring exchange (:func:`~configurator.core.formulas.communication.
context_parallel_seconds`).

With context parallelism each rank's attention runs as ``cp`` kernel calls per layer, one per
ring step, each against the key/value block it holds at that step; the partial outputs are then
merged by their softmax statistics, and in backward each step's query, key and value gradients
are added into running sums. Transformer Engine's ring (``AttnFuncWithCPAndKVP2P``, the
``p2p`` context-parallel path Megatron-Core and NeMo run; NVIDIA/TransformerEngine
``transformer_engine/pytorch/attention/dot_product_attention/context_parallel.py`` at 9c61cd7):

- forward: the first step's output widened to an fp32 running output
  (``flash_attn_fwd_out_correction_init``; "fwd output correction: out in torch.float32"), every
  later step's 16-bit output scaled and added into it (``flash_attn_fwd_out_correction``), the
  sum narrowed back to 16-bit (``out.to(fwd_nominal_dtype)``);
- backward: ``dq.add_(dq_)``, ``dk.add_(dk_)``, ``dv.add_(dv_)`` for every step after the first,
  16-bit tensors.

A layout without context parallelism runs one attention call whose kernel writes its output and
gradients once; none of this traffic exists there. The slowest rank of the load-balanced ring
(the last, whose every step merges a full block) sets the pace, so every step is counted whole.
"""

from __future__ import annotations

import numpy as np

from configurator.core.formulas.flops import capped_share

FORWARD_MERGE_BYTES = 10.0
"""Bytes moved per output element and ring step after the first, forward: the step's 16-bit
partial output read (2), the fp32 running output read and written (4 + 4) [B]."""

WIDEN_NARROW_BYTES = 12.0
"""Bytes moved per output element once per layer, forward: the first step's 16-bit output read
and written as fp32 (2 + 4), the fp32 sum read and written as 16-bit (4 + 2) [B]."""

GRADIENT_ADD_BYTES = 6.0
"""Bytes moved per query, key or value gradient element and ring step after the first, backward:
an in-place add of two 16-bit tensors, both read and one written (2 + 2 + 2) [B]."""


def ring_merge_bytes_per_token(out_dim, q_dim, kv_dim, cp):
    """Memory traffic of merging ring attention's ``cp`` steps for one token of one layer on a
    rank, forward and backward [B]: ``(cp − 1)·(10·o + 6·(q + 2·kv)) + 12·o`` with ``o`` the
    attention output width, ``q`` the query width and ``kv`` one key/value projection's width
    [elements]; 0 where ``cp`` is 1 (one attention call, nothing to merge)."""
    steps = np.asarray(cp) - 1
    per_step = FORWARD_MERGE_BYTES * out_dim + GRADIENT_ADD_BYTES * (q_dim + 2 * kv_dim)
    return (steps * per_step + WIDEN_NARROW_BYTES * out_dim) * (steps > 0)


def ring_merge_seconds(tokens, out_dim, q_dim, kv_dim, cp, layers, tp, bandwidth, efficiency):
    """Time of the ring merges of one micro-batch on a rank [s]:
    ``layers × bytes/token × tokens / tp / (bandwidth·η)`` (:func:`ring_merge_bytes_per_token`;
    the heads split over ``tp`` ranks, ``tokens`` the rank's share of the micro-batch,
    ``bandwidth`` the card's memory bandwidth [B/s], η its achieved share)."""
    per_token = ring_merge_bytes_per_token(out_dim, q_dim, kv_dim, cp)
    return layers * per_token * tokens / tp / (bandwidth * capped_share(efficiency))
