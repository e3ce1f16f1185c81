"""Where every numeric default of the estimate comes from, checked.

Three kinds of default drive the estimate (``benchmarks/loso.py`` explains the leave-one-source-out
report that rests on this):

* **fitted** — solved from named calibration rows by a rule: a :class:`loso_refit.Fit` in ``loso.FITS``
  names its rows and rule; :data:`FIT_RECORDS` here gives its cross-validated error and, where
  every fitting row is of one source, why the rows that depend on it have no out-of-source figure
  (n/a) and what would give them one;
* **sourced** — a measured ceiling, a published figure or a stated assumption, with its source in
  the docstring of its constant (``configurator/core/formulas/*.py``) or, for an engine profile's
  field, in :data:`PROFILE_SOURCES` (which points at the comment in ``configurator/core/engines.py``);
* **informed** — chosen with a source's rows in view by no rule (``loso.INFORMED``).

:func:`problems` lists every default that breaks this: a fitted default without a registered fit,
a fit without a cross-validated error, a constant or profile field without a source. The test
``tests/test_loso_registry.py`` holds the list empty.

Usage: ``.venv/bin/python benchmarks/defaults_registry.py`` prints the problems (none: exit 0).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from accuracy_base import H200_RIG

ROOT = Path(__file__).resolve().parents[1]
FORMULAS = ROOT / "configurator" / "core" / "formulas"
EFFICIENCY = FORMULAS / "efficiency.py"


@dataclass(frozen=True)
class FitRecord:
    """What the report says of one fitted default beyond its rows and rule."""

    cross_validated: str
    """Its cross-validated error as last measured [%], and how (leave one row out, or each source
    left out); ``loso.py`` prints it again from today's formulas."""
    alone: str = ""
    """Empty when its fitting rows span two or more sources (each can be left out). Otherwise why
    the rows that depend on it are n/a out of source, what was searched for a second source, and
    what would lift it (issue 27, part 1: route (c))."""


