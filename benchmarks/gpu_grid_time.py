"""How long each case of the prepared grid (``gpu_grid.py``) is planned to take: its passes, each pass at the
calibration's ceilings, and the time model fitted to the logged runs (``gpu_grid_fit.py``).

Standard library only, as ``gpu_grid.py`` (the machine with the GPU has no pydantic). Split out of
``gpu_grid.py`` in December 2026.
"""

from __future__ import annotations

from gpu_grid_work import (
    SHAPES, forward_flops, gemm_bytes, kv_cache_bytes, lora_flops, part_of_the_grid, train_flops, weight_bytes,
)

if __name__ == "__main__":  # a part of the grid, not a tool of its own
    part_of_the_grid(__doc__)

REPEATS = {"prefill": (1, 3), "shortprefill": (2, 5), "train": (1, 3), "memory": (1, 2), "lora": (1, 2),
           "reserve": (1, 2), "nearlimit": (1, 1)}
"""(warm-up, timed) passes per prefill and training case [count]."""
SWITCH_S = 0.39
"""Planned besides a case's own time where it follows a case of another kind or model [s]: the first
steps of a new model shape pay cuBLAS's and the allocator's warm-up (``gpu_grid_fit.switch_s``)."""
TIME_MODEL: dict[str, tuple[float, float]] = {
    "gemm": (0.012, 0.92), "prefill": (0.049, 0.64), "train": (0.317, 0.43), "memory": (0.33, 0.48),
    "lora": (0.289, 0.36), "decode": (0.336, 0.48), "reserve": (0.302, 0.48), "nearlimit": (0.317, 0.43),
    "shortprefill": (0.3, 0.1)}
"""Planned time of a case [s] = set-up + work / rate, per kind: (set-up [s], rate [1]). ``work`` is
:func:`work_s`, every pass of the case at the calibration's ceilings; ``rate`` is the 40th percentile of the
shares of those ceilings the kind's passes reached, and ``set-up`` the 75th percentile of the rest of each case's
wall time (model, optimizer, allocation, the allocator emptied), both fitted by
``benchmarks/gpu_grid_fit.py`` to the seven logged runs (H200 2026-12-04 ×5, H100 2026-12-05 ×2, the
first case of each run left out: it pays the CUDA and cuBLAS warm-up, counted in ``gpu_grid.STARTUP_S``).
``nearlimit`` has no run yet and takes ``train``'s; ``shortprefill`` none either: the logged b1 × 512
prefills took 0.11 s for 4 passes of 5 ms at the ceiling (a rate of ~0.2, the host's launches), planned
at 0.1 with 0.3 s for a graph's capture. Before, ``set-up`` was 4–5 s per training case and
the rates 0.45–0.6: the H100's second run planned 349 s and took 93. ``python3 benchmarks/gpu_grid.py
--dry-run`` prints measured ÷ planned per kind for the old and these figures."""


def switches(before: tuple[str, dict] | None, kind: str, p: dict) -> bool:
    """Whether a case follows one of another kind or model (``before``: the previous case's kind and
    parameters): the run then drops the last model and builds or fills a new one."""
    return before is None or before[0] != kind or before[1].get("model") != p.get("model")


def passes(kind: str, p: dict) -> int:
    """Passes one case runs [count]: warm-ups and timed ones (GEMM: 3 eager, then 3 replays of ``reps``;
    decode: 5 warm-ups and captures, then ``reps`` replays)."""
    if kind == "gemm":
        return 3 + 3 * p["reps"]
    if kind == "decode":
        return 5 + p["reps"]
    return sum(REPEATS[kind])


def pass_s(kind: str, p: dict, ceiling: dict[str, float]) -> float:
    """Time of one pass at the calibration's ceilings [s]: FLOPs over the matmul ceiling, or bytes over the
    copy bandwidth for a decode step (a GEMM: the larger of the two, plus a 5 µs launch)."""
    if kind == "gemm":
        element = 1.0 if p["dtype"].startswith("fp8") else 2.0
        m, n, k = p["m"], p["n"], p["k"]
        return max(2.0 * m * n * k / ceiling[p["dtype"]], gemm_bytes(m, n, k, element) / ceiling["copy"]) + 5e-6
    shape = SHAPES[p["model"]]
    if kind == "decode":
        return (weight_bytes(shape) + kv_cache_bytes(shape, p["b"], p["ctx"])) / ceiling["copy"]
    if kind in ("prefill", "shortprefill"):
        return forward_flops(shape, p["b"], p["s"], True) / ceiling["bf16"]
    flops = lora_flops if kind == "lora" else train_flops
    return flops(shape, p["b"], p["s"], p["recompute"]) / ceiling["bf16"]


def work_s(kind: str, p: dict, ceiling: dict[str, float]) -> float:
    """Every pass of a case at the calibration's ceilings [s]."""
    return passes(kind, p) * pass_s(kind, p, ceiling)


def estimate(kind: str, p: dict, ceiling: dict[str, float], model: dict | None = None) -> float:
    """Planned wall time of one case [s]: set-up + work / rate (:data:`TIME_MODEL`)."""
    setup, rate = (model or TIME_MODEL)[kind]
    return setup + work_s(kind, p, ceiling) / rate
