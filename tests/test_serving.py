"""Serving as engines serve: weight formats, engine profiles, continuous batching, load."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.estimate import estimate
from configurator.core.formats import FORMATS, WeightFormat, kv_bytes
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.units import GB, Precision
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost


def _json(est):
    """The estimate's JSON with its deployment cost."""
    return estimate_to_dict(est, deployment_cost(est))


def _serving(model="llama2-7b", card="h100-sxm", count=1, **serving):
    base = {"context": 4096, "prompt_tokens": 1024, "output_tokens": 256, "concurrency": 1}
    return Scenario(model=preset(model), card_id=card, count=count, workload="inference",
                    serving={**base, **serving})


# ---- weight formats ---------------------------------------------------------------------


@pytest.mark.parametrize(("fmt", "bpw"), [("q4_k_m", 4.84), ("q2_k", 3.35), ("q6_k", 6.56), ("q8_0", 8.5),
                                          ("q4_0", 4.5), ("awq-int4", 4.15625), ("nvfp4", 4.5), ("fp8", 8.0)])
def test_format_bits_are_the_declared_ones(fmt, bpw):
    assert FORMATS[WeightFormat(fmt)].bits_per_weight == pytest.approx(bpw)


def test_every_format_names_its_source():
    assert all(spec.source for spec in FORMATS.values())


def test_gguf_q4_0_size_of_llama2_70b_matches_llama_cpp(catalog):
    """llama.cpp's table (XiongjieDai GPU-Benchmarks-on-LLM-Inference): Llama 2 70B Q4_0 36.37 'GB'."""
    est = estimate(_serving("llama2-70b", weight_format="q4_0", context=2, prompt_tokens=1, output_tokens=1),
                   catalog.get("h100-sxm"))
    assert est.memory.weights / GB == pytest.approx(36.37, rel=0.10)


def test_exl2_takes_the_bits_it_was_converted_at(catalog):
    card = catalog.get("rtx-4090")
    plan = plan_serving(_serving(weight_format="exl2", weight_bpw=2.5), card)
    assert plan.weight_bits == 2.5 and plan.math in (Precision.FP16, Precision.BF16)
    small = estimate(_serving(weight_format="exl2", weight_bpw=2.5), card).memory.weights
    large = estimate(_serving(weight_format="exl2", weight_bpw=5.0), card).memory.weights
    assert large == pytest.approx(2 * small)


def test_fp8_weights_on_a_card_without_fp8_run_weight_only(catalog):
    plan = plan_serving(_serving(weight_format="fp8"), catalog.get("a100-sxm-80gb"))
    assert plan.weight_bits == 8.0 and plan.math is Precision.BF16


def test_precision_alone_keeps_its_usual_format(catalog):
    plan = plan_serving(_serving(), catalog.get("h100-sxm"))
    assert plan.weight_format is WeightFormat.BF16 and plan.weight_bits == 16.0
    s = Scenario.model_validate({**_serving().model_dump(), "precision": "int4"})
    assert plan_serving(s, catalog.get("h100-sxm")).weight_format is WeightFormat.AWQ_INT4


@pytest.mark.parametrize(("precision", "nbytes"), [("bf16", 2.0), ("fp8", 1.0), ("int8", 1.03125), ("int4", 0.5625)])
def test_kv_bytes_include_their_scales(precision, nbytes):
    assert kv_bytes(Precision(precision)) == pytest.approx(nbytes)


def test_int4_kv_holds_more_sequences_than_fp8(catalog):
    card = catalog.get("h100-sxm")
    fp8 = estimate(_serving(kv_precision="fp8"), card).limits.max_concurrency
    int4 = estimate(_serving(kv_precision="int4"), card).limits.max_concurrency
    bf16 = estimate(_serving(kv_precision="bf16"), card).limits.max_concurrency
    assert bf16 < fp8 < int4


# ---- load model against a discrete-event simulation of the same scheduler ---------------


