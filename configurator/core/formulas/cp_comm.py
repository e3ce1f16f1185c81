"""How context parallelism moves its data: ``parallelism.cp_comm_type``, Transformer Engine's
``cp_comm_type`` (NVIDIA/TransformerEngine
``transformer_engine/pytorch/attention/dot_product_attention/context_parallel.py`` at 9c61cd7,
``attn_forward_func_with_cp``), which Megatron-LM passes on from ``--cp-comm-type`` (default ``p2p``,
``megatron/training/arguments.py``) and NeMo from ``model.cp_comm_type``
(``megatron_gpt_peft_tuning_config.yaml``: ``a2a``, the MLPerf Training Llama 2 70B LoRA runs'):

- ``p2p``: the key/value ring (``AttnFuncWithCPAndKVP2P``), each step's exchange under the
  attention of the block a rank holds, plus the merges of its partial results; the keys and values
  a rank passes on are its tensor-parallel rank's heads (:func:`rank_kv_width`)
  (:func:`~configurator.core.formulas.communication.context_parallel_seconds`,
  :func:`~configurator.core.formulas.ring_merge.ring_merge_seconds`);
- ``all_gather``: keys and values gathered whole before the attention (``AttnFuncWithCPAndKVAllGather``),
  gathered again and their gradients reduce-scattered in backward: the ring's bytes, waited on;
  each rank's query chunks run against the whole keys, so no partial results are merged;
- ``a2a``: DeepSpeed-Ulysses (Jacobs et al. 2023, arXiv:2309.14509, §3.1; ``AttnFuncWithCPAndQKVOA2A``):
  an all-to-all turns Q, K and V split by sequence into Q, K and V split by heads, one more turns
  the output back; backward runs the same four on the gradients (dO before, dQ, dK, dV after).
  ``flash_attn_a2a_communicate`` overlaps one tensor's all-to-all with the reshape of the next,
  not with the attention, which waits on them: all :data:`A2A_PER_LAYER` are exposed. Each rank
  needs whole heads: query and key/value heads on a tensor-parallel rank divisible by ``cp``
  (the function asserts "The number of attention heads needs to be divisible by CP size!").
"""

from __future__ import annotations

import numpy as np

from configurator.core.formulas.collectives import all_to_all_seconds
from configurator.core.formulas.communication import context_parallel_seconds
from configurator.core.formulas.parallelism import data_parallel_per_domain
from configurator.core.formulas.ring_merge import ring_merge_seconds

CP_COMM_TYPES = ("p2p", "a2a", "all_gather")
"""The values of ``parallelism.cp_comm_type`` (Transformer Engine's names; ``p2p`` the default)."""

A2A_PER_LAYER = 2
"""Passes per layer that run Ulysses' all-to-alls of Q, K, V and O: forward, and backward on their
gradients (``AttnFuncWithCPAndQKVOA2A.forward`` / ``.backward``)."""


def rank_kv_width(kv_dim, kv_heads, tp):
    """Width of one key/value projection on a tensor-parallel rank, what its context-parallel ring
    passes on [elements]: ``kv_dim / min(tp, H_kv)`` (key/value heads fewer than ``tp`` are
    replicated, one per rank). Megatron-Core hands Transformer Engine the rank's own heads
    (column-parallel query/key/value projection), and the ring sends those:
    ``AttnFuncWithCPAndKVP2P.forward`` concatenates the rank's ``k`` and ``v``, shaped
    ``[b, 2, s/2, h, d]`` with ``h`` the rank's heads, into the buffer each step sends
    (``p2p_comm_buffers[0] = torch.cat((k.view(-1), v.view(-1)))``; NVIDIA/TransformerEngine
    ``transformer_engine/pytorch/attention/dot_product_attention/context_parallel.py`` at d0067d0).
    Llama 3.1 405B at TP 8: one of 8 key/value heads a rank, 128 of 1,024 elements."""
    return kv_dim / np.minimum(np.asarray(tp), kv_heads)


