"""The held-out MLPerf Inference v4.0 and v5.0 Llama 2 70B rows (issue 27 part 1: rounds no row came from before).

v4.0: NVIDIA's closed 8x H100, 8x H200, 1x GH200 and 8x H100 NVL runs and Dell's 4x and 8x H100 runs are predicted
with the calibration's MLPerf case (FP8 weights and KV cache, the batch and layout of the round's configuration), each
citing its result file at the results repository's commit; the 1,000 W H200 (CTS) runs are listed as excluded with
their reason. v5.0: NVIDIA's Offline runs, read from a copy of the results repository."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
from accuracy_heldout import CASES, EXCLUDED, SOURCE  # noqa: E402

PUBLICATION = "mlperf-inference-v4.0"
COMMIT = "3c4a1cf196b70175cfe7c59e067cd1d923aa4f3f"
ALL = json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8"))
RECORDS = [r for r in ALL if r["publication"] == PUBLICATION]
PREDICTED = [r for r in RECORDS if r["case"] != EXCLUDED]


def test_the_round_holds_seven_systems_in_one_block_and_its_1000w_runs_are_listed():
    assert len(PREDICTED) == 14 and len([r for r in PREDICTED if "/closed/Dell/" in r["url"]]) == 6
    assert {r["setup"]["card"] for r in PREDICTED} == {"h100-sxm", "h200-sxm", "gh200-144gb", "h100-nvl"}
    positions = [i for i, r in enumerate(ALL) if r["publication"] == PUBLICATION]
    assert positions == list(range(positions[0], positions[0] + len(positions)))  # one block
    excluded = [r for r in RECORDS if r["case"] == EXCLUDED]
    assert len(excluded) == 2 and all("1,000 W" in r["excluded"] for r in excluded)


@pytest.mark.parametrize("record", PREDICTED, ids=[r["id"] for r in PREDICTED])
def test_each_row_is_predicted_and_cites_its_file(record):
    assert record["case"] in ("mlperf-offline", "mlperf-server") and record["date"] == "2024-03-27"
    base = f"https://github.com/mlcommons/inference_results_v4.0/blob/{COMMIT}/"
    assert record["url"].startswith(base) and record["url"].removeprefix(base) in record["source"]
    # the round's own step budget: GPUBaseConfig.max_num_tokens, read in Lenovo's copy of NVIDIA's v4.0 file
    assert record["setup"]["precision"] == "fp8" and record["setup"]["max_num_tokens"] == 16384
    assert "closed/Lenovo/configs/llama2-70b/__init__.py at 3c4a1cf1" in record["assumed"]
    rows = list(CASES[record["case"]](record))
    assert rows and rows[0].row_id == record["id"] and rows[0].source == SOURCE
    assert all(row.publication == PUBLICATION and row.predicted > 0 for row in rows)
    if record["case"] == "mlperf-server":
        assert len(rows) == 5 and set(record["values"]["latency_ms"]) == {"ttft_p50", "ttft_p99", "tpot_p50",
                                                                         "tpot_p99"}


V50 = [r for r in ALL if r["publication"] == "mlperf-inference-v5.0"]


def test_dells_rows_read_the_custom_class_of_the_system_their_results_directory_names():
    """Dell's results directories name its custom systems (XE8640, XE9640, XE9680), whose classes in custom.py set
    the batch: 920 and 896 Offline where the KnownSystem classes of __init__.py state 1,024."""
    dell = {r["id"]: r for r in PREDICTED if "/closed/Dell/" in r["url"]}
    assert all("/custom.py at 3c4a1cf1" in r["source"] for r in dell.values())
    batches = {key: r["setup"]["batch"] for key, r in dell.items()}
    assert batches == {"mlperf40-l2-70b-xe8640x4-dell-offline": 1024, "mlperf40-l2-70b-xe8640x4-dell-server": 1024,
                       "mlperf40-l2-70b-xe9640x4-dell-offline": 920, "mlperf40-l2-70b-xe9640x4-dell-server": 1024,
                       "mlperf40-l2-70b-xe9680x8-dell-offline": 896, "mlperf40-l2-70b-xe9680x8-dell-server": 1024}


@pytest.mark.parametrize("record", V50, ids=[r["id"] for r in V50])
def test_the_v50_rows_cite_the_copy_they_were_read_from_and_the_upstream_configuration(record):
    """v5.0's result files are read from a copy of the results repository (the stored index holds none of the
    upstream's); the configuration file is the upstream's, and each predicted row states its step tokens."""
    copy = "https://github.com/ntuhpc/mlperf_inference_results_v5.0/blob/cf354115915ea369f05db424b051da8c5bf957dc/"
    assert record["url"].startswith(copy) and "mlcommons/inference_results_v5.0 at 6069beb2" in record["source"]
    if record["case"] == EXCLUDED:
        assert "target_qps" in record["excluded"]
        return
    assert record["setup"]["max_num_tokens"] in (1536, 3584) and record["setup"]["tp"] == 1
    rows = list(CASES[record["case"]](record))
    assert len(rows) == 1 and rows[0].kind == "serving-offline" and rows[0].publication == "mlperf-inference-v5.0"
