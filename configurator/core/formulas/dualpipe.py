"""DeepSeek-V3's DualPipe: the bidirectional pipeline schedule's bubble, the two stages each rank
holds, and the parameter copies that costs.

DeepSeek-AI 2024, "DeepSeek-V3 Technical Report" (arXiv 2412.19437), §3.2.1 and Table 2; the
schedule's code and table: deepseek-ai/DualPipe, commit 3da1bbea53606543d7f5f232338fc58096db30e3
(README "Pipeline Bubbles and Memory Usage Comparison"; ``dualpipe/dualpipe.py``;
``examples/example_dualpipe.py``). Array-friendly: the planner passes one value per layout.
"""

from __future__ import annotations

import numpy as np

from configurator.core.formulas.parallelism import balanced_stage_layers, pipeline_bubble_fraction

DUALPIPE = "dualpipe"
"""The pipeline algorithm's name for DualPipe (``Training.pipeline_algorithm``); ``1f1b`` is
every other schedule (plain or interleaved 1F1B, :mod:`configurator.core.pipeline_schedule`)."""

FORWARD_SHARE = 2.0 / 6.0
"""``F/(F + B)``: a forward chunk's share of one micro-batch's forward and backward [-]. The
products take ``2`` FLOPs per parameter and token forward and ``4`` backward, ``2`` for the
input gradient and ``2`` for the weight gradient (Narayanan et al. 2021, SC'21, §3.3.1;
:func:`~configurator.core.formulas.flops.flops_per_param`). Recomputation in ``B`` is left out:
DeepSeek-V3 recomputes about 9 % of the products (``layer_activations.recomputed_matmul_share``), which
would make :func:`idle_chunk_share` 0.705 instead of 0.667, 0.2 % of its step."""

WEIGHT_SHARE = 2.0 / 6.0
"""``W/(F + B)``: the "backward for weights" chunk's share [-], the weight gradient's ``2`` of
the ``6`` FLOPs per parameter and token (the split zero-bubble schedules make: Qi et al. 2024,
"Zero Bubble Pipeline Parallelism", ICLR, §2)."""


def idle_chunk_share(forward_share=FORWARD_SHARE, weight_share=WEIGHT_SHARE):
    """``(F&B + B − 3W)/(F + B)``: the idle time of one of DualPipe's ``PP/2 − 1`` bubble slots,
    per micro-batch of work [-].

    ``F&B``, a forward and a backward chunk run overlapped, is taken as ``F + B``: the overlap hides
    the chunks' communication (the expert all-to-all and the pipeline sends, "both all-to-all and PP
    communication can be fully hidden", §3.2.1), not their computation, whose products share the
    card's SMs; the estimate already charges the hidden all-to-all's SMs to the compute
    (:func:`~configurator.core.formulas.moe.overlapped_expert_compute_seconds`). So
    ``(F + B) + B − 3W = 2 − f_F − 3·f_W`` of ``F + B``: ``2/3`` at ``F : B : W = 1 : 2 : 1``.
    """
    return 2.0 - forward_share - 3.0 * weight_share


def dualpipe_bubble_fraction(pp, micro_batches):
    """Idle pipeline time per unit of ideal compute time under DualPipe [-]:
    ``(PP/2 − 1)·(F&B + B − 3W) / (m·(F + B))`` (Table 2), against 1F1B's ``(PP − 1)/m``
    (:func:`~configurator.core.formulas.parallelism.pipeline_bubble_fraction`).

    Each rank runs every one of the step's ``m`` micro-batches through one stage (half of them
    through its own, half, fed from the other end, through its mirror: :func:`mirror_rank`), so its
    work is ``m·(F + B)`` as under 1F1B and the bubble's share is over the same work. DeepSeek-V3 at
    ``PP = 16``, ``m = 120``: ``7 × 2/3 / 120 = 0.039``, against 1F1B's ``15/120 = 0.125``.

    Parameters
    ----------
    pp : int or array
        Pipeline stages ``PP``, even (the code asserts ``num_ranks % 2 == 0``) [count].
    micro_batches : int or array
        Micro-batches per step and pipeline ``m`` [count]; the code asks for ``m ≥ 2·PP`` and even
        (``num_chunks >= num_ranks * 2``), which the formula does not.
    """
    return (pp / 2.0 - 1.0) * idle_chunk_share() / micro_batches


def runs_dualpipe(algorithm: str, pp):
    """Whether a layout of ``pp`` stages runs DualPipe under the scenario's pipeline algorithm
    (bool, or an array of them): only an even number of stages has the two directions' ranks
    mirror each other (``assert num_ranks % 2 == 0``); an odd one runs as 1F1B."""
    if algorithm != DUALPIPE:
        return False if np.isscalar(pp) else np.zeros(np.shape(pp), dtype=bool)
    even = (np.asarray(pp) % 2 == 0) & (np.asarray(pp) >= 2)
    return bool(even) if np.isscalar(pp) else even


