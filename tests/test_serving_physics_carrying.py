"""The running sequences' time per output token counts the prompts' own weight read (issue 27 part 6,
the TPOT side): a step that carries a prompt takes the longer of the pure decode step and the
prompt's own read (a MoE's experts its chunk routes to, a GGUF model's dequantized copy;
:attr:`~configurator.core.load.StepCosts.carried_read_s`), and the mean step charges the share of
steps that carry one its excess, ``(1 − e^(−λNT))·max(0, R − T_d(n))/N``
(:func:`~configurator.core.load_step.solve_mean_step`). Checked against the discrete-event
simulation of the same scheduler (``tests/test_serving.py``'s :func:`simulate`, whose carrying step
takes the same longer of the two), and for the step equation's own promises: it rises with the
step (the solver's bracket), it is the step before it where the read fits in the decode step (a
dense model's prompt), and the capacity's closed form is its root at the full batch."""

from __future__ import annotations

import dataclasses
import math

import pytest

from configurator.core.architecture import load_presets
from configurator.core.catalog import load_bundled_catalog
from configurator.core.load import capacity, load_point
from configurator.core.load_step import STEP_TOLERANCE, capacity_step, solve_mean_step
from configurator.core.precision import plan_serving
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.serving_step_costs import step_costs
from test_serving import _quantile, simulate

CATALOG = load_bundled_catalog()
PRESETS = load_presets()
_PINNED = [f for f in LAYOUT_FIELDS if f not in ("tp", "pp", "ep")]


def _costs(model, card, count, precision, parallelism, batch, **serving):
    s = Scenario(model=PRESETS[model], workload="inference", card_id=card, count=count, precision=precision,
                 parallelism=parallelism, auto_layout=_PINNED, serving={"concurrency": batch, **serving})
    c = CATALOG.get(card)
    return step_costs(s, c, plan_serving(s, c), batch)


def _gguf_70b(output_tokens=64, step_tokens=8192):
    """Llama 3 70B in Q4_K_M on 2 × L40S under vLLM (prompts in the decode steps): its prompt's chunk
    dequantizes the weights to an FP16 copy, some six times a decode step's read."""
    return _costs("llama3-70b", "l40s", 2, "int4", {"tp": 2}, 32, engine="vllm", weight_format="q4_k_m",
                  prompt_tokens=1024, output_tokens=output_tokens, max_batched_tokens=step_tokens)


def _moe(engine="vllm"):
    """Mixtral 8x7B INT8 on 8 × A2 (TP 4): a 1,024-token chunk routes to every expert, a decode
    step of a few sequences to few."""
    return _costs("mixtral-8x7b", "a2", 8, "int8", {"tp": 4}, 32, engine=engine, prompt_tokens=1024,
                  output_tokens=32)


def _without_read(costs):
    return dataclasses.replace(costs, prompt_read_s=0.0)


def _step_equation(costs, rate, step):
    """``F(T)`` as :func:`solve_mean_step`'s docstring writes it, worked out apart from the solver [s]."""
    n = min(rate * costs.decode_steps * step, costs.steady_batch)
    decode, passes = costs.decode_s(n), costs.scheduler_steps
    chunks = math.ceil(costs.prompt_tokens / max(costs.step_tokens - n, 1.0))
    share = (1.0 - math.exp(-rate * passes * chunks * step)) / passes
    carried = costs.chunk_s + max(0.0, costs.carried_read_s - decode)
    return (decode + share * carried) / (1.0 - rate * costs.prompt_tokens * costs.prompt_token_s)


@pytest.mark.parametrize("load", [0.3, 0.6])
def test_tpot_counts_a_gguf_prompts_dequantized_read_under_load(load):
    """The GGUF copy at 30 % and 60 % of its capacity: TPOT p50 within 6 % of the simulation whose
    carrying steps take the prompt's read; the equation without the read fell 5 % and 24 % short."""
    costs = _gguf_70b()
    assert costs.carried_read_s > 5 * costs.decode_s(1.0)
    rate = load * capacity(costs)
    _, tpot = simulate(costs, rate, requests=4000)
    simulated = _quantile(tpot, 0.5)
    assert load_point(costs, rate).tpot_s[50] == pytest.approx(simulated, rel=0.06)
    if load > 0.5:  # the step without the prompt's read misses the simulation by far more
        assert load_point(_without_read(costs), rate).tpot_s[50] < 0.85 * simulated