def simulate(costs, rate, requests=6000, seed=1):
    """Continuous batching with chunked prefill, step by step: every step decodes one token of
    each running sequence and fills the rest of the token budget with waiting prompt tokens in
    arrival order; a prompt's first token comes at the end of the step that finishes it."""
    import heapq
    import random

    rng = random.Random(seed)
    arrivals, t = [], 0.0
    for _ in range(requests):
        t += rng.expovariate(rate)
        arrivals.append(t)
    now, i, step = 0.0, 0, 0
    waiting = []  # [arrival, prompt tokens left]
    running = []  # heap of (last step, first-token time, arrival)
    ttft, tpot = [], []
    o = costs.output_tokens
    while len(tpot) < requests:
        while i < requests and arrivals[i] <= now:
            waiting.append([arrivals[i], costs.prompt_tokens])
            i += 1
        if not waiting and not running:
            now = arrivals[i]
            continue
        n = len(running)
        budget = max(costs.step_tokens - n, 0)
        prefilled, done = 0, []
        while waiting and budget > 0 and n + len(done) < costs.max_batch:
            take = min(budget, waiting[0][1])
            waiting[0][1] -= take
            budget -= take
            prefilled += take
            if waiting[0][1] == 0:
                done.append(waiting.pop(0)[0])
            else:
                break
        decode = costs.decode_s(n)  # a step carrying a prompt takes at least the prompt's own weight read
        if prefilled and costs.carried_read_s > decode:
            decode = costs.carried_read_s
        duration = decode + prefilled * costs.prompt_token_s + (costs.chunk_s if prefilled else 0.0)
        now += duration
        step += 1
        for arrival in done:
            ttft.append(now - arrival)
            heapq.heappush(running, (step + o - 1, now, arrival))
        while running and running[0][0] <= step:
            _, first, _ = heapq.heappop(running)
            tpot.append((now - first) / (o - 1))
    warm = requests // 10
    return sorted(ttft[warm:]), sorted(tpot[warm:])


def _quantile(values, q):
    return values[min(len(values) - 1, int(q * len(values)))]


@pytest.mark.parametrize("load", [0.3, 0.6])
def test_load_model_matches_simulation(catalog, load):
    """Up to 60 % of capacity; nearer saturation the slot queue's tail is under-stated (at 85 %
    the simulated p99 TTFT is 2–3× the formula's)."""
    from configurator.core.load import capacity, load_point
    from configurator.core.serving_step_costs import step_costs

    s = _serving("llama3-8b", "h100-sxm", prompt_tokens=1024, output_tokens=128, concurrency=64)
    card = catalog.get("h100-sxm")
    costs = step_costs(s, card, plan_serving(s, card), 64)
    rate = load * capacity(costs)
    point = load_point(costs, rate)
    ttft, tpot = simulate(costs, rate)
    assert point.tpot_s[50] == pytest.approx(_quantile(tpot, 0.5), rel=0.05)
    assert point.tpot_s[99] == pytest.approx(_quantile(tpot, 0.99), rel=0.12)
    assert point.ttft_s[50] == pytest.approx(_quantile(ttft, 0.5), rel=0.15)
    assert point.ttft_s[99] == pytest.approx(_quantile(ttft, 0.99), rel=0.30)


# ---- engine profiles against the figures they are sourced from --------------------------


def _decode_step(model, card_id, catalog, batch=1, kv=64, **serving):
    from configurator.core.serving_speed import decode_step_seconds

    s = _serving(model, card_id, context=max(4096, kv + 2), **serving)
    card = catalog.get(card_id)
    return decode_step_seconds(s, card, plan_serving(s, card), batch, kv)[0]


@pytest.mark.parametrize(("batch", "seconds"), [(1, 0.007625), (32, 0.010708), (1, 0.007183), (32, 0.009789)])
def test_transformers_with_graphs_is_the_h200_measurement(catalog, batch, seconds):
    """h200-calibration.jsonl: Llama 3 8B decode, ctx 2048, plain PyTorch replayed from a CUDA graph, as the
    first campaign and the grid (2026-12-04) measured it: the two differ by 5.8 and 8.6 % on the same case, and
    the profile is solved over both campaigns' 18 rows, so each is held within 10 %."""
    step = _decode_step("llama3-8b", "h200-sxm", catalog, batch, 2048, engine="transformers", cuda_graphs=True)
    assert step == pytest.approx(seconds, rel=0.10)


