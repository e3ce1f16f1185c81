"""Serving physics over a fuzz range (issue 27, part 6): no serving estimate that fits moves more
FLOPs, memory bytes or link bytes per second than its cards can, holds more than their memory,
reports a non-finite or non-positive rate, a latency band that excludes its estimate, a tail below
its median or a first token sooner than the prompt takes on an idle copy.

Every bound is a floor of the work the answer implies, counted from the model, its precision and
the numbers the estimate reports (its public result objects: ``Estimate.serving``, ``.memory``,
``.plan``, ``.scenario``), not from the formulas that made them, so a formula that lets a kernel run
past its card's peak shows here whatever its path:

* FLOPs: a request prefills its uncached prompt, ``2·(N − V·d)`` per token plus the output head
  once (:func:`~configurator.core.prefill_time.prefill_flops`' products, attention left out), and
  decodes ``O − 1`` more tokens at ``2·N`` each (``N``: :meth:`matmul_params`, the active ones);
  ``requests/s × that ≤ cards × peak`` (the plan's math rate, or the prompt's own where the engine
  runs prompts at another, :func:`~configurator.core.serving_speed.prompt_peak`).
* Bytes: every engine step reads the weights a token touches at least once (a dense model's all;
  a MoE's shared part and ``k`` experts per MoE layer over the copies that share them); a step
  carries at most ``max_batched_tokens`` tokens and at most the running batch of decoding
  sequences (:func:`~configurator.core.serving_speed.running_batch`), each advancing
  :func:`~configurator.core.serving_step_costs.speculative_tokens_per_step` tokens; each decoding
  sequence reads at least its prompt's cache every step. ``steps/s × weights + cache reads/s ≤
  cards × bandwidth``; TPOT at least one step's weight read at the copy's bandwidth.
* Links: each decode token's two all-reduces per layer on ``tp`` cards send at least
  ``(tp − 1)/tp`` of the hidden state per card (any all-reduce, ring or in-switch); the expert
  all-to-alls send a token's hidden state off its copy at least once per MoE layer (dispatch and
  combine, 1 B per element at the least); a disaggregated prompt's cache leaves its prefill copy
  once. ``bytes/s ≤ cards × the fastest link a card has``.
* Memory: the parts of a fitting estimate within its budget, the budget within the card, the
  weights at least the copy's share.

The cases are drawn from a seeded generator (the same on every run; ``GPU_CONFIGURATOR_FUZZ_SEED=random``
explores, ``GPU_CONFIGURATOR_FUZZ_SCALE`` scales the count as the fuzz suite's,
:mod:`case_counts`) over dense and MoE models (presets and sizes), precisions down to FP4,
weight formats, pinned and planned TP/PP/EP layouts, batches, prompts and answers from 1 to 128k
tokens, every engine, every card the catalog serves on (inference, training, graphics and
workstation classes), speculative decoding, prefix caching, static batching, disaggregated pools
and stated request rates.
"""

from __future__ import annotations

import math
import os
import random

import pytest
from pydantic import ValidationError

from case_counts import scaled
from configurator.core.architecture import from_param_count, load_presets
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.kv_memory import kv_cache_bytes_per_token
from configurator.core.precision import kv_element_bytes
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.prefill_time import uncached_prompt_tokens
from configurator.core.serving_speed import prompt_peak, running_batch
from configurator.core.serving_step_costs import speculative_tokens_per_step
from configurator.core.uncertainty import headline_bands
from configurator.core.units import GB, TERA

CATALOG = load_bundled_catalog()
PRESETS = load_presets()
GIB = 2**30

CASES = scaled(1000)
"""Scenarios drawn (the default scale, a fifth: 200, about 5 s of CPU; some 55 % of them fit)."""

SEED = random.randrange(2**32) if os.environ.get("GPU_CONFIGURATOR_FUZZ_SEED") == "random" else 27_6

RTOL = 1e-6
"""Rounding allowed on a bound: the estimator's own solves stop at 1e-6 of the step
(:data:`~configurator.core.load_step.STEP_TOLERANCE`)."""

ENGINES = ("vllm", "sglang", "tensorrt-llm", "llama.cpp", "transformers", "ideal")
PRECISIONS = ("bf16", "fp16", "fp8", "int8", "int4", "fp4")
FORMATS = ("awq-int4", "gptq-int4", "nvfp4", "fp8", "int8", "q8_0", "q4_k_m", "q2_k", "exl2")
LENGTHS = (1, 16, 128, 1024, 4096, 32768, 131072)


