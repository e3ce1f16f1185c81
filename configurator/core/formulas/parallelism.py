"""How a training job is split: pipeline bubble, expert-parallel share, ranks per fast domain.

Array-friendly: the planner passes one value per layout.
"""

from __future__ import annotations

import numpy as np


def pipeline_bubble_fraction(pp, micro_batches, virtual_stages=1, round_size=None):
    """Idle pipeline time per unit of ideal compute time: ``(p−1)/(v·m)``, and with rounds of
    fewer micro-batches than stages ``((p−1) + (v−1)·(p−N))/(v·m)``.

    Parameters
    ----------
    pp : int or array
        Pipeline stages ``p`` [count].
    micro_batches : int or array
        Micro-batches per step and pipeline ``m`` [count].
    virtual_stages : int or array
        Model chunks per stage ``v`` (interleaved 1F1B; 1 = plain 1F1B or GPipe) [count].
    round_size : int or array or None
        Micro-batches ``N`` a stage runs through one model chunk before the next
        (:func:`interleaved_round_size`); None = ``p``, Megatron-LM's [count].

    Returns
    -------
    float or array
        ``t_pb / t_id`` (dimensionless); the share of the whole step is ``b/(1+b)``
        (:func:`bubble_share_of_step`). With ``N < p`` each of a round's ``v − 1`` hand-overs to the
        next chunk waits ``p − N`` micro-batch slots for the micro-batch to come round the
        pipeline (exact for the schedule's op order; checked against an event simulation in
        tests/test_pipeline_schedule.py).

    References
    ----------
    Narayanan et al. 2021, "Efficient Large-Scale Language Model Training on GPU Clusters Using
    Megatron-LM", SC'21: §2.2.1 bubble time fraction ``(p−1)/m``; §2.2.2 interleaved schedule
    ``(1/v)·(p−1)/m``. Dubey et al. 2024, "The Llama 3 Herd of Models", §3.3.2: with ``N`` tunable
    "overall pipeline bubble ratio is (PP−1)/(V·M)".
    """
    n = pp if round_size is None else round_size
    return ((pp - 1) + (virtual_stages - 1) * np.maximum(pp - n, 0)) / (virtual_stages * micro_batches)