def test_transformers_eager_is_several_times_slower_at_batch_1(catalog):
    """HF llm_optims: static cache + torch.compile up to 4× faster than eager generate."""
    eager = _decode_step("llama2-7b", "a100-sxm-80gb", catalog, engine="transformers")
    graphs = _decode_step("llama2-7b", "a100-sxm-80gb", catalog, engine="transformers", cuda_graphs=True)
    assert 3.0 < eager / graphs < 5.0


@pytest.mark.parametrize(("graphs", "seconds_per_token"), [(True, 1.05 / 100), (False, 1.2 / 100)])
def test_vllm_batch_1_decode_matches_pr_1440(catalog, graphs, seconds_per_token):
    """vllm-project/vllm PR #1440: Llama 2 7B, 100 tokens at batch 1 in 1.05 s (graphs) and 1.2 s
    (eager); the GPU is not stated (an A100 80GB assumed)."""
    step = _decode_step("llama2-7b", "a100-sxm-80gb", catalog, engine="vllm", cuda_graphs=graphs)
    assert step == pytest.approx(seconds_per_token, rel=0.15)


@pytest.mark.parametrize(("card", "fmt", "tokens_per_s"), [
    ("rtx-4090", "q4_k_m", 130.58), ("rtx-4090", "gguf-f16", 54.84), ("l40s", "q4_k_m", 115.55),
    ("a100-sxm-80gb", "q4_k_m", 135.04), ("h100-pcie", "q4_k_m", 145.55), ("h100-pcie", "gguf-f16", 68.03)])
def test_llama_cpp_matches_its_benchmark_table(catalog, card, fmt, tokens_per_s):
    """XiongjieDai/GPU-Benchmarks-on-LLM-Inference, LLaMA 3 tables (May 2024, CUDA graphs): llama-bench
    tg512 of 8B; its 14 GDDR rows, llama.cpp pull request 19053's two 2026 rows and pull request 4766's four
    January 2024 rows set the GDDR share and per-layer time, its 6 HBM rows (with two more publications') the HBM
    factor (benchmarks/loso.py). Fitted over three builds, the May 2024 rows sit within 20 % (the H100 PCIe F16
    row -16 %; 15 % when the 2024 table alone set them)."""
    step = _decode_step("llama3-8b", card, catalog, kv=256, engine="llama.cpp", cuda_graphs=True, weight_format=fmt)
    assert 1.0 / step == pytest.approx(tokens_per_s, rel=0.20)


@pytest.mark.parametrize(("model", "card", "fmt", "tokens_per_s"), [
    ("llama2-7b", "h100-pcie", "q4_0", 133.77), ("llama2-70b", "a100-sxm-80gb", "q4_0", 25.68),
    ("llama2-7b", "a100-sxm-80gb", "q4_0", 136.24), ("llama2-7b", "a100-sxm-80gb", "gguf-f16", 73.83),
    ("llama2-7b", "rtx-4090", "q4_0", 149.37), ("llama2-7b", "rtx-3090", "q4_0", 120.6)])
def test_llama_cpp_predicts_the_older_eager_table(catalog, model, card, fmt, tokens_per_s):
    """The same repository's LLaMA 2 table (December 2023, before CUDA graphs, an older build): rows
    the profile was not fitted to, within 20 %."""
    step = _decode_step(model, card, catalog, engine="llama.cpp", cuda_graphs=False, weight_format=fmt)
    assert 1.0 / step == pytest.approx(tokens_per_s, rel=0.20)


def test_llama_cpp_reads_hbm_at_a_lower_share_than_gddr(catalog):
    """The profile's HBM factor: an A100 (HBM2e) reads decode weights at a lower share of its peak
    than an RTX 4090 (GDDR6X); other engines read both at the same share."""
    from configurator.core.engines import LLAMA_CPP, VLLM, decode_read_factor

    assert decode_read_factor(LLAMA_CPP, catalog.get("a100-sxm-80gb").memory_type) == LLAMA_CPP.hbm_decode_factor < 1
    assert decode_read_factor(LLAMA_CPP, catalog.get("rtx-4090").memory_type) == 1.0
    assert decode_read_factor(VLLM, catalog.get("a100-sxm-80gb").memory_type) == 1.0


