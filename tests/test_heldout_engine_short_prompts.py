"""The held-out vLLM and SGLang short-prompt rows (issue 27: prefill per-layer time by engine;
benchmarks/data/notes-engine-short-prompts-2026-12-06.md). Publication ``ree2raz-inference-bench``: one user's
time to first token through each engine's OpenAI server, Qwen2.5-7B-Instruct in bf16 on an L4 (vLLM 0.8.5, SGLang
0.4.6 without CUDA graphs), read through the existing one-user ``serving`` builder (``accuracy_heldout._serving``).
The source's two A100 40 GB rows are not kept: the tokens they computed were read off a median over repeated and
first-seen prompts, not stated by the source (the lead, session 41)."""

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

PUBLICATION = "ree2raz-inference-bench"
RECORDS = [r for r in json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8")) if r["publication"] == PUBLICATION]


def test_the_rows_are_one_users_first_token_through_vllm_and_sglang():
    """Four rows, each a one-user TTFT of one engine on one card, at the repository's commit, stating its version."""
    assert len(RECORDS) == 4
    assert {(r["setup"]["engine"], r["setup"]["card"]) for r in RECORDS} == {("vllm", "l4"), ("sglang", "l4")}
    for r in RECORDS:
        setup = r["setup"]
        assert r["case"] == "serving" and setup["concurrency"] == 1 and set(r["values"]) == {"ttft_ms"}
        assert setup["model"] == "qwen2.5-7b" and setup["precision"] == "bf16" and setup["tp"] == 1
        assert r["url"].startswith("https://github.com/ree2raz/inference-bench/blob/") and len(r["url"].split("/")[6]) == 40
        assert "within_source" not in r and set(accuracy_heldout.FIELDS) <= set(r)
        assert ("0.8.5" in r["assumed"]) or ("v0.4.6" in r["assumed"])
        assert ("--disable-cuda-graph" in r["assumed"]) == (setup["engine"] == "sglang")


def test_each_row_is_the_prefill_of_its_uncached_tokens_on_an_idle_copy():
    """The builder's one-user TTFT is ``prefill_seconds`` of the tokens the row says the engine computed (1 for a
    prompt found whole in the prefix cache, 19 or 27 for one whose shared template alone was cached)."""
    for record in RECORDS:
        setup = record["setup"]
        (row,) = accuracy_heldout.CASES["serving"](record)
        prompt = setup["prompt_tokens"]
        s = scenario(preset(setup["model"]), setup["card"], setup["count"], workload="inference",
                     precision=setup["precision"], parallelism={"tp": setup["tp"]},
                     serving={"context": prompt + setup["output_tokens"], "prompt_tokens": prompt,
                              "output_tokens": setup["output_tokens"], "concurrency": 1, "engine": setup["engine"]})
        card = CATALOG.get(setup["card"])
        assert prompt in (1, 19, 27)
        assert row.kind == "prefill" and row.source == accuracy_heldout.SOURCE and row.publication == PUBLICATION
        assert row.predicted == prefill_seconds(s, card, plan_serving(s, card), prompt) * 1000
        assert row.measured == record["values"]["ttft_ms"]


def test_each_l4_layout_has_a_cached_and_an_uncached_row():
    """On the L4 each engine is read at two step sizes from the same server (the first requests of a prompt and
    the repeats), the uncached prompt the slower by a few milliseconds, as the source's per-request times give."""
    l4 = {}
    for r in RECORDS:
        if r["setup"]["card"] == "l4":
            l4.setdefault(r["setup"]["engine"], {})[r["setup"]["prompt_tokens"]] = r["values"]["ttft_ms"]
    assert l4 == {"vllm": {1: 69.5, 27: 73.1}, "sglang": {1: 118.6, 19: 120.4}}
