"""The efficiency defaults that drive every result, each named with its source.

These are the values :class:`configurator.core.scenario.Assumptions` starts with (a test holds
the two equal: ``tests/test_formulas.py``); the user can change every one of them. A value
marked **assumption** has no measurement or publication in the repository that fixes it: it is
a judgement, stated as such, and the accuracy benchmark (``benchmarks/accuracy.py``) shows how
far the results it drives land from the calibration rows. A value marked **fitted** or
**measured** is solved by a stated rule from named calibration rows (``benchmarks/loso.py``,
FITS, names the rows and the rule and solves it again with each source held out). Nothing here
is fitted to one row.
Where a publication was found that gives a different value, the docstring quotes it and the
difference; the value stays (changing it would move every result), and it stays in
:data:`UNSOURCED` until the calibration decides. The literature check behind these notes
(searches of NVIDIA, PyTorch, NCCL and FlashAttention documentation, papers and issue threads)
was made in December 2026.

``benchmarks/sensitivity.py`` prints how far each of them moves the calibration errors (the
README's "How good are the numbers?" says what it found); none is fitted to it.

Measured ceilings quoted below are from ``benchmarks/data/h200-calibration.jsonl`` (one H200 SXM,
PyTorch 2.11, CUDA 13.0): bf16 matmul 777.6 TFLOP/s of the datasheet's 989.5 dense (0.79),
device-to-device copy 4,238 GB/s of 4,800 (0.88).
"""

from __future__ import annotations

H200_BF16_MATMUL_TFLOPS = 777.6335244292765
"""Measured bf16 GEMM, 8192³, on one H200 [TFLOP/s] (``h200-calibration.jsonl``, case matmul)."""

H200_BF16_DENSE_TFLOPS = 989.5
"""The H200's datasheet dense bf16 rate [TFLOP/s] (NVIDIA H200 Tensor Core GPU datasheet)."""

H200_COPY_GBPS = 4238.209067960354
"""Measured device-to-device copy on one H200 [GB/s] (``h200-calibration.jsonl``, case copy_bw)."""

H200_DATASHEET_GBPS = 4800.0
"""The H200's datasheet HBM3e bandwidth [GB/s] (NVIDIA H200 datasheet)."""

MATMUL_EFFICIENCY = 0.767
"""Share of the GEMM rate at each product's shape on the card
(:func:`~configurator.core.formulas.gemm_efficiency.gemm_efficiency`, measured kernels alone)
that training's matrix products sustain inside a step; the rest of a step (attention,
activation traffic, communication, bubbles, the per-layer time) is modelled apart. **Fitted**
together with :data:`LAYER_OVERHEAD_S` (two fields, least squares on the log error) over every
training-throughput row of the calibration files at its stated layout (38 rows of eight
publications: the H200 rig's 9, Megatron-LM 2021, Korthikanti et al. 2022, llm-foundry,
TinyLlama, LLaMA, Llama 3, DeepSeek-V3; ``benchmarks/loso.py``, 'matrix-product efficiency and
per-layer time (training)', which names the rows) gives 0.767 with the output head's products outside
layer recomputation (:func:`~configurator.core.formulas.flops.checkpointed_matmul_factor`, session 48; 0.773
before, with the attention share by kernel
and card (:mod:`~configurator.core.formulas.attention_kernels`); 0.771 before session 37's merges and
LLaMA 65B's row without an attention rerun beside its hand-written backward; 0.773 before session 36's FP8 dispatch
bytes (DeepSeek-V3's row is in the fit); 0.774 before session 25's merge of
TE's FP8-kept inputs, the routed experts' kept inputs and DeepSeek-V3's DualPipe/MTP/BF16 head; 0.776 until the Llama 3 405B rows
took Meta's pipeline schedule, session 25; 0.760 beside one assumed 0.45,
December 2026; 0.716 when it was fitted alone beside a per-layer time of 130 µs chosen by
judgement; 0.70 before, the former 0.55 of dense peak restated over the H200's measured large-GEMM
rate). Refitted with each publication held out it gives 0.762 (without the H200 rig) to 0.808
(without llm-foundry; session 38), and the held-out publication's rows so predicted err 7.5 % median against
5.7 % in sample (``benchmarks/accuracy.py --summary``, LOSO column; 8.3 % and 6.7 % with the
attention at 0.45); each row left out in turn, 6.3 % median (46.9 % worst: llm-foundry's
64k-token MPT 7B run, +46.7 % in sample, +103 % with the attention at 0.45). Published whole-step MFU for comparison: Megatron-LM on A100 44–52 %
(Narayanan et al. 2021 Table 1), Llama 3 405B on H100 38–43 % (Dubey et al. 2024 Table 4)."""

ATTENTION_EFFICIENCY = None
"""Share of peak training's attention sustains: None, the published figure of the step's kernel on
the card's architecture (:mod:`configurator.core.formulas.attention_kernels`: FlashAttention-2 on
Ampere and Hopper, FlashAttention-3 / cuDNN on Hopper, from Dao 2023 and Shah et al. 2024 with
the pytorch/benchmark measurements), :data:`ATTENTION_FALLBACK_EFFICIENCY` where no benchmark is
listed. Until December 2026 one assumed 0.45 for every kernel and card."""

ATTENTION_FALLBACK_EFFICIENCY = 0.45
"""Share of peak of an attention kernel on a card without a published benchmark in
:data:`~configurator.core.formulas.attention_kernels.ATTENTION_KERNEL_SHARES` (Blackwell, Ada,
AMD, unfused attention) [-]. **Assumption**, the single figure used for every kernel before
December 2026: between FlashAttention-2 on the H100 (about 0.3 of peak forward and backward) and
FlashAttention-3 there (0.5-0.6), closer to neither."""