def test_llama_cpp_graphs_save_up_to_a_fifth(catalog):
    """NVIDIA blog on CUDA graphs in llama.cpp: up to 1.2× on an H100 for small models (2024 builds). The
    profile's saving is fitted from three published eager/graphs pairs (21.7 µs a layer, session 33; the blog's
    40 µs until then, 1.33× here), bounded at 1.35."""
    eager = _decode_step("llama2-7b", "h100-sxm", catalog, engine="llama.cpp", cuda_graphs=False, weight_format="q4_0")
    graphs = _decode_step("llama2-7b", "h100-sxm", catalog, engine="llama.cpp", weight_format="q4_0")
    assert 1.1 < eager / graphs < 1.35


@pytest.mark.parametrize(("model", "card", "tp", "precision", "prompt", "ms"), [
    ("llama2-7b", "h100-sxm", 1, "fp8", 2048, 36.0), ("llama2-70b", "h100-sxm", 4, "fp8", 2048, 109.0),
    ("llama2-70b", "h100-sxm", 4, "fp8", 128, 26.0)])
def test_tensorrt_llm_ttft_matches_its_performance_table(catalog, model, card, tp, precision, prompt, ms):
    """NVIDIA/TensorRT-LLM docs/source/performance.md, low-latency tables (v0.5), within 15 %: since the prompt
    alone takes the larger of its products and its weight stream at its own efficiency (0.827, 2026-12-06) the
    7B 2,048-token row is 10.8 % fast and the 70B 128-token row 14.7 % fast (+8.1 % under the sum, which the
    roofline takes out of a step the weight stream bounds); before, the 7B row was 12.4 % fast at the prefill
    efficiency the rule refitted 0.927 -> 0.936 on 2026-12-06 (TensorRT-LLM's weight share at its kernel tables'
    0.85), 12.3 % at 0.927 (2026-12-04, the H200 rig's eager prompt counted op by op), 10 % before."""
    from configurator.core.prefill_time import prefill_seconds

    s = Scenario(model=preset(model), card_id=card, count=tp, workload="inference", precision=precision,
                 parallelism={"tp": tp}, serving={"context": prompt + 1, "prompt_tokens": prompt, "output_tokens": 1,
                                                  "engine": "tensorrt-llm"})
    c = catalog.get(card)
    assert prefill_seconds(s, c, plan_serving(s, c), prompt) * 1000 == pytest.approx(ms, rel=0.15)


def test_tensorrt_llm_static_batch_throughput(catalog):
    """TensorRT-LLM performance.md v0.6.1: Llama 2 7B FP8 (FP8 KV) on one H100, batch 1024... 768,
    128/128: 19,694 output tokens/s. Within the serving-throughput kind's ±25 % target: +18 % since the KV
    share was read from TensorRT-LLM 1.3's XQA tables over a BF16 cache (0.90 -> 0.98, 2026-12-06), +19 % with
    the weight share at its GEMM tables' 0.85 (BF16 GEMMs; the FP8 ones reach ≈0.55); this row reads an FP8
    cache and FP8 weights, which the shares' tables do not time."""
    s = Scenario(model=preset("llama2-7b"), card_id="h100-sxm", count=1, workload="inference", precision="fp8",
                 serving={"context": 256, "prompt_tokens": 128, "output_tokens": 128, "concurrency": 768,
                          "engine": "tensorrt-llm", "batching": "static"})
    assert estimate(s, catalog.get("h100-sxm")).serving.tokens_per_s == pytest.approx(19_694, rel=0.25)


@pytest.mark.parametrize(("tp", "batch", "prompt", "output", "per_gpu"), [
    (1, 1024, 128, 128, 3989), (2, 512, 128, 2048, 3963), (1, 64, 2048, 128, 418), (1, 64, 2048, 2048, 1458)])
