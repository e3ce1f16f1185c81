"""The llama.cpp decode rows added for issue 27 (2026-12-05, benchmarks/data/notes-decode-2026-12-05.md): ./main
generation of pull request 6766 (April 2024, master without and the pull request with CUDA graphs) on the RTX 3090
and RTX 4090, held out: they set nothing; an eager build's row is predicted with the eager per-layer time.
Pull request 4766's llama-bench tg128 rows (January 2024, eager), held out with them at first, are since
session 32 the third publication of the GDDR decode fit (calibration rows ``it-llamacpp-pr4766-*``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
import accuracy_heldout  # noqa: E402
import loso  # noqa: E402
from accuracy_base import CATALOG, scenario  # noqa: E402

from configurator.core.architecture import preset  # noqa: E402
from configurator.core.engines import PROFILES, Engine  # noqa: E402
from configurator.core.precision import plan_serving  # noqa: E402
from configurator.core.serving_speed import decode_step_seconds  # noqa: E402

PUBLICATIONS = ("llama.cpp-pr6766",)
RECORDS = [r for r in json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8")) if r["publication"] in PUBLICATIONS]


def _rows() -> dict[str, accuracy.Row]:
    return {r.row_id.split()[0]: r for r in accuracy.held_out() if r.publication in PUBLICATIONS}


def test_the_rows_are_sourced_decode_rows_that_no_fit_uses():
    """Four rows of pull request 6766, each with its source, date and the build's graphs stated; none is a
    calibration row or a fitting row, and the publication is no calibration publication."""
    assert len(RECORDS) == 4 and {r["case"] for r in RECORDS} == {"llama-bench"}
    for record in RECORDS:
        assert set(accuracy_heldout.FIELDS) <= set(record) and record["url"].startswith("https://github.com/ggml-org/")
        assert record["setup"]["card"] in ("rtx-3090", "rtx-4090") and "tg_tokens_per_s" in record["values"]
        assert not record.get("within_source")
    rows = _rows()
    assert len(rows) == 4 and {r.kind for r in rows.values()} == {"decode"}
    assert not {r.key for r in rows.values()} & {k for fit in loso.FITS for k in fit.rows}
    assert not set(PUBLICATIONS) & {r.publication for r in accuracy.all_rows()}
    eager = [r for r in RECORDS if r["setup"].get("cuda_graphs") is False]
    assert len(eager) == 2 and all(r["date"] < "2024-05-08" for r in eager)  # before PR 6766 was merged


def test_an_eager_builds_row_is_the_decode_step_without_cuda_graphs():
    """A row whose build predates CUDA graphs is the estimate's decode step with ``cuda_graphs`` off."""
    record = next(r for r in RECORDS if r["id"] == "llamacpp-pr6766-3090-7b-q4_0-main-eager")
    s = scenario(preset("llama2-7b"), "rtx-3090", 1, workload="inference", precision="fp16",
                 serving={"context": 129, "prompt_tokens": 1, "output_tokens": 128, "weight_format": "q4_0",
                          "engine": "llama.cpp", "cuda_graphs": False})
    card = CATALOG.get("rtx-3090")
    step, _ = decode_step_seconds(s, card, plan_serving(s, card), 1, 64)
    row = _rows()[record["id"]]
    assert row.predicted == pytest.approx(1.0 / step) and row.measured == record["values"]["tg_tokens_per_s"]


def test_the_graphs_pairs_differ_by_the_per_layer_saving_of_the_profile():
    """The master/PR pairs of pull request 6766 are one card and model without and with CUDA graphs: predicted, their
    steps differ by 32 layers times the profile's eager-minus-graphs per-layer time; measured, by less (what the
    notes report: 25 µs a layer on the RTX 3090, 13 on the RTX 4090)."""
    profile = PROFILES[Engine.LLAMA_CPP]
    saving = profile.layer_overhead_eager_s - profile.layer_overhead_graphs_s
    rows = _rows()
    for card in ("3090", "4090"):
        eager, graphs = (rows[f"llamacpp-pr6766-{card}-7b-q4_0-main-{mode}"] for mode in ("eager", "graphs"))
        predicted = 1 / eager.predicted - 1 / graphs.predicted
        measured = 1 / eager.measured - 1 / graphs.measured
        assert predicted == pytest.approx(32 * saving, rel=1e-6)
        assert 0 < measured / 32 < saving


def test_pull_request_4766s_rows_are_calibration_rows_of_the_gddr_fit():
    """Pull request 4766's four tg128 rows moved into the calibration (2026-12-05): each is a fitting row of the GDDR
    decode fit, built as its held-out row was (eager, LLaMA 2 7B at the middle of tg128), and none is held out."""
    gddr = next(f for f in loso.FITS if f.name == "llama.cpp decode on GDDR")
    keys = [k for k in gddr.rows if "pr4766" in k]
    rows = accuracy.rows_for_keys(keys)
    assert len(keys) == 4 and {r.publication for r in rows} == {"ggml-org-llama-cpp-pull-request-4766"}
    assert all(not r.scenario.serving.cuda_graphs and r.scenario.serving.output_tokens == 128 for r in rows)
    assert not [r for r in json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8")) if "pr4766" in r["id"]]
