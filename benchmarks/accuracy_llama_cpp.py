"""The llama.cpp rows of the accuracy benchmark (split from ``accuracy_serving.py``): llama-bench ``tg``
decode and ``pp`` prompt rates at batch 1, and ./main generation, of the pull requests and issues each table
names (:func:`mmq_cases`, :func:`pr19053_decode_cases`, :func:`pr4766_decode_cases`,
:func:`pr6766_decode_cases`, :func:`hbm_cases`). Each builder turns a published row into a scenario from
what its source states and says what it assumes; nothing is tuned to a row."""

from __future__ import annotations

from accuracy_base import (CATALOG, LLAMA_CPP, XIONGJIEDAI_BUILD, Row, at_llama_cpp_build, part_of_the_benchmark,
                           scenario)

from configurator.core.architecture import preset
from configurator.core.precision import plan_serving
from configurator.core.prefill_time import prefill_seconds
from configurator.core.serving_speed import decode_step_seconds


def _decode_rate(row_id, model, card, weight_format, note):
    """llama.cpp decode at batch 1 [tokens/s]: one step at 64 cached tokens of a 128-token answer, without CUDA
    graphs (:data:`accuracy_base.LLAMA_CPP`)."""
    def case(r: dict) -> Row:
        s = scenario(model, card, 1, workload="inference", precision="fp16",
                     serving={"context": 256, "prompt_tokens": 1, "output_tokens": 128, "weight_format": weight_format,
                              **LLAMA_CPP})
        c = CATALOG.get(card)
        seconds, _ = decode_step_seconds(s, c, plan_serving(s, c), 1, 64)
        return Row("published", row_id, "decode", "tokens/s at batch 1", 1.0 / seconds, r["value"], note)
    return case