def _draw(r: random.Random) -> Scenario:
    """One serving scenario; raises ValidationError for a combination the scenario refuses."""
    model = PRESETS[r.choice(sorted(PRESETS))] if r.random() < 0.8 else from_param_count(10 ** r.uniform(8, 12))
    prompt, output = r.choice(LENGTHS), r.choice(LENGTHS[:-1])
    serving: dict = {"prompt_tokens": prompt, "output_tokens": output, "engine": r.choice(ENGINES),
                     "concurrency": r.choice((None, 1, 8, 64, 512, 4096))}
    if r.random() < 0.3:
        serving["weight_format"] = r.choice(FORMATS)
    if r.random() < 0.2:
        serving["kv_precision"] = r.choice(("fp8", "bf16", "fp16"))
    if r.random() < 0.3:
        serving["prefix_hit_rate"] = r.choice((0.5, 0.9, 0.99))
    if r.random() < 0.3:
        serving["speculative_tokens"] = r.choice((1, 3, 5))
    if r.random() < 0.2:
        serving["disaggregated"] = True
    if r.random() < 0.2:
        serving["batching"] = r.choice(("static", "continuous"))
    if r.random() < 0.3:
        serving["max_batch"] = r.choice((1, 4, 32, 256, 1024))
    if r.random() < 0.2:
        serving["max_batched_tokens"] = r.choice((256, 2048, 16384))
    count = r.choice((1, 1, 2, 4, 8, 8, 16, 32, 64))
    data: dict = {"model": model.model_dump(), "workload": "inference", "card_id": r.choice(CATALOG.ids()),
                  "count": count, "precision": r.choice(PRECISIONS), "serving": serving,
                  "auto_layout": list(LAYOUT_FIELDS)}
    if r.random() < 0.3:  # a pinned layout
        data["parallelism"] = {"tp": min(count, r.choice((1, 2, 4, 8))),
                               "ep": r.choice((1, 1, 2, 8)) if model.is_moe else 1}
        data["auto_layout"] = [f for f in LAYOUT_FIELDS if f not in ("tp", "pp", "ep")]
    if r.random() < 0.2:
        data["constraints"] = {"requests_per_s": r.choice((0.1, 1.0, 10.0, 100.0))}
    return Scenario.model_validate(data)


def _fitting_estimates() -> list:
    r = random.Random(SEED)
    found, drawn = [], 0
    while drawn < CASES:
        try:
            scenario = _draw(r)
        except ValidationError:
            continue
        drawn += 1
        est = estimate(scenario, CATALOG.get(scenario.card_id))
        if est.serving is not None and est.fits:
            found.append(est)
    return found


@pytest.fixture(scope="module")
def estimates() -> list:
    found = _fitting_estimates()
    assert len(found) >= CASES // 3, f"only {len(found)} of {CASES} cases fit (seed {SEED})"
    kinds = {(e.scenario.model.is_moe, e.serving.batching, e.scenario.serving.disaggregated) for e in found}
    assert len(kinds) >= 4, kinds  # dense and MoE, static and continuous, pools
    return found


def _label(est) -> str:
    s = est.scenario
    par, sv = s.parallelism, s.serving
    return (f"{s.model.total_params() / 1e9:.1f}B{' MoE' if s.model.is_moe else ''} {s.precision}/"
            f"{est.plan.weight_format} on {s.count}x {s.card_id} tp{par.tp} pp{par.pp} ep{par.ep} {sv.engine.value} "
            f"P{sv.prompt_tokens} O{sv.output_tokens} users {sv.users} k{sv.speculative_tokens} "
            f"hit {sv.prefix_hit_rate} {est.serving.batching}{' pools' if sv.disaggregated else ''} "
            f"rps {s.constraints.requests_per_s} (seed {SEED})")


def _no_violations(estimates, check) -> None:
    """``check(est)`` for every estimate: None, or the violation in words."""
    found = [(f, _label(e)) for e in estimates if (f := check(e)) is not None]
    assert not found, f"{len(found)} of {len(estimates)}: " + "; ".join(f"{f} — {label}" for f, label in found[:5])


# ---- what a request takes, counted from the model ----------------------------------------------------

def _peak_flops(est) -> float:
    """The fastest rate the card computes this plan's products at, decode or prompt [FLOP/s]."""
    card, plan = est.card, est.plan
    return max(card.peak_tflops(plan.math), prompt_peak(card, plan, est.scenario.serving.profile)[1]) * TERA


