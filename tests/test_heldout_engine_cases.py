"""The held-out vLLM rows added for issue 27 (part 1): the vLLM v0.6.0 rows of SGLang's v0.3.0 ShareGPT table
(case ``sharegpt``), and vLLM's ``benchmark_latency.py`` and ``benchmark_throughput.py`` on 8x MI300X (cases
``static-latency`` and ``engine-offline``; benchmarks/accuracy_heldout.py). They translate a harness, so the
tests check the translation: a ShareGPT row is predicted as the calibration's SGLang rows of the same table
with the row's engine, and the batch never exceeds vLLM's ``max_num_seqs``; a static-latency row is the
estimate's static batch (prefill, then ``O − 1`` decode steps)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
import accuracy_heldout  # noqa: E402
from accuracy_base import CATALOG  # noqa: E402
from accuracy_serving import _sglang_copy, _sglang_sharegpt  # noqa: E402

from configurator.core.architecture import preset  # noqa: E402
from configurator.core.load import static_batch  # noqa: E402
from configurator.core.precision import plan_serving  # noqa: E402
from configurator.core.prefill_time import prefill_seconds  # noqa: E402
from configurator.core.serving_speed import decode_step_seconds  # noqa: E402

RECORDS = json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8"))


def _records(case: str) -> list[dict]:
    return [r for r in RECORDS if r["case"] == case]


def test_sharegpt_rows_are_predicted_as_the_tables_sglang_rows_with_their_engine():
    """Each vLLM row of the table gives the numbers the calibration's SGLang case gives for the same record
    with engine "vllm" and its batch cap, relabelled as held out; the offline rows' batch is at most 256."""
    rows = _records("sharegpt")
    assert len(rows) >= 6 and {r["setup"]["engine"] for r in rows} == {"vllm"}
    for record in rows:
        setup = record["setup"]
        held = list(accuracy_heldout.CASES["sharegpt"](record))
        raw = {"prompt_tokens_mean": setup["prompt_tokens_mean"], "output_tokens_mean": setup["output_tokens_mean"],
               "memory_fraction": setup["memory_fraction"]}
        if "request_rate" in setup:
            raw |= {"request_rate": setup["request_rate"], "prompt_tokens_median": setup["prompt_tokens_median"],
                    "latency_ms": record["values"]["latency_ms"]}
            assert [r.quantity for r in held] == ["ms TTFT (median)", "ms TPOT (median)"]
        else:
            raw["value"] = record["values"]["output_tokens_per_s"]
        same = _sglang_sharegpt(record["id"], preset(setup["model"]), setup["card"], setup["tp"], "vllm",
                                setup["max_num_seqs"], setup.get("scheduler_steps", 1))(raw)
        assert [(r.row_id, r.predicted, r.measured) for r in held] == [(r.row_id, r.predicted, r.measured) for r in same]
        assert {r.source for r in held} == {accuracy_heldout.SOURCE} and record["within_source"]
        _, _, batch = _sglang_copy(raw, preset(setup["model"]), setup["card"], setup["tp"], "vllm",
                                   setup["max_num_seqs"])
        assert 0 < batch <= setup["max_num_seqs"] == accuracy_heldout.VLLM_V0_MAX_NUM_SEQS


def test_the_batch_cap_only_lowers_the_batch_and_leaves_sglang_rows_as_they_were():
    """Without a cap the copy is the SGLang rows' (the batch the KV cache holds); with one it is the smaller."""
    raw = {"prompt_tokens_mean": 224, "output_tokens_mean": 194, "memory_fraction": 0.9}
    _, _, free = _sglang_copy(raw, preset("llama3-8b"), "a100-sxm-80gb", 1, "vllm")
    _, _, capped = _sglang_copy(raw, preset("llama3-8b"), "a100-sxm-80gb", 1, "vllm", 256)
    assert free > 256 and capped == 256


