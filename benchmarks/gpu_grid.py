"""A prepared grid of H200 measurements where the calibration is thin (issue 27, part 8).

One command on a machine with one H200 measures, in this order (a run cut short keeps the head):

- ``prefill``: a forward pass of Llama 3 8B (all 32 layers, random bf16 weights, torch's
  ``scaled_dot_product_attention``, last-position logits, no KV cache kept) at batch 1/4/16 ×
  prompt 512/2k/8k — the rows ``benchmarks/accuracy.py`` reads as ``prefill`` and ``memory``;
- ``train``: training steps of Llama 3.2 1B (AMP bf16, fused AdamW, loss on fp32 logits, batch 1)
  at sequence 4k/16k/32k with no, selective (torchtitan's per-op policy) and full recomputation,
  ``torch.cuda.max_memory_allocated``/``max_memory_reserved`` — ``memory`` and ``train-throughput``;
- ``memory`` (only with ``--only memory``; the second campaign, 2026-12-04): training steps of
  Llama 3.2 1B and 3B at more sequence lengths (2k–32k) with none/full/selective recomputation, a
  few under PyTorch's expandable segments, each row with the allocated memory after the forward
  and after the loss besides the peaks — how the caching allocator's reserve grows with the size
  of the largest tensors, and a model the calibration did not see;
- ``lora`` (only with ``--only lora``, 2026-12-04): LoRA training steps (rank 16 on every block linear,
  fp32 adapters over a frozen bf16 base, bf16 autocast, fused AdamW on the adapters) of the 1B, 3B and
  Llama 3 8B shapes at 2k–16k tokens with and without full recomputation, and rank 64 once;
- ``reserve`` (only with ``--only reserve``, 2026-12-04): the allocator's reserve at a fixed 16k tokens
  split into 1–16 sequences, with and without full recomputation, on the 1B and 3B shapes — whether
  the reserve with recomputation grows with the batch (one sequence reserved 8–18 % over its peak in
  the memory campaign, batches of 4–8 21–26 %);
- ``decode`` (only with ``--only decode``, 2026-12-04): one new token per sequence over a full static
  KV cache (bf16, random), the whole step captured in a CUDA graph, Llama 3 8B at batch 1–128 ×
  context 512–8k and the 1B and 3B shapes — the rows ``benchmarks/accuracy.py`` reads as ``decode``
  (the first campaign measured the 8B at one context, 2,048, only);
- ``gemm``: ``y = x·Wᵀ`` in FP8 (e4m3, per-tensor scales, ``torch._scaled_mm``) then bf16 over
  m = 1…16,384 tokens and the (n, k) of every projection of Llama 3 8B and 70B at TP 1, 8 and 2,
  each weight set rotated over ≥ 4× the L2 so small products read their weights from HBM, the
  repetitions replayed from one CUDA graph so decode-sized products are not launch-bound;
- ``nearlimit`` (only with ``--only nearlimit``, prepared 2026-12-05): training steps of the 1B and 3B shapes at
  batch 2–8 whose predicted peak is 85–100 % of the device's memory, without and with full recomputation;
- ``shortprefill`` (only with ``--only shortprefill``, prepared 2026-12-05): the 8B's prefill at 128/256 tokens ×
  batch 1–16, eager then from one CUDA graph (the host's launch time apart from the GPU's).

Each group opens with an anchor that repeats a row already in ``benchmarks/data/h200-calibration.jsonl``
(run-to-run check). Every case's time is planned as set-up + work / rate per kind
(``gpu_grid_time.TIME_MODEL``, fitted to the logged runs by ``gpu_grid_fit.py``); ``--budget-s`` drops cases
from the tail of the dry run's plan,
and a run, which gets every case of the kinds asked for in the order ``--only`` names them, skips on the
clock a case whose estimate no longer fits what is left of the budget. Every row is written (and flushed to
disk) as soon as it is measured, with its provenance. Check and append the rows with
``tools/import_gpu_grid.py``; ``benchmarks/data/README.md`` gives the exact command for a GPU session.

This module imports nothing outside the standard library at import time (the machine with the GPU
has no pydantic); the model shapes and the work of each case live in ``gpu_grid_work.py``, the time each is
planned to take in ``gpu_grid_time.py``, the measurements in ``gpu_grid_torch.py``, which import torch when
they run.

Usage: ``python3 benchmarks/gpu_grid.py [--dry-run] [--budget-s S] [--out FILE] [--git HASH] [--only KIND]
[--card-bytes B]``
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from gpu_grid_time import SWITCH_S, estimate, switches
from gpu_grid_work import SHAPES, gemm_bytes, kv_cache_bytes, weight_bytes

ROOT = Path(__file__).resolve().parents[1]
CALIBRATION = ROOT / "benchmarks" / "data" / "h200-calibration.jsonl"
CATALOG_FILE = ROOT / "catalog.json"
CARD_ID = "h200-sxm"

BUDGET_S = 420.0
"""Default budget of a run [s]: 7 minutes, inside the 8 the issue allows and the device tool's
10-minute command limit, with the start-up (:data:`STARTUP_S`) counted in."""

STARTUP_S = 20.0
"""Planned time to import torch, make the CUDA context and probe the attention path [s]."""

GEMM_M = (1, 4, 16, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384)
"""Tokens per product [count]: a decode step of one sequence up to a 16k-token prefill chunk, denser
around the fitted half-efficiency rows (``m½`` = 73 and 75 on Hopper: ``formulas/gemm_efficiency.py``)."""
FP8_MIN_M = 16
"""``torch._scaled_mm`` wants both sides of each operand in multiples of 16 [count]."""
GEMM_TP = (1, 8, 2)
PREFILL = {"model": "llama3-8b", "batch": (1, 4, 16), "prompt": (512, 2048, 8192)}
TRAIN = {"model": "llama3.2-1b", "batch": 1, "seq": (4096, 16384, 32768), "recompute": ("none", "selective", "full")}
MEMORY = (
    [("llama3.2-1b", 1, 16384, "none", "default")]  # the anchor: the first run's row, run to run
    + [("llama3.2-1b", 1, s, r, "default") for s in (8192, 12288, 20480, 24576, 28672) for r in ("none", "full")]
    + [("llama3.2-1b", 1, s, "selective", "default") for s in (8192, 24576)]
    + [("llama3.2-1b", 4, 4096, r, "default") for r in ("none", "full")]
    + [("llama3.2-1b", 1, s, r, "expandable") for s, r in ((16384, "none"), (16384, "full"), (32768, "full"),
                                                           (32768, "none"))]
    + [("llama3.2-3b", 1, s, "none", "default") for s in (2048, 4096, 8192, 12288)]
    + [("llama3.2-3b", 1, s, "full", "default") for s in (4096, 8192, 16384, 32768)]
    + [("llama3.2-3b", 1, 8192, "selective", "default"), ("llama3.2-3b", 1, 8192, "none", "expandable"),
       ("llama3.2-3b", 1, 16384, "none", "default")])
"""The second campaign's cases (model, batch, sequence, recomputation, allocator): where the grid's
first run left the memory model unsure — the allocator's reserve between 4k and 32k tokens with and
without recomputation (``expandable`` = ``expandable_segments:True``, which maps one virtual segment
and so cannot fragment it), batch 4 against one sequence of the same tokens, and the 3B shape."""
LORA = (
    [("llama3.2-1b", 1, s, r, 16) for s in (2048, 8192) for r in ("none", "full")]
    + [("llama3.2-3b", 1, s, r, 16) for s in (2048, 8192) for r in ("none", "full")]
    + [("llama3.2-3b", 1, 4096, "none", 64), ("llama3.2-3b", 4, 2048, "none", 16)]
    + [("llama3-8b", 1, s, "none", 16) for s in (2048, 8192, 12288)]
    + [("llama3-8b", 1, s, "full", 16) for s in (8192, 16384)])
"""The LoRA campaign's cases (model, batch, sequence, recomputation, rank): the adapters' states are
small, so the frozen base and the activations set the peak — where the estimator has no H200 row yet."""
RESERVE = ([("llama3.2-1b", b, 16384 // b, r, "default") for r in ("full", "none") for b in (1, 2, 4, 8, 16)]
           + [("llama3.2-3b", b, 8192 // b, "full", "default") for b in (1, 2, 4, 8)])
"""The reserve campaign's cases (as :data:`MEMORY`'s): the same tokens per step in more, shorter sequences."""
DECODE = ([("llama3-8b", b, ctx) for ctx in (512, 2048, 8192) for b in (1, 8, 32, 64)]
          + [("llama3-8b", 128, 2048), ("llama3-8b", 16, 32768)]
          + [(m, b, 2048) for m in ("llama3.2-1b", "llama3.2-3b") for b in (1, 32)])
"""The decode campaign's cases (model, sequences, context [tokens]); the 8B at b1 and b32 × 2,048 repeat
the first campaign's two rows (run to run)."""
NEARLIMIT_PEAK: dict[tuple[str, str], tuple[float, float]] = {
    ("llama3.2-1b", "none"): (17.301e9, 3.6710e6), ("llama3.2-1b", "full"): (14.830e9, 1.6701e6),
    ("llama3.2-3b", "none"): (44.978e9, 6.2440e6), ("llama3.2-3b", "full"): (38.553e9, 1.8831e6)}
