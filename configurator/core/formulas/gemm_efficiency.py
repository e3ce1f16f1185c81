"""GEMM efficiency by shape, precision and card architecture: the share of the dense peak a
matrix product ``C[m×n] = A[m×k]·B[k×n]`` sustains on its compute side.

Model (one formula, :func:`gemm_efficiency`)::

    η(m, n, k) = E · r(m) · n/(n + n½) · k/(k + k½)
    r(m) = m/(m + m½)                                 for m ≥ m½
    r(m) = ½ · (m½ + m_s)/m½ · m/(m + m_s)            below (m_s = 8)

``E`` is the asymptotic large-GEMM ceiling of the architecture and precision; the saturating
factors stand for tile occupancy and wave quantisation over the SMs (a small ``m`` or ``n``
leaves tiles and SMs idle, a short ``k`` pays the prologue and epilogue of every tile), smoothed
so that the efficiency never falls when a dimension grows. Below ``m½`` rows the tables are
bound by their bytes and cannot tell the compute side (next paragraph); there ``r`` follows the
kernels libraries pick for few rows, split-K and GEMV kernels that spread the reduction over
the SMs and pad the rows to the 16 of one tensor-core instruction (``mma.sync.m16n8k16``, NVIDIA
PTX ISA "Warp-level matrix multiply-accumulate"), joined continuously at ``m½``; first
principles, not fitted. The memory side of a product (weights and activations over the card's
bandwidth, which bounds small-``m`` products such as a decode step) is not in ``η``: callers keep
their own byte roofline (decode's weight stream, training's activation traffic), and
:func:`gemm_seconds` adds it for a single product. The fixed time every kernel pays (launch, and
in the tables the quantisation of FP8 inputs) is not in ``η`` either: it is the engine's
per-layer time (:mod:`configurator.core.engines`).

Source and fit. Parameters are fitted to the measured GEMM latency tables of NVIDIA's
aiconfigurator (github.com/ai-dynamo/aiconfigurator, ``aic-core/src/aiconfigurator_core/
systems/data/<card>/gemm/<engine>/<version>/gemm_perf.parquet``, commit 095f58a, read December
2026): TensorRT-LLM 1.3.0rc20 ``torch_flow`` kernels on H100 SXM and H200 SXM (bf16 and FP8 per
tensor, 35,700 shapes each), L40S and B200 (same version), A100 SXM (TensorRT-LLM 1.0.0 and vLLM
0.14.0, bf16, 9,240 shapes each); m = 1…16,384 tokens, n and k = 32…65,536 (rows with n or k
below 256 left out). Each table's time was fitted as ``max(2mnk/(P·η), bytes/(B·β)) + t₀``
(P the datasheet dense peak and B the datasheet bandwidth of the catalog; β, 0.72–0.88, and
t₀, 2–15 µs, are fitted with the rest and not used here), least squares on log time with a
soft-L1 loss. Errors are *cross-validated*: 5 folds that leave whole (n, k) shapes out, and for
Hopper and Ampere one card or engine predicted from the other's table alone. Median |error| of
the predicted time on model-sized shapes (m ≥ 256, n and k ≥ 1024; 90th percentile in
brackets) and on all shapes:

===========  ======  =====  ====  =====  =====  ==========================  ===============
family       prec.   E      m½    n½     k½     CV median: model-sized; all  other table
===========  ======  =====  ====  =====  =====  ==========================  ===============
hopper       16-bit  0.823  73    28     113    4.5 % (11.3 %); 6.0 %        4.1 / 5.3 %
hopper       8-bit   0.777  75    1534   228    3.6 % (11.5 %); 4.3 %        4.4 / 4.9 %
ampere       16-bit  0.910  101   146    122    7.4 % (20.0 %); 7.3 %        6.5 / 8.2 %
ada          16-bit  0.614  161   6      93     8.6 % (21.5 %); 12.1 %       —
ada          8-bit   0.538  135   381    74     7.8 % (20.6 %); 10.1 %       —
blackwell    16-bit  0.729  160   99     3      6.1 % (15.2 %); 8.6 %        —
blackwell    8-bit   0.734  152   1920   242    4.3 % (10.7 %); 5.0 %        —
===========  ======  =====  ====  =====  =====  ==========================  ===============

("other table": H100 predicted from the H200 table alone and H200 from H100; A100 TensorRT-LLM
from vLLM and vLLM from TensorRT-LLM.) The 90th percentiles are the tables' saw-teeth
(m = 128 → 129 adds a row of tiles), which a monotone curve does not follow. Cross-check against
this repository's own measurement: an 8192³ bf16 product on one H200 ran at 777.6 TFLOP/s
(``benchmarks/data/h200-calibration.jsonl``, 0.786 of 989.5); the hopper 16-bit curve gives 0.80
there (+2 %). FP8 there ran at 0.72 through ``torch._scaled_mm`` against 0.64 here: the engines'
per-tensor FP8 paths in the tables (TensorRT-LLM's, and vLLM 0.24's CUTLASS kernel, 0.60 on H200
at m, n, k ≥ 4096) are slower than the bare kernel.

Families without a table but with a published best-shape matmul rate (AMD CDNA 2, 3 and 4, Intel
Gaudi 2 and 3: :data:`MAMF_ROWS`) take the generic curve's tile sizes with their own ceiling ``E``,
solved so that the curve meets the published rate at its shape. The rest (Volta, Turing, TPUs,
Ascend and the other catalog architectures) take ``generic``: each parameter the median of the
fitted families at that precision class. **Assumption** — no GEMM table for them was found in the
repository or in aiconfigurator. A family without an 8-bit fit (Ampere: no FP8; its int8 through the 16-bit
curve) uses its 16-bit curve.

Consumer cards. The ceiling ``E`` is the card's sustained clock under tensor load over the clock
its datasheet peak is quoted at, which a power limit sets per board: GeForce Ada cards
(``ada-geforce``) take the ada curve's tile sizes with the ceiling published RTX 4090
measurements give (:data:`GEFORCE_ADA_CEILING`, 0.967 against the L40S's 0.614); at 8-bit they
use that 16-bit curve (no published GeForce INT8/FP8 sweep found). GeForce Ampere cards
(``ampere-geforce``, GA102: RTX 3090) take the ampere curve's tile sizes with a ceiling of 1, the
datasheet peak (:data:`GEFORCE_AMPERE_ROWS`): published RTX 3090 matmuls run above it, at their
board's boost clock, while the A100 the ampere table was measured on reaches 0.910.

L40S tables (issue 27, diagnosis; nothing changed). The catalog's L40S peak, 362 TFLOP/s dense FP16/BF16
with FP32 accumulation (NVIDIA L40S datasheet "362.05 | 733*", the starred figure with sparsity;
professional Ada runs FP32 accumulation at the full rate, the L40 at half, 181), is the figure
aiconfigurator's ``systems/l40s.yaml`` divides by too. aiconfigurator holds six L40S GEMM collections
(TensorRT-LLM 1.0.0, 1.3.0rc15, 1.3.0rc20; vLLM 0.14.0 and 0.24.0; SGLang 0.5.14). At 8192³ bf16 they
run at 0.517-0.751 of that peak (rc20, the one fitted here: 0.615), and on model-sized shapes (m
1,024-4,096, n and k 2,048-16,384) at 0.98-1.30 times this curve (median 1.06); per-tensor FP8 at
0.90-1.06 times the 8-bit curve (vLLM 0.14.0's FP8 path, another kernel, 0.59). A crowd-sourced
``torch.mm`` row (zzc0721/torch-performance-test-data ``database.md``, commit 0785868, the source of
:data:`GEFORCE_AMPERE_ROWS`: L40S FP16 264.0 and BF16 269.2 TFLOP/s, 0.73-0.74) sits at the top of that
range. The same cuBLAS products on the same card spread from -14 to +25 % about the collections' median,
which is the board's sustained clock (350 W for 142 SMs), not the shape curve; the curve sits at their
median at 8192³ and 6 % under it at model shapes, so its ceiling is kept. TensorRT-LLM v0.5's Llama 2 7B
FP8 time to first token on an L40S (73 ms at 2,048 tokens, ``il-trt-7b-l40s-2k``, +39 % here) was
measured on a card at the top of that range: the rc20 table's own per-tensor FP8 products at the model's
shapes sum to about 74 ms (72 ms without the dynamic quantization the table times, its
``computescale_perf`` table), above the whole measured prefill before attention, norms and the weight
stream. The prediction, 101 ms, is products 87 ms (0.476 of 733 TFLOP/s at their shapes × the prefill
efficiency 0.908; attention 4 % of the FLOPs, at the products' rate: TensorRT-LLM's context FMHA has no
published share), weights 9.6 ms and per-layer time 4.4 ms. H100 PCIe: the MAMF table
(:data:`MAMF_ROWS`' source, read at commit 744d01e, 2026-08) has no H100 PCIe row (its A100 PCIe row,
252.9 of 312, is 7 % under its A100 SXM row); one third-party cuBLAS FP16 sweep on an H100 PCIe
(GOATnote-Inc/periodicdent42 ``H100_CEILING_FOUND.md``, 2025-11, low confidence) ran 627 TFLOP/s at
8192×8192×147,456, 0.83 of 756.5, where the hopper curve gives 0.81: no lower ceiling for its 350 W
board was found, so none is set.

A100 at llama.cpp's prompt products (issue 27, diagnosis; nothing changed). llama.cpp's pp512 rows on the A100
(XiongjieDai's Llama 3 8B Q4_K_M on PCIe and SXM and F16 on PCIe, pull request 6017's LLaMA 2 7B F16 and Q8_0
on PCIe; ``benchmarks/data``) are predicted 1-15 % fast, and their products would need 1.22-1.29x the
predicted time to match (the Q8_0 row 1.02x). The curve is not what is short there. (1) aiconfigurator's four
A100 SXM tables (TensorRT-LLM 1.0.0, vLLM 0.14.0, SGLang 0.5.9 and 0.5.10: bf16 ``linear`` products through
cuBLAS, the ``x·Wᵀ`` layout llama.cpp's ``cublasGemmEx(CUBLAS_OP_T, CUBLAS_OP_N, ...)`` runs; each table's
smallest latency, 2.5 µs, taken off as launch time) at m = 512 and llama.cpp's own products (separate
``attn_q``, ``attn_k``, ``attn_v``, ``attn_output``, ``ffn_gate``, ``ffn_up``, ``ffn_down``; n = 14,336
between the tables' 12,288 and 16,384) give the layer 0.674-0.756 of peak, the curve 0.723 (Llama 3 8B; LLaMA
2 7B 0.641-0.730, curve 0.723): the curve over the tables 0.96-1.07 and 0.99-1.13 (medians 0.99 and 1.03), not
1.22. Per product the tables saw-tooth about the curve (m = 512: 4096×4096 at 0.624 median, curve 0.713;
1024×4096 0.532, curve 0.646; 12,288×4096 0.787, curve 0.729; 4096×16,384 0.775, curve 0.728), and llama.cpp's
three attention products run 1.09-1.39x slower than one fused product would, which the layer figures above
include. (2) Accumulate and clocks: the A100 runs FP16 with FP16 accumulation (``CUBLAS_COMPUTE_16F``) at the
same 312 TFLOP/s as with FP32 (NVIDIA, "NVIDIA Hopper Architecture In-Depth", 2022, Table 3; the catalog
agrees); no A100 measurement of the two compute types against each other was found (llama.cpp pull request
3816, not merged: the FP32 type 5 % faster at pp512 on an RTX A6000, slower on an RTX 3090). The 300 W PCIe
and 400 W SXM cards run the Q4_K_M row alike (5,981 and 5,948 tokens/s), so no power or clock limit on the
tensor rate shows. (3) The same curve on the same card under other engines holds: TensorRT-LLM's A100 time to
first token at 2,048 tokens (-2 %, -1 %), SGLang's A100 TTFT at a request rate (-0.3 %, -3 %), the A100
training rows (-11..+7 %). (4) Within XiongjieDai's table the A100 PCIe and the H100 PCIe (1.94 and 2.0 TB/s)
differ by 18.8 ms (F16) and 22.6 ms (Q4_K_M), predicted 20.2 and 20.9 ms (A100 products 1.29x slower would
make the F16 difference 30 ms): the products' difference between the two cards is right, and each card misses
the same 6-11 ms (the H100 PCIe F16 row is -24 %, worse than the A100's), a time outside the products and not
proportional to the peak (``prefill_time.prefill_seconds``: llama.cpp's FP32 elementwise kernels, about 16.6
GB of traffic per pp512 of Llama 3 8B in its norms, RoPE, cache copies, scores without FlashAttention, SwiGLU
and residual adds, are not charged; charging them and refitting the prompt share by its rule, 1.02 -> 2.04,
moved the H100 PCIe rows to +6/-4 % but left the A100 rows at -9..-15 %, the Ada rows at +14..+29 % pulling
the one share: not shipped, not this module's).

FP8 training on Hopper (issue 27 part 2, diagnosis; what shipped: the next paragraph). Megatron-Core / Transformer Engine FP8 runs
on the H100 (NeMo 24.07's tables, MLPerf Training v4.1 GPT-3 175B and Llama 2 70B LoRA, Megatron-Bridge;
``benchmarks/data/held-out.json``) are predicted 12-32 % slow, torchtitan's FP8 rows +1..+9 %. At those rows'
shapes the 8-bit curve gives their products 0.60-0.67 of the 1,979 TFLOP/s peak, times the training share
(``efficiency.MATMUL_EFFICIENCY``, 0.776) 920-1,025 TFLOP/s; the products are 53-74 % of the predicted step, the
per-layer time 7-20 % (e.g. NeMo Llama 2 7B: step 4.43 s against 3.89 s measured; products 2.82, per-layer time
0.72, attention 0.45, activation traffic 0.43). (1) What the 8-bit curve holds: aiconfigurator's collector builds
the FP8 ``Linear`` without an input scale, so each timed product first computes its input's amax and casts it
(``collector/trtllm/collect_gemm.py``: the fp8 GEMM "includes the compute-scale overhead"; the same release times
that step alone, ``quantize/trtllm/1.3.0rc20/computescale_perf.parquet``: 27 µs at 4,096 × 4,096 on the H100,
about five bytes per element at the card's bandwidth). Its time is in m·k against the product's m·n·k, so the fit
carries it as a short-``n`` loss: ``n½`` 1,534 against 28 at 16-bit. H100 table, 4,096 × 12,288 × 4,096: 1,270
TFLOP/s (0.642) as timed, 1,385 (0.700) without the quantization, bf16 800 (0.809); 8192³: 0.628 and 0.717, where
the repository's H200 ``torch._scaled_mm`` product ran 0.72 (``h200-calibration.jsonl``). Refitted to the tables
less that step (the same rule, scratch refit; it reproduces the shipped 8-bit fit within 0.004 of ``E``): Hopper
``E``, ``m½``, ``n½``, ``k½`` = 0.796, 95, 696, 267 (cross-validated 4.6 % model-sized, 90th percentile 12.9 %;
H100 from H200 alone 4.4 %), Blackwell 0.724, 152, 1,091, 134 (5.0 %). (2) Tried: that curve for FP8 products
under the Megatron-Core recipes (Transformer Engine's delayed scaling reads the amax history and fuses the casts
into LayerNorm and the gradients' cast-transpose, so no amax pass precedes a product; torchtitan's torchao dynamic
scaling takes the amax of each input as the tables do, so it kept this curve). The TE rows moved 5-6 points (NeMo
-12..-32 → -5.5..-27 %, MLPerf GPT-3 -12..-24 → -6..-19 %, Megatron-Bridge H100 -14/-17 → -8/-12 %; NeMo's Llama 3
8B +2.3 → +9.5 %, MLPerf's H200 LoRA +3.6 → +8.9 %), the held-out training median 11.3 → 8.5 % (worst 31.6 → 27.0
%), but the calibration's two FP8 rows, translated under a Megatron recipe without running Megatron-Core's fused
casts, moved away: llm-foundry's MPT 3B (Composer, ``te.Linear``, a separate cast before each product) +2.5 →
+15.8 %, DeepSeek-V3 (1×128 block scaling, its own kernels: the tables' ``fp8_block`` products, not per-tensor)
-9.2 → -2.9 % but its planner row +6.8 → +15.2 %; LOSO training throughput 7.6 → 7.9 %, planner 9.4 → 10.3 %. Not
shipped (the rule: LOSO and held out both better). Charging TE's casts apart (4 bytes per element: the unfused
forward inputs and every output gradient's cast-transpose, at the element-wise share of bandwidth; the throughput
rows only) gave held out 9.3 %, LOSO 7.8 %; the head at 16 bits (Megatron's ``output_layer`` is no TE module;
torchtitan's float8 filter skips ``output``; DeepSeek-V3 keeps its head in BF16) moved DeepSeek-V3 to -15.4 % and
held out to 8.6 %: neither shipped. Even at the full FP8 peak the products could not close NeMo's Llama 2 70B SFT
row (its products would need 0.99 of peak), so the rest of the gap lies outside the products (the per-layer time,
fitted to a mix led by eager PyTorch, against TE's fused layers; tensor-parallel overlap). What would settle it: a
training field for the FP8 scaling (delayed with fused casts, per-tensor current, 1×128 blocks) so that
llm-foundry and DeepSeek-V3 are translated as they ran, then the curve above for the fused casts and the
``fp8_block`` tables for the blocks.

FP8 scaling (issue 27 part 2, shipped 2026-12-04). The training field ``fp8_scaling``
(:data:`FP8_SCALINGS`) says how a run scales its FP8 products, and :func:`product_precision` turns it into the
curve's key. ``dynamic`` (the default: per-tensor current scaling, each product quantizes its input in a pass of
its own: torchao's tensorwise Float8Linear, Transformer Engine's ``Float8CurrentScaling`` (the ``fp8cs``
recipes of Megatron-Bridge: "the tensor needs to be read twice – first to compute amax, then to apply the
scaling factor and quantize", Transformer Engine's docs, features/low_precision_training/fp8_current_scaling, read
in the pggPL/TransformerEngine fork at 66e9a77; as ``delayed`` those five rows would be 3-6 % faster, all closer,
-3.3..-16.6 → +2.7..-11.7 %, not adopted: the source says current scaling), a ``te.Linear`` outside
Megatron-Core's fused layers) keeps the 8-bit curve above.
``delayed`` (Transformer Engine's ``DelayedScaling`` inside Megatron-Core's fused layers, the only FP8 recipe
of TE 1.x, which NeMo 24.07 and MLPerf Training v4.1's NVIDIA code ran: the scale from the amax history, the
casts fused into the norms and the cast-transposes, no pass before the product) takes
:data:`FP8_SCALING_FITS`: the same tables less their ``computescale`` time at the product's ``m × k``, fitted by
the same rule (``tools/fit_gemm_curves.py``, which also reproduces the dynamic fit: hopper 0.773, 73, 1,534,
205 against the shipped 0.777, 75, 1,534, 228): hopper 0.796, 95, 696, 267 (H100 and H200 tables; CV
model-sized 4.6 %, 90th percentile 12.9 %, all shapes 5.9 %), blackwell 0.724, 152, 1,091, 134 (B200; 5.0 %,
13.4 %, 6.9 %). ``block`` (1×128 activation and 128×128 weight blocks, DeepSeek-V3 §3.3) runs the dynamic curve,
an **assumption**: its activations are quantized online before each product as per-tensor current scaling's
are (DeepSeek-V3 §3.5.2: read from HBM, quantized, written back, read again). Two block fits were made and not
shipped: the TensorRT-LLM ``fp8_block`` tables as timed (1×128 quantization and TensorRT-LLM's block kernel:
hopper 0.648, 186, 1,160, 305, CV 7.8 % (23.1 %); blackwell, DeepGEMM there, 0.762, 158, 963, 375, 5.6 %) moved
the DeepSeek-V3 row -9.2 → -17.9 % (its planner row +6.8 → -3.2 %) and LOSO training planner 9.4 → 10.1 %;
DeepGEMM's kernel alone (DeepSeek's open kernel, SGLang 0.5.14's H100 table, inputs quantized before the
timing: 0.745, 201, 1,046, 302, CV 9.3 % (26.6 %)) moved it to -10.1 % (planner +6.3 %) and LOSO planner to
9.5 %. With the field the calibration is unchanged (llm-foundry's MPT 3B FP8 row runs Composer's
``DelayedScaling`` through ``te.Linear``, each input cast by a kernel of its own: ``dynamic``; DeepSeek-V3
``block``), and the held-out NeMo 24.07 and MLPerf v4.1 rows (``delayed``) are predicted 4-7 % faster, 20 of the 23 closer
to their measurements (NeMo's Llama 3 8B +2.3 → +9.5 %, MLPerf's Llama 2 70B LoRA on 8 and 512 H200 +3.6 →
+8.9 and +2.3 → +8.2 % past them): held-out training median 11.3 → 9.3 %, worst 31.6 → 27.0 %.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

M_SPLIT = 8.0
"""Rows a split-K or GEMV kernel pads a few-row product to [elements]: the 8-wide side of
``mma.sync.m16n8k16``, where such kernels put the tokens (module docstring); first principles,
not fitted."""

GEMM_FITS: dict[tuple[str, str], tuple[float, float, float, float]] = {
    ("hopper", "16"): (0.823, 73.0, 28.0, 113.0),
    ("hopper", "8"): (0.777, 75.0, 1534.0, 228.0),
    ("ampere", "16"): (0.910, 101.0, 146.0, 122.0),
    ("ada", "16"): (0.614, 161.0, 6.0, 93.0),
    ("ada", "8"): (0.538, 135.0, 381.0, 74.0),
    ("blackwell", "16"): (0.729, 160.0, 99.0, 3.0),
    ("blackwell", "8"): (0.734, 152.0, 1920.0, 242.0),
}
"""(family, precision class) → (E, m½, n½, k½): ceiling [-] and half-saturation sizes [elements],
fitted to aiconfigurator's measured tables (module docstring)."""


