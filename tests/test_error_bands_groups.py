"""Bands grouped by engine on the card's software stack (issue 27, part 6; session 50): a serving number's band
is its group's where the rows allow (``tools/refresh_error_bands.py``'s rule), else the pooled one, and a group
whose rows lay on one side of the estimate keeps the guard and says so beside the number."""

from __future__ import annotations

import math
import sys
from pathlib import Path

from configurator.core import uncertainty
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.mismatch import said_beside
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.view.rows import band_note
from configurator.core.view.words import words

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
import refresh_error_bands  # noqa: E402

CATALOG = load_bundled_catalog()


def _serving(card: str, engine: str, count: int = 8):
    s = Scenario(model=preset("llama3-70b"), auto_layout=LAYOUT_FIELDS, workload="inference", card_id=card,
                 count=count, serving={"engine": engine})
    return estimate(s, CATALOG.get(card))


def _entry(kind: str, scale: str) -> dict:
    return uncertainty.error_bands()["kinds"][kind]["scales"][scale]


def test_every_bundled_group_meets_the_rule_and_sits_in_a_scale_of_its_own():
    data = uncertainty.error_bands()
    rule = data["groups"]
    assert rule["min_rows"] == refresh_error_bands.MIN_GROUP_ROWS
    assert rule["min_publications"] == refresh_error_bands.MIN_GROUP_PUBLICATIONS
    assert rule["kinds"] == list(refresh_error_bands.GROUPED_KINDS)
    for kind, entry in data["kinds"].items():
        for scale in entry["scales"].values():
            for key, group in scale.get("groups", {}).items():
                assert kind in rule["kinds"] and "fallback" not in scale
                assert key == uncertainty.band_group(group["engine"], group["stack"])
                assert group["rows"] >= rule["min_rows"] and group["publications"] >= rule["min_publications"]
                assert set(group["row_ids"]) <= set(scale["row_ids"])  # a group's rows are its scale's


def test_a_scenario_reads_its_groups_band():
    est = _serving("h100-sxm", "tensorrt-llm")
    band = uncertainty.headline_bands(est)["tokens_per_s"]
    group = _entry("serving-throughput", band.scale)["groups"]["tensorrt-llm on CUDA"]
    assert band.group == ("tensorrt-llm", "CUDA") and band.rows == group["rows"]
    assert math.isclose(band.low / band.value, group["low_factor"], rel_tol=1e-9)
    assert "TensorRT-LLM on CUDA alone" in band.note


def test_a_scenario_outside_every_group_reads_the_pooled_band():
    est = _serving("h100-sxm", "vllm")  # vLLM on CUDA: too few rows at 2-64 cards for a band of its own
    band = uncertainty.headline_bands(est)["tokens_per_s"]
    pooled = _entry("serving-throughput", band.scale)
    assert "vllm on CUDA" not in pooled.get("groups", {})
    assert band.group is None and band.rows == pooled["rows"] and uncertainty.group_notes(band) == ()
    assert uncertainty.off_notes(est) == ()


def test_a_one_sided_group_keeps_the_guard_and_says_its_median_beside_the_number():
    est = _serving("mi300x", "vllm")
    band = uncertainty.headline_bands(est)["tokens_per_s"]
    group = _entry("serving-throughput", band.scale)["groups"]["vllm on ROCm"]
    assert "caveat" in group and band.off_median == group["median_factor"] < 1
    assert band.low <= band.value <= band.high  # the guard holds the estimate
    below = f"{round(100 * (1 - group['median_factor']))}"
    notes = uncertainty.off_notes(est)
    assert [m.id for m in notes] == ["band-group-below"]
    assert notes[0] in said_beside(est, None)  # the warnings: command line, JSON, window, summary
    english, chinese = words("en").message(notes[0]), words("zh_CN").message(notes[0])
    assert f"vLLM on ROCm runs measured a median {below}\u00a0% below" in english
    assert f"({group['rows']} runs" in english
    assert f"低 {below}%" in chinese and "推理吞吐量" in chinese
    assert english in band_note(band, "en") and chinese in band_note(band, "zh_CN")


def _row(n: int, card: str, engine: str, publication: str) -> accuracy.Row:
    scenario = Scenario(model=preset("llama3-8b"), workload="inference", card_id=card, count=2,
                        serving={"engine": engine})
    return accuracy.Row("held-out", f"r{n}", "serving-throughput", "tokens/s", 100.0, 100.0 + n,
                        scenario=scenario, publication=publication)


def test_a_group_needs_enough_rows_from_enough_publications():
    least, sources = refresh_error_bands.MIN_GROUP_ROWS, refresh_error_bands.MIN_GROUP_PUBLICATIONS
    enough = [_row(n, "mi300x", "vllm", f"p{n % sources}") for n in range(least)]
    assert list(refresh_error_bands.group_bands(enough, "rate")) == ["vllm on ROCm"]
    assert refresh_error_bands.group_bands(enough[:-1], "rate") == {}  # one row short
    one_source = [_row(n, "mi300x", "vllm", f"p{n % (sources - 1)}") for n in range(least)]
    assert refresh_error_bands.group_bands(one_source, "rate") == {}  # too few publications
    mixed = enough + [_row(n, "h100-sxm", "tensorrt-llm", "p0") for n in range(3)]
    assert list(refresh_error_bands.group_bands(mixed, "rate")) == ["vllm on ROCm"]


def test_a_configuration_that_does_not_fit_says_nothing_of_its_runs_side():
    est = _serving("mi300x", "vllm", count=2)
    est = estimate(est.scenario.model_copy(update={"model": preset("llama3.1-405b")}), CATALOG.get("mi300x"))
    assert not est.fits and uncertainty.off_notes(est) == ()
