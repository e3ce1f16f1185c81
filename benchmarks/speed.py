"""Speed of the estimator: µs per estimate and ms for a full catalog sweep.

Targets (on the 2-core reference machine): one estimate < 200 µs; 64 card counts × every
catalog card < 100 ms (issue 2); a full recommendation over the catalog < 300 ms (issue 5).
Prints a table; asserts nothing.

First the headline figures of issue 28, in CPU time of this process (``time.process_time``, best
of ``--cpu-repeat`` cold calls: on a machine shared with other jobs the wall clock measures the
neighbours as much as the code): the README's recommendation questions over the whole catalog
(training < 0.5 s, serving < 1 s) and one fixed-layout serving and training estimate (serving
< 150 µs). ``--headline`` prints them alone.

Every figure of the main table is cold: before each timed call every memo the core keeps for a
scenario is cleared (:func:`clear_memos`) and the scenario is read afresh from its JSON (no
cached model properties), so a timed call computes what a new question computes. What the same
question costs when asked again — a memo hit — is printed after it, labelled as such.

Usage: ``.venv/bin/python benchmarks/speed.py [--repeat N] [--cpu-repeat N] [--headline]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import clear_estimate_memo, estimate, sweep_catalog
from configurator.core.workloads.training.search import plan_training_layout
from configurator.core.recommend import Objective, recommend
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


def clear_memos() -> None:
    """Forget every result the core keeps for a scenario: the estimate memo with the training and
    serving layout searches and the training search's stage tables (``clear_estimate_memo``); the
    bill-of-materials memo is keyed by the scenario object, which each timed call reads afresh.
    File loads kept for the process (presets, catalog, price book, error bands) stay: a new
    question in a running app finds them loaded too; so do the tables worked out from them and
    nothing else — the presets' parameter counts (``architecture._PRESET_COUNTS``, made as the presets
    load) and the price policy's picks of a card by day and convertible currencies
    (``price_basis._PICKS``) — not what a scenario's own layout, load or prices make."""
    clear_estimate_memo()


def timed(fn: Callable[[Scenario], object], scenario: Scenario, repeat: int) -> list[float]:
    """Seconds of ``fn(scenario)``, each call cold: the memos cleared and the scenario read afresh
    from its JSON just before it (neither timed)."""
    text, samples = scenario.model_dump_json(), []
    for _ in range(repeat):
        fresh = Scenario.model_validate_json(text)
        clear_memos()
        start = time.perf_counter()
        fn(fresh)
        samples.append(time.perf_counter() - start)
    return samples


def cpu_best(fn: Callable[[Scenario], object], scenario: Scenario, repeat: int) -> float:
    """The least CPU time [s] of ``repeat`` cold calls of ``fn(scenario)`` (:func:`timed`'s
    preparation: memos cleared, the scenario read afresh; ``time.process_time``, this process
    alone)."""
    text, best = scenario.model_dump_json(), float("inf")
    for _ in range(repeat):
        fresh = Scenario.model_validate_json(text)
        clear_memos()
        start = time.process_time()
        fn(fresh)
        best = min(best, time.process_time() - start)
    return best


def readme_questions() -> dict[str, tuple[Scenario, Objective]]:
    """The README's recommendation questions (``tools/readme_blocks.py``'s ``QUESTIONS``), each as
    the scenario and objective its ``gpu-configurator recommend`` command ranks by."""
    tools = Path(__file__).resolve().parents[1] / "tools"
    if str(tools) not in sys.path:
        sys.path.insert(0, str(tools))
    from readme_blocks import QUESTIONS

    from configurator.cli import build_parser
    from configurator.cli_scenario import scenario_from_args, with_constraints

    asked = {}
    for question in QUESTIONS:
        args = build_parser().parse_args(list(question.argv))
        asked[question.words] = (with_constraints(scenario_from_args(args, CATALOG), args), Objective(args.objective))
    return asked


HEADLINE_TARGETS = {"training": "< 500 ms", "serving": "< 1,000 ms"}
"""Issue 28's targets for a cold full-catalog recommendation of the README's questions [ms CPU]."""

HEADLINE_ESTIMATES = {"inference 8B, 32 users": "< 150 µs", "inference MoE 671B, TP8": "< 150 µs",
                      "training 8B, 64 cards, ZeRO-3": "", "training 70B, TP8 PP4": ""}
"""The fixed-layout estimates of the headline, with issue 28's target for serving [µs CPU]."""