BANDWIDTH_EFFICIENCY = 0.80
"""Share of memory bandwidth sustained by element-wise kernels (activation traffic, optimizer
step). **Assumption**, below the measured copy ceiling on the H200 (4,238 / 4,800 = 0.88): real
kernels read and write smaller, strided tensors than a 4 GiB copy. No published measurement of
element-wise kernels' share of bandwidth inside a training step was found."""

DECODE_BANDWIDTH_EFFICIENCY = 0.88
"""Share of datasheet bandwidth a streaming kernel reaches: measured H200 device-to-device copy
4,238.2 / 4,800 GB/s = 0.883 (``h200-calibration.jsonl``, case copy_bw). The same share on every
card, an **assumption**. One harness across cards (checked December 2026): BabelStream in the Azure
AI-benchmarking-guide (github.com/Azure/AI-benchmarking-guide, Azure_Results/ND_*_results.md, 'HBM
Bandwidth'; A100, H100, H200 at ae0b6a7, MI300X at 3de0c29 and its rerun bf209ab) copies at 1.61 TB/s
on the A100 SXM 80GB (0.79 of 2,039 GB/s), 2.90 on the H100 SXM (0.87 of 3,350), 4.01 on the H200
(0.835 of 4,800) and 4.11-4.15 on the MI300X (0.78 of 5,300); its read-only Dot at 0.86, 0.95, 0.93
and 0.73-0.75. Against the H200 the MI300X streams about 7 % (copy) to 20 % (dot) less of its
datasheet, the A100 about 5 % less, the H100 about 4 % more; a single-GPU MI300X-vs-H200 comparison
under one vLLM version (github.com/alpharomercoma/MI300X-vs-H200, REPORT.md at 6077fdc, its summary
table: Llama 70B FP8 single stream, a weight-stream-bound case, H200 1.12x faster where the
datasheets give the MI300X 1.10x the bandwidth) puts the MI300X at about 0.81 of the H200's share,
its per-layer time included. Not made per card (December 2026): the MI300X's serving rows err mostly
in the products (``benchmarks/data/held-out.json``, the oci-mi300x and mlperf41 MI300X rows' notes;
0.93 x 0.88 on the MI300X takes 5 points off the Oracle rows' +27 .. +49 % at batch 1-32 and at most
1.5 off the MLPerf rows' +24 .. +45 %); a card-by-card figure would leave unmeasured siblings (MI325X,
MI300A, H800, H20, …) at 0.88 and rank them above measured ones (the README's serving question: the
MI300X at 0.93 x 0.88 needs 12 cards, not 11, and the unmeasured MI325X comes first); and the harness
alone moves the H200's share by 5 % (BabelStream copy 0.835, the rig's torch copy 0.883), the size of
the differences between cards. Nor per architecture: the H100 (HBM3) and the H200 (HBM3e), both
Hopper, differ by 4 % in the same harness, so the share belongs to the card's memory system, which
only a measurement of each card gives (scaled to the rig as copy share x 0.883 / 0.835: the MI300X
0.82, the A100 SXM 80GB 0.84, the H100 SXM 0.92). The MI300X's share of its FP8 products
(:mod:`~configurator.core.formulas.gemm_efficiency`) moves its serving rows more."""

PREFILL_EFFICIENCY = 0.958
"""Share of the GEMM rate at each product's shape on the card
(:func:`~configurator.core.formulas.gemm_efficiency.gemm_efficiency`) that a serving step's
products sustain (decode, and the load model's steps carrying prompt tokens beside decodes; an
engine's prompt kernels reach their own share of it, ``EngineProfile.prefill_share``; a prompt
prefilled alone on an idle copy reads :data:`PROMPT_EFFICIENCY` instead, since 2026-12-06): below 1
because the shape curve is fitted to kernels timed
alone (aiconfigurator's tables) and a serving step runs them between norms, rotary embeddings,
activations and sampling, which the serving model does not count apart. **Fitted**: least
squares on the log error over the prefill rows of engines without a prompt share of their own
(10 rows of three publications: the H200 rig's PyTorch prefill, TensorRT-LLM's time-to-first-token
table, NVIDIA's H100-vs-A100 blog; ``benchmarks/loso.py``, 'prefill efficiency (serving)'), each
priced as the load model prices a step carrying the prompt (its weight read added to its products:
:data:`PROMPT_OVERLAP` 0, the products at this efficiency), beside
:data:`PREFILL_LAYER_OVERHEAD_S` as the prompt's fit gives it for the fused engines (154.3 µs), gives 0.958
(session 49, 2026-12-06, the two rules solved in turn until neither moves, ``benchmarks/loso_chain.py``; 0.936
beside the 130 µs once chosen by judgement, 2026-12-06, once TensorRT-LLM's weight share took its kernel
tables' 0.85, ``engines.TENSORRT_LLM``: its time-to-first-token rows read the weight stream; 0.927 before,
2026-12-04, once the H200 rig's eager engine had its prompt's elementwise traffic and host dispatch counted,
:mod:`~configurator.core.formulas.eager_layer`, in place of the 130 µs: its row −16 → −7 %; each row
left out 13.9 → 11.8 % median; 0.908 before, December 2026, with a prompt's
output head run at its last position only, as the engines do,
:func:`~configurator.core.prefill_time.prefill_flops`: Llama 3 8B's prompt products 7 % fewer,
70B's 1.5 %; 0.928 with the head at every prompt token; with a prompt's attention charged at the
engine's attention kernel, :mod:`configurator.core.prefill_attention`: the H200 rig's PyTorch
prefill runs FlashAttention-2 on Hopper at 0.35 of peak; 0.921 when attention ran at the
products' rate; 0.85 before, chosen by judgement). Refitted with each publication held out it
gives 0.786 (without TensorRT-LLM's eight rows, from two rows) to 0.943 (without the H200 rig);
each row left out in turn, 13.8 % median error (48.3 % worst: TensorRT-LLM's Llama 2 7B TTFT on
an L40S) at 0.908. Fitted
together with the per-layer time instead (two fields) it gives 0.871 with 84 µs, better in sample
and worse out of source (see :data:`PREFILL_LAYER_OVERHEAD_S`). It feeds every serving kind —
prefill, the compute-bound part of decode, serving throughput, MLPerf server and offline,
latency under load — which are predicted with it, not fitted; llama.cpp's prompt share
multiplies it and was solved again after it (``engines.LLAMA_CPP``)."""