"""The estimator's peak allocated memory of an AMP bf16 AdamW training step, (fixed [B], per token [B]):
peak = fixed + per token · b·s, linear in the tokens and the same on every card (under ~7k tokens the
3B's estimate has a floor of 51.4 GB; every near-limit case is above it)
(``configurator.core.estimate``: ``memory.total − memory.overhead``, as ``h200_rig_rows`` predicts a
row's peak; copied because the device has no pydantic, ``tests/test_gpu_grid.py`` checks the copy)."""
NEARLIMIT_TARGETS = (0.97, 0.94, 1.00, 0.90, 0.85)
"""Predicted peak ÷ the card's memory the near-limit campaign aims at [1], most telling first: the rows
that decide whether "fits at peak" (the allocator gives its cache back and retries before it fails,
``notes-allocator-fit-2026-12-05.md``) holds past batch 1."""
NEARLIMIT_BATCH = (4, 2, 8)
NEARLIMIT_SEQ_STEP = 16
"""Sequences of the near-limit campaign are whole multiples of this [tokens]."""
CARD_BYTES = 150_109_880_320
"""The card memory the dry run plans for when none is given [B]: an H200's 139.8 GiB as torch reports it
(``total_mem`` of the H200 grid's device rows); a run reads the device's own (:func:`device_bytes`)."""
H100_BYTES = 85_017_493_504
"""An H100 SXM's 79.18 GiB as torch reports it (the H100 grid's device row) [B]: ``--card h100``."""
SHORT_PREFILL = {"model": "llama3-8b", "batch": (1, 2, 4, 8, 16), "prompt": (128, 256)}
"""The short-prompt campaign (``--only shortprefill``): each (batch, prompt) eager then replayed from one
CUDA graph, so the host's per-layer launch time (eager minus graph) parts from the GPU's (the H100 rig
did b1 × 512 in 19.5 ms, the H200 rig 32.3 ms, with the same 32.8 ms estimated)."""
DECODE_TIMED_S = 0.05
"""Least time the replays of one decode case are timed over [s]: replays = max(10, 0.05 s / step), at most 200."""
LORA_ALPHA = 2.0
"""The adapters' scale ``α/r`` [1]: any value; it changes no shape or byte."""
L2_BYTES = 60e6
"""H200 L2 cache [B] (50 MB on the H100 die, 60 MB as PyTorch reports it on the H200: KINDS.md)."""

