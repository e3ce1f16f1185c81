"""The serving rows of the accuracy benchmark: TensorRT-LLM time to first token and static-batch
throughput, MLPerf Inference Llama 2 70B Server and Offline, vLLM and SGLang latency at a request
rate (llama.cpp's rows are ``accuracy_llama_cpp.py``). Each builder turns a published row into a scenario from what its source
states and says what it assumes; nothing is tuned to a row."""

from __future__ import annotations

import dataclasses

from accuracy_base import (CAPACITY_MISS, CATALOG, TRT, TRT_SESSION_BENCHMARK, Row, capacity_miss_note,
                           part_of_the_benchmark, scenario)
from mlperf_datasets import (MLPERF_ANSWER_SHARES, MLPERF_BENCHMARKS, MLPERF_MEDIAN_PROMPT_TOKENS,  # noqa: F401
                             MLPERF_PROMPT_TOKENS, MlperfBenchmark, limits_text)  # the two prompts: rows' texts
from configurator.core.architecture import ModelArchitecture, preset
from configurator.core.estimate import estimate
from configurator.core.load import (MLPERF_SERVER_LIMITS, StepCosts, capacity, highest_rate, load_point,
                                   mean_ttft_seconds)
from configurator.core.kv_memory import kv_cache_bytes_per_token, kv_shards
from configurator.core.workloads.serving.memory import serving_memory_model
from configurator.core.precision import plan_serving_precision, plan_serving
from configurator.core.scenario import Scenario, updated
from configurator.core.prefill_time import prefill_flops, prefill_seconds
from configurator.core.prompt_rate import serving_rate
from configurator.core.serving_step_costs import step_costs
from configurator.core.training_speed import RACK_SCALE_DOMAIN


def _ttft(row_id, model, card, count, precision, prompt):
    def case(r: dict) -> Row:
        s = scenario(model, card, count, workload="inference", precision=precision,
                     parallelism={"tp": count}, serving={"context": prompt + 1, "prompt_tokens": prompt,
                                                         "output_tokens": 1, **TRT_SESSION_BENCHMARK})
        c = CATALOG.get(card)
        seconds = prefill_seconds(s, c, plan_serving_precision(c, s.precision), prompt)
        return Row("published", row_id, "prefill", "ms TTFT", seconds * 1000, r["value"], "TensorRT-LLM", s)
    return case


def _serving(row_id, model, card, count, precision, batch, isl, osl, per_card=True):
    def case(r: dict) -> Row:
        s = scenario(model, card, count, workload="inference", precision=precision, parallelism={"tp": count},
                     serving={"context": isl + osl, "prompt_tokens": isl, "output_tokens": osl,
                              "concurrency": batch, "kv_precision": "fp8" if precision == "fp8" else None,
                              "batching": "static", **TRT_SESSION_BENCHMARK})
        est = estimate(s, CATALOG.get(card))
        value = est.serving.tokens_per_s_per_card if per_card else est.serving.tokens_per_s
        return Row("published", row_id, "serving-throughput", "output tokens/s", value, r["value"],
                   f"TensorRT-LLM static batch {batch}", s)
    return case


MLPERF_CHUNK_TOKENS = 4096
"""Tokens per step of NVIDIA's MLPerf v4.1 Llama 2 70B engines: ``max_num_tokens = 4096`` in
closed/NVIDIA/configs/llama2-70b/__init__.py (GPUBaseConfig) of mlcommons/inference_results_v4.1
(published 2024-08-28, read 2026-12-02), passed to ``trtllm-build --max_num_tokens`` by
closed/NVIDIA/code/llama2-70b/tensorrt/builder.py; the harness sets no runtime limit or context
chunking (code/harness/harness_llm/llm_core.cc), so the engine's is the step's."""


