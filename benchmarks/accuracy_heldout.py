"""The held-out rows of the accuracy benchmark: published results that set nothing in the project.

``benchmarks/data/held-out.json`` holds published training and serving results the estimator's
defaults were not set from and the calibration does not contain (torchtitan's and Trainy's
benchmark pages, Megatron-Bridge's performance summary, NVIDIA NIM's benchmark page, TensorRT-LLM's
perf-overview page (offline maximum throughput), MLPerf Inference v4.1 Llama 2 70B runs of systems
the calibration lacks, v4.0's (NVIDIA and Dell), v5.0's (NVIDIA Offline) and v5.1's (B200 and GB200 in FP4,
H200, RTX PRO 6000, MI325X, MI300X), vLLM v0.6.0's rows of SGLang's v0.3.0 ShareGPT table (whose SGLang rows are
calibration rows), vLLM's latency and throughput scripts on 8x MI300X (Oracle's Llama 3.1 405B FP8 blog, AMD's
January 2025 blog and its vLLM 0.7.3 dev-docker README: ``vllm073-devdocker-2026-12-06``), a
llama.cpp pull request's performance table, the time to first token at several prompt lengths of an NVIDIA DLI course's data
files (TensorRT-LLM 0.9.0 first-token runs at every static batch, NIM at one user) and their decode steps (NIM's
one-user inter-token latency, TensorRT-LLM 0.9.0's token-to-token latency at batch 1 and 16: :mod:`heldout_decode`);
one user's time to first token through vLLM's and SGLang's OpenAI servers at prompts of 1-27 computed tokens (ree2raz/inference-bench:
Qwen2.5-7B on an L4, vLLM 0.8.5 and SGLang 0.4.6 without CUDA graphs;
benchmarks/data/notes-engine-short-prompts-2026-12-06.md); LoRA and QLoRA fine-tuning
memory from torchtune's README, lit-gpt's resource tables and config hub and Unsloth's context-length benchmark;
training memory with recomputation at long sequences from torchtitan's 2024-12 tables (the named set
``recompute-memory-2026-12-05``, :data:`SETS`); one-GPU LoRA, QLoRA and full fine-tuning memory with recomputation
from fms-acceleration's benchmark table (process memory and peak allocated: ``reserve-recompute-2026-12-05c``); training
throughput from NeMo 24.07's performance summary, torchtitan's 2024-04 A100 performance page, the MLPerf Training
v3.0 and v3.1 result logs (GPT-3 175B on 512-10,752 H100: NVIDIA, CoreWeave, Azure), the v4.0 ones (NVIDIA and seven
partners: GPT-3 175B and Llama 2 70B LoRA on H100, H200 and L40S), NVIDIA's MLPerf Training v4.1 result logs and the
v5.0 / v5.1 result logs of NVIDIA, AMD and their partners: Llama 3.1 405B and 8B pretraining and Llama 2 70B LoRA on
H100 to GB300 and MI325X / MI350X / MI355X), each with its source, URL, date, what was measured, the layout the
source states and what the translation assumes. A row the estimator cannot express is listed as case ``excluded``
with its reason, not dropped. They are predicted with the shipped defaults and reported apart from the calibration
rows: their errors are what a new question meets. Adding a row: its source must say what was measured and how; a row
is never used to choose or change a default (it would stop being held out).

The training rows' builders are ``heldout_training.py``; the decode steps' ``heldout_decode.py``; vLLM's MLPerf
harness ``heldout_mlperf_vllm.py``.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
from accuracy_base import HELD_OUT_SOURCE as SOURCE
from accuracy_base import (BENCHMARK_EPILOG, CAPACITY_MISS, CATALOG, Row, at_llama_cpp_build, capacity_miss_note,
                           scenario)
from mlperf_datasets import MLPERF_MEDIAN_PROMPT_TOKENS, MLPERF_PROMPT_TOKENS
from accuracy_serving import _mlperf as accuracy_serving_mlperf
from accuracy_serving import _sglang_copy, _sglang_sharegpt, _ttft_at_prompt
from heldout_decode import static_batch_scenario, static_decode
from heldout_training import _max_context, _training
from heldout_mlperf_vllm import AMD_BATCHER_THRESHOLD_S, _batcher_ttft, _mlperf_vllm_copy

from configurator.core.architecture import preset
from configurator.core.engine_generations import generation_of
from configurator.core.estimate import estimate
from configurator.core.load import (MLPERF_SERVER_LIMITS, capacity, closed_loop_rate, highest_rate, load_point,
                                    mean_ttft_seconds)
from configurator.core.workloads.serving.memory import serving_memory_model
from configurator.core.precision import plan_serving
from configurator.core.scenario import updated
from configurator.core.prefill_time import prefill_seconds
from configurator.core.serving_speed import decode_step_seconds, running_batch
from configurator.core.serving_step_costs import step_costs
from configurator.core.units import Precision

FIELDS = ("id", "publication", "source", "url", "date", "measured", "hardware", "case", "setup", "values",
          "assumed", "notes")
"""What every held-out row states (tests/test_accuracy.py checks each has all of them)."""

SETS = {
    "recompute-memory-2026-12-05": (
        "training memory with full or selective recomputation, long sequences and LoRA/QLoRA, gathered to check the "
        "allocator reserve with recomputation out of sample (session 36, issue 27 part 3): torchtitan's December 2024 "
        "Tables 1 and 3 (compiled rows), 4 (AsyncTP), 5 and 6 (Llama 3.1 405B on 512 H100, FSDP + TP + PP and + CP at "
        "32k-256k tokens, full recomputation; max reserved), torchtune's Llama 3.2 3B full fine-tune with and without "
        "activation checkpointing (peak active), litgpt's config-hub LoRA and QLoRA of Llama 2 7B, Llama 3 8B, Mistral 7B "
        "and TinyLlama (and its full fine-tune) on an A10G (max allocated); benchmarks/data/notes-reserve-2026-12-05b.md"),
    "reserve-recompute-2026-12-05c": (
        "one-GPU training with recomputation that gives both the process's memory (nvidia-smi) and the peak allocated, "
        "gathered to check the allocator reserve with recomputation on a large frozen base (session 37, issue 27 part 3): "
        "fms-acceleration's benchmark table of May 2024 on one A100 80GB, 4,096-token packed sequences at batch 4 and 8, "
        "HF gradient checkpointing: Mistral 7B full fine-tune and LoRA in fp16, bitsandbytes QLoRA of Mistral 7B, "
        "Mixtral 8x7B (peft's and the plugin's preparation) and Llama 2 70B; "
        "benchmarks/data/notes-reserve-recompute-2026-12-05c.md"),
    "decode-rows-2026-12-05": (
        "decode-heavy offline runs at large batch, where the model's decode step is bound by its products or near it, "
        "gathered to ask whether two engines or publications agree on a decode-step efficiency (session 40, issue 27: "
        "short TensorRT-LLM prompts): TensorRT-LLM v1.0 perf-overview rows 128/128, 128/2,048 and 128/4,096 of Llama 3.1 "
        "8B, Llama 3.3 70B and Llama 3.1 405B on H100, H200 (FP8) and B200 (FP4); "
        "benchmarks/data/notes-decode-rows-2026-12-05.md"),
    "ds3-low-batch-2026-12-06": (
        "DeepSeek-V3/R1 FP8 served at low concurrency on one 8 x H200 server, no speculative decoding, gathered to "
        "check the MoE decode step at 8-64 sequences (session 41, issue 27: 6.2 ms a token at batch 1): "
        "SemiAnalysis InferenceX issue 870, SGLang v0.5.7 TP 8 (experts sliced), 1,024/1,024 tokens, "
        "concurrency 8-64; benchmarks/data/notes-ds3-low-batch-2026-12-06.md"),
    "decode-itl-2026-12-06": (
        "decode steps at a stated batch, gathered because decode was the thinnest held-out kind (session 44, issue 27 "
        "part 1): the NVIDIA DLI course's NIM (TensorRT-LLM) one-user inter-token latencies of Llama 3 8B/70B on A100 "
        "and H100 at TP1-TP8, and TensorRT-LLM 0.9.0's token-to-token latencies of Llama 2 7B/13B/70B and Mistral 7B "
        "at batch 1 and 16 (128/2,048 tokens) on H100, H200, A100 and L40S from the same course's data file; "
        "benchmarks/data/notes-heldout-decode-itl-2026-12-06.md and notes-heldout-decode-trt09-2026-12-06.md"),
    "switchless-mlperf-training-2026-12-06": (
        "training on AMD's 8-module Infinity Fabric boards (no switch: every pair its own link), gathered to check the "
        "switchless-board rule (mesh44/mesh45: a group rides its pairs' links) where no measured row did (session 46): "
        "MLPerf Training v5.0 / v5.1 Llama 2 70B LoRA on 8 x MI325X (AMD and seven partners), MI350X and MI355X, and "
        "Llama 3.1 8B pretraining on 8 x MI350X / MI355X, all TP1 x DP8; the MI300X runs and MangoBoost's "
        "context-parallel CP2 / CP4 runs across 2 and 4 boards, which recompute 21 of 80 layers, predicted since "
        "recompute46 (training.recompute_layers); Cisco's two, with no config, listed as excluded; "
        "benchmarks/data/notes-heldout-mi300x-training-2026-12-06.md, notes-recompute-layers-2026-12-06.md"),
    "trt09-first-token-2026-12-06": (
        "TensorRT-LLM's time to first token at 128-8,192 tokens a step on one card (what prefill_layer_overhead_s's "
        "settled_by asks for; session 47): the DLI course's TensorRT-LLM 0.9.0 runs of Mistral 7B and Llama 2 13B "
        "(TP1 on H100 FP8 and FP16, H200 FP8, A100 FP16, L40S FP8) and Llama 2 70B on one H100 or H200 (FP8), "
        "static batch 1-64 x 128 and 1-4 x 2,048 tokens; the file's other layouts beside the 2026-12-04 trt09dli "
        "rows; benchmarks/data/notes-ttft-rows-2026-12-06.md"),
    "vllm073-devdocker-2026-12-06": (
        "vLLM 0.7.3 on 8 x MI300X from AMD's own dev-docker README, gathered so that the tables rocmkv49 read a KV "
        "share off (shipped nothing) inform nothing further (session 49): ROCm/vllm docs/dev-docker/README.md at "
        "0f2300e3d (2025-03-11), 25070a184 (2025-03-28) and c43debd43 (2025-04-14), every row of each: "
        "benchmark_latency.py static batches 1-128 x 128 / 2,048 prompt tokens x 2,048 answer tokens and "
        "benchmark_throughput.py at the stated max_num_seqs (500-3,200) with 10 scheduler steps, Llama 3.1 70B and "
        "405B FP8 (FP8 KV) at TP8; benchmarks/data/notes-amd-rows-2026-12-06.md"),
}
"""Named sets of held-out rows (a row's optional ``set`` field names one): rows added together for one question,
reported together by ``python benchmarks/accuracy_heldout.py --set NAME`` (name -> what they were gathered for)."""


def _serving(r: dict) -> Iterator[Row]:
    """A server under a fixed number of users: one user's TTFT and ITL as the prefill of one
    prompt and a decode step at batch 1; more users' latencies and output rate from the load
    model (the users send back to back)."""
    setup = r["setup"]
    prompt, output, users = setup["prompt_tokens"], setup["output_tokens"], setup["concurrency"]
    s = scenario(preset(setup["model"]), setup["card"], setup["count"], workload="inference",
                 precision=setup["precision"], parallelism={"tp": setup["tp"]},
                 serving={"context": prompt + output, "prompt_tokens": prompt, "output_tokens": output,
                          "concurrency": users, "engine": setup["engine"]})
    card = CATALOG.get(setup["card"])
    values, note, publication = r["values"], r["notes"], r["publication"]
    if users == 1:
        plan = plan_serving(s, card)
        if "ttft_ms" in values:
            yield Row(SOURCE, f"{r['id']} ttft", "prefill", "ms TTFT", prefill_seconds(s, card, plan, prompt) * 1000,
                      values["ttft_ms"], note, s, publication=publication)
        if "itl_ms" in values:
            step, _ = decode_step_seconds(s, card, plan, 1, prompt + output // 2)
            yield Row(SOURCE, f"{r['id']} itl", "decode", "ms per token at batch 1", step * 1000, values["itl_ms"],
                      note, s, publication=publication)
        return
    speed = estimate(s, card).serving
    if "output_tokens_per_s" in values:
        yield Row(SOURCE, r["id"], "serving-throughput", "output tokens/s", speed.tokens_per_s,
                  values["output_tokens_per_s"], note, s, publication=publication)
    ttft_mean, ttft_median = _closed_loop_mean_ttft(s, card, -(-users // s.data_parallel))
    prefix = note + "; " if note else ""
    if "ttft_ms" in values:
        yield Row(SOURCE, f"{r['id']} ttft", "serving-latency", "ms TTFT (mean)", ttft_mean * 1000, values["ttft_ms"],
                  prefix + f"{users} users; the load model's mean TTFT against the source's mean (its median "
                  f"{ttft_median * 1000:.0f} ms: the waits' tails skew it right)", s, publication=publication)
    if "itl_ms" in values:
        yield Row(SOURCE, f"{r['id']} itl", "serving-latency", "ms ITL (mean)", speed.tpot_s * 1000, values["itl_ms"],
                  prefix + f"{users} users; the load model's median TPOT against the source's mean (a normal "
                  "spread about the mean step: the median is the mean)", s, publication=publication)
    if "tpot_ms" in values:  # a source whose ITL is per streamed chunk gives the mean TPOT apart
        yield Row(SOURCE, f"{r['id']} tpot", "serving-latency", "ms TPOT (mean)", speed.tpot_s * 1000,
                  values["tpot_ms"], prefix + f"{users} users; the load model's median TPOT against the source's "
                  "mean TPOT", s, publication=publication)


def _closed_loop_mean_ttft(s, card, users: int) -> tuple[float, float]:
    """Mean and median TTFT of one copy serving its ``users`` back to back, as the estimate's load point
    (serving_speed.replica_speed: the running batch's step costs, the closed loop's rate; the median is
    the estimate's ``ttft_s``) [s]."""
    plan = plan_serving(s, card)
    costs = step_costs(s, card, plan, running_batch(s, card))
    point = load_point(costs, closed_loop_rate(costs, users), closed=True, users=users)
    return mean_ttft_seconds(costs, point, closed=True, users=users), point.ttft_s[50]


TRTLLM_BENCH_MAX_REQUESTS = 4096
"""Most requests trtllm-bench lets an engine batch: ``finetune_setting`` caps the KV cache's count at 4,096
(NVIDIA/TensorRT-LLM tensorrt_llm/bench/build/tuning.py, stored version 04cba882, read 2026-12-03) [requests]."""

TRTLLM_BENCH_MAX_TOKENS = 32768
"""Most tokens trtllm-bench lets one engine step hold: the same function caps ``batch·(1 + ISL/OSL)`` at
32,768 [tokens]."""

TRTLLM_BENCH_MIN_TOKENS = 2048
"""Fewest tokens trtllm-bench gives one engine step: the same function raises ``batch·(1 + ISL/OSL)`` to at
least 2,048 ('to ensure Ctx/Gen overlap efficiency') [tokens]."""

TRTLLM_BENCH_HIGHER_KV_FRACTION = 0.95
"""The KV cache's share of the free memory TensorRT-LLM's perf-overview page says it used 'in many cases'
instead of trtllm-bench's default 0.90 (docs/source/performance/perf-overview.md, v1.0): an offline row's
note gives its prediction there too."""


def _offline_batch(s, card, prompt: int, output: int, kv_fraction: float) -> tuple[int, int]:
    """The batch and step tokens of a ``trtllm-bench throughput`` run (every request queued at once):
    the requests whose whole ``prompt + output`` tokens of KV cache fit ``kv_fraction`` of the memory
    left beside the weights, the CUDA context and one full step's working set (TensorRT-LLM's default
    capacity scheduler, GUARANTEED_NO_EVICT, admits a request only when its whole answer's cache is
    free), at most :data:`TRTLLM_BENCH_MAX_REQUESTS`; and ``batch·(1 + prompt/output)`` step tokens, at
    least :data:`TRTLLM_BENCH_MIN_TOKENS` and at most :data:`TRTLLM_BENCH_MAX_TOKENS` (tuning.py's figures,
    without its rounding up to multiples of 256-1,024). Harness
    translation, no model of its own [requests, tokens]."""
    memory = serving_memory_model(s, card, plan_serving(s, card))
    free = memory.capacity - memory.context - memory.weights - memory.working_set(TRTLLM_BENCH_MAX_REQUESTS)
    per_request = memory.kv_per_token_per_sequence * memory.cached_tokens(prompt + output) + \
        memory.activations_per_sequence
    batch = min(TRTLLM_BENCH_MAX_REQUESTS, int(kv_fraction * free // per_request))
    return batch, min(TRTLLM_BENCH_MAX_TOKENS, max(TRTLLM_BENCH_MIN_TOKENS, round(batch * (1 + prompt / output))))


def _offline(r: dict) -> Iterator[Row]:
    """An offline maximum-throughput run (``trtllm-bench throughput``: every request queued at once, one
    prompt and answer length): output tokens/s of all copies, as each copy's capacity (the load model's
    rate where the decoding sequences fill the batch) at the batch :func:`_offline_batch` gives."""
    setup = r["setup"]
    prompt, output, tp = setup["prompt_tokens"], setup["output_tokens"], setup["tp"]
    serving = {"context": prompt + output, "prompt_tokens": prompt, "output_tokens": output, "concurrency": 1,
               "engine": setup["engine"]}
    s = scenario(preset(setup["model"]), setup["card"], setup["count"], workload="inference",
                 precision=setup["precision"], parallelism={"tp": tp}, serving=serving)
    card = CATALOG.get(setup["card"])
    copies = setup["count"] // tp

    def at(kv_fraction: float, base=s):
        batch, tokens = _offline_batch(base, card, prompt, output, kv_fraction)
        run = updated(base, serving={"concurrency": batch * copies, "max_batch": batch, "max_batched_tokens": tokens})
        return run, batch, tokens, capacity(step_costs(run, card, plan_serving(run, card), batch)) * output * copies

    run, batch, tokens, predicted = at(setup["kv_fraction"])
    *_, higher = at(TRTLLM_BENCH_HIGHER_KV_FRACTION)
    stated = (f"batch {batch:,} a copy (the KV cache at {setup['kv_fraction']:.2f} of the free memory), {tokens:,} "
              f"tokens a step; at {TRTLLM_BENCH_HIGHER_KV_FRACTION:.2f}: {higher:,.0f} tokens/s")
    if plan_serving(run, card).weights is not Precision.FP8:  # the source does not say the KV cache's format
        fp8_batch, *_, fp8 = at(setup["kv_fraction"], updated(s, serving={"kv_precision": "fp8"}))[1:]
        stated += f"; with an FP8 KV cache: batch {fp8_batch:,}, {fp8:,.0f} tokens/s"
    note = "; ".join(part for part in (stated, r["notes"]) if part)
    yield Row(SOURCE, r["id"], "serving-throughput", "output tokens/s", predicted, r["values"]["output_tokens_per_s"],
              note, run, publication=r["publication"])


def _mlperf(r: dict) -> Iterator[Row]:
    """An MLPerf Inference v4.1, v5.0 or v5.1 Llama 2 70B result of a system the calibration does not hold, predicted
    as the calibration's own MLPerf rows are (:func:`accuracy_serving._mlperf`, TensorRT-LLM with FP8 weights and KV
    cache at the configuration's batch, the dataset's mean prompt; the output per sample is the run's tokens/s
    over its samples/s; a row that states its engine's ``max_num_tokens`` is built with it and its ``precision``,
    as v5.x's FP4 Blackwell engines): Offline, each copy's capacity; Server, the highest rate meeting the p99 limits
    and the latency percentiles at the run's scheduled arrival rate. A submission that ran vLLM (``setup["engine"]``)
    is predicted with vLLM's profile and its harness's settings instead (:func:`_mlperf_vllm`)."""
    setup, values = r["setup"], r["values"]
    if setup["engine"] == "vllm":
        yield from _mlperf_vllm(r)
        return
    server = r["case"] == "mlperf-server"
    record = {"value": values["output_tokens_per_s"], "samples_per_s": values["samples_per_s"],
              "output_tokens_per_sample": values["output_tokens_per_s"] / values["samples_per_s"]}
    if server:
        record |= {"scheduled_samples_per_s": values["scheduled_samples_per_s"], "latency_ms": values["latency_ms"]}
    # a later round's build where the row states its step tokens (v5.x: FP4 or FP8 weights, 1,536-4,096 tokens)
    build = ({"precision": setup["precision"], "max_batched_tokens": setup["max_num_tokens"],
              **{key: setup[key] for key in ("pp", "cuda_graphs") if key in setup}}
             if "max_num_tokens" in setup else None)
    # the benchmark's dataset and limits (mlperf_datasets.MLPERF_BENCHMARKS): Llama 2 70B where a row names none
    for row in accuracy_serving_mlperf(r["id"], setup["card"], setup["count"], setup["tp"], setup["batch"], server,
                                       setup.get("kv_fraction"), build, setup.get("benchmark", "llama2-70b"))(record):
        yield dataclasses.replace(row, source=SOURCE, note="; ".join(part for part in (row.note, r["notes"]) if part),
                                  publication=r["publication"])

def _mlperf_vllm(r: dict) -> Iterator[Row]:
    """An MLPerf v4.1 Llama 2 70B row of a vLLM submission (AMD's harness on MI300X: vLLM 0.4.3+rocm614): the
    calibration's MLPerf case (:func:`accuracy_serving._mlperf`: the dataset's mean prompt, the output per sample
    the run's tokens/s over its samples/s; Offline, each copy's capacity; Server, the highest Poisson rate meeting
    the p99 limits) with vLLM's engine profile and the harness's settings (:func:`_mlperf_vllm_copy`); a Server
    row's TPOT percentiles are the load model's at the scheduled rate, its TTFT percentiles the harness's batcher
    (:func:`_batcher_ttft`, the p50 at the dataset's median prompt, the p99 at the mean); all four capacity misses
    (:data:`~accuracy_base.CAPACITY_MISS`) where the predicted capacity cannot carry the scheduled rate."""
    setup, values = r["setup"], r["values"]
    server = r["case"] == "mlperf-server"
    output = round(values["output_tokens_per_s"] / values["samples_per_s"])
    prompt = MLPERF_PROMPT_TOKENS
    s, costs = _mlperf_vllm_copy(setup, prompt, output, server)
    copies = setup["count"] // setup["tp"]
    if server:
        best = highest_rate(costs, MLPERF_SERVER_LIMITS["llama2-70b"], 99)
        rate = best.rate if best else 0.0
    else:
        rate = capacity(costs)
    kind = "serving-server" if server else "serving-offline"
    passes = s.serving.profile.scheduler_steps
    note = (f"vLLM (AMD's MLPerf harness) TP{setup['tp']} x {copies}, max_num_seqs {setup['batch']}, "
            f"{setup['precision'].upper()} + FP8 KV, "
            f"eager, {s.serving.max_batched_tokens:,} tokens a step at most"
            f"{f', {passes} decode steps a scheduling pass' if passes > 1 else ''}; "
            f"{'highest rate with p99 TTFT <= 2 s and TPOT <= 200 ms' if server else 'capacity'} at the dataset's "
            f"mean prompt ({prompt} tokens): {rate:.2f} requests/s a copy (capacity {capacity(costs):.2f}, decode "
            f"step {costs.decode_s(setup['batch']) * 1000:.0f} ms at the full batch)")
    extra = "; ".join(part for part in (note, r["notes"]) if part)
    yield Row(SOURCE, r["id"], kind, "output tokens/s", rate * output * copies, values["output_tokens_per_s"], extra,
              s, publication=r["publication"])
    if not server:
        return
    total = values["scheduled_samples_per_s"]
    point = load_point(costs, total / copies)
    if point.overloaded:  # kept and counted, never dropped (accuracy_base.CAPACITY_MISS)
        missed, note = dict.fromkeys((50, 99), CAPACITY_MISS), capacity_miss_note(total / copies, point.capacity)
        yield from _latency_rows(r, s, missed, note, missed, note)
        return
    per_copy = total / copies
    at = (f"the load model at the scheduled {per_copy:.2f} requests/s a copy ({per_copy / point.capacity:.0%} "
          f"of its predicted capacity, {point.decoding:,.0f} sequences decoding in a {point.step_s * 1000:.0f} ms "
          f"step)")
    if not setup.get("batcher", True):  # a harness that hands each query to its engine as it comes (AMD's v5.1)
        ttft = {50: _ttft_at_prompt(costs, point, MLPERF_MEDIAN_PROMPT_TOKENS), 99: point.ttft_s[99]}
        ttft_note = f"no batcher: the load model's Poisson arrivals, p50 at the median prompt, p99 at the mean; {at}"
        yield from _latency_rows(r, s, ttft, ttft_note, point.tpot_s, at)
        return
    ttft = {50: _batcher_ttft(costs, point, total, MLPERF_MEDIAN_PROMPT_TOKENS, 0.5),
            99: _batcher_ttft(costs, point, total, prompt, 0.99)}
    window = AMD_BATCHER_THRESHOLD_S + -math.expm1(-total * AMD_BATCHER_THRESHOLD_S) / total  # _batcher_ttft's
    others = total * window
    ttft_note = (f"behind the harness's batcher ({AMD_BATCHER_THRESHOLD_S} s, a window of {window:.3f} s at this "
                 f"rate, every batch to the next copy): "
                 f"{others:.1f} other queries in a query's batch on average, prefilled in one step of "
                 f"{(others * prompt) * costs.prompt_token_s * 1000:.0f} ms; without the batcher "
                 f"(the load model's Poisson arrivals) p50 {point.ttft_s[50] * 1000:.0f} ms, p99 "
                 f"{point.ttft_s[99] * 1000:.0f} ms; {at}")
    yield from _latency_rows(r, s, ttft, ttft_note, point.tpot_s, at)


def _latency_rows(r: dict, s, ttft: dict, ttft_note: str, tpot: dict, at: str) -> Iterator[Row]:
    """A vLLM MLPerf Server row's p50 and p99 TTFT (``ttft``, by percentile [s]) and the load model's TPOT
    (``tpot``, by percentile [s]), against the run's; :data:`~accuracy_base.CAPACITY_MISS` in both where the
    predicted capacity cannot carry the run's rate."""
    for name, predicted, row_note in (("ttft", ttft, ttft_note), ("tpot", tpot, at)):
        for pct in (50, 99):
            yield Row(SOURCE, f"{r['id']} {name} p{pct}", "serving-latency", f"ms {name.upper()} p{pct}",
                      predicted[pct] * 1000, r["values"]["latency_ms"][f"{name}_p{pct}"],
                      "; ".join(part for part in (row_note, r["notes"]) if part), s, publication=r["publication"])


def _llama_bench(r: dict) -> Iterator[Row]:
    """llama-bench's tg (tokens/s generating at batch 1) and pp (tokens/s over one prompt); a build from before
    llama.cpp's CUDA graphs (PR 6766, merged 2024-05-08) says so with ``setup["cuda_graphs"]`` false, and its
    decode steps take the eager per-layer time."""
    setup = r["setup"]
    # a pp-only row generates none; a tg-only row starts from an empty cache (one token of context)
    prompt, generated = setup.get("prompt_tokens", 1), setup.get("generated_tokens", 1)
    graphs = {} if setup.get("cuda_graphs", True) else {"cuda_graphs": False}
    s = scenario(preset(setup["model"]), setup["card"], 1, workload="inference", precision="fp16",
                 serving={"context": prompt + generated, "prompt_tokens": prompt, "output_tokens": generated,
                          "weight_format": setup["weight_format"], "engine": "llama.cpp", **graphs})
    if "build" in setup:  # a measurement on an older llama.cpp build: that build's prompt path
        s = at_llama_cpp_build(s, setup["build"])
    card = CATALOG.get(setup["card"])
    plan = plan_serving(s, card)
    values, note, publication = r["values"], r["notes"], r["publication"]
    if "tg_tokens_per_s" in values:
        step, _ = decode_step_seconds(s, card, plan, 1, generated // 2)
        yield Row(SOURCE, f"{r['id']} tg{generated}", "decode", "tokens/s at batch 1", 1.0 / step,
                  values["tg_tokens_per_s"], note, s, publication=publication)
    if "pp_tokens_per_s" in values:
        yield Row(SOURCE, f"{r['id']} pp{prompt}", "prefill", f"s for {prompt} tokens",
                  prefill_seconds(s, card, plan, prompt), prompt / values["pp_tokens_per_s"], note, s,
                  publication=publication)


VLLM_V0_MAX_NUM_SEQS = 256
"""Most sequences vLLM's V0 engine batches unless ``--max-num-seqs`` says otherwise: ``EngineArgs.__post_init__``
sets ``max_num_seqs = 256 if not envs.VLLM_USE_V1 else 1024`` (vllm-project/vllm vllm/engine/arg_utils.py,
stored version 001999d2, read 2026-12-03; 256 was the field's default before V1 existed, v0.6.x included)
[sequences]."""


def _sharegpt(r: dict) -> Iterator[Row]:
    """A ShareGPT row of SGLang's v0.3.0 benchmark table (sgl-project/sglang benchmark/benchmark_vllm_060) for
    another engine than the calibration's SGLang rows of it: predicted exactly as those rows are
    (:func:`accuracy_serving._sglang_sharegpt`: the sample's mean lengths, the batch the KV cache holds at the
    engine's memory fraction, at most the engine's ``max_num_seqs``; offline, the copy's capacity; at a Poisson
    rate, the median TPOT and the median TTFT at the sample's median prompt), with the row's engine and the
    decode steps a scheduling pass its server command states (``scheduler_steps``, vLLM ``--num-scheduler-steps``)."""
    setup, values = r["setup"], r["values"]
    record = {"prompt_tokens_mean": setup["prompt_tokens_mean"], "output_tokens_mean": setup["output_tokens_mean"],
              "memory_fraction": setup["memory_fraction"]}
    if "request_rate" in setup:
        record |= {"request_rate": setup["request_rate"], "prompt_tokens_median": setup["prompt_tokens_median"],
                   "latency_ms": values["latency_ms"]}
    else:
        record["value"] = values["output_tokens_per_s"]
    case = _sglang_sharegpt(r["id"], preset(setup["model"]), setup["card"], setup["tp"], setup["engine"],
                            setup.get("max_num_seqs"), setup.get("scheduler_steps", 1))
    for row in case(record):
        yield dataclasses.replace(row, source=SOURCE, note="; ".join(part for part in (row.note, r["notes"]) if part),
                                  publication=r["publication"])


def _engine_offline(r: dict) -> Iterator[Row]:
    """vLLM's ``benchmark_throughput.py`` (every request handed to the engine at once, one prompt and answer
    length, ``ignore_eos``): output tokens/s of one copy at its capacity, at the batch its KV cache holds at the
    mean length (prompt + half the answer: vLLM admits a request while its blocks are free and preempts when the
    cache runs out, as :func:`accuracy_serving._sglang_copy` takes SGLang's pool), at most ``max_num_seqs``; the
    KV cache in the row's ``kv_precision`` where it states one, and ``scheduler_steps`` decode steps a scheduling
    pass where the run states them (vLLM ``--num-scheduler-steps``)."""
    setup = r["setup"]
    prompt, output, steps = setup["prompt_tokens"], setup["output_tokens"], setup.get("scheduler_steps", 1)
    record = {"prompt_tokens_mean": prompt, "output_tokens_mean": output, "memory_fraction": setup["memory_fraction"]}
    s, costs, batch = _sglang_copy(record, preset(setup["model"]), setup["card"], setup["tp"], setup["engine"],
                                   setup["max_num_seqs"], setup["precision"], scheduler_steps=steps,
                                   kv_precision=setup.get("kv_precision"))
    note = (f"{setup['engine']} TP{setup['tp']}, {prompt}/{output} tokens, every request at once; capacity at a batch "
            f"of {batch} (the KV cache at {setup['memory_fraction']:.2f} of the memory, at most "
            f"{setup['max_num_seqs']}), step {costs.decode_s(batch) * 1000:.0f} ms"
            + (f", {steps} decode steps a scheduling pass" if steps != 1 else ""))
    yield Row(SOURCE, r["id"], "serving-throughput", "output tokens/s", capacity(costs) * output,
              r["values"]["output_tokens_per_s"], "; ".join(part for part in (note, r["notes"]) if part), s,
              publication=r["publication"])


def _static_latency(r: dict) -> Iterator[Row]:
    """vLLM's ``benchmark_latency.py``: one batch of ``batch`` prompts of one length, each generating
    ``output_tokens`` (``ignore_eos``), timed from submission to the last token and averaged over iterations:
    the estimate's static batch (:func:`configurator.core.load.static_batch`: the batch's prefill, then
    ``O − 1`` decode steps at the batch) in output tokens/s, against batch × answer ÷ the stated mean latency
    (the source's own tokens/s column, unrounded). The V0 engine without chunked prefill schedules the
    batch's prompts in one step when they fit its token budget (``max_batched_tokens``, the row's). The KV
    cache's precision is the row's ``kv_precision`` where it states one, else the engine profile's default; its
    decode steps replay CUDA graphs unless the row's method runs them eager (``cuda_graphs`` false: TensorRT-LLM's
    ``gptManagerBenchmark`` without ``--cuda_graph_mode``)."""
    setup = r["setup"]
    prompt, output, batch = setup["prompt_tokens"], setup["output_tokens"], setup["batch"]
    serving = {"context": prompt + output, "prompt_tokens": prompt, "output_tokens": output, "concurrency": batch,
               "max_batch": batch, "batching": "static", "engine": setup["engine"],
               "max_batched_tokens": max(batch * prompt, setup["max_batched_tokens"]),
               "kv_precision": setup.get("kv_precision"),
               **({"cuda_graphs": setup["cuda_graphs"]} if "cuda_graphs" in setup else {})}
    s = scenario(preset(setup["model"]), setup["card"], setup["count"], workload="inference",
                 precision=setup["precision"], parallelism={"tp": setup["tp"]}, serving=serving)
    speed = estimate(s, CATALOG.get(setup["card"])).serving
    measured = batch * output / r["values"]["latency_s"]
    note = (f"{setup['engine']} TP{setup['tp']}, static batch {batch} x {prompt}/{output} tokens; predicted "
            f"{batch * output / speed.tokens_per_s:.2f} s a batch (measured {r['values']['latency_s']:.3f} s), "
            f"TPOT {speed.tpot_s * 1000:.1f} ms")
    yield Row(SOURCE, r["id"], "serving-throughput", "output tokens/s (static batch)", speed.tokens_per_s, measured,
              "; ".join(part for part in (note, r["notes"]) if part), s, publication=r["publication"])


def _first_token(r: dict) -> Iterator[Row]:
    """TensorRT-LLM's ``gptSessionBenchmark`` first-token latency: one static batch of ``batch`` prompts of
    ``prompt_tokens`` each, whose context phase runs the whole batch in one engine step (its tokens packed, the
    engines being built with padding removed), timed to the first token: :func:`prefill_seconds` of the batch
    in one chunk, with the row's CUDA-graph setting (the benchmark's steps are eager without
    ``--enable_cuda_graph``). At batch 1 this is the time to first token of one prompt; larger batches give the
    same step at more tokens, each sequence's attention at its own length."""
    setup = r["setup"]
    prompt, batch = setup["prompt_tokens"], setup["batch"]
    s = static_batch_scenario(setup, 1)
    card = CATALOG.get(setup["card"])
    seconds = prefill_seconds(s, card, plan_serving(s, card), prompt, batch)
    note = f"{setup['engine']} TP{setup['tp']}, {batch} x {prompt} prompt tokens in one context step"
    yield Row(SOURCE, r["id"], "prefill", "ms to first token (static batch)", seconds * 1000,
              r["values"]["first_token_ms"], "; ".join(part for part in (note, r["notes"]) if part), s,
              publication=r["publication"])


EXCLUDED = "excluded"
"""Case of a published row the estimator cannot express (a model that is no preset, a setting no scenario field
holds): listed with what its source states and, in ``excluded``, why it is not predicted, so that a table's rows
are all accounted for and none is dropped silently."""


def _excluded(r: dict) -> Iterator[Row]:
    """A row listed, not predicted (:data:`EXCLUDED`): no row."""
    return iter(())


CASES: dict[str, Callable[[dict], Iterator[Row]]] = {"train": _training, "train-max-context": _max_context,
                                                     "serving": _serving, "offline": _offline,
                                                     "mlperf-offline": _mlperf, "mlperf-server": _mlperf,
                                                     "llama-bench": _llama_bench, "sharegpt": _sharegpt,
                                                     "engine-offline": _engine_offline,
                                                     "static-latency": _static_latency,
                                                     "first-token": _first_token, "static-decode": static_decode,
                                                     EXCLUDED: _excluded}
"""How each case of held-out row is predicted."""


def held_out_rows(path: Path) -> list[Row]:
    """Every held-out row of ``path``, predicted with the shipped defaults, each with its engine generation
    (:func:`row_generation`)."""
    return [dataclasses.replace(row, generation=row_generation(r))
            for r in json.loads(path.read_text(encoding="utf-8")) for row in CASES[r["case"]](r)]


def row_generation(r: dict) -> str:
    """The engine generation of the held-out record ``r`` (:func:`engine_generations.generation_of`): its engine,
    its card's software stack and whether it states AITER's attention on (``setup["aiter_attention"]``)."""
    setup = r.get("setup", {})
    card = CATALOG.get(setup["card"]) if "card" in setup and "engine" in setup else None
    stack = card.software.stack if card is not None and card.software is not None else None
    return generation_of(setup.get("engine", ""), stack, setup.get("aiter_attention"))


def set_rows(path: Path, name: str) -> list[Row]:
    """The predicted rows of the named set ``name`` (:data:`SETS`) in ``path``, with the shipped defaults."""
    return [row for r in json.loads(path.read_text(encoding="utf-8")) if r.get("set") == name
            for row in CASES[r["case"]](r)]


def describe_set(path: Path, name: str) -> str:
    """One line per predicted row of the set ``name`` (quantity, predicted, measured, error), then its median and
    largest |error| and how many are within ±10 %, and how many of its rows are listed as excluded."""
    rows = set_rows(path, name)
    lines = [f"{r.row_id:58s} {r.quantity:20s} {r.predicted:8.2f} {r.measured:8.2f} {r.error_pct:+6.1f} %" for r in rows]
    errors = sorted(abs(r.error_pct) for r in rows)
    excluded = sum(1 for r in excluded_rows(path) if r.get("set") == name)
    if errors:
        lines.append(f"{len(rows)} rows: median |error| {float(np.median(errors)):.1f} %, max {errors[-1]:.1f} %, "
                     f"{sum(e <= 10 for e in errors)} within ±10 %; {excluded} listed as excluded")
    return "\n".join(lines)


def excluded_rows(path: Path) -> list[dict]:
    """The rows of ``path`` listed as :data:`EXCLUDED`, each with its ``excluded`` reason."""
    return [r for r in json.loads(path.read_text(encoding="utf-8")) if r["case"] == EXCLUDED]


def describe_excluded(path: Path) -> str:
    """One line per publication: how many of its rows are listed as excluded, and why (the reasons, each once)."""
    by_publication: dict[str, list[dict]] = {}
    for r in excluded_rows(path):
        by_publication.setdefault(r["publication"], []).append(r)
    lines = [f"  excluded {len(members)} rows of {publication}: "
             + "; ".join(dict.fromkeys(r["excluded"] for r in members))
             for publication, members in by_publication.items()]
    return "\n".join(lines)


if __name__ == "__main__":  # a part of the benchmark, not a tool of its own
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     epilog=BENCHMARK_EPILOG)
    parser.add_argument("--set", choices=sorted(SETS), help="print the rows of one named set of held-out rows")
    args = parser.parse_args()
    if args.set:
        print(describe_set(Path(__file__).parent / "data" / "held-out.json", args.set))
    else:
        print("part of benchmarks/accuracy.py: run .venv/bin/python benchmarks/accuracy.py")