KINDS = ("prefill", "train", "gemm", "memory", "lora", "decode", "reserve", "nearlimit", "shortprefill")
"""Every kind of case the grid knows (the default run measures the first three)."""
PLAN_SHARE = {"gemm": 0.85}
"""Share of the measured FP8/bf16 matmul ceiling a GEMM's repetitions are counted at [1]: it sets how many
repetitions fill :data:`GEMM_TIMED_S` (the measuring protocol, unchanged since the first run), not the plan."""
GEMM_TIMED_S = 0.02
"""Least time one GEMM case is timed over [s]: repetitions = max(10, 0.02 s / product), at most 200."""


@dataclass(frozen=True)
class Case:
    """One planned measurement: its ``kind`` (``gemm``, ``prefill``, ``train``), its parameters and its
    estimated time [s], set-up included."""

    kind: str
    params: dict = field(hash=False)
    seconds: float

    def label(self) -> str:
        return f"{self.kind} " + " ".join(f"{k}={v}" for k, v in self.params.items())


def ceilings(path: Path = CALIBRATION) -> dict[str, float]:
    """Measured ceilings of the calibration file: FLOP/s per matmul dtype and copy bytes/s."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        if r["case"] == "matmul" and "TFLOPS" in r:
            out[r["dtype"]] = r["TFLOPS"] * 1e12
        elif r["case"] == "copy_bw":
            out["copy"] = r["GBps"] * 1e9
    return out


# ---- the grid --------------------------------------------------------------------------------


def projections(model: str, tp: int) -> list[tuple[str, int, int]]:
    """(name, n, k) of a layer's products on one of ``tp`` cards: q·k·v and gate·up fused and split by
    columns, o and down split by rows (Megatron-LM's tensor parallelism, Shoeybi et al. 2019 §3)."""
    s = SHAPES[model]
    h, q, kv = s["hidden"], s["n_heads"] * s["head_dim"], s["n_kv_heads"] * s["head_dim"]
    return [("qkv", (q + 2 * kv) // tp, h), ("o", h, q // tp), ("gate_up", 2 * s["ffn"] // tp, h),
            ("down", h, s["ffn"] // tp)]


def gemm_cases(ceiling: dict[str, float]) -> list[Case]:
    """FP8 then bf16 products: the 8192³ anchor, then every projection by TP (1, 8, 2) and m."""
    out = []
    for dtype in ("fp8_e4m3", "bf16"):
        shapes, seen = [("anchor", 8192, 8192, 8192)], set()
        for tp in GEMM_TP:
            for model in ("llama3-8b", "llama3-70b"):
                for name, n, k in projections(model, tp):
                    if (n, k) not in seen:
                        seen.add((n, k))
                        shapes += [(f"{model} tp{tp} {name}", m, n, k) for m in GEMM_M
                                   if dtype == "bf16" or m >= FP8_MIN_M]
        for layer, m, n, k in shapes:
            element = 1.0 if dtype.startswith("fp8") else 2.0
            one = max(2.0 * m * n * k / (ceiling[dtype] * PLAN_SHARE["gemm"]), gemm_bytes(m, n, k, element) /
                      ceiling["copy"]) + 5e-6
            p = {"dtype": dtype, "m": m, "n": n, "k": k, "layer": layer, "reps": gemm_repeats(one),
                 "copies": weight_copies(n, k, element)}
            out.append(Case("gemm", p, estimate("gemm", p, ceiling)))
    return out


def gemm_repeats(one_s: float) -> int:
    """Timed repetitions of a product that takes ``one_s`` [count] (:data:`GEMM_TIMED_S`)."""
    return int(min(200, max(10, math.ceil(GEMM_TIMED_S / one_s))))


def weight_copies(n: int, k: int, element_bytes: float) -> int:
    """Copies of ``W`` rotated through so one pass over them spans 4× the L2 [count], at most 64."""
    return int(min(64, max(1, math.ceil(4 * L2_BYTES / (n * k * element_bytes)))))


def prefill_cases(ceiling: dict[str, float]) -> list[Case]:
    """The anchor (b1 s2048, as the calibration row) first, then batch > 1, then the rest."""
    model, shape = PREFILL["model"], SHAPES[PREFILL["model"]]
    grid = [(b, s) for b in PREFILL["batch"] for s in PREFILL["prompt"]]
    grid.sort(key=lambda bs: (bs != (1, 2048), bs[0] == 1, bs))
    params = [{"model": model, "b": b, "s": s} for b, s in grid]
    return [Case("prefill", p, estimate("prefill", p, ceiling)) for p in params]


def train_cases(ceiling: dict[str, float]) -> list[Case]:
    """The anchors (b4 s2048 without and with full recomputation, as the calibration rows), then the
    grid of sequence × recomputation, longest sequence last."""
    model, shape = TRAIN["model"], SHAPES[TRAIN["model"]]
    grid = [(4, 2048, "none"), (4, 2048, "full")]
    grid += [(TRAIN["batch"], s, r) for s in TRAIN["seq"] for r in TRAIN["recompute"]]
    params = [{"model": model, "b": b, "s": s, "recompute": r} for b, s, r in grid]
    return [Case("train", p, estimate("train", p, ceiling)) for p in params]


def memory_cases(ceiling: dict[str, float], kind: str = "memory", grid: tuple = MEMORY) -> list[Case]:
    """The second campaign (:data:`MEMORY`), or the reserve campaign (``kind`` 'reserve', :data:`RESERVE`),
    in its order."""
    params = [{"model": m, "b": b, "s": s, "recompute": r, "alloc": alloc} for m, b, s, r, alloc in grid]
    return [Case(kind, p, estimate(kind, p, ceiling)) for p in params]


def decode_repeats(one_s: float) -> int:
    """Timed replays of a decode step of ``one_s`` [count] (:data:`DECODE_TIMED_S`)."""
    return int(min(200, max(10, math.ceil(DECODE_TIMED_S / one_s))))


def decode_cases(ceiling: dict[str, float]) -> list[Case]:
    """The decode campaign (:data:`DECODE`): each step planned at the copy ceiling's half."""
    out = []
    for m, b, ctx in DECODE:
        one = (weight_bytes(SHAPES[m]) + kv_cache_bytes(SHAPES[m], b, ctx)) / (0.5 * ceiling["copy"])
        p = {"model": m, "b": b, "ctx": ctx, "reps": decode_repeats(one)}
        out.append(Case("decode", p, estimate("decode", p, ceiling)))
    return out


def lora_cases(ceiling: dict[str, float]) -> list[Case]:
    """The LoRA campaign (:data:`LORA`), in its order."""
    params = [{"model": m, "b": b, "s": s, "recompute": r, "lora": rank} for m, b, s, r, rank in LORA]
    return [Case("lora", p, estimate("lora", p, ceiling)) for p in params]


def nearlimit_seq(model: str, recompute: str, batch: int, target: float, card_bytes: float) -> int:
    """Sequence [tokens] whose predicted peak (:data:`NEARLIMIT_PEAK`) is ``target`` of ``card_bytes`` [B] at
    ``batch`` sequences, rounded down to :data:`NEARLIMIT_SEQ_STEP`; 0 where the fixed part alone is over."""
    fixed, per_token = NEARLIMIT_PEAK[(model, recompute)]
    tokens = (target * card_bytes - fixed) / per_token
    return max(0, int(tokens / batch) // NEARLIMIT_SEQ_STEP * NEARLIMIT_SEQ_STEP)


def nearlimit_cases(ceiling: dict[str, float], card_bytes: float = CARD_BYTES) -> list[Case]:
    """The near-limit campaign: training steps of the 1B and 3B shapes at batch 4, 2, 8 whose predicted peak
    is each of :data:`NEARLIMIT_TARGETS` of the card, without and with full recomputation; each row keeps
    its ``target`` and ``predicted_peak`` [B] besides the measured peak, reserve, or the failure."""
    out = []
    for target in NEARLIMIT_TARGETS:
        for model in ("llama3.2-1b", "llama3.2-3b"):
            for r in ("none", "full"):
                for b in NEARLIMIT_BATCH:
                    s = nearlimit_seq(model, r, b, target, card_bytes)
                    if s < NEARLIMIT_SEQ_STEP:
                        continue
                    fixed, per_token = NEARLIMIT_PEAK[(model, r)]
                    p = {"model": model, "b": b, "s": s, "recompute": r, "alloc": "default", "target": target,
                         "predicted_peak": round(fixed + per_token * b * s)}
                    out.append(Case("nearlimit", p, estimate("nearlimit", p, ceiling)))
    return out


def short_prefill_cases(ceiling: dict[str, float]) -> list[Case]:
    """The short-prompt campaign (:data:`SHORT_PREFILL`): batch 1 first, each shape eager then graphed."""
    params = [{"model": SHORT_PREFILL["model"], "b": b, "s": s, "graph": g} for b in SHORT_PREFILL["batch"]
              for s in SHORT_PREFILL["prompt"] for g in (False, True)]
    return [Case("shortprefill", p, estimate("shortprefill", p, ceiling)) for p in params]


def plan(budget_s: float = BUDGET_S, calibration: Path = CALIBRATION, kinds=("prefill", "train", "gemm"),
         card_bytes: float = CARD_BYTES) -> list[Case]:
    """The cases of ``kinds`` that fit ``budget_s`` [s] with :data:`STARTUP_S`, in measuring order: the
    kinds in the order given (``--only`` as typed; by default prefill, training, FP8 then bf16 GEMMs), each
    campaign in its own order, :data:`SWITCH_S` added where the kind or model changes. Cases are dropped
    from the tail until the sum fits (the dry run's view; a run keeps the budget on the clock)."""
    c = ceilings(calibration)
    groups = {"prefill": lambda: prefill_cases(c), "train": lambda: train_cases(c), "gemm": lambda: gemm_cases(c),
              "memory": lambda: memory_cases(c), "lora": lambda: lora_cases(c), "decode": lambda: decode_cases(c),
              "reserve": lambda: memory_cases(c, "reserve", RESERVE),
              "nearlimit": lambda: nearlimit_cases(c, card_bytes), "shortprefill": lambda: short_prefill_cases(c)}
    cases, before = [], None
    for case in (case for kind in dict.fromkeys(kinds) for case in groups[kind]()):
        if case.kind in kinds:
            extra = SWITCH_S if switches(before, case.kind, case.params) else 0.0
            cases.append(Case(case.kind, case.params, case.seconds + extra))
            before = (case.kind, case.params)
    kept, total = [], STARTUP_S
    for case in cases:
        if total + case.seconds > budget_s:
            break
        kept.append(case)
        total += case.seconds
    return kept


def planned_seconds(cases: list[Case]) -> float:
    """Estimated time of a run of ``cases`` [s], start-up included."""
    return STARTUP_S + sum(c.seconds for c in cases)


def print_plan(cases: list[Case], budget_s: float, everything: int) -> None:
    """The dry run's table: each case with its estimate and the running total [s]."""
    total = STARTUP_S
    print(f"{'#':>4}  {'est s':>7}  {'total s':>8}  case")
    print(f"{'':>4}  {STARTUP_S:7.2f}  {total:8.2f}  start-up (torch import, CUDA context, attention probe)")
    for i, case in enumerate(cases, 1):
        total += case.seconds
        print(f"{i:>4}  {case.seconds:7.2f}  {total:8.2f}  {case.label()}")
    kinds = {k: sum(1 for c in cases if c.kind == k) for k in KINDS}
    print(f"{len(cases)} of {everything} cases ({', '.join(f'{n} {k}' for k, n in kinds.items())}) planned in "
          f"{total:.0f} s of a {budget_s:.0f} s budget")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="print the planned cases and their estimates; no torch")
    parser.add_argument("--budget-s", type=float, default=BUDGET_S, help="seconds the run may take [s]")
    parser.add_argument("--out", type=Path, default=None,
                        help="JSONL file the rows are appended to (default $OUT/gpu-grid.jsonl, else ./gpu-grid.jsonl)")
    parser.add_argument("--git", default=None, help="commit of this script when the checkout has no .git")
    parser.add_argument("--only", choices=KINDS, action="append",
                        help="measure only these kinds (repeatable)")
    parser.add_argument("--card-bytes", type=float, default=None,
                        help="card memory the near-limit cases aim at [B] (default: the device's; a dry run: "
                             f"an H200's {CARD_BYTES}; an H100's is {H100_BYTES})")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    kinds = args.only or ("prefill", "train", "gemm")
    if args.dry_run:
        card = args.card_bytes or CARD_BYTES
        print_plan(plan(args.budget_s, kinds=kinds, card_bytes=card), args.budget_s,
                   len(plan(float("inf"), kinds=kinds, card_bytes=card)))
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import gpu_grid_fit  # standard library only

        gpu_grid_fit.print_ratios()
        return 0
    out = args.out or Path(os.environ.get("OUT", ".")) / "gpu-grid.jsonl"
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import gpu_grid_torch  # the device's torch; not importable where there is none

    # every case of the kinds asked for: the budget is kept on the clock as the run goes (a case whose
    # estimate no longer fits what is left is skipped), not on the planned seconds, which ran 3-4x long
    cases = plan(float("inf"), kinds=kinds, card_bytes=args.card_bytes or gpu_grid_torch.card_bytes())
    return gpu_grid_torch.run(cases, out, args.budget_s, args.git, started)


if __name__ == "__main__":
    sys.exit(main())
