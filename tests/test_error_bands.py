"""Every estimate with its error band (issue 14, part 9): the bundled bands are what the
calibration data gives today, and the band arithmetic is right."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

from configurator.core import uncertainty
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))


def _json(est):
    """The estimate's JSON with its deployment cost."""
    return estimate_to_dict(est, deployment_cost(est))


import refresh_error_bands  # noqa: E402

CATALOG = load_bundled_catalog()


def _estimate(**parts):
    s = Scenario(model=preset(parts.pop("model")), auto_layout=LAYOUT_FIELDS, **parts)
    return estimate(s, CATALOG.get(s.card_id))


def test_bundled_bands_are_what_refresh_writes_from_the_current_data():
    """A formula change that moves the residuals fails here until the bands are refreshed
    deliberately (python tools/refresh_error_bands.py)."""
    bundled = json.loads((ROOT / "resources" / "error_bands.json").read_text(encoding="utf-8"))
    fresh = refresh_error_bands.document(*refresh_error_bands.inputs())  # leave-one-source-out: minutes
    if fresh["data_date"] is None:  # outside a git checkout the date cannot be recomputed
        fresh["data_date"] = bundled["data_date"]
    assert bundled == fresh, "resources/error_bands.json is stale: run python tools/refresh_error_bands.py"


def test_band_is_the_10th_to_90th_percentile_of_the_log_ratio():
    # ln ratios -0.4 .. 0.5 in steps of 0.1: the inclusive 10th percentile is -0.31, the 90th 0.41
    residuals = [(f"r{k}", k / 10 - 0.4) for k in range(10)]
    b = refresh_error_bands.band(residuals)
    assert b["low_factor"] == pytest.approx(math.exp(-0.31), abs=1e-4)
    assert b["high_factor"] == pytest.approx(math.exp(0.41), abs=1e-4)
    assert b["rows"] == 10 and b["row_ids"][0] == "r0" and "caveat" not in b


def test_a_band_whose_percentiles_lie_on_one_side_is_widened_to_hold_the_estimate():
    # ln ratios 0.0 .. 0.9: percentiles 0.09 and 0.81, both above the estimate (factor 1)
    b = refresh_error_bands.band([(f"r{k}", k / 10) for k in range(10)])
    assert b["low_factor"] == 1.0
    assert b["high_factor"] == pytest.approx(math.exp(0.81), abs=1e-4)
    assert "×1.094–×2.248" in b["caveat"] and "widened to hold it" in b["caveat"]


def test_a_time_row_of_a_rate_kind_is_inverted():
    row = refresh_error_bands.accuracy.Row("x", "y", "train-throughput", "s/iteration", predicted=2.0, measured=1.0)
    assert refresh_error_bands.residual(row, "rate") == pytest.approx(math.log(2.0))  # twice as fast as predicted
    rate = refresh_error_bands.accuracy.Row("x", "y", "decode", "tokens/s at batch 1", predicted=100.0, measured=50.0)
    assert refresh_error_bands.residual(rate, "time") == pytest.approx(math.log(2.0))  # each token takes twice as long
    with pytest.raises(ValueError):
        refresh_error_bands.row_sense("furlongs per fortnight")


def test_scaled_range_of_a_value_and_of_its_inverse():
    assert uncertainty.scaled_range(10.0, 0.8, 1.25) == pytest.approx((8.0, 12.5))
    # a time from a throughput 0.8 .. 1.25 × the estimate takes 10 / 1.25 .. 10 / 0.8
    assert uncertainty.scaled_range(10.0, 0.8, 1.25, inverse=True) == pytest.approx((8.0, 12.5))
    assert uncertainty.scaled_range(10.0, 0.9, 1.1, inverse=True) == pytest.approx((10 / 1.1, 10 / 0.9))


def test_scale_buckets():
    assert [uncertainty.scale_bucket(n) for n in (1, 2, 64, 65, 4096)] == ["1", "2-64", "2-64", ">64", ">64"]


def test_a_bucket_with_few_rows_falls_back_to_its_kind_and_says_so():
    bands = uncertainty.error_bands()["kinds"]
    for kind in bands.values():
        for scale in kind["scales"].values():
            if "fallback" in scale:
                assert scale["rows"] == kind["all"]["rows"] and "fewer than 5" in scale["fallback"]
            else:
                assert scale["rows"] >= 5


def test_training_estimate_bands_follow_the_throughput_rows():
    est = _estimate(model="llama3-8b", workload="pretrain", card_id="h100-sxm", count=8,
                    training={"tokens": 1e10, "seq_len": 4096})
    bands = uncertainty.headline_bands(est)
    entry = uncertainty.error_bands()["kinds"]["train-throughput"]["scales"]["2-64"]
    t = est.training
    assert bands["tokens_per_s"].low == pytest.approx(t.tokens_per_s * entry["low_factor"])
    assert bands["hours"].low == pytest.approx(t.hours / entry["high_factor"])
    assert bands["hours"].high == pytest.approx(t.hours / entry["low_factor"])
    assert bands["hours"].row_ids == tuple(entry["row_ids"]) and bands["hours"].scale == "2-64"
    assert bands["memory_total"].kind == "memory"


