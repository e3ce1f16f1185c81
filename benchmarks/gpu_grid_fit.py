"""The grid's per-case time model fitted to its logged runs, and how well a plan met the clock (issue 27,
part 8).

Each log line of a run (``benchmarks/data/*grid*.log``) ends in ``(actual s, est s)``: the wall time the
case took and the time it was planned at then. :func:`fit` gives each kind's (set-up [s], rate [1]) for
``gpu_grid_time.TIME_MODEL``; :func:`ratios` measured ÷ planned per kind, under the logged estimates (before)
and under the present model (after). Standard library only (the dry run runs it where there is no torch).

Usage: ``python3 benchmarks/gpu_grid_fit.py`` prints the fit and the ratios.
"""

from __future__ import annotations

import re
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gpu_grid as grid  # noqa: E402
import gpu_grid_time as timing  # noqa: E402

LOGS = tuple(grid.ROOT / "benchmarks" / "data" / f"{name}.log" for name in (
    "gpu-grid-2026-12-04", "gpu-grid-memory-2026-12-04", "gpu-grid-lora-2026-12-04", "gpu-grid-decode-2026-12-04",
    "gpu-grid-reserve-2026-12-04", "h100-grid-2026-12-05", "h100-grid-2026-12-05-2"))
"""The grid's runs: H200 2026-12-04 (default, memory, LoRA, decode, reserve) and H100 2026-12-05 (×2)."""

LINE = re.compile(r"^\[\s*([\d.]+) s\] (\d+)/\d+ (\w+) (.*?): (.*) \(([\d.]+) s, est ([\d.]+)\)$")
PARAM = re.compile(r"(\w+)=(.*?)(?= \w+=|$)")
RESULT = re.compile(r"(seconds|step_s)=([\d.e+-]+)")
RATE_QUANTILE = 0.4
"""Quantile of the measured rates the model plans at [1]: under the median, so the plan errs long."""
SETUP_QUANTILE = 0.75
"""Quantile of the set-ups the model plans at [1]: above the median, so most cases take less than planned."""


def _value(text: str):
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return text


def rows(paths=LOGS) -> list[dict]:
    """The logged cases: kind, params, the measured pass [s] (``None`` for a failed case), the case's wall
    time [s], its logged estimate [s], whether it opened its run, and the log's name."""
    out = []
    for path in paths:
        first, before = True, None
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            m = LINE.match(line)
            if not m:
                continue
            _, _, kind, params, result, actual, est = m.groups()
            p = {k: _value(v) for k, v in PARAM.findall(params)}
            measured = dict(RESULT.findall(result))
            one = float(measured.get("step_s", measured.get("seconds", "nan")))
            out.append({"kind": kind, "p": p, "pass_s": None if one != one else one, "actual": float(actual),
                        "est": float(est), "first": first, "log": Path(path).name,
                        "switch": timing.switches(before, kind, p)})
            first, before = False, (kind, p)
    return out


def fit(logged: list[dict] | None = None) -> dict[str, tuple[float, float]]:
    """(set-up [s], rate [1]) per kind: rate = :data:`RATE_QUANTILE` of the ceilings' pass time ÷ the
    measured pass; set-up = :data:`SETUP_QUANTILE` of the wall time less the passes at that rate, never
    under 0 (the first case of a run, cases that switch kind or model, and failed cases left out)."""
    c = grid.ceilings()
    logged = rows() if logged is None else logged
    out = {}
    for kind in sorted({r["kind"] for r in logged}):
        ok = [r for r in logged if r["kind"] == kind and r["pass_s"] and not r["first"] and not r["switch"]]
        rates = sorted(timing.pass_s(kind, r["p"], c) / r["pass_s"] for r in ok)
        rate = rates[int(RATE_QUANTILE * (len(rates) - 1))]
        rest = sorted(max(0.0, r["actual"] - timing.work_s(kind, r["p"], c) / rate) for r in ok)
        out[kind] = (round(rest[min(len(rest) - 1, int(SETUP_QUANTILE * len(rest)))], 3), round(rate, 2))
    return out


def switch_s(logged: list[dict] | None = None) -> float:
    """What a case that changes the kind or the model takes over its planned time [s]: the median over the
    logged runs (first cases of a run and failed cases left out)."""
    c = grid.ceilings()
    logged = rows() if logged is None else logged
    return round(statistics.median(max(0.0, r["actual"] - timing.estimate(r["kind"], r["p"], c)) for r in logged
                                   if r["switch"] and not r["first"] and r["pass_s"]), 2)


def startup_s(logged: list[dict] | None = None) -> float:
    """Longest start-up a run took [s]: the clock at its first case plus what that case took over its
    planned time (the CUDA context, the attention probe, the first kernels' warm-up)."""
    c = grid.ceilings()
    logged = rows() if logged is None else logged
    firsts = {r["log"]: r for r in logged if r["first"]}
    starts = {}
    for path in LOGS:
        m = next((LINE.match(x) for x in path.read_text(encoding="utf-8").splitlines() if LINE.match(x)), None)
        if m:
            starts[path.name] = float(m.group(1))
    return max(starts[log] + max(0.0, r["actual"] - timing.estimate(r["kind"], r["p"], c)) for log, r in firsts.items())


def ratios(logged: list[dict] | None = None) -> dict[str, dict[str, float]]:
    """Per kind: cases, total measured ÷ total planned before (the logged estimates) and after (this
    model), and the largest one-case ratio after (failed cases counted: they take the clock too)."""
    c = grid.ceilings()
    logged = rows() if logged is None else logged
    out = {}
    for kind in sorted({r["kind"] for r in logged}):
        mine = [r for r in logged if r["kind"] == kind and not r["first"]]
        actual = sum(r["actual"] for r in mine)
        after = [timing.estimate(kind, r["p"], c) + (timing.SWITCH_S if r["switch"] else 0.0) for r in mine]
        out[kind] = {"cases": len(mine), "before": actual / sum(r["est"] for r in mine),
                     "after": actual / sum(after), "worst": max(r["actual"] / a for r, a in zip(mine, after))}
    return out


def print_ratios() -> None:
    """The dry run's table of measured ÷ planned per kind, before → after."""
    print(f"measured ÷ planned on the logged runs ({len(LOGS)} logs; first case of each run left out):")
    for kind, r in ratios().items():
        print(f"  {kind:<8} {r['cases']:>4} cases  {r['before']:.2f} -> {r['after']:.2f}  "
              f"(worst case {r['worst']:.2f})")


if __name__ == "__main__":
    import argparse

    argparse.ArgumentParser(description=__doc__.splitlines()[0],
                            epilog="Prints the fit and the ratios; writes nothing.").parse_args()
    print("fit (set-up s, rate):", fit())
    print(f"switch: {switch_s():.2f} s; start-up: {startup_s():.1f} s")
    print_ratios()