def _median_fit(cls: str) -> tuple[float, float, float, float]:
    rows = np.array([fit for (_, c), fit in GEMM_FITS.items() if c == cls])
    return tuple(float(v) for v in np.median(rows, axis=0))


GEMM_FITS[("generic", "16")] = _median_fit("16")
GEMM_FITS[("generic", "8")] = _median_fit("8")

MAMF_ROWS: dict[tuple[str, str], tuple[tuple[str, float, float, tuple[int, int, int]], ...]] = {
    ("cdna3", "16"): (("mi300x", 668.4, 1307.4, (10240, 15360, 8192)), ("mi300x", 708.0, 1307.4, (4096, 4864, 32896))),
    ("cdna3", "8"): (("mi300x", 1222.9, 2614.9, (8192, 8192, 8192)), ("mi300x", 1273.0, 2614.9, (4096, 3648, 32896))),
    ("cdna3-mi325x", "16"): (("mi325x", 784.9, 1307.4, (13312, 10240, 8192)), ("mi325x", 843.0, 1307.4, (4096, 4864, 32896)),
                             ("mi325x", 831.4, 1307.4, (4096, 4864, 32896))),
    ("cdna3-mi325x", "8"): (("mi325x", 1519.0, 2614.9, (4096, 3648, 32896)), ("mi325x", 1408.1, 2614.9, (4096, 3648, 32896))),
    ("cdna4", "16"): (("mi355x", 1565.0, 2516.6, (12288, 8192, 8192)),),
    ("cdna2", "16"): (("mi250x", 2 * 147.0, 383.0, (1024, 14080, 19968)),
                      ("mi250x", 2 * 127.0, 383.0, (1024, 14080, 19968))),
    ("gaudi2", "16"): (("gaudi2", 418.7, 432.0, (14336, 15360, 2048)),),
    ("gaudi2", "8"): (("gaudi2", 826.5, 865.0, (6144, 11264, 5120)),),
    ("gaudi3", "16"): (("gaudi3", 1243.0, 1835.0, (16384, 4096, 768)),),
    ("gaudi3", "8"): (("gaudi3", 1289.5, 1835.0, (16640, 1536, 3072)),),
}
"""(family, precision class) → published best-shape matmul rates of its cards: (catalog card id, measured
[TFLOP/s], the card's catalog dense peak it is a share of [TFLOP/s], best shape m×n×k [elements]).
**Measured**, third-party: S. Bekman, *Machine Learning Engineering*, "Maximum Achievable Matmul FLOPS
comparison table" (github.com/stas00/ml-engineering, compute/accelerator/README.md, read December 2026;
``mamf-finder.py``, torch ``matmul``, mean of 100 iterations after 50 warm-up, best of a shape search):
MI300X torch 2.5.1 + ROCm 6.3 with TunableOp (an earlier ROCm 6.2 run of the table: 781.9), MI325X at
1000 W with TunableOp (the cdna3 8-bit row is not MAMF's: hipBLASLt FP8 at 8192³ on an Azure ND MI300X
v5, 1,222.9 TFLOP/s, github.com/Azure/AI-benchmarking-guide Azure_Results/ND_MI300X_v5_results.md, the
2025-03 rerun read at bf209ab; an earlier run 1,159.2, and 1,081.4 at 16384³; the same guide's H100 FP8
GEMM figures sit within -3 .. 0 % of the hopper 8-bit curve, which is why its row can stand in for a table.
Until December 2026 the MI300X's FP8 products ran at its 16-bit ceiling, 1,443 TFLOP/s there, +18 %). AMD's own
Max-Achievable FLOPs, one method for both CDNA 3 boards (hipBLASLt commit db8e93b, ``hipblaslt-bench`` at
4096×4864×32896 for BF16 and 4096×3648×32896 for FP8, ``trig_float`` inputs, cold caches, 2025-02-25; B. Sander et
al., "Measuring Max-Achievable FLOPs – Part 2", ROCm blogs 2025-02-28, Table 1, github.com/ROCm/rocm-blogs
blogs/software-tools-optimization/measuring-max-achievable-flops-part2/README.md): MI300X (750 W) BF16 708 TFLOP/s at
a median engine clock of 1,207 MHz, FP8 1,273 at 1,230 MHz; MI325X (1,000 W) BF16 843 at 1,447 MHz, FP8 1,519 at
1,464 MHz (the footnote's figures: 840.8 and 1,527.7; the MI300X's FP8 there 1,223.6). The same die and the same
software efficiency (708 of the 751 TFLOP/s 1,207 MHz gives, 94 %): the MI325X's board power holds a clock 1.19-1.21
times the MI300X's through dense products, so it takes a ceiling of its own (family ``cdna3-mi325x``,
:data:`BOARD_FAMILIES`; until December 2026 the two shared the median of their rows). AMD's later run of the
MI325X with normally distributed inputs, which toggle more bits and hold a lower clock than ``trig_float`` (BF16 831.4,
unscaled FP8 1,408.1 at the same shapes; "Completing the GPU Performance Picture: Understanding TAF Alongside Peak
FLOPs and MAF", ROCm blogs 2026-10-06, footnote 1, blogs/artificial-intelligence/taf-blog/README.md), is a row of its
own), MI355X ROCm 7.0 (the table's 2300 theory is the MI350X's; the catalog's MI355X
peak is 2516.6), Gaudi 2 and 3 in lazy mode (the table's Gaudi 3 theory 1677; catalog 1835). MI250X (CDNA 2):
two measurements of one GCD, each doubled for the module's two GCDs (the catalog holds the module: 383
TFLOP/s, 128 GB, 3,277 GB/s; software sees two 64 GB devices of 191.5 TFLOP/s, which run a matmul each):
147.0 TFLOP/s at 1024×14080×19968 on ROCm 6.2 (the table's row at commits 359ee1c and 37d41a7, 2024-08/10;
dropped at e695968, 2025-09, with the table's 'v1' rows, which "didn't reset the cache during the benchmark
and in theory should have given higher scores", and not measured again), and 127 TFLOP/s, the most another
MI250X owner reached with the same finder (stas00/ml-engineering issue 76, 2024-10-15, "it peaks at 127";
its shape not given, the 147.0 row's taken). Their median, 137.0 of 191.5 (0.715), sets the cdna2 ceiling
0.815; with the 147.0 row alone (until December 2026) it was 0.874, above the Hopper table's 0.823, and a
128-module Llama 2 7B fine-tune showed 59.5 % MFU (56.0 % now): without recomputation, which the module's
128 GB allows at micro-batch 8. Published MI250X runs report per-GCD MFU of about 30-38 % (Frontier,
Megatron-DeepSpeed, 22 B to 1 T parameters with tensor and pipeline parallelism: Dash et al., arXiv
2312.12705, as the project's issue cites it, not read here); the one published 7 B figure found, an MPT-7B
on 8 MI250 GCDs at 1,602 tokens/s per GCD, about 38 % of 181 TFLOP/s (mosaicml/llm-foundry issue 1153,
2024-04, ROCm 5.6, flash-attn 2.0.4; its recipe assumed to be llm-foundry's ``mpt-7b.yaml``: FULL_SHARD,
activation checkpointing, 2,048 tokens, 4 sequences per GCD), compares with Llama 2 7B on 4 MI250X modules
at ZeRO-3, full recomputation and micro-batch 8 a module: 1,949 tokens/s per GCD at 42.0 % MFU, 1,842 at
the MI250's peak (362 of 383 TFLOP/s, the same die with 208 of 220 CUs), +15 % (+22 % with the 147.0 row
alone: 1,960, 44.7 %). Not a calibration row (another card, and a recipe read from a default, not the run):
the ceiling is not fitted to it. The same table's NVIDIA rows agree with the fitted curves
(H100 SXM 794.5 of 989 at 2048×2048×13312, the hopper curve 0.777 of peak there, −3 %; A100 SXM 271.2
at 1024×10240×5120, the ampere curve −8 %), which is why these rows can stand in for a table."""


