"""A copy's decode step table (configurator.core.decode_step_table, issue 28) gives the decode step's own
numbers: a dense model's batches worked out one by one as plain numbers equal the whole step over
an array of them bit for bit (a MoE's within 1e-12), with tensor parallelism over NVLink and PCIe, speculative
decoding, a sliding-window model and a mixture of experts with expert parallelism; a table is kept
only for scenarios that differ in the batch or the pools, and forgotten with the memos."""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.decode_step import _decode_step, speculative_step_seconds
from configurator.core.decode_step_table import copy_step_table
from configurator.core.estimate import clear_estimate_memo
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.serving_step_costs import step_costs
from configurator.core.workloads.serving.estimate import at_batch


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _serving(model: str, card: str, count: int, parallelism: dict, serving: dict, **fields) -> Scenario:
    return Scenario(model=preset(model), card_id=card, count=count, workload="inference", parallelism=parallelism,
                    serving=serving, **fields)


CASES = {
    "70B TP4 H100": _serving("llama3-70b", "h100-sxm", 4, {"tp": 4}, {"concurrency": 64, "prompt_tokens": 1024,
                                                                       "output_tokens": 256}),
    "70B TP8 L40S (PCIe)": _serving("llama3-70b", "l40s", 8, {"tp": 8}, {"concurrency": 32}),
    "8B speculative": _serving("llama3-8b", "l40s", 1, {}, {"concurrency": 32, "speculative_tokens": 3}),
    "sliding window": _serving("mistral-7b", "a100-sxm-80gb", 1, {}, {"concurrency": 16, "prompt_tokens": 8000}),
    "Mixtral TP2": _serving("mixtral-8x7b", "a100-sxm-80gb", 2, {"tp": 2}, {"concurrency": 100}),
    "DeepSeek-V3 TP8 EP": _serving("deepseek-v3", "h200-sxm", 16, {"tp": 8, "ep": 16}, {"concurrency": 64},
                                   precision="fp8"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_table_gives_the_steps_of_an_array_bit_for_bit(catalog, name):
    """Batches asked a few at a time give the numbers of the whole step over one array of them,
    speculative drafts included: bit for bit for a dense model, within 1e-12 for a MoE (its
    experts touched, a power, may round apart in the last place)."""
    s = CASES[name]
    card = catalog.get(s.card_id)
    plan = plan_serving(s, card)
    kv = s.serving.prompt_tokens + s.serving.output_tokens // 2
    batches = [0, 1, 2, 3, 4, 6, 8, 11, 16, 17, 23, 32, 33, 45, 64, 65, 91, 128, 129, 181, 256, 257]
    at = np.array(batches, dtype=float)
    whole = speculative_step_seconds(s, card, plan, at, kv, _decode_step(s, card, plan, at, kv)[0]).tolist()
    clear_estimate_memo()
    table = copy_step_table(s, card, plan, kv)
    asked = table.at(batches[:3]) + table.at(batches[3:13])  # a few, then more: each kept
    assert table.at(batches[-2:]) + asked == table.at(batches[-2:] + batches[:13])
    if s.model.is_moe:
        np.testing.assert_allclose(table.at(batches), whole, rtol=1e-12, atol=0)
        return
    assert table.at(batches) == whole
    parts = _decode_step(s, card, plan, at, kv)[1]  # the roofline parts at each batch, as numbers
    for i, n in enumerate(batches):
        assert table.parts_at(n) == tuple(float(p[i]) if np.ndim(p) else p for p in parts)


def test_a_table_is_kept_only_for_another_batch_and_forgotten_with_the_memos(catalog):
    s = CASES["70B TP4 H100"]
    card = catalog.get(s.card_id)
    plan = plan_serving(s, card)
    clear_estimate_memo()
    table = copy_step_table(s, card, plan, 1152)
    assert copy_step_table(at_batch(s, 128), card, plan, 1152) is table
    assert copy_step_table(s, card, plan_serving(s, card), 1152) is table  # an equal plan
    # a field the step does not read, a layout made anew with the same degrees
    assert copy_step_table(s.model_copy(update={"count": 8, "name": "x"}), card, plan, 1152) is table
    again = s.model_copy(update={"parallelism": type(s.parallelism).model_validate(s.parallelism.model_dump())})
    assert again.parallelism is not s.parallelism and copy_step_table(again, card, plan, 1152) is table
    wider = s.model_copy(update={"parallelism": s.parallelism.model_copy(update={"tp": 8})})
    assert copy_step_table(wider, card, plan, 1152) is not table
    other = s.model_copy(update={"serving": s.serving.model_copy(update={"prompt_tokens": 1000})})
    assert copy_step_table(other, card, plan, 1152) is not table  # a field the step reads
    assert copy_step_table(Scenario.model_validate_json(s.model_dump_json()), card, plan, 1152) is not table
    assert copy_step_table(s, card, plan, 1000) is not table
    clear_estimate_memo()
    assert copy_step_table(s, card, plan, 1152) is not table


def test_step_costs_at_a_kept_copy_are_those_of_a_fresh_one(catalog):
    """The step table of a copy asked for at a doubling batch, its nodes partly kept, equals one
    worked out afresh at each batch."""
    s = CASES["70B TP8 L40S (PCIe)"]
    card = catalog.get(s.card_id)
    plan = plan_serving(s, card)
    clear_estimate_memo()
    kept = {b: step_costs(at_batch(s, b), card, plan, b) for b in (3, 6, 12, 24, 48, 96)}
    for b, costs in kept.items():
        clear_estimate_memo()
        fresh = step_costs(at_batch(s, b), card, plan, b)
        assert [costs.decode_s(n) for n in np.linspace(0, 2 * b, 41)] == \
            [fresh.decode_s(n) for n in np.linspace(0, 2 * b, 41)]
        assert (costs.prompt_token_s, costs.decode_bound) == (fresh.prompt_token_s, fresh.decode_bound)
    # kept per copy and batch: another count of the same copy reads the same step costs
    assert step_costs(s.model_copy(update={"count": 16}), card, plan, 96) is step_costs(s, card, plan, 96)


def test_a_scenario_at_another_batch_is_model_copys(catalog):
    s = CASES["8B speculative"]
    copied = s.model_copy(update={"serving": s.serving.model_copy(update={"max_batch": 37})})
    made = at_batch(s, 37)
    assert made == copied and hash(made) == hash(copied) and made.model_dump_json() == copied.model_dump_json()
    for a, b in ((made, copied), (made.serving, copied.serving)):
        assert type(a) is type(b) and list(a.__dict__) == list(b.__dict__)
        assert a.model_fields_set == b.model_fields_set
    assert all(v is s.__dict__[k] for k, v in made.__dict__.items() if k != "serving")


def test_two_threads_keeping_tables_at_once_never_fail(catalog, monkeypatch):
    """The window's worker and the recommendation's analyse at once and share the kept tables: a
    lookup racing another thread's eviction once raised KeyError in ``move_to_end`` (an internal
    error in the window). Two threads, a table kept for two keys only, a switch every microsecond."""
    import sys
    import threading

    import configurator.core.decode_step_table as decode_step

    monkeypatch.setattr(decode_step, "_TABLES_KEPT", 2)
    s = CASES["70B TP4 H100"]
    card = catalog.get(s.card_id)
    plan = plan_serving(s, card)
    errors = []

    def ask(offset: int) -> None:
        try:
            for i in range(1000):
                decode_step._kept_table(s, card, plan, 1000 + (i + offset) % 5)
        except Exception as error:  # noqa: BLE001 - collected for the assertion
            errors.append(error)

    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=ask, args=(k,)) for k in (0, 2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(before)
        clear_estimate_memo()
    assert errors == []


def test_touched_experts_one_fact_for_the_weight_bytes_and_the_routed_roofline():
    """The routed experts' parameters a MoE decode step reads are one function: the step's weight bytes
    are the shared parameters plus them (review of session 37: the grouped-GEMM split wrote them twice)."""
    from configurator.core.architecture import preset
    from configurator.core.decode_step import decode_weight_bytes, touched_expert_params

    model = preset("deepseek-v3")
    shared = model.total_params() - model.n_moe_layers * model.n_experts * model.mlp_params(model.routed_ffn)
    for batch, ep in ((1, 1), (64, 1), (16, 8)):
        assert decode_weight_bytes(model, batch, 1.0, ep) == (shared + touched_expert_params(model, batch, ep)) * 1.0
    assert touched_expert_params(model, 1e6, 1) == pytest.approx(
        model.n_moe_layers * model.n_experts * model.mlp_params(model.routed_ffn))