PROMPT_EFFICIENCY = 0.837
"""Share of the GEMM rate at each product's shape on the card
(:func:`~configurator.core.formulas.gemm_efficiency.gemm_efficiency`) that a prompt's products sustain
when the prompt is prefilled alone on an idle copy (time to first token, a prefill pool's prompts:
:func:`~configurator.core.prefill_time.prefill_seconds`), its chunk's weight stream running under them
(:data:`PROMPT_OVERLAP`); an engine's prompt kernels reach their own share of it
(``EngineProfile.prefill_share``). **Fitted**: least squares on the log error over the prefill rows of
engines without a prompt share of their own (the 10 rows of three publications :data:`PREFILL_EFFICIENCY`
was fitted to; ``benchmarks/loso.py``, 'prompt efficiency (prefill)'), together with
:data:`PREFILL_LAYER_OVERHEAD_S` (two fields), gives 0.837 with 154.3 µs (session 49, 2026-12-06; 0.827 beside the
130 µs once chosen by judgement, 2026-12-06). It lies below the serving steps'
:data:`PREFILL_EFFICIENCY` because those steps are priced with the weight stream added to the products (the
load model's step carrying a prompt, :mod:`configurator.core.load`), and the efficiency fitted under the sum
absorbed the ≈10 % the stream adds to a 7B's 2,048-token products; with the stream under the products
(:data:`PROMPT_OVERLAP`) the same rows ask for the products' own rate. One efficiency for both regimes fails:
the serving rows (MLPerf server and offline) want 0.96, the prefill rows under the roofline 0.84
(``benchmarks/data/notes-prefill-overlap-2026-12-06.md``, ``notes-prompt-efficiency-2026-12-06.md``)."""

PROMPT_OVERLAP = 1.0
"""Share of the shorter of a prompt chunk's weight stream and its products that runs under the longer
[-] (:func:`~configurator.core.prefill_time.overlapped_seconds`): 1, the roofline, the chunk takes the larger
of the two (Williams, Waterman and Patterson, "Roofline: an insightful visual performance model for
multicore architectures", Commun. ACM 52(4), 2009). **Derived** from how the products run: a GEMM's
mainloop loads the next k-tiles of its operands (the weights) while the tensor cores multiply the current
ones (NVIDIA CUTLASS's multistage mainloop, ``cp.async`` stages in flight beside ``mma``), so a product's
time is its operands' stream or its arithmetic, whichever is longer; the shape curve
(:mod:`~configurator.core.formulas.gemm_efficiency`) prices the arithmetic side only. 0 gives the sum, as
the load model's steps price a prompt beside decodes (and as :data:`PREFILL_EFFICIENCY`'s rule reads the
prefill rows)."""

LINK_EFFICIENCY = 0.75
"""Share of link bandwidth that collectives reach (bus bandwidth over one-way link bandwidth;
the relation is nccl-tests ``doc/PERFORMANCE.md``), inside the published measurements: on the
H100 (NVLink 450 GB/s one way) NCCL reaches "an effective NVLink bandwidth of 370GB/s" with its
~20 % protocol overhead, ring algorithm, 0.82 (S. Jeaugey, NCCL maintainer, NVIDIA/nccl-tests
issue 212, 2024); on the A100 (300 GB/s one way) all_reduce_perf measures a bus bandwidth of
208 GB/s over NVLink, 0.69 (NVIDIA/nccl-tests issue 178, 2023), and ~200 GB/s on eight GPUs,
0.67 (NVIDIA/nccl-tests issue 149, 2023). The three give 0.67–0.82, mean 0.73. NVLink SHARP
all-reduces report bus bandwidths above the line rate (480 GB/s on H100, issue 212; 475 GB/s on
H200, issue 272) and are not what this share describes. Issues are at
github.com/NVIDIA/nccl-tests/issues/<number>."""

COMM_OVERLAP = 0.7
"""Share of a compute window that hides communication (data-parallel buckets behind the
backward pass, context-parallel ring behind attention, offload streams behind compute).
**Assumption**: no overlap measurement is in the repository, and no primary publication giving
the hidden share was found (searched: PyTorch DDP and FSDP documentation and issues, nccl-tests,
Megatron-LM); a secondary tutorial (factryze.ai, "Compute-Communication Overlap") quotes 60–90 %
hidden for data-parallel gradients without a measurement."""