def _mamf_fit(family: str, cls: str) -> tuple[float, float, float, float]:
    """``E`` of a family from its published best-shape rows (:data:`MAMF_ROWS`), the median over its
    cards of the measured share over the generic curve's shape factors at the best shape, at most 1;
    the tile sizes the generic 16-bit curve's at either precision (an **assumption**: one shape per card
    does not fix them, and the generic 8-bit ``n½``, 1,534, is NVIDIA's per-tensor FP8 kernels')."""
    _, mh, nh, kh = GEMM_FITS[("generic", "16")]
    ceilings = [rate / peak * (1.0 + mh / m) * (n + nh) / n * (k + kh) / k
                for _, rate, peak, (m, n, k) in MAMF_ROWS[(family, cls)]]
    return float(min(np.median(ceilings), 1.0)), mh, nh, kh


for _family, _cls in MAMF_ROWS:
    GEMM_FITS[(_family, _cls)] = _mamf_fit(_family, _cls)

GEFORCE_ADA_CEILING = 0.967
"""Large-GEMM ceiling ``E`` of a consumer (GeForce) Ada card [share of its dense peak]. **Measured**,
published: cuBLASLt with FP16 accumulation (``CUBLAS_COMPUTE_16F``, the path llama.cpp's prompt
products take) on an RTX 4090 ran a (2·4096)×4096×4096 product at 305.8 of the card's 330.3 TFLOP/s
(github.com/aredden/torch-cublas-hgemm README, commit 8c84c7a, read December 2026; third-party,
one shape, medium confidence); over the ada curve's shape factors there (0.958) that is ``E`` =
0.967. The same README's PyTorch (FP32-accumulate) product ran at 167.0 of 165.2 TFLOP/s, and
pytorch/pytorch issue 181718 (2026-04) measured a 2040³ bf16 product at 155.9 of 165.2 on an RTX
4090, 0.855 here (−9 %): GeForce boards hold their rated boost clock (or more) under tensor load,
while the L40S the ada table was measured on (350 W for 142 SMs) does not (0.614; NVIDIA L20,
275 W, also reaches 114.7 of 119.5 TFLOP/s at 16384³, github.com/xlite-dev/HGEMM README). The
ada curve's tile sizes (``m½``, ``n½``, ``k½``: the same SM and tensor cores) are kept; the other
GeForce Ada cards (RTX 4080, 4070, …) take the 4090's ceiling, an **assumption** (no published
sweep found for them). GeForce Ampere cards: :data:`GEFORCE_AMPERE_ROWS`."""

