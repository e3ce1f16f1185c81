"""The held-out MI300X MLPerf v4.1 rows (issue 27) are predicted with the engine that ran them: vLLM's
profile at AMD's harness settings (benchmarks/accuracy_heldout.py, ``_mlperf_vllm``), and a Server row's
TTFT behind the harness's batcher (``_batcher_ttft``); the NVIDIA submissions keep TensorRT-LLM's."""

from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
from accuracy_heldout import CASES, _mlperf_vllm  # noqa: E402
from heldout_mlperf_vllm import AMD_BATCHER_THRESHOLD_S, AMD_VLLM_HARNESS, _batcher_ttft  # noqa: E402

from configurator.core.engines import Engine  # noqa: E402
from configurator.core.units import Precision  # noqa: E402

RECORDS = {r["id"]: r for r in json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8"))
           if r["case"].startswith("mlperf-")}


@pytest.mark.parametrize("row_id", sorted(RECORDS))
def test_each_mlperf_row_is_predicted_with_the_engine_it_ran(row_id):
    record = RECORDS[row_id]
    rows = list(CASES[record["case"]](record))
    engine = Engine(record["setup"]["engine"])
    if engine is Engine.TENSORRT_LLM:  # the calibration's MLPerf case (accuracy_serving._mlperf)
        assert all(row.note.startswith("TensorRT-LLM") for row in rows[:1])
    else:
        assert engine is Engine.VLLM and all(row.scenario.serving.engine is engine for row in rows)
        serving = rows[0].scenario.serving
        server = record["case"] == "mlperf-server"
        assert serving.cuda_graphs is False and serving.kv_precision is Precision.FP8
        assert serving.max_batch == record["setup"]["batch"]
        harness = AMD_VLLM_HARNESS["server" if server else "offline"]["max_batched_tokens"]
        assert serving.max_batched_tokens == record["setup"].get("max_batched_tokens", harness)
        assert serving.profile.scheduler_steps == record["setup"].get("scheduler_steps", 1)
        assert "vLLM (AMD's MLPerf harness)" in rows[0].note


def test_the_server_rows_give_every_percentile_the_run_measured():
    record = RECORDS["mlperf41-l2-70b-mi300x-amd-x8-server"]
    rows = {row.row_id.removeprefix(record["id"]).strip(): row for row in _mlperf_vllm(record)}
    assert set(rows) == {"", "ttft p50", "ttft p99", "tpot p50", "tpot p99"}
    assert rows["ttft p50"].predicted < rows["ttft p99"].predicted
    assert rows["tpot p50"].predicted <= rows["tpot p99"].predicted
    assert "batcher" in rows["ttft p50"].note


@dataclass(frozen=True)
class _Costs:
    """The three step costs the batcher reads, as plain numbers."""

    step: float
    prompt_token_s: float
    chunk_s: float
    prompt_tokens: int = 200

    def decode_s(self, n):
        return self.step


@dataclass(frozen=True)
class _Point:
    decoding: float = 100.0


def test_a_query_waits_half_the_window_and_half_a_step_at_the_median():
    """With its batch's prefill free, the wait is the sum of two uniforms, symmetric about its mean: the
    median is half the window and half the step; the window is the threshold and the time to the loop's
    next wake after it, W + (1 − e^(−ΛW))/Λ."""
    costs = _Costs(step=0.1, prompt_token_s=0.0, chunk_s=2e-3)
    rate = 10.0
    window = AMD_BATCHER_THRESHOLD_S + (1 - math.exp(-rate * AMD_BATCHER_THRESHOLD_S)) / rate
    assert _batcher_ttft(costs, _Point(), rate, 150, 0.5) == pytest.approx(window / 2 + 0.05 + 2e-3, rel=1e-6)
    # the longest wait: the whole window and the whole step
    assert _batcher_ttft(costs, _Point(), rate, 150, 1.0 - 1e-9) == pytest.approx(window + 0.1 + 2e-3, rel=1e-4)


def test_more_queries_in_a_batch_prefill_longer():
    """Every query of a batch gets its first token when the step prefilling the whole batch ends: the
    system's rate times the window others, each of the mean prompt."""
    costs = _Costs(step=0.1, prompt_token_s=1e-4, chunk_s=0.0)
    quiet, busy = (_batcher_ttft(costs, _Point(), rate, 150, 0.5) for rate in (10.0, 70.0))
    windows = [AMD_BATCHER_THRESHOLD_S + (1 - math.exp(-rate * AMD_BATCHER_THRESHOLD_S)) / rate
               for rate in (10.0, 70.0)]
    others = 70.0 * windows[1] - 10.0 * windows[0]
    assert busy - quiet == pytest.approx(others * 200 * 1e-4 + (windows[1] - windows[0]) / 2, rel=0.05)


def test_an_mlperf_systems_rate_is_its_copies_times_a_copys_rate():
    """The calibration case's rate is copies × a copy's rate, not the floor of it: ``capacity × count // tp``
    floored a one-copy system's 11.6 requests/s to 11 (5 % on the single-GPU rows)."""
    from accuracy_serving import _mlperf_copy, _mlperf_rate

    from configurator.core.architecture import preset
    from configurator.core.load import capacity

    model = preset("llama2-70b")
    for count, tp in ((1, 1), (8, 2)):
        _, costs = _mlperf_copy(model, "gh200-144gb", count, tp, 806, 222, 290)
        assert _mlperf_rate(model, "gh200-144gb", count, tp, 806, 222, 290, False) == \
            pytest.approx(capacity(costs) * (count // tp), rel=1e-12)
