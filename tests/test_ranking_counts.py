"""The lines under the ranking speak at the percentile the targets are checked at, and no absurd
fleet reads as offered (session 34, oddcounts): "a latency target under 38.4 ms" was the median
beside "[met] … 42.5 ms at p90"; the fastest option was "88 × H20" at ten times the winner's cost;
"4,096 × L4" below the line and "1,240 × Tesla V100" without a price read as fleets to buy."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import Catalog, load_bundled_catalog
from configurator.core.message_numbers import fraction_param
from configurator.core.recommend import (
    FASTEST_OPTION_WITHIN,
    OVERSIZED_FLEET,
    Objective,
    cost_basis,
    fastest_option,
    load_multiple,
    recommend,
    smallest_copy,
)
from configurator.core.scenario import Scenario
from configurator.core.view.price_view import unpriced_value
from configurator.core.view.rows import write

CATALOG = load_bundled_catalog()
AUTO = ("cp", "disaggregated", "ep", "grad_accum", "max_batch", "max_batched_tokens", "micro_batch", "pp",
        "recompute", "tp", "vp", "zero")


@pytest.fixture(scope="module")
def chat_result():
    """``recommend --workload inference --model llama3-8b --concurrency 200`` (chat's p90 targets)."""
    scenario = Scenario(model=preset("llama3-8b"), workload="inference", serving={"concurrency": 200},
                        auto_layout=AUTO)
    return recommend(scenario, CATALOG, Objective.TCO)


@pytest.fixture(scope="module")
def api_result():
    """The API report's load: Llama 3 70B in FP8, 20 requests/s, 500 ms / 50 ms at p99."""
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", precision="fp8", serving={"use": "api"},
                        constraints={"requests_per_s": 20.0, "ttft_ms": 500.0, "tpot_ms": 50.0,
                                     "latency_percentile": 99}, auto_layout=AUTO)
    return recommend(scenario, CATALOG, Objective.TCO)


def _tpot_verdict(rec):
    return next(v for v in rec.estimate.verdicts if v.id == "tpot")


@pytest.mark.parametrize("fixture", ["chat_result", "api_result"])
def test_the_latency_line_is_said_at_the_percentile_the_target_is_checked_at(request, fixture):
    result = request.getfixturevalue(fixture)
    best = result.best
    line = next(m for m in best.reasons if m.id == "reason-latency-changes")
    verdict = _tpot_verdict(best)
    assert line.params["percentile"] == verdict.basis
    assert line.params["chosen_ms"] == pytest.approx(verdict.actual, rel=5e-3)  # the verdict's figure, not the median
    assert line.params["chosen_ms"] > best.speed_figure * 1000 * 1.01  # the tail sits above the median here
    fastest = fastest_option(best, result.considered, result.objective)
    assert line.params["ms"] == pytest.approx(_tpot_verdict(fastest).actual, rel=5e-3)
    written = format(fraction_param(line.params["chosen_ms"]), "latency")  # as the table writes the latency
    assert f"a {verdict.basis} per-token target under {written}" in line.text
    assert f"{verdict.basis} 每词元延迟目标低于" in line.text_in("zh_CN")


def test_the_fastest_option_costs_at_most_twice_the_first(api_result):
    best = api_result.best
    basis = cost_basis(api_result.objective)
    fastest = fastest_option(best, api_result.considered, api_result.objective)
    assert fastest is not None and fastest.cost_on(basis) <= FASTEST_OPTION_WITHIN * best.cost_on(basis)
    quicker = [r for r in api_result.considered if _tpot_verdict(r).actual < _tpot_verdict(fastest).actual]
    # none quicker since session 37 (goodput ranking, smaller fabrics): the fastest of all is within twice
    assert all(r.cost_on(basis) > FASTEST_OPTION_WITHIN * best.cost_on(basis) for r in quicker)
    line = next(m for m in best.reasons if m.id == "reason-latency-changes")
    assert line.params["card"] == fastest.card.name and line.params["count"] == fastest.count
    assert line.text.startswith("The fastest option at up to twice the first's cost, ")


def test_a_fleet_far_beyond_the_load_below_the_line_says_so(api_result):
    oversized = [r for r in api_result.below_line if (load_multiple(r.estimate) or 0) > OVERSIZED_FLEET]
    assert any(r.card.id == "l4" for r in oversized)
    for rec in api_result.below_line:
        first = rec.reasons[0]
        miss = rec.estimate.violations[0].message
        if rec in oversized and rec.count > smallest_copy(rec.estimate):
            assert first.id == "below-line-oversized" and first.params["miss"] == miss
            assert first.text.startswith(f"Even {rec.count:,} × {rec.card.name}, carrying ")
            assert first.text.endswith(miss.text) and first.text_in("zh_CN").startswith("即使")
        else:
            assert first == miss


@pytest.fixture(scope="module")
def api_result_v100_unpriced():
    """The API load with the V100 SXM2 32GB bought at no price (its catalog purchase price, added in
    session 35, left out): a fleet only the latency target sizes, to buy at no known price."""
    cards = tuple(c.model_copy(update={"prices": tuple(p for p in c.prices if p.kind == "cloud-hourly")})
                  if c.id == "v100-sxm-32gb" else c for c in CATALOG.cards)
    catalog = Catalog(cards=cards, version=CATALOG.version, date=CATALOG.date)
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", precision="fp8", serving={"use": "api"},
                        constraints={"requests_per_s": 20.0, "ttft_ms": 500.0, "tpot_ms": 50.0,
                                     "latency_percentile": 99}, auto_layout=AUTO)
    return recommend(scenario, catalog, Objective.TCO)


def test_a_fleet_without_a_price_that_only_latency_sizes_says_so(api_result_v100_unpriced):
    api_result = api_result_v100_unpriced
    v100 = next(r for r in api_result.unpriced if r.card.id == "v100-sxm-32gb")
    assert load_multiple(v100.estimate) > OVERSIZED_FLEET and v100.count > smallest_copy(v100.estimate)
    note = v100.reasons[1]
    assert note.id == "unpriced-oversized" and note.params["why"] == v100.reasons[0]
    assert v100.reasons[0].id == "no-price"  # the JSON's reason is still why it is unranked
    shown = write(unpriced_value(v100), "en")
    assert shown.startswith(f"{v100.count:,} × ") and "not a fleet to buy for this load" in shown
    assert "不宜为此负载采购" in write(unpriced_value(v100), "zh_CN")
    for rec in api_result.unpriced:  # a rack sold whole is its own size, not the target's
        if rec.count <= smallest_copy(rec.estimate):
            assert all(m.id != "unpriced-oversized" for m in rec.reasons)


def test_the_summary_and_panel_cell_of_such_a_fleet_says_it_is_none_to_buy(api_result_v100_unpriced):
    from configurator.core.recommend import oversized_fleet

    api_result = api_result_v100_unpriced

    v100 = next(r for r in api_result.unpriced if r.card.id == "v100-sxm-32gb")
    cell = oversized_fleet(v100.estimate)
    assert cell is not None and cell.params["ratio"] == pytest.approx(load_multiple(v100.estimate))
    assert cell.text.startswith("not ranked, and no fleet to buy: it carries ")
    assert cell.text_in("zh_CN").startswith("未排名，且不宜采购")
    assert oversized_fleet(api_result.best.estimate) is None  # the winner carries the load at ~1.2×
