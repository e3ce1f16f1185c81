"""Speed of the estimator: µs per estimate and ms for a full catalog sweep.

Targets (on the 2-core reference machine): one estimate < 200 µs; 64 card counts × every
catalog card < 100 ms (issue 2); a full recommendation over the catalog < 300 ms (issue 5).
Prints a table; asserts nothing.

Usage: ``python benchmarks/speed.py [--repeat N]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate, sweep_catalog
from configurator.core.recommend import Objective, recommend
from configurator.core.scenario import Scenario

CATALOG = load_bundled_catalog()
COUNTS = list(range(1, 17)) + [round(16 * 64 ** (i / 48)) for i in range(1, 49)]
"""64 distinct card counts from 1 to 1024."""

SCENARIOS = {
    "training 8B, 64 cards, ZeRO-3": Scenario(
        model=preset("llama3-8b"), card_id="h100-sxm", count=64, workload="pretrain",
        parallelism={"zero": 3}, training={"micro_batch": 2, "seq_len": 4096, "grad_accum": 8}),
    "training 70B, TP8 PP4": Scenario(
        model=preset("llama3-70b"), card_id="h100-sxm", count=256, workload="pretrain",
        parallelism={"tp": 8, "pp": 4, "zero": 1}, training={"micro_batch": 1, "grad_accum": 32}),
    "inference 8B, 32 users": Scenario(
        model=preset("llama3-8b"), card_id="l40s", count=1, workload="inference",
        serving={"concurrency": 32, "context": 8192, "prompt_tokens": 2048, "output_tokens": 512}),
    "inference MoE 671B, TP8": Scenario(
        model=preset("deepseek-v3"), card_id="h200-sxm", count=8, workload="inference", precision="fp8",
        parallelism={"tp": 8}, serving={"concurrency": 64}),
    "virtual desktops, 500 users": Scenario(
        model=preset("llama3-8b"), card_id="l40s", count=16, workload="vdi", graphics={"users": 500}),
    "transcoding, 300 streams": Scenario(
        model=preset("llama3-8b"), card_id="l4", count=8, workload="transcode", graphics={"streams": 300}),
    "rendering, 2000 frames": Scenario(
        model=preset("llama3-8b"), card_id="l40", count=8, workload="render", graphics={"frames": 2000}),
}


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2000, help="estimates timed per scenario")
    args = parser.parse_args(argv)
    cards = CATALOG.cards
    print(f"{'case':34} {'median':>10} {'p95':>10}  target")
    for name, scenario in SCENARIOS.items():
        card = CATALOG.get(scenario.card_id)
        estimate(scenario, card)
        samples = sorted(timed(lambda s=scenario, c=card: estimate(s, c), args.repeat))
        p95 = samples[int(0.95 * len(samples))]
        print(f"{'estimate: ' + name:34} {statistics.median(samples) * 1e6:8.1f} µs {p95 * 1e6:8.1f} µs  < 200 µs")
    for name, scenario in SCENARIOS.items():
        samples = sorted(timed(lambda s=scenario: sweep_catalog(s, cards, COUNTS), 7))
        n = sum(len(v) for v in sweep_catalog(scenario, cards, COUNTS).values())
        print(f"{'sweep: ' + name:34} {statistics.median(samples) * 1e3:8.1f} ms {samples[-1] * 1e3:8.1f} ms  "
              f"< 100 ms ({n} estimates: {len(cards)} cards × valid counts of 64)")
    for name, scenario in SCENARIOS.items():
        for objective in (Objective.TCO, Objective.CLOUD):
            samples = sorted(timed(lambda s=scenario, o=objective: recommend(s, CATALOG, o), 5))
            print(f"{'recommend (' + objective.value + '): ' + name:34} {statistics.median(samples) * 1e3:8.1f} ms "
                  f"{samples[-1] * 1e3:8.1f} ms  < 300 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