FIT_RECORDS: dict[str, FitRecord] = {
    "allocator reserve (training)": FitRecord(
        "leave one row out 2.6 % median, 7.8 % worst over its 17 rows; each of two sources left out (the H200 rig's "
        "first campaign and its grid of 2026-12-04): the first campaign's reserved memory 2.5 % median (6.1 % worst), "
        "the grid's 2.9 % (7.9 %) (December 2026; until then the first campaign's six rows alone, n/a out of source)"),
    "allocator reserve with recomputation": FitRecord(
        "leave one row out 6.9 % median, 13.6 % worst over its 24 rows; each of three sources left out: the H200 rig's "
        "first campaign -5.5 % median, its grid +8.5 % (14.6 % worst: its one-sequence runs reserve 7-17 %), "
        "llama-recipes pull request 41's -6.0 % (11.7 % worst) (December 2026; before the grid: the rig's two and "
        "the pull request's three, each source within 7.7 %)"),
    "matrix-product efficiency and per-layer time (training)": FitRecord(
        "each of eight publications left out: 7.2 % median on its rows (5.5 % in sample); leave one row out "
        "6.3 % median, 46.9 % worst over 38 rows (December 2026, session 38)"),
    "prefill efficiency (serving)": FitRecord(
        "each of three publications left out: 11.3 % median |LOSO error| over its 9 fitting rows with a figure "
        "(refitted 0.786 to 0.943); leave one row out 13.8 % median, 48.3 % worst over 10 rows (December 2026, "
        "with a prompt's output head at its last token only); 2026-12-06, TensorRT-LLM's weight share at its "
        "kernel tables' 0.85 and the share 0.927 -> 0.936: leave one row out 11.8 -> 12.2 % median, 45.5 % worst; "
        "session 49, beside the per-layer time fitted by the next rule (154.3 µs), 0.958: leave one row out 14.4 % "
        "median, 44.0 % worst"),
    "prompt efficiency (prefill)": FitRecord(
        "leave one row out 10.2 % median, 50.8 % worst over its 10 rows (against the serving efficiency's 12.2 % and "
        "45.5 % on the same rows under the sum); each of three publications left out, the prefill kind's LOSO median "
        "9.1 -> 8.6 % (2026-12-06, once a prompt alone took the larger of its products and its weight stream: "
        "notes-prompt-efficiency-2026-12-06.md); session 49, solving the per-layer time of the fused engines too "
        "(two fields, 0.837 and 154.3 µs): leave one row out 9.6 % median, 47.2 % worst; each publication left out, "
        "the prefill kind's LOSO median 8.6 -> 8.1 %, TensorRT-LLM's eight rows 13.1 -> 10.9 % "
        "(notes-prefill-fitted-2026-12-06.md)"),
    "transformers decode profile": FitRecord(
        "leave one row out 3.1 % median, 10.3 % worst (10.5 % before the prefill efficiency's 0.936, 2026-12-06) "
        "over 15 of its 18 rows (3 left out have no solution under the ceiling); the first campaign's two rows predicted from the grid's sixteen: 5.2 % median, 10.3 % "
        "worst; the grid's rows from the first campaign's two alone: none (two rows cannot set two shares and a "
        "half-context), so the H100 rig's 16 held-out decode rows (a second card, 2026-12-05; loso.Fit.stand_in) "
        "join them: 0.965 / 0.974 / 128 tokens against the shipped 0.86 / 0.992 / 0, the grid's 16 decode rows 3.3 % "
        "median (3.4 % in sample), its 8 prefill rows (7 move with the profile) 4.3 % (3.9 %) (2026-12-06; until "
        "then those 23 rows n/a; before 2026-12-04 two rows, two shares, solved exactly, all n/a out of source)"),
    "llama.cpp CUDA-graphs saving": FitRecord(
        "leave one pair out (its graphs row from its eager row's measurement, the saving from the other pairs): 4.6 % "
        "median, 6.7 % worst over 3 pairs of two publications (RTX 4090 +6.7 %, RTX 3090 -1.8 %, H100 PCIe -4.6 %); "
        "each publication left out: pull request 6766's rows from issue 6763's pair alone (27 µs a layer) and the GDDR "
        "fit solved over it, +6 to +24 % (2026-12-05, session 33; until then 40 µs from NVIDIA's blog, no rule)"),
    "llama.cpp decode on GDDR": FitRecord(
        "leave one row out 7.6 % median, 29.9 % worst over 24 rows; each of four publications left out: XiongjieDai's "
        "GDDR rows -14 to +9 %, pull request 19053's -24/-33 %, pull request 4766's -7 to +12 %, pull request 6766's "
        "+6 to +24 % (2026-12-05, session 33, pull request 6766's pairs the fourth publication and the graphs saving "
        "fitted, 21.7 µs). Session 32: leave one row out 8.2 % median, 23.1 % worst over 20 rows; each of three "
        "publications left out: "
        "XiongjieDai's GDDR rows -8 to +23 %, pull request 19053's -21/-28 %, pull request 4766's -10 to +10 % "
        "(2026-12-05, session 32, pull request 4766's rows the third publication; until then two publications, "
        "8.6 % median over 16 rows, XiongjieDai's rows +4 to +33 % from pull request 19053's two rows alone at a "
        "share over the cards' peak)"),
    "llama.cpp HBM decode factor": FitRecord(
        "leave one row out 4.7 % median, 17.7 % worst over 9 rows of three publications; each publication left "
        "out: XiongjieDai's HBM rows -13 to +19 %, pull request 6017's -17.7 %, issue 6763's +2.1/+6.4 % "
        "(2026-12-05, session 33, over the fitted graphs saving; session 32: 8.3 % median, 22.5 % worst; until then XiongjieDai's 6 rows alone, 6.1 % median, and its rows n/a out of source)"),
    "llama.cpp prompt processing": FitRecord(
        "leave one row out 12.9 % median, 35.5 % worst over 8 rows of two publications (2026-12-05, session 33: the "
        "GDDR share at which the dequantization copy streams 1.005 -> 1.034, the share 0.988 -> 0.945; each publication "
        "left out: XiongjieDai's pp512 rows -7 to +43 %, pull request 6017's -14.6/-4.3 %); session 32: "
        "11.7 % median, 34.8 % worst; each publication left "
        "out: XiongjieDai's pp512 rows -6 to +39 %, pull request 6017's -16.2/-3.5 % (2026-12-05, with the GDDR "
        "decode fit's third publication: its share, at which the dequantization copy streams, rose 0.994 -> 1.005; "
        "until then XiongjieDai's 6 rows alone, 26.1 % median, and its rows n/a out of source)"),
    "llama.cpp INT8 (MMQ) prompt processing": FitRecord(
        "leave one row out 26.6 % median, 29.4 % worst over 3 rows of two pull requests (2026-12-06, share 0.331; "
        "29.5 % worst at 0.334, December 2026)"),
}
"""Each fit of ``loso.FITS`` by name: its cross-validated error and, where it has one source, why its
rows are n/a out of source."""