GEMM_FITS[("ada-geforce", "16")] = (GEFORCE_ADA_CEILING, *GEMM_FITS[("ada", "16")][1:])

GEFORCE_AMPERE_ROWS: tuple[tuple[str, float, float, tuple[int, int, int]], ...] = (
    ("rtx-3090", 75.64, 71.0, (8192, 8192, 8192)),
    ("rtx-3090", 75.88, 71.0, (8192, 8192, 8192)),
    ("rtx-3090", 75.48, 71.0, (8192, 8192, 8192)),
)
"""Published FP16 matmul rates of GeForce Ampere (GA102) cards, as :data:`MAMF_ROWS`: (catalog card id,
measured [TFLOP/s], the card's catalog dense FP16 peak with FP32 accumulation it is a share of [TFLOP/s],
shape m×n×k [elements]). **Measured**, third-party, crowd-sourced: zzc0721/torch-performance-test-data
``database.md`` (commit 0785868, read December 2026), three RTX 3090 rows by three contributors (two
physical machines, one cloud instance; PyTorch 2.6-2.8), each the best of square ``torch.mm`` products of
1,024-10,240 (``test.py``: 6 warm-up and 30 timed calls; the best size is not recorded, 8,192 taken; at
4,096 or 10,240 the ceiling below is the same). PyTorch multiplies FP16 with FP32 accumulation, the 71
TFLOP/s of NVIDIA's GA102 whitepaper (Appendix A) at the 1,695 MHz boost clock: the three rows are
1.063-1.069 of it, 1.11 over the ampere curve's shape factors, because GeForce boards run above their
rated boost clock (the same table's RTX 3080 Ti: 75.56 of 68.2; Mu Li's mli/transformers-benchmarks
micro_bench.ipynb, RTX 3090 Ti: 81.3 of 80.0 at 8192³). The ceiling ``E`` is held at 1 (the datasheet
peak: no efficiency above it, as :func:`_mamf_fit`). The same table's A100 SXM rows (258.7 and 264.5 of
312) are within 5 % of the ampere curve. Its one RTX A6000 row (120.5 of 154.8, a container) would give
the professional GA102 cards 0.83 instead of the A100's 0.910, but the A6000's llama.cpp prompt row is
already predicted 13 % slow: one row, not adopted (professional GA102 cards keep the ampere curve). The
FP16-accumulate rate llama.cpp's prompt products run at (142 TFLOP/s on the RTX 3090) takes the same
ceiling, an **assumption** (no published GeForce Ampere FP16-accumulate sweep found; the RTX 4090 reaches
0.926 of its FP16-accumulate peak, :data:`GEFORCE_ADA_CEILING`)."""


