"""Buyers' questions as the command line asks them, and the scenario each becomes (shared by the
serving deployment search's tests: tests/test_serving_tiebreak.py, test_serving_shapes.py,
test_pools_floor.py and test_serving_fewest_shared.py)."""

from __future__ import annotations

import contextlib
import io

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.catalog import Catalog
from configurator.core.scenario import Scenario

README_SERVING = ("recommend", "--workload", "inference", "--model", "llama3-70b", "--concurrency", "200",
                  "--requests-per-s", "20", "--tpot-ms", "50", "--objective", "cloud")
"""The README's serving question: Llama 3 70B for 200 users at 20 requests/s, under 50 ms per token, on cloud rent."""

CHINESE_BUYER = ("recommend", "--workload", "inference", "--model", "llama3-70b", "--requests-per-s", "10",
                 "--region", "cn", "--budget", "3000000", "--currency", "CNY")
"""The Chinese procurement officer's question: Llama 3 70B at 10 requests/s, no user count, delivery to
mainland China, a 3,000,000 CNY budget."""


def question_scenario(argv: tuple[str, ...], catalog: Catalog) -> Scenario:
    """The scenario ``argv`` (a ``recommend`` command line) asks about, with its constraints."""
    args = build_parser().parse_args(list(argv))
    return with_constraints(scenario_from_args(args, catalog), args)


def cli_text(*argv: str) -> str:
    """What the command line ``argv`` prints, asserting it exits 0 (shared by tests/test_no_load_given.py and
    test_slow_end_count.py)."""
    from configurator.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()
