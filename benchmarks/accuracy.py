"""Accuracy of the estimator against real measurements and published results.

Runs every usable row of ``benchmarks/data/h200-calibration.jsonl`` and
``benchmarks/data/published-calibration.json`` (the calibration data, in the repository with
their sources: ``benchmarks/data/README.md``) through the estimator with the *default* efficiencies and
prints a table (row, predicted, measured, error %) and a summary per kind.

Each published row is translated into a scenario from what its source states (model shape,
cards, parallelism, batch); where a source leaves a setting open, the translation says what
was assumed. Nothing here is tuned to a row.

Beside each in-sample error it prints the leave-one-source-out error: the row predicted with the
defaults fitted to calibration rows solved again without the rows of the row's own publication
(``loso.py``; "not fitted" where no such default moves the row, n/a where no other publication
has rows to solve it from, nor a held-out set standing in for them: ``loso_refit.Fit.stand_in``). The held-out published rows of ``benchmarks/data/held-out.json``, which
set nothing, are predicted with the shipped defaults and reported apart (``accuracy_heldout.py``).

A latency row whose run's arrival rate is past the capacity the load model predicts for the copy is a capacity
miss (``accuracy_base.CAPACITY_MISS``): kept, never dropped, its error counted over target and above every finite
one in each median and max; the summary counts the misses beside each kind (``accuracy_sections.py``).

The row record, catalog and model shapes are in ``accuracy_base.py``; the serving rows' builders in
``accuracy_serving.py`` and ``accuracy_llama_cpp.py``.

Usage: ``.venv/bin/python benchmarks/accuracy.py [--reference DIR] [--csv FILE] [--summary [--by-source]]``
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import sys
from collections.abc import Callable, Container, Iterable, Iterator
from pathlib import Path

from accuracy_base import (A100_NETWORK, CATALOG, FALCON_180B, GPTJ_6B, LLAMA1_65B, MPT, TARGETS, Row, gpt,
                           overridden, publication_of, scenario)
from accuracy_heldout import SOURCE, held_out_rows
from accuracy_rig_heldout import RIG_HELD_OUT_GLOB, print_rig_held_out, rig_held_out_rows
from accuracy_sections import (print_by_source, print_excluded, print_held_out_by_generation,
                               print_held_out_by_source, print_memory_groups, print_summary, print_table)
from latency_operating_point import print_summary as print_latency_at_operating_point
from accuracy_reserve import reserve_cases
from h200_rig_rows import h200_ceilings, h200_rows
from accuracy_planner import FSDP_ONLY, MEGATRON_2021, PLANNER_KIND, planned
from accuracy_llama_cpp import (_bench_decode, _decode_rate, _prompt_rate, hbm_cases, mmq_cases, pr4766_decode_cases,
                                pr6766_decode_cases, pr19053_decode_cases)
from accuracy_serving import QWEN3_0_6B, _latency_at_rate, _mlperf, _serving, _sglang_sharegpt, _ttft
from loso import Held, leave_one_source_out
from loso_refit import Ident, ident
from loso_report import print_fits
from configurator.core.architecture import ModelArchitecture, preset
from configurator.core.estimate import estimate
from configurator.core.scenario import AttentionKernel, Scenario, updated
from configurator.core.units import GB

__all__ = ["CATALOG", "TARGETS", "Row", "all_rows", "held_out", "medians", "out_of_source"]

def _eq3_flops_per_token(m: ModelArchitecture, seq: int) -> float:
    """Megatron-LM eq. 3 per token: ``96·L·h²·(1 + s/(6h) + V/(16·L·h))`` (counts recomputation)."""
    return 96 * m.n_layers * m.hidden**2 * (1 + seq / (6 * m.hidden) + m.vocab / (16 * m.n_layers * m.hidden))


def _train(model, card, count, *, tp=1, pp=1, v=1, zero=0, ep=1, mb=1, m=1, seq=2048, recompute="none",
           recipe="megatron-mixed", precision="bf16", network=None, expert_overlap=False, auto=(), flash=True,
           fp8_scaling="dynamic", pipeline_algorithm="1f1b", selective_policy="attention"):
    assumptions = {**(network or {})}
    return scenario(model, card, count, workload="pretrain", precision=precision, auto_layout=list(auto),
                    parallelism={"tp": tp, "pp": pp, "virtual_stages": v, "zero": zero, "ep": ep, "cards_per_node": 8},
                    training={"micro_batch": mb, "grad_accum": m, "seq_len": seq, "recompute": recompute,
                              "recipe": recipe, "expert_overlap": expert_overlap, "flash_attention": flash,
                              "fp8_scaling": fp8_scaling, "pipeline_algorithm": pipeline_algorithm,
                              "selective_policy": selective_policy},
                    assumptions=assumptions)


PublishedCase = Callable[[dict], Row | None]

_PLANNER_ROWS = [True]
"""Whether the published training cases also run the planner (off while :func:`rows_for_keys`
builds rows of other kinds only: a refit's rows)."""


def _both_modes(make_row: Callable[[Scenario, str], Row], s: Scenario,
                kept: Container[str] = ()) -> Callable[[dict], list[Row]]:
    """A published case evaluated with the stated layout and with the planner's (``s`` with the
    defaults then in force: ``accuracy_base.overridden``; the planner keeps the fields ``kept``)."""
    def case(r: dict) -> list[Row]:
        now = overridden(s)
        stated = make_row(now, "train-throughput")
        stated.measured = r["value"]
        if not _PLANNER_ROWS[0]:
            return [stated]
        auto = make_row(planned(now, kept), PLANNER_KIND)
        auto.measured = r["value"]
        p = auto.scenario.parallelism
        ep = f" ep {p.ep}" if p.ep > 1 else ""  # said for an MoE model's plan only: dense notes as they were
        auto.note = (f"planner: tp {p.tp} pp {p.pp} v {p.virtual_stages}{ep} zero {p.zero} "
                     f"{auto.scenario.training.recompute.value} mb {auto.scenario.training.micro_batch} "
                     f"× {auto.scenario.training.grad_accum}")
        return [stated, auto]
    return case


def _per_card(row_id, s, note="", kept=()):
    def row(scn: Scenario, kind: str) -> Row:
        est = estimate(scn, CATALOG.get(scn.card_id))
        return Row("published", row_id, kind, "tokens/s/card", est.training.tokens_per_s_per_card, 0.0, note,
                   est.scenario)
    return _both_modes(row, s, kept)


FOUNDRY_ATTENTION = AttentionKernel.FLASH_ATTENTION_2
"""LLM Foundry's MPT runs its own layers with the flash-attn package ("our models use Flash Attention":
scripts/train/benchmarking/README.md, HFU), not Transformer Engine's attention; the rows keep the
megatron-mixed recipe for their states."""


def _foundry(row_id, s, note=""):
    """An LLM Foundry benchmark row: tokens/s per card, its planner row on FSDP alone (:data:`FSDP_ONLY`);
    attention by FlashAttention-2 (:data:`FOUNDRY_ATTENTION`)."""
    return _per_card(row_id, updated(s, training={"attention_kernel": FOUNDRY_ATTENTION}), note, FSDP_ONLY)


def _tflops(row_id, s, note="", kept=()):
    def row(scn: Scenario, kind: str) -> Row:
        est = estimate(scn, CATALOG.get(scn.card_id))
        achieved = est.training.tokens_per_s_per_card * _eq3_flops_per_token(scn.model, scn.training.seq_len) / 1e12
        return Row("published", row_id, kind, "TFLOP/s/card (eq. 3)", achieved, 0.0, note, est.scenario)
    return _both_modes(row, s, kept)


def _table1(row_id, s):
    """A row of Narayanan et al. 2021 Table 1 (eq. 3 TFLOP/s per card), its planner row keeping
    :data:`MEGATRON_2021`."""
    return _tflops(row_id, s, "micro-batch 1 assumed; no flash attention (2021)", MEGATRON_2021)


def _iteration(row_id, s, note="", kept=()):
    def row(scn: Scenario, kind: str) -> Row:
        est = estimate(scn, CATALOG.get(scn.card_id))
        return Row("published", row_id, kind, "s/iteration", est.training.step_time_s, 0.0, note, est.scenario)
    return _both_modes(row, s, kept)


def _model_tflops(row_id, s, note="", kept=()):
    """A run published as model TFLOP/s per card: the estimate's MFU × the card's dense peak."""
    def row(scn: Scenario, kind: str) -> Row:
        card = CATALOG.get(scn.card_id)
        est = estimate(scn, card)
        achieved = est.training.mfu * card.peak_tflops(scn.precision)
        return Row("published", row_id, kind, "TFLOP/s/card (model)", achieved, 0.0, note, est.scenario)
    return _both_modes(row, s, kept)


GPU_HOURS_PER_TRILLION = 1e12 / 3600.0
"""Tokens per second per card of a run quoted in GPU-hours per trillion tokens, times those hours."""


def _per_card_from_gpu_hours(row_id, s, note=""):
    """A run published as GPU-hours per trillion tokens, compared as tokens/s per card."""
    def row(scn: Scenario, kind: str) -> Row:
        est = estimate(scn, CATALOG.get(scn.card_id))
        return Row("published", row_id, kind, "tokens/s/card", est.training.tokens_per_s_per_card, 0.0, note,
                   est.scenario)
    both = _both_modes(row, s)

    def case(r: dict) -> list[Row]:
        rows = both(r)
        for x in rows:
            x.measured = GPU_HOURS_PER_TRILLION / r["value"]
        return rows
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
                           "recipe": "pure", "paged_optimizer": True})
    est = estimate(s, CATALOG.get("rtx-a6000"))
    return Row("published", "tm-qlora-65b", "memory", "GB (source: < 48)", est.memory.total / GB, r["value"],
               "upper bound; seq 512, rank 64 assumed; paged AdamW as the paper runs it (states in unified memory, "
               "outside the card's total: training_held_states.paged_state_bytes; without paging +8.4 %)")