def _prompt_flops(est) -> float:
    """A request's prefill products: ``2·(N − V·d)`` per uncached prompt token, the head once [FLOP]."""
    m = est.scenario.model
    head = m.vocab * m.hidden
    return 2.0 * (m.matmul_params() - head) * uncached_prompt_tokens(est.scenario) + 2.0 * head


def _token_weight_bytes(est) -> float:
    """Weight bytes one copy reads in a step that decodes one token, at the least [B]: a dense
    model's all; a MoE's shared part and ``k`` experts per MoE layer, split over the copies that
    share the experts."""
    s, m = est.scenario, est.scenario.model
    if not m.is_moe:
        return m.total_params() * est.plan.weight_bytes
    expert = m.mlp_params(m.routed_ffn)
    shared = m.total_params() - m.n_moe_layers * m.n_experts * expert
    return (shared + m.n_moe_layers * m.experts_per_token * expert / s.expert_copies) * est.plan.weight_bytes


def _held_weight_bytes(est) -> float:
    """Weight bytes a card of a copy holds, at the least: the copy's over its ``tp × pp`` cards [B]."""
    s, m = est.scenario, est.scenario.model
    params = m.total_params()
    if m.is_moe:
        routed = m.n_moe_layers * m.n_experts * m.mlp_params(m.routed_ffn)
        params = params - routed + routed / s.expert_copies
    return params * est.plan.weight_bytes / s.model_parallel


def _decode_tokens_per_s(est) -> float:
    """Tokens made by decode steps, the first of each answer coming from its prefill [1/s]."""
    return est.serving.requests_per_s * (est.scenario.serving.output_tokens - 1)


def _steps_per_s(est) -> float:
    """Engine steps per second over the deployment, at the least: a step advances at most the
    running batch by the speculative tokens per step, and carries at most ``max_batched_tokens``
    tokens [1/s]."""
    s, sp = est.scenario, est.serving
    per_request = uncached_prompt_tokens(s) + s.serving.output_tokens - 1
    return max(_decode_tokens_per_s(est) / (running_batch(s, est.card) * speculative_tokens_per_step(s)),
               sp.requests_per_s * per_request / s.serving.max_batched_tokens)


def _bandwidth(est) -> float:
    return est.card.bandwidth_gbps * GB


def _fastest_link(est) -> float:
    """The fastest way off a card: its fast link, PCIe, its own scale-out or the assumed NIC [B/s]."""
    ic, a = est.card.interconnect, est.scenario.assumptions
    return max(ic.link_gbps_one_way or 0.0, ic.pcie_gbps_one_way or 0.0, ic.scale_out_gbps or 0.0,
               a.network_gbps_per_card, a.network_gbps_per_pcie_card) * GB


# ---- the checks ---------------------------------------------------------------------------------------

def _rates_finite_and_positive(est):
    sp = est.serving
    for name in ("tokens_per_s", "tokens_per_s_per_card", "requests_per_s", "ttft_s", "tpot_s"):
        value = getattr(sp, name)
        if not (math.isfinite(value) and value > 0):
            return f"{name} = {value}"
    for name, values in (("ttft", sp.ttft_percentiles_s), ("tpot", sp.tpot_percentiles_s)):
        if not all(math.isfinite(v) and v > 0 for v in values.values()):
            return f"{name} percentiles {values}"
    return None


def _deployment_flops_within_peak(est):
    s, sp = est.scenario, est.serving
    done = sp.requests_per_s * _prompt_flops(est) + _decode_tokens_per_s(est) * 2.0 * s.model.matmul_params()
    ceiling = s.count * _peak_flops(est)
    return None if done <= ceiling * (1 + RTOL) else f"{done / ceiling:.3f} × the cards' peak FLOP/s"


def _prefill_within_peak(est):
    """One prompt alone on an idle copy: its products at most the copy's peak, its weights read once."""
    idle, s = est.serving.idle_ttft_s, est.scenario
    floor = max(_prompt_flops(est) / (s.model_parallel * _peak_flops(est)),
                _token_weight_bytes(est) / (s.model_parallel * _bandwidth(est)))
    return None if idle >= floor * (1 - RTOL) else f"idle TTFT {idle:.3g} s < its floor {floor:.3g} s"


