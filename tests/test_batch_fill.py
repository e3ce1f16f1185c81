"""An offline batch job given no volume is planned for throughput: at the largest batch per copy
that fits in memory within the engine's default cap (core/workloads/serving/batch_fill.py), not one
request at a time (persona s34: Qwen 2.5 72B ranked at 26.51 USD per million tokens at one sequence,
0.631 USD at 256). The command line takes the daily volume as the wizard asks it (--requests-per-day)."""

from __future__ import annotations

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.engine_defaults import default_max_seqs
from configurator.core.engines import PROFILES, Engine
from configurator.core.estimate import estimate
from configurator.core.fields import REQUESTS_PER_DAY
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.serving_use import BATCH_FILLED, unsized_batch
from configurator.core.workloads.serving.batch_fill import engine_batch_cap


def _serving(model: str = "qwen2.5-72b", card: str = "h100-sxm", count: int = 2, use: str = "batch",
             **serving) -> Scenario:
    return Scenario.model_validate({"workload": "inference", "model": preset(model).model_dump(), "card_id": card,
                                    "count": count, "serving": {"use": use, **serving},
                                    "auto_layout": list(LAYOUT_FIELDS)})


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_a_batch_without_a_volume_fills_its_copies_and_says_so(catalog):
    card = catalog.get("h100-sxm")
    filled = estimate(_serving(), card)
    one = estimate(_serving(concurrency=1), card)
    assert unsized_batch(_serving()) and not unsized_batch(_serving(concurrency=1))
    assert filled.scenario.sequences_per_replica > 1 and one.scenario.sequences_per_replica == 1
    assert filled.costs.per_million_tokens < one.costs.per_million_tokens / 3
    assert any(m.id.startswith(BATCH_FILLED) for m in filled.messages)
    assert not any(m.id.startswith(BATCH_FILLED) for m in one.messages)
    # the most that fits: the estimate's own limit, every copy's
    assert filled.scenario.serving.users <= filled.limits.max_concurrency


def test_the_engines_cap_bounds_the_batch(catalog):
    h100, a100 = catalog.get("h100-sxm"), catalog.get("a100-sxm-80gb")
    assert engine_batch_cap(_serving(), h100) == 1024  # vLLM on a card of 70 GiB or more
    assert engine_batch_cap(_serving(), a100) == 256  # ... but an A100
    assert engine_batch_cap(_serving(engine="tensorrt-llm"), h100) == 2048
    pinned = _serving(max_batch=8).model_copy(update={"auto_layout": tuple(f for f in LAYOUT_FIELDS
                                                                          if f != "max_batch")})
    assert engine_batch_cap(pinned, h100) == 8
    small = estimate(_serving("llama3-8b", count=1, engine="llama.cpp"), h100)
    assert 1 < small.scenario.sequences_per_replica <= 4


def test_the_cap_is_the_engine_profiles_and_follows_an_edited_one(catalog):
    """One declaration: the caps are fields of the sourced engine profiles (vLLM's large-card rule as
    vLLM states it: device memory and device name), and a profile of your own moves them."""
    h100, l40s, a800 = catalog.get("h100-sxm"), catalog.get("l40s"), catalog.get("a800-sxm")
    vllm = PROFILES[Engine.VLLM]
    assert (vllm.max_seqs, vllm.max_seqs_large_card, vllm.large_card_gib) == (256, 1024, 70.0)
    assert default_max_seqs(vllm, 80 * 2**30, "NVIDIA A100-SXM4-80GB") == 256  # vLLM leaves the A100 out
    assert default_max_seqs(vllm, 80 * 2**30, "NVIDIA H100 80GB HBM3") == 1024
    assert default_max_seqs(vllm, 48 * 2**30, "NVIDIA L40S") == 256
    assert engine_batch_cap(_serving(), a800) == 1024  # not named A100: vLLM's larger default
    assert engine_batch_cap(_serving(card="l40s"), l40s) == 256
    for engine, cap in ((Engine.SGLANG, 4096), (Engine.LLAMA_CPP, 4), (Engine.TRANSFORMERS, None),
                        (Engine.IDEAL, None)):
        assert engine_batch_cap(_serving(engine=engine.value), h100) == cap
    own = {**vllm.model_dump(), "max_seqs_large_card": 512}
    assert engine_batch_cap(_serving(engine_profile=own), h100) == 512
    assert engine_batch_cap(_serving(engine_profile={**own, "large_card_gib": 96.0}), h100) == 256


def test_chat_without_users_is_unchanged(catalog):
    est = estimate(_serving(use="chat"), catalog.get("h100-sxm"))
    assert est.scenario.serving.concurrency is None and est.scenario.sequences_per_replica == 1


def test_the_command_line_recommends_a_full_batch(capsys):
    assert main(["recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--use", "batch"]) == 0
    out = capsys.readouterr().out
    assert "Decoding 1 sequences at once" not in out


@pytest.mark.parametrize("command", ["estimate", "recommend", "report"])
def test_requests_a_day_are_a_request_rate_over_24_hours(command, capsys, tmp_path):
    extra = ["--card", "h100-sxm", "--count", "4"] if command == "estimate" else []
    extra += ["-o", str(tmp_path / "r.md")] if command == "report" else []
    base = [command, "--workload", "inference", "--model", "llama3-8b", "--use", "batch", *extra, "--json"]
    if command == "report":
        base.remove("--json")
    assert main([*base, "--requests-per-day", "40万"]) == 0
    daily = capsys.readouterr().out
    assert main([*base, "--requests-per-s", str(400_000 / 86_400)]) == 0
    assert capsys.readouterr().out == daily


def test_requests_a_day_are_refused_below_the_rates_floor_and_beside_a_rate(capsys):
    low, _ = REQUESTS_PER_DAY.display_range(with_none=False)
    assert low == 87  # 0.001 requests/s, the wizard's floor too
    base = ["recommend", "--workload", "inference", "--model", "llama3-8b", "--use", "batch"]
    assert main([*base, "--requests-per-day", "86"]) != 0
    assert "87 to" in capsys.readouterr().err
    assert main([*base, "--requests-per-day", "1k", "--requests-per-s", "1"]) != 0
    assert "--requests-per-day" in capsys.readouterr().err