def a2a_heads_divide(n_heads, n_kv_heads, tp, cp):
    """Whether the query and key/value heads a tensor-parallel rank holds split into ``cp`` whole
    groups: ``(H / tp) mod cp = 0`` and ``(max(1, H_kv / tp)) mod cp = 0`` (key/value heads
    fewer than ``tp`` are replicated, one per rank)."""
    q = np.asarray(n_heads) // tp
    kv = np.maximum(np.asarray(n_kv_heads) // tp, 1)
    return (q % cp == 0) & (kv % cp == 0)


def a2a_seconds(tokens, q_dim, kv_dim, out_dim, element_bytes, cp, tp, layers, domain, fast_gbps, network_gbps,
                efficiency):
    """Ulysses all-to-alls of one micro-batch on a rank [s]: per layer and pass, one all-to-all
    each of Q, K, V and O over the ``cp`` ranks (``tokens`` the rank's share of the sequence,
    each tensor's width split over ``tp``, ``element_bytes`` [B] per element), those inside one
    fast domain of ``domain`` cards at ``fast_gbps``, the rest over the network [GB/s]
    (:func:`~configurator.core.formulas.collectives.all_to_all_seconds`), none hidden."""
    per_domain = data_parallel_per_domain(cp, tp, domain)
    calls = sum(all_to_all_seconds(tokens * width / tp * element_bytes, cp, per_domain, fast_gbps, network_gbps,
                                   efficiency) for width in (q_dim, kv_dim, kv_dim, out_dim))
    return A2A_PER_LAYER * layers * calls * (cp > 1)


def ring_window_seconds(attention_s, cp):
    """The attention a context-parallel ring's transfers can hide under [s]: ``A·(cp − 1)/cp`` of
    the rank's attention ``A``, split into ``cp`` equal steps (the load-balanced causal ring: each
    step one block of work). Step ``i`` sends the key/value block step ``i + 1`` needs while it
    computes its own; the last step has nothing left to send, so its block hides nothing
    (``AttnFuncWithCPAndKVP2P.forward``: ``for i in range(cp_size + 1)``, a send posted only
    ``if i < (cp_size - 1)``; ``backward`` likewise; TransformerEngine d0067d0)."""
    return attention_s * (np.asarray(cp) - 1) / np.maximum(cp, 1)


def cp_link_ranks(comm_type, cp, tp, domain):
    """The ranks of one context-parallel transfer inside a fast domain of ``domain`` cards, whose link it
    takes there (:func:`~configurator.core.formulas.communication.group_link_gbps`) [count]: a ring step
    (``p2p``) is a send to the next rank, 2; a gather or an all-to-all reaches every rank of the group
    the domain holds, :func:`~configurator.core.formulas.parallelism.data_parallel_per_domain` of ``cp``
    ranks ``tp`` apart. Array-friendly in ``cp`` and ``tp``."""
    return 2 if comm_type == "p2p" else data_parallel_per_domain(cp, tp, domain)


def cp_comm_seconds(comm_type, tokens, q_dim, kv_dim, kv_heads, out_dim, element_bytes, cp, tp, layers, domain,
                    attention_s, fast_gbps, network_gbps, efficiency, overlap, bandwidth, bandwidth_efficiency):
    """Context parallelism's time for one micro-batch on a rank [s], as ``comm_type`` moves it
    (the module's list); ``kv_dim`` the model's key/value width over its ``kv_heads`` heads, of which
    the ring and the gather move a tensor-parallel rank's share (:func:`rank_kv_width`);
    ``attention_s`` [s] the rank's attention, of which the ring hides under
    :func:`ring_window_seconds`; ``bandwidth`` [B/s] the card's memory
    bandwidth the ring's merges read at ``bandwidth_efficiency``."""
    if comm_type == "a2a":
        return a2a_seconds(tokens, q_dim, kv_dim, out_dim, element_bytes, cp, tp, layers, domain, fast_gbps,
                           network_gbps, efficiency)
    crosses = tp * cp > domain
    rank_kv = rank_kv_width(kv_dim, kv_heads, tp)
    if comm_type == "all_gather":
        return context_parallel_seconds(tokens, rank_kv, element_bytes, cp, layers, crosses, 0.0, fast_gbps,
                                        network_gbps, efficiency, overlap)
    return context_parallel_seconds(tokens, rank_kv, element_bytes, cp, layers, crosses,
                                    ring_window_seconds(attention_s, cp), fast_gbps,
                                    network_gbps, efficiency, overlap) \
        + ring_merge_seconds(tokens, out_dim, q_dim, kv_dim, cp, layers, tp, bandwidth, bandwidth_efficiency)