def _ttft_at_prompt(costs: StepCosts, point, prompt: int, percentile: int = 50) -> float:
    """A TTFT percentile of the requests whose own prompt is ``prompt`` tokens, in a copy loaded by
    prompts of the mean length ``costs.prompt_tokens``: the load model's percentile less the prompt
    tokens' compute that request does not carry, ``(P̄ − p)·τ_p`` [s].

    A benchmark that samples its prompts (ShareGPT, OpenOrca) reports the median TTFT over requests
    of every length, and the load model runs every request at the mean prompt. A request's TTFT
    rises with its own prompt (the step carrying it holds ``p·τ_p`` of prompt compute), and the rest
    (the running step's remainder, the waits, the other prompts sharing its step) is set by the load,
    which stays at the mean; so with little queueing the median TTFT is the TTFT of the median
    prompt. Both prompts fit in one step's token budget (checked), so the carrying step differs by
    those tokens alone. Harness translation, no model of its own: the product answers at the mean."""
    budget = costs.step_tokens - point.decoding
    if max(prompt, costs.prompt_tokens) > budget:
        raise ValueError(f"prompts of {prompt} and {costs.prompt_tokens} tokens need the same number of steps "
                         f"(one step holds {budget:,.0f} prompt tokens here)")
    return point.ttft_s[percentile] - (costs.prompt_tokens - prompt) * costs.prompt_token_s


def _mlperf_copy(model, card, count, tp, batch, prompt, output, kv_fraction=None, build=None,
                 answer_shares=MLPERF_ANSWER_SHARES):
    """One model copy of an MLPerf TensorRT-LLM submission (FP8 weights and KV cache, or the ``build`` a row
    states: :data:`MLPERF_V41_BUILD`) and the load model's step costs for it, at the batch the engine runs: the
    stated ``gpu_batch_size`` or, where fewer sequences fit, the batch its KV-cache pool holds
    (:func:`_mlperf_running_batch`, ``kv_fraction`` of the free memory, :data:`MLPERF_KV_FREE_FRACTION` where not
    given); its answers spread as ``answer_shares`` (the benchmark's: :data:`MLPERF_BENCHMARKS`)."""
    s = _mlperf_scenario(model, card, count, tp, batch, prompt, output, build)
    running = min(batch, _mlperf_running_batch(s, prompt, output, kv_fraction))
    if running < batch:
        s = _mlperf_scenario(model, card, count, tp, running, prompt, output, build)
    c = CATALOG.get(card)
    return s, dataclasses.replace(step_costs(s, c, plan_serving(s, c), running), answer_shares=answer_shares)


MLPERF_TRT = {**TRT, "cuda_graphs": False}
"""The engine of NVIDIA's MLPerf v4.1 Llama 2 70B harness (and of the submissions that reuse it): TensorRT-LLM's
in-flight batcher (``GptManager``) with no CUDA graphs: ``code/harness/harness_llm/main_llm.cc`` l. 55 defines
``use_graphs`` false with the help "TODO: enable cuda graph for the inference." and nothing in ``harness_llm``
reads it, ``llm_core.cc`` l. 78-86 sets no graph mode in ``TrtGptModelOptionalParams``, and every Llama 2 70B
configuration sets ``use_graphs = False`` (configs/llama2-70b/__init__.py of NVIDIA, Lenovo, HPE, Fujitsu;
mlcommons/inference_results_v4.1 198fc467): eager steps, as :data:`TRT_SESSION_BENCHMARK`'s."""


MLPERF_V41_BUILD = {"precision": "fp8", "max_batched_tokens": MLPERF_CHUNK_TOKENS}
"""The engine build of NVIDIA's MLPerf v4.1 Llama 2 70B configurations: FP8 weights and activations
(``use_fp8``) and :data:`MLPERF_CHUNK_TOKENS` a step. A later round's row states its own where it differs
(``setup["precision"]``, ``setup["max_num_tokens"]``: v5.1's Blackwell configurations build FP4 weights with
``max_num_tokens`` 3,584, its H200 ones FP8 with 1,536), passed as ``build``; where a configuration states them,
``pp`` (``pipeline_parallelism``, v5.1's 405B Offline engines) and ``cuda_graphs`` (``use_graphs``, v5.1's 8B
Blackwell engines)."""


