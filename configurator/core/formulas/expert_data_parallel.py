"""The data-parallel group of a card's routed experts under expert parallelism, and the split of a
card's parameters between it and the dense group.

Under expert parallelism ``ep`` the routed experts are not replicated over all the data-parallel
ranks: each expert lives on ``replicas / ep`` of them, its own data-parallel group, whose ranks sit
``tp × ep`` apart. Every framework synchronises (all-gathers, reduce-scatters) the experts' weights
and gradients over that group, in collectives of their own beside the dense parameters':

- Megatron-LM (NVIDIA/Megatron-LM d98e8a6, 2026-08-22): ``megatron/core/parallel_state.py``
  ``initialize_model_parallel`` builds the expert grid with its own rank generator,
  ``expert_data_parallel_size = world_size // (expert_tensor_parallel_size ×
  expert_model_parallel_size × pipeline_model_parallel_size)``, ``expert_tensor_parallel_size``
  defaulting to ``tensor_model_parallel_size``, its order ``tp-cp-ep-dp-pp`` (the expert grid
  takes ``cp`` = 1): expert tensor ranks innermost, then the expert-parallel ranks, then the
  expert data-parallel ones; ``megatron/core/distributed/distributed_data_parallel.py``
  ``DistributedDataParallel.__init__`` keeps the experts' gradients in ``expert_parallel_buffers``,
  reduced over ``expt_dp_group`` (the distributed optimizer shards them there).
- torchtitan (pytorch/torchtitan b5bcd76, 2026-08-21): ``torchtitan/distributed/parallel_dims.py``
  ``ParallelDims`` unflattens the world into the sparse mesh ``["pp", "dp_replicate", "efsdp",
  "ep"]`` with ``efsdp = dp_shard × cp × tp // ep``, ``ep`` innermost;
  ``torchtitan/distributed/fsdp.py`` ``apply_fsdp``: "When EP > 1: routed experts use edp_mesh,
  other params use dp_mesh" (a ``fully_shard`` of their own, gathered and reduce-scattered every
  micro-batch as the block's).

So the experts' traffic per card is the experts it holds, over ``replicas / ep`` ranks of which
``max(1, domain // (tp × ep))`` share a fast domain: with ``tp × ep`` filling a server, every one
of them is in another server and the whole of it crosses the network (a hierarchical collective
sends ``1/g`` of a buffer over the NIC only when ``g`` ranks of the group share a server,
:func:`~.collectives.reduce_scatter_seconds`). The dense part keeps the whole data-parallel group.
Memory is unchanged by this: the experts' states sharded over ``replicas / ep`` ranks after a
``1/ep`` split are ``1/replicas`` of the stage's, as the dense ones
(:func:`~.states.zero_sharded`).

Every function is array-friendly in every argument.
"""

from __future__ import annotations

import numpy as np

from configurator.core.formulas.parallelism import data_parallel_per_domain, expert_parallel_factor


def expert_data_parallel_ranks(replicas, ep):
    """Data-parallel ranks of one routed expert: ``replicas / ep`` (Megatron-LM
    ``expert_data_parallel_size``, torchtitan ``efsdp``), at least 1 [count]."""
    return np.maximum(1, replicas // np.maximum(ep, 1))


def expert_data_parallel_per_domain(replicas, tp, ep, domain):
    """Members of a routed expert's data-parallel group inside one fast domain of ``domain`` cards:
    its ranks sit ``tp × ep`` apart (expert tensor ranks, then expert-parallel ones, innermost),
    :func:`~.parallelism.data_parallel_per_domain` [count]."""
    return data_parallel_per_domain(expert_data_parallel_ranks(replicas, ep), tp * np.maximum(ep, 1), domain)


def card_expert_params(params, expert_share, ep):
    """The routed experts' part of a card's ``params`` trainable parameters [count]: ``params ×
    (e/ep) / (1 − e·(1 − 1/ep))`` for a stage whose routed experts are a share ``e`` of its
    parameters (:func:`~.parallelism.expert_parallel_factor`); 0 without expert parallelism
    (``ep`` = 1: the experts are replicated as the dense weights and share their group)."""
    ep = np.maximum(ep, 1)
    return np.where(ep > 1, params * (expert_share / ep) / expert_parallel_factor(expert_share, ep), 0.0)


def data_parallel_groups(params, expert_share, ep, replicas, tp, domain):
    """A card's trainable parameters split by the data-parallel group that synchronises them.

    Parameters
    ----------
    params : float or array
        Trainable parameters on the card before ZeRO sharding, routed experts split ``ep`` ways [count].
    expert_share : float or array
        Routed experts' share of the stage's parameters before the split [1].
    ep, replicas, tp : int or array
        Expert-parallel ranks, data-parallel replicas (``dp × cp``) and tensor-parallel ranks [count].
    domain : int
        Cards per fast domain [count].

    Returns
    -------
    tuple
        ``((dense, replicas, per_domain), (experts, expert_ranks, expert_per_domain))``: the dense
        parameters over all the replicas (tensor ranks innermost), the routed experts'
        (:func:`card_expert_params`) over :func:`expert_data_parallel_ranks`
        (:func:`expert_data_parallel_per_domain`) [count].
    """
    experts = card_expert_params(params, expert_share, ep)
    return ((params - experts, replicas, data_parallel_per_domain(replicas, tp, domain)),
            (experts, expert_data_parallel_ranks(replicas, ep), expert_data_parallel_per_domain(replicas, tp, ep,
                                                                                                 domain)))
