"""llama.cpp's CUDA-graphs saving, fitted from the published eager/graphs pairs (issue 27, session 33,
benchmarks/data/notes-decode-2026-12-05b.md): pull request 6766's ./main rows (April 2024, master without and the
pull request with CUDA graphs) on the RTX 3090 and RTX 4090, added held out in session 32, are since session 33
calibration rows: with issue 6763's H100 PCIe pair they set what graphs save per layer, and they are rows of the GDDR
decode fit. Pull request 4766's llama-bench tg128 rows (January 2024, eager) are the GDDR fit's since session 32."""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
import loso  # noqa: E402
import loso_refit  # noqa: E402
from accuracy_base import CATALOG, scenario  # noqa: E402

from configurator.core.architecture import preset  # noqa: E402
from configurator.core.engines import PROFILES, Engine  # noqa: E402
from configurator.core.precision import plan_serving  # noqa: E402
from configurator.core.serving_speed import decode_step_seconds  # noqa: E402

PR6766 = "ggml-org-llama-cpp-pull-request-6766"
CALIBRATION = json.loads((accuracy.DATA / "published-calibration.json").read_text(encoding="utf-8"))
RECORDS = [r for r in CALIBRATION if r["id"].startswith("it-llamacpp-pr6766-")]


def _fit(name: str) -> loso_refit.Fit:
    return next(f for f in loso.FITS if f.name == name)


def _saving_rows() -> dict[str, accuracy.Row]:
    return {r.key: r for r in accuracy.rows_for_keys(_fit("llama.cpp CUDA-graphs saving").rows)}


def test_the_pairs_are_sourced_calibration_rows_of_the_saving_and_gddr_fits():
    """Four rows of pull request 6766, each with its source, date and notes; none is held out any longer; with issue
    6763's two they are the saving fit's six rows (three pairs, two publications), and they are GDDR fit rows."""
    assert len(RECORDS) == 4
    for record in RECORDS:
        assert "pull/6766" in record["source"] and record["date"] == "2024-04-19" and record["notes"]
        assert record["unit"] == "tokens/s" and record["value"] > 0
    held = json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8"))
    assert not [r for r in held if "pr6766" in r["id"]]
    saving = _fit("llama.cpp CUDA-graphs saving")
    rows = _saving_rows()
    assert len(saving.rows) == 6 and len({r.publication for r in rows.values()}) == 2
    assert {k for k in saving.rows if "pr6766" in k} <= set(_fit("llama.cpp decode on GDDR").rows)
    names = [f.name for f in loso.FITS]
    assert names.index(saving.name) < names.index("llama.cpp decode on GDDR")


def test_an_eager_builds_row_is_the_decode_step_without_cuda_graphs():
    """A row whose build predates CUDA graphs is the estimate's decode step with ``cuda_graphs`` off."""
    s = scenario(preset("llama2-7b"), "rtx-3090", 1, workload="inference", precision="fp16",
                 serving={"context": 129, "prompt_tokens": 1, "output_tokens": 128, "weight_format": "q4_0",
                          "engine": "llama.cpp", "cuda_graphs": False})
    card = CATALOG.get("rtx-3090")
    step, _ = decode_step_seconds(s, card, plan_serving(s, card), 1, 64)
    row = _saving_rows()["published:it-llamacpp-pr6766-3090-7b-q4_0-main-eager"]
    assert row.predicted == pytest.approx(1.0 / step) and row.measured == 116.31


