"""The published calibration rows as cases: each record id of ``benchmarks/data/published-calibration.json``
and the builder that predicts it from what its source states (part of ``accuracy.py``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Container, Iterator
from pathlib import Path

from accuracy_base import (A100_NETWORK, CATALOG, FALCON_180B, GPTJ_6B, LLAMA1_65B, MPT, Row, gpt,
                           part_of_the_benchmark, publication_of, scenario)
from accuracy_reserve import reserve_cases
from accuracy_llama_cpp import (_bench_decode, _decode_rate, _prompt_rate, hbm_cases, mmq_cases, pr4766_decode_cases,
                                pr6766_decode_cases, pr19053_decode_cases)
from accuracy_serving import QWEN3_0_6B, _latency_at_rate, _mlperf, _serving, _sglang_sharegpt, _ttft
from accuracy_training import (LLAMA3_405B_NOTE, _foundry, _iteration, _meta_405b, _model_tflops, _per_card,
                               _per_card_from_gpu_hours, _table1, _train)
from configurator.core.architecture import preset
from configurator.core.estimate import estimate
from configurator.core.scenario import updated
from configurator.core.units import GB

PublishedCase = Callable[[dict], Row | None]


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
        preset("deepseek-v3").model_copy(update={"mtp_depth": 1}), "h800-sxm", 2048, pp=16, ep=64, zero=1, m=120,
        seq=4096, recompute="selective",
        precision="fp8", fp8_scaling="block", pipeline_algorithm="dualpipe",
        selective_policy="fp8-cache"),
        "PP16 EP64 ZeRO-1, 15,360 x 4k-token batch, DualPipe (§3.2.1, Table 2: bubble (PP/2-1)(F&B+B-3W), each rank "
        "holding its stage and the mirror's); MTP depth 1 (§2.2, §4.2: one more block, projection and head pass, "
        "on the last stage with the head it shares, §3.2.3); expert all-to-all overlapped (DualPipe's own), "
        "node-limited routing (4 nodes); 1x128 activation / 128x128 weight FP8 blocks (§3.3.2) as fp8_scaling "
        "block, the output head in BF16 (§3.3.1); its own recomputation (§3.2.3: RMSNorm and the MLA up-projections "
        "recomputed; "
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


if __name__ == "__main__":
    part_of_the_benchmark(__doc__)