def _mlperf_scenario(model, card, count, tp, batch, prompt, output, build=None) -> Scenario:
    """The scenario of one MLPerf TensorRT-LLM copy at ``batch`` sequences (FP8 KV cache; the weights' format
    and the tokens a step of ``build``, :data:`MLPERF_V41_BUILD` where not given); a system of fewer cards than an
    HGX server's is one server of them (a 4-GPU board may lack the switch: the catalog's ``switchless_board``)."""
    build = {**MLPERF_V41_BUILD, **(build or {})}
    pp = build.get("pp", 1)
    engine = {**MLPERF_TRT, "cuda_graphs": build.get("cuda_graphs", MLPERF_TRT["cuda_graphs"])}
    return scenario(model, card, count, workload="inference", precision=build["precision"],
                    parallelism={"tp": tp, **({"pp": pp} if pp > 1 else {}),
                                 **({"cards_per_node": count} if count < RACK_SCALE_DOMAIN else {})},
                    serving={"context": prompt + output + 1, "prompt_tokens": prompt, "output_tokens": output,
                             "concurrency": batch * count // (tp * pp), "max_batch": batch, "kv_precision": "fp8",
                             "max_batched_tokens": build["max_batched_tokens"], **engine})


def _mlperf_copies(count: int, tp: int, build=None) -> int:
    """Model copies of an MLPerf system: its GPUs over each copy's TP × PP (``build["pp"]``, 1 where not stated)."""
    return count // (tp * (build or {}).get("pp", 1))


def _mlperf_rate(model, card, count, tp, batch, prompt, output, server: bool, kv_fraction=None, build=None,
                 benchmark="llama2-70b") -> float:
    """Requests/s of the whole system: Server, the highest Poisson rate per copy whose p99 TTFT
    and TPOT meet the ``benchmark``'s MLPerf limits (:data:`MLPERF_BENCHMARKS`); Offline, every copy at its
    capacity [1/s]."""
    bench = MLPERF_BENCHMARKS[benchmark]
    _, costs = _mlperf_copy(model, card, count, tp, batch, prompt, output, kv_fraction, build, bench.answer_shares)
    copies = _mlperf_copies(count, tp, build)
    if not server:
        return capacity(costs) * copies  # copies × each copy's rate (not its whole-number floor)
    point = highest_rate(costs, MLPERF_SERVER_LIMITS[bench.limits], 99)
    return (point.rate if point else 0.0) * copies


def _mlperf_matching_prompt(model, card, count, tp, batch, output, server: bool, measured: float,
                            kv_fraction=None, build=None, benchmark="llama2-70b") -> float:
    """Mean prompt (16 .. the benchmark's longest prompt, 1,024 for Llama 2 70B) at which the predicted tokens/s
    equal ``measured``: a diagnostic [tokens]."""
    low, high = 16, MLPERF_BENCHMARKS[benchmark].longest_prompt
    while high - low > 1:
        middle = (low + high) // 2
        fast = _mlperf_rate(model, card, count, tp, batch, middle, output, server, kv_fraction, build,
                            benchmark) * output > measured
        low, high = (middle, high) if fast else (low, middle)
    return float(low)


MLPERF_KV_FREE_FRACTION = 0.90
"""``kvcache_free_gpu_mem_frac`` of NVIDIA's v4.1 Llama 2 70B Offline and Server configurations
(closed/NVIDIA/configs/llama2-70b/{Offline,Server}/__init__.py of mlcommons/inference_results_v4.1,
198fc467): the share of the memory left beside the engine that TensorRT-LLM gives its KV-cache pool
(``kvCacheConfig.freeGpuMemoryFraction``, code/harness/harness_llm/llm_core.cc l. 83). A held-out row
states its own submission's figure (``setup["kv_fraction"]``)."""


def _mlperf_kv_room(s: Scenario, kv_fraction=None) -> tuple[float, float]:
    """The KV-cache pool of one card of an MLPerf copy [bytes] (``kv_fraction`` of the memory beside
    weights, activations and overhead) and the FP8 KV bytes one token keeps on that card [bytes]."""
    mem = estimate(s, CATALOG.get(s.card_id)).memory
    fraction = MLPERF_KV_FREE_FRACTION if kv_fraction is None else kv_fraction
    room = (mem.capacity - mem.weights - mem.activations - mem.overhead) * fraction
    return room, kv_cache_bytes_per_token(s.model, 1.0) / kv_shards(s.model, s.parallelism.tp)


def _mlperf_kv_prompt_bound(s: Scenario, batch: int, output: int, kv_fraction=None) -> float:
    """Longest mean prompt at which ``batch`` sequences hold their FP8 KV cache (paged: prompt + half the
    answer) in the pool of :func:`_mlperf_kv_room` [tokens]."""
    room, per_token = _mlperf_kv_room(s, kv_fraction)
    return room / per_token / batch - output / 2


