"""The prepared H200 grid (benchmarks/gpu_grid.py) and its importer (tools/import_gpu_grid.py), on
the CPU: the plan fits its budget and covers the grid the issue asks for, the dry run needs no torch,
and the importer accepts a well-formed result file and rejects rows that are impossible or lack
their provenance (issue 27, part 8)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tools"))

import gpu_grid  # noqa: E402
import gpu_grid_time  # noqa: E402
import gpu_grid_work  # noqa: E402
import import_gpu_grid  # noqa: E402

from configurator.core.architecture import preset  # noqa: E402

DEVICE_MINUTES = 8
"""The issue's limit on one run of the grid on one H200 [min]."""


def test_the_shapes_are_the_presets():
    for name, shape in gpu_grid_work.SHAPES.items():
        m = preset(name)
        assert shape == {"n_layers": m.n_layers, "hidden": m.hidden, "n_heads": m.n_heads,
                         "n_kv_heads": m.n_kv_heads, "head_dim": m.head_dim or m.hidden // m.n_heads,
                         "ffn": m.ffn, "vocab": m.vocab, "tied_embeddings": m.tied_embeddings}


def test_the_whole_grid_fits_the_default_budget():
    cases, everything = gpu_grid.plan(), gpu_grid.plan(float("inf"))
    assert cases == everything
    assert gpu_grid.planned_seconds(cases) <= gpu_grid.BUDGET_S <= DEVICE_MINUTES * 60


def test_a_smaller_budget_drops_cases_from_the_tail():
    everything = gpu_grid.plan(float("inf"))
    cases = gpu_grid.plan(90.0)
    assert 0 < len(cases) < len(everything)
    assert cases == everything[:len(cases)]
    assert gpu_grid.planned_seconds(cases) <= 90.0


def test_the_plan_covers_the_grid_the_issue_asks_for():
    cases = gpu_grid.plan()
    prefill = {(c.params["b"], c.params["s"]) for c in cases if c.kind == "prefill"}
    assert prefill == {(b, s) for b in (1, 4, 16) for s in (512, 2048, 8192)}
    train = {(c.params["s"], c.params["recompute"]) for c in cases if c.kind == "train" and c.params["b"] == 1}
    assert train == {(s, r) for s in (4096, 16384, 32768) for r in ("none", "selective", "full")}
    gemm = {(c.params["dtype"], c.params["m"], c.params["n"], c.params["k"]) for c in cases if c.kind == "gemm"}
    for model in ("llama3-8b", "llama3-70b"):
        for tp in (1, 2, 8):
            for _, n, k in gpu_grid.projections(model, tp):
                assert ("bf16", 1, n, k) in gemm and ("bf16", 16384, n, k) in gemm
                assert ("fp8_e4m3", 16, n, k) in gemm and ("fp8_e4m3", 16384, n, k) in gemm
    assert gpu_grid.projections("llama3-70b", 8) == [("qkv", 1280, 8192), ("o", 8192, 1024),
                                                    ("gate_up", 7168, 8192), ("down", 8192, 3584)]


def test_only_one_kind_gets_the_whole_budget():
    gemm = gpu_grid.plan(60.0, kinds=("gemm",))
    assert gemm and {c.kind for c in gemm} == {"gemm"}
    assert gemm == [c for c in gpu_grid.plan(float("inf")) if c.kind == "gemm"][:len(gemm)]


def test_the_dry_run_prints_the_plan_without_torch(capsys):
    assert gpu_grid.main(["--dry-run", "--budget-s", "120"]) == 0
    out = capsys.readouterr().out
    assert "prefill model=llama3-8b b=1 s=2048" in out and "of a 120 s budget" in out
    assert "torch" not in sys.modules


# ---- the importer ------------------------------------------------------------------------------

GIT = "0123456789abcdef0123456789abcdef01234567"


