"""Multi-step scheduling (vLLM ``--num-scheduler-steps N``): the load model against a discrete-event
simulation of a scheduler that runs only between passes of ``N`` steps (configurator/core/load.py, module
docstring), and the setting as an engine profile's field, read through the public names."""

from __future__ import annotations

import dataclasses
import random

import pytest

from configurator.core.architecture import preset
from configurator.core.engines import PROFILES, EngineProfile
from configurator.core.load import StepCosts, capacity, load_point, mean_ttft_seconds
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.serving_step_costs import step_costs


def simulate_passes(costs: StepCosts, rate: float, requests: int = 4000, seed: int = 3):
    """Passes of ``costs.scheduler_steps`` steps: the prompts waiting when a pass starts are carried whole by
    its first step beside the running decodes (their first token at that step's end); prompts arriving during
    a pass wait for it to end; every step decodes one token of each running sequence; an answer whose last
    token falls inside a pass holds its slot, and reaches its client, when the pass ends. Returns the sorted
    TTFTs and TPOTs [s] past a warm-up tenth."""
    rng = random.Random(seed)
    arrivals, t = [], 0.0
    for _ in range(requests):
        t += rng.expovariate(rate)
        arrivals.append(t)
    now, i = 0.0, 0
    waiting: list[float] = []
    running: list[list[float]] = []  # [tokens still to decode, first-token time]
    ttft: list[float] = []
    tpot: list[float] = []
    o = costs.output_tokens
    while len(tpot) < requests:
        while i < requests and arrivals[i] <= now:
            waiting.append(arrivals[i])
            i += 1
        if not waiting and not running:
            now = arrivals[i]
            continue
        for k in range(costs.scheduler_steps):
            n = len(running)
            carried = []
            if k == 0:
                budget = costs.step_tokens - n
                while waiting and budget >= costs.prompt_tokens and n + len(carried) < costs.max_batch:
                    carried.append(waiting.pop(0))
                    budget -= costs.prompt_tokens
            prefilled = len(carried) * costs.prompt_tokens
            now += costs.decode_s(n) + prefilled * costs.prompt_token_s + (costs.chunk_s if carried else 0.0)
            for seq in running:
                seq[0] -= 1
            for arrival in carried:
                ttft.append(now - arrival)
                running.append([o - 1, now])
            if all(seq[0] <= 0 for seq in running):
                break
        for seq in [s for s in running if s[0] <= 0]:  # stops seen, and tokens sent, at the pass's end
            tpot.append((now - seq[1]) / (o - 1))
            running.remove(seq)
    warm = requests // 10
    return sorted(ttft[warm:]), sorted(tpot[warm:])


def _median(values: list[float]) -> float:
    return values[len(values) // 2]


def _copy(catalog, steps: int) -> StepCosts:
    """Llama 3 8B on one A100 80GB at ShareGPT's mean lengths (224 / 194 tokens), 256 sequences at most, as
    vLLM 0.6.0 served it in SGLang's v0.3.0 benchmark (its server ran --num-scheduler-steps 10)."""
    profile = PROFILES["vllm"].model_copy(update={"scheduler_steps": steps})
    s = Scenario(model=preset("llama3-8b"), card_id="a100-sxm-80gb", workload="inference", precision="bf16",
                 serving={"prompt_tokens": 224, "output_tokens": 194, "context": 4096, "concurrency": 256,
                          "max_batch": 256, "engine": "vllm", "engine_profile": profile})
    card = catalog.get("a100-sxm-80gb")
    return step_costs(s, card, plan_serving(s, card), 256)


@pytest.mark.parametrize("rate", [4.0, 8.0])
def test_ttft_waits_for_the_rest_of_the_running_pass_as_simulated(catalog, rate):
    """At 4 and 8 requests/s (the benchmark's rates) the median TTFT and TPOT of the load model with 10 steps
    a pass are the simulated ones within a tenth; the TTFT is several steps longer than with one step a pass
    (about half a pass of 10), the TPOT barely moves."""
    costs = _copy(catalog, 10)
    assert costs.scheduler_steps == 10
    point = load_point(costs, rate)
    ttft, tpot = simulate_passes(costs, rate)
    assert point.ttft_s[50] == pytest.approx(_median(ttft), rel=0.10)
    assert point.tpot_s[50] == pytest.approx(_median(tpot), rel=0.10)
    single = load_point(_copy(catalog, 1), rate)
    assert point.ttft_s[50] - single.ttft_s[50] > 4 * point.step_s
    assert point.tpot_s[50] == pytest.approx(single.tpot_s[50], rel=0.05)


def test_one_step_a_pass_is_the_continuous_batching_model(catalog):
    """``scheduler_steps`` 1, the default of every engine profile, is the load model as it was: the same step
    costs object answers alike with the field given or left to its default."""
    assert {p.scheduler_steps for p in PROFILES.values()} == {1}
    assert EngineProfile.model_fields["scheduler_steps"].default == 1
    costs = _copy(catalog, 1)
    plain = dataclasses.replace(costs)
    assert load_point(costs, 6.0) == load_point(plain, 6.0)


def test_the_mean_ttft_grows_by_half_a_pass(catalog):
    """The mean TTFT's rest of the running pass is half of ``N`` mean steps where one step gave half a step;
    the prompts arrived during the pass share its carrying step (``λ·N·T`` of them)."""
    one, ten = _copy(catalog, 1), _copy(catalog, 10)
    rate = 6.0
    p1, p10 = load_point(one, rate), load_point(ten, rate)
    grown = mean_ttft_seconds(ten, p10) - mean_ttft_seconds(one, p1)
    expected = 0.5 * (10 * p10.step_s - p1.step_s) \
        + rate * ten.prompt_tokens * ten.prompt_token_s * (10 * p10.step_s - p1.step_s)
    assert grown == pytest.approx(expected, rel=0.05)


def test_passes_pay_the_fixed_prompt_cost_once_and_keep_the_capacity(catalog):
    """A pass of N steps pays the fixed cost of a prompt-carrying step once, ``(1 − e^(−λNT))·t_chunk/N`` a
    step: the capacity rises a little (never falls), by at most that fixed cost's share of the step."""
    one, ten = _copy(catalog, 1), _copy(catalog, 10)
    assert capacity(ten) >= capacity(one)
    assert capacity(ten) / capacity(one) - 1 < one.chunk_s / one.full_decode_s
