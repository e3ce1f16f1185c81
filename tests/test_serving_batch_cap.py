"""The serving planner's largest batch per copy is the largest that fits under the estimate's own
memory model with that batch set: the prefill working set of one engine step grows with the
sequences (``min(step, prompt × sequences)`` tokens), so a batch worked out at one sequence's
prompt held more than memory does once it is set as ``max_batch``. The batch search then stopped
short of the batch that meets the targets (GH200 96 GB, Llama 3 70B FP8 on TensorRT-LLM at 10
requests/s: batch 16 and the targets missed by 43 % where 26 meets every one)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate, with_count
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.workloads.serving.deployment import serving_deployment
from configurator.core.workloads.serving.bounds import batch_range as _batch_range

from golden_scenarios import GOLDEN


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _with_batch(s: Scenario, batch: int | None) -> Scenario:
    return s.model_copy(update={"serving": s.serving.model_copy(update={"max_batch": batch})})


def _rate_without_users(card_id: str, kv_precision: str | None) -> Scenario:
    """10 requests/s of Llama 3 70B FP8 on TensorRT-LLM, 4,000/500 tokens, TTFT 1 s, TPOT 50 ms
    (tests/test_buyer_questions.RATE_WITHOUT_USERS), every layout field Auto."""
    return Scenario.model_validate({
        "workload": "inference", "model": preset("llama3-70b").model_dump(), "card_id": card_id,
        "precision": "fp8", "auto_layout": list(LAYOUT_FIELDS),
        "serving": {"prompt_tokens": 4000, "output_tokens": 500, "engine": "tensorrt-llm",
                    "kv_precision": kv_precision},
        "constraints": {"requests_per_s": 10, "ttft_ms": 1000, "tpot_ms": 50}})


def _one_card_copies(s: Scenario) -> Scenario:
    """``s`` with one card per copy pinned: the batch these tests pin down is a TP1 copy's. Since
    2026-12-04 a TP2 copy's all-reduces ride the NVLink that joins the four GH200 of a node
    (formulas/communication.bridged_links; before, in a server of 8 larger than the link's domain,
    they went over PCIe), and the search, left free, serves the rate on 12 cards at TP2, batch 64."""
    auto = tuple(f for f in s.auto_layout if f != "tp")
    return s.model_copy(update={"auto_layout": auto, "parallelism": s.parallelism.model_copy(update={"tp": 1})})


def test_gh200_70b_fp8_reaches_the_batch_that_meets_the_targets_without_the_fp8_cache_retry(catalog):
    """The KV precision pinned to FP8 (TensorRT-LLM's own default with FP8 weights), so the FP8-cache
    retry never runs: before, the batch stopped at 16 (27 did not fit once set) and the search
    went on to 20 cards; now 25 sequences per copy on 15 cards meet every target (14 until the prefill ran at
    the roofline with PROMPT_EFFICIENCY 0.827 and the idle-prefill floor, session 48; 15 cards and 26
    until the eager engine's prompt was counted and the prefill efficiency refitted 0.908 -> 0.927,
    2026-12-04; 14 cards and 26 before the prompt's output head ran at its last token only and the prefill efficiency was
    refitted, 0.928 -> 0.908: 70B's prompt products 1.5 % fewer at a rate 2.2 % lower, and 14 cards
    miss the 1 s time to first token by 42 ms; 17 before the prefill efficiency was fitted,
    0.85 -> 0.921)."""
    card = catalog.get("gh200-96gb")
    found = serving_deployment(_one_card_copies(_rate_without_users("gh200-96gb", "fp8")), card)
    assert found is not None and found.fits and not found.violations
    assert found.scenario.count == 15 and found.scenario.parallelism.tp == 1
    assert found.scenario.serving.max_batch == 25
    assert "kv-fp8-chosen" not in {m.id for m in found.messages}


def test_gh200_70b_fp8_default_cache_gives_the_same_plan_without_claiming_an_fp8_cache(catalog):
    """The cache left at the engine's default (already FP8): the same plan, and no message saying
    an FP8 cache was chosen (before, the retry won only because it restarted with the batch set).
    15 cards, batch 25 (14 until session 48's prefill roofline with PROMPT_EFFICIENCY 0.827)."""
    card = catalog.get("gh200-96gb")
    found = serving_deployment(_one_card_copies(_rate_without_users("gh200-96gb", None)), card)
    assert found is not None and not found.violations
    assert (found.scenario.count, found.scenario.serving.max_batch) == (15, 25)
    assert "kv-fp8-chosen" not in {m.id for m in found.messages}


def test_no_fp8_cache_retry_where_the_default_cache_is_fp8_already(catalog):
    """TensorRT-LLM with FP8 weights caches in FP8 by default: the retry would weigh the same
    layouts again (every layout the search estimates keeps the engine's default)."""
    from configurator.core.workloads.serving.plan import recording_evaluated

    s = with_count(_rate_without_users("gh200-96gb", None), 13)  # one card short: the default misses
    card = catalog.get("gh200-96gb")
    chosen, weighed = recording_evaluated(s, card)
    assert chosen.violations and weighed
    assert all(e.scenario.serving.kv_precision is None for e in weighed)


def _fixed(model: str, card: str, tp: int, copies: int = 1, precision: str | None = None, prompt: int = 1024,
           step: int = 8192, engine: str = "vllm", users: int = 1) -> Scenario:
    parts = {"workload": "inference", "model": preset(model).model_dump(), "card_id": card, "count": tp * copies,
             "auto_layout": [], "parallelism": {"tp": tp},
             "serving": {"concurrency": users, "prompt_tokens": prompt, "output_tokens": 256,
                         "max_batched_tokens": step, "engine": engine}}
    if precision is not None:
        parts["precision"] = precision
    return Scenario.model_validate(parts)


FIXED = {
    "8b-l40s-short-prompts": _fixed("llama3-8b", "l40s", 1, prompt=200),
    "8b-a100-tiny-prompts": _fixed("llama3-8b", "a100-sxm-80gb", 1, copies=2, prompt=20),
    "8b-h100-small-step": _fixed("llama3-8b", "h100-sxm", 1, prompt=700, step=2048),
    "3b-4090-prompt-past-the-step": _fixed("llama3.2-3b", "rtx-4090", 1, prompt=16000),
    "70b-fp8-gh200-trtllm": _fixed("llama3-70b", "gh200-96gb", 1, precision="fp8", prompt=4000,
                                   engine="tensorrt-llm"),
    "70b-fp8-h100-tp2": _fixed("llama3-70b", "h100-sxm", 2, copies=4, precision="fp8", prompt=4000),
    "70b-h200-sglang": _fixed("llama3-70b", "h200-sxm", 2, prompt=1500, engine="sglang", users=3),
    "mixtral-mi300x": _fixed("mixtral-8x7b", "mi300x", 1, prompt=1000),
    "qwen72-h20-tp4": _fixed("qwen2.5-72b", "h20", 4, prompt=3000),
}


def _planned_layout(name: str, catalog) -> Scenario:
    """A golden serving scenario at the layout the planner gives it, pinned, with the batch unset."""
    planned = estimate(GOLDEN[name], catalog.get(GOLDEN[name].card_id)).scenario
    return _with_batch(planned.model_copy(update={"auto_layout": ()}), None)


@pytest.mark.parametrize("name", [*FIXED, "serve-70b-8xh100", "serve-moe-deepseek-v3-16xh200"])
def test_the_largest_batch_fits_once_set_and_one_more_does_not(name, catalog):
    """The planner's largest batch per copy (its search's upper end, the estimate's largest
    concurrency per copy) fits when set as ``max_batch``; one sequence more does not (it is the
    largest), unless the engine step's token budget capped it first."""
    s = FIXED[name] if name in FIXED else _planned_layout(name, catalog)
    card = catalog.get(s.card_id)
    spread, largest = _batch_range(s, card)
    assert estimate(_with_batch(s, spread), card).fits
    held = estimate(s, card).limits.max_concurrency // s.data_parallel
    assert largest == min(held, s.serving.max_batched_tokens)
    assert estimate(_with_batch(s, largest), card).fits
    if largest < s.serving.max_batched_tokens:
        assert not estimate(_with_batch(s, largest + 1), card).fits