LAYER_OVERHEAD_S = 4.51e-4
"""Time per layer per forward-pass equivalent of a training step beyond the roofline terms:
kernel launches, framework dispatch and the gaps between a layer's small kernels [s] (a step
counts three passes, forward 1 and backward 2, four with full recomputation:
:data:`~configurator.core.formulas.timing.TRAINING_PASSES`). **Fitted** together with
:data:`MATMUL_EFFICIENCY` (two fields, least squares on the log error) over every
training-throughput row at its stated layout (38 rows of eight publications;
``benchmarks/loso.py``, 'matrix-product efficiency and per-layer time (training)'): 451 µs with the output head's
products outside layer recomputation (:func:`~configurator.core.formulas.flops.checkpointed_matmul_factor`, session
48); 446 µs with the interleaved
schedule's pipeline sends hidden (:func:`~.parallelism.pipeline_p2p_exposed_seconds`, session 42; 450 µs before), the
attention share by kernel and card and full recomputation's forward tensor-parallel collectives charged
(:data:`~configurator.core.training_speed.RECOMPUTED_TP_COLLECTIVES_PER_LAYER`; 465 µs before them, session 38;
462 µs before session 37's merges and LLaMA 65B's row without
an attention rerun, the rule then 464.0 µs, 464.7 µs after; 464 µs before session 36's FP8 dispatch bytes; 461 µs before session 25's merge of the FP8/MoE memory and
DeepSeek-V3 mechanisms; 466 µs until the Llama 3 405B rows took Meta's pipeline
schedule, session 25; 474 µs beside one assumed 0.45, December 2026; 130 µs before,
chosen by judgement with the H200 rows in view). The rows that
separate it from the products are the small-batch ones: the H200 rig's Llama 3.2 1B at 1, 4 and
8 sequences of 2,048 tokens take 69.8, 190.2 and 355.8 ms, a line of 41 ms per sequence plus
24–29 ms per step whatever the batch, which the products cannot give. Refitted with each
publication held out it gives 284 µs (without the H200 rig: the 29 published runs alone) to
526 µs (without Megatron-LM 2021) (session 38; 311–523 µs before full recomputation's collectives). For scale: eager PyTorch spends 9.4 µs of host time per kernel
on a DGX H100 (NVIDIA/Fuser issue 3507, 2024: 0.616 ms for the 65 kernels of a one-layer Llama
3.2 1B forward), so 450 µs is about 48 eager kernels' dispatch, the kernel count of an unfused
Llama layer (two fp32 RMSNorms of ≈8 kernels, seven autocast weight casts, RoPE, the GQA repeat,
attention, seven GEMMs, SwiGLU, two residual adds). It is an average over the calibration's
frameworks (eager PyTorch, llm-foundry, Megatron-LM); fused Megatron layers launch fewer kernels,
and their small-micro-batch runs are the rows it moves most (Megatron-LM 18B: −4.6 % → −16.3 %). Since
2026-12-04 an eager step also has a floor, the host's launches of its kernels counted op by op
(:func:`~configurator.core.adapter_speed.eager_host_floor_seconds`, 25 µs an op): the step is the larger
of the two, so where the floor binds (LoRA on the rig's 1B and 3B at 2,048 tokens) this time is inside
it, not added. No fitting row is host-bound (the rig's full-training 1B at one sequence: a 50 ms floor
under a 68 ms step), so the rule gives what it gave without the floor (0.7715 and 462 µs on the day's
formulas, against the 0.773 and 464 µs then shipped)."""

