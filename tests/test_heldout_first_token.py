"""The held-out time-to-first-token rows at several prompt lengths (issue 27 part c; benchmarks/accuracy_heldout.py,
case ``first-token`` and the one-user ``serving`` rows of the NVIDIA DLI course's NIM file). A ``first-token`` row is
TensorRT-LLM's ``gptSessionBenchmark`` first token of a static batch: the prefill of ``batch`` prompts in one
context step, eager; each layout holds three or more step sizes on one card, model, precision and engine, which is
what separates the per-layer time from the per-token time."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
import accuracy_heldout  # noqa: E402
from accuracy_base import CATALOG, scenario  # noqa: E402

from configurator.core.architecture import preset  # noqa: E402
from configurator.core.precision import plan_serving  # noqa: E402
from configurator.core.prefill_time import prefill_seconds  # noqa: E402

RECORDS = json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8"))


def _layouts(records: list[dict]) -> dict[tuple, set[int]]:
    """Step sizes (prompt tokens × batch) per card, model, precision, engine and tensor-parallel degree."""
    layouts: dict[tuple, set[int]] = {}
    for r in records:
        s = r["setup"]
        key = (s["model"], s["card"], s["precision"], s["engine"], s["tp"])
        layouts.setdefault(key, set()).add(s["prompt_tokens"] * s.get("batch", 1))
    return layouts


def test_first_token_rows_are_the_prefill_of_the_whole_batch_in_one_eager_step():
    """Each row is ``prefill_seconds`` of ``batch`` prompts with the token budget at the batch's tokens and CUDA
    graphs off, in milliseconds, against the row's value."""
    rows = [r for r in RECORDS if r["case"] == "first-token"]
    assert len(rows) >= 30
    for record in rows:
        setup = record["setup"]
        (row,) = accuracy_heldout.CASES["first-token"](record)
        prompt, batch = setup["prompt_tokens"], setup["batch"]
        s = scenario(preset(setup["model"]), setup["card"], setup["count"], workload="inference",
                     precision=setup["precision"], parallelism={"tp": setup["tp"]},
                     serving={"context": prompt + 1, "prompt_tokens": prompt, "output_tokens": 1,
                              "concurrency": batch, "max_batch": batch, "batching": "static",
                              "engine": setup["engine"], "cuda_graphs": False,
                              "max_batched_tokens": max(batch * prompt, 2048)})
        card = CATALOG.get(setup["card"])
        assert setup["cuda_graphs"] is False and s.serving.max_batched_tokens >= batch * prompt
        assert row.predicted == prefill_seconds(s, card, plan_serving(s, card), prompt, batch) * 1000
        assert row.measured == record["values"]["first_token_ms"] and row.kind == "prefill"
        assert row.source == accuracy_heldout.SOURCE and record["within_source"]


def test_every_layout_has_three_or_more_step_sizes():
    """The reason the rows were added: each layout of either file is measured at three or more prompt tokens a
    step (TensorRT-LLM 128-8,192; NIM 200, 2,000 and 7,000 at one user)."""
    first = _layouts([r for r in RECORDS if r["case"] == "first-token"])
    nim = _layouts([r for r in RECORDS if _nim_ttft(r)])
    assert len(first) >= 5 and len(nim) >= 10
    assert all(len(sizes) >= 3 for sizes in (*first.values(), *nim.values()))
    assert all(sizes == {200, 2000, 7000} for sizes in nim.values())
    assert all(r["setup"]["concurrency"] == 1 and set(r["values"]) == {"ttft_ms"} for r in RECORDS if _nim_ttft(r))


def _nim_ttft(record: dict) -> bool:
    """A NIM one-user TTFT row (the same runs' ITL rows, ``nimdli-*-itl``, are decode rows of a set of their own)."""
    return record["id"].startswith("nimdli-") and record.get("set") != "decode-itl-2026-12-06"


def test_the_one_card_first_token_set_sweeps_each_layout_from_128_to_8192_tokens():
    """The set ``trt09-first-token-2026-12-06`` (session 47): each layout is one card at TP1, measured at the ten
    step sizes of the 2026-12-04 rows (1-64 x 128 and 1-4 x 2,048 tokens), which is what the settled_by of the
    informed per-layer prompt time asks for; every row is predicted."""
    name = "trt09-first-token-2026-12-06"
    records = [r for r in RECORDS if r.get("set") == name]
    assert len(records) == 120 and all(r["case"] == "first-token" for r in records)
    steps: dict[tuple, set[tuple[int, int]]] = {}
    for r in records:
        s = r["setup"]
        assert s["count"] == 1 and s["tp"] == 1 and s["engine"] == "tensorrt-llm"
        steps.setdefault((s["model"], s["card"], s["precision"]), set()).add((s["prompt_tokens"], s["batch"]))
    assert len(steps) == 12
    assert all(sizes == {(128, b) for b in (1, 2, 4, 8, 16, 32, 64)} | {(2048, b) for b in (1, 2, 4)}
               for sizes in steps.values())
    assert len(accuracy_heldout.set_rows(accuracy.HELD_OUT, name)) == 120