def _mlperf_running_batch(s: Scenario, prompt: int, output: int, kv_fraction=None) -> int:
    """Sequences an MLPerf TensorRT-LLM copy holds in its KV-cache pool at once: the pool of
    :func:`_mlperf_kv_room` over a sequence's paged cache at the mean prompt and half the answer
    [sequences].

    The harness runs TensorRT-LLM's in-flight batcher with the ``max_util`` capacity scheduler
    (``--trtllm_batch_sched_policy`` default "max_util", code/harness/harness_llm/main_llm.cc l. 83-84
    and l. 219-225 of mlcommons/inference_results_v4.1 198fc467, Lenovo's and NVIDIA's copies alike;
    code/llama2-70b/tensorrt/harness.py passes ``kvcache_free_gpu_mem_frac`` and no policy): it admits
    requests while the pool has blocks for them, up to ``gpu_batch_size``, so where the stated batch
    does not fit the pool the engine runs the batch the pool holds. Harness translation: no fit."""
    room, per_token = _mlperf_kv_room(s, kv_fraction)
    return max(1, int(room / per_token / (prompt + output / 2)))


def _mlperf_shared_step(s: Scenario, costs: StepCosts) -> tuple[int, float, float, float]:
    """A diagnostic of the prompt tokens' products: the load model charges them at a lone prompt's
    shape (m = the prompt), while TensorRT-LLM packs a step's prompt and decode tokens into the same
    products (remove_input_padding). Returns the tokens of a step at capacity (``B + B·P/D``), the
    FLOP rate at the lone prompt's and at that step's shape [FLOP/s], and the capacity with the prompt
    tokens' products at the step's rate (their collectives unchanged) [requests/s per copy]."""
    c = CATALOG.get(s.card_id)
    plan = plan_serving(s, c)
    prompt = costs.prompt_tokens
    tokens = round(costs.max_batch * (1 + prompt / costs.decode_steps))
    # logits where tokens sample: the lone prompt's last position; the step's decode tokens and its prompts' last
    lone = serving_rate(c, plan, s, prompt, head_rows=1)
    shared = serving_rate(c, plan, s, tokens, head_rows=costs.max_batch * (1 + 1 / costs.decode_steps))
    products = prefill_flops(s.model, prompt) / prompt / s.parallelism.tp / lone
    per_token = costs.prompt_token_s - products * (1 - lone / shared)
    return tokens, lone, shared, capacity(dataclasses.replace(costs, prompt_token_s=per_token))


def _mlperf_p50_ttft(costs: StepCosts, point, bench: MlperfBenchmark) -> tuple[float, str]:
    """A Server row's predicted p50 TTFT [s] and what it is: at the dataset's median prompt
    (:func:`_ttft_at_prompt`) where the median and mean prompts each fit one step, else the load model's p50 at
    the mean prompt (a prompt longer than a step's budget is chunked over several steps, which
    :func:`_ttft_at_prompt`'s one-step difference does not describe: Llama 3.1 405B's ~10k-token prompts)."""
    try:
        median = _ttft_at_prompt(costs, point, bench.median_prompt_tokens)
    except ValueError:
        return point.ttft_s[50], (f"p50 TTFT at the dataset's mean prompt ({bench.prompt_tokens:,} tokens; its median "
                                  f"{bench.median_prompt_tokens:,} and mean need several steps each)")
    return median, (f"p50 TTFT at the dataset's median prompt ({bench.median_prompt_tokens} tokens; at the "
                    f"mean {bench.prompt_tokens}: {point.ttft_s[50] * 1000:.0f} ms)")


