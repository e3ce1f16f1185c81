"""Proof of the promise (issue 26, part 6): a new workload family is one package and one registry
line. The toy family — batch embedding, ``tests/toy_family/`` — is added here with
:func:`configurator.core.workloads.register_family` and is estimated, ranked, written to JSON,
charted (the generic family view and the window's analysis) and summarised in English and Chinese,
with no file of the program naming it."""

from __future__ import annotations

import json
import math
import re
from datetime import date
from pathlib import Path

import pytest
from toy_family.estimate import FLOP_PER_PARAM_PER_TOKEN
from toy_family.family import EMBED, EmbeddingFamily

from configurator.core.analysis import analyse
from configurator.core.architecture import preset
from configurator.core.estimate import clear_estimate_memo, estimate
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.recommend import Objective, recommend
from configurator.core.scenario import Scenario, Workload, added_workload
from configurator.core.view.assumptions_view import assumptions_section
from configurator.core.view.estimate_view import estimate_view, family_tables, tables_of
from configurator.core.view.family_view import VIEWS, view_of
from configurator.core.view.rows import Amount, write
from configurator.core.workloads import FAMILIES, families, family_of, register_family, unregister_family
from configurator.report.render import to_markdown
from configurator.report.summary import build_summary

ROOT = Path(__file__).resolve().parents[1]
TOKENS = 1e10
"""Tokens to embed (the toy reads them from ``scenario.training.tokens``)."""


@pytest.fixture
def toy():
    """The toy family registered — the one registry line — and removed again afterwards."""
    family = register_family(EmbeddingFamily())
    yield family
    unregister_family(family)
    clear_estimate_memo()


@pytest.fixture
def job(toy):
    return Scenario(name="Embed a corpus", model=preset("llama3-8b"), workload="embed", card_id="l40s", count=2,
                    training={"tokens": TOKENS})


def test_one_package_and_one_registry_line(toy):
    """The toy lives in one package; nothing under configurator/ names it, its workload or its package."""
    package = ROOT / "tests" / "toy_family"
    assert sorted(p.name for p in package.glob("*.py")) == ["__init__.py", "estimate.py", "family.py"]
    named = re.compile(r"(?<!test_)toy_family|EmbeddingFamily|[\"']embed(ding)?[\"']")
    assert not [p for p in (ROOT / "configurator").rglob("*.py") if named.search(p.read_text(encoding="utf-8"))]
    assert family_of(EMBED) is toy and toy in families() and toy not in FAMILIES
    assert EMBED not in list(Workload)  # the window's and the CLI's choices stay the eight
    assert Workload("embed") is EMBED is added_workload("embed")


def test_registry_refuses_a_taken_workload_and_forgets_on_removal():
    with pytest.raises(ValueError, match="already have a family"):
        register_family(type("Again", (EmbeddingFamily,), {"workloads": frozenset({Workload.PRETRAIN}),
                                                            "default_classes": {Workload.PRETRAIN: ("training",)}})())
    family = register_family(EmbeddingFamily())
    unregister_family(family)
    with pytest.raises(KeyError):
        family_of(EMBED)


def test_estimated(job, catalog):
    card = catalog.get("l40s")
    est = estimate(job, card)
    assert est.fits and not est.violations
    per_card = card.peak_tflops(est.plan.math) * 1e12 * job.assumptions.matmul_efficiency / (
        FLOP_PER_PARAM_PER_TOKEN * job.model.active_params())
    assert est.tokens_per_s == pytest.approx(2 * per_card)
    assert est.throughput == est.speed.throughput and est.speed.unit == "tokens/s"
    assert est.hours == pytest.approx(TOKENS / (2 * per_card) / 3600)
    assert est.costs.per_million_tokens == pytest.approx(est.costs.total / (TOKENS / 1e6))
    assert estimate(job, card) is est  # through the one memo