LLAMA_CPP_PP_NOTE = ("llama.cpp May 2024 (cuBLAS FP16 prompt GEMMs); Llama 3 8B Q4_K_M as the llama3-8b preset; "
                     "the pp512 rows of one table set prefill_share together (benchmarks/loso.py)")
"""What each llama-bench pp512 row of XiongjieDai's LLaMA 3 table assumes."""


LLAMA_CPP_TG512_CARDS = {"4080": "rtx-4080", "3090": "rtx-3090", "4090": "rtx-4090", "a6000": "rtx-a6000",
                         "6000ada": "rtx-6000-ada", "a40": "a40", "l40s": "l40s", "a100pcie": "a100-pcie-80gb",
                         "a100sxm": "a100-sxm-80gb", "h100p": "h100-pcie"}
"""The single-card rows of XiongjieDai's LLaMA 3 tables (tag in the row id -> catalog card): their 8B tg512
rows in Q4_K_M and F16 set llama.cpp's decode profile (benchmarks/loso.py)."""
LLAMA_CPP_TG512_FORMATS = {"q4km": "q4_k_m", "f16": "gguf-f16"}
LLAMA_CPP_TG_NOTE = ("llama.cpp May 2024 with CUDA graphs; Llama 3 8B as the llama3-8b preset; the 8B tg512 rows of "
                     "ten cards set the decode profile together (benchmarks/loso.py)")


