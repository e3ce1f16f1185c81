"""The planner rows of the accuracy benchmark (``train-planner``): each published training run
given only its model, cards, sequence and global batch, the layout chosen by the planner, except
what the publication's software fixed (:data:`MEGATRON_2021`, :data:`FSDP_ONLY`), which a team using
it could not have chosen otherwise (issue 27, part 5)."""

from __future__ import annotations

from collections.abc import Container

from configurator.core.scenario import LAYOUT_FIELDS, Scenario, updated

PLANNER_KIND = "train-planner"
"""Rows of the planner mode: the same published runs given only model, card, count, sequence,
tokens and the stated global batch; the planner chooses the layout (issue: one planner)."""


def planned(s: Scenario, kept: Container[str] = ()) -> Scenario:
    """``s`` with its layout left to the planner and its global batch kept; the layout fields in
    ``kept`` (those the publication's software fixed: :data:`MEGATRON_2021`, :data:`FSDP_ONLY`)
    stay as stated."""
    return updated(s, auto_layout=[f for f in LAYOUT_FIELDS if f not in kept],
                   training={"global_batch_tokens": s.global_batch_tokens})


MEGATRON_2021 = ("recompute", "zero")
"""What Narayanan et al. 2021's Megatron-LM fixed for its Table 1, a weak-scaling sweep run with one
configuration at every size ("activation recompute", the row's parallelism field): whole-layer
checkpointing was its only recomputation (``--checkpoint-activations``; selective recomputation is
Korthikanti et al. 2022's), without flash attention (Dao et al. 2022, a year later) a layer keeps its
``5·a·s/h`` attention scores, and it had no optimizer sharding (the paper's §5.2 compares against
DeepSpeed's ZeRO-3 as the other system), so the planner row keeps the stated recomputation and ZeRO
stage. Korthikanti et al. 2022's rows (``tp-korth-*``) run without flash attention too (their eq. 1
keeps the scores; Megatron-LM's ``--use-flash-attn`` came in 2023) and choose the rest freely."""

FSDP_ONLY = ("tp", "pp", "vp", "cp", "ep")
"""What LLM Foundry's benchmark table could vary: its columns (``scripts/train/benchmarking/README.md``:
MP mode, sharding strategy, activation checkpointing, activation CPU offload, micro-batch, accumulation)
are those of Composer's FSDP, with no tensor, pipeline, context or expert degree, so the planner row
keeps those at 1 and chooses ZeRO stage, recomputation and micro-batch."""
