"""The serving search's rate probe and the layouts' memory models and precision plans kept across
card counts (issue 28) give the numbers worked out afresh: the probe's (fits, request rate) at each
batch are those of the copy made there (its memory, its step costs, the capacity times the copies),
its prefill ceiling the one worked out without the step table; a kept memory model or precision
plan is equal to a fresh one, shared by every count and batch of one layout and by nothing that
reads another value. Drawn over the README's serving question, separate pools, FP8 caches and
random scenarios."""

from __future__ import annotations

import random

from configurator.core.estimate import clear_estimate_memo
from configurator.core.load import capacity
from configurator.core.workloads.serving.memory import serving_memory_model
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.prefill_time import prefill_pool_prompt_seconds
from configurator.core.serving_speed import busy_copies
from configurator.core.serving_pools import pools, prefill_pool_rate
from configurator.core.units import Precision
from configurator.core.workloads.layout import with_layout
from configurator.core.workloads.serving import copies
from configurator.core.workloads.serving import probe as rate_probe
from configurator.core.workloads.serving.estimate import at_batch, serving_copy
from serving_cases import serving_question as _scenario


README = {"concurrency": 200, "prompt_tokens": 1024, "output_tokens": 256}


def _cases() -> list[Scenario]:
    fixed = [
        _scenario("llama3-70b", "h100-sxm", 16, README, {"requests_per_s": 20, "tpot_ms": 50}),
        _scenario("llama3-70b", "a10", 64, README, {"requests_per_s": 20, "tpot_ms": 50}),
        _scenario("llama3-70b", "h100-sxm", 16, {**README, "disaggregated": True, "prefill_cards": 8},
                  {"requests_per_s": 20, "tpot_ms": 50}),
        _scenario("llama3-70b", "h100-sxm", 16, {**README, "kv_precision": Precision.FP8},
                  {"requests_per_s": 20, "tpot_ms": 50}),
        _scenario("llama3-8b", "l40s", 4, {"concurrency": 64, "prompt_tokens": 4000, "output_tokens": 300},
                  {"requests_per_s": 8, "ttft_ms": 400, "tpot_ms": 30}),
    ]
    rng = random.Random(2814)
    cards = ("h100-sxm", "h200-sxm", "l40s", "a100-sxm-80gb", "b200", "mi300x", "v100-sxm-32gb")
    for _ in range(8):
        serving = {"concurrency": rng.choice((16, 64, 200, 500)), "prompt_tokens": rng.choice((256, 1024, 3000)),
                   "output_tokens": rng.choice((64, 256, 800))}
        fixed.append(_scenario(rng.choice(("llama3-8b", "llama3-70b", "qwen2.5-72b")), rng.choice(cards),
                               rng.choice((2, 4, 8, 16, 32)), serving,
                               {"requests_per_s": rng.choice((2, 10, 40)), "tpot_ms": rng.choice((30, 60))}))
    return fixed


def _layouts(scenario: Scenario):
    for tp in (1, 2, 4, 8):
        if scenario.count % tp == 0 and scenario.model.n_heads % tp == 0:
            yield with_layout(scenario, {"tp": tp, "pp": 1, "virtual_stages": 1, "cp": 1, "ep": 1})


BATCHES = (1, 3, 16, 64, 200, 256, 1024, 4096)


def test_the_probe_rates_each_batch_as_the_copy_made_there(catalog):
    """(fits, rate) of the probe, which makes no copy, against the copy made at each batch: its
    memory's verdict, and its step costs' capacity times the copies (the slower pool's over the
    copies with separate pools), the same floats."""
    checked = 0
    for scenario in _cases():
        card = catalog.get(scenario.card_id)
        for laid_out in _layouts(scenario):
            clear_estimate_memo()
            probe = rate_probe.RateProbe.of(laid_out, card)
            if probe is None:
                continue
            for batch in BATCHES:
                found = probe.rate_at(batch)
                copy = serving_copy(at_batch(laid_out, batch), card, plan_serving(laid_out, card))
                if not copy.memory.fits:
                    assert found == (False, 0.0)
                    continue
                s = copy.scenario
                if s.prefill_copies:
                    rate = pools(s, card, copy.plan, copy.costs).capacity / s.data_parallel * busy_copies(s)
                else:
                    rate = capacity(copy.costs) * busy_copies(s)
                assert found == (True, rate), (scenario.card_id, laid_out.parallelism.tp, batch)
                checked += 1
    assert checked > 50


def test_the_probes_prefill_ceiling_is_the_one_worked_out_afresh(catalog):
    """The probe reads the prefill times from the copy's step table: the ceiling, and whether the
    copy is short at every batch, are those worked out without it."""
    for scenario in _cases():
        card = catalog.get(scenario.card_id)
        for laid_out in _layouts(scenario):
            clear_estimate_memo()
            probe = rate_probe.RateProbe.of(laid_out, card)
            if probe is None:
                continue
            plan = plan_serving(laid_out, card)
            s = laid_out
            if s.prefill_copies:
                bound = prefill_pool_rate(s.prefill_copies, prefill_pool_prompt_seconds(s, card, plan)) \
                    / s.data_parallel * busy_copies(s)
            else:
                bound = rate_probe.prefill_ceiling(s, card, plan) * busy_copies(s)
            assert probe.short_at_every_batch() == (bound < s.constraints.requests_per_s)
            assert rate_probe.prefill_ceiling(s, card, plan) == \
                rate_probe.prefill_ceiling(s, card, plan, probe.batch_free(rate_probe.prompt_token_seconds))


