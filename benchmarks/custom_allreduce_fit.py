"""The serving engines' own all-reduce kernels by message size, fitted to aiconfigurator's measured tables.

Research for issue 27 (session 45, helper ``tpar45``); **the estimator does not use it**: the rule below,
put in the decode step of vLLM, SGLang and TensorRT-LLM copies inside one NVLink domain, makes every
tensor-parallel decode row of the benchmark faster where they are already right or too fast (figures and the
row-level reading: ``benchmarks/data/notes-tp-allreduce-size-2026-12-06.md``). The estimator charges a
tensor-parallel all-reduce NCCL's ``2·COLLECTIVE_LATENCY_S + 2(n−1)/n·S/B`` (20 µs and the link's bandwidth,
:func:`configurator.core.formulas.collectives.allreduce_seconds`).

The rule: ``t(S) = α + 2(n−1)/n·S/(s·L)`` [s] for ``S`` bytes over ``n`` ranks, ``L`` the card's one-way
NVLink bandwidth in the catalog, ``α`` a fixed time and ``s`` the share of the link the kernel reaches (the
one-shot and two-shot kernels of vLLM ``csrc/custom_all_reduce.cuh`` and TensorRT-LLM
``cpp/tensorrt_llm/kernels/customAllReduceKernels.cu`` read every peer's buffer over NVLink). Least squares on
the relative error (linear in ``α`` and ``1/s``), per table and per engine pooled over the four cards; each card
then left out and predicted from the other three. Rows: ``benchmarks/data/custom-allreduce-2026-12-06.json``
(1 KiB-8 MiB, the sizes vLLM's kernel takes before it hands over to NCCL: ``CustomAllreduce`` ``max_size``
8 MiB, vllm-project/vllm ``vllm/distributed/device_communicators/custom_all_reduce.py``).

Each form apart (session 46, helper ``oneshot46``): below each engine's switch size the one-shot kernel reads
``(n−1)·S`` a rank, at or above it the two-shot a ring's ``2(n−1)/n·S``, each with its own fixed time:
``t = α₁ + (n−1)·S/(s·L)`` and ``t = α₂ + 2(n−1)/n·S/(s·L)`` (:func:`fit_forms`, :data:`SWITCH_BYTES`), fitted
pooled over the engines and cross-validated with each engine left out (``notes-oneshot-allreduce-2026-12-06-b.md``).

Run: ``.venv/bin/python benchmarks/custom_allreduce_fit.py`` (no arguments; a part of the benchmark).
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from configurator.core.catalog import load_catalog  # noqa: E402
from configurator.core.formulas.collectives import COLLECTIVE_LATENCY_S  # noqa: E402
from configurator.core.formulas.efficiency import LINK_EFFICIENCY  # noqa: E402
from configurator.core.units import GB  # noqa: E402

DATA = ROOT / "benchmarks" / "data" / "custom-allreduce-2026-12-06.json"
"""The measured rows, each table with its wheel file and sha256."""

BF16_BYTES = 2
"""Bytes of one element of the tables' messages (``allreduce_dtype`` bfloat16) [B]."""

SMALLEST_BYTES, LARGEST_BYTES = 1024, 8 * 2**20
"""Message sizes fitted [B]: 1 KiB to vLLM's custom all-reduce ``max_size`` (8 MiB)."""


def load_rows(path: Path = DATA) -> dict[str, np.ndarray]:
    """The rows of ``path`` within the fitted sizes, as arrays: table, engine, card, ranks, bytes [B],
    seconds [s] and the card's one-way link [GB/s] (catalog)."""
    data = json.loads(path.read_text())
    cards = {card.id: card for card in load_catalog().cards}
    about = {t["table"]: t for t in data["tables"]}
    kept = [r for r in data["rows"] if SMALLEST_BYTES <= r["elements"] * BF16_BYTES <= LARGEST_BYTES]
    return {
        "table": np.array([r["table"] for r in kept]),
        "engine": np.array([about[r["table"]]["engine"] for r in kept]),
        "card": np.array([about[r["table"]]["card"] for r in kept]),
        "ranks": np.array([r["ranks"] for r in kept], dtype=float),
        "bytes": np.array([r["elements"] * BF16_BYTES for r in kept], dtype=float),
        "seconds": np.array([r["latency_us"] * 1e-6 for r in kept]),
        "link_gbps": np.array([cards[about[r["table"]]["card"]].interconnect.link_gbps_one_way for r in kept]),
    }


def rule_seconds(size_bytes, ranks, link_gbps, fixed_s, share):
    """One all-reduce of ``size_bytes`` [B] over ``ranks`` cards of one NVLink domain [s]:
    ``α + 2(n−1)/n·S/(s·L)``, ``α`` = ``fixed_s`` [s], ``s`` = ``share`` of the one-way link ``L`` =
    ``link_gbps`` [GB/s]. Array-friendly."""
    return fixed_s + 2.0 * (ranks - 1.0) / ranks * size_bytes / (share * link_gbps * GB)


