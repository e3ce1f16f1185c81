"""A prompt's prefill as a forward pass of its own (SGLang's default: no --enable-mixed-chunk): the pass
reads the weights again while the running sequences wait, so each step that carries prompts costs the
decoders that read and the pass's host time more than a decode step that carries them
(configurator/core/prefill_time.py prefill_pass_seconds, load.py StepCosts.own_pass_s; issue 27)."""

from __future__ import annotations

import dataclasses

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.engines import SGLANG, VLLM
from configurator.core.load import StepCosts, _carrying_and_token_wait, load_point
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.prefill_time import _chunk_weights_seconds, prefill_layer_overhead
from configurator.core.serving_step_costs import step_costs


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _costs(catalog, engine: str, batch: int = 64):
    c = catalog.get("a100-sxm-80gb")
    s = Scenario(model=preset("llama3-8b"), card_id=c.id, count=1, workload="inference", precision="bf16",
                 serving={"context": 4096, "prompt_tokens": 224, "output_tokens": 194, "engine": engine,
                          "concurrency": batch, "max_batch": batch})
    plan = plan_serving(s, c)
    return s, c, plan, step_costs(s, c, plan, batch)


def test_which_engines_run_prefill_apart():
    assert SGLANG.prefill_with_decodes is False
    assert VLLM.prefill_with_decodes is True


def test_own_pass_is_one_chunks_weight_read_and_a_steps_host_time(catalog):
    s, c, plan, costs = _costs(catalog, "sglang")
    own = _chunk_weights_seconds(s, c, plan, 224) + SGLANG.step_overhead_s
    assert costs.own_pass_s == pytest.approx(own, rel=1e-12)
    assert costs.chunk_s == pytest.approx(s.model.n_layers * prefill_layer_overhead(s) + own, rel=1e-12)
    # 16 GB of BF16 weights on an A100 (2.04 TB/s at the engine's share): about 9 ms a pass
    assert 0.007 < costs.own_pass_s < 0.012


def test_mixed_engine_pays_no_pass(catalog):
    s, _, _, costs = _costs(catalog, "vllm")
    assert costs.own_pass_s == 0.0
    assert costs.chunk_s == pytest.approx(s.model.n_layers * prefill_layer_overhead(s), rel=1e-12)


def _pair(chunk_s: float = 0.004, own: float = 0.009) -> tuple[StepCosts, StepCosts]:
    mixed = StepCosts(lambda n: 0.010 + 1e-4 * n, 8e-5, chunk_s, 224, 194, 256, 8192)
    return mixed, dataclasses.replace(mixed, chunk_s=chunk_s + own, own_pass_s=own)


def test_the_pass_lengthens_the_decoders_step_and_grows_with_the_rate():
    mixed, apart = _pair()
    gaps = []
    for rate in (1.0, 4.0, 8.0):
        a, b = load_point(mixed, rate), load_point(apart, rate)
        assert b.step_s > a.step_s and b.tpot_s[50] > a.tpot_s[50]
        gaps.append(b.tpot_s[50] / a.tpot_s[50])
    assert gaps == sorted(gaps)  # more prompts a second, more passes the decoders wait through


def test_the_prompts_own_carrying_step_pays_no_second_weight_read():
    mixed, apart = _pair()
    step, n = 0.02, 10.0
    assert _carrying_and_token_wait(apart, 4.0, step, n)[0] == pytest.approx(
        _carrying_and_token_wait(mixed, 4.0, step, n)[0], rel=1e-12)