def test_tensorrt_llm_h200_fp8_static_batch_table(catalog, tp, batch, prompt, output, per_gpu):
    """TensorRT-LLM performance.md, 'All data was generated using version 0.9.0', H200 GPUs (FP8):
    every LLaMA 70B row, output tokens/s per GPU (static gptSessionBenchmark, FP8 KV). Within the
    serving-throughput kind's ±25 % target: the 2048/2048 row is +22 % since TensorRT-LLM's weight share was
    read from its 1.3 GEMM tables (0.92 -> 0.85, 2026-12-06); +27 % (a strict xfail) with the KV share alone at
    its XQA tables' 0.98, +21 % before that (+18 % at one prefill efficiency for every product)."""
    s = Scenario(model=preset("llama2-70b"), card_id="h200-sxm", count=tp, workload="inference", precision="fp8",
                 parallelism={"tp": tp},
                 serving={"context": prompt + output, "prompt_tokens": prompt, "output_tokens": output,
                          "concurrency": batch, "kv_precision": "fp8", "engine": "tensorrt-llm", "batching": "static"})
    assert estimate(s, catalog.get("h200-sxm")).serving.tokens_per_s_per_card == pytest.approx(per_gpu, rel=0.25)


def test_decode_attention_adds_to_a_compute_bound_step(catalog):
    """The batched products read the weights once (max of bytes and FLOPs); attention reads the
    cache in its own kernel after them (Orca §4.2 selective batching; vLLM PagedAttention §4.1),
    so a longer context lengthens a compute-bound step by its cache read, not by nothing."""
    from configurator.core.prompt_rate import serving_rate
    from configurator.core.serving_speed import decode_step_seconds

    s = Scenario(model=preset("llama2-70b"), card_id="h200-sxm", workload="inference", precision="fp8",
                 serving={"engine": "tensorrt-llm", "kv_precision": "fp8", "context": 4096})
    c = catalog.get("h200-sxm")
    plan = plan_serving(s, c)
    short, bound = decode_step_seconds(s, c, plan, 1024, 1)
    long, _ = decode_step_seconds(s, c, plan, 1024, 1025)
    per_token = 80 * 8 * 128 * 2 * 1.0  # layers × KV heads × head dim × (K, V) × 1 byte [B]
    from configurator.core.engines import TENSORRT_LLM

    share = TENSORRT_LLM.kv_read_share
    read = 1024 * 1024 * per_token / (c.bandwidth_gbps * GB * s.assumptions.decode_bandwidth_efficiency * share)
    scores = 4 * 80 * 8192 * 1024 * 1024 / serving_rate(c, plan, s, 1024, prompt=False)  # 1,024 more tokens' products
    assert bound == "compute"
    assert long - short == pytest.approx(read + scores, rel=0.01)


def test_tensorrt_llm_serves_fp8_kv_beside_fp8_weights(catalog):
    card = catalog.get("h100-sxm")
    s = Scenario(model=preset("llama2-7b"), card_id="h100-sxm", workload="inference", precision="fp8",
                 serving={"engine": "tensorrt-llm"})
    vllm = Scenario(model=preset("llama2-7b"), card_id="h100-sxm", workload="inference", precision="fp8")
    assert estimate(s, card).memory.kv_cache == pytest.approx(estimate(vllm, card).memory.kv_cache / 2)


def test_ideal_is_the_roofline(catalog):
    from configurator.core.kv_memory import kv_cache_bytes_per_token

    card = catalog.get("h100-sxm")
    step = _decode_step("llama2-7b", "h100-sxm", catalog, 1, 1000, engine="ideal")
    model = preset("llama2-7b")
    read = model.total_params() * 2 + 1000 * kv_cache_bytes_per_token(model, 2.0)
    assert step == pytest.approx(read / (card.bandwidth_gbps * GB * 0.88), rel=1e-6)


def test_engine_that_cannot_load_a_format_says_so(catalog):
    est = estimate(_serving(engine="llama.cpp", weight_format="awq-int4"), catalog.get("h100-sxm"))
    assert "format-not-served" in [m.id for m in est.messages]


