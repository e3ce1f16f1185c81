"""Property tests: any valid scenario gives finite, non-negative, monotone estimates. Each tries
150 scenarios in CI's second step, a fifth in a plain run (tests/case_counts.py)."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from configurator.core.architecture import load_presets
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import clear_estimate_memo, estimate
from configurator.core.scenario import Scenario, updated
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost
from case_counts import scaled


def _json(est):
    """The estimate's JSON with its deployment cost."""
    return estimate_to_dict(est, deployment_cost(est))


CATALOG = load_bundled_catalog()
PRESETS = load_presets()
SETTINGS = settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def scenarios(draw):
    model = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    tp = draw(st.sampled_from([t for t in (1, 2, 4, 8) if model.n_heads % t == 0]))
    pp = draw(st.sampled_from([1, 2, 4]))
    count = tp * pp * draw(st.integers(1, 64))
    workload = draw(st.sampled_from(["pretrain", "finetune", "lora", "qlora", "inference"]))
    context = draw(st.integers(64, 131072))
    prompt = draw(st.integers(1, context - 1))
    return Scenario(
        model=model,
        workload=workload,
        card_id=draw(st.sampled_from(CATALOG.ids())),
        count=count,
        precision=draw(st.sampled_from(["fp32", "tf32", "bf16", "fp16", "fp8", "int8", "int4", "fp4"])),
        parallelism={"tp": tp, "pp": pp, "zero": draw(st.integers(0, 3)),
                     "cards_per_node": draw(st.sampled_from([1, 4, 8, 72]))},
        training={
            "micro_batch": draw(st.integers(1, 64)), "seq_len": draw(st.integers(1, 32768)),
            "grad_accum": draw(st.integers(1, 64)), "recompute": draw(st.sampled_from(["none", "selective", "full"])),
            "recipe": draw(st.sampled_from(["torch-amp", "megatron-mixed", "megatron-bf16-grads", "pure"])),
            "optimizer": draw(st.sampled_from(["adamw", "adamw-8bit", "sgd"])),
            "lora_rank": draw(st.integers(1, 256)), "flash_attention": draw(st.booleans()),
        },
        serving={"context": context, "prompt_tokens": prompt,
                 "output_tokens": draw(st.integers(1, context - prompt)),
                 "concurrency": draw(st.integers(1, 512)),
                 "kv_precision": draw(st.sampled_from([None, "fp8", "bf16"]))},
    )


def _numbers(obj):
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key not in ("scenario", "assumptions", "headroom", "warning_ids"):
                yield from ((f"{key}.{k}", v) for k, v in _numbers(value))
    elif isinstance(obj, (int, float)) and not isinstance(obj, bool):
        yield ("", obj)


@SETTINGS
@given(scenarios())
def test_estimate_is_finite_and_non_negative(scenario):
    result = _json(estimate(scenario, CATALOG.get(scenario.card_id)))
    numbers = list(_numbers(result))
    assert numbers
    for where, value in numbers:
        assert math.isfinite(value), where
        assert value >= 0, where


@SETTINGS
@given(scenarios(), st.integers(2, 8))
def test_memory_grows_with_batch_and_sequence(scenario, factor):
    card = CATALOG.get(scenario.card_id)
    base = estimate(scenario, card).memory.total
    if scenario.workload.value == "inference":
        more = updated(scenario, serving={"concurrency": scenario.serving.concurrency * factor})
    else:
        more = updated(scenario, training={"micro_batch": scenario.training.micro_batch * factor})
    assert estimate(more, card).memory.total >= base
    if scenario.workload.value != "inference" and scenario.training.seq_len * factor <= 2_097_152:
        longer = updated(scenario, training={"seq_len": scenario.training.seq_len * factor})
        assert estimate(longer, card).memory.total >= base


@SETTINGS
@given(scenarios())
def test_memory_grows_with_model_size(scenario):
    card = CATALOG.get(scenario.card_id)
    bigger = scenario.model.model_dump() | {"n_layers": scenario.model.n_layers * 2}
    base = estimate(scenario, card).memory.total
    assert estimate(updated(scenario, model=bigger), card).memory.total >= base


@SETTINGS
@given(scenarios(), st.integers(2, 16))
def test_more_cards_never_raise_memory_under_zero3(scenario, factor):
    if scenario.workload.value == "inference":
        return
    card = CATALOG.get(scenario.card_id)
    sharded = updated(scenario, parallelism={"zero": 3})
    more = updated(sharded, count=sharded.count * factor)
    assert estimate(more, card).memory.total <= estimate(sharded, card).memory.total * (1 + 1e-12)


@SETTINGS
@given(scenarios())
def test_estimates_are_deterministic(scenario):
    card = CATALOG.get(scenario.card_id)
    first = _json(estimate(scenario, card))
    clear_estimate_memo()  # computed again, not the kept estimate
    assert first == _json(estimate(scenario, card))
