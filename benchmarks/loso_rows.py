"""The rows and rules of the fits :mod:`loso` solves: which calibration rows set each fitted default,
and the rules in words (split from ``loso.py``, 2026-12-04, when it passed 600 lines)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from accuracy_base import Row
from accuracy_llama_cpp import LLAMA_CPP_PR4766_TG_ROWS
from accuracy_reserve import LLAMA_RECIPES_RESERVE_ROWS
from accuracy_rig_heldout import RIG_HELD_OUT_GLOB
from h200_rig_rows import CALIBRATION_FILE, decode_rows, reserve_rows


LLAMA_CPP_GRAPHS_PAIRS = (
    ("published:it-llamacpp-pr6766-3090-7b-q4_0-main-eager", "published:it-llamacpp-pr6766-3090-7b-q4_0-main-graphs"),
    ("published:it-llamacpp-pr6766-4090-7b-q4_0-main-eager", "published:it-llamacpp-pr6766-4090-7b-q4_0-main-graphs"),
    ("published:it-llamacpp-i6763-h100p-7b-q4km-eager", "published:it-llamacpp-i6763-h100p-7b-q4km-graphs"))
"""Every published eager/CUDA-graphs pair of llama.cpp decode on one card, model and build (eager row, graphs row):
pull request 6766's ./main rows on the RTX 3090 and 4090 (J. Gaessler, 2024-04-19) and issue 6763's on the H100 PCIe
(A. Gray, 2024-04-19), LLaMA 2 7B at batch 1. They set what CUDA graphs save per layer (:func:`graphs_saving`)."""

LLAMA_CPP_GRAPHS_RULE = (
    "what CUDA graphs save per layer, from the measurements of every published eager/graphs pair of llama.cpp decode "
    "on "
    "one card, model and build (three pairs of two publications: pull request 6766's RTX 3090 and RTX 4090 ./main "
    "rows, issue 6763's H100 PCIe rows; April 2024, LLaMA 2 7B): the graphs row's time predicted as its eager row's "
    "measured time less the layers × the saving, one saving, least squares on the log error "
    "(benchmarks/loso_rows.py, graphs_saving); the profile's graphs per-layer time is its eager one less it "
    "(configurator/core/engines.py, LLAMA_CPP). Until 2026-12-05 (session 33) 40 µs, NVIDIA's blog on CUDA graphs "
    "in llama.cpp, against 25, 13 and 27 µs measured by the three pairs")
"""The rule of the CUDA-graphs saving, in words."""


def pair_saving(eager: Row, graphs: Row) -> float:
    """What CUDA graphs save per layer in one measured pair: the eager row's time per token less the graphs row's,
    over the model's layers [s] (the rows' quantity is tokens/s at batch 1)."""
    return (1.0 / eager.measured - 1.0 / graphs.measured) / eager.scenario.model.n_layers


def graphs_saving(rows: Sequence[Row]) -> float | None:
    """The per-layer time CUDA graphs save, from the complete pairs of :data:`LLAMA_CPP_GRAPHS_PAIRS` among ``rows``
    (their measurements alone): least squares on the log error of each graphs row's time predicted as its eager row's
    measured time less ``layers × saving`` (Newton's method from the pairs' median) [s]; None without a pair."""
    by_key = {r.key: r for r in rows}
    pairs = [(by_key[e], by_key[g]) for e, g in LLAMA_CPP_GRAPHS_PAIRS if e in by_key and g in by_key]
    if not pairs:
        return None
    points = [(1.0 / e.measured, 1.0 / g.measured, e.scenario.model.n_layers) for e, g in pairs]
    saving = statistics.median(pair_saving(e, g) for e, g in pairs)
    for _ in range(50):  # minimise sum(log((te - L s) / tg))^2 over s: Newton on its derivative
        grad = sum(-n / (te - n * saving) * math.log((te - n * saving) / tg) for te, tg, n in points)
        curv = sum((n / (te - n * saving)) ** 2 * (1.0 - math.log((te - n * saving) / tg)) for te, tg, n in points)
        step = grad / curv
        saving -= step
        if abs(step) < 1e-12:
            break
    return saving


def graphs_saving_left_out(rows: Sequence[Row]) -> dict[str, float | None]:
    """Each pair's graphs row predicted from its eager row's measurement with the saving solved from the other pairs
    (:func:`graphs_saving`), its error [%] by the graphs row's key: the rule's leave-one-pair-out error."""
    by_key = {r.key: r for r in rows}
    out: dict[str, float | None] = {}
    for eager_key, graphs_key in LLAMA_CPP_GRAPHS_PAIRS:
        saving = graphs_saving([r for r in rows if r.key not in (eager_key, graphs_key)])
        if saving is None:
            out[graphs_key] = None
            continue
        eager, graphs = by_key[eager_key], by_key[graphs_key]
        predicted = 1.0 / (1.0 / eager.measured - eager.scenario.model.n_layers * saving)
        out[graphs_key] = 100.0 * (predicted - graphs.measured) / graphs.measured
    return out

LLAMA_CPP_TG512_TAGS = ("4080", "3090", "4090", "a6000", "6000ada", "a40", "l40s", "a100pcie", "a100sxm", "h100p")
"""The cards whose 8B tg512 rows (Q4_K_M and F16) set llama.cpp's decode profile: every single-card row of
XiongjieDai's LLaMA 3 tables on a card in the catalog (benchmarks/accuracy.py, LLAMA_CPP_TG512_CARDS)."""