PREFILL_LAYER_OVERHEAD_S = 1.543e-4
"""Time per layer per prefill chunk beyond the roofline, for engines without a figure of their own
(``EngineProfile.prefill_layer_overhead_s`` None: the fused engines, vLLM, SGLang, TensorRT-LLM and
llama.cpp) [s]. The eager engine the H200 rig ran (``engines.TRANSFORMERS``) no longer takes it: since
2026-12-04 its layer is counted (:mod:`~configurator.core.formulas.eager_layer`: the elementwise
kernels' traffic per token, and the host's dispatch of 41 kernels a layer as a floor), which the
grid's nine prefill rows at 512-131,072 tokens check (−10.1 … +1.5 % at the refitted efficiency; −37.8 … −11.5 % with 130 µs),
as the text below said they would. **Fitted** for the fused engines together with :data:`PROMPT_EFFICIENCY`
(two fields, least squares on the log error) over the ten prefill rows of three publications, each priced as a
prompt prefilled alone under the roofline (``benchmarks/loso.py``, 'prompt efficiency (prefill)'), beside the
serving steps' :data:`PREFILL_EFFICIENCY` as its rule gives it over this figure (the two rules solved in turn
until neither moves: ``benchmarks/loso_chain.py``): 154.3 µs with 0.837, the serving steps' efficiency 0.958
(session 49, 2026-12-06; 130 µs before, chosen by judgement with the H200 rows in view, kept for prefill when
training's :data:`LAYER_OVERHEAD_S` was fitted: ``benchmarks/defaults_registry.py``, DERIVED, keeps its history).
Each fitting row left out in turn, 9.6 % median, 47.2 % worst (10.2 % and 50.8 % with the prompt efficiency
alone beside 130 µs). Against 130 µs (median |error| %, in sample / each publication left out / held out):
prefill 6.9 / 8.6 / 9.7 → 6.6 / 8.1 / 11.0, serving throughput 7.8 / 9.4 / 21.4 → 8.8 / 8.7 / 20.7, serving
latency held out 40.4 → 33.4 (capacity misses 32 → 24), serving-server held out 8.7 → 9.4
(``benchmarks/data/notes-prefill-fitted-2026-12-06.md``). Of the ten rows only
TensorRT-LLM's three 128-token prompts separate it from the products, and the figure is a fit, not a count: the
counted fused layer gives 24-51 µs (below), and the fit carries what those rows leave beyond the count and the
roofline, 96-144 µs a layer, the size of the eager host launches and of FP8's slower weight stream, neither priced
(``benchmarks/data/notes-prefill-derived-2026-12-06.md``). Earlier fits of the two fields, not shipped then: beside
:data:`PREFILL_EFFICIENCY` over the ten rows it came out 84 µs (with 0.871): better in sample (prefill median
error 15.1 % → 11.3 %) but worse with each publication held out (prefill 9.5 % → 13.0 %, serving throughput
10.3 % → 12.6 %, serving latency 20.2 % → 29.7 %; ``benchmarks/accuracy.py --summary``, LOSO column). Again
2026-12-06, with TensorRT-LLM's two shares at its kernel tables' 0.85 / 0.98: the two fields solve to 79 µs with
0.883, and the held-out serving-latency median goes 27.8 % → 35.4 %; the derived 45 µs (the efficiency refitted
to 0.841) takes it to 34.1 % (``benchmarks/data/notes-informed-defaults-2026-12-06-b.md``). Again 2026-12-06,
beside the prompt's own :data:`PROMPT_EFFICIENCY` under the roofline, the fit shipped now: held-out
serving-latency 41.5 % → 35.8 %, held-out prefill 9.7 % → 11.0 %, serving-server 8.6 % → 9.3 %
(``benchmarks/data/notes-prompt-efficiency-2026-12-06.md``).

**Why no first-principles figure replaces the fit** (issue 27, 2026-12-03). Counted for the engine the
H200 prefill row ran — plain eager PyTorch as ``benchmarks/data/README.md`` describes it (not
Hugging Face's ``LlamaDecoderLayer``; the rig's script is not in the repository, so counted on
``benchmarks/gpu_grid_model.py`` ``Block`` and ``RMSNorm``, which rebuild it from that description)
— a Llama layer launches 40 kernels: two fp32 RMSNorms of 9 (cast, pow, mean, +eps, rsqrt, two
multiplies, the weight's cast, the cast back), seven GEMMs, rotary embeddings of 5 on q and on k
(neg, cat, two multiplies, add), flash attention, SiLU, the gate multiply and two residual adds. At
9.4 µs of eager host time per kernel (NVIDIA/Fuser issue 3507, DGX H100) that is 376 µs per layer of
dispatch; the host runs ahead of the GPU, so it is hidden wherever the layer's GPU time is longer.
On the row (Llama 3 8B, 2,048 tokens) the layer's GPU time is ≈2 ms (63.0 ms / 32), so the dispatch
is hidden, and what lies beyond the roofline is the GPU's: the elementwise kernels' traffic, 0.62 MB
per token per layer (the norms 2 × 40·h bytes at h = 4,096, rotary 20 bytes per q/k element, the
residual adds 2 × 6·h, SwiGLU's 10·f at f = 14,336), 301 µs per layer at the measured copy
bandwidth, against 450 µs per layer the row leaves beyond today's products and weight read (its
−16.3 %). At 128 tokens the same layer would be host-bound instead (≈195 µs of GPU work: the weights
103 µs, the products 72 µs at the measured GEMM ceiling, elementwise 19 µs, under 376 µs of
dispatch). So for this engine the term is neither per layer nor per chunk: it is max(dispatch, GPU)
− roofline, ≈180 µs per layer at short prompts and growing with the chunk (1.2 ms per layer of
elementwise traffic at 8,192 tokens); 130 µs is below both regimes. And the same default serves
TensorRT-LLM, whose eight time-to-first-token rows are most of the fit: its fused layer (one QKV
GEMM, the attention plugin, GatedMLP's three GEMMs, two norms: ``tensorrt_llm/layers/attention.py``
and ``layers/mlp.py``, commit 027cd518) moves little elementwise traffic and launches its engine's
kernels from TensorRT's C++ runtime, so a count gives it a few tens of µs; given its own 20 µs (its
decode figure) the rule refits the efficiency to 0.78 and puts its 128-token rows at −14 % (7B,
H100) and −24 % (70B): those rows want 50–130 µs per layer (its table has two prompt lengths a card,
128 and 2,048 tokens), which no kernel count of that layer gives (what else they hold — the
runtime's step, the FP8 GEMMs at 128 rows — they cannot tell apart). One figure for both engines
cannot be counted; per engine, the eager PyTorch one needs a formula in the chunk's tokens, which
only rows at several chunk sizes can check. **What would replace the fit with a count**: the prefill cases of
``benchmarks/gpu_grid.py`` (Llama 3 8B in this engine at batch 1/4/16 × prompts of 512/2,048/8,192
tokens: the time against tokens at a fixed layer count separates the per-chunk from the per-token
part), and for TensorRT-LLM its time to first token at three or more prompt lengths on one card (or
a timeline of one context step)."""

NETWORK_GBPS_PER_CARD = 50.0
"""Scale-out network per card, one way [GB/s]: one 400 Gb/s NIC per GPU = 50 GB/s, as the
rail-optimised HGX/DGX H100 compute fabric has it (NVIDIA DGX H100 User Guide, "Hardware
Overview": eight single-port ConnectX-7 400 Gb/s for eight GPUs)."""

NETWORK_GBPS_PER_PCIE_CARD = 12.5
"""The same for PCIe cards [GB/s]: one 200 Gb/s NIC per two cards = 12.5 GB/s. **Assumption**
about how PCIe servers are built. NVIDIA's reference design: the "PCIe Optimized 2-8-5"
configuration has 2 CPUs, 8 GPUs and 5 network adapters (NVIDIA AI Enterprise Reference
Architecture, "Compute Node Hardware", docs.nvidia.com, 2025), so with one adapter for the
north-south network about one per two cards, as here; the adapters' speed was not found in
what could be read (a summary of the Enterprise RA guide, libertify.com, gives 200–400 Gb/s
per GPU east-west for the designs in general, 25–50 GB/s, two to four times this default)."""

