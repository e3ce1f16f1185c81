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


def test_a_one_off_job_says_what_it_costs_bought_for_it_and_rented(catalog):
    """20,000 frames in 72 h on 16 RTX PRO 6000: the TCO per frame (0.037 USD) spreads 4 years of
    ownership over 4 years of such jobs; this job alone, its cards and servers bought for it, is the capex
    plus its energy over its frames (12.7 USD a frame: 11.5 before the render servers' 25 GbE switch pair,
    24,000 USD, session 41), rented 0.096 USD a frame."""
    from configurator.core.job_alone import job_alone, job_alone_reason
    from configurator.core.procurement.deployment import deployment_cost
    est = _render(catalog, "--deadline", "72h")
    cost = deployment_cost(est)
    job = job_alone(est, cost)
    assert job.work == 20000 and job.capex == cost.ownership.capex
    assert job.bought_per_unit == (cost.ownership.capex + est.costs.energy) / 20000
    assert job.rented_per_unit == est.costs.cloud / 20000
    assert job.bought_per_unit > 100 * cost.per_unit  # the amortised figure is not the job's
    said = job_alone_reason(est, cost)
    assert "This job alone" in said.text and "all 4 years" in said.text
    assert "仅此一项任务" in said.text_in("zh_CN")
    assert _rows(est)["job_alone_per_unit"].startswith("12.7")


def test_the_ranking_labels_the_amortised_figure_and_says_the_job_alone(catalog):
    from configurator.core.view.cost_bases import per_unit_label
    from configurator.core.scenario import Workload
    pace = family_of(Workload.RENDER).pace
    assert "if the cards render at this pace all 4 years" in write(per_unit_label("frame", "tco", 4, pace), "en")
    assert "按此节奏渲染" in write(per_unit_label("frame", "tco", 4, pace), "zh_CN")
    assert "if the cards" not in write(per_unit_label("user-month", "tco", 4, family_of(Workload.VDI).pace), "en")


def test_work_that_runs_on_has_no_job_alone_figure(catalog):
    from configurator.core.job_alone import job_alone
    from configurator.core.procurement.deployment import deployment_cost
    args = build_parser().parse_args(["estimate", "--workload", "vdi", "--users", "100", "--card", "l4",
                                      "--count", "5"])
    est = estimate(scenario_from_args(args, catalog), catalog.get("l4"))
    assert job_alone(est, deployment_cost(est)) is None


def test_the_summary_says_the_job_alone_beside_the_tco(catalog):
    from configurator.report.summary import build_summary
    est = _render(catalog, "--deadline", "72h")
    text = "\n".join(" ".join(map(str, row)) for t in build_summary(est, catalog).tables for row in t.rows)
    assert "this job alone, its cards and servers bought for it" in text
    assert "if the cards render at this pace all 4 years" in text


def test_the_job_alone_row_below_one_unit_keeps_three_significant_digits(catalog):
    """Persona 10 (session 40): 8 × H100 pre-training llama3-8b on 1T tokens read "0.33 USD" on the
    estimate's row and "0.335 USD" in the summary for the same 0.3347 USD per million tokens: the row
    writes a per-unit amount as the cost-per-unit row beside it does."""
    args = build_parser().parse_args(["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--tokens",
                                      "1T", "--card", "h100-sxm", "--count", "8"])
    est = estimate(with_constraints(scenario_from_args(args, catalog), args), catalog.get("h100-sxm"))
    from configurator.core.job_alone import job_alone
    from configurator.core.procurement.deployment import deployment_cost
    job = job_alone(est, deployment_cost(est))
    assert 0.1 < job.bought_per_unit < 1, "the case must sit below one unit; choose another"
    assert _rows(est)["job_alone_per_unit"].startswith(f"{job.bought_per_unit:.3f}")