def _tg512_cases() -> dict[str, PublishedCase]:
    return {f"it-llamacpp-l3-8b-{tag}-{fmt}-tg512": _bench_decode(f"it-llamacpp-l3-8b-{tag}-{fmt}-tg512",
                                                                  preset("llama3-8b"), card, weight_format, 512,
                                                                  LLAMA_CPP_TG_NOTE)
            for tag, card in LLAMA_CPP_TG512_CARDS.items() for fmt, weight_format in LLAMA_CPP_TG512_FORMATS.items()}


LLAMA3_405B_NOTE = ("stated TP8 PP16 and no recomputation at 8K (Llama 3 paper §3.3.2); Meta's schedule as stated "
                    "there (parallelism.pipeline_schedule flexible: N contiguous micro-batches a round, N = 16 here; "
                    "the first and last stages a layer short, their first and last chunks only the embedding and "
                    "the head); the interleaving degree is not stated: 8 taken, one layer a chunk, the only equal "
                    "split of 126 layers, the embedding and the head into chunks that leaves the first chunk only "
                    "the embedding; FSDP sharding optimizer states and gradients, weights whole after forward, as "
                    "ZeRO-2. The stage inputs and outputs §3.3.2 frees are not counted (the memory model counts "
                    "what backward keeps). Session 25 (2026-12-04): until then Megatron-LM's schedule, degree 4 "
                    "taken, ZeRO-1 (-3.2 / -7.6 %, neither fitting the card: 106.3 and 91.6 GB of 85.0). Assumed, "
                    "not stated for Llama 3 (session 37, 2026-12-05): Meta's layers run a hand-written backward "
                    "(training.activation_kernels hand-written), as the LLaMA paper states of Meta's stack "
                    "(Touvron et al. 2023 §2.4: 'we save the activations that are expensive to compute, such as "
                    "the outputs of linear layers ... by manually implementing the backward function for the "
                    "transformer layers, instead of relying on the PyTorch autograd'; xformers' fused SwiGLU "
                    "rebuilds its product in backward): 21.25 h bytes a token a layer kept (the norms' outputs "
                    "and the SwiGLU product rebuilt); §3.3.2's 'without activation checkpointing' rules out layer "
                    "recomputation, not this. Memory then (the gradients held whole, below): 8,192 cards (32 "
                    "micro-batches, 141 one-layer chunks in flight on the second stage) 73.3 GB, 16,384 cards "
                    "(16, all 128 chunk passes of the warm-up in flight) 68.2 GB, both fitting 85.0 usable. Under "
                    "Megatron-Core's kept set (31.75 h, until session 37) 99.1 and 91.6 GB, neither fitting, and "
                    "there the planner, choosing the interleaving and recomputation on TP8 PP16, recomputes fully "
                    "(about 334 TFLOP/s). The attention kernel is "
                    "FlashAttention-2 (Auto off Transformer Engine; LLaMA §2.4 ran xformers' attention with the "
                    "backward of Dao et al.), not cuDNN's Hopper kernel the Megatron recipe had picked: -2.9 % "
                    "tokens/s. The planner row, choosing the whole layout, takes TP4 PP16 v8 ZeRO-1 without "
                    "recomputation (TP2 PP16 ZeRO-2 until session 45, holding the gradients' share). Stated (session 45, 2026-12-06): Meta's FSDP beside its own pipeline schedule "
                    "reduces the gradients once a step (training.grad_reduce per-step), as PyTorch's pipelining "
                    "runs FSDP (§3.3.2: 'FP32 gradient accumulation during backward computation over multiple "
                    "micro-batches'); the published speed rules out a per-micro-batch fp32 reduce-scatter "
                    "(notes-zero-pipeline-time-2026-12-06.md: charged so, -32.5 / -30.6 %). Each card then holds its "
                    "stage's fp32 gradients whole through the step, 12.75 GB where the Megatron recipe's share was 0.2 "
                    "(60.3 and 55.1 GB in all until then)")
