"""The fewest cards the training deployment search offers against an exhaustive search.

For each training question and each catalog card with a training rate: the fewest whole servers
:func:`~configurator.core.workloads.training.deployment.training_deployments` finds to meet every
constraint, against the fewest found by trying every whole-server count between the ladder's
count below the first that meets and that one (each count's layouts searched, counts that cannot
meet the deadline even at the card's peak skipped). Prints one row per card where they differ, a
count of those that agree and of those more than :data:`FAR_OFF` cards off; asserts nothing. The
exhaustive search is not the product's (it costs ~10 ms a count).

Usage: ``.venv/bin/python benchmarks/fewest_counts.py [--readme] [--cards ID,...] [--save FILE] [--against FILE]``

``--save`` writes every card-question's row (offered, exhaustive, counts tried) as JSON lines;
``--against`` reads the exhaustive fewest from such a file instead of searching every count again
(it does not move with the product's search), so a change to the search is compared in minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from speed import CATALOG, readme_questions  # noqa: E402

from configurator.cli import build_parser  # noqa: E402
from configurator.cli_scenario import scenario_from_args, with_constraints  # noqa: E402
from configurator.core.estimate import clear_estimate_memo  # noqa: E402
from configurator.core.precision import plan_training  # noqa: E402
from configurator.core.workloads.checks import constraint_ids  # noqa: E402
from configurator.core.workloads.layout import TRAINING_COUNTS, plannable, whole_system_counts  # noqa: E402
from configurator.core.workloads.training import deployment  # noqa: E402

EXTRA = {
    "8B 1T 20d": "--workload pretrain --model llama3-8b --tokens 1T --seq 8192 --recipe megatron-mixed "
                 "--deadline 20d",
    "7B 2T 45d": "--workload pretrain --model llama2-7b --tokens 2T --seq 4096 --recipe megatron-mixed --deadline 45d",
    "Qwen 14B 1T 30d": "--workload pretrain --model qwen2.5-14b --tokens 1T --seq 4096 --deadline 30d",
    "70B 1T 60d": "--workload pretrain --model llama3-70b --tokens 1T --seq 8192 --recipe megatron-mixed "
                  "--deadline 60d",
    "70B 2T 120d bf16": "--workload pretrain --model llama3-70b --tokens 2T --seq 4096 --deadline 120d",
    "405B 15T 180d": "--workload pretrain --model llama3.1-405b --tokens 15T --seq 8192 --recipe megatron-mixed "
                     "--deadline 180d",
    "Mixtral 1T 30d": "--workload pretrain --model mixtral-8x7b --tokens 1T --seq 4096 --deadline 30d",
}
"""Training questions besides the README's: ``recommend`` arguments."""


FAR_OFF = 8
"""Cards above the fewest of every count beyond which a card-question is counted far off (one
server of 8) [count]."""


def questions(readme_only: bool) -> dict:
    """The questions asked: the README's training ones and (unless ``readme_only``) :data:`EXTRA`."""
    asked = {w: s for w, (s, _) in readme_questions().items() if s.workload.is_training}
    if not readme_only:
        for words, argv in EXTRA.items():
            args = build_parser().parse_args(["recommend", *argv.split()])
            asked[words] = with_constraints(scenario_from_args(args, CATALOG), args)
    return asked


def offered_fewest(scenario, card) -> tuple[int | None, list[int]]:
    """(fewest whole servers the search offers that meet every constraint, the counts of every
    deployment it offers) [count]."""
    counts = whole_system_counts(card, TRAINING_COUNTS)
    clear_estimate_memo()
    found = deployment.training_deployments(scenario, card, counts=counts)
    meeting = [e.scenario.count for e in found if not constraint_ids(e)]
    return min(meeting, default=None), meeting


def fewest(scenario, card) -> tuple[int | None, int | None, int]:
    """(fewest the search offers, fewest of every whole-server count in the bracket, counts tried)."""
    counts = whole_system_counts(card, TRAINING_COUNTS)
    offered, meeting = offered_fewest(scenario, card)
    if offered is None:
        return None, None, 0
    ladder_met = min(n for n in meeting if n in counts) if any(n in counts for n in meeting) else offered
    below = [n for n in counts if n < ladder_met]
    if not below:
        return offered, offered, 0
    base = plannable(scenario, card)
    unit = deployment.server_unit(base, counts)
    floor = below[-1]
    tried = list(deployment._tried_counts(base, card, range(floor - floor % unit + unit, ladder_met, unit)))
    best = ladder_met
    for n in tried:  # one at a time, ascending: stop at the first that meets
        clear_estimate_memo()
        known = deployment._evaluated(base, card, [n], {})
        if deployment._meets(known[n]):
            best = n
            break
    return offered, best, len(tried)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--readme", action="store_true", help="the README's training questions only")
    parser.add_argument("--cards", help="comma-separated card ids (default: every card with a training rate)")
    parser.add_argument("--save", help="write every card-question's row to this file (JSON lines)")
    parser.add_argument("--against", help="read the exhaustive fewest from a --save file instead of searching")
    args = parser.parse_args(argv)
    known = {}
    if args.against:
        with open(args.against, encoding="utf-8") as f:
            known = {(r["question"], r["card"]): r for r in map(json.loads, f)}
    saved = open(args.save, "w", encoding="utf-8") if args.save else None
    agree = differ = far = excess = 0
    for words, scenario in questions(args.readme).items():
        ids = args.cards.split(",") if args.cards else CATALOG.ids()
        cards = [CATALOG.get(c) for c in ids]
        for card in cards:
            if plan_training(card, scenario.precision).math is None:
                continue
            if (words, card.id) in known:
                offered, best, tried = offered_fewest(scenario, card)[0], *(known[words, card.id][k]
                                                                         for k in ("exhaustive", "tried"))
            else:
                offered, best, tried = fewest(scenario, card)
            if saved:
                saved.write(json.dumps({"question": words, "card": card.id, "offered": offered, "exhaustive": best,
                                        "tried": tried}) + "\n")
            if offered is not None and best is not None:
                excess += offered - best
            if offered == best:
                agree += 1
                continue
            differ += 1
            far += offered is None or best is None or offered - best > FAR_OFF
            print(f"{words:20} {card.id:22} offered {offered} exhaustive {best} ({tried} counts)", flush=True)
    print(f"agree {agree}, differ {differ} (more than {FAR_OFF} cards off: {far}), "
          f"cards above the fewest summed {excess}")
    if saved:
        saved.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
