"""Engine generations (configurator/core/engine_generations.py, issue 27 item 6): a held-out run enters a
superseded generation only from what its setup states, and the accuracy report splits the held-out errors by
generation, so an old engine's error is not read as today's."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from accuracy_base import CAPACITY_MISS, Row  # noqa: E402
from accuracy_heldout import row_generation  # noqa: E402
from accuracy_sections import held_out_by_generation, print_held_out_by_generation  # noqa: E402

from configurator.core.engine_generations import (GENERATIONS, TODAY, VLLM_ROCM_BEFORE_AITER,  # noqa: E402
                                                  generation_of, label_of)

RECORDS = json.loads((ROOT / "benchmarks" / "data" / "held-out.json").read_text(encoding="utf-8"))
BEFORE_AITER = VLLM_ROCM_BEFORE_AITER.key


@pytest.mark.parametrize(("engine", "stack", "aiter", "expected"), [
    ("vllm", "ROCm", False, BEFORE_AITER),
    ("vllm", "ROCm", True, TODAY),    # AITER's paged attention on: another kernel
    ("vllm", "ROCm", None, TODAY),    # a run that states nothing is today's engine (the product's default)
    ("vllm", "CUDA", False, TODAY),   # the generation is ROCm's kernel
    ("sglang", "ROCm", False, TODAY),
    ("tensorrt-llm", None, None, TODAY),
])
def test_a_run_enters_a_generation_only_from_what_it_states(engine, stack, aiter, expected):
    assert generation_of(engine, stack, aiter) == expected


def test_generations_are_named_and_sourced():
    assert label_of(TODAY) == "today's engines"
    assert label_of(BEFORE_AITER) == "vLLM on ROCm without AITER"
    assert len({g.key for g in GENERATIONS}) == len(GENERATIONS)
    assert all(g.source and g.description for g in GENERATIONS)


def test_every_vllm_row_on_an_amd_card_states_its_engine_and_attention():
    """Each vLLM row on an Instinct card says whether AITER's attention ran, and where that is read."""
    amd = [r for r in RECORDS if r["setup"].get("engine") == "vllm" and r["setup"]["card"].startswith("mi")]
    assert len(amd) == 182
    for r in amd:
        assert isinstance(r["setup"]["aiter_attention"], bool), r["id"]
        assert r["setup"]["engine_version_source"], r["id"]
    # the page of Oracle's blog names no version; every other AMD row does
    assert {r["publication"] for r in amd if "engine_version" not in r["setup"]} == {"oracle-oci-mi300x-llama31-405b"}


def test_which_held_out_rows_ran_vllm_on_rocm_before_aiter():
    """AMD's 2501 blog (vLLM 0.6.7), the 0.7.3 dev-docker README, Oracle's 2024 blog, MLPerf v4.1 (vLLM 0.4.3)
    and MLPerf v5.1's MI300X and MI325X runs (vLLM 0.9.0, VLLM_ROCM_USE_AITER unset); not v5.1's MI355X run
    (AITER's paged attention on) and no run on a CUDA card."""
    tagged = [r for r in RECORDS if row_generation(r) == BEFORE_AITER]
    assert {r["publication"] for r in tagged} == {
        "amd-rocm-blog-mi300x-inference-2501", "rocm-vllm-dev-docker-readme", "oracle-oci-mi300x-llama31-405b",
        "mlperf-inference-v4.1", "mlperf-inference-v5.1"}
    assert len(tagged) == 181
    assert {r["setup"]["card"] for r in tagged} == {"mi300x", "mi325x"}
    mi355x = next(r for r in RECORDS if r["id"] == "mlperf51-open-l2-70b-mi355x-amd-x8-offline")
    assert row_generation(mi355x) == TODAY
    # the same blog's H100 TensorRT-LLM rows stay today's
    assert all(row_generation(r) == TODAY for r in RECORDS
               if r["publication"] == "amd-rocm-blog-mi300x-inference-2501" and r["setup"]["card"] != "mi300x")


def _row(kind: str, error_pct: float, generation: str) -> Row:
    predicted = CAPACITY_MISS if error_pct == float("inf") else 100.0 + error_pct
    return Row("held-out", f"{kind}-{generation}-{error_pct}", kind, "tokens/s", predicted, 100.0,
               generation=generation)


def test_the_held_out_split_by_generation():
    rows = [_row("serving-throughput", e, TODAY) for e in (-5.0, 10.0, 2.0)]
    rows += [_row("serving-throughput", e, BEFORE_AITER) for e in (30.0, 50.0)]
    rows += [_row("serving-latency", e, TODAY) for e in (4.0, float("inf"))]
    rows += [_row("serving-latency", 20.0, BEFORE_AITER)]
    rows += [_row("decode", 3.0, "")]  # a kind with no superseded generation's row is not split
    split = held_out_by_generation(rows)
    assert list(split) == ["serving-throughput", "serving-latency"]
    assert list(split["serving-throughput"]) == [TODAY, BEFORE_AITER]
    assert split["serving-throughput"][TODAY] == pytest.approx((3, 0, 5.0, 2.0))
    assert split["serving-throughput"][BEFORE_AITER] == pytest.approx((2, 0, 40.0, 40.0))
    count, missed, median, _ = split["serving-latency"][TODAY]
    assert (count, missed, median) == (2, 1, float("inf"))  # a miss counts above every finite error
    # each kind's generations hold all its rows
    assert sum(v[0] for v in split["serving-throughput"].values()) == 5


def test_the_split_is_printed_with_the_generations_names(capsys):
    print_held_out_by_generation([_row("serving-offline", 8.0, TODAY), _row("serving-offline", 17.0, BEFORE_AITER)])
    out = capsys.readouterr().out
    assert "Held out by engine generation" in out
    assert "today's engines" in out and "vLLM on ROCm without AITER" in out
    print_held_out_by_generation([_row("serving-offline", 8.0, TODAY)])
    assert capsys.readouterr().out == ""