def _mlperf(row_id, card, count, tp, batch, server: bool, kv_fraction=None, build=None, benchmark="llama2-70b"):
    """An MLPerf row of ``benchmark`` (:data:`MLPERF_BENCHMARKS`: its model, dataset lengths and limits; Llama 2 70B
    where not given), v4.1's build or the ``build`` a later round's row states (:data:`MLPERF_V41_BUILD`):
    output tokens/s predicted for the stated layout and batch
    (Server: the highest rate meeting the p99 limits; Offline: capacity), and for Server rows
    the latency percentiles at the run's Poisson arrival rate; where the copy's predicted capacity cannot carry
    that rate, the four latency rows are capacity misses (:data:`~accuracy_base.CAPACITY_MISS`), kept and counted.

    The arrival rate is loadgen's "Scheduled samples per second" (``scheduled_samples_per_s``: the
    queries issued over the span they were issued in, ``generated_query_count`` ÷
    ``generated_query_duration`` of mlperf_log_detail.txt), not its "Completed samples per second",
    which divides the same queries by the span until the last one finished and so includes the run's
    final drain (about a mean latency, 36-45 s of a 2,400 s run: 0.9 % lower). In the steady state
    the load model describes, what completes is what arrives; the tokens/s row stays the completed
    figure, the result MLPerf reports.

    Offline rows are their own kind (``serving-offline``): they are the load model's capacity under
    in-flight batching, not a static batch, so they stay out of the static-batch throughput rows' median."""
    bench = MLPERF_BENCHMARKS[benchmark]
    sensitivity_prompts = (256, 1024) if benchmark == "llama2-70b" else (bench.prompt_tokens // 2,
                                                                         bench.prompt_tokens * 2)

    def case(r: dict) -> list[Row]:
        model, output = preset(bench.model), round(r["output_tokens_per_sample"])
        prompt = bench.prompt_tokens
        tokens_at = {p: _mlperf_rate(model, card, count, tp, batch, p, output, server, kv_fraction, build,
                                     benchmark) * output for p in sensitivity_prompts}
        sensitivity = ", ".join(f"{p}: {tokens:,.0f}" for p, tokens in tokens_at.items())
        rate = _mlperf_rate(model, card, count, tp, batch, prompt, output, server, kv_fraction, build, benchmark)
        kind = "serving-server" if server else "serving-offline"
        what = f"highest rate with {limits_text(benchmark)}" if server else "capacity"
        s, costs = _mlperf_copy(model, card, count, tp, batch, prompt, output, kv_fraction, build, bench.answer_shares)
        copies = _mlperf_copies(count, tp, build)
        c = CATALOG.get(card)
        sustained = serving_rate(c, plan_serving(s, c), s, prompt, head_rows=1)
        # the prompt that spends a request's share of the sustained rate: the layers' products at every prompt and
        # answer token, the output head at each sampled token (the answer's; prefill_flops without attention)
        head = model.vocab * model.hidden
        budget = sustained * count / r["samples_per_s"]
        implied = (budget - 2 * head * output) / (2 * (model.matmul_params() - head)) - output
        matching = _mlperf_matching_prompt(model, card, count, tp, batch, output, server, r["value"], kv_fraction,
                                           build, benchmark)
        fitting = _mlperf_kv_prompt_bound(s, batch, output, kv_fraction)
        running = (f"batch {batch}" if costs.max_batch >= batch else
                   f"batch {batch} stated, {costs.max_batch:,} running (what its KV-cache pool holds: max_util scheduler)")
        step_tokens, *shape_rates, shared_capacity = _mlperf_shared_step(s, costs)
        weights = s.precision.upper()  # the build's: FP8 (v4.1) or the row's (FP4 on v5.1's Blackwell rows)
        step = "" if build is None else f", {s.serving.max_batched_tokens:,} tokens a step"
        pp = (build or {}).get("pp", 1)
        layout = f"TP{tp}" + (f" PP{pp}" if pp > 1 else "")
        graphs = ", CUDA graphs" if s.serving.cuda_graphs else ""
        note = (f"TensorRT-LLM {layout} x {copies}, {running}, {weights} + FP8 KV{step}{graphs}; {what}; prompt "
                f"{prompt} tokens (the dataset's mean); tokens/s at prompt {sensitivity}. The run's "
                f"{r['samples_per_s'] / count:.1f} requests/s per GPU fit the default {weights} compute rate "
                f"({sustained / 1e12:,.0f} TFLOP/s) only with prompts of <= {implied:,.0f} tokens on average; "
                f"the model meets the row at a mean prompt of {matching:,.0f} tokens, and batch {batch} holds its "
                f"FP8 KV cache ({MLPERF_KV_FREE_FRACTION if kv_fraction is None else kv_fraction:.2f} of the free memory; "
                f"prompt + answer/2 per sequence) only with prompts of "
                f"<= {fitting:,.0f}. Prompt tokens are charged at a lone prompt's products "
                f"({shape_rates[0] / 1e12:,.0f} TFLOP/s); at those of the step they share at capacity "
                f"({step_tokens:,} tokens, "
                f"{shape_rates[1] / 1e12:,.0f} TFLOP/s) a copy's capacity would be {shared_capacity:.2f} requests/s "
                f"(now {capacity(costs):.2f}) against the run's {r['samples_per_s'] / copies:.2f}")
        rows = [Row("published", row_id, kind, "output tokens/s", rate * output, r["value"], note)]
        if server:
            arrivals = r["scheduled_samples_per_s"] / copies
            point = load_point(costs, arrivals)
            if point.overloaded:  # kept and counted, never dropped (accuracy_base.CAPACITY_MISS)
                missed = dict.fromkeys((50, 99), CAPACITY_MISS)
                latencies = (("ttft", missed), ("tpot", missed))
                latency_note = p50_note = capacity_miss_note(arrivals, point.capacity)
            else:
                latency_note = ("load model at the scheduled (Poisson arrival) rate; "
                                + _mlperf_operating_point(r, costs, point, copies))
                median, p50_what = _mlperf_p50_ttft(costs, point, bench)
                p50_note = f"{p50_what}; " + latency_note
                latencies = (("ttft", {**point.ttft_s, 50: median}), ("tpot", point.tpot_s))
            for name, values in latencies:
                for pct in (50, 99):
                    rows.append(Row("published", f"{row_id} {name} p{pct}", "serving-latency",
                                    f"ms {name.upper()} p{pct}", values[pct] * 1000,
                                    r["latency_ms"][f"{name}_p{pct}"],
                                    p50_note if (name, pct) == ("ttft", 50) else latency_note))
        return rows
    return case