def _geforce_ampere_ceiling() -> float:
    """``E`` of GeForce Ampere cards: the median of :data:`GEFORCE_AMPERE_ROWS`' measured shares over the
    ampere curve's shape factors at their shapes, at most 1 [share of the dense peak]."""
    _, mh, nh, kh = GEMM_FITS[("ampere", "16")]
    ceilings = [rate / peak / ((m / (m + mh)) * (n / (n + nh)) * (k / (k + kh)))
                for _, rate, peak, (m, n, k) in GEFORCE_AMPERE_ROWS]
    return float(min(np.median(ceilings), 1.0))


GEMM_FITS[("ampere-geforce", "16")] = (_geforce_ampere_ceiling(), *GEMM_FITS[("ampere", "16")][1:])

BOARD_FAMILIES = {"mi325x": "cdna3-mi325x"}
"""Catalog card id → the family whose ceiling its own published matmul rows set (:data:`MAMF_ROWS`), where the card's
board holds a clock under dense products that its architecture's other boards do not: the MI325X (1,000 W) runs the
MI300X's (750 W) CDNA 3 die at 1.19-1.21 times its sustained clock (AMD's Max-Achievable FLOPs, :data:`MAMF_ROWS`).
Its tile sizes are the architecture family's; no other table is keyed on ``cdna3``."""