LLAMA_CPP_HBM_TAGS = ("a100pcie", "a100sxm", "h100p")
"""The HBM2e cards of XiongjieDai's LLaMA 3 tables (their decode reads carry ``hbm_decode_factor``)."""

LLAMA_CPP_GDDR_DECODE_ROWS = (
    *(f"published:it-llamacpp-l3-8b-{tag}-{fmt}-tg512" for tag in LLAMA_CPP_TG512_TAGS if tag not in LLAMA_CPP_HBM_TAGS
      for fmt in ("q4km", "f16")),
    "published:it-llamacpp-pr19053-6000ada-8b-q4_0-tg128", "published:it-llamacpp-pr19053-6000ada-3b-q4_k_m-tg128",
    *(f"published:{row_id}" for row_id in LLAMA_CPP_PR4766_TG_ROWS),
    *(key for pair in LLAMA_CPP_GRAPHS_PAIRS[:2] for key in pair))  # pull request 6766's, on GDDR cards
"""The decode rows llama.cpp's GDDR share and per-layer time are solved from: XiongjieDai's 8B tg512 rows on its
seven GDDR cards (May 2024, CUDA graphs), llama.cpp pull request 19053's two tg128 rows (2026 build, CUDA graphs;
benchmarks/accuracy_llama_cpp.py, LLAMA_CPP_PR19053_TG_ROWS) and pull request 4766's four tg128 rows of LLaMA 2 7B
on the RTX 3090 and 4090 (January 2024, eager; LLAMA_CPP_PR4766_TG_ROWS, in the calibration since 2026-12-05) and
pull request 6766's four ./main rows of LLaMA 2 7B Q4_0 on the same cards, eager and with CUDA graphs (April 2024; the
CUDA-graphs saving's GDDR pairs, in the calibration since 2026-12-05, session 33: decode in sample 6.7 -> 6.1 %,
leave one source out 10.4 -> 9.2 % against the saving fit alone, benchmarks/data/notes-decode-2026-12-05b.md):
four publications, so each is predicted from the others with two fields still set by two formats on one card
(with two publications, XiongjieDai's rows held out were predicted from pull request 19053's two rows alone, at a
share over the cards' peak bandwidth)."""

LLAMA_CPP_HBM_DECODE_ROWS = (*(f"published:it-llamacpp-l3-8b-{tag}-{fmt}-tg512" for tag in LLAMA_CPP_HBM_TAGS
                                for fmt in ("q4km", "f16")),
                             "published:it-llamacpp-pr6017-a100pcie-7b-f16-tg128",
                             "published:it-llamacpp-i6763-h100p-7b-q4km-eager",
                             "published:it-llamacpp-i6763-h100p-7b-q4km-graphs")