def interleaved_round_size(pp, micro_batches, flexible):
    """Micro-batches ``N`` a stage runs through one model chunk before moving to the next under the
    interleaved schedule [count].

    Parameters
    ----------
    pp : int or array
        Pipeline stages ``p`` [count].
    micro_batches : int or array
        Micro-batches per step and pipeline ``m`` [count].
    flexible : bool or array
        Llama 3's flexible schedule (``N`` tunable) instead of Megatron-LM's depth-first one.

    Returns
    -------
    int or array
        Megatron-LM: ``p`` (depth-first, "requires N = PP"; ``m`` a multiple of ``p``). Flexible:
        ``m / r`` with ``r = max(1, ⌊m/p⌋)`` rounds, so ``p ≤ N < 2p`` when ``m ≥ p`` and ``N = m``
        below (``m`` a multiple of ``r``) — Figure 6's ``N = 5`` for ``M = 10``, ``PP = 4``.

    References
    ----------
    Dubey et al. 2024, "The Llama 3 Herd of Models", §3.3.2 and Figure 6 ("N is the number of
    continuous micro-batches for the same stage's forward or backward. Our key insight is to make N
    tunable"); PyTorch ``torch/distributed/pipelining/schedules.py`` ``ScheduleInterleaved1F1B``
    (torchtitan's ``Interleaved1F1B``): ``number_of_rounds = max(1, n_microbatches //
    pp_group_size)``, ``microbatches_per_round = n_microbatches // number_of_rounds``; Megatron-LM
    ``microbatch_group_size_per_vp_stage`` (default ``pipeline_model_parallel_size``).
    """
    if flexible is False:  # Megatron-LM's everywhere (a speed path: the same as below)
        return pp
    rounds = np.maximum(1, micro_batches // pp)
    return np.where(flexible, micro_batches // rounds, pp)


def micro_batches_in_flight(pp, micro_batches, virtual_stages=1, rank=0, round_size=None, stage_layers=0):
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
    round_size : int or array or None
        Micro-batches ``N`` per chunk and round (:func:`interleaved_round_size`); None = ``p``,
        Megatron-LM's [count].
    stage_layers : int or array
        The stage's layers when one of its model chunks holds one layer fewer: the first stage's
        first chunk, the embedding in its place, or the last stage's last chunk, the output head
        and loss in its place (stages balanced with the embedding and head counted as layers,
        :func:`balanced_stage_layers`); 0 = every chunk the same [count].

    Returns
    -------
    float or array
        Plain 1F1B: ``min(p − rank, m)``. Interleaved (``v > 1``): the warm-up forwards plus the
        one in progress, ``K = min(2·(p − rank − 1) + (v − 1)·N + 1, v·m)`` model chunks, over
        ``v``; with ``N = p`` on the first stage ``p·(1 + (p − 1)/(p·v))`` micro-batches, the factor
        Korthikanti et al. give. With a short first chunk (``stage_layers`` = ``L_s``, chunks of
        ``c = (L_s + 1)/v`` layer slots): ``(c·K − K₀)/L_s``, ``K₀`` of the ``K`` forwards being the
        embedding chunk's, ``⌊K/(N·v)⌋·N + min(K mod N·v, N)``. The peak is reached at the end of
        the warm-up: each later forward is paired with a backward that frees as much (checked
        against the schedule's op order in tests/test_pipeline_schedule.py). The last stage with a
        short last chunk (the head's) runs its ``K = (v − 1)·N + 1`` warm-up forwards through full
        chunks and one head chunk; its first ``N`` backwards are the head's and free one layer
        fewer each than the forwards beside them hold, so it peaks one forward into the next round:
        ``(c·K − [m ≤ N])/L_s`` (no next round when ``m ≤ N``) [count].

    References
    ----------
    Narayanan et al. 2021 §2.2.1 (1F1B: stage ``i`` holds at most ``p − i`` micro-batches);
    Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer Models",
    §4.2.3: "for the interleaved schedule ... the total memory is multiplied by
    ``(1 + (p − 1)/(p·m))``" (``m`` their interleaving stages); Megatron-LM
    ``megatron/core/pipeline_parallel/schedules.py`` ``forward_backward_pipelining_with_interleaving``:
    ``num_warmup_microbatches = (pipeline_parallel_size - pipeline_parallel_rank - 1) * 2 +
    (num_model_chunks - 1) * microbatch_group_size_per_vp_stage``, at most ``total_num_microbatches``
    (micro-batches × chunks); PyTorch ``ScheduleInterleaved1F1B`` ``_get_warmup_ops`` (the same with
    ``microbatches_per_round``); Dubey et al. 2024, "The Llama 3 Herd of Models", §3.3.2 ("the
    first model chunk on the first stage has only the embedding, and the last model chunk on the last
    stage has only output projection and loss calculation"); Megatron-LM
    ``--account-for-embedding-in-pipeline-split`` and ``--account-for-loss-in-pipeline-split`` (the
    embedding and the loss counted as a layer of the first and the last virtual stage).
    """
    n = pp if round_size is None else round_size
    # one stage's integers (the single estimate's): Python's min and conditional, the same
    # numbers as numpy's on the same operands, without numpy's per-call cost (a speed path)
    scalar = all(type(x) is int for x in (pp, micro_batches, virtual_stages, rank, n, stage_layers))
    minimum, maximum, where = (min, max, _where) if scalar else (np.minimum, np.maximum, np.where)
    plain = minimum(pp - rank, micro_batches)
    # no model chunks anywhere: 1F1B's count (a speed path: the same as below)
    if not (virtual_stages > 1 if scalar else np.any(virtual_stages > 1)):
        return plain
    chunks = minimum(2 * (pp - rank - 1) + (virtual_stages - 1) * n + 1, virtual_stages * micro_batches)
    per_round = n * virtual_stages
    embedding_chunks = (chunks // per_round) * n + minimum(chunks % per_round, n)
    slots = (stage_layers + 1) / maximum(virtual_stages, 1)
    short_chunks = where(rank == pp - 1, micro_batches <= n, embedding_chunks)  # layers the short chunks lack
    short = (slots * chunks - short_chunks) / maximum(stage_layers, 1)
    interleaved = where(stage_layers > 0, short, chunks / maximum(virtual_stages, 1))
    return where(virtual_stages > 1, interleaved, plain)


def _where(condition: bool, yes, no):
    """``np.where`` of one element."""
    return yes if condition else no


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


def pipeline_p2p_exposed_seconds(p2p_s, virtual_stages):
    """Pipeline point-to-point time left on the critical path [s]: all of ``p2p_s`` under plain
    1F1B (``v = 1``: blocking, batched send/recv), none under the interleaved schedule (``v > 1``),
    whose sends run on their own stream behind the next model chunk's compute.

    Parameters
    ----------
    p2p_s : float or array
        Pipeline sends of the step before overlap [s].
    virtual_stages : int or array
        Model chunks per stage ``v`` [count].

    Returns
    -------
    float or array
        Exposed sends [s].

    References
    ----------
    Megatron-Core's interleaved schedule with ``overlap_p2p_comm`` (async send/recv, waited on
    only before the chunk that consumes the tensor); NeMo and Megatron-Bridge turn it on whenever
    ``pp > 1`` and ``v > 1`` and use ``batch_p2p_comm`` otherwise (NVIDIA/NeMo
    nemo/lightning/pytorch/callbacks/megatron_comm_overlap.py ``_get_model_comm_overlap_cfgs``).
    """
    return p2p_s * (np.asarray(virtual_stages) <= 1)


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