_FAMILY_WORDS = (("blackwell", "blackwell"), ("hopper", "hopper"), ("ampere", "ampere"),
                 ("ada", "ada"), ("lovelace", "ada"), ("cdna 3", "cdna3"), ("cdna 4", "cdna4"), ("cdna 2", "cdna2"),
                 ("gaudi 2", "gaudi2"), ("gaudi 3", "gaudi3"))
"""Words in a catalog card's free-text ``architecture`` → the fitted family (the first that
occurs; 'Blackwell Ultra', 'Hopper (GH100, 114 SMs)' and 'Ada Lovelace (AD102)' all match)."""

EIGHT_BIT = frozenset({"fp8", "int8", "int4", "fp4"})
"""Precisions (:class:`~configurator.core.units.Precision` values) run through the 8-bit curve."""


CONSUMER_FAMILIES = {"ada": "ada-geforce", "ampere": "ampere-geforce"}
"""Fitted family → the family its consumer (GeForce) cards take instead (:data:`GEFORCE_ADA_CEILING`,
:data:`GEFORCE_AMPERE_ROWS`)."""


@lru_cache(maxsize=256)  # a pure function of the text: a serving copy asks three times (cleared with the shapes)
def gemm_family(architecture: str | None, consumer: bool = False, card_id: str | None = None) -> str:
    """The fitted GEMM family of a catalog architecture string, else ``generic``; a ``consumer``
    (GeForce) card takes its family's consumer curve where there is one (:data:`CONSUMER_FAMILIES`),
    and a card listed in :data:`BOARD_FAMILIES` (by its catalog ``card_id``) its board's [family name]."""
    if card_id in BOARD_FAMILIES:
        return BOARD_FAMILIES[card_id]
    text = (architecture or "").lower()
    for word, family in _FAMILY_WORDS:
        if word in text:
            return CONSUMER_FAMILIES.get(family, family) if consumer else family
    return "generic"