PROFILE_SOURCES: dict[tuple[str, str], str] = {
    ("transformers", "layer_overhead_graphs_s"): "kernel count of an unfused Llama layer (~35) × ~3 µs per kernel "
                                                 "in a replayed graph (engines.py comment)",
    ("transformers", "layer_overhead_eager_s"): "Hugging Face 'LLM inference optimization' guide, up to 4× from "
                                                "static cache + torch.compile; estimator.md ~9× at batch 1",
    ("transformers", "step_overhead_s"): "0: the H200 rows time the graph replay alone",
    ("transformers", "prefill_share"): "1: PyTorch's products are the products the prefill efficiency describes",
    ("transformers", "prompt_eager_op_host_s"): "~25 µs of host time per eager PyTorch op, the figure the eager decode "
                                                "term counts (engines.py comment); the rig's 512-token prompt: 1,312 "
                                                "kernels in 32.3 ms, 24.6 µs each",
    ("transformers", "prefill_layer_overhead_s"): "0: the eager layer's elementwise traffic and host dispatch are "
                                                  "counted (formulas/eager_layer.py) in place of a per-layer time",
    ("vllm", "max_seqs"): "vllm/engine/arg_utils.py get_batch_defaults: default_max_num_seqs 256",
    ("vllm", "max_seqs_large_card"): "the same: 1,024 where device memory >= 70 GiB and 'a100' not in the device "
                                     "name",
    ("sglang", "max_seqs"): "max_running_requests unset: the request pool at most 4,096 slots (model_runner.py, "
                            "pool_configurator.py)",
    ("tensorrt-llm", "max_seqs"): "trtllm-serve --max_batch_size default BuildConfig.max_batch_size 2,048",
    ("llama.cpp", "max_seqs"): "llama-server --parallel auto = 4 slots (tools/server/README.md)",
    ("vllm", "layer_overhead_graphs_s"): "fused layer: ~10 kernels × ~3 µs in a replayed graph",
    ("vllm", "layer_overhead_eager_s"): "vllm-project/vllm PR 1440: Llama 2 7B, 1.05 s with graphs, 1.2 s without, "
                                        "+47 µs per layer",
    ("vllm", "step_overhead_s"): "vLLM v0.6.0 performance blog (2024-09-05): scheduling and output overlapped, "
                                 "~0.5 ms left",
    ("vllm", "weight_stream_share"): "vLLM 0.24.0's measured BF16 GEMMs (torch linear) at m 1-16, aiconfigurator-core "
                                     "0.12.0 systems/data/{h100_sxm,h200_sxm}/gemm/vllm/0.24.0: TensorRT-LLM's "
                                     "0.852 x the median ratio of TensorRT-LLM 1.3.0rc20's latency to vLLM's over the "
                                     "same 320 Llama-sized GEMMs, 1.043 [IQR 1.020-1.066] = 0.889 "
                                     "(notes-serving-bias-2026-12-06.md; 0.90 assumed until 2026-12-06)",
    ("vllm", "kv_read_share"): "vLLM 0.24.0's measured FA3 decode attention, same tables (attention/vllm/0.24.0): BF16 "
                               "cache, 32 heads, 8 KV heads (the table's largest), batch x context >= 131k tokens, "
                               "bytes over latency over datasheet x 0.88: median 0.933 of 52 rows (H100 0.977, H200 "
                               "0.918) (0.85 assumed until 2026-12-06)",
    ("vllm", "prefill_share"): "1: its prompt products are the GEMMs the prefill efficiency describes",
    ("sglang", "layer_overhead_graphs_s"): "as vLLM (same fused kernels: FlashInfer attention)",
    ("sglang", "layer_overhead_eager_s"): "as vLLM (PR 1440)",
    ("sglang", "step_overhead_s"): "SGLang v0.4 blog (2024-12): the overlap scheduler",
    ("sglang", "weight_stream_share"): "SGLang 0.5.14's measured BF16 GEMMs (sglang_torch_linear) at m 1-16, "
                                       "aiconfigurator-core 0.12.0 gemm/sglang/0.5.14 on H100 and H200: 0.852 x "
                                       "TensorRT-LLM's latency over SGLang's, median 1.026 [IQR 0.996-1.037] of 320 "
                                       "GEMMs = 0.874 (notes-serving-bias-2026-12-06.md; 0.90 assumed until "
                                       "2026-12-06)",
    ("sglang", "kv_read_share"): "SGLang 0.5.14's measured FA3 decode attention (attention/sglang/0.5.14): the XQA "
                                 "rows' selection, median 0.994 of 82 rows (H100 0.989 GQA / 1.047 MHA, H200 0.967 / "
                                 "0.998) (0.88 assumed until 2026-12-06)",
    ("sglang", "prefill_share"): "1: its prompt products are the GEMMs the prefill efficiency describes",
    ("tensorrt-llm", "step_overhead_s"): "C++ executor; assumption",
    ("tensorrt-llm", "layer_overhead_eager_s"): "counted: the graphs figure's kernels plus one exposed host launch "
                                                "each, 10 launches per Llama layer of the v0.9.0 performance.md build "
                                                "(5 GEMMs, MMHA or rope/KV-update + XQA, 2 fused add+RMSNorm, SiLU x "
                                                "gate, FP8 quantize; 9-11 by variant, up to 15 with the norms "
                                                "unfused) x 3 µs a launch (NVIDIA developer forum 233645) "
                                                "(notes-trt-eager-count-2026-12-06)",
    ("tensorrt-llm", "layer_overhead_graphs_s"): "derived: its Llama decoder layer (NVIDIA/TensorRT-LLM 012cf909, "
                                                 "_torch/models/modeling_llama.py, modules/gated_mlp.py) counted "
                                                 "op by op as aiconfigurator-core 0.12.0 times TensorRT-LLM decode "
                                                 "(sdk/models/llama.py): 3 memory ops (2 add+RMSNorm, SwiGLU) × 3 µs "
                                                 "fixed (systems/h100_sxm.yaml mem_empirical_constant_latency) + the "
                                                 "XQA attention op's time beyond its cache read, 9.7 µs (1.3.0rc20 "
                                                 "tables, H100/H200, BF16, batch 1, 2-1,024 tokens: median of 40, "
                                                 "IQR 8.7-11.0); its 4 GEMMs are the weight share's "
                                                 "(notes-trt-layer-2026-12-06)",
    ("tensorrt-llm", "kv_read_share"): "TensorRT-LLM 1.3.0rc20's measured XQA generation attention "
                                       "(aiconfigurator-core 0.12.0 attention tables, H100 and H200 SXM): BF16 "
                                       "cache, batch x context >= 131k tokens, median 0.981 of 82 (IQR 0.886-1.02) "
                                       "of the achievable bandwidth (engines.py comment)",
    ("tensorrt-llm", "weight_stream_share"): "TensorRT-LLM 1.3.0rc20's measured BF16 GEMMs at m 1-16 "
                                             "(aiconfigurator-core 0.12.0 GEMM tables, H100 and H200 SXM, 11 "
                                             "Llama-sized n x k): median 0.852 of 352 (IQR 0.71-0.90) of the "
                                             "achievable bandwidth; FP8 GEMMs stream at it too, plus their "
                                             "inputs' quantization (engines.py comment)",
    ("tensorrt-llm", "prefill_share"): "1: the TTFT rows that set the prefill efficiency are TensorRT-LLM's",
    **{(engine, "kv_half_context"): "0: no short-sequence penalty on cache reads; assumption (commit 4804a17)"
       for engine in ("vllm", "sglang", "tensorrt-llm")},
    ("llama.cpp", "step_overhead_s"): "0: llama-bench times the steps alone",
    ("llama.cpp", "kv_half_context"): "0: no short-sequence penalty is measured (llama-bench from an empty cache)",
}
"""An engine profile's non-fitted numeric fields (engine, field) → their source in one line (the
comment at the profile in ``configurator/core/engines.py`` says more). Fields at the value of the field's
own default, and the ideal profile's (a bound: no overheads, shares 1), need no entry."""

