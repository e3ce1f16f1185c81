"""Accuracy of the estimator against real measurements and published results.

Runs every usable row of ``benchmarks/data/h200-calibration.jsonl`` and
``benchmarks/data/published-calibration.json`` (the calibration data, in the repository with
their sources: ``benchmarks/data/README.md``) through the estimator with the *default* efficiencies and
prints a table (row, predicted, measured, error %) and a summary per kind.

Each published row is translated into a scenario from what its source states (model shape,
cards, parallelism, batch); where a source leaves a setting open, the translation says what
was assumed. Nothing here is tuned to a row.

Usage: ``python benchmarks/accuracy.py [--reference DIR] [--csv FILE] [--summary]``
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from configurator.core.architecture import ModelArchitecture, preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.memory import inference_memory_model, kv_cache_bytes_per_token, kv_shards
from configurator.core.load import MLPERF_SERVER_LIMITS, StepCosts, capacity, highest_rate, load_point
from configurator.core.serving_speed import FP8_GEMM_RELATIVE, decode_step_seconds, prefill_seconds, step_costs
from configurator.core.precision import plan_inference, plan_serving
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, updated
from configurator.core.units import GB, GIB

CATALOG = load_bundled_catalog()
TARGETS = {"memory": 10.0, "train-throughput": 25.0, "train-planner": 25.0, "train-time": 25.0, "prefill": 25.0,
           "decode": 25.0, "serving-throughput": 25.0, "serving-server": 25.0, "serving-offline": 25.0,
           "serving-latency": 25.0}
"""Accuracy targets per kind (issue: memory ±10 %, speed ±25 %) [%]."""


@dataclass
class Row:
    source: str
    row_id: str
    kind: str
    quantity: str
    predicted: float
    measured: float
    note: str = ""
    scenario: Scenario | None = None
    group: str = ""
    """Recipe and recomputation of a measured training row (memory is reported per group)."""
    peak: tuple[float, float] | None = None
    """Predicted and measured peak allocated memory [GiB] (what the allocator's reserve sits on)."""

    @property
    def error_pct(self) -> float:
        return 100.0 * (self.predicted - self.measured) / self.measured

    @property
    def cards(self) -> int:
        """Cards the row ran on: its scenario's count (a row without one ran on a single H200)."""
        return self.scenario.count if self.scenario is not None else 1


# ---- model shapes named by the sources ----------------------------------------------------


def gpt(layers: int, hidden: int, heads: int, vocab: int = 51200, positions: int = 2048) -> ModelArchitecture:
    """Megatron-LM GPT: 4h GELU MLP, LayerNorm, biases, learned positions (Narayanan et al. 2021)."""
    return ModelArchitecture(name=f"gpt-{layers}x{hidden}", n_layers=layers, hidden=hidden, n_heads=heads,
                             ffn=4 * hidden, gated_mlp=False, vocab=vocab, tied_embeddings=True,
                             attention_bias=True, mlp_bias=True, norm="layernorm", position_embeddings=positions)


def mpt(layers: int, hidden: int, heads: int) -> ModelArchitecture:
    """MosaicML MPT: 4h GELU MLP, no biases, ALiBi, tied 50432-token vocabulary (llm-foundry yamls)."""
    return ModelArchitecture(name=f"mpt-{layers}x{hidden}", n_layers=layers, hidden=hidden, n_heads=heads,
                             ffn=4 * hidden, gated_mlp=False, vocab=50432, tied_embeddings=True, norm="layernorm")


LLAMA1_65B = ModelArchitecture(name="llama1-65b", n_layers=80, hidden=8192, n_heads=64, ffn=22016, vocab=32000)
FALCON_180B = ModelArchitecture(name="falcon-180b", n_layers=80, hidden=14848, n_heads=232, n_kv_heads=8,
                                ffn=4 * 14848, gated_mlp=False, vocab=65024, norm="layernorm")
GPTJ_6B = ModelArchitecture(name="gpt-j-6b", n_layers=28, hidden=4096, n_heads=16, ffn=16384, gated_mlp=False,
                            vocab=50400, norm="layernorm", mlp_bias=True)
MPT = {"125m": mpt(12, 768, 12), "1b": mpt(24, 2048, 16), "3b": mpt(32, 2560, 20), "7b": mpt(32, 4096, 32),
       "13b": mpt(40, 5120, 40), "30b": mpt(48, 7168, 56), "70b": mpt(80, 8192, 64)}
A100_NETWORK = {"network_gbps_per_card": 25.0}  # 8 × 200 Gb/s HDR InfiniBand (or 1600 Gb/s RoCE) per 8 GPUs


def scenario(model: ModelArchitecture, card: str, count: int, **parts) -> Scenario:
    return Scenario.model_validate({"model": model.model_dump(), "card_id": card, "count": count, **parts})


# ---- H200 measurements --------------------------------------------------------------------

H200_ENGINE = {"engine": "transformers", "cuda_graphs": True}
"""The H200 prefill and decode rows: plain PyTorch, decode replayed from a CUDA graph."""
TRT = {"engine": "tensorrt-llm"}
LLAMA_CPP = {"engine": "llama.cpp", "cuda_graphs": False}
"""llama.cpp rows of XiongjieDai's table: measured before llama.cpp's CUDA graphs (2024)."""

_H200_MODES = {"amp_bf16": ("torch-amp", "bf16"), "bf16": ("pure", "bf16"), "fp32": ("torch-amp", "fp32")}


def h200_rows(path: Path) -> Iterator[Row]:
    h200 = CATALOG.get("h200-sxm")
    previous_reserved: dict[int, tuple[str, float]] = {}
    for line in path.read_text().splitlines():
        r = json.loads(line)
        if r["case"] == "train" and r.get("model") == "llama3.2-1b":
            recipe, precision = _H200_MODES[r["mode"]]
            s = scenario(preset("llama3.2-1b"), "h200-sxm", 1, workload="pretrain", precision=precision,
                         training={"micro_batch": r["b"], "seq_len": r["s"], "recipe": recipe, "optimizer": r["opt"],
                                   "recompute": "full" if r["ckpt"] else "none", "loss": "eager"})
            est = estimate(s, h200)
            label = f"train b{r['b']} s{r['s']} {r['mode']}{' ckpt' if r['ckpt'] else ''} {r['opt']}"
            reserved = est.memory.total - s.assumptions.cuda_context_gib * GIB
            peak = (est.memory.total - est.memory.overhead) / GIB
            group = f"{r['mode']} {r['opt']}, recompute {'full' if r['ckpt'] else 'none'}"
            # A process's caching allocator keeps its segments from one run to the next unless emptied:
            # a run whose reserved figure equals an earlier run's to the byte, with a lower peak of its
            # own, measured that earlier run's reserve. It is compared with the larger of the two
            # predictions (the measurement procedure, not a constant), and says so.
            inherited = previous_reserved.get(r["reserved"])
            note = ""
            if inherited and r["peak"] < r["reserved"]:
                earlier_label, earlier_prediction = inherited
                note = (f"reserved equals the '{earlier_label}' run's to the byte with a lower peak (cached segments "
                        f"carried over): compared with the larger prediction; its own is {reserved / GIB:.2f} GiB")
                reserved = max(reserved, earlier_prediction)
            previous_reserved.setdefault(r["reserved"], (label, reserved))
            yield Row("h200", label, "memory", "reserved GiB", reserved / GIB, r["reserved"] / GIB, note, group=group,
                      peak=(peak, r["peak"] / GIB))
            yield Row("h200", label, "train-throughput", "tokens/s", est.training.tokens_per_s, r["tokens_per_s"])
        elif r["case"] == "prefill":
            s = scenario(preset(r["model"]), "h200-sxm", 1, workload="inference",
                         serving={"context": r["s"] + 1, "prompt_tokens": r["s"], "output_tokens": 1,
                                  "concurrency": r["b"], **H200_ENGINE})
            plan = plan_inference(h200, s.precision)
            label = f"prefill {r['model']} b{r['b']} s{r['s']}"
            yield Row("h200", label, "prefill", "s", prefill_seconds(s, h200, plan, r["s"]) * r["b"], r["seconds"])
            working = inference_memory_model(s, h200, plan).activations_fixed
            yield Row("h200", label, "memory", "activations GiB", working / GIB, r["peak_minus_weights"] / GIB,
                      "transient prefill working set")
        elif r["case"] == "decode":
            s = scenario(preset(r["model"]), "h200-sxm", 1, workload="inference",
                         serving={"context": r["ctx"] + 1, "prompt_tokens": r["ctx"], "output_tokens": 1,
                                  "concurrency": r["b"], **H200_ENGINE})
            plan = plan_inference(h200, s.precision)
            seconds, _ = decode_step_seconds(s, h200, plan, r["b"], r["ctx"])
            yield Row("h200", f"decode {r['model']} b{r['b']} ctx{r['ctx']}", "decode", "s/step", seconds,
                      r["seconds"], "plain PyTorch + CUDA graphs; these rows set the transformers profile")


def h200_ceilings(path: Path) -> list[tuple[str, float, float]]:
    """Measured ceilings vs datasheet (context for the default efficiencies)."""
    h200, out = CATALOG.get("h200-sxm"), []
    rates = {"bf16": h200.bf16_tflops, "fp16": h200.fp16_tflops, "tf32": h200.tf32_tflops, "fp32": h200.fp32_tflops,
             "fp8_e4m3": h200.fp8_tflops}
    for line in path.read_text().splitlines():
        r = json.loads(line)
        if r["case"] == "matmul" and r["dtype"] in rates:
            out.append((f"matmul {r['dtype']} [TFLOP/s]", r["TFLOPS"], rates[r["dtype"]]))
        elif r["case"] == "copy_bw":
            out.append(("copy bandwidth [GB/s]", r["GBps"], h200.bandwidth_gbps))
    return out


# ---- published results --------------------------------------------------------------------


def _eq3_flops_per_token(m: ModelArchitecture, seq: int) -> float:
    """Megatron-LM eq. 3 per token: ``96·L·h²·(1 + s/(6h) + V/(16·L·h))`` (counts recomputation)."""
    return 96 * m.n_layers * m.hidden**2 * (1 + seq / (6 * m.hidden) + m.vocab / (16 * m.n_layers * m.hidden))


def _train(model, card, count, *, tp=1, pp=1, v=1, zero=0, mb=1, m=1, seq=2048, recompute="none",
           recipe="megatron-mixed", precision="bf16", network=None):
    assumptions = {**(network or {})}
    return scenario(model, card, count, workload="pretrain", precision=precision,
                    parallelism={"tp": tp, "pp": pp, "virtual_stages": v, "zero": zero, "cards_per_node": 8},
                    training={"micro_batch": mb, "grad_accum": m, "seq_len": seq, "recompute": recompute,
                              "recipe": recipe}, assumptions=assumptions)


PublishedCase = Callable[[dict], Row | None]

PLANNER_KIND = "train-planner"
"""Rows of the planner mode: the same published runs given only model, card, count, sequence,
tokens and the stated global batch; the planner chooses the layout (issue: one planner)."""


def planned(s: Scenario) -> Scenario:
    """``s`` with its layout left to the planner and its global batch kept."""
    return updated(s, auto_layout=list(LAYOUT_FIELDS), training={"global_batch_tokens": s.global_batch_tokens})


def _both_modes(make_row: Callable[[Scenario, str], Row], s: Scenario) -> Callable[[dict], list[Row]]:
    """A published case evaluated with the stated layout and with the planner's."""
    def case(r: dict) -> list[Row]:
        stated = make_row(s, "train-throughput")
        stated.measured = r["value"]
        auto = make_row(planned(s), PLANNER_KIND)
        auto.measured = r["value"]
        p = auto.scenario.parallelism
        auto.note = (f"planner: tp {p.tp} pp {p.pp} v {p.virtual_stages} zero {p.zero} "
                     f"{auto.scenario.training.recompute.value} mb {auto.scenario.training.micro_batch} "
                     f"× {auto.scenario.training.grad_accum}")
        return [stated, auto]
    return case


def _per_card(row_id, s, note=""):
    def row(scn: Scenario, kind: str) -> Row:
        est = estimate(scn, CATALOG.get(scn.card_id))
        return Row("published", row_id, kind, "tokens/s/card", est.training.tokens_per_s_per_card, 0.0, note,
                   est.scenario)
    return _both_modes(row, s)


def _tflops(row_id, s, note=""):
    def row(scn: Scenario, kind: str) -> Row:
        est = estimate(scn, CATALOG.get(scn.card_id))
        achieved = est.training.tokens_per_s_per_card * _eq3_flops_per_token(scn.model, scn.training.seq_len) / 1e12
        return Row("published", row_id, kind, "TFLOP/s/card (eq. 3)", achieved, 0.0, note, est.scenario)
    return _both_modes(row, s)


def _iteration(row_id, s, note=""):
    def row(scn: Scenario, kind: str) -> Row:
        est = estimate(scn, CATALOG.get(scn.card_id))
        return Row("published", row_id, kind, "s/iteration", est.training.step_time_s, 0.0, note, est.scenario)
    return _both_modes(row, s)


def _ttft(row_id, model, card, count, precision, prompt):
    def case(r: dict) -> Row:
        s = scenario(model, card, count, workload="inference", precision=precision,
                     parallelism={"tp": count}, serving={"context": prompt + 1, "prompt_tokens": prompt,
                                                         "output_tokens": 1, **TRT})
        c = CATALOG.get(card)
        seconds = prefill_seconds(s, c, plan_inference(c, s.precision), prompt)
        return Row("published", row_id, "prefill", "ms TTFT", seconds * 1000, r["value"], "TensorRT-LLM", s)
    return case


def _decode_rate(row_id, model, card, weight_format, note):
    def case(r: dict) -> Row:
        s = scenario(model, card, 1, workload="inference", precision="fp16",
                     serving={"context": 256, "prompt_tokens": 1, "output_tokens": 128, "weight_format": weight_format,
                              **LLAMA_CPP})
        c = CATALOG.get(card)
        seconds, _ = decode_step_seconds(s, c, plan_serving(s, c), 1, 64)
        return Row("published", row_id, "decode", "tokens/s at batch 1", 1.0 / seconds, r["value"], note)
    return case


def _serving(row_id, model, card, count, precision, batch, isl, osl, per_card=True):
    def case(r: dict) -> Row:
        s = scenario(model, card, count, workload="inference", precision=precision, parallelism={"tp": count},
                     serving={"context": isl + osl, "prompt_tokens": isl, "output_tokens": osl,
                              "concurrency": batch, "kv_precision": "fp8" if precision == "fp8" else None,
                              "batching": "static", **TRT})
        est = estimate(s, CATALOG.get(card))
        value = est.inference.tokens_per_s_per_card if per_card else est.inference.tokens_per_s
        return Row("published", row_id, "serving-throughput", "output tokens/s", value, r["value"],
                   f"TensorRT-LLM static batch {batch}", s)
    return case


MLPERF_PROMPT_TOKENS = 512
"""Mean prompt assumed for MLPerf's Llama 2 70B rows, half the 1,024-token bound of mlcommons/inference
language/llama2-70b processorca.py (no published mean found: its README, the MLCommons task-force
post, NVIDIA and AMD MLPerf blogs, searched 2026-12-01); not a fit. Each row's note gives the mean
prompt at which the model meets it and the longest at which its batch holds its FP8 KV cache."""
MLPERF_CHUNK_TOKENS = 8192
"""Tokens per step of the MLPerf Llama 2 runs: not in the configuration files read, so TensorRT-LLM's
default ``max_num_tokens`` (8192, its profile's source)."""


def _mlperf_copy(model, card, count, tp, batch, prompt, output):
    """One model copy of an MLPerf TensorRT-LLM submission (FP8 weights and KV cache, the
    stated batch per copy) and the load model's step costs for it."""
    s = scenario(model, card, count, workload="inference", precision="fp8", parallelism={"tp": tp},
                 serving={"context": prompt + output + 1, "prompt_tokens": prompt, "output_tokens": output,
                          "concurrency": batch * count // tp, "max_batch": batch, "kv_precision": "fp8",
                          "max_batched_tokens": MLPERF_CHUNK_TOKENS, **TRT})
    c = CATALOG.get(card)
    return s, step_costs(s, c, plan_serving(s, c), batch)


def _mlperf_rate(model, card, count, tp, batch, prompt, output, server: bool) -> float:
    """Requests/s of the whole system: Server, the highest Poisson rate per copy whose p99 TTFT
    and TPOT meet MLPerf's limits; Offline, every copy at its capacity [1/s]."""
    _, costs = _mlperf_copy(model, card, count, tp, batch, prompt, output)
    if not server:
        return capacity(costs) * count // tp
    point = highest_rate(costs, MLPERF_SERVER_LIMITS["llama2-70b"], 99)
    return (point.rate if point else 0.0) * count // tp


def _mlperf_matching_prompt(model, card, count, tp, batch, output, server: bool, measured: float) -> float:
    """Mean prompt (16 .. 1,024) at which the predicted tokens/s equal ``measured``: a diagnostic [tokens]."""
    low, high = 16, 1024
    while high - low > 1:
        middle = (low + high) // 2
        fast = _mlperf_rate(model, card, count, tp, batch, middle, output, server) * output > measured
        low, high = (middle, high) if fast else (low, middle)
    return float(low)


MLPERF_KV_FREE_FRACTION = 0.90  # kvcache_free_gpu_mem_frac, NVIDIA's v4.1 llama2-70b Offline/Server configs


def _mlperf_kv_prompt_bound(s: Scenario, batch: int, output: int) -> float:
    """Longest mean prompt at which ``batch`` sequences hold their FP8 KV cache (paged: prompt + half the
    answer) in ``MLPERF_KV_FREE_FRACTION`` of the memory beside weights, activations, overhead [tokens]."""
    mem = estimate(s, CATALOG.get(s.card_id)).memory
    room = (mem.capacity - mem.weights - mem.activations - mem.overhead) * MLPERF_KV_FREE_FRACTION
    return room / (kv_cache_bytes_per_token(s.model, 1.0) / kv_shards(s.model, s.parallelism.tp)) / batch - output / 2


def _mlperf(row_id, card, count, tp, batch, server: bool):
    """An MLPerf v4.1 Llama 2 70B row: output tokens/s predicted for the stated layout and batch
    (Server: the highest rate meeting the p99 limits; Offline: capacity), and for Server rows
    the latency percentiles at the rate the run completed, where the copy carries that rate.

    Offline rows are their own kind (``serving-offline``) while the mean prompt length is
    assumed: they would otherwise enter the sourced static-batch throughput rows' median."""
    def case(r: dict) -> list[Row]:
        model, output = preset("llama2-70b"), round(r["output_tokens_per_sample"])
        sensitivity = ", ".join(f"{p}: {_mlperf_rate(model, card, count, tp, batch, p, output, server) * output:,.0f}"
                                for p in (256, 1024))
        rate = _mlperf_rate(model, card, count, tp, batch, MLPERF_PROMPT_TOKENS, output, server)
        kind = "serving-server" if server else "serving-offline"
        what = "highest rate with p99 TTFT <= 2 s and TPOT <= 200 ms" if server else "capacity"
        s, costs = _mlperf_copy(model, card, count, tp, batch, MLPERF_PROMPT_TOKENS, output)
        copies = count // tp
        flops = r["samples_per_s"] / count * 2 * model.matmul_params()
        sustained = CATALOG.get(card).fp8_tflops * 1e12 * s.assumptions.prefill_efficiency * FP8_GEMM_RELATIVE
        implied = sustained / flops - output
        matching = _mlperf_matching_prompt(model, card, count, tp, batch, output, server, r["value"])
        fitting = _mlperf_kv_prompt_bound(s, batch, output)
        note = (f"TensorRT-LLM TP{tp} x {copies}, batch {batch}, FP8 + FP8 KV; {what}; prompt "
                f"{MLPERF_PROMPT_TOKENS} tokens assumed (not stated); tokens/s at prompt {sensitivity}. The run's "
                f"{r['samples_per_s'] / count:.1f} requests/s per GPU fit the default FP8 compute rate "
                f"({sustained / 1e12:,.0f} TFLOP/s) only with prompts of <= {implied:,.0f} tokens on average; "
                f"the model meets the row at a mean prompt of {matching:,.0f} tokens, and batch {batch} holds its "
                f"FP8 KV cache (0.90 of the free memory; prompt + answer/2 per sequence) only with prompts of "
                f"<= {fitting:,.0f}")
        rows = [Row("published", row_id, kind, "output tokens/s", rate * output, r["value"], note)]
        if server:
            point = load_point(costs, r["samples_per_s"] / copies)
            if point.overloaded:
                rows[0].note += (f"; latencies not compared: the completed {r['samples_per_s'] / copies:.1f} "
                                 f"requests/s per copy exceed the predicted capacity {point.capacity:.1f}")
            else:
                for name, values in (("ttft", point.ttft_s), ("tpot", point.tpot_s)):
                    for pct in (50, 99):
                        rows.append(Row("published", f"{row_id} {name} p{pct}", "serving-latency",
                                        f"ms {name.upper()} p{pct}", values[pct] * 1000,
                                        r["latency_ms"][f"{name}_p{pct}"], "load model at the completed rate"))
        return rows
    return case


QWEN3_0_6B = ModelArchitecture(name="qwen3-0.6b", n_layers=28, hidden=1024, n_heads=16, n_kv_heads=8, head_dim=128,
                               ffn=3072, vocab=151936, tied_embeddings=True)
"""Qwen/Qwen3-0.6B config.json (its per-head q/k norms, 256 parameters a layer, are not counted)."""


def _latency_at_rate(row_id, model, card, prompt, output, memory_fraction):
    """Latency of one copy at a published Poisson request rate: the load model's medians against
    the published means (vLLM bench serve reports means; the distributions here are narrow)."""
    def case(r: dict) -> list[Row]:
        s = scenario(model, card, 1, workload="inference",
                     serving={"context": prompt + output, "prompt_tokens": prompt, "output_tokens": output,
                              "concurrency": 256, "max_batch": 256, "engine_memory_fraction": memory_fraction})
        c = CATALOG.get(card)
        plan = plan_serving(s, c)
        costs = step_costs(s, c, plan, 256)
        point = load_point(costs, r["request_rate"])
        busy = r["request_rate"] * prompt * costs.prompt_token_s
        missing = r["latency_ms"]["ttft_mean"] / 1000 - point.ttft_s[50]
        note = (f"vLLM, {r['request_rate']} requests/s Poisson, {prompt}/{output} tokens; batch 256 assumed (vLLM "
                f"max_num_seqs; {point.decoding:.0f} sequences decode at this load, so it does not bind)")
        ttft_note = note + (
            f"; predicted TTFT = the prompt's step(s) {prefill_seconds(s, c, plan, prompt) * 1000:.1f} ms on an idle "
            f"copy (of which {s.model.n_layers} layers x {costs.chunk_s / s.model.n_layers * 1e6:.0f} us per-layer "
            f"time, {prompt * costs.prompt_token_s * 1000:.1f} ms products) + the rest of a running "
            f"{point.step_s * 1000:.1f} ms step; prompts keep the copy busy {busy:.1%} of the time, so queueing adds "
            f"< 0.1 ms. The {missing * 1000:.0f} ms missing are {missing / (r['latency_ms']['tpot_mean'] / 1000):.0f} "
            "measured decode steps, so neither queueing nor the prefill; what is left out: the row's notes")
        return [Row("published", f"{row_id} ttft", "serving-latency", "ms TTFT (mean)", point.ttft_s[50] * 1000,
                    r["latency_ms"]["ttft_mean"], ttft_note),
                Row("published", f"{row_id} tpot", "serving-latency", "ms TPOT (mean)", point.tpot_s[50] * 1000,
                    r["latency_ms"]["tpot_mean"], note)]
    return case


def _sglang_copy(r: dict, model: ModelArchitecture, card: str, tp: int) -> tuple[Scenario, StepCosts, int]:
    """One SGLang copy of a ShareGPT row of SGLang's v0.3.0 benchmark: the row's mean prompt and
    answer, its memory fraction (``mem_frac``), and the batch its KV cache holds at those lengths
    (SGLang admits requests while the KV pool has room) with the load model's step costs."""
    prompt, output = r["prompt_tokens_mean"], r["output_tokens_mean"]
    serving = {"context": 4096, "prompt_tokens": prompt, "output_tokens": output, "concurrency": 1,
               "engine": "sglang", "engine_memory_fraction": r["memory_fraction"]}
    s = scenario(model, card, tp, workload="inference", precision="bf16", parallelism={"tp": tp}, serving=serving)
    c = CATALOG.get(card)
    batch = inference_memory_model(s, c, plan_serving(s, c)).max_concurrency(prompt + output // 2)
    s = updated(s, serving={"concurrency": batch, "max_batch": batch})
    return s, step_costs(s, c, plan_serving(s, c), batch), batch


def _sglang_sharegpt(row_id, model, card, tp):
    """A row of sgl-project/sglang benchmark/benchmark_vllm_060 (SGLang v0.3.0, ShareGPT): offline,
    the copy's capacity in output tokens/s; at a Poisson rate, the load model's median TTFT and TPOT."""
    def case(r: dict) -> list[Row]:
        s, costs, batch = _sglang_copy(r, model, card, tp)
        lengths = f"SGLang, ShareGPT at the mean {r['prompt_tokens_mean']}/{r['output_tokens_mean']} tokens"
        if "request_rate" not in r:
            return [Row("published", row_id, "serving-throughput", "output tokens/s", capacity(costs) *
                        r["output_tokens_mean"], r["value"], f"{lengths}; capacity at the batch of {batch} the KV "
                        f"cache holds (step {costs.decode_s(batch) * 1000:.0f} ms)", s)]
        point = load_point(costs, r["request_rate"])
        note = f"{lengths}; {r['request_rate']} requests/s, {point.decoding:.0f} sequences decoding"
        return [Row("published", f"{row_id} {name}", "serving-latency", f"ms {name.upper()} (median)",
                    values[50] * 1000, r["latency_ms"][f"{name}_p50"], note, s)
                for name, values in (("ttft", point.ttft_s), ("tpot", point.tpot_s))]
    return case


def _weights_gb(row_id, model, weight_format):
    def case(r: dict) -> Row:
        s = scenario(model, "h100-sxm", 1, workload="inference",
                     serving={"context": 2, "prompt_tokens": 1, "output_tokens": 1, "weight_format": weight_format})
        est = estimate(s, CATALOG.get("h100-sxm"))
        return Row("published", row_id, "memory", "weights GB", est.memory.weights / GB, r["value"], "llama.cpp Q4_0")
    return case


def _qlora_bound(r: dict) -> Row:
    s = scenario(LLAMA1_65B, "rtx-a6000", 1, workload="qlora", precision="bf16",
                 training={"micro_batch": 1, "seq_len": 512, "recompute": "full", "lora_rank": 64,
                           "recipe": "pure"})
    est = estimate(s, CATALOG.get("rtx-a6000"))
    return Row("published", "tm-qlora-65b", "memory", "GB (source: < 48)", est.memory.total / GB, r["value"],
               "upper bound; seq 512, rank 64 assumed")


PUBLISHED: dict[str, PublishedCase] = {
    "tp-tinyllama": _per_card("tp-tinyllama", _train(preset("tinyllama-1.1b"), "a100-sxm-40gb", 16, zero=2, mb=8,
                                                     network=A100_NETWORK), "FSDP as ZeRO-2, 16k tokens/GPU"),
    "tp-megatron-t1-1p7b": _tflops("tp-megatron-t1-1p7b", _train(gpt(24, 2304, 24), "a100-sxm-80gb", 32, m=16,
                                   recompute="full", precision="fp16", network=A100_NETWORK), "micro-batch 1 assumed"),
    "tp-megatron-t1-18b": _tflops("tp-megatron-t1-18b", _train(gpt(40, 6144, 48), "a100-sxm-80gb", 256, tp=8, m=32,
                                  recompute="full", precision="fp16", network=A100_NETWORK), "micro-batch 1 assumed"),
    "tp-megatron-t1-146b": _tflops("tp-megatron-t1-146b", _train(gpt(80, 12288, 96), "a100-sxm-80gb", 1536, tp=8,
                                   pp=8, m=96, recompute="full", precision="fp16", network=A100_NETWORK),
                                   "micro-batch 1 assumed"),
    "tp-megatron-t1-530b": _tflops("tp-megatron-t1-530b", _train(gpt(105, 20480, 128), "a100-sxm-80gb", 2520, tp=8,
                                   pp=35, m=280, recompute="full", precision="fp16", network=A100_NETWORK),
                                   "micro-batch 1 assumed"),
    "tp-megatron-t1-1t": _tflops("tp-megatron-t1-1t", _train(gpt(128, 25600, 160), "a100-sxm-80gb", 3072, tp=8, pp=64,
                                 m=512, recompute="full", precision="fp16", network=A100_NETWORK),
                                 "micro-batch 1 assumed"),
    "tp-korth-22b": _iteration("tp-korth-22b", _train(gpt(48, 6144, 64), "a100-sxm-80gb", 8, tp=8, mb=4,
                               recompute="selective", precision="fp16")),
    "tp-korth-175b": _iteration("tp-korth-175b", _train(gpt(96, 12288, 96), "a100-sxm-80gb", 64, tp=8, pp=8, v=3,
                                m=64, recompute="selective", precision="fp16"),
                                "interleaved, 3 chunks per stage"),
    "tp-korth-530b": _iteration("tp-korth-530b", _train(gpt(105, 20480, 128), "a100-sxm-80gb", 280, tp=8, pp=35,
                                v=3, m=280, recompute="selective", precision="fp16"),
                                "interleaved, 3 chunks per stage"),
    "tp-korth-1t": _iteration("tp-korth-1t", _train(gpt(128, 25600, 160), "a100-sxm-80gb", 512, tp=8, pp=64, m=512,
                              recompute="selective", precision="fp16"),
                              "not interleaved (source names it for 175B/530B only)"),
    "tp-llama1-65b": _per_card("tp-llama1-65b", _train(LLAMA1_65B, "a100-sxm-80gb", 2048, tp=8, pp=4, m=32,
                               recompute="selective", network=A100_NETWORK), "TP8 PP4 assumed (not stated)"),
    "tp-foundry-h100-70b-64": _per_card("tp-foundry-h100-70b-64", _train(MPT["70b"], "h100-sxm", 64, zero=3, mb=8,
                                        m=4, recompute="full")),
    "tp-foundry-h100-30b-32": _per_card("tp-foundry-h100-30b-32", _train(MPT["30b"], "h100-sxm", 32, zero=3, mb=14,
                                        m=3, recompute="full")),
    "tp-foundry-h100-13b-8": _per_card("tp-foundry-h100-13b-8", _train(MPT["13b"], "h100-sxm", 8, zero=3, mb=2)),
    "tp-foundry-h100-7b-8": _per_card("tp-foundry-h100-7b-8", _train(MPT["7b"], "h100-sxm", 8, zero=3, mb=6)),
    "tp-foundry-h100-7b-64k": _per_card("tp-foundry-h100-7b-64k", _train(MPT["7b"], "h100-sxm", 8, zero=3, mb=1, m=2,
                                        seq=65536, recompute="full")),
    "tp-foundry-h100-1b-8": _per_card("tp-foundry-h100-1b-8", _train(MPT["1b"], "h100-sxm", 8, zero=3, mb=14)),
    "tp-foundry-h100-3b-512-bf16": _per_card("tp-foundry-h100-3b-512-bf16", _train(MPT["3b"], "h100-sxm", 8, zero=3,
                                             mb=40, m=6, seq=512)),
    "tp-foundry-h100-3b-512-fp8": _per_card("tp-foundry-h100-3b-512-fp8", _train(MPT["3b"], "h100-sxm", 8, zero=3,
                                            mb=40, m=6, seq=512, precision="fp8")),
    "tp-foundry-a100-70b-64": _per_card("tp-foundry-a100-70b-64", _train(MPT["70b"], "a100-sxm-80gb", 64, zero=3,
                                        mb=8, m=4, recompute="full", recipe="pure", network=A100_NETWORK),
                                        "bf16 PURE as the pure recipe"),
    "tp-foundry-a100-30b-8": _per_card("tp-foundry-a100-30b-8", _train(MPT["30b"], "a100-sxm-80gb", 8, zero=3, mb=3,
                                       m=21, recompute="full")),
    "tp-foundry-a100-13b-8": _per_card("tp-foundry-a100-13b-8", _train(MPT["13b"], "a100-sxm-80gb", 8, zero=3, mb=2,
                                       m=3)),
    "tp-foundry-a100-7b-8": _per_card("tp-foundry-a100-7b-8", _train(MPT["7b"], "a100-sxm-80gb", 8, zero=3, mb=6,
                                      m=2)),
    "tp-foundry-a100-125m-8": _per_card("tp-foundry-a100-125m-8", _train(MPT["125m"], "a100-sxm-80gb", 8, zero=3,
                                        mb=40, m=2)),
    "tp-foundry-a100-40-70b-128": _per_card("tp-foundry-a100-40-70b-128", _train(MPT["70b"], "a100-sxm-40gb", 128,
                                            zero=3, mb=4, recompute="full", recipe="pure", network=A100_NETWORK),
                                            "bf16 PURE as the pure recipe"),
    "tp-foundry-a100-40-7b-128": _per_card("tp-foundry-a100-40-7b-128", _train(MPT["7b"], "a100-sxm-40gb", 128,
                                           zero=3, mb=18, recompute="full", recipe="pure", network=A100_NETWORK),
                                           "bf16 PURE as the pure recipe"),
    "il-trt-7b-h100-128": _ttft("il-trt-7b-h100-128", preset("llama2-7b"), "h100-sxm", 1, "fp8", 128),
    "il-trt-7b-h100-2k": _ttft("il-trt-7b-h100-2k", preset("llama2-7b"), "h100-sxm", 1, "fp8", 2048),
    "il-trt-70b-h100-2k": _ttft("il-trt-70b-h100-2k", preset("llama2-70b"), "h100-sxm", 4, "fp8", 2048),
    "il-trt-70b-h100-128": _ttft("il-trt-70b-h100-128", preset("llama2-70b"), "h100-sxm", 4, "fp8", 128),
    "il-trt-7b-a100-2k": _ttft("il-trt-7b-a100-2k", preset("llama2-7b"), "a100-sxm-80gb", 1, "fp16", 2048),
    "il-trt-70b-a100-2k": _ttft("il-trt-70b-a100-2k", preset("llama2-70b"), "a100-sxm-80gb", 4, "fp16", 2048),
    "il-trt-7b-l40s-2k": _ttft("il-trt-7b-l40s-2k", preset("llama2-7b"), "l40s", 1, "fp8", 2048),
    "il-trt-falcon180-h100-2k": _ttft("il-trt-falcon180-h100-2k", FALCON_180B, "h100-sxm", 8, "fp8", 2048),
    "il-trt-gptj-h100": _ttft("il-trt-gptj-h100", GPTJ_6B, "h100-sxm", 1, "fp8", 128),
    "it-trt06-7b-h100": _serving("it-trt06-7b-h100", preset("llama2-7b"), "h100-sxm", 1, "fp8", 768, 128, 128),
    "it-trt06-70b-h100": _serving("it-trt06-70b-h100", preset("llama2-70b"), "h100-sxm", 2, "fp8", 1024, 128, 128),
    "it-trt09-70b-h200-128-128": _serving("it-trt09-70b-h200-128-128", preset("llama2-70b"), "h200-sxm", 1, "fp8",
                              1024, 128, 128),
    "it-trt09-70b-h200-128-2048": _serving("it-trt09-70b-h200-128-2048", preset("llama2-70b"), "h200-sxm", 2, "fp8",
                              512, 128, 2048),
    "it-trt09-70b-h200-2048-128": _serving("it-trt09-70b-h200-2048-128", preset("llama2-70b"), "h200-sxm", 1, "fp8",
                              64, 2048, 128),
    "it-trt09-70b-h200-2048-2048": _serving("it-trt09-70b-h200-2048-2048", preset("llama2-70b"), "h200-sxm", 1, "fp8",
                              64, 2048, 2048),
    "it-trt06-7b-a100": _serving("it-trt06-7b-a100", preset("llama2-7b"), "a100-sxm-80gb", 1, "fp16", 384, 128, 128),
    "it-trt05-7b-l40s": _serving("it-trt05-7b-l40s", preset("llama2-7b"), "l40s", 1, "fp8", 64, 128, 128),
    "it-llamacpp-4090-q4": _decode_rate("it-llamacpp-4090-q4", preset("llama2-7b"), "rtx-4090", "q4_0", "llama.cpp"),
    "it-llamacpp-a100-q4": _decode_rate("it-llamacpp-a100-q4", preset("llama2-7b"), "a100-sxm-80gb", "q4_0",
                                        "llama.cpp; with the other A100 7B row, sets the llama.cpp profile"),
    "it-llamacpp-h100p-q4": _decode_rate("it-llamacpp-h100p-q4", preset("llama2-7b"), "h100-pcie", "q4_0",
                                         "llama.cpp"),
    "it-llamacpp-3090-q4": _decode_rate("it-llamacpp-3090-q4", preset("llama2-7b"), "rtx-3090", "q4_0", "llama.cpp"),
    "it-llamacpp-4090-f16": _decode_rate("it-llamacpp-4090-f16", preset("llama2-7b"), "rtx-4090", "gguf-f16",
                                         "llama.cpp"),
    "it-llamacpp-a100-f16": _decode_rate("it-llamacpp-a100-f16", preset("llama2-7b"), "a100-sxm-80gb", "gguf-f16",
                                         "llama.cpp; with the other A100 7B row, sets the llama.cpp profile"),
    "it-llamacpp-a100-70b-q4": _decode_rate("it-llamacpp-a100-70b-q4", preset("llama2-70b"), "a100-sxm-80gb", "q4_0",
                                            "llama.cpp"),
    "im-llamacpp-70b-q4": _weights_gb("im-llamacpp-70b-q4", preset("llama2-70b"), "q4_0"),
    "tm-qlora-65b": _qlora_bound,
    "kvcached-qwen3-0.6b-h100-rate16": _latency_at_rate("kvcached-qwen3-0.6b-h100-rate16", QWEN3_0_6B, "h100-sxm",
                                                        512, 128, 0.5),
    "sglang030-l31-8b-a100-offline": _sglang_sharegpt("sglang030-l31-8b-a100-offline", preset("llama3-8b"),
                                                      "a100-sxm-80gb", 1),
    "sglang030-l31-8b-a100-rate4": _sglang_sharegpt("sglang030-l31-8b-a100-rate4", preset("llama3-8b"),
                                                    "a100-sxm-80gb", 1),
    "sglang030-l31-8b-a100-rate8": _sglang_sharegpt("sglang030-l31-8b-a100-rate8", preset("llama3-8b"),
                                                    "a100-sxm-80gb", 1),
    "sglang030-l31-70b-h100x4-offline": _sglang_sharegpt("sglang030-l31-70b-h100x4-offline", preset("llama3-70b"),
                                                         "h100-sxm", 4),
    "sglang030-l31-70b-h100x4-rate4": _sglang_sharegpt("sglang030-l31-70b-h100x4-rate4", preset("llama3-70b"),
                                                       "h100-sxm", 4),
    "sglang030-l31-70b-h100x4-rate8": _sglang_sharegpt("sglang030-l31-70b-h100x4-rate8", preset("llama3-70b"),
                                                       "h100-sxm", 4),
    "mlperf41-l2-70b-h200x8-server": _mlperf("mlperf41-l2-70b-h200x8-server", "h200-sxm", 8, 1, 896, True),
    "mlperf41-l2-70b-h200x8-offline": _mlperf("mlperf41-l2-70b-h200x8-offline", "h200-sxm", 8, 1, 806, False),
    "mlperf41-l2-70b-h100x8-server": _mlperf("mlperf41-l2-70b-h100x8-server", "h100-sxm", 8, 2, 1024, True),
    "mlperf41-l2-70b-h100x8-offline": _mlperf("mlperf41-l2-70b-h100x8-offline", "h100-sxm", 8, 2, 896, False),
}


def published_rows(path: Path) -> Iterator[Row]:
    for r in json.loads(path.read_text()):
        case = PUBLISHED.get(r["id"])
        if case is not None:
            result = case(r)
            yield from (result if isinstance(result, list) else [result])


# ---- report -------------------------------------------------------------------------------


def print_table(rows: list[Row]) -> None:
    print(f"{'source':9} {'row':44} {'kind':18} {'quantity':22} {'predicted':>11} {'measured':>11} {'error %':>8}")
    for r in rows:
        flag = "" if abs(r.error_pct) <= TARGETS[r.kind] else "  <-- outside target"
        print(f"{r.source:9} {r.row_id[:44]:44} {r.kind:18} {r.quantity[:22]:22} {r.predicted:11.4g} "
              f"{r.measured:11.4g} {r.error_pct:+8.1f}{flag}")
        if r.note:
            print(f"{'':9} {'  ' + r.note}")


DATA = Path(__file__).resolve().parent / "data"
"""The calibration data in the repository."""


def all_rows(folder: Path = DATA) -> list[Row]:
    """Every measured and published row of the calibration files in ``folder``."""
    return [*h200_rows(folder / "h200-calibration.jsonl"), *published_rows(folder / "published-calibration.json")]


def medians(rows: list[Row]) -> dict[str, float]:
    """Median absolute error per kind [%]."""
    kinds = {r.kind for r in rows}
    return {k: statistics.median(abs(r.error_pct) for r in rows if r.kind == k) for k in kinds}


def print_summary(rows: list[Row]) -> None:
    print(f"\n{'kind':20} {'rows':>5} {'median |err| %':>15} {'max |err| %':>12} {'within target':>14}")
    for kind in TARGETS:
        errors = [abs(r.error_pct) for r in rows if r.kind == kind]
        if not errors:
            continue
        within = sum(e <= TARGETS[kind] for e in errors)
        print(f"{kind:20} {len(errors):5d} {statistics.median(errors):15.1f} {max(errors):12.1f} "
              f"{within:6d}/{len(errors)} (±{TARGETS[kind]:.0f} %)")


def print_memory_groups(rows: list[Row]) -> None:
    """Measured training memory per precision recipe and recomputation setting: the error on
    reserved memory (the target) and on peak allocated memory (before the allocator's reserve)."""
    groups: dict[str, list[Row]] = {}
    for r in rows:
        if r.kind == "memory" and r.group:
            groups.setdefault(r.group, []).append(r)
    print(f"\nH200 training memory by recipe and recomputation ({'rows':>4}  reserved: max |err| %  "
          "peak allocated: max |err| %)")
    for group, members in sorted(groups.items()):
        reserved = max(abs(r.error_pct) for r in members)
        peak = max(abs(100 * (p - m) / m) for p, m in (r.peak for r in members))
        within = sum(abs(r.error_pct) <= TARGETS["memory"] for r in members)
        print(f"  {group:36} {len(members):4d}  {reserved:10.1f} ({within}/{len(members)} within ±10 %)  "
              f"{peak:10.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=DATA, help="folder of the calibration files")
    parser.add_argument("--csv", type=Path, help="also write the rows to this CSV file")
    parser.add_argument("--summary", action="store_true", help="print only the summary per kind (CI)")
    args = parser.parse_args(argv)
    h200 = args.reference / "h200-calibration.jsonl"
    published = args.reference / "published-calibration.json"
    if not h200.exists() or not published.exists():
        print(f"reference data not found in {args.reference}", file=sys.stderr)
        return 2
    rows = all_rows(args.reference)
    if args.summary:
        print("accuracy against the calibration data in benchmarks/data (python benchmarks/accuracy.py for rows):")
        print_summary(rows)
        return 0
    print_table(rows)
    print_summary(rows)
    print_memory_groups(rows)
    print("\nH200 measured ceilings vs datasheet (why default efficiencies are below 1):")
    for name, measured, datasheet in h200_ceilings(h200):
        print(f"  {name:28} {measured:9.1f} of {datasheet:9.1f}  = {measured / datasheet:5.2f}")
    if args.csv:
        with args.csv.open("w", newline="") as stream:
            writer = csv.writer(stream)
            writer.writerow(["source", "row", "kind", "quantity", "predicted", "measured", "error_pct", "note"])
            for r in rows:
                writer.writerow([r.source, r.row_id, r.kind, r.quantity, r.predicted, r.measured, r.error_pct, r.note])
    return 0


if __name__ == "__main__":
    sys.exit(main())