def schedule_bubble_fraction(algorithm: str, pp, micro_batches, virtual_stages=1, round_size=None):
    """The pipeline's bubble [-]: :func:`dualpipe_bubble_fraction` where :func:`runs_dualpipe`,
    else 1F1B's (plain or interleaved; DualPipe has no model chunks, so its ``v`` is not read)."""
    plain = pipeline_bubble_fraction(pp, micro_batches, virtual_stages, round_size)
    if algorithm != DUALPIPE:
        return plain
    return np.where(runs_dualpipe(algorithm, pp), dualpipe_bubble_fraction(pp, micro_batches), plain)


PARAMETER_COPIES = 2
"""Stages a DualPipe rank holds [count]: "Parameter per device 2×" (Table 2; "DualPipe requires
keeping two copies of the model parameters", §3.2.1). ``examples/example_dualpipe.py`` builds each
rank from ``full_modules[rank]`` and ``full_modules[pp_size - 1 - rank]`` and adds the two copies'
gradients together (:func:`mirror_rank`)."""


def mirror_rank(rank, pp):
    """The other stage a DualPipe rank holds: stage ``PP − 1 − rank`` [index]. Rank 0 holds the
    first stage, with the embedding, and the last, with the output head, as DeepSeek-V3 places them
    "on the same PP rank" so that the multi-token prediction module shares them (§3.2.3)."""
    return pp - 1 - rank


def dualpipe_in_flight(pp, micro_batches, rank):
    """Micro-batches whose activations DualPipe rank ``rank`` holds at its peak, on its own stage and
    on the mirror stage (:func:`mirror_rank`), in units of each stage's whole micro-batch [count]:
    ``(min(p − r, m/2), min(r + 1, m/2))``, ``p + 1`` together on every rank (Table 2's "Activation
    PP+1", against 1F1B's ``PP`` on the first rank).

    Why: each direction carries half the step's ``m`` micro-batches (``dualpipe.py`` ``step`` scatters
    the inputs into ``num_chunks // 2``). Rank ``r`` is the ``r``-th stage of the forward direction
    (its own stage) and the ``(p − 1 − r)``-th of the reverse one (the mirror stage). Counting the
    schedule's chunks (deepseek-ai/DualPipe ``dualpipe/dualpipe.py`` ``DualPipe.step``, with ``h =
    min(r, p − 1 − r)``): steps 1 and 2 run ``2·(p/2 − h − 1) + h + 1`` forwards of the first phase
    and ``h + 1`` of the second, step 3 pairs each further forward with a backward, and the main
    step's first forward comes before its backward: ``p − h`` and ``h + 1`` held at once, which for
    either half of the ranks is ``p − r`` of the own stage and ``r + 1`` of the mirror. ``step``
    asserts ``m ≥ 2p``, where the caps at ``m/2`` never bind; they keep a short step's count within
    its micro-batches.

    Parameters
    ----------
    pp : int or array
        Pipeline stages ``p`` [count], even.
    micro_batches : int or array
        Micro-batches per step ``m``, both directions together [count].
    rank : int or array
        The rank ``r``, 0 for the first [index].
    """
    half = micro_batches / 2.0
    return np.minimum(pp - rank, half), np.minimum(rank + 1, half)


def paired_stage_work(first, middle, last, pp):
    """Work per micro-batch of DualPipe's fullest rank, in the units of its arguments (parameters
    in products, seconds): a rank runs half the micro-batches through each of its two stages, so
    its work is the mean of the two: the larger of a middle pair's ``middle`` and the end ranks'
    ``(first + last)/2`` (two stages: every rank holds the first and the last).

    Parameters
    ----------
    first, middle, last : float or array
        Work of the first stage, of the fullest middle stage and of the last stage per micro-batch.
    pp : int or array
        Pipeline stages [count], even.
    """
    ends = (first + last) / 2.0
    return np.where(pp > 2, np.maximum(middle, ends), ends)


def dualpipe_stage_layers(n_layers: int, pp: int) -> tuple[int, int, int]:
    """Layers on the first, the fullest and the last of ``pp`` DualPipe stages [count]: every stage
    but the last ``⌈L/p⌉``, the last the rest (DeepSeek-V3's 61 layers on 16 stages: 4 × 15 and 1, its
    head and multi-token prediction module beside that one layer), where the rest is at least one
    layer; else the stages balanced as 1F1B balances them
    (:func:`~configurator.core.formulas.parallelism.balanced_stage_layers`).

    References
    ----------
    deepseek-ai/profile-data (commit 4496024), README: the training profile "aligns with DeepSeek-V3
    pretraining settings", "each chunk contains 4 MoE layers"; Megatron-Bridge's DeepSeek-V3
    recipe (commit 355cef4) sets the same uneven split (a last stage of one layer).
    """
    full = -(-n_layers // pp)
    last = n_layers - (pp - 1) * full
    if pp == 1 or last < 1:
        return balanced_stage_layers(n_layers, pp)
    return full, full, last