FP8_SCALINGS = ("dynamic", "delayed", "block")
"""Values of the training field ``fp8_scaling`` (module docstring, 'FP8 scaling'): ``dynamic`` runs
:data:`GEMM_FITS`' 8-bit curve, the others :data:`FP8_SCALING_FITS`."""

FP8_SCALING_FITS: dict[tuple[str, str], tuple[float, float, float, float]] = {
    ("hopper", "delayed"): (0.796, 95.0, 696.0, 267.0),
    ("blackwell", "delayed"): (0.724, 152.0, 1091.0, 134.0),
}
"""(family, FP8 scaling) → (E, m½, n½, k½) of FP8 products under that scaling, fitted to aiconfigurator's
tables (module docstring, 'FP8 scaling'; ``tools/fit_gemm_curves.py``). A family without its scaling's
fit takes its 8-bit curve, the dynamic one (an **assumption**: no table of the other scalings for it)."""


def product_precision(precision: str, fp8_scaling: str = "dynamic") -> str:
    """The precision key :func:`gemm_fit` reads for products at ``precision`` (a Precision value) under
    ``fp8_scaling`` (:data:`FP8_SCALINGS`): ``precision`` itself, or ``'fp8-delayed'`` / ``'fp8-block'``
    for FP8 products not dynamically scaled [key]."""
    precision = str(precision)
    return precision if precision != "fp8" or fp8_scaling == "dynamic" else f"fp8-{fp8_scaling}"