def provenance(kind: str) -> dict:
    return {"date": "2026-12-02T12:00:00+00:00", "torch": "2.11.0+cu130", "cuda": "13.0", "cudnn": 91200,
            "device": "NVIDIA H200", "sms": 132, "total_mem": 150109880320, "script": "benchmarks/gpu_grid.py",
            "script_sha256": "ab" * 32, "git": GIT, "measured": f"what a {kind} row measured"}


def fake_rows() -> list[dict]:
    """A run's rows as the grid writes them, with plausible H200 numbers (not measurements)."""
    rows = [{"case": "device", "name": "NVIDIA H200", "total_mem": 150109880320, "sms": 132,
             "torch": "2.11.0+cu130", "provenance": provenance("device")}]
    for case in gpu_grid.plan():
        p = dict(case.params)
        if case.kind == "gemm" and (p["m"] in (16, 4096) or p["layer"] == "anchor"):
            flops = 2.0 * p["m"] * p["n"] * p["k"]
            element = 1.0 if p["dtype"].startswith("fp8") else 2.0
            seconds = max(flops / 600e12, gpu_grid_work.gemm_bytes(p["m"], p["n"], p["k"], element) / 4e12)
            rows.append({"case": "gemm", **p, "seconds": seconds, "TFLOPS": flops / seconds / 1e12})
        elif case.kind == "prefill":
            flops = gpu_grid_work.forward_flops(gpu_grid_work.SHAPES[p["model"]], p["b"], p["s"], True)
            seconds = flops / 500e12
            rows.append({"case": "prefill", **p, "seconds": seconds, "peak_minus_weights": 1e5 * p["b"] * p["s"],
                         "tokens_per_s": p["b"] * p["s"] / seconds, "model_flops": flops,
                         "TFLOPS": flops / seconds / 1e12})
        elif case.kind == "train" and p["s"] <= 4096:
            flops = gpu_grid_work.train_flops(gpu_grid_work.SHAPES[p["model"]], p["b"], p["s"], p["recompute"])
            step = flops / 400e12
            rows.append({"case": "train", **p, "mode": "amp_bf16", "ckpt": p["recompute"] == "full", "lora": 0,
                         "opt": "adamw", "selective_policy": "per-op" if p["recompute"] == "selective" else None,
                         "params": 1235814400, "trainable": 1235814400, "logits_kept": False,
                         "mem_after_init": 5e9, "peak": 4e10,
                         "reserved": 4.2e10, "mem_steady": 1.49e10, "step_s": step,
                         "tokens_per_s": p["b"] * p["s"] / step, "model_flops": flops, "TFLOPS": flops / step / 1e12})
        else:
            continue
        rows[-1]["provenance"] = provenance(case.kind)
    rows.append({"case": "train", "model": "llama3.2-1b", "b": 1, "s": 32768, "recompute": "none", "mode": "amp_bf16",
                 "ckpt": False, "opt": "adamw", "oom": True, "error": "CUDA out of memory.", "peak": 1.4e11,
                 "reserved": 1.45e11, "provenance": provenance("train")})
    return rows


def write(tmp_path: Path, rows: list[dict]) -> Path:
    path = tmp_path / "gpu-grid.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_the_importer_appends_a_well_formed_run_and_says_what_it_feeds(tmp_path, capsys):
    rows = fake_rows()
    data = tmp_path / "calibration.jsonl"
    data.write_text("", encoding="utf-8")
    assert import_gpu_grid.main([str(write(tmp_path, rows)), "--append", "--data", str(data)]) == 0
    out = capsys.readouterr().out
    appended = data.read_text(encoding="utf-8").splitlines()
    assert len(appended) == len(rows) - 1  # the out-of-memory case is reported, not appended
    assert "not appended, out of memory" in out
    assert "the estimator predicts " in out  # reserved memory of the case that did not fit, against the card
    for kind in ("prefill", "memory", "train-throughput", "gemm"):
        assert f"feeds {kind}" in out
    assert "gemm fp8_e4m3: formulas.gemm_efficiency's time is off by" in out


