"""Where a cold README training recommendation spends its CPU time, part by part.

``benchmarks/speed.py --headline`` gives the whole; this gives its parts: each part of the training
deployment search (:data:`PARTS`: the layout searches, their grids, memory, stage tables and speeds,
the exact estimates of the layouts chosen) is wrapped in a CPU timer (``time.process_time``) for
``--repeat`` cold calls (the memos cleared before each, :func:`speed.clear_memos`), after one warm-up
call that loads the catalog, presets and price book. Parts nest (a search holds its grids), so the
shares do not add up to 100 %. Shares within one process are steadier than whole timings on a
machine shared with other jobs; compare the parts of two trees in the same run, not across runs.

Then what the searches are for, from one more cold call: the plans searched and how many of them
the estimates read (:func:`~configurator.core.workloads.training.search.plan_training_layout`), and
the layouts estimated exactly and how many of them were distinct. Asserts nothing.

Usage: ``.venv/bin/python benchmarks/speed_phases.py [--question WORDS] [--repeat N]``
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import speed  # noqa: E402

from configurator.core.recommend import recommend  # noqa: E402
from configurator.core.scenario import Scenario  # noqa: E402
from configurator.core.workloads.training import bounded, deployment, plan, search, shared_grids  # noqa: E402

PARTS = ((deployment, "search_counts", "searches asked (deployment.search_counts)"),
         (search, "_search", "layout searches (search._search)"),
         (deployment, "_met_between", "counts between the ladder's (deployment._met_between)"),
         (search, "_speeds", "speeds (search._speeds)"),
         (bounded, "pass_seconds", "  pass groups timed (pass_seconds)"),
         (bounded, "layout_speed", "  layouts timed (layout_speed)"),
         (search, "shared_memory", "memory (shared_grids.shared_memory)"),
         (shared_grids, "layout_memory", "  stage memory of the rows (layout_memory)"),
         (search, "shared_grid", "grids (shared_grids.shared_grid)"),
         (search, "stage_tables", "stage tables (search.stage_tables)"),
         (plan, "_candidate", "exact estimates of chosen layouts (plan._candidate)"),
         (plan, "estimate_training", "estimates assembled (plan.estimate_training)"))
"""(module, function, label) of each part timed: the function as the module calls it."""


def _timed(module, name: str, spent: dict, calls: collections.Counter) -> Callable[[], None]:
    """Wrap ``module.name`` in a CPU timer adding to ``spent[name]``; returns what undoes it."""
    original = getattr(module, name)

    def wrapped(*args, **kwargs):
        start = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            spent[name] += time.process_time() - start
            calls[name] += 1

    setattr(module, name, wrapped)
    return lambda: setattr(module, name, original)


def question(words: str) -> tuple[Scenario, object]:
    """The README's training question whose words hold ``words`` (scenario, objective)."""
    found = [v for k, v in speed.readme_questions().items() if words in k and v[0].workload.is_training]
    if not found:
        raise SystemExit(f"no README training question holds {words!r}")
    return found[0]


def cold(scenario: Scenario, objective) -> float:
    """One cold recommendation over the catalog [s CPU]."""
    fresh = Scenario.model_validate_json(scenario.model_dump_json())
    speed.clear_memos()
    start = time.process_time()
    recommend(fresh, speed.CATALOG, objective)
    return time.process_time() - start


def parts(scenario: Scenario, objective, repeat: int) -> None:
    """Print each part's CPU time per call and share of the whole, over ``repeat`` cold calls."""
    cold(scenario, objective)  # warm-up: files loaded once a process
    spent, calls = collections.defaultdict(float), collections.Counter()
    undo = [_timed(module, name, spent, calls) for module, name, _ in PARTS]
    try:
        total = sum(cold(scenario, objective) for _ in range(repeat))
    finally:
        for u in reversed(undo):
            u()
    print(f"{repeat} cold calls, {total / repeat * 1e3:.0f} ms CPU each (timers included)")
    print(f"{'part':58} {'ms':>7} {'share':>6} {'calls':>6}")
    for _, name, label in PARTS:
        print(f"{label:58} {spent[name] / repeat * 1e3:7.1f} {spent[name] / total * 100:5.1f}% "
              f"{calls[name] // repeat:6d}")


def reads(scenario: Scenario, objective) -> None:
    """Print the plans searched against those the estimates read, and the exact estimates against the
    distinct layouts among them, for one cold call."""
    searched, read, estimated = set(), set(), collections.Counter()
    put, ask, make = search._PLANS.put, search.plan_training_layout, plan._candidate

    def kept(key, value, held=()):
        searched.add(key)
        return put(key, value, held)

    def asked(s, card, top=5):
        read.add((search._search_key(s), s.card_id, top))
        return ask(s, card, top)

    def candidate(s, card, layout, batch):
        made = make(s, card, layout, batch)
        estimated[(made[0].model_dump_json(), card.id)] += 1
        return made

    search._PLANS.put, plan.plan_training_layout, plan._candidate = kept, asked, candidate
    try:
        cold(scenario, objective)
    finally:
        search._PLANS.put, plan.plan_training_layout, plan._candidate = put, ask, make
    print(f"plans searched {len(searched)}, read by an estimate {len(searched & read)}; "
          f"layouts estimated exactly {sum(estimated.values())}, distinct {len(estimated)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--question", default="70B", help="words of the README training question (default: 70B)")
    parser.add_argument("--repeat", type=int, default=5, help="cold calls timed")
    args = parser.parse_args(argv)
    scenario, objective = question(args.question)
    parts(scenario, objective, args.repeat)
    reads(scenario, objective)
    return 0


if __name__ == "__main__":
    sys.exit(main())