CPU_OPTIMIZER_PARAMS_PER_S = 3.9e9
"""Parameters the host CPUs of one server update per second with offloaded Adam [1/s]:
ZeRO-Offload's CPU-Adam updates 10 B parameters in 2.57 s on a DGX-2's two Xeon 8168
(Ren et al. 2021, Table 2) = 3.9e9 /s. The same rate is charged for the optimizer the other two
trainers run on the host (session 51, offload51; ``formulas/host_offload.py``), PyTorch's
``torch.optim.AdamW(fused=True)`` on CPU tensors (Megatron-LM's ``HybridDeviceOptimizer``:
``fused=True`` in NVIDIA/Megatron-LM d98e8a6 ``megatron/core/optimizer/__init__.py``; torchtitan's
``optimizer.implementation`` defaults to ``"fused"``, v0.2.2 73a0e69): both are vectorised, threaded
kernels bound by host memory, and the two published ratios meet — DeepSpeed's CPU-Adam "provides
between 5x to 7x speedup over torch.optim.adam(W)" (deepspeedai/DeepSpeed edaa722
``deepspeed/ops/adam/cpu_adam.py``), PyTorch's fused CPU kernel 5.1× its for-loop AdamW on a 56-core
Sapphire Rapids (pytorch/pytorch PR 123074, 2024) — so the fused kernel runs at 0.7–1.0 × CPU-Adam's
rate. It holds with every core at work: torchrun sets ``OMP_NUM_THREADS=1`` for each of several
processes when unset (``torch/distributed/run.py``), and torchtune, which sets all threads for the
offloaded step, reports "~2x" for it (``recipes/full_finetune_distributed.py``); the launch file asks
for the threads (``launch/notes.py`` ``offload-threads``)."""

CUDA_CONTEXT_GIB = 0.5
"""CUDA context and library workspaces [GiB]. **Assumption** inside the documented range of
0.3–1.3 GB that ``shared/design/estimator.md`` records (Hugging Face "Model training anatomy"
measures 1.34 GB on a V100); not measured on its own in the repository. Since CUDA 11.7 loads
kernels lazily, the context alone takes "~300MB" (P. Bialecki, pytorch/pytorch issue 107667,
2023), 0.28 GiB, against over 1,000 MB before; the other ~0.2 GiB here stands for cuBLAS
workspaces and NCCL buffers, which no source found sizes for a whole process."""

ALLOCATOR_OVERHEAD = 0.039
"""Caching-allocator reserve over peak allocated in training. **Measured**: the median over sources
of each source's median ``reserved / peak − 1`` (PyTorch ``max_memory_reserved`` over
``max_memory_allocated``) of the H200 training runs without recomputation at the allocator's defaults
in ``h200-calibration.jsonl`` (``benchmarks/loso.py``, 'allocator reserve'), December 2026: the first
campaign's six runs (1.4–5.6 %, median 3.9 %; the SGD run, whose reserve was carried over from the
run before it, is left out) and the prepared grid's fourteen (Llama 3.2 1B at 4k–28k tokens, the same
16k tokens as 2–16 sequences, 3B at 2k–12k: 0.2–13.8 %, median 3.9 %): 0.039, as the first campaign
alone gave (0.06 before that).
Each campaign's reserved memory predicted from the other's errs as ``benchmarks/loso.py`` reports. The
spread is wide (the 1B at 24k tokens reserved 13.8 % over its peak, at 20k 0.9 %) and not ordered by
size; with expandable segments (``PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True``) the grid's same
runs reserved 0.2–0.3 % over the peak, and the 1B at 32k tokens, out of memory at the defaults, ran.
No published survey of the reserve was found; single reports range from a few percent to doubling
(reserved 127 GB while 61 GB were allocated, after a step rather than at the peak, in one RL trainer
without expandable segments; nvidia-cosmos/cosmos-rl PR 388, 2025).

**Why it is measured, not derived** (PyTorch ``c10/cuda/CUDACachingAllocator.cpp``): requests are
rounded up to 512 B (``kMinBlockSize``); those up to 1 MiB share 2 MiB segments (``kSmallBuffer``),
those up to 10 MiB 20 MiB segments (``kLargeBuffer``), larger ones get a segment of their size rounded
up to 2 MiB (``kRoundLarge``), and a cached block is split for a smaller request when more than
1 MiB would remain, so rounding leaves at most 1 MiB unused a segment. On the rig it leaves
almost nothing: the 1B model's tensors (2,048- and 8,192-wide activations of 1–8 sequences of
2,048 or 4,096 tokens, its weights, the logits over 128,256 entries) are whole multiples of 2 MiB
or under 10 MiB, all but the 16-bit embedding (501 MiB, 1 MiB rounded). So the 1.4–5.6 %
measured is fragmentation: cached free blocks that the step's later requests do not fit, which
depends on the order and sizes of the requests, not on a count a formula can make. Where a layout
is near the card's memory the reserve is smaller than this figure, measured with room to spare:
before it reports out of memory the allocator frees every cached segment with no block in use and
retries (``malloc``: ``release_cached_blocks`` "Free all non-split cached blocks and retry alloc"), so
only the free pieces of segments still in use remain — yet the grid's 1B at 32k tokens ran out of memory
with 6.8 GiB reserved and free (4.9 % of its 139.8 GiB) beside a 15.7 GiB request, and its 3B at 16k
with 4.5 GiB (a 7.8 GiB request). This figure is kept as the reserve a layout needs, so a layout judged
not to fit by less than it may fit (Llama 3.1 405B at Meta's layout without recomputation: 1.3 % over;
``tests/test_pipeline_schedule.py``)."""