@pytest.mark.parametrize("change, message", [
    (lambda r: r.update(TFLOPS=2500.0, seconds=2.0 * r["m"] * r["n"] * r["k"] / 2500e12), "over the card's dense"),
    (lambda r: r["provenance"].pop("git"), "missing provenance: git"),
    (lambda r: r.pop("provenance"), "missing provenance: date"),
    (lambda r: r.update(seconds=r["seconds"] * 1e3), "disagrees with its FLOPs"),
    (lambda r: r.pop("TFLOPS"), "missing field TFLOPS"),
    (lambda r: r.update(m=16, seconds=1e-6, TFLOPS=2.0 * 16 * r["n"] * r["k"] / 1e-6 / 1e12), "read from the L2"),
])
def test_the_importer_rejects_a_bad_gemm_row(tmp_path, capsys, change, message):
    rows = fake_rows()
    gemm = next(r for r in rows if r["case"] == "gemm" and r["dtype"] == "fp8_e4m3" and r["m"] == 4096)
    change(gemm)
    data = tmp_path / "calibration.jsonl"
    data.write_text("", encoding="utf-8")
    assert import_gpu_grid.main([str(write(tmp_path, rows)), "--append", "--data", str(data)]) == 1
    assert message in capsys.readouterr().out
    assert data.read_text(encoding="utf-8") == ""


def test_the_anchors_are_compared_with_the_rows_they_repeat_and_not_appended(tmp_path, capsys):
    rows = fake_rows()
    data = tmp_path / "calibration.jsonl"
    earlier = [line for line in import_gpu_grid.DATA.read_text(encoding="utf-8").splitlines()
               if json.loads(line).get("provenance", {}).get("script") != "benchmarks/gpu_grid.py"]
    data.write_text("\n".join(earlier) + "\n", encoding="utf-8")  # the rig's rows before the grid's own were added
    before = data.read_text(encoding="utf-8").splitlines()
    assert import_gpu_grid.main([str(write(tmp_path, rows)), "--append", "--data", str(data)]) == 0
    out = capsys.readouterr().out
    assert "repeats prefill model=llama3-8b b=1 s=2048: seconds 0.063 -> " in out
    assert "repeats gemm dtype=fp8_e4m3 m=8192 n=8192 k=8192: seconds 0.0007748 -> " in out
    assert "repeats train model=llama3.2-1b b=4 s=2048 recompute=full: " in out
    anchors = 2 + 1 + 2  # the 8192³ products, the b1 s2048 prefill, the b4 s2048 steps with and without recomputation
    assert len(data.read_text(encoding="utf-8").splitlines()) == len(before) + len(rows) - 1 - anchors


def test_the_importer_rejects_memory_over_the_card_and_another_card(tmp_path):
    card = import_gpu_grid.load_bundled_catalog().get("h200-sxm")
    train = next(r for r in fake_rows() if r["case"] == "train" and not r.get("oom"))
    assert import_gpu_grid.problems(train, card) == []
    assert any("more than the card's" in p for p in import_gpu_grid.problems({**train, "reserved": 2e11}, card))
    h100 = {**train, "provenance": {**train["provenance"], "device": "NVIDIA H100 80GB HBM3"}}
    assert any("not a H200" in p for p in import_gpu_grid.problems(h100, card))


def test_a_missing_commit_is_filled_from_the_command_line(tmp_path):
    rows = fake_rows()
    for r in rows:
        r["provenance"]["git"] = None
    path = write(tmp_path, rows)
    assert import_gpu_grid.main([str(path)]) == 1
    assert import_gpu_grid.main([str(path), "--git", GIT]) == 0