def test_the_saving_is_fitted_from_the_pairs_and_cross_validated_by_pair():
    """Each pair measures a saving (RTX 3090 25 µs, RTX 4090 13 µs, H100 PCIe 27 µs a layer); the rule's one saving
    lies between them, no pair sets it alone, and the shipped profile's graphs per-layer time is its eager one less
    it. Each pair left out, its graphs row is predicted from its eager row within 10 %."""
    import loso_rows

    rows = _saving_rows()
    each = [loso_rows.pair_saving(rows[e], rows[g]) for e, g in loso_rows.LLAMA_CPP_GRAPHS_PAIRS]
    assert each == pytest.approx([25.05e-6, 13.08e-6, 27.25e-6], abs=0.05e-6)
    fitted = loso_rows.graphs_saving(list(rows.values()))
    assert min(each) < fitted < max(each) and fitted not in each
    profile = PROFILES[Engine.LLAMA_CPP]
    assert profile.layer_overhead_eager_s - profile.layer_overhead_graphs_s == pytest.approx(fitted, abs=0.1e-6)
    solved = loso_refit.refit(_fit("llama.cpp CUDA-graphs saving"), list(rows), accuracy.rows_for_keys)
    assert solved["layer_overhead_graphs_s"] == pytest.approx(profile.layer_overhead_graphs_s, abs=0.1e-6)
    crossed = loso_rows.graphs_saving_left_out(list(rows.values()))
    assert len(crossed) == 3 and all(e is not None and abs(e) < 10 for e in crossed.values())
    assert statistics.median(abs(e) for e in crossed.values()) < 5


def test_the_predicted_pairs_differ_by_the_per_layer_saving_of_the_profile():
    """Predicted, a pair's steps differ by 32 layers times the profile's eager-minus-graphs per-layer time."""
    profile = PROFILES[Engine.LLAMA_CPP]
    saving = profile.layer_overhead_eager_s - profile.layer_overhead_graphs_s
    rows = _saving_rows()
    for card in ("3090", "4090"):
        eager, graphs = (rows[f"published:it-llamacpp-pr6766-{card}-7b-q4_0-main-{mode}"]
                         for mode in ("eager", "graphs"))
        assert 1 / eager.predicted - 1 / graphs.predicted == pytest.approx(32 * saving, rel=1e-6)


def test_held_out_the_pull_request_is_predicted_with_the_saving_of_the_other_pair():
    """Leaving pull request 6766 out, the saving is solved from issue 6763's pair alone and the GDDR fit, which is
    solved over the saving, again: every one of its rows has a figure, refitted by both."""
    everything = accuracy.all_rows()
    keep = {PR6766, "ggml-org-llama-cpp-issue-6763", "ggml-org-llama-cpp-pull-request-4766"}
    rows = [r for r in everything if r.publication in keep]
    fits = [_fit("llama.cpp CUDA-graphs saving"), _fit("llama.cpp decode on GDDR")]
    held = loso.leave_one_source_out(rows, accuracy.rows_for_keys, fits=fits)
    for r in rows:
        if r.publication == PR6766:
            h = held[loso_refit.ident(r)]
            assert h.predicted is not None and h.predicted != r.predicted
            assert "llama.cpp CUDA-graphs saving" in h.status and "llama.cpp decode on GDDR" in h.status
        if r.publication == "ggml-org-llama-cpp-pull-request-4766":  # the GDDR fit is solved over the saving
            assert "llama.cpp decode on GDDR" in held[loso_refit.ident(r)].status


def test_pull_request_4766s_rows_are_calibration_rows_of_the_gddr_fit():
    """Pull request 4766's four tg128 rows moved into the calibration (2026-12-05): each is a fitting row of the GDDR
    decode fit, built as its held-out row was (eager, LLaMA 2 7B at the middle of tg128), and none is held out."""
    gddr = _fit("llama.cpp decode on GDDR")
    keys = [k for k in gddr.rows if "pr4766" in k]
    rows = accuracy.rows_for_keys(keys)
    assert len(keys) == 4 and {r.publication for r in rows} == {"ggml-org-llama-cpp-pull-request-4766"}
    assert all(not r.scenario.serving.cuda_graphs and r.scenario.serving.output_tokens == 128 for r in rows)
    assert not [r for r in json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8")) if "pr4766" in r["id"]]
