"""The held-out serving cases added for issue 27 (part 1): TensorRT-LLM's offline maximum throughput
(``trtllm-bench throughput``) and MLPerf Inference runs of systems the calibration lacks
(benchmarks/accuracy_heldout.py). They translate a harness, so the tests check the translation:
the batch an offline run reaches is what its KV cache holds with every request's whole length
reserved, within trtllm-bench's bounds, and an MLPerf row is predicted exactly as the calibration's
own MLPerf rows are."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
import accuracy_heldout  # noqa: E402
from accuracy_base import CATALOG, scenario  # noqa: E402
from accuracy_serving import _mlperf  # noqa: E402

from configurator.core.architecture import preset  # noqa: E402
from configurator.core.workloads.serving.memory import serving_memory_model # noqa: E402  # noqa: E402
from configurator.core.precision import plan_serving  # noqa: E402

RECORDS = json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8"))


def _offline_scenario(model: str, card: str, tp: int, precision: str, prompt: int, output: int):
    return scenario(preset(model), card, tp, workload="inference", precision=precision, parallelism={"tp": tp},
                    serving={"context": prompt + output, "prompt_tokens": prompt, "output_tokens": output,
                             "concurrency": 1, "engine": "tensorrt-llm"})


@pytest.mark.parametrize(("model", "card", "tp", "precision", "prompt", "output"), [
    ("llama3-8b", "h100-sxm", 1, "fp8", 1000, 1000),
    ("llama3-70b", "rtx-pro-6000-blackwell-server", 1, "fp4", 5000, 500),
    ("llama3.1-405b", "h200-sxm", 8, "fp8", 5000, 500),
])
def test_an_offline_batch_is_what_the_kv_cache_holds_with_whole_requests(model, card, tp, precision, prompt, output):
    """One more request than the batch would not fit ``kv_fraction`` of the free memory with its whole
    prompt + answer reserved, the batch does; the step tokens are batch × (1 + ISL/OSL) within
    [2,048, 32,768]; a larger share of the memory never gives a smaller batch."""
    s = _offline_scenario(model, card, tp, precision, prompt, output)
    c = CATALOG.get(card)
    batch, tokens = accuracy_heldout._offline_batch(s, c, prompt, output, 0.90)
    memory = serving_memory_model(s, c, plan_serving(s, c))
    free = memory.capacity - memory.context - memory.weights - \
        memory.working_set(accuracy_heldout.TRTLLM_BENCH_MAX_REQUESTS)
    per_request = memory.kv_per_token_per_sequence * (prompt + output) + memory.activations_per_sequence
    assert 0 < batch <= accuracy_heldout.TRTLLM_BENCH_MAX_REQUESTS
    assert batch * per_request <= 0.90 * free < (batch + 1) * per_request
    assert tokens == min(32768, max(2048, round(batch * (1 + prompt / output))))
    assert accuracy_heldout._offline_batch(s, c, prompt, output, 0.95)[0] >= batch


def test_offline_rows_state_what_the_case_reads():
    rows = [r for r in RECORDS if r["case"] == "offline"]
    assert len(rows) >= 20
    for r in rows:
        setup = r["setup"]
        assert setup["count"] % setup["tp"] == 0 and 0 < setup["kv_fraction"] < 1
        assert setup["model"] in {"llama3-8b", "llama3-70b", "llama3.1-405b"} and CATALOG.get(setup["card"])
        assert r["values"]["output_tokens_per_s"] > 0


@pytest.mark.parametrize("case", ["mlperf-offline", "mlperf-server"])
def test_held_out_mlperf_rows_are_predicted_as_the_calibration_rows(case):
    """A held-out MLPerf row's prediction is the calibration's MLPerf case on the row's own system: the
    same numbers, relabelled as held out."""
    record = next(r for r in RECORDS if r["case"] == case)
    held = list(accuracy_heldout.CASES[case](record))
    setup, values = record["setup"], record["values"]
    raw = {"value": values["output_tokens_per_s"], "samples_per_s": values["samples_per_s"],
           "output_tokens_per_sample": values["output_tokens_per_s"] / values["samples_per_s"]}
    if case == "mlperf-server":
        raw |= {"scheduled_samples_per_s": values["scheduled_samples_per_s"], "latency_ms": values["latency_ms"]}
    calibration = _mlperf(record["id"], setup["card"], setup["count"], setup["tp"], setup["batch"],
                          case == "mlperf-server")(raw)
    assert [(r.row_id, r.kind, r.predicted, r.measured) for r in held] == \
        [(r.row_id, r.kind, r.predicted, r.measured) for r in calibration]
    assert {r.source for r in held} == {accuracy_heldout.SOURCE}
    assert {r.publication for r in held} == {record["publication"]}