def test_the_benchmark_reads_a_selective_recomputation_row(tmp_path):
    import accuracy

    rows = [r for r in fake_rows() if r["case"] == "train" and r["s"] == 4096 and r["b"] == 1]
    built = {r.row_id: r for r in accuracy.h200_rows(write(tmp_path, rows)) if r.kind == "memory"}
    none, selective, full = (built[f"train b1 s4096 amp_bf16{how} adamw logits-freed"]
                             for how in ("", " selective per-op", " ckpt"))
    assert full.peak[0] < selective.peak[0] < none.peak[0]  # predicted peak allocated [GiB]


GRID_OOM = {"case": "train", "model": "llama3.2-1b", "b": 1, "s": 32768, "mode": "amp_bf16", "ckpt": False,
            "recompute": "none", "opt": "adamw", "oom": True, "provenance": {"script": "benchmarks/gpu_grid.py"}}
"""The grid's run of 2026-12-04 (benchmarks/data/gpu-grid-2026-12-04.log, case 18): out of memory on the
139.8 GiB H200, 119 GiB allocated and a 15.66 GiB request failing. Its loop kept the 16-bit logits through
the backward (7.8 GiB here), which the estimate of a loop that frees them does not count."""
GRID_OOM_3B = {**GRID_OOM, "model": "llama3.2-3b", "s": 16384}
"""The second run's (benchmarks/data/gpu-grid-memory-2026-12-04.log, case 30): 131.2 GiB allocated, a
7.83 GiB request failing."""


@pytest.mark.parametrize("row", [GRID_OOM, GRID_OOM_3B], ids=["1b-32k", "3b-16k"])
def test_the_runs_that_ran_out_of_memory_are_judged_not_to_fit(row):
    card = import_gpu_grid.load_bundled_catalog().get("h200-sxm")
    assert import_gpu_grid.predicted_reserved(row) > import_gpu_grid.capacity_bytes(card) / import_gpu_grid.GIB
    assert import_gpu_grid.predicted_needed(row) > import_gpu_grid.capacity_bytes(card) / import_gpu_grid.GIB


def test_the_memory_campaign_is_asked_for_and_fits_the_budget():
    cases = gpu_grid.plan(kinds=("memory",))
    assert cases == gpu_grid.plan(float("inf"), kinds=("memory",)) and len(cases) == len(gpu_grid.MEMORY)
    assert gpu_grid.planned_seconds(cases) <= gpu_grid.BUDGET_S
    assert not [c for c in gpu_grid.plan() if c.kind == "memory"]
    assert {c.params["model"] for c in cases} == {"llama3.2-1b", "llama3.2-3b"}


# ---- the grid run on an H100 SXM, 2026-12-05: a held-out set (issue 27 item 8) -------------------

H100_RUNS = sorted((ROOT / "benchmarks" / "data").glob("h100-grid-2026-12-05*.jsonl"))
"""The two runs on the lent H100 (prefill/decode/train; memory/LoRA/reserve/GEMM), kept as they came back."""


