"""The held-out decode rows of session 44 (issue 27 part 1: decode was the thinnest held-out kind, 9 rows).

Set ``decode-itl-2026-12-06``: the NVIDIA DLI course's NIM (TensorRT-LLM) one-user inter-token latencies of Llama 3
8B/70B on A100 and H100 (case ``serving`` at concurrency 1: a decode step at batch 1), the same runs whose TTFT are
the ``nimdli-*`` rows, and TensorRT-LLM 0.9.0's token-to-token latencies of the same course's data file at batch 1
and 16 (case ``static-decode``: one decode step of the static batch half-way through the answer)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
from accuracy_heldout import CASES, SETS, SOURCE  # noqa: E402

SET = "decode-itl-2026-12-06"
ALL = json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8"))
BY_ID = {r["id"]: r for r in ALL}
RECORDS = [r for r in ALL if r.get("set") == SET]
NIM = [r for r in RECORDS if r["case"] == "serving"]
TRT = [r for r in RECORDS if r["case"] == "static-decode"]
NIM_URL = ("https://github.com/wbing520/ai-performance-engineering/blob/0e25b2e236211ad01ed2221bd2c1cfa5b3f47b55/"
           "code/ch10_inference/inference_gpu_cluster_sizing/dataset/nim.csv")
TRT_URL = ("https://github.com/wbing520/ai-performance-engineering/blob/5a4d0c37a3231b2ff8a268df7f129be259c48a48/"
           "code/ch11_inference/inference_gpu_cluster_sizing/dataset/trt_llm_0_9_0_dli.csv")


def test_the_set_is_declared_appended_in_one_block_and_its_ids_unique():
    assert SET in SETS and len(NIM) == 36 and len(TRT) == 52 and len(RECORDS) == 88
    positions = [i for i, r in enumerate(ALL) if r.get("set") == SET]
    assert positions == list(range(positions[0], positions[0] + 88))  # one block, nothing reordered (later sets follow)
    assert len({r["id"] for r in ALL}) == len(ALL)


@pytest.mark.parametrize("record", NIM, ids=[r["id"] for r in NIM])
def test_each_itl_row_is_the_decode_half_of_a_held_out_ttft_run(record):
    """The same run as its TTFT row (same setup and line of the file), the mean ITL its notes recorded."""
    ttft = BY_ID[record["id"].removesuffix("-itl")]
    assert record["setup"] == ttft["setup"] and record["setup"]["concurrency"] == 1
    assert record["url"] == ttft["url"] == NIM_URL and record["publication"] == ttft["publication"]
    line = re.search(r"line (\d+):", record["source"]).group(1)
    assert f"line {line}:" in ttft["source"]
    recorded = float(re.search(r"mean ITL ([0-9.]+) ms recorded", ttft["notes"]).group(1))
    assert record["values"] == {"itl_ms": recorded}  # only the ITL: the TTFT stays one row
    rows = list(CASES["serving"](record))
    assert len(rows) == 1 and rows[0].kind == "decode" and rows[0].source == SOURCE
    assert rows[0].quantity == "ms per token at batch 1" and rows[0].predicted > 0


@pytest.mark.parametrize("record", TRT, ids=[r["id"] for r in TRT])
def test_each_token_to_token_row_cites_its_line_and_is_the_runs_mean_decode_step(record):
    """'Token-to-token Latency (ms)' is (Latency - 1st Token Latency) / (output - 1), read from the cited line."""
    assert record["url"] == TRT_URL and record["publication"] == "tensorrt-llm-performance"
    assert "within_source" in record and record["setup"]["cuda_graphs"] is False
    setup = record["setup"]
    assert (setup["prompt_tokens"], setup["output_tokens"]) == (128, 2048) and setup["batch"] in (1, 16)
    names = (r"Latency \(ms\)", r"1st Token Latency \(ms\)", r"Token-to-token Latency \(ms\)")
    latency, first, t2t = (float(re.search(rf"'{name}' ([0-9.]+)", record["source"]).group(1)) for name in names)
    assert (latency - first) / (setup["output_tokens"] - 1) == pytest.approx(t2t, rel=1e-9)
    assert record["values"]["token_to_token_ms"] == pytest.approx(t2t, abs=5e-4)
    rows = list(CASES["static-decode"](record))
    assert len(rows) == 1 and rows[0].kind == "decode" and rows[0].row_id == record["id"]
    assert rows[0].quantity == f"ms per token at batch {setup['batch']}" and rows[0].predicted > 0


def test_a_static_decode_row_is_one_step_of_the_batch_at_the_answers_mid_point():
    """Batch 16 costs more than batch 1 of the same run, and the note states the cached tokens the step reads."""
    one = next(r for r in TRT if r["id"] == "trt09dli-l2-7b-1xh100-fp8-128-2048-b1-t2t")
    sixteen = next(r for r in TRT if r["id"] == "trt09dli-l2-7b-1xh100-fp8-128-2048-b16-t2t")
    (a,), (b,) = list(CASES["static-decode"](one)), list(CASES["static-decode"](sixteen))
    assert b.predicted > a.predicted and "1,152 cached tokens" in a.note
