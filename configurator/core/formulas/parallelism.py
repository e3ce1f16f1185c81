"""How a training job is split: pipeline bubble, expert-parallel share, ranks per fast domain.

Array-friendly: the planner passes one value per layout.
"""

from __future__ import annotations

import numpy as np


def pipeline_bubble_fraction(pp, micro_batches, virtual_stages=1):
    """Idle pipeline time per unit of ideal compute time: ``(p−1)/(v·m)``.

    Parameters
    ----------
    pp : int or array
        Pipeline stages ``p`` [count].
    micro_batches : int or array
        Micro-batches per step and pipeline ``m`` [count].
    virtual_stages : int or array
        Model chunks per stage ``v`` (interleaved 1F1B; 1 = plain 1F1B or GPipe) [count].

    Returns
    -------
    float or array
        ``t_pb / t_id`` (dimensionless); the share of the whole step is ``b/(1+b)``
        (:func:`bubble_share_of_step`).

    References
    ----------
    Narayanan et al. 2021, "Efficient Large-Scale Language Model Training on GPU Clusters Using
    Megatron-LM", SC'21: §2.2.1 bubble time fraction ``(p−1)/m``; §2.2.2 interleaved schedule
    ``(1/v)·(p−1)/m``.
    """
    return (pp - 1) / (virtual_stages * micro_batches)


def micro_batches_in_flight(pp, micro_batches, virtual_stages=1, rank=0):
    """Micro-batches whose activations pipeline stage ``rank`` holds at its peak, in units of the
    stage's whole micro-batch (a model chunk's is ``1/v`` of it) [count].

    Parameters
    ----------
    pp : int or array
        Pipeline stages ``p`` [count].
    micro_batches : int or array
        Micro-batches per step and pipeline ``m`` [count].
    virtual_stages : int or array
        Model chunks per stage ``v`` [count].
    rank : int
        The stage, 0 for the first [count].

    Returns
    -------
    float or array
        Plain 1F1B: ``min(p − rank, m)``. Interleaved (``v > 1``): the warm-up forwards plus the
        one in progress, ``2·(p − rank − 1) + (v − 1)·p + 1`` model chunks, at most the step's
        ``v·m``, over ``v``; on the first stage ``p·(1 + (p − 1)/(p·v))`` micro-batches, the
        factor Korthikanti et al. give [count].

    References
    ----------
    Narayanan et al. 2021 §2.2.1 (1F1B: stage ``i`` holds at most ``p − i`` micro-batches);
    Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer Models",
    §4.2.3: "for the interleaved schedule ... the total memory is multiplied by
    ``(1 + (p − 1)/(p·m))``" (``m`` their interleaving stages); Megatron-LM
    ``megatron/core/pipeline_parallel/schedules.py`` ``forward_backward_pipelining_with_interleaving``:
    ``num_warmup_microbatches = (pipeline_parallel_size - pipeline_parallel_rank - 1) * 2 +
    (num_model_chunks - 1) * pipeline_parallel_size``, at most ``total_num_microbatches``
    (micro-batches × chunks).
    """
    plain = np.minimum(pp - rank, micro_batches)
    chunks = np.minimum(2 * (pp - rank - 1) + (virtual_stages - 1) * pp + 1, virtual_stages * micro_batches)
    return np.where(virtual_stages > 1, chunks / np.maximum(virtual_stages, 1), plain)


def bubble_share_of_step(bubble):
    """Share of the step the pipeline idles (dimensionless): ``b/(1+b)`` for a bubble ``b`` of
    :func:`pipeline_bubble_fraction` (the step is ``t_id·(1+b)``, Narayanan et al. 2021 §2.2.1)."""
    return bubble / (1 + bubble)


def pipeline_slots(micro_batches, bubble):
    """Micro-batch times one step takes on a stage, bubble included: ``m·(1+b)`` [count]."""
    return micro_batches * (1 + bubble)


def expert_parallel_factor(expert_share, ep):
    """Share of a stage's parameters one card holds under expert parallelism ``ep``: the dense part
    whole, the routed experts ``1/ep``: ``1 − e·(1 − 1/ep)`` for an expert share ``e``
    (Lepikhin et al. 2021, "GShard", §2.2)."""
    return 1.0 - expert_share * (1.0 - 1.0 / ep)


def data_parallel_per_domain(dp, tp, domain):
    """Members of a data-parallel group inside one fast domain of ``domain`` cards [count], with
    Megatron-LM's rank order (tensor parallel innermost, then data parallel, then pipeline stages;
    Narayanan et al. 2021 §3.2): ``max(1, min(dp, domain // tp))``."""
    return np.maximum(1, np.minimum(dp, domain // np.maximum(tp, 1)))


def pipeline_crosses_network(tp, dp, pp, domain):
    """Whether consecutive pipeline stages talk over the network: unless the whole job of
    ``tp × dp × pp`` cards sits in one fast domain, stages ``tp × dp`` ranks apart in
    Megatron-LM's order sit in different domains (Narayanan et al. 2021 §3.2)."""
    return tp * dp * pp > domain


def layers_per_stage(n_layers, pp):
    """Layers on the fullest of ``pp`` pipeline stages: ``ceil(L/p)`` [count]."""
    return -(-n_layers // pp)


def balanced_stage_layers(n_layers, pp):
    """Layers on the first, the fullest and the last of ``pp`` pipeline stages [count].

    The first stage also runs the embedding and the last the output head and loss. When counting
    each of them as one layer does not make the fullest stage longer — ``ceil((L+2)/p)`` layers
    at most what ``ceil(L/p)`` gives — the first and the last stage take one layer fewer than the
    others: Llama 3 405B's 126 layers on 16 stages are 7, 8 × 14, 7 (Dubey et al. 2024, "The Llama 3
    Herd of Models", §3.3.2: "we reduce one Transformer layer each from the first and the last
    stages"; Megatron-LM ``--account-for-embedding-in-pipeline-split`` and
    ``--account-for-loss-in-pipeline-split``; torchtitan ``pipeline_parallel_first_stage_less_layers``).
    Otherwise every stage holds ``ceil(L/p)`` at most, the embedding and head on top. One stage
    holds all ``L``.

    Returns
    -------
    tuple
        ``(first, fullest, last)`` layers [count].
    """
    even = -(-n_layers // pp)
    if pp == 1:
        return n_layers, n_layers, n_layers
    accounted = -(-(n_layers + 2) // pp)
    if accounted <= even:
        return accounted - 1, accounted, accounted - 1
    return even, even, even