"""The decode rows llama.cpp's HBM factor is solved from: XiongjieDai's three HBM2e cards, llama.cpp pull
request 6017's A100 PCIe tg128 and issue 6763's H100 PCIe rows (benchmarks/accuracy_llama_cpp.py,
LLAMA_CPP_HBM_DECODE_ROWS): three publications, so each is predicted from the others."""

LLAMA_CPP_PP512_CARDS = ("a6000", "6000ada", "l40s", "a100pcie", "a100sxm", "h100p")
"""The pp512 rows the prompt-processing share is solved from: the table's single-card Q4_K_M rows on professional
cards (the GeForce rows were left out when the catalog had no FP16-accumulate rate, and stay out as the share's
test on cards it was not solved from: see the held note)."""

LLAMA_CPP_PP512_HELD = (
    "the profile's other fields stay as shipped. The table's GeForce rows (RTX 3090, 4080, 4090; Q4_K_M and F16), "
    "its F16 rows of professional cards and its A40 rows are held out (benchmarks/data/held-out.json, "
    "within_source), with pull request 7676's cuBLAS master column (RTX 4090 Q4_0). Read at the rows' builds "
    "(b2824-b2843; ggml-org/ggml bb6ab716, src/ggml-cuda.cu), every card ran the same prompt path, cuBLAS with "
    "CUBLAS_COMPUTE_16F, at the catalog's FP16-accumulate rate on GeForce; the same die errs alike on both lines "
    "(GA102: RTX 3090 +6/-5 %, RTX A6000 +7/+1 %, A40 -0/-2 %; AD102: RTX 4090 +21/+16 %, RTX 6000 Ada +20/+6 %; "
    "Q4_K_M/F16, 2026-12-03, with the FP16 copy of quantised weights at the engine's HBM factor, before the FP16 "
    "conversions of activations were charged: engines.py LLAMA_CPP has the rows after), so the spread is by "
    "architecture (Ada +6..+40 %, A100 -1..-15 %, H100 PCIe -17/-33 %), not GeForce against professional, and one "
    "share cannot carry it (the held-out rows' notes: what was tried)")
"""What the prompt-processing fit leaves out, and why."""

LLAMA_CPP_MMQ_ROWS = ("published:ip-llamacpp-mmq-4090-q4_0-pp512", "published:ip-llamacpp-mmq-4090-q4_k_s-pp2048",
                      "published:ip-llamacpp-mmq-3090-q6_k-pp2048")
"""The rows llama.cpp's INT8 (MMQ) prompt share is solved from: every row of its MMQ pull requests' tables at
llama-bench's default micro-batch (512) on a card and weight format in the catalog (benchmarks/accuracy_llama_cpp.py,
LLAMA_CPP_MMQ_ROWS)."""


H200_TRAINING = ("b1 s2048 amp_bf16 adamw", "b4 s2048 amp_bf16 adamw", "b8 s2048 amp_bf16 adamw",
                 "b4 s4096 amp_bf16 adamw", "b4 s2048 amp_bf16 ckpt adamw", "b8 s4096 amp_bf16 ckpt adamw",
                 "b4 s2048 fp32 adamw", "b4 s2048 bf16 adamw", "b4 s2048 bf16 sgd")
"""The H200 rig's training runs (Llama 3.2 1B on one card), as their row labels name them."""

PUBLISHED_TRAINING = (
    "tp-llama1-65b", "tt-dsv3-perT", "tp-llama3-405b-8192xh100", "tp-llama3-405b-16384xh100", "tp-tinyllama",
    *(f"tp-megatron-t1-{size}" for size in ("1p7b", "18b", "146b", "530b", "1t")),
    *(f"tp-korth-{size}" for size in ("22b", "175b", "530b", "1t")),
    *(f"tp-foundry-h100-{run}" for run in ("70b-64", "30b-32", "13b-8", "7b-8", "7b-64k", "1b-8", "3b-512-bf16",
                                           "3b-512-fp8")),
    *(f"tp-foundry-a100-{run}" for run in ("70b-64", "30b-8", "13b-8", "7b-8", "125m-8", "40-70b-128", "40-7b-128")))