"""What the Llama 3.1 405B rows state and assume."""


def _meta_405b(count: int, micro_batches: int) -> Scenario:
    """Llama 3.1 405B at Meta's layout on ``count`` H100 (Dubey et al. 2024 Table 4: TP8 PP16, 8K
    sequences, ``micro_batches`` of one sequence a data-parallel group) on Meta's schedule
    (:data:`LLAMA3_405B_NOTE`)."""
    s = _train(preset("llama3.1-405b"), "h100-sxm", count, tp=8, pp=16, v=8, zero=2, m=micro_batches, seq=8192)
    return updated(s, parallelism={"pipeline_schedule": "flexible"},
                   training={"activation_kernels": "hand-written", "grad_reduce": "per-step"})


PUBLISHED: dict[str, PublishedCase] = {
    **_tg512_cases(),
    **mmq_cases(),
    **pr19053_decode_cases(),
    **pr4766_decode_cases(),
    **pr6766_decode_cases(),
    **hbm_cases(),
    **reserve_cases(),
    "tp-tinyllama": _per_card("tp-tinyllama", _train(preset("tinyllama-1.1b"), "a100-sxm-40gb", 16, zero=2, mb=8,
                                                     network=A100_NETWORK), "FSDP as ZeRO-2, 16k tokens/GPU"),
    "tp-megatron-t1-1p7b": _table1("tp-megatron-t1-1p7b", _train(gpt(24, 2304, 24), "a100-sxm-80gb", 32, m=16,
                                   recompute="full", precision="fp16", network=A100_NETWORK, flash=False)),
    "tp-megatron-t1-18b": _table1("tp-megatron-t1-18b", _train(gpt(40, 6144, 48), "a100-sxm-80gb", 256, tp=8, m=32,
                                  recompute="full", precision="fp16", network=A100_NETWORK, flash=False)),
    "tp-megatron-t1-146b": _table1("tp-megatron-t1-146b", _train(gpt(80, 12288, 96), "a100-sxm-80gb", 1536, tp=8,
                                   pp=8, m=96, recompute="full", precision="fp16", network=A100_NETWORK, flash=False)),
    "tp-megatron-t1-530b": _table1("tp-megatron-t1-530b", _train(gpt(105, 20480, 128), "a100-sxm-80gb", 2520, tp=8,
                                   pp=35, m=280, recompute="full", precision="fp16", network=A100_NETWORK,
                                   flash=False)),
    "tp-megatron-t1-1t": _table1("tp-megatron-t1-1t", _train(gpt(128, 25600, 160), "a100-sxm-80gb", 3072, tp=8, pp=64,
                                 m=512, recompute="full", precision="fp16", network=A100_NETWORK, flash=False)),
    "tp-korth-22b": _iteration("tp-korth-22b", _train(gpt(48, 6144, 64), "a100-sxm-80gb", 8, tp=8, mb=4,
                               recompute="selective", precision="fp16", flash=False)),
    "tp-korth-175b": _iteration("tp-korth-175b", _train(gpt(96, 12288, 96), "a100-sxm-80gb", 64, tp=8, pp=8, v=3,
                                m=64, recompute="selective", precision="fp16", flash=False),
                                "interleaved, 3 chunks per stage"),
    "tp-korth-530b": _iteration("tp-korth-530b", _train(gpt(105, 20480, 128), "a100-sxm-80gb", 280, tp=8, pp=35,
                                v=3, m=280, recompute="selective", precision="fp16", flash=False),
                                "interleaved, 3 chunks per stage"),
    "tp-korth-1t": _iteration("tp-korth-1t", _train(gpt(128, 25600, 160), "a100-sxm-80gb", 512, tp=8, pp=64, m=512,
                              recompute="selective", precision="fp16", flash=False),
                              "not interleaved (source names it for 175B/530B only)"),
    "tp-llama1-65b": _per_card("tp-llama1-65b", updated(_train(LLAMA1_65B, "a100-sxm-80gb", 2048, tp=8, pp=4, m=32,
                               network=A100_NETWORK),
                               training={"activation_kernels": "hand-written"}),
                               "TP8 PP4 assumed (not stated); the layers' hand-written backward §2.4 states (linear "
                               "outputs and the attention output kept, only the norms and SwiGLU rebuilt: "
                               "training.activation_kernels hand-written, no attention rerun, so recompute none "
                               "as Meta's 405B rows; notes-llama65-2026-12-05.md)"),
    "tp-llama3-405b-8192xh100": _model_tflops("tp-llama3-405b-8192xh100", _meta_405b(8192, 32), LLAMA3_405B_NOTE),
    "tp-llama3-405b-16384xh100": _model_tflops("tp-llama3-405b-16384xh100", _meta_405b(16384, 16),
                                               LLAMA3_405B_NOTE),
    "tt-dsv3-perT": _per_card_from_gpu_hours("tt-dsv3-perT", _train(
        preset("deepseek-v3").model_copy(update={"mtp_depth": 1}), "h800-sxm", 2048, pp=16, ep=64, zero=1, m=120, seq=4096, recompute="selective",
        precision="fp8", fp8_scaling="block", pipeline_algorithm="dualpipe",
        selective_policy="fp8-cache"),
        "PP16 EP64 ZeRO-1, 15,360 x 4k-token batch, DualPipe (§3.2.1, Table 2: bubble (PP/2-1)(F&B+B-3W), each rank "
        "holding its stage and the mirror's); MTP depth 1 (§2.2, §4.2: one more block, projection and head pass, "
        "on the last stage with the head it shares, §3.2.3); expert all-to-all overlapped (DualPipe's own), "
        "node-limited routing (4 nodes); 1x128 activation / 128x128 weight FP8 blocks (§3.3.2) as fp8_scaling "
        "block, the output head in BF16 (§3.3.1); its own recomputation (§3.2.3: RMSNorm and the MLA up-projections recomputed; "
        "§3.3.2-3.3.3: linear inputs cached in FP8) as selective fp8-cache. Stage split as DeepSeek's profile "
        "data states it ('each chunk contains 4 MoE layers', deepseek-ai/profile-data 4496024): 4 layers on "
        "each of 15 stages, 1 on the last (formulas.dualpipe.dualpipe_stage_layers)"),
    "tp-foundry-h100-70b-64": _foundry("tp-foundry-h100-70b-64", _train(MPT["70b"], "h100-sxm", 64, zero=3, mb=8,
                                        m=4, recompute="full")),
    "tp-foundry-h100-30b-32": _foundry("tp-foundry-h100-30b-32", _train(MPT["30b"], "h100-sxm", 32, zero=3, mb=14,
                                        m=3, recompute="full")),
    "tp-foundry-h100-13b-8": _foundry("tp-foundry-h100-13b-8", _train(MPT["13b"], "h100-sxm", 8, zero=3, mb=2)),
    "tp-foundry-h100-7b-8": _foundry("tp-foundry-h100-7b-8", _train(MPT["7b"], "h100-sxm", 8, zero=3, mb=6)),
    "tp-foundry-h100-7b-64k": _foundry("tp-foundry-h100-7b-64k", _train(MPT["7b"], "h100-sxm", 8, zero=3, mb=1, m=2,
                                        seq=65536, recompute="full")),
    "tp-foundry-h100-1b-8": _foundry("tp-foundry-h100-1b-8", _train(MPT["1b"], "h100-sxm", 8, zero=3, mb=14)),
    "tp-foundry-h100-3b-512-bf16": _foundry("tp-foundry-h100-3b-512-bf16", _train(MPT["3b"], "h100-sxm", 8, zero=3,
                                             mb=40, m=6, seq=512)),
    "tp-foundry-h100-3b-512-fp8": _foundry("tp-foundry-h100-3b-512-fp8", _train(MPT["3b"], "h100-sxm", 8, zero=3,
                                            mb=40, m=6, seq=512, precision="fp8"),
                                            "amp_fp8 ran delayed scaling: Composer's DelayedScaling (HYBRID, amax "
                                            "history 16; mosaicml/composer 02c872e core/precision.py "
                                            "get_precision_context) through Transformer Engine layers (amp_fp8 needs "
                                            "them: fc_type te, which layers the table does not say), each product's "
                                            "input cast by a kernel of its own, no LayerNorm fusion. Set as "
                                            "fp8_scaling dynamic for its GEMM curve only (the per-product cast; "
                                            "delayed is the curve of Megatron-Core's fused casts, 43,210 tokens/s, "
                                            "+18.3 %); the field also sets Megatron-Core's rule that the output "
                                            "projection keeps no FP8 copy (memory.keeps_original_inputs), which this "
                                            "run did not follow: its memory is 1.7 GB low (59.1 of 85.0 GB stated, "
                                            "60.9 with the copy; the planner's micro-batch 48 fits either way)"),
    "tp-foundry-a100-70b-64": _foundry("tp-foundry-a100-70b-64", _train(MPT["70b"], "a100-sxm-80gb", 64, zero=3,
                                        mb=8, m=4, recompute="full", recipe="pure", network=A100_NETWORK),
                                        "bf16 PURE as the pure recipe"),
    "tp-foundry-a100-30b-8": _foundry("tp-foundry-a100-30b-8", _train(MPT["30b"], "a100-sxm-80gb", 8, zero=3, mb=3,
                                       m=21, recompute="full")),
    "tp-foundry-a100-13b-8": _foundry("tp-foundry-a100-13b-8", _train(MPT["13b"], "a100-sxm-80gb", 8, zero=3, mb=2,
                                       m=3)),
    "tp-foundry-a100-7b-8": _foundry("tp-foundry-a100-7b-8", _train(MPT["7b"], "a100-sxm-80gb", 8, zero=3, mb=6,
                                      m=2)),
    "tp-foundry-a100-125m-8": _foundry("tp-foundry-a100-125m-8", _train(MPT["125m"], "a100-sxm-80gb", 8, zero=3,
                                        mb=40, m=2)),
    "tp-foundry-a100-40-70b-128": _foundry("tp-foundry-a100-40-70b-128", _train(MPT["70b"], "a100-sxm-40gb", 128,
                                            zero=3, mb=4, recompute="full", recipe="pure", network=A100_NETWORK),
                                            "bf16 PURE as the pure recipe"),
    "tp-foundry-a100-40-7b-128": _foundry("tp-foundry-a100-40-7b-128", _train(MPT["7b"], "a100-sxm-40gb", 128,
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
                                        "llama.cpp (Dec 2023, eager)"),
    "it-llamacpp-h100p-q4": _decode_rate("it-llamacpp-h100p-q4", preset("llama2-7b"), "h100-pcie", "q4_0",
                                         "llama.cpp"),
    "it-llamacpp-3090-q4": _decode_rate("it-llamacpp-3090-q4", preset("llama2-7b"), "rtx-3090", "q4_0", "llama.cpp"),
    "it-llamacpp-4090-f16": _decode_rate("it-llamacpp-4090-f16", preset("llama2-7b"), "rtx-4090", "gguf-f16",
                                         "llama.cpp"),
    "it-llamacpp-a100-f16": _decode_rate("it-llamacpp-a100-f16", preset("llama2-7b"), "a100-sxm-80gb", "gguf-f16",
                                         "llama.cpp (Dec 2023, eager)"),
    "it-llamacpp-a100-70b-q4": _decode_rate("it-llamacpp-a100-70b-q4", preset("llama2-70b"), "a100-sxm-80gb", "q4_0",
                                            "llama.cpp"),
    "ip-llamacpp-l3-8b-a6000-pp512": _prompt_rate("ip-llamacpp-l3-8b-a6000-pp512", preset("llama3-8b"),
                                                 "rtx-a6000", "q4_k_m", 512, LLAMA_CPP_PP_NOTE),
    "ip-llamacpp-l3-8b-6000ada-pp512": _prompt_rate("ip-llamacpp-l3-8b-6000ada-pp512", preset("llama3-8b"),
                                                 "rtx-6000-ada", "q4_k_m", 512, LLAMA_CPP_PP_NOTE),
    "ip-llamacpp-l3-8b-l40s-pp512": _prompt_rate("ip-llamacpp-l3-8b-l40s-pp512", preset("llama3-8b"),
                                                 "l40s", "q4_k_m", 512, LLAMA_CPP_PP_NOTE),
    "ip-llamacpp-l3-8b-a100pcie-pp512": _prompt_rate("ip-llamacpp-l3-8b-a100pcie-pp512", preset("llama3-8b"),
                                                 "a100-pcie-80gb", "q4_k_m", 512, LLAMA_CPP_PP_NOTE),
    "ip-llamacpp-l3-8b-a100sxm-pp512": _prompt_rate("ip-llamacpp-l3-8b-a100sxm-pp512", preset("llama3-8b"),
                                                 "a100-sxm-80gb", "q4_k_m", 512, LLAMA_CPP_PP_NOTE),
    "ip-llamacpp-l3-8b-h100p-pp512": _prompt_rate("ip-llamacpp-l3-8b-h100p-pp512", preset("llama3-8b"),
                                                 "h100-pcie", "q4_k_m", 512, LLAMA_CPP_PP_NOTE),
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


def published_rows(path: Path, publications: Container[str] | None = None,
                   ids: Container[str] | None = None) -> Iterator[Row]:
    """The rows of the published results in ``path`` (of ``publications`` or of the records
    ``ids`` only, when given), each with the publication its source names."""
    for r in json.loads(path.read_text()):
        case = PUBLISHED.get(r["id"])
        publication = publication_of(r["source"])
        if case is not None and (publications is None or publication in publications) and \
                (ids is None or r["id"] in ids):
            result = case(r)
            for row in result if isinstance(result, list) else [result]:
                row.publication = publication
                yield row


# ---- report -------------------------------------------------------------------------------


DATA = Path(__file__).resolve().parent / "data"
"""The calibration data in the repository."""

HELD_OUT = DATA / "held-out.json"
"""Published rows that set nothing (``accuracy_heldout.py``): reported apart from the calibration."""


def all_rows(folder: Path = DATA) -> list[Row]:
    """Every measured and published row of the calibration files in ``folder``."""
    return [*h200_rows(folder / "h200-calibration.jsonl"), *published_rows(folder / "published-calibration.json")]


def held_out(path: Path = HELD_OUT) -> list[Row]:
    """The held-out rows, predicted with the shipped defaults."""
    return held_out_rows(path)


def out_of_source(rows: list[Row], folder: Path = DATA) -> dict[Ident, Held]:
    """Each calibration row predicted with the defaults set without its publication (loso.py)."""
    return leave_one_source_out(rows, lambda keys, kinds=None: rows_for_keys(keys, folder, kinds))


def rows_for_keys(keys: Iterable[str], folder: Path = DATA, kinds: Container[str] | None = None) -> list[Row]:
    """The calibration rows named by key (``source:row_id``), of ``kinds`` when given, built
    again with the defaults then in force (``accuracy_base.profiles_in_force``,
    ``assumptions_in_force``)."""
    wanted = set(keys)
    cases = {k.split(":", 1)[1].split()[0] for k in wanted if k.startswith("h200:")}
    ids = {k.split(":", 1)[1].split()[0] for k in wanted if k.startswith("published:")}
    rows = [*h200_rows(folder / "h200-calibration.jsonl", cases)] if cases else []
    rig = {k.split(":", 1)[1].split()[0] for k in wanted if k.startswith("h100:")}  # a held-out set standing in
    rows += [row for path in sorted(folder.glob(RIG_HELD_OUT_GLOB)) for row in h200_rows(path, rig)] if rig else []
    if ids:
        _PLANNER_ROWS[0] = kinds is None or PLANNER_KIND in kinds
        try:
            rows += published_rows(folder / "published-calibration.json", ids=ids)
        finally:
            _PLANNER_ROWS[0] = True
    return [r for r in rows if r.key in wanted and (kinds is None or r.kind in kinds)]


def medians(rows: list[Row]) -> dict[str, float]:
    """Median absolute error per kind [%]."""
    kinds = {r.kind for r in rows}
    return {k: statistics.median(abs(r.error_pct) for r in rows if r.kind == k) for k in kinds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=DATA, help="folder of the calibration files")
    parser.add_argument("--csv", type=Path, help="also write the rows to this CSV file")
    parser.add_argument("--summary", action="store_true", help="print only the summary per kind (CI)")
    parser.add_argument("--by-source", action="store_true",
                        help="with --summary: also each publication's in-sample, leave-one-source-out and held-out "
                             "medians, with their capacity misses")
    args = parser.parse_args(argv)
    h200 = args.reference / "h200-calibration.jsonl"
    published = args.reference / "published-calibration.json"
    if not h200.exists() or not published.exists():
        print(f"reference data not found in {args.reference}", file=sys.stderr)
        return 2
    rows = all_rows(args.reference)
    held = out_of_source(rows, args.reference)
    outside = held_out(args.reference / HELD_OUT.name) if (args.reference / HELD_OUT.name).exists() else []
    if args.summary:
        print("accuracy against the calibration data in benchmarks/data "
              "(.venv/bin/python benchmarks/accuracy.py for rows):")
        print_summary(rows, held, outside)
        print_held_out_by_generation(outside)
        print_latency_at_operating_point(outside, args.reference / HELD_OUT.name)
        print_rig_held_out(rig_held_out_rows(args.reference), rows)
        print_excluded(args.reference / HELD_OUT.name)
        if args.by_source:
            print_by_source(held)
            print_held_out_by_source(outside)
        return 0
    print_table(rows, held)
    print_summary(rows, held, outside)
    print_held_out_by_generation(outside)
    rig_held = rig_held_out_rows(args.reference)
    print_rig_held_out(rig_held, rows)
    print_excluded(args.reference / HELD_OUT.name)
    print_by_source(held)
    print_held_out_by_source(outside)
    print("\nHeld-out published rows (set nothing; benchmarks/data/held-out.json):")
    print_table(outside)
    print(f"\nHeld-out rig rows (set nothing; benchmarks/data/{RIG_HELD_OUT_GLOB}):")
    print_table(rig_held)
    print_fits(lambda keys, kinds=None: rows_for_keys(keys, args.reference, kinds), rows)
    print_memory_groups(rows)
    print("\nH200 measured ceilings vs datasheet (why default efficiencies are below 1):")
    for name, measured, datasheet in h200_ceilings(h200):
        print(f"  {name:28} {measured:9.1f} of {datasheet:9.1f}  = {measured / datasheet:5.2f}")
    if args.csv:
        with args.csv.open("w", newline="") as stream:
            writer = csv.writer(stream)
            writer.writerow(["source", "publication", "row", "kind", "quantity", "predicted", "measured", "error_pct",
                             "loso_error_pct", "loso_status", "note"])
            for r in [*rows, *outside, *rig_held]:
                h = held.get(ident(r)) if r.source != SOURCE else None
                writer.writerow([r.source, r.publication, r.row_id, r.kind, r.quantity, r.predicted, r.measured,
                                 r.error_pct, "" if h is None or h.error_pct is None else h.error_pct,
                                 "held out" if h is None else h.status, r.note])
    return 0


if __name__ == "__main__":
    sys.exit(main())