def gemm_fit(family: str, precision: str) -> tuple[float, float, float, float]:
    """(E [share of peak], m½, n½, k½ [elements]) for ``family`` at ``precision`` (a Precision value
    such as 'bf16', or a :func:`product_precision` key such as 'fp8-delayed')."""
    precision = str(precision)
    if precision.startswith("fp8-"):
        scaled = FP8_SCALING_FITS.get((family, precision[4:]))
        if scaled is not None:
            return scaled
        precision = "fp8"
    cls = "8" if precision in EIGHT_BIT else "16"
    return GEMM_FITS.get((family, cls)) or GEMM_FITS.get((family, "16")) or GEMM_FITS[("generic", cls)]


def row_inverse(m, m_half: float):
    """``1 / r(m)``: how much longer than at full rows a product of ``m`` rows takes on its compute
    side (module docstring) [-]; ``m`` a number or array, at least 1."""
    if isinstance(m, (int, float)):
        if m >= m_half:
            return 1.0 + m_half / m
        return (1.0 + M_SPLIT / m) * 2.0 * m_half / (m_half + M_SPLIT)
    # the same numbers in place: ``(1 + s/m)·2·m½`` rounds as ``(1 + s/m)·2`` (exact) then ``·m½``
    short = np.divide(M_SPLIT, m)
    short += 1.0
    short *= 2.0 * m_half
    short /= m_half + M_SPLIT
    full = np.divide(m_half, m)
    full += 1.0
    return np.where(m >= m_half, full, short)


def gemm_efficiency(m, n, k, family: str = "generic", precision: str = "bf16"):
    """Share of the dense peak a product of ``m`` rows (tokens), ``n`` output and ``k`` reduced
    features sustains on its compute side, in (0, 1] [-].

    ``η = E · r(m) · n/(n+n½) · k/(k+k½)`` with the family's fit (module docstring);
    ``m``, ``n`` and ``k`` may be numpy arrays (broadcast), sizes below 1 count as 1.
    """
    e, mh, nh, kh = gemm_fit(family, precision)
    m, n, k = (np.maximum(np.asarray(x, dtype=float), 1.0) for x in (m, n, k))
    eff = e / row_inverse(m, mh) * (n / (n + nh)) * (k / (k + kh))
    return float(eff) if np.ndim(eff) == 0 else eff


def gemm_seconds(m, n, k, peak_flops: float, bandwidth: float, element_bytes: float, family: str = "generic",
                 precision: str = "bf16", bandwidth_share: float = 1.0):
    """Time of one product on its roofline [s]: the larger of ``2mnk / (peak·η)`` and the bytes
    of A, B and C, ``(mk + kn + mn)·element_bytes``, over ``bandwidth·bandwidth_share``
    (Williams et al. 2009, "Roofline"); ``peak_flops`` [FLOP/s], ``bandwidth`` [B/s]."""
    m, n, k = (np.maximum(np.asarray(x, dtype=float), 1.0) for x in (m, n, k))
    compute = 2.0 * m * n * k / (peak_flops * gemm_efficiency(m, n, k, family, precision))
    memory = (m * k + k * n + m * n) * element_bytes / (bandwidth * bandwidth_share)
    t = np.maximum(compute, memory)
    return float(t) if np.ndim(t) == 0 else t


STREAM_EXPOSED_SHARES = {"16": 0.07, "8": 0.20}
"""Precision class → the share of a weight-streaming product's compute time that does not hide under its
weight stream [-]: a product of few rows takes ``max(W + γ·C, C)`` (:func:`streamed_seconds`), not
``max(W, C)``. **Fitted** to aiconfigurator's measured GEMM tables (ai-dynamo/aiconfigurator 095f58a,
``systems/data/{h100_sxm,h200_sxm}/gemm/{trtllm/1.3.0rc20,vllm/0.24.0,sglang/0.5.14}/gemm_perf.parquet``, read
December 2026): the growth ``t(m) − t(1)`` of the four products of a Llama 3 70B and a 405B layer at TP 8
(QKV, output, gate-up, down) over their compute time ``C(m)`` on this module's curve, m = 8-128 (where ``C < W``),
median over 2 cards × 3 engines × 2 models × 5 batches (60 ratios a class). The ratio is the tile's last
multiply-accumulate and epilogue after its last weight load, and for 8-bit the dynamic cast of the ``m × k`` input
each table times; ``tools/fit_stream_exposed.py`` prints the fit and its cross-validated error."""


def streamed_seconds(weights_s, compute_s, precision: str = "bf16"):
    """A weight-streaming product's time [s]: ``max(W + γ·C, C)`` of its weight stream ``weights_s`` and
    its compute time ``compute_s`` [s], γ the precision class's :data:`STREAM_EXPOSED_SHARES`; arrays broadcast."""
    exposed = STREAM_EXPOSED_SHARES["8" if str(precision) in EIGHT_BIT else "16"] * compute_s
    if isinstance(weights_s, float) and isinstance(compute_s, float):
        streamed = weights_s + exposed
        return streamed if streamed >= compute_s else compute_s
    return np.maximum(weights_s + exposed, compute_s)
