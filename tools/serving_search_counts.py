"""How much work a serving recommendation's deployment searches do, card by card (issue 28).

For one cold ``recommend`` of a serving question over the whole catalog, counts per card and per
phase of :mod:`configurator.core.workloads.serving.deployment`:

- ``floor``: the doubling loop's counts shown short of the stated rate without a plan
  (``short_at_count``, :mod:`configurator.core.workloads.serving.count_floor`: its own cost);
- ``loop``: the doubling over :data:`~configurator.core.workloads.serving.deployment.SERVING_COUNTS`
  (``estimated_unless_carrying`` at each count);
- ``bisect``: the bisection below the first count that carries (``_fewest_carrying``);
- ``fewer``: fewer cards with separate pools, sized shape by shape (``_fewest_pooled``, the
  whole search at the count it finds included);
- ``engine``: the engine step and pools searched at the fewest (``_with_engine_search``);
- ``closest``: the closest configuration where no count carries (``closest_serving_deployment``);

each as: serving searches (``search_serving``), layout searches (``planned_layout``), copies timed
(``replica_speed``, each distinct copy once: the copies memo) and CPU milliseconds. Counts are
deterministic (the same on any machine), the milliseconds are not. The functions are wrapped for
the run (their module attributes replaced, nothing else changed), so the answer is the one
``recommend`` gives.

Usage: ``.venv/bin/python tools/serving_search_counts.py [recommend options]`` — by default the
README's serving question (``tools/readme_blocks.py``), e.g.
``tools/serving_search_counts.py --workload inference --model llama3-8b --concurrency 64
--requests-per-s 10 --tpot-ms 30 --region cn --currency CNY``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from configurator.core.catalog import Card, load_bundled_catalog
from configurator.core.estimate import clear_estimate_memo
from configurator.core.recommend import Objective, recommend
from configurator.core.scenario import Scenario
from configurator.core.workloads.serving import deployment, plan
from configurator.core.workloads.serving import estimate as serving_estimate

PHASES = {"short_at_count": "floor", "estimated_unless_carrying": "loop", "_fewest_carrying": "bisect", "_fewest_pooled": "fewer",
          "_with_engine_search": "engine", "closest_serving_deployment": "closest"}
"""Deployment-search functions wrapped, and the phase each call's work is counted in."""

COUNTED = {"search_serving": (plan, "searches"), "planned_layout": (plan, "layouts"),
           "replica_speed": (serving_estimate, "timed")}
"""Functions whose calls are counted: where they are looked up (the module whose attribute is
replaced), and the column."""


class Tally:
    """Calls and CPU time per card and phase."""

    def __init__(self) -> None:
        self.card = "-"
        self.phase = ["other"]
        self.counts: dict[str, dict[str, defaultdict[str, float]]] = defaultdict(
            lambda: defaultdict(lambda: defaultdict(float)))

    def phased(self, name: str, fn: Callable) -> Callable:
        """``fn``, its work counted in the phase :data:`PHASES` names (the outermost phase kept)."""
        def wrapped(*args, **kwargs):
            card = next((a for a in args if isinstance(a, Card)), None)
            if card is not None and self.phase == ["other"]:
                self.card = card.id
            self.phase.append(PHASES[name] if self.phase[-1] == "other" else self.phase[-1])
            start = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                phase = self.phase.pop()
                if self.phase[-1] == "other":
                    self.counts[self.card][phase]["ms"] += (time.process_time() - start) * 1e3
        return wrapped

    def counted(self, column: str, fn: Callable) -> Callable:
        """``fn``, its calls counted in ``column`` of the current card and phase."""
        def wrapped(*args, **kwargs):
            self.counts[self.card][self.phase[-1]][column] += 1
            return fn(*args, **kwargs)
        return wrapped


def question(argv: list[str]) -> tuple[Scenario, Objective]:
    """The scenario and objective of ``gpu-configurator recommend`` with ``argv`` (the README's
    serving question when empty)."""
    from configurator.cli import build_parser
    from configurator.cli_scenario import scenario_from_args, with_constraints

    if not argv:
        tools = Path(__file__).resolve().parent
        sys.path.insert(0, str(tools))
        from readme_blocks import QUESTIONS

        argv = list(next(q.argv for q in QUESTIONS if "inference" in q.argv))[1:]
    args = build_parser().parse_args(["recommend", *argv])
    return with_constraints(scenario_from_args(args, load_bundled_catalog()), args), Objective(args.objective)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     usage="%(prog)s [recommend options, default: the README's serving question]")
    _, rest = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    scenario, objective = question(rest)
    catalog = load_bundled_catalog()
    recommend(scenario.model_copy(), catalog, objective)  # file loads (presets, price book) out of the count
    tally = Tally()
    for name in PHASES:
        setattr(deployment, name, tally.phased(name, getattr(deployment, name)))
    for name, (module, column) in COUNTED.items():
        setattr(module, name, tally.counted(column, getattr(module, name)))
    clear_estimate_memo()
    start = time.process_time()
    result = recommend(Scenario.model_validate_json(scenario.model_dump_json()), catalog, objective)
    total = (time.process_time() - start) * 1e3
    columns = ("searches", "layouts", "timed", "ms")
    phases = list(dict.fromkeys(PHASES.values())) + ["other"]
    print(f"{'card':30}" + "".join(f"{p:>22}" for p in phases) + f"{'all':>22}")
    print(" " * 30 + "".join(f"{'srch/lay/timed  ms':>22}" for _ in range(len(phases) + 1)))
    sums: dict[str, defaultdict[str, float]] = defaultdict(lambda: defaultdict(float))

    def cell(c: dict[str, float]) -> str:
        return f"{c['searches']:5.0f}/{c['layouts']:4.0f}/{c['timed']:5.0f} {c['ms']:5.0f}"

    for card, by_phase in sorted(tally.counts.items(), key=lambda kv: -sum(p["ms"] for p in kv[1].values())):
        whole: defaultdict[str, float] = defaultdict(float)
        for phase, c in by_phase.items():
            for k in columns:
                whole[k] += c[k]
                sums[phase][k] += c[k]
                sums["all"][k] += c[k]
        print(f"{card:30}" + "".join(f"{cell(by_phase.get(p, defaultdict(float))):>22}" for p in phases)
              + f"{cell(whole):>22}")
    print(f"{'all cards':30}" + "".join(f"{cell(sums[p]):>22}" for p in phases) + f"{cell(sums['all']):>22}")
    print(f"\nrecommend: {total:.0f} ms CPU with the counting; first: "
          + ", ".join(f"{r.count} x {r.card.id}" for r in result.ranked[:3]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
