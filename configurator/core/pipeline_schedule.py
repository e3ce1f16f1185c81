"""Which interleaved pipeline schedule a training run uses, and what it sets: the micro-batches a
stage runs through one model chunk before the next, the model chunks a layout may have, and
whether the first chunk gave a layer to the embedding.

Qt-free; read by the scenario's validation, the memory model, the step time and the planner.
"""

from __future__ import annotations

from enum import StrEnum

from configurator.core.formulas.parallelism import balanced_stage_layers, interleaved_round_size


class PipelineSchedule(StrEnum):
    """The interleaved 1F1B schedule's order of micro-batches (it matters only with ``v > 1``).

    ``megatron``: Megatron-LM's depth-first schedule (Narayanan et al. 2021 §2.2.2): each model
    chunk runs ``N = p`` micro-batches before the next; the micro-batches a multiple of ``p``.
    ``flexible``: Llama 3's (Dubey et al. 2024, "The Llama 3 Herd of Models", §3.3.2, Figure 6),
    as PyTorch's ``ScheduleInterleaved1F1B`` runs it (torchtitan ``Interleaved1F1B``): ``N = m/r``
    over ``r = max(1, ⌊m/p⌋)`` rounds, any ``m`` that ``r`` divides, fewer micro-batches than stages
    included (:func:`~configurator.core.formulas.parallelism.interleaved_round_size`).
    """

    MEGATRON = "megatron"
    FLEXIBLE = "flexible"


def round_size(schedule: PipelineSchedule, pp, micro_batches):
    """Micro-batches ``N`` a stage runs through one model chunk before the next [count];
    array-friendly in ``pp`` and ``micro_batches``."""
    return interleaved_round_size(pp, micro_batches, schedule is PipelineSchedule.FLEXIBLE)


def short_first_chunk_layers(n_layers: int, pp: int) -> int:
    """The first stage's layers when its first model chunk gave a layer to the embedding (stages
    balanced with the embedding and the head counted as layers,
    :func:`~configurator.core.formulas.parallelism.balanced_stage_layers`; Megatron-LM
    ``--account-for-embedding-in-pipeline-split``; Llama 3: "the first model chunk on the first
    stage has only the embedding"), else 0 [count]."""
    first, fullest, _ = balanced_stage_layers(n_layers, pp)
    return first if first < fullest else 0


def most_model_chunks(n_layers: int, pp: int) -> int:
    """Model chunks ``p·v`` a layout may split the model into [count]: one layer each, and when the
    stages are balanced with the embedding and head counted as layers, those two chunks besides
    (Llama 3 405B: 126 layers + 2 on 16 stages of 8 chunks; Megatron-LM with
    ``--account-for-embedding-in-pipeline-split --account-for-loss-in-pipeline-split``)."""
    return n_layers + 2 if pp > 1 and short_first_chunk_layers(n_layers, pp) else n_layers