def test_llama_cpp_loads_no_fp8_weights_and_says_so_in_both_languages(catalog):
    """ggml has no FP8 type (ggml-org/ggml include/ggml.h, enum ggml_type): llama.cpp's "float" family is
    F16/BF16 only; until December 2026 it counted FP8 as served (persona46c)."""
    from configurator.core.engine_formats import serves
    from configurator.core.engines import PROFILES, Engine
    from configurator.core.view.rows import write

    llama = PROFILES[Engine.LLAMA_CPP]
    assert not serves(llama, WeightFormat.FP8)
    assert serves(llama, WeightFormat.BF16) and serves(llama, WeightFormat.Q4_K_M)
    assert serves(PROFILES[Engine.SGLANG], WeightFormat.Q4_K_M)  # GGUFConfig, --quantization gguf
    est = estimate(_serving(engine="llama.cpp", weight_format="fp8"), catalog.get("h100-sxm"))
    said = [m for m in est.messages if m.id == "format-not-served"]
    assert said and "fp8" in write(said[0], "en") and "不支持" in write(said[0], "zh_CN")
    fp16 = estimate(_serving(engine="llama.cpp", weight_format="fp16"), catalog.get("h100-sxm"))
    assert "format-not-served" not in [m.id for m in fp16.messages]


def test_llama_cpp_has_no_fp8_kv_cache_and_says_so(catalog):
    """llama.cpp's cache types are f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1 (common/arg.cpp
    kv_cache_types): an FP8 KV cache is refused in both languages, q8_0 (INT8 here) is not."""
    from configurator.core.view.rows import write

    est = estimate(_serving(engine="llama.cpp", weight_format="q4_k_m", kv_precision="fp8"), catalog.get("h100-sxm"))
    said = [m for m in est.messages if m.id == "kv-not-served"]
    assert said and "FP8" in write(said[0], "en") and "KV 缓存" in write(said[0], "zh_CN")
    for engine, kv in (("llama.cpp", "int8"), ("vllm", "fp8")):
        other = estimate(_serving(engine=engine, kv_precision=kv), catalog.get("h100-sxm"))
        assert "kv-not-served" not in [m.id for m in other.messages]


def test_every_engine_has_a_source():
    from configurator.core.engines import PROFILES

    assert all(p.source for p in PROFILES.values())


# ---- continuous batching ------------------------------------------------------------------


def _issue_example(**constraints):
    return Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=8, workload="inference",
                    parallelism={"tp": 8}, constraints=constraints,
                    serving={"concurrency": 200, "prompt_tokens": 1024, "output_tokens": 256, "context": 4096})


def test_tpot_carries_the_interleaved_prefill(catalog):
    """Issue 16: 8 × H100, 200 users, 256-token answers: Little's law with the tool's own request
    rate must hold, and a 50 ms per-token target is not met (it said 20.5 ms)."""
    est = estimate(_issue_example(tpot_ms=50), catalog.get("h100-sxm"))
    i = est.serving
    assert i.tpot_s > 0.050
    assert "misses-tpot" in [m.id for m in est.messages]
    in_system = i.requests_per_s * (i.ttft_s + 255 * i.tpot_s)
    assert in_system == pytest.approx(200, rel=0.05)


def test_percentile_targets(catalog):
    """A TTFT target between the median and the 99th percentile is met at p50, missed at p99."""
    card = catalog.get("h100-sxm")
    i = estimate(_issue_example(requests_per_s=8), card).serving
    assert i.ttft_percentiles_s[50] < i.ttft_percentiles_s[90] < i.ttft_percentiles_s[99]
    assert i.tpot_percentiles_s[50] < i.tpot_percentiles_s[99]
    target = 1000 * (i.ttft_percentiles_s[50] + i.ttft_percentiles_s[99]) / 2
    ids = [m.id for m in estimate(_issue_example(requests_per_s=8, ttft_ms=target), card).messages]
    ids99 = [m.id for m in estimate(_issue_example(requests_per_s=8, ttft_ms=target, latency_percentile=99),
                                    card).messages]
    assert "misses-ttft" not in ids and "misses-ttft" in ids99


