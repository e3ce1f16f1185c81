"""The held-out MLPerf Inference v5.1 Llama 2 70B rows (issue 27 item 1: a publication no default was set
from): each is predicted (none is listed as excluded), cites the result file it was read from at the results
repository's commit, and is built with the engine its configuration states (FP4 or FP8 weights and the
engine's step tokens for TensorRT-LLM; the token budget and scheduler steps of AMD's vLLM harness)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
from accuracy_heldout import CASES, EXCLUDED, SOURCE  # noqa: E402
from accuracy_serving import _mlperf_copy  # noqa: E402

from configurator.core.architecture import preset  # noqa: E402
from configurator.core.units import Precision  # noqa: E402

PUBLICATION = "mlperf-inference-v5.1"
ALL = json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8"))
RECORDS = [r for r in ALL if r["publication"] == PUBLICATION]


def test_the_publication_holds_rows_of_several_cards_next_to_the_v41_rows():
    assert len(RECORDS) >= 15
    assert len({r["setup"]["card"] for r in RECORDS}) >= 4
    positions = [i for i, r in enumerate(ALL) if r["publication"] == PUBLICATION]
    assert positions == list(range(positions[0], positions[0] + len(positions)))  # one block
    assert ALL[positions[0] - 1]["publication"] == "mlperf-inference-v4.1"


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_each_row_is_predicted_and_cites_its_file(record):
    assert record["case"] != EXCLUDED and record["case"] in ("mlperf-offline", "mlperf-server")
    assert record["date"] == "2025-09-09" and record["assumed"] and record["measured"]
    path = record["url"].split("/blob/965182b0/")[1]
    assert record["url"].startswith("https://github.com/mlcommons/inference_results_v5.1/blob/965182b0/")
    assert path.split("/")[0] in ("closed", "open") and path in record["source"]  # open: AMD's MI355X (MXFP4)
    rows = list(CASES[record["case"]](record))
    assert rows and rows[0].row_id == record["id"] and rows[0].source == SOURCE
    assert all(row.publication == PUBLICATION and row.predicted > 0 for row in rows)


@pytest.mark.parametrize("record", [r for r in RECORDS if r["setup"]["engine"] == "tensorrt-llm"],
                         ids=lambda r: r["id"])
def test_a_tensorrt_row_runs_the_build_its_configuration_states(record):
    setup = record["setup"]
    row = next(iter(CASES[record["case"]](record)))
    assert f"{setup['precision'].upper()} + FP8 KV, {setup['max_num_tokens']:,} tokens a step" in row.note
    s, _ = _mlperf_copy(preset("llama2-70b"), setup["card"], setup["count"], 1, setup["batch"], 222, 274,
                        setup["kv_fraction"],
                        {"precision": setup["precision"], "max_batched_tokens": setup["max_num_tokens"]})
    assert s.precision is Precision(setup["precision"]) and s.serving.max_batched_tokens == setup["max_num_tokens"]


def test_the_v51_vllm_server_rows_have_no_batcher():
    for record in RECORDS:
        if record["setup"]["engine"] == "vllm" and record["case"] == "mlperf-server":
            assert record["setup"]["batcher"] is False
            latency = [row for row in CASES[record["case"]](record) if "ttft" in row.row_id]
            # a run past its copy's predicted capacity keeps its rows as capacity misses (accuracy_base.CAPACITY_MISS)
            assert all("no batcher" in row.note or row.capacity_miss for row in latency)