def _mlperf_operating_point(r: dict, costs: StepCosts, point, copies: int) -> str:
    """A diagnostic of an MLPerf Server row's latencies: how near its capacity the copy runs, and the
    step the load model's step function gives at the population the measured TPOT implies (Little's
    law: ``n = λ·(O − 1)·TPOT``, with the prompt tokens that arrive in such a step) against the measured
    TPOT, so a latency miss reads as the step function's or as the fixed point's (near the capacity
    the mean step ``T = F(T)`` moves as ``1/(1 − ρ)``, amplifying a small capacity error)."""
    rate = r["scheduled_samples_per_s"] / copies
    tpot = r["latency_ms"]["tpot_p50"] / 1000
    population = rate * max(round(r["output_tokens_per_sample"]) - 1, 0) * tpot
    prompts = rate * costs.prompt_tokens * tpot
    step = costs.decode_s(population) + prompts * costs.prompt_token_s + costs.chunk_s
    above = load_point(costs, rate * 1.01)
    return (f"the copy at {rate / point.capacity:.0%} of its predicted capacity, {point.decoding:,.0f} sequences "
            f"decoding in a {point.step_s * 1000:.0f} ms step; the measured median TPOT implies {population:,.0f} "
            f"(Little's law) with {prompts:,.0f} prompt tokens a step, where the model's step is {step * 1000:.0f} ms "
            f"against the measured {tpot * 1000:.0f} ms ({step / tpot - 1:+.1%}); at this load a 1 % higher rate "
            f"moves the predicted p50 TPOT by {above.tpot_s[50] / point.tpot_s[50] - 1:+.1%}, so the latencies test "
            "the capacity to about a percent")


QWEN3_0_6B = ModelArchitecture(name="qwen3-0.6b", n_layers=28, hidden=1024, n_heads=16, n_kv_heads=8, head_dim=128,
                               ffn=3072, vocab=151936, tied_embeddings=True)
"""Qwen/Qwen3-0.6B config.json (its per-head q/k norms, 256 parameters a layer, are not counted)."""


