"""All-reduce time by message size inside an NVLink domain, fitted to published nccl-tests tables.

Research for issue 27 (session 37, helper ``arsize``); **the estimator does not use it** (the change
that put it in ``formulas/communication.py`` was measured and not shipped: commit ca3dcf74, reverted
by f5a51021; figures in ``benchmarks/data/notes-allreduce-size-2026-12-05.md``). The estimator
charges a tensor-parallel all-reduce ``2·COLLECTIVE_LATENCY_S + 2(n−1)/n·S/B`` (20 µs and the
bandwidth, :func:`configurator.core.formulas.collectives.allreduce_seconds`).

The curve: ``t(S) = α + 2(n−1)/n·(S + S₀)/B`` [s] for ``S`` bytes over ``n`` ranks, ``B`` the
estimator's own all-reduce bus bandwidth (one-way NVLink of the card in the catalog ×
:data:`~configurator.core.formulas.efficiency.LINK_EFFICIENCY`). ``α`` (a fixed time) and ``S₀`` (a
fixed byte count moved at the link's rate) are fitted together, least squares on the log of the time,
to the rows of ``benchmarks/data/nccl-allreduce-2026-12-05.json`` (four tables, 1 KiB-8 GiB); each
table is then left out in turn and predicted from the other three. Physics: NCCL pipelines an
all-reduce through the ring in chunks staged in per-peer buffers and chooses a low-latency protocol
for small messages and a full-bandwidth one for large (NVIDIA/nccl ``src/graph/tuning.cc``,
``ncclTopoTuneModel``: a latency and a bandwidth per protocol, the fastest chosen per size); the
tables are flat below ~1 MB, then climb to the link's bandwidth over 1-64 MB. One fixed byte count
at the link's rate gives both the floor ``α + 2(n−1)/n·S₀/B`` and that ramp.

Run: ``.venv/bin/python benchmarks/allreduce_fit.py`` (no arguments; a part of the benchmark).
"""

from __future__ import annotations

import json
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from configurator.core.catalog import load_catalog  # noqa: E402
from configurator.core.formulas.collectives import COLLECTIVE_LATENCY_S  # noqa: E402
from configurator.core.formulas.efficiency import LINK_EFFICIENCY  # noqa: E402
from configurator.core.units import GB  # noqa: E402

DATA = ROOT / "benchmarks" / "data" / "nccl-allreduce-2026-12-05.json"
"""The published rows, each with its source (URL at a commit), hardware, ranks and NCCL version."""

LATENCY_GRID_S = np.arange(0.0, 20.0e-6, 0.1e-6)
"""Fixed times tried [s]: 0-20 µs in 0.1 µs steps."""

FILL_GRID_BYTES = np.arange(1.0e6, 10.0e6, 0.02e6)
"""Fixed byte counts tried [B]: 1-10 MB in 20 kB steps."""


@dataclass(frozen=True)
class Point:
    """One published size of one table."""

    table: str
    """The table (one system of the publication) [name]."""
    ranks: int
    """GPUs in the all-reduce [count]."""
    size_bytes: float
    """Message size [B]."""
    seconds: float
    """Measured time of one all-reduce [s] (from the table's bus bandwidth, nccl-tests doc/PERFORMANCE.md)."""
    bus_gbps: float
    """The estimator's bus bandwidth for the card: one-way link × LINK_EFFICIENCY [GB/s]."""


def load_points(path: Path = DATA) -> list[Point]:
    """The rows of ``path`` as :class:`Point` s, each at its card's link bandwidth from the catalog."""
    cards = {card.id: card for card in load_catalog().cards}
    points = []
    for row in json.loads(path.read_text())["rows"]:
        n = row["ranks"]
        seconds = row["size_bytes"] * 2.0 * (n - 1) / n / (row["busbw_gbps"] * GB)
        link = cards[row["card"]].interconnect.link_gbps_one_way
        points.append(Point(row["table"], n, float(row["size_bytes"]), seconds, link * LINK_EFFICIENCY))
    return points


def curve_seconds(size_bytes, ranks, bus_gbps, latency_s, fill_bytes):
    """One all-reduce of ``size_bytes`` [B] over ``ranks`` GPUs of one NVLink domain [s]:
    ``α + 2(n−1)/n·(S + S₀)/B`` with ``α`` = ``latency_s`` [s], ``S₀`` = ``fill_bytes`` [B] and ``B`` =
    ``bus_gbps`` [GB/s]. Array-friendly."""
    share = 2.0 * (np.asarray(ranks, dtype=float) - 1.0) / np.asarray(ranks, dtype=float)
    return latency_s + share * (np.asarray(size_bytes, dtype=float) + fill_bytes) / (np.asarray(bus_gbps) * GB)


