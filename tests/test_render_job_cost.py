"""A render job's answers a graphics buyer would sign (persona check, session 35): the job's time in
its deadline's unit on every row."""

from __future__ import annotations

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.estimate import estimate
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.rows import write
from configurator.core.workloads import family_of


def _render(catalog, *extra: str):
    args = build_parser().parse_args(["estimate", "--workload", "render", "--frames", "20000",
                                      "--card", "rtx-pro-6000-blackwell", "--count", "16", *extra])
    scenario = with_constraints(scenario_from_args(args, catalog), args)
    return estimate(scenario, catalog.get("rtx-pro-6000-blackwell"))


def _rows(est, language="en"):
    return {row.key: write(row.value, language) for section in estimate_view(est).sections for row in section.rows}


def test_the_jobs_time_is_said_in_its_deadlines_unit(catalog):
    """A 40 h deadline: the job's 70.7 h read "2.95 days" beside "misses the 40 h deadline by 31 h"."""
    est = _render(catalog, "--deadline", "40h")
    assert _rows(est)["hours"].endswith("h") and "days" not in _rows(est)["hours"]
    reason = family_of(est.scenario.workload).limit_reason(est)
    assert " h for the job" in reason.text and "days" not in reason.text
    days = _render(catalog, "--deadline", "72h")
    assert _rows(days)["hours"].endswith("days")
    assert "days for the job" in family_of(days.scenario.workload).limit_reason(days).text
    assert "天" in _rows(days, "zh_CN")["hours"]