def _latency_at_rate(row_id, model, card, prompt, output, memory_fraction):
    """Latency of one copy at a published Poisson request rate against the published means (vLLM
    bench serve reports means): the load model's mean TTFT (:func:`~configurator.core.load.
    mean_ttft_seconds`) and its median TPOT (a normal spread about the mean step: the median is the
    mean); both capacity misses (:data:`~accuracy_base.CAPACITY_MISS`) where the rate exceeds the copy's
    predicted capacity."""
    def case(r: dict) -> list[Row]:
        s = scenario(model, card, 1, workload="inference",
                     serving={"context": prompt + output, "prompt_tokens": prompt, "output_tokens": output,
                              "concurrency": 256, "max_batch": 256, "engine_memory_fraction": memory_fraction})
        c = CATALOG.get(card)
        plan = plan_serving(s, c)
        costs = step_costs(s, c, plan, 256)
        point = load_point(costs, r["request_rate"])
        if point.overloaded:  # kept and counted (accuracy_base.CAPACITY_MISS)
            note = capacity_miss_note(r["request_rate"], point.capacity)
            return [Row("published", f"{row_id} {name}", "serving-latency", f"ms {name.upper()} (mean)",
                        CAPACITY_MISS, r["latency_ms"][f"{name}_mean"], note) for name in ("ttft", "tpot")]
        ttft_mean = mean_ttft_seconds(costs, point)
        busy = r["request_rate"] * prompt * costs.prompt_token_s
        missing = r["latency_ms"]["ttft_mean"] / 1000 - ttft_mean
        note = (f"vLLM, {r['request_rate']} requests/s Poisson, {prompt}/{output} tokens; batch 256 assumed (vLLM "
                f"max_num_seqs; {point.decoding:.0f} sequences decode at this load, so it does not bind)")
        ttft_note = note + (
            f"; predicted TTFT = the prompt's step(s) {prefill_seconds(s, c, plan, prompt) * 1000:.1f} ms on an idle "
            f"copy (of which {s.model.n_layers} layers x {costs.chunk_s / s.model.n_layers * 1e6:.0f} us per-layer "
            f"time, {prompt * costs.prompt_token_s * 1000:.1f} ms products) + the rest of a running "
            f"{point.step_s * 1000:.1f} ms step; prompts keep the copy busy {busy:.1%} of the time, so queueing adds "
            f"< 0.1 ms. The {missing * 1000:.0f} ms missing are {missing / (r['latency_ms']['tpot_mean'] / 1000):.0f} "
            "measured decode steps, so neither queueing nor the prefill; what is left out: the row's notes")
        return [Row("published", f"{row_id} ttft", "serving-latency", "ms TTFT (mean)", ttft_mean * 1000,
                    r["latency_ms"]["ttft_mean"], ttft_note),
                Row("published", f"{row_id} tpot", "serving-latency", "ms TPOT (mean)", point.tpot_s[50] * 1000,
                    r["latency_ms"]["tpot_mean"], note)]
    return case