def h100_rows() -> list[dict]:
    return [json.loads(line) for path in H100_RUNS for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_h100_runs_pass_the_importer_on_their_card_and_their_device_row_is_the_catalogs_capacity(capsys):
    from configurator.core.memory import usable_capacity_bytes
    from configurator.core.scenario import Assumptions

    card = import_gpu_grid.load_bundled_catalog().get("h100-sxm")
    device = next(r for r in h100_rows() if r["case"] == "device")
    assert abs(device["total_mem"] - usable_capacity_bytes(card, Assumptions())) < 0.05 * import_gpu_grid.GIB
    for path in H100_RUNS:
        assert import_gpu_grid.main([str(path), "--card", "h100-sxm"]) == 0
        assert "repeats " not in capsys.readouterr().out  # the H200's rows are another card's, not a repeat


def test_the_h100_rows_are_not_appended_to_the_h200_calibration(tmp_path, capsys):
    assert import_gpu_grid.main([str(H100_RUNS[0]), "--card", "h100-sxm", "--append"]) == 1
    assert "nothing appended" in capsys.readouterr().out


def test_the_h100_runs_that_ran_out_of_memory_are_judged_not_to_fit():
    card = import_gpu_grid.load_bundled_catalog().get("h100-sxm")
    capacity = import_gpu_grid.capacity_bytes(card) / import_gpu_grid.GIB
    oom = [r for r in h100_rows() if r.get("oom") and r.get("alloc", "default") == "default"]
    assert len(oom) == 9  # the 1B at 20k-32k tokens without recomputation, 32k selective, the 3B at 8k-16k, 32k full
    assert all(import_gpu_grid.predicted_reserved(r) > capacity for r in oom)
    assert all(import_gpu_grid.predicted_needed(r) > capacity for r in oom)  # the fit verdict too


def test_the_h100_rows_are_held_out_predicted_on_their_card_and_in_no_fit():
    import accuracy
    from accuracy_base import H100_GRID
    from accuracy_rig_heldout import rig_held_out_rows
    from h200_rig_rows import card_of

    assert {card_of(r) for r in h100_rows()} == {"h100-sxm"}
    held = rig_held_out_rows(accuracy.DATA)
    assert {r.kind for r in held} == {"memory", "prefill-memory", "train-throughput", "prefill", "decode"}
    assert {(r.source, r.publication) for r in held} == {("h100", H100_GRID)}
    assert not [r for r in accuracy.all_rows() if r.publication == H100_GRID or r.source == "h100"]
    decode = next(r for r in held if r.row_id == "decode llama3-8b b1 ctx2048")
    on_h200 = next(r for r in accuracy.all_rows() if r.key == "h200:decode llama3-8b b1 ctx2048")
    assert decode.predicted > 1.2 * on_h200.predicted  # 3.35 TB/s, not the H200's 4.8


def test_the_h100_decode_steps_that_ran_out_of_memory_are_the_ones_the_serving_model_says_do_not_fit():
    from accuracy_base import CATALOG, H200_ENGINE, scenario
    from configurator.core.precision import plan_serving_precision
    from configurator.core.workloads.serving.memory import serving_memory_model

    card = CATALOG.get("h100-sxm")
    for r in (r for r in h100_rows() if r["case"] == "decode"):
        s = scenario(preset(r["model"]), card.id, 1, workload="inference",
                     serving={"context": r["ctx"] + 1, "prompt_tokens": r["ctx"], "output_tokens": 1,
                              "concurrency": r["b"], **H200_ENGINE})
        fits = serving_memory_model(s, card, plan_serving_precision(card, s.precision)).fits(r["b"], r["ctx"] + 1)
        # b64 × 8k and b16 × 32k of Llama 3 8B: 80.5 and 80.4 GiB estimated, OutOfMemoryError on 79.18 GiB
        assert fits == ("OutOfMemoryError" not in str(r.get("error"))), (r["model"], r["b"], r["ctx"])


def h100_train_estimate(r: dict):
    """The estimate of an H100 grid training row on its card, as ``benchmarks/accuracy.py`` builds it."""
    from accuracy_base import CATALOG, scenario
    from h200_rig_rows import _H200_MODES, train_recompute

    from configurator.core.estimate import estimate

    recipe, precision = _H200_MODES[r["mode"]]
    policy = {"selective_policy": r["selective_policy"]} if r.get("selective_policy") else {}
    s = scenario(preset(r["model"]), "h100-sxm", 1, workload="pretrain", precision=precision,
                 training={"micro_batch": r["b"], "seq_len": r["s"], "recipe": recipe, "optimizer": r["opt"],
                           "recompute": train_recompute(r), **policy, "loss": "eager"})
    return estimate(s, CATALOG.get("h100-sxm"))


def test_the_h100_training_rows_that_ran_fit_and_those_out_of_memory_do_not():
    """Issue 27 item 3: the fit is judged on the peak plus the reserve the allocator keeps near the limit
    (``formulas.states.fit_reserve``), not its usual cache, which it gives back before failing
    (benchmarks/data/notes-allocator-fit-2026-12-05.md): every full-training row at the allocator's defaults."""
    rows = [r for r in h100_rows() if r["case"] == "train" and not r.get("lora")
            and r.get("alloc", "default") == "default" and (r.get("oom") or not r.get("error"))]
    assert sum(1 for r in rows if r.get("oom")) == 9
    verdicts = {(r["model"], r["b"], r["s"], r.get("recompute")): (h100_train_estimate(r).memory.fits, not r.get("oom"))
                for r in rows}
    assert all(fits == ran for fits, ran in verdicts.values()), verdicts


def test_the_h100_1b_at_32k_with_full_recomputation_fits_and_says_the_cache_is_given_back():
    """It ran at 66.0 GiB peak, 68.7 reserved on 79.2 GiB; the usual reserve with recomputation (24.9 %)
    would hold 80.9 GiB: the fit says so, and the figure shown stays what the allocator typically holds."""
    row = next(r for r in h100_rows() if r["case"] == "train" and r["model"] == "llama3.2-1b" and r["s"] == 32768
               and r.get("recompute") == "full" and r.get("alloc", "default") == "default")
    est = h100_train_estimate(row)
    memory = est.memory
    assert memory.fits and memory.total > memory.budget > memory.fit_total
    assert 64 * import_gpu_grid.GIB < memory.total - memory.overhead < 66 * import_gpu_grid.GIB  # the peak
    assert "fits-cache-given-back" in [m.id for m in est.messages]
    assert est.limits.max_micro_batch == 1


# ---- planning a lent device's minutes (issue 27 item 8: the H100's second run planned 349 s, took 93) ----

import gpu_grid_fit  # noqa: E402


def test_the_time_model_is_the_fit_to_the_logged_runs():
    fitted = gpu_grid_fit.fit()
    assert set(fitted) == set(gpu_grid.KINDS) - {"nearlimit", "shortprefill"}
    for kind, (setup, rate) in fitted.items():
        assert gpu_grid_time.TIME_MODEL[kind] == pytest.approx((setup, rate), abs=0.006), kind
    assert gpu_grid_time.TIME_MODEL["nearlimit"] == gpu_grid_time.TIME_MODEL["train"]
    assert gpu_grid_time.SWITCH_S == pytest.approx(gpu_grid_fit.switch_s(), abs=0.2)
    assert gpu_grid_fit.startup_s() <= gpu_grid.STARTUP_S


def test_the_plan_now_meets_the_clock_of_the_logged_runs_where_it_ran_3_to_4_times_long():
    ratios = gpu_grid_fit.ratios()
    assert set(ratios) == set(gpu_grid.KINDS) - {"nearlimit", "shortprefill"}
    for kind, r in ratios.items():
        assert 0.5 <= r["after"] <= 1.1, (kind, r)  # measured ÷ planned, total over the kind's cases
        assert r["after"] > r["before"], (kind, r)
    assert max(r["before"] for k, r in ratios.items() if k != "prefill") < 0.5


def test_the_dry_run_reports_measured_over_planned_per_kind_without_torch(capsys):
    assert gpu_grid.main(["--dry-run", "--only", "nearlimit"]) == 0
    out = capsys.readouterr().out
    assert "measured ÷ planned" in out and "reserve " in out and " -> " in out
    assert "torch" not in sys.modules


def test_a_run_gets_every_case_and_keeps_its_budget_on_the_clock(monkeypatch):
    got = {}

    class Device:
        @staticmethod
        def card_bytes():
            return gpu_grid.H100_BYTES

        @staticmethod
        def run(cases, out, budget_s, git, started):
            got.update(cases=cases, budget_s=budget_s)
            return 0

    monkeypatch.setitem(sys.modules, "gpu_grid_torch", Device)
    assert gpu_grid.main(["--only", "reserve", "--only", "nearlimit", "--budget-s", "30", "--out", "x.jsonl"]) == 0
    assert got["budget_s"] == 30.0
    assert got["cases"] == gpu_grid.plan(float("inf"), kinds=("reserve", "nearlimit"), card_bytes=gpu_grid.H100_BYTES)


def estimator_peak(model: str, b: int, s: int, recompute: str) -> float:
    """The estimator's peak allocated memory of the grid's training step [B], as ``h200_rig_rows`` predicts it."""
    from accuracy_base import CATALOG, scenario
    from configurator.core.estimate import estimate

    sc = scenario(preset(model), "h200-sxm", 1, workload="pretrain", precision="bf16",
                  training={"micro_batch": b, "seq_len": s, "recipe": "torch-amp", "optimizer": "adamw",
                            "recompute": recompute, "loss": "eager"})
    e = estimate(sc, CATALOG.get("h200-sxm"))
    return e.memory.total - e.memory.overhead


@pytest.mark.parametrize("key", sorted(gpu_grid.NEARLIMIT_PEAK))
def test_the_near_limit_peaks_are_the_estimators(key):
    model, recompute = key
    fixed, per_token = gpu_grid.NEARLIMIT_PEAK[key]
    for b, s in ((2, 8192), (8, 4096), (4, 12288)):  # the linear part (under ~7k tokens a floor of the 3B's)
        assert fixed + per_token * b * s == pytest.approx(estimator_peak(model, b, s, recompute), rel=1e-3)


@pytest.mark.parametrize("card", [gpu_grid.H100_BYTES, gpu_grid.CARD_BYTES])
def test_the_near_limit_campaign_aims_each_card_at_85_to_100_percent_and_fits_the_budget(card):
    cases = gpu_grid.plan(kinds=("nearlimit",), card_bytes=card)
    assert cases == gpu_grid.plan(float("inf"), kinds=("nearlimit",), card_bytes=card)
    assert gpu_grid.planned_seconds(cases) <= gpu_grid.BUDGET_S
    assert {(c.params["model"], c.params["recompute"], c.params["b"]) for c in cases} == {
        (m, r, b) for m in ("llama3.2-1b", "llama3.2-3b") for r in ("none", "full") for b in (2, 4, 8)}
    for c in cases:
        share = c.params["predicted_peak"] / card
        assert 0.85 - 0.02 <= share <= c.params["target"] <= 1.0
        assert c.params["target"] - share < 0.02  # the sequence rounded down to 16 tokens
        assert c.params["predicted_peak"] == pytest.approx(estimator_peak(c.params["model"], c.params["b"],
                                                                          c.params["s"], c.params["recompute"]),
                                                           rel=1e-3)
    assert [c.params["target"] for c in cases[:12]] == [0.97] * 12  # the most telling rows first


def test_the_short_prompt_campaign_pairs_each_shape_eager_and_graphed_and_is_cheap():
    cases = gpu_grid.plan(kinds=("shortprefill",))
    shapes = [(c.params["b"], c.params["s"]) for c in cases]
    assert [c.params["graph"] for c in cases] == [False, True] * (len(cases) // 2)
    assert shapes[::2] == shapes[1::2] and set(shapes) == {(b, s) for b in (1, 2, 4, 8, 16) for s in (128, 256)}
    assert gpu_grid.planned_seconds(cases) <= 90.0


def test_the_kinds_run_in_the_order_asked_for():
    cases = gpu_grid.plan(float("inf"), kinds=("shortprefill", "nearlimit", "reserve", "lora"),
                          card_bytes=gpu_grid.H100_BYTES)
    kinds = [c.kind for c in cases]
    assert list(dict.fromkeys(kinds)) == ["shortprefill", "nearlimit", "reserve", "lora"]
    assert gpu_grid.planned_seconds(cases) <= gpu_grid.BUDGET_S  # the next lent H100's one call, all of it