def test_ranked(job, catalog):
    result = recommend(job, catalog, Objective.TCO)
    assert result.ranked and all(r.estimate.scenario.workload is EMBED for r in result.ranked)
    costs = [r.ownership_per_unit for r in result.ranked]  # the TCO of the whole bill per million tokens
    assert costs == sorted(costs) and all(c > 0 for c in costs)
    assert {r.card.category for r in result.ranked} <= {"inference", "training"}  # the family's default classes
    assert result.ranked[0].cost_unit == "million tokens"
    fastest = recommend(job, catalog, Objective.FASTEST).ranked
    assert [r.speed_figure for r in fastest] == sorted(r.speed_figure for r in fastest)


def test_written_to_json(job, catalog):
    est = estimate(job, catalog.get("l40s"))
    data = json.loads(json.dumps(estimate_to_dict(est, deployment_cost(est)), allow_nan=False))
    assert data["scenario"]["workload"] == "embed"
    assert data["performance"]["tokens_per_s"] == pytest.approx(est.tokens_per_s, rel=1e-5)
    assert data["performance"]["tokens_per_s_per_card"] == pytest.approx(est.tokens_per_s / 2, rel=1e-5)
    assert data["time"]["hours"] == pytest.approx(est.hours, rel=1e-5)
    assert data["time"]["gpu_hours"] == pytest.approx(2 * est.hours, rel=1e-5)
    assert data["cost"]["per_million_tokens"] == pytest.approx(est.costs.per_million_tokens, rel=1e-5)
    assert data["cost"]["period"] == "job" and data["layout"] is None
    assert data["bom"]["servers"] == 1 and data["bom"]["items"][0]["quantity"] == 2


def test_charted(toy, job, catalog):
    """No view of its own: the generic one, with the family's units; the window's analysis has its
    sweep over counts, memory curve and one cost point per card that does the job."""
    view = view_of(EMBED)
    assert toy.name not in VIEWS and view.family == toy.name
    analysis = analyse(job, catalog)
    est = analysis.estimate
    assert view.charts.second_value(est) == pytest.approx(est.hours)  # a job: time to finish [h]
    assert write(view.charts.cost_x_text(est.hours), "en") == write(Amount(est.hours, "h"), "en") == "3.35\u00a0days"
    assert write(view.ranking.speed_text(est), "zh_CN") == write(Amount(est.hours, "h"), "zh_CN")
    throughputs = [e.throughput for e in analysis.by_count]
    assert throughputs == sorted(throughputs) and len(throughputs) > 3
    points = analysis.catalog_points
    assert points and all(p.x_unit == "h" and p.cost_unit == "job" and p.cost > 0 for p in points)
    assert analysis.memory_curve.totals and all(math.isfinite(t) for t in analysis.memory_curve.totals)


def test_shown_without_tables_of_its_own(toy, job, catalog):
    """The estimate's view and the assumptions fall back to what the family declares."""
    est = estimate(job, catalog.get("l40s"))
    assert tables_of(est) == family_tables(toy)
    view = estimate_view(est)
    assert view.good
    speed = {row.key: write(row.value, "en") for section in view.sections for row in section.rows
             if section.key == "speed"}
    assert set(speed) == {"throughput", "per_card", "limiting", "hours", "gpu_hours"}
    assert speed["throughput"].endswith("tokens/s") and speed["limiting"] == "compute"
    rows = {row.key for row in assumptions_section(est).rows}
    assert {"efficiencies", "overheads", "facility", "prices"} <= rows  # it runs a model: the model's defaults


@pytest.mark.parametrize(("language", "speed", "job_time"), [("en", "Throughput", "Time for the job"),
                                                               ("zh_CN", "吞吐量", "完成任务所需时间")])
def test_summarised(job, catalog, language, speed, job_time):
    est = estimate(job, catalog.get("l40s"))
    summary = build_summary(est, catalog, language, today=date(2026, 12, 2))
    text = to_markdown(summary)
    assert speed in text and job_time in text
    assert summary.alternatives and all(e.scenario.workload is EMBED for e in summary.alternatives)
    assert summary.cost.ranked_per_unit > 0