def todays_seconds(size_bytes, ranks, link_gbps):
    """What the estimator charges one all-reduce inside one domain today:
    ``2·COLLECTIVE_LATENCY_S + 2(n−1)/n·S/(L·LINK_EFFICIENCY)`` [s]."""
    return rule_seconds(size_bytes, ranks, link_gbps, 2.0 * COLLECTIVE_LATENCY_S, LINK_EFFICIENCY)


def fit(rows: dict[str, np.ndarray], mask) -> tuple[float, float]:
    """(``α`` [s], ``s``) minimising the sum of squared relative errors over the ``mask`` ed rows: the
    rule is linear in ``α`` and ``1/s``, so one linear least-squares solve."""
    t = rows["seconds"][mask]
    ranks = rows["ranks"][mask]
    wire = 2.0 * (ranks - 1.0) / ranks * rows["bytes"][mask] / (rows["link_gbps"][mask] * GB)
    (fixed, inverse_share), *_ = np.linalg.lstsq(np.column_stack([1.0 / t, wire / t]), np.ones_like(t), rcond=None)
    return float(fixed), float(1.0 / inverse_share)


def errors_pct(rows: dict[str, np.ndarray], mask, fixed_s: float, share: float) -> np.ndarray:
    """|predicted / measured − 1| of the ``mask`` ed rows under the rule [%]."""
    predicted = rule_seconds(rows["bytes"][mask], rows["ranks"][mask], rows["link_gbps"][mask], fixed_s, share)
    return np.abs(predicted / rows["seconds"][mask] - 1.0) * 100.0


SWITCH_BYTES: dict[str, tuple[tuple[int, float], ...]] = {
    "vllm": ((4, 512 * 1024.0), (8, 256 * 1024.0)),
    "sglang": ((4, 512 * 1024.0), (8, 256 * 1024.0)),
    "tensorrt-llm": ((4, 1.0e6), (8, 5.0e5)),
}
"""Each engine's one-shot switch size by rank count, (ranks at most, size [B]); at two ranks every size runs the
one-shot. vllm-project/vllm ``csrc/custom_all_reduce.cuh`` @c9eabec7 ``REDUCE_CASE`` (``world_size_ == 2``: 1-stage;
``<= 4 && bytes < 512 * 1024`` or ``<= 8 && bytes < 256 * 1024``: 1-stage; else 2-stage); SGLang's ``sgl-kernel``
port @0bb5d5e9, the same; NVIDIA/TensorRT-LLM ``allreducePlugin.cpp`` ``selectImplementation`` (AUTO: ONESHOT at
≤ 2 ranks, below 1,000,000 B at ≤ 4, below 500,000 B above; TWOSHOT past it)."""

FORMS_LARGEST_BYTES = 8 * 2**20
"""The forms are fitted below this size [B], where vLLM hands over to NCCL (its 8 MiB row is NCCL's)."""


def one_shot(rows: dict[str, np.ndarray]) -> np.ndarray:
    """Which rows ran the one-shot kernel (:data:`SWITCH_BYTES`; two ranks: all of them)."""
    def switch(engine: str, ranks: float) -> float:
        if ranks <= 2:
            return float("inf")
        return next((size for most, size in SWITCH_BYTES[engine] if ranks <= most), 0.0)

    sizes = np.array([switch(e, n) for e, n in zip(rows["engine"], rows["ranks"], strict=True)])
    return rows["bytes"] < sizes