def _deployment_bytes_within_bandwidth(est):
    s = est.scenario
    cache = kv_cache_bytes_per_token(s.model, kv_element_bytes(s, est.plan)) * \
        s.model.attended_tokens(s.serving.prompt_tokens)
    moved = _steps_per_s(est) * _token_weight_bytes(est) + \
        _decode_tokens_per_s(est) / speculative_tokens_per_step(s) * cache
    ceiling = s.count * _bandwidth(est)
    return None if moved <= ceiling * (1 + RTOL) else f"{moved / ceiling:.3f} × the cards' bandwidth"


def _decode_step_within_bandwidth(est):
    """Every decoding step reads the weights of a token at least once and multiplies its own
    sequence's token by them (``2·N``), across the copy's cards."""
    s, sp = est.scenario, est.serving
    if s.serving.output_tokens < 2:
        return None  # no decode step: the one token comes from the prefill
    step = max(_token_weight_bytes(est) / _bandwidth(est), 2.0 * s.model.matmul_params() / _peak_flops(est))
    floor = step / s.model_parallel / speculative_tokens_per_step(s)
    tpot = sp.tpot_percentiles_s[50]
    return None if tpot >= floor * (1 - RTOL) else f"TPOT p50 {tpot:.3g} s < one step's floor {floor:.3g} s"


def _links_within_bandwidth(est):
    s, sp, m = est.scenario, est.serving, est.scenario.model
    par = s.parallelism
    tokens = sp.requests_per_s * uncached_prompt_tokens(s) + _decode_tokens_per_s(est)
    sent = 0.0
    if par.tp > 1:  # two all-reduces per layer of a (16-bit at least) hidden state, (tp − 1)/tp of it per card
        sent += tokens * 2 * m.n_layers * m.hidden * 2.0 * (par.tp - 1)
    if m.is_moe and s.expert_copies > 1:  # dispatch and combine off the copy, 1 B per element at least
        sent += tokens * 2 * m.n_moe_layers * m.hidden * 1.0 * (1 - 1 / s.expert_copies)
    if s.serving.disaggregated and s.prefill_copies:
        cache = kv_cache_bytes_per_token(m, kv_element_bytes(s, est.plan))
        sent += sp.requests_per_s * cache * m.attended_tokens(uncached_prompt_tokens(s))
    ceiling = s.count * _fastest_link(est)
    return None if sent <= ceiling * (1 + RTOL) else f"{sent / ceiling:.3f} × the cards' fastest links"


def _memory_within_the_card(est):
    mem, card = est.memory, est.card
    parts = mem.weights + mem.kv_cache + mem.activations + mem.overhead
    if parts > mem.total * (1 + 1e-9) or mem.total > mem.budget * (1 + 1e-9):
        return f"parts {parts:.4g} B, total {mem.total:.4g} B, budget {mem.budget:.4g} B"
    if mem.budget > mem.capacity * (1 + 1e-9):
        return f"budget {mem.budget:.4g} B above the capacity {mem.capacity:.4g} B"
    if mem.capacity > max(card.memory_gb, card.usable_memory_gib or 0.0) * GIB * (1 + 1e-9):
        return f"capacity {mem.capacity:.4g} B above the card's {card.memory_gb} GB"
    held = _held_weight_bytes(est)
    return None if mem.weights >= held * (1 - RTOL) else f"weights {mem.weights:.4g} B < the copy's share {held:.4g} B"


def _latencies_ordered(est):
    sp = est.serving
    for name, values in (("ttft", sp.ttft_percentiles_s), ("tpot", sp.tpot_percentiles_s)):
        if not values[50] <= values[90] <= values[99]:
            return f"{name} p50 ≤ p90 ≤ p99 broken: {values}"
    if sp.ttft_s != sp.ttft_at(50) or sp.tpot_s != sp.tpot_at(50):
        return "the headline TTFT or TPOT is not the median"
    return None


def _first_token_after_its_prefill(est):
    sp = est.serving
    idle = sp.idle_ttft_s
    return None if sp.ttft_at(50) >= idle * (1 - RTOL) else \
        f"TTFT p50 {sp.ttft_at(50):.4g} s < one prompt alone {idle:.4g} s"


def _bands_hold(est):
    for name, band in headline_bands(est).items():
        if not band.low <= band.value <= band.high:
            return f"{name}: {band.value:.4g} outside {band.low:.4g}–{band.high:.4g}"
    return None


@pytest.mark.parametrize("check", [
    _rates_finite_and_positive, _deployment_flops_within_peak, _prefill_within_peak,
    _deployment_bytes_within_bandwidth, _decode_step_within_bandwidth, _links_within_bandwidth,
    _memory_within_the_card, _latencies_ordered, _first_token_after_its_prefill, _bands_hold,
], ids=lambda f: f.__name__.strip("_"))
def test_serving_physics_over_the_fuzz_range(estimates, check):
    _no_violations(estimates, check)


