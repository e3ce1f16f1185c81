"""The planner rows of the accuracy benchmark (``train-planner``): each published training run
given only its model, cards, sequence and global batch, the layout chosen by the planner, except
what the publication's software fixed (:data:`MEGATRON_2021`, :data:`FSDP_ONLY`), which a team using
it could not have chosen otherwise (issue 27, part 5).

Usage: ``.venv/bin/python benchmarks/accuracy_planner.py`` prints each planner row beside its stated row;
``--moved OLD NEW`` lists the planner rows whose error moved between two per-row listings of
``benchmarks/accuracy.py`` (e.g. two commits'), each with both layouts and its stated row's move:
a row whose layout stayed moved with the estimate's numbers, not with the planner's choice."""

from __future__ import annotations

import re
from collections.abc import Container, Iterable
from dataclasses import dataclass

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
    import accuracy_published

    from accuracy_base import CATALOG
    from configurator.core.estimate import estimate

    pairs: dict[str, dict] = {}
    for r in accuracy_published.published_rows(accuracy.DATA / "published-calibration.json"):
        if r.kind in ("train-throughput", PLANNER_KIND):
            pairs.setdefault(r.row_id, {})[r.kind] = r
    for row_id, rows in pairs.items():
        print(f"{row_id}: published {rows['train-throughput'].measured:.4g} {rows['train-throughput'].quantity}")
        for label, kind in (("stated", "train-throughput"), ("planner", PLANNER_KIND)):
            r = rows[kind]
            est = estimate(r.scenario, CATALOG.get(r.scenario.card_id))
            memory = est.memory
            verdict = "no layout fits: the lightest" if any(m.id == "no-layout-fits" for m in est.messages) else \
                ("fits" if memory.fits else "does not fit")
            print(f"  {label:8} {_layout(r.scenario):52} {r.predicted:10.4g} ({r.error_pct:+6.1f} %)  "
                  f"{memory.total / 2**30:5.1f} of {memory.capacity / 2**30:5.1f} GiB, {verdict}")


@dataclass(frozen=True)
class ListedRow:
    """One published training row of a per-row listing of ``benchmarks/accuracy.py``: its signed
    error [%] and, for a planner row, the layout its note names (empty otherwise)."""

    row_id: str
    kind: str
    error_pct: float
    layout: str = ""


_ROW = re.compile(r"^published\s+(\S+)\s+(train-throughput|train-planner)\s")
_NUMBER = re.compile(r"^[+-]?\d+(\.\d+)?$")


def listed_rows(lines: Iterable[str]) -> dict[tuple[str, str], ListedRow]:
    """The published training rows (stated and planner) of a per-row listing, by (row, kind): the
    error is the row's last number but the leave-one-source-out one; a planner row's layout is its
    ``planner:`` note on the next line."""
    found: dict[tuple[str, str], ListedRow] = {}
    last: tuple[str, str] | None = None
    for line in lines:
        match = _ROW.match(line)
        if match:
            numbers = [t for t in line.split("<--")[0].split() if _NUMBER.match(t) or t == "n/a"]
            last = (match.group(1), match.group(2))
            found[last] = ListedRow(*last, float(numbers[-2]))
        elif last and last[1] == PLANNER_KIND and line.strip().startswith("planner:"):
            found[last] = ListedRow(*last, found[last].error_pct, line.strip().removeprefix("planner:").strip())
            last = None
    return found


def moved_rows(old: dict[tuple[str, str], ListedRow], new: dict[tuple[str, str], ListedRow],
               threshold_pct: float = 1.0) -> list[str]:
    """The planner rows in both listings whose |error| moved by more than ``threshold_pct`` points,
    one line each: the errors before and after [%], whether the planner's layout changed (both
    named when it did) and the stated row's errors (kept layout: its move is the estimate's)."""
    lines = []
    for key, after in new.items():
        before = old.get(key)
        if key[1] != PLANNER_KIND or before is None:
            continue
        if abs(abs(after.error_pct) - abs(before.error_pct)) <= threshold_pct:
            continue
        stated_old, stated_new = old.get((key[0], "train-throughput")), new.get((key[0], "train-throughput"))
        stated = "" if stated_old is None or stated_new is None else \
            f"; stated {stated_old.error_pct:+.1f} -> {stated_new.error_pct:+.1f} %"
        layout = "layout kept" if before.layout == after.layout else \
            f"layout {before.layout} -> {after.layout}"
        lines.append(f"{key[0]}: {before.error_pct:+.1f} -> {after.error_pct:+.1f} %, {layout}{stated}")
    return lines


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moved", nargs=2, metavar=("OLD", "NEW"),
                        help="two per-row listings of benchmarks/accuracy.py: the planner rows that moved")
    parser.add_argument("--threshold", type=float, default=1.0, help="points of |error| a row must move [%%]")
    args = parser.parse_args()
    if args.moved:
        with open(args.moved[0], encoding="utf-8") as old, open(args.moved[1], encoding="utf-8") as new:
            print("\n".join(moved_rows(listed_rows(old), listed_rows(new), args.threshold)))
    else:
        print_planner_rows()