def _form_columns(rows: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(one-shot mask, each row's wire time at the whole one-way link [s]: ``(n−1)·S/L`` or ``2(n−1)/n·S/L``)."""
    one = one_shot(rows)
    ranks = rows["ranks"]
    per_link = rows["bytes"] / (rows["link_gbps"] * GB)
    return one, np.where(one, (ranks - 1.0) * per_link, 2.0 * (ranks - 1.0) / ranks * per_link)


def fit_forms(rows: dict[str, np.ndarray], mask, share: float | None = LINK_EFFICIENCY) -> tuple[float, ...]:
    """(``α₁`` [s], ``α₂`` [s], ``s₁``, ``s₂``): each form's fixed time and link share, least squares on the
    relative error over the ``mask`` ed rows below :data:`FORMS_LARGEST_BYTES`; ``share`` fixes both shares (the
    estimator's link efficiency by default), None fits each form's own."""
    one, wire = _form_columns(rows)
    m = mask & (rows["bytes"] < FORMS_LARGEST_BYTES)
    t, one, wire = rows["seconds"][m], one[m], wire[m]
    if share is not None:
        (a1, a2), *_ = np.linalg.lstsq(np.column_stack([one / t, ~one / t]), 1.0 - wire / share / t, rcond=None)
        return float(a1), float(a2), share, share
    columns = np.column_stack([one / t, ~one / t, one * wire / t, ~one * wire / t])
    (a1, a2, inverse1, inverse2), *_ = np.linalg.lstsq(columns, np.ones_like(t), rcond=None)
    return float(a1), float(a2), float(1.0 / inverse1), float(1.0 / inverse2)


def forms_errors_pct(rows: dict[str, np.ndarray], mask, fitted: tuple[float, ...]) -> np.ndarray:
    """|predicted / measured − 1| of the ``mask`` ed rows below :data:`FORMS_LARGEST_BYTES` under
    :func:`fit_forms`' ``fitted`` forms [%]."""
    one, wire = _form_columns(rows)
    a1, a2, s1, s2 = fitted
    m = mask & (rows["bytes"] < FORMS_LARGEST_BYTES)
    predicted = np.where(one, a1 + wire / s1, a2 + wire / s2)[m]
    return np.abs(predicted / rows["seconds"][m] - 1.0) * 100.0


def print_forms(rows: dict[str, np.ndarray]) -> None:
    """The per-form fit pooled, and each engine left out (fitted on the other two)."""
    everything = np.ones_like(rows["seconds"], dtype=bool)
    print("one-shot below each engine's switch size, two-shot at or above it, each with its own fixed time:")
    for label, share in ((f"shares fixed at {LINK_EFFICIENCY}", LINK_EFFICIENCY), ("each form's share fitted", None)):
        a1, a2, s1, s2 = fitted = fit_forms(rows, everything, share)
        print(f"  {label}: alpha one-shot {a1 * 1e6:5.2f} us, two-shot {a2 * 1e6:5.2f} us (difference "
              f"{(a2 - a1) * 1e6:4.2f} us), shares {s1:5.3f} / {s2:5.3f}; in sample median "
              f"{np.median(forms_errors_pct(rows, everything, fitted)):5.1f} %")
        for engine in ("tensorrt-llm", "vllm", "sglang"):
            out = rows["engine"] == engine
            a1, a2, s1, s2 = fitted = fit_forms(rows, ~out, share)
            e = forms_errors_pct(rows, out, fitted)
            print(f"      {engine:13s} out: difference {(a2 - a1) * 1e6:4.2f} us (alpha {a1 * 1e6:4.2f} / "
                  f"{a2 * 1e6:5.2f} us, shares {s1:5.3f} / {s2:5.3f}) -> median {np.median(e):5.1f} %, "
                  f"p90 {np.percentile(e, 90):5.1f} %")


def main() -> int:
    import argparse

    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    rows = load_rows()
    print(f"{len(rows['seconds'])} rows of {len(set(rows['table']))} tables ({DATA.name}), "
          f"{SMALLEST_BYTES:,}-{LARGEST_BYTES:,} B")
    print("each table alone (alpha, bus bandwidth as share of the one-way link; in-sample median / worst |error|; "
          "today's rule on the same rows):")
    for table in sorted(set(rows["table"])):
        mask = rows["table"] == table
        fixed, share = fit(rows, mask)
        e = errors_pct(rows, mask, fixed, share)
        today = np.abs(todays_seconds(rows["bytes"][mask], rows["ranks"][mask], rows["link_gbps"][mask])
                       / rows["seconds"][mask] - 1.0) * 100.0
        print(f"  {table:26s} alpha {fixed * 1e6:5.2f} us  share {share:5.3f}  median {np.median(e):5.1f} %  worst "
              f"{e.max():5.1f} %   | today {np.median(today):5.1f} % / {today.max():6.1f} %")
    print("per engine over the four cards, each card left out (fitted on the other three):")
    for engine in sorted(set(rows["engine"])):
        mine = rows["engine"] == engine
        fixed, share = fit(rows, mine)
        print(f"  {engine:13s} alpha {fixed * 1e6:5.2f} us  share {share:5.3f}  in sample median "
              f"{np.median(errors_pct(rows, mine, fixed, share)):5.1f} %")
        for card in sorted(set(rows["card"][mine])):
            out = mine & (rows["card"] == card)
            f2, s2 = fit(rows, mine & (rows["card"] != card))
            e = errors_pct(rows, out, f2, s2)
            print(f"      {card:14s} out: alpha {f2 * 1e6:5.2f} us share {s2:5.3f} -> median "
                  f"{statistics.median(e):5.1f} %, p90 {np.percentile(e, 90):5.1f} %")
    print("per call on 8 x H100 SXM, TP 8 (measured | today's rule):")
    h100 = (rows["card"] == "h100-sxm") & (rows["ranks"] == 8)
    for size in (32 * 2**10, 256 * 2**10, 2**20, 4 * 2**20, 8 * 2**20):
        at = h100 & (rows["bytes"] == size)
        cells = [f"{engine} {rows['seconds'][at & (rows['engine'] == engine)][0] * 1e6:5.1f}"
                 for engine in sorted(set(rows["engine"]))]
        today = todays_seconds(size, 8, 450.0) * 1e6
        print(f"  {size // 2**10:5d} KiB: " + ", ".join(cells) + f" us | today {today:5.1f} us")
    print_forms(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