def _sglang_copy(r: dict, model: ModelArchitecture, card: str, tp: int, engine: str = "sglang",
                 max_seqs: int | None = None, precision: str = "bf16",
                 scheduler_steps: int = 1, kv_precision: str | None = None) -> tuple[Scenario, StepCosts, int]:
    """One SGLang copy of a ShareGPT row of SGLang's v0.3.0 benchmark: the row's mean prompt and
    answer, its memory fraction (``mem_frac``), and the batch its KV cache holds at those lengths
    (SGLang admits requests while the KV pool has room) with the load model's step costs. The same
    table's vLLM rows (held out) run ``engine`` "vllm" with its memory fraction
    (``gpu_memory_utilization``), the batch at most ``max_seqs`` (vLLM's ``max_num_seqs``), in
    ``precision``, and ``scheduler_steps`` decode steps a scheduling pass where the run states them (vLLM
    ``--num-scheduler-steps``: the engine's profile with that many, :attr:`~configurator.core.engines.
    EngineProfile.scheduler_steps`), with the KV cache in ``kv_precision`` where the run states it."""
    prompt, output = r["prompt_tokens_mean"], r["output_tokens_mean"]
    serving = {"context": max(4096, prompt + output), "prompt_tokens": prompt, "output_tokens": output,
               "concurrency": 1, "engine": engine, "engine_memory_fraction": r["memory_fraction"],
               "kv_precision": kv_precision}
    s = scenario(model, card, tp, workload="inference", precision=precision, parallelism={"tp": tp}, serving=serving)
    # the profile in force (shipped, or refitted without a source) with the run's passes; the table's vLLM is
    # v0.6.0, whose prompt steps carry no decodes (scheduler.py l. 917-923 at commit 32e7db2) with chunked prefill
    # off: the runs' --max_model_len 4096 keeps engine/arg_utils.py from turning it on (only above 32K tokens), so a
    # prompt is a forward pass of its own, as SGLang's (EngineProfile.prefill_with_decodes)
    update = {"scheduler_steps": scheduler_steps} if scheduler_steps != 1 else {}
    if engine == "vllm":
        update["prefill_with_decodes"] = False
    if update:
        s = updated(s, serving={"engine_profile": s.serving.profile.model_copy(update=update)})
    c = CATALOG.get(card)
    batch = serving_memory_model(s, c, plan_serving(s, c)).max_concurrency(prompt + output // 2)
    batch = min(batch, max_seqs) if max_seqs else batch
    s = updated(s, serving={"concurrency": batch, "max_batch": batch})
    return s, step_costs(s, c, plan_serving(s, c), batch), batch


def _sglang_sharegpt(row_id, model, card, tp, engine: str = "sglang", max_seqs: int | None = None,
                     scheduler_steps: int = 1):
    """A row of sgl-project/sglang benchmark/benchmark_vllm_060 (SGLang v0.3.0, ShareGPT): offline,
    the copy's capacity in output tokens/s; at a Poisson rate, the load model's median TPOT and its
    median TTFT at the sample's median prompt (:func:`_ttft_at_prompt`; the row's ``prompt_tokens_median``), both
    capacity misses (:data:`~accuracy_base.CAPACITY_MISS`) where the rate exceeds the copy's predicted capacity.
    ``engine``, ``max_seqs`` and ``scheduler_steps``: as :func:`_sglang_copy` (the table's vLLM rows, held out)."""
    def case(r: dict) -> list[Row]:
        s, costs, batch = _sglang_copy(r, model, card, tp, engine, max_seqs, scheduler_steps=scheduler_steps)
        name = {"sglang": "SGLang", "vllm": "vLLM"}.get(engine, engine)
        lengths = f"{name}, ShareGPT at the mean {r['prompt_tokens_mean']}/{r['output_tokens_mean']} tokens"
        if scheduler_steps != 1:
            lengths += f", {scheduler_steps} decode steps a scheduling pass"
        if costs.own_pass_s:
            lengths += (f"; prompts prefilled in passes of their own, each {costs.own_pass_s * 1000:.1f} ms of weight "
                        f"read and host time the running sequences wait through (EngineProfile.prefill_with_decodes)")
        if "request_rate" not in r:
            return [Row("published", row_id, "serving-throughput", "output tokens/s", capacity(costs) *
                        r["output_tokens_mean"], r["value"], f"{lengths}; capacity at the batch of {batch} the KV "
                        f"cache holds{f' (at most {max_seqs})' if max_seqs else ''} "
                        f"(step {costs.decode_s(batch) * 1000:.0f} ms)", s)]
        point = load_point(costs, r["request_rate"])
        if point.overloaded:  # kept and counted (accuracy_base.CAPACITY_MISS)
            note = f"{lengths}; {capacity_miss_note(r['request_rate'], point.capacity)}"
            return [Row("published", f"{row_id} {name}", "serving-latency", f"ms {name.upper()} (median)",
                        CAPACITY_MISS, r["latency_ms"][f"{name}_p50"], note, s) for name in ("ttft", "tpot")]
        note = f"{lengths}; {r['request_rate']} requests/s, {point.decoding:.0f} sequences decoding"
        median = r["prompt_tokens_median"]
        ttft_note = (f"{note}; median TTFT at the median prompt ({median} tokens; at the mean: "
                     f"{point.ttft_s[50] * 1000:.1f} ms)")
        if scheduler_steps != 1:
            ttft_note += (f"; of which the rest of the running {scheduler_steps}-step pass, about half of its "
                          f"{scheduler_steps * point.step_s * 1000:.0f} ms")
        return [Row("published", f"{row_id} ttft", "serving-latency", "ms TTFT (median)",
                    _ttft_at_prompt(costs, point, median) * 1000, r["latency_ms"]["ttft_p50"], ttft_note, s),
                Row("published", f"{row_id} tpot", "serving-latency", "ms TPOT (median)",
                    point.tpot_s[50] * 1000, r["latency_ms"]["tpot_p50"], note, s)]
    return case


if __name__ == "__main__":
    part_of_the_benchmark(__doc__)