PROFILE_INFORMED: dict[tuple[str, str], str] = {}
"""Profile fields chosen with a source's rows in view by no rule → their entry in ``loso.INFORMED``."""


# ---- defaults informed by rows without a rule (loso.py's report names them) ----------------------


@dataclass(frozen=True)
class Informed:
    """A default chosen by judgement with a publication's rows in view, by no rule a
    benchmark could re-run: it cannot be refitted without those rows."""

    default: str
    publication: str
    how: str
    settled_by: str = ""
    """The measurement that would make it fitted or first-principles (issue 27, part 1): every entry of
    :data:`INFORMED` names one (:func:`problems`)."""


INFORMED: tuple[Informed, ...] = ()
"""Defaults whose rows are in sample whatever is held out (the report names them)."""

DERIVED = (
    Informed("prefill_layer_overhead_s = 1.3e-4 s", H200_RIG,
             "the per-layer time of prefill for the fused engines (vLLM, SGLang, TensorRT-LLM, llama.cpp): fitted in "
             "session 49 (2026-12-06) beside the prompt efficiency by the prompt's rule (FITS, 'prompt efficiency "
             "(prefill)': two fields over the ten prefill rows, 154.3 µs with 0.837, the serving steps' efficiency "
             "then 0.958, the two rules solved in turn: benchmarks/loso_chain.py; "
             "notes-prefill-fitted-2026-12-06). What follows is its history as an informed default. Since "
             "2026-12-04 the rig's own eager engine no longer takes it: its layer is counted (formulas/eager_layer.py: "
             "the elementwise kernels' traffic per token and the host's dispatch of 41 kernels a layer as a floor), "
             "which the grid's nine prefill rows at 512-131,072 tokens checked as its settled_by then asked "
             "(-10.1..+1.5 % at the refitted efficiency, against -37.8..-11.5 % with 130 µs; the prefill efficiency "
             "refitted 0.908 -> 0.927). The figure once chosen with the H200 "
             "rows in view for training and prefill alike, kept for prefill when training's was fitted (December "
             "2026). Fitted beside the prefill efficiency over the ten prefill rows it comes out 84 µs (with "
             "0.871), but two fields from ten rows of three publications do not cross-validate (re-run "
             "2026-12-03 through this module's rule with both fields solved and shipped): leaving each "
             "publication out, the prefill rows err 14.1 % median against 12.6 % with the share alone fitted "
             "beside 130 µs, serving throughput 12.6 % against 10.3 %, and serving latency in sample 29.5 % "
             "against 20.2 %; leaving each prefill row out, 10.3 % median (56.2 % worst) against 13.9 % (48.7 %). "
             "The rows that would separate it from the products are three 128-token prompts. A first-principles "
             "figure needs what the per-layer time stands for split out: a kernel count × the gap between "
             "kernels, and the elementwise passes (norms, rotary, activation, residuals) whose bytes grow with "
             "the chunk, so part of it is not per layer but per token. Counted (2026-12-03; formulas/efficiency.py, "
             "PREFILL_LAYER_OVERHEAD_S, gives the arithmetic): the rig's eager PyTorch layer launches 40 kernels, "
             "376 µs of host dispatch at 9.4 µs each (NVIDIA/Fuser issue 3507), hidden under the ≈2 ms the GPU "
             "spends on a layer of the 2,048-token row; there the elementwise kernels' traffic (0.62 MB per token "
             "per layer, 301 µs at the copy bandwidth) is what lies beyond the roofline (the row leaves 450 µs), "
             "and at 128 tokens the same layer would be host-bound (≈180 µs beyond its roofline): for that engine "
             "the term grows with the chunk and is above 130 µs in both regimes. TensorRT-LLM's fused layer, whose "
             "eight TTFT rows are most of the fit, counts to a few tens of µs, yet its 128-token rows want "
             "50-130 µs (given 20 µs they fall to -14 % and -24 % with the efficiency refitted to 0.78). No count "
             "gives one figure for both engines. Derived again 2026-12-06 (notes-informed-defaults-2026-12-06): "
             "TensorRT-LLM's context layer, 8-12 non-GEMM kernels (of 13-17) x ≈3 µs = 24-36 µs, all 13-17 = 39-51 "
             "µs, and aiconfigurator's TensorRT-LLM 1.3 kernel tables against the held-out 0.9.0 rows ≈45 µs; vLLM "
             "with graphs ≤ 50 µs: 130 µs lies above every derived range (it carries the prompt attention's rate "
             "and the small TP all-reduce), and at 50 µs the ship bar fails (notes-trt-prefill-slope, variant C), "
             "so it stays informed. Measured again 2026-12-06 with TensorRT-LLM's two shares at its kernel "
             "tables' 0.85 / 0.98 "
             "(notes-informed-defaults-2026-12-06-b), both routes against the held-out rows: fitted (the prefill "
             "efficiency's rule solving both fields over its ten rows: 79 µs with 0.883) serving-latency held out "
             "27.8 -> 35.4 % median; derived (45 µs, the efficiency refitted to 0.841) prefill held out 13.5 -> 9.6 % "
             "but serving-latency 27.8 -> 34.1 % over 108 rows, not 136, and the H100 rig's prefill 3.8 -> 7.7 %: "
             "neither ships, it stays informed. Measured a third time 2026-12-06 (notes-prefill-informed-2026-12-06) "
             "with TensorRT-LLM's prompt attention first priced at its own context-attention tables' share "
             "(aiconfigurator-core 0.12.0: Hopper 0.47, Ampere 0.44, Ada 0.36 of the 16-bit peak; the op's own "
             "time ≈14 µs at ≤ 128 tokens) and the prompt all-reduce left as charged (the fitted per-form kernel "
             "costs, 3.8 / 9.7 µs, lie below its 20 µs): fitted as two fields, 81 µs with 0.908 (prefill LOSO "
             "9.1 -> 7.5 %, serving-throughput LOSO 10.0 -> 8.2 %), held-out serving-latency 28.8 -> 34.2 % (27.6 "
             "-> 34.2 % on the common rows: MLPerf v5.1's TensorRT-LLM 1.0 server TPOT, which reads the prefill "
             "efficiency); derived 45 µs (0.859) 35.8 %: neither ships. Measured a fourth "
             "time 2026-12-06 under the prefill roofline (notes-prefill-derived-2026-12-06, session 49): derived "
             "24 µs (8 non-GEMM kernels x 3 µs) fails (prefill 6.9 / 8.6 / 9.7 -> 20.1 / 22.7 / 24.3 %; the prompt "
             "efficiency's rule falls to 0.632); with the fused layer's elementwise traffic per token added it "
             "fails (prefill LOSO 8.6 -> 12.7 %, serving-throughput LOSO 9.4 -> 15.7 %, held-out serving-latency "
             "40.4 -> 53.9 %); fitted (154 µs with 0.837, serving 0.958) held-out prefill 9.7 -> 11.0 % against "
             "held-out serving-latency 40.4 -> 33.4 %. The roofline leaves TensorRT-LLM's 128-token rows 96-144 "
             "µs a layer beyond the count, the size of the eager host launches and of FP8's slower weight stream, "
             "neither priced. What would have settled it then: for the fused engines, TensorRT-LLM's time to first "
             "token at three or more prompt lengths on one card, or a timeline of one of its context steps (its "
             "table gives two lengths a card); the eager engine's part was settled by the grid's prefill rows "
             "(2026-12-04)"),
    Informed("layer_overhead_s = 1.3e-4 s", H200_RIG,
             "once chosen with the H200 rows in view as the per-layer time of training and prefill alike; split in "
             "December 2026 into a training figure (layer_overhead_s), fitted beside the products' share (FITS: "
             "474 µs), and a prefill figure (prefill_layer_overhead_s), kept at 130 µs (informed until session 49, "
             "then fitted beside the prompt efficiency: the entry above)"),
    Informed("eager loss: 3 fp32 vocabulary-wide tensors", H200_RIG,
             "once 'informed by' the full-recomputation H200 rows ('match 12 B per vocabulary entry'), now counted "
             "from PyTorch's cross_entropy on upcast logits — the saved log-softmax output, its gradient and the "
             "logits' gradient alive at once in backward (memory.py, FP32_LOSS_COPIES, with the loss-parallel "
             "variant read in torch/distributed/tensor/parallel/loss.py): a first-principles count the rows check"),
    Informed("TensorRT-LLM eager per-layer decode time: graphs + 30 µs", "tensorrt-llm-performance",
             "once informed by performance.md's v0.5-v0.9 eager rows (the entry's history: git show "
             "e273c858:benchmarks/defaults_registry.py, TRT_INFORMED), counted 2026-12-06 "
             "(notes-trt-eager-count-2026-12-06, the count committed before any run): the v0.9.0 page's build "
             "(gpt_attention plugin, no gemm plugin, no fused MLP) launches 10 kernels a Llama layer (5 GEMMs, "
             "MMHA or rope/KV-update + XQA, 2 add+RMSNorm fused by TensorRT's Myelin, SiLU x gate, the FP8 "
             "quantize before dense; 9-11 by variant, up to 15 with the norms unfused), each launch exposed at "
             "≈3 µs (NVIDIA developer forum 233645): 10 x 3 µs, the value shipped, so no row moves"),
)
"""Defaults once chosen with a source's rows in view, since fitted by a rule (:data:`FITS`) or
derived from first principles with a source (listed so the report says where each went)."""