def test_a_static_latency_row_is_the_static_batch_of_the_estimate():
    """Predicted tokens/s = batch × answer ÷ (prefill of the batch's prompts + (O − 1) decode steps), and the
    measured figure is batch × answer ÷ the stated latency (within the source's rounded tokens/s column)."""
    rows = _records("static-latency")
    assert len(rows) >= 5
    for record in rows:
        setup = record["setup"]
        (row,) = accuracy_heldout.CASES["static-latency"](record)
        s, card = row.scenario, CATALOG.get(setup["card"])
        plan = plan_serving(s, card)
        batch, prompt, output = setup["batch"], setup["prompt_tokens"], setup["output_tokens"]
        step, _ = decode_step_seconds(s, card, plan, batch, prompt + output // 2)
        seconds, _ = static_batch(prefill_seconds(s, card, plan, prompt, batch), step, output)
        assert abs(row.predicted / (batch * output / seconds) - 1) < 0.02
        assert abs(row.measured / record["values"]["output_tokens_per_s"] - 1) < 0.02
        assert s.serving.max_batched_tokens >= batch * prompt


def test_an_engine_offline_row_runs_at_most_max_num_seqs():
    """``benchmark_throughput.py`` rows: the copy's batch is the KV cache's at the mean length, at most the
    engine's ``max_num_seqs``, and the prediction is that copy's capacity in output tokens/s."""
    rows = _records("engine-offline")
    assert len(rows) >= 2
    for record in rows:
        (row,) = accuracy_heldout.CASES["engine-offline"](record)
        assert row.scenario.serving.max_batch <= record["setup"]["max_num_seqs"]
        assert row.predicted > 0 and row.measured == record["values"]["output_tokens_per_s"]


def test_an_engine_offline_row_runs_its_stated_scheduler_steps():
    """A ``benchmark_throughput.py`` row whose command states ``--num-scheduler-steps`` (the AMD dev-docker README's
    10: the AMD 2501 blog's MI300X rows since session 49 and the ``vllm073-devdocker-2026-12-06`` set) runs the
    vllm profile with that many decode steps a pass and its stated ``max_num_seqs``; the others run one."""
    rows = _records("engine-offline")
    stated = [r for r in rows if "scheduler_steps" in r["setup"]]
    assert len(stated) == 8 + 24
    for record in rows:
        (row,) = accuracy_heldout.CASES["engine-offline"](record)
        assert row.scenario.serving.profile.scheduler_steps == record["setup"].get("scheduler_steps", 1)
    blog = [r for r in stated if r["publication"] == "amd-rocm-blog-mi300x-inference-2501"]
    assert sorted(r["setup"]["max_num_seqs"] for r in blog) == [500, 1500, 1500, 1500, 1500, 2000, 2000, 3200]


def test_the_vllm_073_dev_docker_set_holds_every_row_of_its_three_tables():
    """The set's three README revisions, each with its 32 static-latency rows (70B and 405B, prompts of 128 and
    2,048, batch 1-128) and 8 throughput rows, every row citing its revision and line."""
    name = "vllm073-devdocker-2026-12-06"
    members = [r for r in RECORDS if r.get("set") == name]
    assert len(members) == 3 * 40 and len(accuracy_heldout.set_rows(accuracy.HELD_OUT, name)) == 120
    for rev in ("0f2300e3d", "25070a184", "c43debd43"):
        mine = [r for r in members if f"@{rev}" in r["source"]]
        assert sorted(r["case"] for r in mine) == ["engine-offline"] * 8 + ["static-latency"] * 32
        assert all(rev[:7] in r["id"] and "#L" in r["url"] and "line" in r["source"] for r in mine)


def test_a_static_latency_row_of_an_eager_method_runs_its_decode_steps_eager():
    """The AMD 2501 blog's H100 latency rows ran TensorRT-LLM 0.16's ``gptManagerBenchmark`` (emulated static
    batching), whose ``--cuda_graph_mode`` defaults to false: they state ``cuda_graphs`` false and are predicted
    eager (session 50, notes-amd-h100-rows-2026-12-07.md); a row that states nothing keeps the profile's graphs."""
    rows = _records("static-latency")
    eager = [r for r in rows if r["setup"].get("cuda_graphs") is False]
    assert len(eager) == 32
    assert all(r["id"].startswith("amd-blog-2501-") and r["setup"]["card"] == "h100-sxm" for r in eager)
    for record in eager[:2] + [r for r in rows if "cuda_graphs" not in r["setup"]][:2]:
        (row,) = accuracy_heldout.CASES["static-latency"](record)
        assert row.scenario.serving.cuda_graphs is record["setup"].get("cuda_graphs", None)