def _bench_decode(row_id, model, card, weight_format, generated, note, graphs=True):
    """llama-bench ``tg<generated>``: tokens/s generating ``generated`` tokens at batch 1 from an empty
    cache, with the engine's CUDA graphs (``graphs`` False: a build before them); one step at the middle
    context."""
    def case(r: dict) -> Row:
        s = scenario(model, card, 1, workload="inference", precision="fp16",
                     serving={"context": generated + 1, "prompt_tokens": 1, "output_tokens": generated,
                              "weight_format": weight_format, "engine": "llama.cpp",
                              **({} if graphs else {"cuda_graphs": False})})
        c = CATALOG.get(card)
        seconds, _ = decode_step_seconds(s, c, plan_serving(s, c), 1, generated // 2)
        return Row("published", row_id, "decode", "tokens/s at batch 1", 1.0 / seconds, r["value"], note, s)
    return case


def _prompt_rate(row_id, model, card, weight_format, prompt, note, build=XIONGJIEDAI_BUILD, ubatch=None):
    """llama-bench ``pp<prompt>``: tokens/s over one prompt of ``prompt`` tokens, as seconds, with the
    prompt path of llama.cpp ``build`` (a key of ``engines.LLAMA_CPP_BUILDS``) and, where given, its
    micro-batch ``ubatch`` (``-ub``) as the prefill chunk [tokens]."""
    def case(r: dict) -> Row:
        chunk = {} if ubatch is None else {"max_batched_tokens": ubatch}
        s = scenario(model, card, 1, workload="inference", precision="fp16",
                     serving={"context": prompt + 1, "prompt_tokens": prompt, "output_tokens": 1,
                              "weight_format": weight_format, "engine": "llama.cpp", **chunk})
        s = at_llama_cpp_build(s, build)
        c = CATALOG.get(card)
        seconds = prefill_seconds(s, c, plan_serving(s, c), prompt)
        return Row("published", row_id, "prefill", f"s for {prompt} tokens", seconds, prompt / r["value"], note, s)
    return case


LLAMA_CPP_MMQ_NOTE = ("llama.cpp June 2024 (INT8 tensor-core MMQ prompt products at the card's INT8 rate); "
                      "'llama 8B' as the llama3-8b preset; micro-batch 512 (llama-bench's default) as the prefill "
                      "chunk; three rows of two pull requests set prompt_int8_share together (benchmarks/loso.py)")
"""What each llama-bench row of llama.cpp's MMQ pull requests (7676, 7860) assumes."""

LLAMA_CPP_MMQ_ROWS = {"ip-llamacpp-mmq-4090-q4_0-pp512": ("rtx-4090", "q4_0", 512),
                      "ip-llamacpp-mmq-4090-q4_k_s-pp2048": ("rtx-4090", "q4_k_s", 2048),
                      "ip-llamacpp-mmq-3090-q6_k-pp2048": ("rtx-3090", "q6_k", 2048)}
"""The prompt rows of llama.cpp's INT8 MMQ pull requests (row id -> catalog card, weight format, prompt
tokens): they set llama.cpp's prompt_int8_share (benchmarks/loso.py)."""


def mmq_cases() -> dict:
    """The published cases of :data:`LLAMA_CPP_MMQ_ROWS` (row id -> case)."""
    return {row_id: _prompt_rate(row_id, preset("llama3-8b"), card, weight_format, prompt, LLAMA_CPP_MMQ_NOTE,
                                 build="2024-06", ubatch=512)
            for row_id, (card, weight_format, prompt) in LLAMA_CPP_MMQ_ROWS.items()}


LLAMA_CPP_PR19053_TG_NOTE = ("llama.cpp 2026 build with CUDA graphs (pull request 19053's master column); 'llama 8B' as "
                             "the llama3-8b preset, 'llama 3B' as llama3.2-3b; with XiongjieDai's GDDR tg512 rows and "
                             "pull request 4766's they set llama.cpp's decode profile on GDDR cards "
                             "(benchmarks/loso.py)")
"""What each tg128 row of llama.cpp pull request 19053's table assumes."""

LLAMA_CPP_PR19053_TG_ROWS = {"it-llamacpp-pr19053-6000ada-8b-q4_0-tg128": ("llama3-8b", "rtx-6000-ada", "q4_0"),
                             "it-llamacpp-pr19053-6000ada-3b-q4_k_m-tg128": ("llama3.2-3b", "rtx-6000-ada", "q4_k_m")}
"""The decode rows of llama.cpp pull request 19053 (row id -> preset, catalog card, weight format): a second
publication of llama.cpp's decode profile on GDDR cards (benchmarks/loso.py); pull request 4766's is the third
(:data:`LLAMA_CPP_PR4766_TG_ROWS`)."""


def pr19053_decode_cases() -> dict:
    """The published cases of :data:`LLAMA_CPP_PR19053_TG_ROWS` (row id -> case): llama-bench tg128."""
    return {row_id: _bench_decode(row_id, preset(model), card, weight_format, 128, LLAMA_CPP_PR19053_TG_NOTE)
            for row_id, (model, card, weight_format) in LLAMA_CPP_PR19053_TG_ROWS.items()}


LLAMA_CPP_PR4766_TG_NOTE = ("llama.cpp January 2024 build without CUDA graphs (pull request 4766: J. Gaessler's "
                            "'t/s master' column on the RTX 3090, G. Gerganov's run of the branch on the RTX 4090; "
                            "eager per-layer time), 'llama 7B' (LLaMA 2 7B; CodeLlama 7B on the RTX 4090, the same "
                            "shape with a 32,016-token vocabulary) as the llama2-7b preset; with XiongjieDai's GDDR "
                            "tg512 rows and pull request 19053's they set llama.cpp's decode profile on GDDR cards "
                            "(benchmarks/loso.py)")
"""What each tg128 row of llama.cpp pull request 4766 assumes."""

LLAMA_CPP_PR4766_TG_ROWS = {"it-llamacpp-pr4766-3090-7b-f16-tg128": ("rtx-3090", "gguf-f16"),
                            "it-llamacpp-pr4766-3090-7b-q4_0-tg128": ("rtx-3090", "q4_0"),
                            "it-llamacpp-pr4766-4090-7b-f16-tg128": ("rtx-4090", "gguf-f16"),
                            "it-llamacpp-pr4766-4090-7b-q8_0-tg128": ("rtx-4090", "q8_0")}
"""The decode rows of llama.cpp pull request 4766 (row id -> catalog card, weight format; January 2024, before
CUDA graphs): a third publication of llama.cpp's decode profile on GDDR cards (benchmarks/loso.py), two formats
on each card. Moved from benchmarks/data/held-out.json (rows ``llamacpp-pr4766-*``) on 2026-12-05."""


def pr4766_decode_cases() -> dict:
    """The published cases of :data:`LLAMA_CPP_PR4766_TG_ROWS` (row id -> case): llama-bench tg128, eager."""
    return {row_id: _bench_decode(row_id, preset("llama2-7b"), card, weight_format, 128, LLAMA_CPP_PR4766_TG_NOTE,
                                  graphs=False)
            for row_id, (card, weight_format) in LLAMA_CPP_PR4766_TG_ROWS.items()}


LLAMA_CPP_PR6766_TG_NOTE = ("llama.cpp April 2024, ./main generation (pull request 6766: J. Gaessler's 't/s master' "
                            "column, without CUDA graphs, and 't/s PR', the branch with them); 'LLaMA 2 7b' as the "
                            "llama2-7b preset, 128 tokens from an empty cache assumed (./main's count is not given); "
                            "with issue 6763's pair they set what CUDA graphs save per layer (benchmarks/loso.py)")
"""What each ./main row of llama.cpp pull request 6766 assumes."""

LLAMA_CPP_PR6766_TG_ROWS = {"it-llamacpp-pr6766-3090-7b-q4_0-main-eager": ("rtx-3090", False),
                            "it-llamacpp-pr6766-3090-7b-q4_0-main-graphs": ("rtx-3090", True),
                            "it-llamacpp-pr6766-4090-7b-q4_0-main-eager": ("rtx-4090", False),
                            "it-llamacpp-pr6766-4090-7b-q4_0-main-graphs": ("rtx-4090", True)}
"""The decode rows of llama.cpp pull request 6766 (row id -> catalog card, CUDA graphs; LLaMA 2 7B Q4_0, April 2024):
two eager/graphs pairs of one card, model and build, the fitting rows of llama.cpp's CUDA-graphs saving with issue
6763's pair (benchmarks/loso.py). Moved from benchmarks/data/held-out.json (rows ``llamacpp-pr6766-*``) on
2026-12-05 (session 33)."""


def pr6766_decode_cases() -> dict:
    """The published cases of :data:`LLAMA_CPP_PR6766_TG_ROWS` (row id -> case): ./main generation of 128 tokens."""
    return {row_id: _bench_decode(row_id, preset("llama2-7b"), card, "q4_0", 128, LLAMA_CPP_PR6766_TG_NOTE, graphs)
            for row_id, (card, graphs) in LLAMA_CPP_PR6766_TG_ROWS.items()}


LLAMA_CPP_HBM_NOTE = ("llama.cpp 2024 on an HBM card, 'llama 7B' as the llama2-7b preset; a second publication of "
                      "llama.cpp's HBM decode factor (and, for pp rows, of its cuBLAS prompt share) beside "
                      "XiongjieDai's table (benchmarks/loso.py)")
"""What the rows of llama.cpp pull request 6017 and issue 6763 assume."""

LLAMA_CPP_HBM_DECODE_ROWS = {
    "it-llamacpp-pr6017-a100pcie-7b-f16-tg128": ("a100-pcie-80gb", "gguf-f16", False),
    "it-llamacpp-i6763-h100p-7b-q4km-eager": ("h100-pcie", "q4_k_m", False),
    "it-llamacpp-i6763-h100p-7b-q4km-graphs": ("h100-pcie", "q4_k_m", True)}
"""Decode rows of llama.cpp on HBM cards outside XiongjieDai's table (row id -> catalog card, weight format,
CUDA graphs): 128 tokens at batch 1 of LLaMA 2 7B (llama.cpp pull request 6017, March 2024; issue 6763,
April 2024, without and with the CUDA graphs of PR 6766)."""

LLAMA_CPP_PR6017_PP_ROWS = {"ip-llamacpp-pr6017-a100pcie-7b-f16-pp512": "gguf-f16",
                            "ip-llamacpp-pr6017-a100pcie-7b-q8_0-pp512": "q8_0"}
"""pp512 rows of llama.cpp pull request 6017 on one A100 PCIe (row id -> weight format): the cuBLAS prompt path
of builds before June 2024, micro-batch 512."""


def hbm_cases() -> dict:
    """The published cases of :data:`LLAMA_CPP_HBM_DECODE_ROWS` and :data:`LLAMA_CPP_PR6017_PP_ROWS`."""
    decode = {row_id: _bench_decode(row_id, preset("llama2-7b"), card, weight_format, 128, LLAMA_CPP_HBM_NOTE, graphs)
              for row_id, (card, weight_format, graphs) in LLAMA_CPP_HBM_DECODE_ROWS.items()}
    prompt = {row_id: _prompt_rate(row_id, preset("llama2-7b"), "a100-pcie-80gb", weight_format, 512,
                                   LLAMA_CPP_HBM_NOTE, build="2024-05", ubatch=512)
              for row_id, weight_format in LLAMA_CPP_PR6017_PP_ROWS.items()}
    return {**decode, **prompt}


if __name__ == "__main__":
    part_of_the_benchmark(__doc__)
