"""A training card chosen for serving is compared on the cost the buyer ranks by (session 43): the window
ranking by cloud rent (4 × T4 first) said "2 × L4 carries the same load 92 % cheaper per token in total cost
of ownership" beside it."""

from __future__ import annotations

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_catalog
from configurator.core.mismatch import mismatch
from configurator.core.recommend import Objective


@pytest.fixture(scope="module")
def h100_serving():
    catalog = load_catalog()
    argv = ["estimate", "--workload", "inference", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "1"]
    return scenario_from_args(build_parser().parse_args(argv), catalog), catalog


@pytest.mark.parametrize(("objective", "basis"), [(Objective.TCO, "total cost of ownership"),
                                                  (Objective.CLOUD, "on cloud rent")])
def test_the_serving_mismatch_compares_on_the_cost_ranked_by(h100_serving, objective, basis):
    scenario, catalog = h100_serving
    said = mismatch(scenario, catalog, None, objective)
    assert said is not None and basis in said.text