"""Every published training run of the calibration file with its layout stated (eight publications)."""

TRAINING_ROWS = (*(f"h200:train {label}" for label in H200_TRAINING),
                 *(f"published:{run}" for run in PUBLISHED_TRAINING))
"""The training-throughput rows at their stated layouts: every one of the calibration files."""

MATMUL_RULE = (
    "every training-throughput row of the calibration files at its stated layout (38 rows: the H200 rig's 9 and "
    "29 published runs of seven publications, A100/H100/H200, 1B to 1T parameters): two fields, the products' share "
    "and the per-layer time, least squares on the log error of tokens/s (or the quantity the source gives), no row "
    "left out (configurator/core/formulas/efficiency.py, MATMUL_EFFICIENCY and LAYER_OVERHEAD_S). The per-layer "
    "time is separated from the products by the rows at small batches and small models (the H200 rig's 1B at 1, 4 "
    "and 8 sequences, Megatron-LM's 1.7B, llm-foundry's 125M and 1B). Before December 2026 the share alone was "
    "fitted beside a per-layer time chosen by judgement (130 µs); a robust rule for the share (the median row's "
    "log error zero) was cross-validated against least squares then and the evidence split, so least squares, the "
    "rule of every other fit here, was kept")

PREFILL_ROWS = ("h200:prefill llama3-8b b1 s2048",
                *(f"published:il-trt-{run}" for run in ("7b-h100-128", "7b-h100-2k", "70b-h100-2k", "70b-h100-128",
                                                        "7b-a100-2k", "70b-a100-2k", "7b-l40s-2k", "falcon180-h100-2k",
                                                        "gptj-h100")))
"""The prefill rows whose engine reaches the whole prefill efficiency (prefill_share 1): the H200 rig's
(PyTorch), TensorRT-LLM's time-to-first-token table and NVIDIA's H100-vs-A100 blog row. llama.cpp's pp512
rows are left out: its own prefill_share (the next fit) multiplies this efficiency, and is solved from them."""

SERVING_EFFICIENCY_RULE = (
    "the prefill rows of engines without a prompt share of their own (10 rows of three publications: the H200 "
    "rig's PyTorch prefill, TensorRT-LLM's eight time-to-first-token rows and NVIDIA's H100-vs-A100 blog row), "
    "each priced as the serving steps price a prompt (the load model's step carrying it: its weight read added "
    "to its products, prompt_overlap 0, the products at this efficiency): one share, least squares on the log "
    "error of the prompt's time, beside the per-layer time of the fused engines as the next fit gives it (the two "
    "rules solved in turn until neither moves, benchmarks/loso_chain.py) and the rig's eager layer counted "
    "(formulas/eager_layer.py) (configurator/core/formulas/efficiency.py, PREFILL_EFFICIENCY)")

PREFILL_RULE = (
    "the same 10 prefill rows priced as a prompt prefilled alone (prefill_time.prefill_seconds: the chunk's "
    "weight stream under its products, the roofline, PROMPT_OVERLAP 1): two fields, the share and the per-layer "
    "time of the fused engines (prefill_layer_overhead_s; the rig's eager layer is counted, formulas/eager_layer.py), "
    "least squares on the log error of the prompt's time; TensorRT-LLM's three 128-token prompts separate the "
    "per-layer time from the products; the serving steps' efficiency as the previous fit gives it "
    "(configurator/core/formulas/efficiency.py, PROMPT_EFFICIENCY and PREFILL_LAYER_OVERHEAD_S)")