def test_serving_bands_and_json_ranges():
    est = _estimate(model="llama3-8b", workload="inference", card_id="h100-sxm", count=1)
    bands = uncertainty.headline_bands(est)
    assert {bands["ttft_s"].kind, bands["tpot_s"].kind, bands["tokens_per_s"].kind} == {
        "prefill", "decode", "serving-throughput"}
    out = _json(est)
    low, high = out["performance"]["tpot_s_range"]
    assert low == pytest.approx(bands["tpot_s"].low, rel=1e-5) and high == pytest.approx(bands["tpot_s"].high, rel=1e-5)
    assert out["error_bands"]["bands"]["tpot_s"]["row_ids"] == list(bands["tpot_s"].row_ids)
    assert out["error_bands"]["low_percentile"] == 10 and out["error_bands"]["not_calibrated"] is None
    assert out["time"]["hours_range"] is None


def test_graphics_numbers_have_no_band():
    est = _estimate(model="llama3-8b", workload="vdi", card_id="l40s", count=1)
    assert uncertainty.headline_bands(est) == {}
    out = _json(est)
    assert out["memory"]["total_range"] is None
    assert out["error_bands"]["not_calibrated"] == uncertainty.NO_CALIBRATION


def test_results_panel_shows_the_likely_range_and_names_the_rows(qtbot):
    from configurator.app.results_panel import ResultsPanel
    from configurator.core.analysis import Analysis

    est = _estimate(model="llama3-8b", workload="pretrain", card_id="h100-sxm", count=8,
                    training={"tokens": 1e11, "seq_len": 4096})
    panel = ResultsPanel()
    qtbot.addWidget(panel)
    panel.update_from(Analysis(est, (), (), None, ()))
    band = uncertainty.headline_bands(est)["hours"]
    field = panel.values["Time for the token budget"]
    assert "(likely " in field.text() and "days)" in field.text()
    assert f"{band.rows} rows" in field.toolTip() and f"{band.held_out_rows} of them held out" in field.toolTip()
    from configurator.core.view.rows import named_rows
    assert named_rows(band)[0] in field.toolTip()  # by name: a held-out row by its preset's name
    assert "(likely " in panel.values["Memory per card"].text()
    graphics = _estimate(model="llama3-8b", workload="vdi", card_id="l40s", count=1)
    panel.update_from(Analysis(graphics, (), (), None, ()))
    assert "likely" not in panel.values["Memory per card"].text()
    assert "No calibration data" in panel.values["Memory per card"].toolTip()


def test_the_band_pools_out_of_sample_calibration_rows_with_held_out_rows():
    """Issue 27, part 6: each calibration row is read at its leave-one-source-out prediction (one without it is
    left out), each held-out row at its shipped one; both kinds of row are counted and named."""
    Row = refresh_error_bands.accuracy.Row
    calibration = [Row("published", "a", "decode", "ms TPOT", predicted=1.0, measured=2.0, publication="p"),
                   Row("published", "b", "decode", "ms TPOT", predicted=1.0, measured=1.0, publication="q")]

    class Held:  # the fields of loso.Held the pool reads
        def __init__(self, row, predicted):
            self.row, self.predicted = row, predicted

    held = {"a": Held(calibration[0], 1.5), "b": Held(calibration[1], None)}
    outside = [Row("held-out", "c", "decode", "ms TPOT", predicted=1.0, measured=1.2, publication="r"),
               Row("held-out", "d", "serving-latency", "ms TTFT", predicted=1.0, measured=9.0, publication="r")]
    pool = refresh_error_bands.pooled(calibration, held, outside)
    assert [(r.key, r.predicted) for r in pool] == [("published:a", 1.5), ("held-out:c", 1.0)]
    entry = refresh_error_bands.band([(r.key, refresh_error_bands.residual(r, "time")) for r in pool])
    assert (entry["calibration_rows"], entry["held_out_rows"]) == (1, 1)
    assert uncertainty.Band(1.0, 1.0, 1.0, "decode", "1", tuple(entry["row_ids"])).held_out_rows == 1


def test_every_bundled_band_counts_its_calibration_and_held_out_rows():
    for kind in uncertainty.error_bands()["kinds"].values():
        for entry in (kind["all"], *kind["scales"].values()):
            held = sum(refresh_error_bands.is_held_out(r) for r in entry["row_ids"])
            assert entry["held_out_rows"] == held and entry["calibration_rows"] == entry["rows"] - held