def current_rule_seconds(size_bytes, ranks, bus_gbps):
    """What the estimator charges today inside one domain: ``2·COLLECTIVE_LATENCY_S + 2(n−1)/n·S/B`` [s]."""
    return curve_seconds(size_bytes, ranks, bus_gbps, 2.0 * COLLECTIVE_LATENCY_S, 0.0)


def _arrays(points: list[Point]) -> tuple[np.ndarray, ...]:
    return tuple(np.array([getattr(p, name) for p in points], dtype=float)
                 for name in ("size_bytes", "ranks", "bus_gbps", "seconds"))


def fit(points: list[Point]) -> tuple[float, float]:
    """(``α`` [s], ``S₀`` [B]) minimising the sum of squared log errors over ``points`` (on the grids
    :data:`LATENCY_GRID_S` × :data:`FILL_GRID_BYTES`)."""
    size, ranks, bus, seconds = _arrays(points)
    share = 2.0 * (ranks - 1.0) / ranks
    wire = share / (bus * GB)  # [s/B]
    best = (np.inf, 0.0, 0.0)
    for fill in FILL_GRID_BYTES:
        moved = wire * (size + fill)  # [s] per row
        predicted = LATENCY_GRID_S[:, None] + moved[None, :]
        cost = np.sum(np.log(predicted / seconds) ** 2, axis=1)
        i = int(np.argmin(cost))
        if cost[i] < best[0]:
            best = (float(cost[i]), float(LATENCY_GRID_S[i]), float(fill))
    return best[1], best[2]


def errors_pct(points: list[Point], latency_s: float, fill_bytes: float) -> list[float]:
    """|predicted / measured − 1| of each point under the curve [%]."""
    size, ranks, bus, seconds = _arrays(points)
    return list(np.abs(curve_seconds(size, ranks, bus, latency_s, fill_bytes) / seconds - 1.0) * 100.0)


def current_errors_pct(points: list[Point]) -> list[float]:
    """|predicted / measured − 1| of each point under today's rule [%]."""
    size, ranks, bus, seconds = _arrays(points)
    return list(np.abs(current_rule_seconds(size, ranks, bus) / seconds - 1.0) * 100.0)


@dataclass(frozen=True)
class HeldOut:
    """One table predicted from the curve fitted to the others."""

    table: str
    latency_s: float
    """``α`` fitted without the table [s]."""
    fill_bytes: float
    """``S₀`` fitted without the table [B]."""
    median_pct: float
    """Median |error| over the table's sizes [%]."""
    worst_pct: float
    """Worst |error| over the table's sizes [%]."""
    current_median_pct: float
    """Today's rule on the same sizes, median |error| [%]."""
    current_worst_pct: float
    """Today's rule, worst |error| [%]."""


def leave_one_table_out(points: list[Point]) -> list[HeldOut]:
    """Each table predicted by the curve fitted to the other tables (the four tables are one
    publication's, so this is leave one system out, not one source)."""
    held = []
    for table in sorted({p.table for p in points}):
        latency, fill = fit([p for p in points if p.table != table])
        mine = [p for p in points if p.table == table]
        e, e0 = errors_pct(mine, latency, fill), current_errors_pct(mine)
        held.append(HeldOut(table, latency, fill, statistics.median(e), max(e), statistics.median(e0), max(e0)))
    return held


def main() -> int:
    import argparse

    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    points = load_points()
    latency, fill = fit(points)
    e, e0 = errors_pct(points, latency, fill), current_errors_pct(points)
    print(f"{len(points)} rows of {len({p.table for p in points})} tables ({DATA.name})")
    print(f"fit: alpha {latency * 1e6:.1f} us, S0 {fill / 1e6:.2f} MB; in sample median |error| "
          f"{statistics.median(e):.1f} %, worst {max(e):.1f} % (today's 20 us rule: {statistics.median(e0):.1f} %, "
          f"worst {max(e0):.1f} %)")
    print("each table left out (fitted on the other three):")
    for h in leave_one_table_out(points):
        print(f"  {h.table:12s} alpha {h.latency_s * 1e6:4.1f} us  S0 {h.fill_bytes / 1e6:4.2f} MB  "
              f"median {h.median_pct:5.1f} %  worst {h.worst_pct:5.1f} %   | today's rule median "
              f"{h.current_median_pct:5.1f} %  worst {h.current_worst_pct:5.1f} %")
    print("per call on 8 x H100 SXM (B = 450 GB/s x LINK_EFFICIENCY), today's rule -> curve:")
    bus = 450.0 * LINK_EFFICIENCY
    for ranks in (2, 4, 8):
        cells = [f"{s / 1e6:g} MB {current_rule_seconds(s, ranks, bus) * 1e6:.1f} -> "
                 f"{curve_seconds(s, ranks, bus, latency, fill) * 1e6:.1f} us" for s in (16e3, 1e6, 3.3e6, 16e6, 64e6)]
        print(f"  TP {ranks}: " + "; ".join(cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
