"""The cold serving estimate's shortcuts (issue 28) give the numbers of the long way, exactly: a
copy's batch read once and handed on (``replica_speed``'s ``sequences``), the deployment's speed
made from its copy's record (:func:`~configurator.core.frozen_record.extended`), the INT8 prompt
test handed to the prompt's peak and share, and the prompt's attention FLOPs handed to its FLOPs
and compute time. Each over a spread of serving scenarios (dense and MoE, tensor parallel, static
batching, speculative decoding, int4 on llama.cpp, prefix caching, pools) on cards of every kind."""

from __future__ import annotations

import dataclasses

import pytest

from configurator.core.engine_step import engine_step_tokens, with_engine_step
from configurator.core.architecture import preset
from configurator.core.prompt_rate import prompt_int8_quantized, prompt_peak, prompt_share
from configurator.core.estimate import clear_estimate_memo, estimate
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.frozen_record import extended
from configurator.core.precision import plan_serving
from configurator.core.prefill_attention import prompt_attention_flops, prompt_compute_seconds
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import Scenario
from configurator.core.prefill_time import prefill_flops
from configurator.core.prompt_rate import serving_rate
from configurator.core.serving_speed import (
    deployment_speed,
    replica_speed,
    running_batch,
    running_batch_of,
    ServingSpeed,
)
from configurator.core.serving_step_costs import step_costs

SERVING = {
    "8b": dict(model="llama3-8b", serving={"concurrency": 32, "context": 8192, "prompt_tokens": 2048,
                                           "output_tokens": 512}),
    "moe-tp8": dict(model="deepseek-v3", precision="fp8", count=8, parallelism={"tp": 8}, serving={"concurrency": 64}),
    "70b-pp-spec": dict(model="llama3-70b", count=4, parallelism={"tp": 2, "pp": 2},
                        serving={"concurrency": 100, "engine": "sglang", "prefix_hit_rate": 0.3,
                                 "speculative_tokens": 2}),
    "8b-static": dict(model="llama3-8b", serving={"concurrency": 50, "engine": "tensorrt-llm", "batching": "static"}),
    "8b-int4": dict(model="llama3-8b", precision="int4", serving={"concurrency": 8, "engine": "llama.cpp",
                                                                   "context": 32768}),
    "mixtral-target": dict(model="mixtral-8x7b", count=2, parallelism={"tp": 2},
                           serving={"concurrency": 16, "kv_precision": "fp8", "max_batched_tokens": 2048},
                           constraints={"requests_per_s": 2}),
    "8b-pools": dict(model="llama3-8b", count=4, serving={"concurrency": 400, "disaggregated": True,
                                                          "prefill_cards": 1}),
}
CARDS = ("h100-sxm", "l40s", "mi300x", "rtx-4090", "a100-sxm-80gb")


def cases(catalog):
    out = []
    for name, spec in SERVING.items():
        for card_id in CARDS:
            card = catalog.get(card_id)
            fields = {"count": 1, **spec, "model": preset(spec["model"])}
            out.append((f"{name}@{card_id}", Scenario(workload="inference", card_id=card_id, **fields), card))
    return out


def test_a_copy_handed_its_batch_is_timed_as_one_that_reads_it(catalog):
    for name, scenario, card in cases(catalog):
        plan = plan_serving(scenario, card)
        sequences = scenario.sequences_per_replica
        settled = with_engine_step(scenario, card).serving
        assert running_batch_of(sequences, settled) == running_batch(scenario, card), name
        clear_estimate_memo()
        read = replica_speed(scenario, card, plan)
        clear_estimate_memo()
        costs = None if read is None or read.batching == "static" else \
            step_costs(scenario, card, plan, running_batch(scenario, card))
        handed = replica_speed(scenario, card, plan, costs, sequences)
        assert (read is None) == (handed is None), name
        if read is not None:
            assert dataclasses.asdict(read) == dataclasses.asdict(handed), name


def test_the_deployment_speed_is_the_record_its_constructor_makes(catalog):
    for name, scenario, card in cases(catalog):
        clear_estimate_memo()
        est = estimate(scenario, card)
        if est.serving is None:
            continue
        replica = replica_speed(scenario, card, est.plan)
        made = deployment_speed(scenario, replica)
        busy = made.requests_per_s / replica.requests_per_s if replica.requests_per_s else None
        assert type(made) is ServingSpeed, name
        built = ServingSpeed(**{**vars(replica), "requests_per_s": made.requests_per_s, "load_per_s": made.load_per_s},
                             tokens_per_s=made.tokens_per_s, tokens_per_s_per_card=made.tokens_per_s_per_card)
        assert made == built and repr(made) == repr(built) and list(vars(made)) == list(vars(built)), name
        assert busy is None or made.requests_per_s == replica.requests_per_s * busy, name


def test_extended_replaces_and_adds_fields_as_the_constructor_does():
    replica = ServingSpeed(0.1, 0.02, 3.0, "memory", (), {50: 0.1}, {50: 0.02}, "continuous", 2.0, 0.05)
    made = extended(ServingSpeed, replica, {"requests_per_s": 6.0, "tokens_per_s": 600.0})
    assert made == dataclasses.replace(replica, requests_per_s=6.0, tokens_per_s=600.0)
    assert made.ttft_percentiles_s is replica.ttft_percentiles_s  # shared, as the constructor shares them
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.tokens_per_s = 1.0


def test_the_prompt_rate_with_its_int8_test_handed_in_is_the_same(catalog):
    for name, scenario, card in cases(catalog):
        plan = plan_serving(scenario, card)
        profile = scenario.serving.profile
        if plan.math is None:
            continue
        int8 = prompt_int8_quantized(card, plan, profile)
        assert prompt_peak(card, plan, profile, int8) == prompt_peak(card, plan, profile), name
        assert prompt_share(card, plan, profile, int8) == prompt_share(card, plan, profile), name


def test_the_prompt_time_with_its_attention_handed_in_is_the_same(catalog):
    for name, scenario, card in cases(catalog):
        plan = plan_serving(scenario, card)
        if plan.math is None or not card.peak_tflops(plan.math):
            continue
        p = scenario.serving.prompt_tokens
        chunk = min(p, engine_step_tokens(scenario, card))
        clear_estimate_memo()
        rate = serving_rate(card, plan, scenario, chunk, head_rows=max(1.0, chunk / p))
        attention = prompt_attention_flops(scenario.model, p)
        flops = prefill_flops(scenario.model, p, -(-p // chunk))
        assert prefill_flops(scenario.model, p, -(-p // chunk), attention) == flops, name
        assert prompt_compute_seconds(scenario, card, p, rate, flops, attention) == \
            prompt_compute_seconds(scenario, card, p, rate, flops), name


def test_a_cold_estimate_reads_alike_asked_twice(catalog):
    """Every shortcut above is taken on a cold estimate: its JSON is the same asked again cold
    from a scenario read afresh (no state of one call leaks into the next)."""
    for name, scenario, card in cases(catalog):
        clear_estimate_memo()
        est = estimate(scenario, card)
        first = estimate_to_dict(est, deployment_cost(est))
        clear_estimate_memo()
        est = estimate(Scenario.model_validate_json(scenario.model_dump_json()), card)
        again = estimate_to_dict(est, deployment_cost(est))
        assert repr(first) == repr(again), name