SERVING_EFFICIENCY_HELD = (
    "it sets decode's compute-bound products and every serving kind (throughput, MLPerf, latency), "
    "which are predicted with it, not fitted; the prompt alone on an idle copy reads the next fit's "
    "prompt efficiency with its weight stream under its products (PROMPT_OVERLAP 1), so the rows this "
    "rule reads are the next fit's to predict; the per-layer time of engines without their own "
    "(prefill_layer_overhead_s) is the next fit's, held at its shipped value while this one is solved (with a "
    "source left out too: the fits are solved in order once); the TensorRT-LLM profile's "
    "decode profile is held as shipped: its weight and KV shares and its CUDA-graph per-layer time are "
    "sourced from aiconfigurator's kernel tables (defaults_registry.PROFILE_SOURCES), its eager increment "
    "counted (launches x 3 µs, PROFILE_SOURCES); the weight share is what its time-to-first-token rows read")

PREFILL_HELD = (
    "the serving steps' efficiency is the previous fit's (the serving steps and decode read it, not this "
    "one); the overlap is derived (PROMPT_OVERLAP, the roofline), not fitted")


def median_reserve(rows: Sequence[Row]) -> float:
    """The median over sources of each source's median measured ``reserved / peak allocated − 1``
    (PyTorch's ``max_memory_reserved`` over ``max_memory_allocated``): the caching allocator's reserve
    over the peak, measured, whatever the estimator predicts for the peak. One vote per source, not per
    row: the sources hold 2 to 19 runs each (the H200 grid's many sequence lengths of one set-up would
    otherwise outvote every other campaign), and a new set-up is one more source."""
    by_source: dict[str, list[float]] = {}
    for row in rows:
        by_source.setdefault(row.publication, []).append(row.measured / row.peak[1] - 1.0)
    return statistics.median(statistics.median(ratios) for ratios in by_source.values())


H200_DECODE_ROWS = decode_rows()
"""Every H200 decode row (``h200_rig_rows.decode_rows``): two campaigns."""

H100_DECODE_ROWS = tuple(key for path in sorted(CALIBRATION_FILE.parent.glob(RIG_HELD_OUT_GLOB))
                         for key in decode_rows(path))
"""The H100 rig's decode rows (``accuracy_rig_heldout``: the prepared grid run on a second card, 2026-12-05, held
out): the stand-in of the transformers decode profile's fit when the H200 grid is left out (``loso_refit.Fit.stand_in``)."""

ALLOCATOR_ROWS = reserve_rows(recomputes=False)
"""The H200 training runs without recomputation whose reserve is their own (``h200_rig_rows.reserve_rows``:
the caching allocator at its defaults; the SGD run is left out, its reserved figure equals the bf16 AdamW
run's to the byte with a lower peak, so its ratio (11.6 %) measures the other run's reserve): the first
campaign's six and the grid's eleven (1B at 4k-28k tokens, batch 4 × 4k, the 3B shape at 2k-12k)."""

ALLOCATOR_RECOMPUTE_H200 = reserve_rows(recomputes=True)
"""The H200 training runs with full or per-op selective recomputation: the first campaign's two, the grid's
nineteen."""

ALLOCATOR_RECOMPUTE_PUBLISHED = tuple(f"published:{row_id}" for row_id, recompute in LLAMA_RECIPES_RESERVE_ROWS.items()
                                      if recompute)
"""Published runs with full recomputation that give peak reserved beside peak active memory (llama-recipes pull
request 41: FSDP LoRA of Llama 2 7B on 4 A100 40GB; ``accuracy_reserve.py``), kind ``memory-reserve``."""

ALLOCATOR_HELD = ("a property of PyTorch's caching allocator, measured, not a fit to the predicted peak (whose own "
                  "error stays visible in the reserved figure); two campaigns of the H200 (the first rig's and the "
                  "grid's), each predicted from the other's")


if __name__ == "__main__":  # a part of the benchmark, not a tool of its own
    import argparse

    argparse.ArgumentParser(description=__doc__.splitlines()[0],
                            epilog="Run .venv/bin/python benchmarks/loso.py for the benchmark.").parse_args()
    print("part of benchmarks/loso.py: run .venv/bin/python benchmarks/loso.py")