def test_a_kept_memory_model_is_the_fresh_one_at_every_count_and_batch(catalog):
    clear_estimate_memo()
    card = catalog.get("h100-sxm")
    base = _cases()[0]
    laid_out = with_layout(base, {"tp": 4, "pp": 1, "virtual_stages": 1, "cp": 1, "ep": 1})
    plan = plan_serving(laid_out, card)
    first = copies.kept_memory_model(laid_out, card, plan)
    assert first == serving_memory_model(laid_out, card, plan)
    for count in (8, 16, 64):
        for batch in (1, 64, 512):
            other = at_batch(laid_out.model_copy(update={"count": count}), batch)
            assert copies.kept_memory_model(other, card, plan_serving(other, card)) is first
    # another layout, card, KV precision, chunk, plan or value type: another model, each the fresh one
    wider = with_layout(base, {"tp": 8, "pp": 1, "virtual_stages": 1, "cp": 1, "ep": 1})
    fp8 = laid_out.model_copy(update={"serving": laid_out.serving.model_copy(update={"kv_precision": Precision.FP8})})
    chunk = laid_out.model_copy(update={"serving": laid_out.serving.model_copy(update={"max_batched_tokens": 2048})})
    fraction = laid_out.model_copy(update={"serving": laid_out.serving.model_copy(
        update={"engine_memory_fraction": 0.8})})
    for other, on in ((wider, card), (fp8, card), (chunk, card), (fraction, card),
                      (laid_out, catalog.get("h200-sxm"))):
        kept = copies.kept_memory_model(other, on, plan_serving(other, on))
        assert kept is not first and kept == serving_memory_model(other, on, plan_serving(other, on))
    fp4 = plan_serving(laid_out.model_copy(update={"precision": Precision.FP8}), card)
    assert copies.kept_memory_model(laid_out, card, fp4) == serving_memory_model(laid_out, card, fp4) != first
    fresh = Scenario.model_validate_json(laid_out.model_dump_json())  # equal, other model object
    assert copies.kept_memory_model(fresh, card, plan) is not first
    clear_estimate_memo()
    assert copies.kept_memory_model(laid_out, card, plan) is not first  # cold again


def test_a_kept_precision_plan_is_the_fresh_one(catalog):
    clear_estimate_memo()
    base = _cases()[0]
    for card_id in ("h100-sxm", "v100-sxm-32gb", "a10", "mi300x"):
        card = catalog.get(card_id)
        for precision in (Precision.BF16, Precision.FP8, Precision.INT4):
            s = base.model_copy(update={"precision": precision})
            kept = copies.kept_plan(s, card)
            assert kept == plan_serving(s, card)
            assert copies.kept_plan(s.model_copy(update={"count": 64}), card) is kept
    h100 = catalog.get("h100-sxm")
    assert copies.kept_plan(base, h100) is not copies.kept_plan(base, catalog.get("h200-sxm"))
    clear_estimate_memo()
    assert copies.kept_plan(base, h100) == plan_serving(base, h100)


def test_a_memo_that_excludes_fields_shares_a_value_only_across_them():
    """The serving search memo (:class:`~configurator.core.memo.ScenarioMemo` with the fields no
    search reads excluded): another name or economics shares the value, as does an equal scenario
    read afresh; any other field does not."""
    from configurator.core.memo import NOT_SEARCHED, ScenarioMemo

    memo: ScenarioMemo[str] = ScenarioMemo(8, NOT_SEARCHED)
    base = _cases()[0]
    made = []

    def make(value: str):
        return lambda: made.append(value) or value

    assert memo.kept_or_made(base, (), make("a")) == "a"
    renamed = base.model_copy(update={"name": "other", "economics": base.economics.model_copy(
        update={"electricity_per_kwh": 0.3})})
    assert memo.kept_or_made(renamed, (), make("b")) == "a"
    faster = base.model_copy(update={"constraints": base.constraints.model_copy(update={"requests_per_s": 21.0})})
    assert memo.kept_or_made(faster, (), make("c")) == "c"
    more = base.model_copy(update={"count": 32})
    assert memo.kept_or_made(more, (), make("d")) == "d"
    assert memo.kept_or_made(Scenario.model_validate_json(renamed.model_dump_json()), (), make("e")) == "a"
    assert made == ["a", "c", "d"]


def test_a_copy_made_with_its_plan_reads_the_kept_memory_model_and_weighs_as_a_fresh_one(catalog):
    """A copy kept with its plan takes its layout's kept memory model (one for every count and
    batch), and its memory, step costs and speed are those of a copy made afresh."""
    clear_estimate_memo()
    card = catalog.get("h100-sxm")
    laid_out = with_layout(_cases()[0], {"tp": 4, "pp": 1, "virtual_stages": 1, "cp": 1, "ep": 1})
    plan = plan_serving(laid_out, card)
    for count, batch in ((16, 64), (32, 64), (16, 256)):
        s = at_batch(laid_out.model_copy(update={"count": count}), batch)
        kept = copies.kept_copy(s, card, copies.kept_plan(s, card))
        assert kept.model is copies.kept_memory_model(laid_out, card, plan)
        fresh = serving_copy(s, card, plan_serving(s, card))
        assert kept.memory == fresh.memory and kept.replica == fresh.replica