@pytest.mark.parametrize("model", ["gguf", "dense"])
def test_a_prompt_in_several_chunks_is_carried_by_as_many_steps(model):
    """A prompt longer than a step's budget is carried over ``k = ⌈P/(C − n)⌉`` steps, each paying
    the fixed cost and the prompt's read: at 60 % of the capacity the mean step within 10 % of the
    simulation's median time per token (the GGUF copy: 1,024 tokens in 512-token steps, 129 ms
    against 134; Llama 3 8B on one H100: 4,096 in 1,024, 17.8 ms against 19.2), where counting one
    carrying step a prompt fell 45 % and 18 % short (74 ms, 15.7 ms)."""
    costs = _gguf_70b(step_tokens=512) if model == "gguf" else \
        _costs("llama3-8b", "h100-sxm", 1, "bf16", {}, 64, engine="vllm", prompt_tokens=4096, output_tokens=128,
               max_batched_tokens=1024)
    rate = 0.6 * capacity(costs)
    _, tpot = simulate(costs, rate, requests=4000)
    assert load_point(costs, rate).tpot_s[50] == pytest.approx(_quantile(tpot, 0.5), rel=0.10)


@pytest.mark.parametrize("step_tokens", [8192, 512])
def test_the_read_lowers_the_capacity_where_it_exceeds_the_full_batch_step(step_tokens):
    """The capacity's closed form is the equation's root at the full batch, with the read's excess
    over the full batch's decode step (and, in 512-token steps, the prompt's three chunks); in
    512-token steps the batch as full as the budget keeps it, 512·D/(D + 1,024) of the 32 slots."""
    costs = _gguf_70b(step_tokens=step_tokens)
    assert costs.carried_read_s > costs.full_decode_s
    assert capacity(costs) < 0.9 * capacity(_without_read(costs))
    rate = capacity(costs)
    step = capacity_step(costs)
    assert rate * costs.decode_steps * step == pytest.approx(costs.steady_batch, rel=1e-12)
    assert costs.steady_batch == (costs.max_batch if step_tokens == 8192 else pytest.approx(
        512 * costs.decode_steps / (costs.decode_steps + costs.prompt_tokens)))
    assert _step_equation(costs, rate, step) == pytest.approx(step, rel=1e-12)


@pytest.mark.parametrize("costs", [_gguf_70b(), _gguf_70b(output_tokens=8), _gguf_70b(step_tokens=512), _moe()],
                         ids=["gguf", "gguf-o8", "gguf-chunked", "moe"])
def test_the_step_equation_rises_and_its_root_is_found(costs):
    """``F`` does not fall as the step grows (over steps from the idle one to past the capacity's), and
    the solver's root meets its tolerance against ``F`` worked out apart, at rates up to the capacity."""
    limit = capacity(costs)
    for load in (0.01, 0.1, 0.3, 0.6, 0.9, 0.999):
        rate = load * limit
        steps = [costs.decode_s(0.0) * 1.05 ** k for k in range(160)]
        values = [_step_equation(costs, rate, t) for t in steps]
        assert all(a <= b * (1 + 1e-12) for a, b in zip(values, values[1:]))
        step, n = solve_mean_step(costs, rate)
        assert abs(_step_equation(costs, rate, step) - step) <= 1e-12 + 2 * STEP_TOLERANCE * step
        assert n == pytest.approx(min(rate * costs.decode_steps * step, costs.max_batch), rel=1e-12)


def test_moe_prompts_lengthen_the_running_steps():
    """A MoE prompt's chunk routes to more experts than the few running sequences: at a low load the
    mean step is longer by the carrying steps' share of the excess read."""
    costs = _moe()
    rate = 0.2 * capacity(costs)
    step, n = solve_mean_step(costs, rate)
    plain, _ = solve_mean_step(_without_read(costs), rate)
    assert costs.carried_read_s > costs.decode_s(n)
    assert step > plain * (1 + 1e-3)
    assert load_point(costs, rate).tpot_s[50] > load_point(_without_read(costs), rate).tpot_s[50]


def test_a_read_within_the_decode_step_changes_nothing():
    """A dense FP16 prompt reads the weights a decode step reads: the mean step, the capacity and
    the load point are those of the equation without the read, to the bit."""
    costs = _costs("llama3-8b", "h100-sxm", 1, "bf16", {}, 64, engine="vllm", prompt_tokens=1024, output_tokens=128)
    assert 0.0 < costs.carried_read_s <= costs.decode_s(0.0)
    plain = _without_read(costs)
    assert capacity(costs) == capacity(plain)
    for load in (0.1, 0.5, 0.95):
        rate = load * capacity(plain)
        assert solve_mean_step(costs, rate) == solve_mean_step(plain, rate)
        assert load_point(costs, rate) == load_point(plain, rate)


def test_a_prefill_pass_of_its_own_is_not_charged_twice():
    """SGLang runs a prompt in a pass of its own: the running sequences wait through its read in the
    chunk's fixed cost already (:attr:`~configurator.core.load.StepCosts.own_pass_s`), so the carried
    read is 0 and the mean step is the one without it."""
    costs = _moe(engine="sglang")
    assert costs.own_pass_s > 0.0 and costs.prompt_read_s == costs.own_pass_s
    assert costs.carried_read_s == 0.0
    rate = 0.3 * capacity(costs)
    assert solve_mean_step(costs, rate) == solve_mean_step(_without_read(costs), rate)
