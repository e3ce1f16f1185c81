"""The planner rows of the accuracy benchmark (``train-planner``): each published training run
given only its model, cards, sequence and global batch, the layout chosen by the planner, except
what the publication's software fixed (:data:`MEGATRON_2021`, :data:`FSDP_ONLY`), which a team using
it could not have chosen otherwise (issue 27, part 5).

Usage: ``.venv/bin/python benchmarks/accuracy_planner.py`` prints each planner row beside its stated row."""

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


def _layout(s: Scenario) -> str:
    p, t = s.parallelism, s.training
    return (f"tp {p.tp} pp {p.pp} v {p.virtual_stages} cp {p.cp} ep {p.ep} zero {p.zero} {t.recompute.value} "
            f"mb {t.micro_batch} × {t.grad_accum}")


def print_planner_rows() -> None:
    """Each planner row beside its stated row: the published value, the stated and the planner's
    layouts, each predicted value and error, and each layout's memory per card against the card's
    capacity [GiB]."""
    import accuracy  # the rows are built there; imported here to keep the import one-way

    from accuracy_base import CATALOG
    from configurator.core.estimate import estimate

    pairs: dict[str, dict] = {}
    for r in accuracy.published_rows(accuracy.DATA / "published-calibration.json"):
        if r.kind in ("train-throughput", PLANNER_KIND):
            pairs.setdefault(r.row_id, {})[r.kind] = r
    for row_id, rows in pairs.items():
        print(f"{row_id}: published {rows['train-throughput'].measured:.4g} {rows['train-throughput'].quantity}")
        for label, kind in (("stated", "train-throughput"), ("planner", PLANNER_KIND)):
            r = rows[kind]
            memory = estimate(r.scenario, CATALOG.get(r.scenario.card_id)).memory
            print(f"  {label:8} {_layout(r.scenario):52} {r.predicted:10.4g} ({r.error_pct:+6.1f} %)  "
                  f"{memory.total / 2**30:5.1f} of {memory.capacity / 2**30:5.1f} GiB")


if __name__ == "__main__":
    import argparse

    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    print_planner_rows()
