"""Speed of the estimator: µs per estimate and ms for a full catalog sweep.

Targets (on the 2-core reference machine): one estimate < 200 µs; 64 card counts × every
catalog card < 100 ms (issue 2); a full recommendation over the catalog < 300 ms (issue 5).
Prints a table; asserts nothing.

Usage: ``.venv/bin/python benchmarks/speed.py [--repeat N]``
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
from configurator.core.workloads.training.search import plan_training_layout
from configurator.core.scenario import LAYOUT_FIELDS, Scenario

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


PLANNED = {
    "pretrain 7B, 1T tokens, 30 days": Scenario(
        model=preset("llama2-7b"), card_id="a100-sxm-80gb", count=128, workload="pretrain",
        auto_layout=LAYOUT_FIELDS, training={"seq_len": 4096, "tokens": 1e12, "recipe": "megatron-mixed"},
        constraints={"deadline_hours": 720}),
    "pretrain 70B, 2T tokens, 90 days": Scenario(
        model=preset("llama3-70b"), card_id="h100-sxm", count=1024, workload="pretrain",
        auto_layout=LAYOUT_FIELDS, training={"seq_len": 4096, "tokens": 2e12, "recipe": "megatron-mixed"},
        constraints={"deadline_hours": 2160}),
    "serve 70B, 200 users, 20 req/s, 50 ms": Scenario(
        model=preset("llama3-70b"), card_id="h100-sxm", count=8, workload="inference", auto_layout=LAYOUT_FIELDS,
        serving={"concurrency": 200, "prompt_tokens": 1024, "output_tokens": 256},
        constraints={"requests_per_s": 20, "tpot_ms": 50}),
}
"""Planner cases: the layout search for one card and count, and a full-catalog recommendation."""


def planner_rows() -> None:
    """Layouts per second of the search and the full recommendation (target: < 1 s)."""
    for name, scenario in PLANNED.items():
        card = CATALOG.get(scenario.card_id)
        if scenario.workload.is_training:
            plan_training_layout(scenario, card)
            samples = sorted(timed(lambda s=scenario, c=card: plan_training_layout(s, c), 30))
            n = plan_training_layout(scenario, card).candidates
            median = statistics.median(samples)
            print(f"{'plan: ' + name:34} {median * 1e3:8.1f} ms {samples[-1] * 1e3:8.1f} ms  "
                  f"{n} layouts, {n / median:,.0f} layouts/s")
        samples = sorted(timed(lambda s=scenario: recommend(s, CATALOG, Objective.TCO), 3))
        print(f"{'recommend (tco), planned: ' + name:34} {statistics.median(samples) * 1e3:8.1f} ms "
              f"{samples[-1] * 1e3:8.1f} ms  < 1 s, every card, counts up to 16,384")


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
    planner_rows()
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