def headline_rows(cpu_repeat: int, estimates: int) -> None:
    """Issue 28's figures, cold, in CPU time: the README's recommendations (best of ``cpu_repeat``)
    and fixed-layout estimates (the median of ``estimates`` calls, best of ``cpu_repeat`` such medians)."""
    print(f"cold, CPU time of this process (time.process_time), best of {cpu_repeat}:")
    print(f"{'case':80} {'CPU':>10}  target")
    for words, (scenario, objective) in readme_questions().items():
        family = "training" if scenario.workload.is_training else "serving"
        best = cpu_best(lambda s, o=objective: recommend(s, CATALOG, o), scenario, cpu_repeat)
        print(f"{'recommend (' + objective.value + '), README: ' + words:80} {best * 1e3:7.0f} ms  "
              f"{HEADLINE_TARGETS[family]}")
    for name, target in HEADLINE_ESTIMATES.items():
        scenario = SCENARIOS[name]
        card = CATALOG.get(scenario.card_id)
        medians = []
        for _ in range(cpu_repeat):
            text, samples = scenario.model_dump_json(), []
            for _ in range(estimates):
                fresh = Scenario.model_validate_json(text)
                clear_memos()
                start = time.process_time()
                estimate(fresh, card)
                samples.append(time.process_time() - start)
            medians.append(statistics.median(samples))
        print(f"{'estimate (median of ' + str(estimates) + '): ' + name:80} {min(medians) * 1e6:7.0f} µs  {target}")


def timed_memo_hit(fn: Callable[[Scenario], object], scenario: Scenario, repeat: int) -> list[float]:
    """Seconds of ``fn(scenario)`` asked again: the first call fills the memos (not timed)."""
    fn(scenario)
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(scenario)
        samples.append(time.perf_counter() - start)
    return samples


def _row(name: str, samples: list[float], unit: str, scale: float, target: str) -> None:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    print(f"{name:34} {statistics.median(ordered) * scale:8.1f} {unit} {p95 * scale:8.1f} {unit}  {target}")


def planner_rows() -> None:
    """Layouts per second of the search and the full recommendation (target: < 1 s)."""
    for name, scenario in PLANNED.items():
        card = CATALOG.get(scenario.card_id)
        if scenario.workload.is_training:
            samples = timed(lambda s, c=card: plan_training_layout(s, c), scenario, 20)
            n = plan_training_layout(scenario, card).candidates
            _row("plan: " + name, samples, "ms", 1e3, f"{n} layouts, {n / statistics.median(samples):,.0f} layouts/s")
        samples = timed(lambda s: recommend(s, CATALOG, Objective.TCO), scenario, 3)
        _row("recommend (tco), planned: " + name, samples, "ms", 1e3, "< 1 s, every card, counts up to 16,384")


def memo_hit_rows(repeat: int) -> None:
    """The same questions asked again (memo hits): what re-analysing after an undo costs, not a new question."""
    print("\nmemo hits (the same scenario asked again; not the cost of a new question):")
    for name, scenario in PLANNED.items():
        card = CATALOG.get(scenario.card_id)
        if scenario.workload.is_training:
            _row("plan, memo hit: " + name, timed_memo_hit(lambda s, c=card: plan_training_layout(s, c), scenario, 20),
                 "ms", 1e3, "")
        _row("recommend (tco), memo hit: " + name,
             timed_memo_hit(lambda s: recommend(s, CATALOG, Objective.TCO), scenario, 3), "ms", 1e3, "")
    for name, scenario in SCENARIOS.items():
        card = CATALOG.get(scenario.card_id)
        _row("estimate, memo hit: " + name, timed_memo_hit(lambda s, c=card: estimate(s, c), scenario, repeat),
             "µs", 1e6, "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=500, help="estimates timed per scenario")
    parser.add_argument("--cpu-repeat", type=int, default=3, help="cold calls of each headline figure, the least kept")
    parser.add_argument("--headline", action="store_true", help="print issue 28's headline figures alone")
    args = parser.parse_args(argv)
    headline_rows(args.cpu_repeat, min(args.repeat, 200))
    if args.headline:
        return 0
    print()
    cards = CATALOG.cards
    print("cold: every memo cleared and the scenario read afresh before each timed call")
    print(f"{'case':34} {'median':>11} {'p95':>11}  target")
    planner_rows()
    for name, scenario in SCENARIOS.items():
        card = CATALOG.get(scenario.card_id)
        _row("estimate: " + name, timed(lambda s, c=card: estimate(s, c), scenario, args.repeat), "µs", 1e6,
             "< 200 µs")
    for name, scenario in SCENARIOS.items():
        samples = timed(lambda s: sweep_catalog(s, cards, COUNTS), scenario, 3)
        n = sum(len(v) for v in sweep_catalog(scenario, cards, COUNTS).values())
        _row("sweep: " + name, samples, "ms", 1e3, f"< 100 ms ({n} estimates: {len(cards)} cards × valid counts of 64)")
    for name, scenario in SCENARIOS.items():
        for objective in (Objective.TCO, Objective.CLOUD):
            samples = timed(lambda s, o=objective: recommend(s, CATALOG, o), scenario, 3)
            _row(f"recommend ({objective.value}): " + name, samples, "ms", 1e3, "< 300 ms")
    memo_hit_rows(args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