# ---- the two cases the fuzz found broken, mended in the load model's mechanism ---------------------------

_PINNED = [f for f in LAYOUT_FIELDS if f not in ("tp", "pp", "ep")]


def test_no_first_token_before_the_prompt_alone():
    """Qwen3 235B in Q2_K on 16 × A800, one user, a 4,096-token prompt: TTFT p50 read 0.71 s
    against 0.91 s for the prompt alone on an idle copy (the load model's step carrying the prompt
    left out the GGUF weights' dequantized copy that :func:`prefill_seconds` counts). No floor: the
    step carrying a prompt now takes at least the prompt's own weight read
    (:attr:`~configurator.core.load.StepCosts.prompt_read_s`,
    :func:`~configurator.core.prefill_time.prompt_step_read_seconds`) and its tokens' time is the
    uncached prompt's (:func:`~configurator.core.prefill_time.prompt_token_seconds`), both as
    :func:`prefill_seconds` counts them."""
    s = Scenario(model=PRESETS["qwen3-235b-a22b"], workload="inference", card_id="a800-sxm", count=16,
                 precision="fp8", parallelism={"tp": 2, "ep": 2}, auto_layout=_PINNED,
                 serving={"weight_format": "q2_k", "engine": "sglang", "prompt_tokens": 4096, "output_tokens": 1,
                          "concurrency": 1})
    est = estimate(s, CATALOG.get("a800-sxm"))
    assert est.fits
    sp = est.serving
    assert sp.ttft_s == sp.ttft_at(50) >= sp.idle_ttft_s
    assert sp.ttft_at(50) <= sp.ttft_at(90) <= sp.ttft_at(99)


def test_no_token_sooner_than_one_reading_its_experts():
    """Mixtral 8x7B INT8 on 8 × A2 (TP 4) at 0.1 requests/s: TPOT read 4.4 ms, under the 16.1 ms one
    step takes to read the shared weights and two experts per layer at the card's bandwidth (the
    load model read the step at the mean running batch, below one, interpolated towards an empty
    step that reads no expert). No floor: a step that decodes at all now carries at least one
    sequence (:func:`~configurator.core.serving_step_costs.step_costs`' pure decode step)."""
    s = Scenario(model=PRESETS["mixtral-8x7b"], workload="inference", card_id="a2", count=8, precision="int8",
                 parallelism={"tp": 4}, auto_layout=_PINNED, constraints={"requests_per_s": 0.1},
                 serving={"engine": "ideal", "prompt_tokens": 1, "output_tokens": 128, "concurrency": 512})
    est = estimate(s, CATALOG.get("a2"))
    assert est.fits
    assert _decode_step_within_bandwidth(est) is None
    assert est.serving.tpot_s >= _token_weight_bytes(est) / (est.scenario.model_parallel * _bandwidth(est))


def test_the_two_mechanisms_directly():
    """A MoE copy's pure decode step part-way to one sequence is the step of one (no interpolation
    towards an empty step), and the steps carrying its prompt take at least the prompt's prefill on
    an idle copy (the prompt's own weight read, :attr:`~configurator.core.load.StepCosts.prompt_read_s`)."""
    from configurator.core.load import _carrying_and_token_wait
    from configurator.core.precision import plan_serving
    from configurator.core.prefill_time import idle_ttft_seconds
    from configurator.core.serving_step_costs import step_costs

    s = Scenario(model=PRESETS["mixtral-8x7b"], workload="inference", card_id="a2", count=8, precision="int8",
                 parallelism={"tp": 4}, auto_layout=_PINNED,
                 serving={"engine": "ideal", "prompt_tokens": 2048, "output_tokens": 128, "concurrency": 8})
    card = CATALOG.get("a2")
    plan = plan_serving(s, card)
    costs = step_costs(s, card, plan, 8)
    assert costs.decode_s(0.25) == costs.decode_s(1.0) > costs.decode_s(0.0)
    assert costs.prompt_read_s > costs.decode_s(1.0)  # 2,048 tokens route to every expert, one token to two
    carrying = _carrying_and_token_wait(costs, 1e-6, costs.decode_s(0.0), 0.0)[0]
    assert carrying >= idle_ttft_seconds(s, card, plan) * (1 - RTOL)