def _constant_docstrings(path: Path) -> dict[str, str | None]:
    """Every upper-case module-level constant of ``path`` holding a number (or numbers) → the
    docstring that follows it or the run of constants it closes (None: none)."""
    body = ast.parse(path.read_text(encoding="utf-8")).body
    found: dict[str, str | None] = {}
    pending: list[str] = []
    for node in body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            found.update({name: node.value.value for name in pending})
            pending = []
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) \
            else []
        names = [t.id for t in targets if isinstance(t, ast.Name) and t.id.isupper()]
        if names and node.value is not None and _numeric(node.value):
            pending.append(names[0])
            continue
        found.update({name: None for name in pending})
        pending = []
    found.update({name: None for name in pending})
    return found


def _numeric(node: ast.AST) -> bool:
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False

    def holds_number(x: object) -> bool:
        if isinstance(x, bool):
            return False
        if isinstance(x, int | float):
            return True
        if isinstance(x, tuple | list):
            return any(holds_number(y) for y in x)
        if isinstance(x, dict):
            return any(holds_number(y) for y in x.values())
        return False
    return holds_number(value)


def _assumption_constants() -> dict[str, str]:
    """``Assumptions`` field → the name of its constant in formulas/efficiency.py (ASSUMPTION_DEFAULTS)."""
    for node in ast.parse(EFFICIENCY.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "ASSUMPTION_DEFAULTS":
            return {k.value: v.id for k, v in zip(node.value.keys, node.value.values, strict=True)}
    raise LookupError("ASSUMPTION_DEFAULTS not found in formulas/efficiency.py")


def fitted_fields(fits=None) -> dict[tuple[str | None, str], str]:
    """(engine or None, field) → the name of the fit that solves it or ties it to solved ones (a field a fit
    only holds at a fixed value while its rule reads the rows, whatever it solves, is not tied to them)."""
    import loso

    out: dict[tuple[str | None, str], str] = {}
    for fit in loso.FITS if fits is None else fits:
        engine = None if fit.engine is None else fit.engine.value
        shipped = fit.shipped()
        tied, moved = fit.tied(shipped), fit.tied({name: value * 0.9 for name, value in shipped.items()})
        for name in (*fit.solved, *fit.grid, *(name for name in tied if tied[name] != moved.get(name))):
            out[(engine, name)] = fit.name
    return out


def problems(fits=None) -> list[str]:
    """Every default whose provenance is missing or inconsistent (empty: all accounted for)."""
    import loso
    from configurator.core.engines import IDEAL, PROFILES, EngineProfile

    fits = loso.FITS if fits is None else fits
    found: list[str] = []
    names = [f.name for f in fits]
    for fit in fits:
        record = FIT_RECORDS.get(fit.name)
        if len(fit.rows) < 2 or not fit.rule:
            found.append(f"fit '{fit.name}': fewer than two rows or no rule")
        if record is None or "%" not in record.cross_validated and "exactly" not in record.cross_validated:
            found.append(f"fit '{fit.name}': no cross-validated error registered (FIT_RECORDS)")
    found += [f"FIT_RECORDS '{name}' names no fit of loso.FITS" for name in FIT_RECORDS if name not in names]
    found += [f"informed default '{item.default}': no measurement named that would settle it (settled_by)"
              for item in loso.INFORMED if not item.settled_by]
    fitted = fitted_fields(fits)
    # module defaults: a docstring marked **Fitted** or **Measured** has a fit, and a fit's field says so
    docs = _constant_docstrings(EFFICIENCY)
    for field, constant in _assumption_constants().items():
        doc = docs.get(constant) or ""
        says_fitted = "**Fitted**" in doc or "**Measured**" in doc
        if says_fitted and (None, field) not in fitted:
            found.append(f"{constant} ({field}) is marked fitted/measured but no fit in loso.FITS solves it")
        if (None, field) in fitted and not says_fitted:
            found.append(f"{constant} ({field}) is solved by '{fitted[(None, field)]}' but its docstring does not "
                         "say **Fitted** or **Measured**")
    # every numeric constant of the formulas has a docstring (its source, or "assumption")
    for path in sorted(FORMULAS.glob("*.py")):
        for constant, doc in _constant_docstrings(path).items():
            if not doc:
                found.append(f"formulas/{path.name}: {constant} has no docstring (source)")
    # every numeric field of every engine profile: fitted, informed, sourced, or the field's own default
    informed = {item.default for item in loso.INFORMED}
    for engine, profile in PROFILES.items():
        if profile is IDEAL:
            continue
        for name, info in EngineProfile.model_fields.items():
            value = getattr(profile, name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                continue
            key = (engine.value, name)
            if (engine.value, name) in fitted:
                if key in PROFILE_SOURCES or key in PROFILE_INFORMED:
                    found.append(f"{engine.value}.{name} is fitted ('{fitted[key]}') and also listed as sourced "
                                 "or informed")
                continue
            if key in PROFILE_INFORMED:
                if PROFILE_INFORMED[key] not in informed:
                    found.append(f"{engine.value}.{name}: informed entry '{PROFILE_INFORMED[key]}' not in "
                                 "loso.INFORMED")
                continue
            if key in PROFILE_SOURCES or value == info.default:
                continue
            found.append(f"{engine.value}.{name} = {value}: not fitted, informed or sourced (PROFILE_SOURCES)")
    return found


def single_source_fits(rows, fits=None) -> list[tuple[str, str]]:
    """The fits whose fitting rows are all of one publication among ``rows`` (name, why n/a)."""
    import loso

    by_key = {r.key: r.publication for r in rows}
    out = []
    for fit in loso.FITS if fits is None else fits:
        if len({by_key[k] for k in fit.rows if k in by_key}) < 2:
            out.append((fit.name, FIT_RECORDS[fit.name].alone if fit.name in FIT_RECORDS else ""))
    return out


def main(argv: list[str] | None = None) -> int:
    import argparse

    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    found = problems()
    for line in found:
        print(line)
    if not found:
        print("every fitted default has a registered fit and cross-validated error; every other numeric default "
              "has a source")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