def test_ttft_of_a_batch_of_prompts_grows_with_the_batch(catalog):
    """Issue 16: eight 2,048-token prompts prefilled together are not as fast as one."""
    from configurator.core.prefill_time import prefill_seconds

    s = _serving("llama3-8b", "h200-sxm", prompt_tokens=2048, context=4096)
    card = catalog.get("h200-sxm")
    one = prefill_seconds(s, card, plan_serving(s, card), 2048, 1)
    eight = prefill_seconds(s, card, plan_serving(s, card), 2048, 8)
    assert eight > 6 * one


def test_overload_is_named(catalog):
    est = estimate(_issue_example(requests_per_s=100), catalog.get("h100-sxm"))
    assert "serving-overloaded" in [m.id for m in est.messages]
    assert est.serving.requests_per_s < 100


def test_static_batching_serves_batches_to_the_end(catalog):
    card = catalog.get("h100-sxm")
    static = estimate(_serving("llama3-8b", concurrency=64, batching="static"), card).serving
    continuous = estimate(_serving("llama3-8b", concurrency=64), card).serving
    assert static.batching == "static" and continuous.batching == "continuous"
    assert static.ttft_s > continuous.idle_ttft_s


def test_json_has_the_percentiles(catalog):
    d = _json(estimate(_issue_example(requests_per_s=8), catalog.get("h100-sxm")))
    latency = d["performance"]["latency"]
    assert set(latency["ttft_s"]) == set(latency["tpot_s"]) == {"p50", "p90", "p95", "p99"}
    assert latency["engine"] == "vllm" and latency["load_requests_per_s"] == pytest.approx(8)
    assert d["precision"]["weight_format"] == "bf16" and d["precision"]["bits_per_weight"] == 16


def test_cli_engine_format_and_mlperf_flags(capsys):
    import json

    from configurator.cli import main

    assert main(["recommend", "--workload", "inference", "--model", "llama3-8b", "--concurrency", "16",
                 "--engine", "sglang", "--weight-format", "fp8", "--mlperf", "llama2-70b", "--json",
                 "--limit", "1"]) == 0
    latency = json.loads(capsys.readouterr().out)["ranked"][0]["performance"]["latency"]
    assert latency["engine"] == "sglang" and latency["target_percentile"] == 99
    assert main(["estimate", "--workload", "inference", "--model", "llama3-8b", "--card", "h100-sxm",
                 "--engine", "llama.cpp", "--weight-format", "q4_k_m", "--no-cuda-graphs", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["precision"]["bits_per_weight"] == 4.84 and d["performance"]["latency"]["cuda_graphs"] is False


# ---- prefix caching and speculative decoding ------------------------------------------------


def test_speculative_decoding_matches_deepseek_v3_mtp(catalog):
    """DeepSeek-V3 report §5.4.3: one extra predicted token accepted 85–90 % of the time gives
    1.8× the tokens per second."""
    card = catalog.get("h200-sxm")
    plain = estimate(_serving("llama3-8b", "h200-sxm"), card).serving.tpot_s
    mtp = estimate(_serving("llama3-8b", "h200-sxm", speculative_tokens=1, speculative_acceptance=0.875,
                            speculative_draft_cost=0.03), card).serving.tpot_s
    assert plain / mtp == pytest.approx(1.8, rel=0.06)


def test_speculative_tokens_per_step_is_leviathan_eq_1():
    from configurator.core.serving_step_costs import speculative_tokens_per_step

    s = _serving(speculative_tokens=4, speculative_acceptance=0.6)
    assert speculative_tokens_per_step(s) == pytest.approx((1 - 0.6**5) / 0.4)


def test_prefix_cache_hits_shorten_ttft_and_raise_capacity(catalog):
    card = catalog.get("h100-sxm")
    cold = estimate(_serving("llama3-8b", prompt_tokens=2048, concurrency=64), card).serving
    warm = estimate(_serving("llama3-8b", prompt_tokens=2048, concurrency=64, prefix_hit_rate=0.75), card).serving
    assert warm.idle_ttft_s < cold.idle_ttft_s / 2
    assert warm.requests_per_s > cold.requests_per_s
