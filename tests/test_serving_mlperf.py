"""MLPerf's server scenario as a target: the highest Poisson rate one copy serves within the
p99 TTFT and TPOT limits (mlcommons/inference loadgen/mlperf.conf), and the MLPerf v4.1 rows in
the calibration data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.load import MLPERF_SERVER_LIMITS, LatencyLimits, capacity, highest_rate, load_point
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.serving_step_costs import step_costs

@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


DATA = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "published-calibration.json"


def _copy(catalog, card="h200-sxm", batch=256, prompt=512, output=291):
    s = Scenario(model=preset("llama2-70b"), card_id=card, count=1, workload="inference", precision="fp8",
                 serving={"context": 2048, "prompt_tokens": prompt, "output_tokens": output, "concurrency": batch,
                          "max_batch": batch, "kv_precision": "fp8", "engine": "tensorrt-llm"})
    c = catalog.get(card)
    return step_costs(s, c, plan_serving(s, c), batch)


def test_mlperf_limits_are_those_of_loadgen():
    assert MLPERF_SERVER_LIMITS["llama2-70b"] == LatencyLimits(2000.0, 200.0)
    assert MLPERF_SERVER_LIMITS["llama2-70b-interactive"] == LatencyLimits(450.0, 40.0)
    assert MLPERF_SERVER_LIMITS["mixtral-8x7b"] == LatencyLimits(2000.0, 200.0)


def test_highest_rate_meets_the_limits_and_a_little_more_does_not(catalog):
    costs = _copy(catalog)
    limits = MLPERF_SERVER_LIMITS["llama2-70b-interactive"]
    point = highest_rate(costs, limits)
    assert point is not None and 0 < point.rate < capacity(costs)
    assert point.ttft_s[99] * 1000 <= limits.ttft_ms and point.tpot_s[99] * 1000 <= limits.tpot_ms
    above = load_point(costs, point.rate * 1.01)
    assert above.ttft_s[99] * 1000 > limits.ttft_ms or above.tpot_s[99] * 1000 > limits.tpot_ms


def test_looser_limits_allow_a_higher_rate(catalog):
    costs = _copy(catalog)
    tight = highest_rate(costs, MLPERF_SERVER_LIMITS["llama2-70b-interactive"])
    loose = highest_rate(costs, MLPERF_SERVER_LIMITS["llama2-70b"])
    assert loose.rate > tight.rate


def test_limits_no_rate_can_meet_give_none(catalog):
    assert highest_rate(_copy(catalog), LatencyLimits(1.0, 1.0)) is None


def test_mlperf_rows_carry_their_source_and_latencies():
    rows = [r for r in json.loads(DATA.read_text()) if r["id"].startswith("mlperf41-")]
    assert len(rows) >= 7
    for r in rows:
        assert "mlperf_log_summary.txt" in r["source"] and r["date"] == "2024-08-28"
        assert r["value"] == pytest.approx(r["samples_per_s"] * r["output_tokens_per_sample"], rel=1e-3)
        if "server" in r["id"]:
            assert r["latency_ms"]["ttft_p99"] <= 2000 and r["latency_ms"]["tpot_p99"] <= 200


def test_mlperf_server_rows_compared_for_latency_carry_their_arrival_rate():
    """The latencies are compared at loadgen's scheduled (Poisson arrival) rate, a little above the
    completed rate, which also counts the run's final drain."""
    rows = [r for r in json.loads(DATA.read_text()) if r["id"].startswith("mlperf41-l2-70b-") and "server" in r["id"]]
    assert len(rows) == 2
    for r in rows:
        assert r["samples_per_s"] < r["scheduled_samples_per_s"] < 1.02 * r["samples_per_s"]