ALLOCATOR_OVERHEAD_RECOMPUTE = 0.249
"""The same when layers are rebuilt in backward (full recomputation, torchtitan's per-op
selective policy): the rebuilt layer's tensors are allocated between the gradients' and the
freed activations', so cached blocks fit the requests less well. **Measured**: the median over
sources of each source's median ``reserved / peak − 1`` of the training runs with recomputation that
report both figures (``benchmarks/loso.py``, 'allocator reserve with recomputation'), December 2026:
the H200 rig's first campaign (24.1 and 25.8 %, batch 4 and 8), its prepared grid (28 runs of the 1B and
3B shapes at 4k–32k tokens, full and per-op: 7.0–21.6 %, median 14.1 %; the same tokens as 1–16
sequences reserved the same to the byte, so the batch is not what sets it) and
llama-recipes pull request 41 (A. Gu, 2023-07-25: FSDP LoRA of Llama 2 7B in pure bf16 on 4 A100 40GB
with every layer checkpointed, peak reserved over peak active 26.3, 35.4 and 27.2 %;
``benchmarks/data/published-calibration.json`` rows ``mr-llamarecipes-pr41-*``): 0.249 (0.263 before
the grid, the median of the five rows then). One vote per source: the grid's 19 runs of one set-up would
otherwise set it alone (the pooled median is 0.147). Each source predicted from the others errs as
``benchmarks/loso.py`` reports (the grid's runs from the other two, 0.261: about +10 % on their reserved
memory). The held-out rows of two other publications that report
``max_memory_reserved`` of runs that recompute check it through the estimator's peak (their
reserved figure over the predicted peak allocated, less one; December 2026, after the step's
phases and DDP's buckets were counted): torchtitan's December 2024 rows on H100, Llama 3.1 8B
with the per-op policy in bf16 23.8 and 19.5 %, with full recomputation in FP8 (70B at TP 8, 8B
at 32k–256k tokens) 25.2–31.2 %, median of the seven 25.4 %; Trainy's June 2025 Llama 3.1 8B
rows with the per-op policy in FP8 on 32 and 64 H200, compiled, 12.8 and 14.3 % (their reserved memory is predicted 10–12 %
high, and which of the peak or the reserve is off, these rows cannot tell; figures of 2026-12-03, after the compiled loss
and FSDP's missing autocast copy were counted: 20.4, 19.3, 2.3 and 3.8 % before). A check of the peak and the reserve
together, not a measurement of the reserve, so not a fit: the rows stay held out. One-GPU runs that give both
nvidia-smi's memory and the peak allocated (fms-acceleration, May 2024, A100 80GB, 4,096-token sequences; held-out set
``reserve-recompute-2026-12-05c``) show the reserve growing with the tokens and not with a frozen base (LoRA over a
13.5 GiB fp16 base and QLoRA over a 4.0 GiB NF4 one left the same 4.7 GiB beside the peak at batch 4; Llama 2 70B
QLoRA 7.6 GiB, reserve and context, where 15.7 are predicted); charging it on the peak less the frozen base worsens the held-out memory median (4.8 -> 5.0 %),
because adapter peaks the estimate misses lean on it: ``benchmarks/data/notes-reserve-recompute-2026-12-05c.md``.
The figure shown (what the allocator typically holds), not the one a fit is judged on: near the card's limit the
allocator gives this cache back but for :data:`ALLOCATOR_OVERHEAD` (``formulas.states.fit_reserve``; the H100 rig's 1B
at 32k tokens ran with 4.1 %: ``benchmarks/data/notes-allocator-fit-2026-12-05.md``)."""

USABLE_MEMORY_FRACTION = 0.99
"""Usable share of marketed memory when the catalog has no measurement: an H200 sold as 141 GB
(binary) shows 139.8 GiB to PyTorch (150,109,880,320 B in ``h200-calibration.jsonl``: 0.9915);
an H100 80 GB shows 79.2 GiB (0.99)."""

ENCODER_FPS_1080P = 240.0
"""1080p frames one NVENC engine encodes per second at preset P4 [1/s]: one 2160p60 stream (or
8 × 1080p30) per encoding chip (vMix knowledge base 171), matching a measured 262–284 frames/s
1080p HEVC on one Turing NVENC (github.com/rigaya/NVEnc issue 88); see
:mod:`configurator.core.graphics`."""

DECODER_FPS_1080P = 240.0
"""1080p frames one NVDEC engine decodes per second [1/s]. **Assumption**: set equal to the
encoder's rate; no decoder measurement or table is in the repository. NVIDIA's per-engine table
(NVDEC Application Note, "NVDEC Performance", Video Codec SDK 13.0) could not be read from the
stored copy. The figures found are higher: a video-analytics vendor sizes one NVDEC at 25
streams of 2 MP at 25 frames/s in H.264 (625 frames/s) and 50 in HEVC (1,250 frames/s)
(Incoresoft IVIG documentation, "GPU Selection Recommendations for Video Analytics",
docs.incoresoft.com), and an RTX 4090 (one NVDEC, 5th generation) decodes HEVC 2688×1520 at
543 frames/s through ``ffmpeg -hwaccel nvdec`` (GitHub BalticSeabird/Auklab_ObjectDetection,
``optimization_archive/NVDEC_PERFORMANCE_RESULTS.md``), about 1,070 frames/s at 1080p by pixel
rate: 2.6 (H.264) to 5 (HEVC) times this default. With equal per-engine rates the encoders bind
wherever a card has no more NVENC than NVDEC (L4: 2 and 4), so a higher decoder rate changes
few results: at 1,070 only the decoder capacity of the golden L4 transcoding scenario moves (32 →
142 streams per card; the encoders, 16, still limit it)."""

VIDEO_SURFACES_PER_STREAM = 16
"""Decoded frames each transcoding stream keeps on the card [count]. **Assumption** (decoder
reference frames plus the encoder's look-ahead queue); not measured here. Bounds found: NVIDIA
recommends reference frames + 3 video surfaces for progressive decoding (NVIDIA Linux driver
README, 185.x, appendix H "VDPAU", section 3), and NVIDIA's VideoProcessingFramework allocates the
decoder's minimum + 3 (PR 483, 2023); an H.264 level 4.1 stream at 1080p holds at most 4
reference frames (ITU-T H.264 Table A-1, MaxDpbMbs 32,768 / 8,160 macroblocks), so 7 for decoding;
the encoder's input queue adds FFmpeg ``nvenc``'s surface pool (its ``-surfaces`` option). 16
is within decode + encode, not fixed by any of them."""

MAX_VGPUS_PER_GPU = 32
"""vGPU instances one GPU can host [count]: "max vGPU per GPU is 32" (NVIDIA
open-gpu-kernel-modules, src/nvidia/src/kernel/virtualization/kernel_vgpu_mgr.c); NVIDIA's A40
table lists A40-1Q at 32 per GPU."""

CONSUMER_ENCODE_SESSIONS = 8
"""NVENC sessions a consumer (GeForce) driver allows per system [count] (vMix knowledge base
171, "Hardware encoding with NVIDIA graphics", 2025)."""

VDI_VCPUS_PER_DESKTOP = 4
"""Virtual CPUs of one knowledge-worker desktop [vCPU] (NVIDIA Virtual PC Sizing Guide, 'Testing
Methodology', VM configuration of the nVector knowledge-worker tests: 4 vCPU, 6,144 MB vRAM)."""

VDI_RAM_GIB_PER_DESKTOP = 6.0
"""Memory of one knowledge-worker desktop, not overcommitted [GiB] (the same VM configuration
(NVIDIA Virtual PC Sizing Guide): 6,144 MB vRAM)."""

VDI_VCPUS_PER_CORE = 6.0
"""**Assumption**: vCPUs a host schedules on one physical core for knowledge-worker desktops, the CPU
overcommit [vCPU/core]: the middle of the 4–8 : 1 commonly planned for task and knowledge workers;
VMware's Horizon View 5.2 architecture planning guide gives "8 to 10 virtual desktops" per core for
one-vCPU Windows 7 desktops (an upper bound), NVIDIA's RTX vWS sizing guide 16–24 light users of 4
vCPU on a 1U or 2U server (a lower one)."""

ASSUMPTION_DEFAULTS = {
    "matmul_efficiency": MATMUL_EFFICIENCY,
    "attention_efficiency": ATTENTION_EFFICIENCY,
    "bandwidth_efficiency": BANDWIDTH_EFFICIENCY,
    "decode_bandwidth_efficiency": DECODE_BANDWIDTH_EFFICIENCY,
    "prefill_efficiency": PREFILL_EFFICIENCY,
    "prompt_efficiency": PROMPT_EFFICIENCY,
    "prompt_overlap": PROMPT_OVERLAP,
    "link_efficiency": LINK_EFFICIENCY,
    "comm_overlap": COMM_OVERLAP,
    "layer_overhead_s": LAYER_OVERHEAD_S,
    "prefill_layer_overhead_s": PREFILL_LAYER_OVERHEAD_S,
    "network_gbps_per_card": NETWORK_GBPS_PER_CARD,
    "network_gbps_per_pcie_card": NETWORK_GBPS_PER_PCIE_CARD,
    "cpu_optimizer_params_per_s": CPU_OPTIMIZER_PARAMS_PER_S,
    "cuda_context_gib": CUDA_CONTEXT_GIB,
    "allocator_overhead": ALLOCATOR_OVERHEAD,
    "allocator_overhead_recompute": ALLOCATOR_OVERHEAD_RECOMPUTE,
    "usable_memory_fraction": USABLE_MEMORY_FRACTION,
    "encoder_fps_1080p": ENCODER_FPS_1080P,
    "decoder_fps_1080p": DECODER_FPS_1080P,
    "video_surfaces_per_stream": VIDEO_SURFACES_PER_STREAM,
    "max_vgpus_per_gpu": MAX_VGPUS_PER_GPU,
    "consumer_encode_sessions": CONSUMER_ENCODE_SESSIONS,
    "vdi_vcpus_per_desktop": VDI_VCPUS_PER_DESKTOP,
    "vdi_ram_gib_per_desktop": VDI_RAM_GIB_PER_DESKTOP,
    "vdi_vcpus_per_core": VDI_VCPUS_PER_CORE,
}
"""Field of ``Assumptions`` → its named default (every field, so a new one must be sourced here)."""

UNSOURCED = ("bandwidth_efficiency", "comm_overlap", "vdi_vcpus_per_core",
             "network_gbps_per_pcie_card", "cuda_context_gib", "decoder_fps_1080p", "video_surfaces_per_stream")
"""Defaults that are assumptions (no measurement or publication in the repository fixes them).
The matrix-product and prefill efficiencies, the two allocator reserves and training's per-layer
time left this list in December 2026: they are fitted to, or measured on, named calibration rows by
a rule (``benchmarks/loso.py``, FITS), each with its cross-validated error in its docstring; the
prefill per-layer time left it in session 49 (2026-12-06), fitted beside the prompt efficiency. The attention efficiency
left it too: by kernel and card from published kernel benchmarks (ATTENTION_EFFICIENCY), with an assumed
fallback (ATTENTION_FALLBACK_EFFICIENCY) where none is listed."""
