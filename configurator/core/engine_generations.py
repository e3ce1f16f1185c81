"""Engine generations: a line of an engine's releases or settings whose kernels are not today's.

A published measurement names the engine it ran, and sometimes that engine ran kernels the product's profile
(:mod:`configurator.core.engines`) no longer describes. A generation names such a line, says which runs belong to
it from what a run states (:func:`generation_of`), and cites where the line starts and ends. The product's
default for a buyer stays today's engine: a scenario or a measured row enters a generation only when it names
one. A generation has no kernel rate of its own until a measured one is published (no row of the held-out set
chooses one); until then its runs are predicted with today's profile and reported apart
(``benchmarks/accuracy.py --summary``), so that an old engine's error is not read as today's.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from configurator.core.engines import Engine

TODAY = "today"
"""The key of today's engines: every run that names no superseded generation."""


class EngineGeneration(BaseModel):
    """A superseded line of one engine on one software stack, and where its bounds are stated."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(min_length=2, description="the name reports use")
    engine: Engine
    stack: str = Field(min_length=2, description="the cards' software stack it runs on (catalog software.stack)")
    label: str = Field(min_length=2, description="how a report names it")
    description: str
    source: str


VLLM_ROCM_BEFORE_AITER = EngineGeneration(
    key="vllm-rocm-before-aiter",
    engine=Engine.VLLM,
    stack="ROCm",
    label="vLLM on ROCm without AITER",
    description=(
        "vLLM's V0 engine on an AMD Instinct card decoding with vLLM's own ROCm paged attention "
        "(csrc/rocm/attention.cu, ROCm/vllm pull request #22, 2024-05-28; mfma16 kernels from pull request #372, "
        "2025-01) with AITER's kernels off. Every vLLM on ROCm before AITER existed (AITER first reached ROCm's "
        "vLLM in February 2025, as an opt-in branch: ROCm/vllm pull request #400), and every later one where "
        "VLLM_ROCM_USE_AITER is not set: it defaults to off (ROCm/vllm f8c9a3852, 2025-08-28, vllm/envs.py; "
        "AMD's dev-docker README through 5486e7bc8, 2025-07-07: 'the default value is 0'), and AITER's paged "
        "attention needs VLLM_ROCM_USE_AITER_PAGED_ATTN besides (vllm-project/vllm pull request #15001, "
        "2025-03-18). So it is a setting more than a version: MLPerf Inference v5.1's MI300X and MI325X Llama 2 "
        "70B runs (vLLM 0.9.0, 2025-07) belong to it, its MI355X run (AITER paged attention on) does not. Its "
        "decode kernel has no published rate (benchmarks/data/notes-rocm-kv-2026-12-06.md): its runs are "
        "predicted with today's vLLM profile. Its runs also ran vLLM's V0 engine core, but so did the MLPerf v5.1 "
        "runs the model meets, and what its static TP8 runs miss grows with the layers, not as V0's host time a "
        "sequence would (benchmarks/data/notes-rocm-host-2026-12-07.md)"),
    source=("ROCm/vllm pull requests #22, #372, #400; vllm-project/vllm pull request #15001; ROCm/vllm "
            "vllm/envs.py at f8c9a3852; ROCm/vllm docs/dev-docker/README.md 0f2300e3d-5486e7bc8; "
            "mlcommons/inference_results_v5.1 965182b0 closed/AMD harness_llm/models/llama2-70b/*.yaml"),
)

GENERATIONS: tuple[EngineGeneration, ...] = (VLLM_ROCM_BEFORE_AITER,)
"""The superseded generations the estimator names, in the order reports list them."""


def generation_of(engine: str, stack: str | None, aiter_attention: bool | None) -> str:
    """The key of the generation a run belongs to: :data:`VLLM_ROCM_BEFORE_AITER`'s for vLLM on a ROCm card
    (``stack``, the card's software stack) that states AITER's attention off (``aiter_attention`` False),
    :data:`TODAY` otherwise, a run that states nothing included."""
    if engine == VLLM_ROCM_BEFORE_AITER.engine and stack == VLLM_ROCM_BEFORE_AITER.stack and aiter_attention is False:
        return VLLM_ROCM_BEFORE_AITER.key
    return TODAY


def label_of(key: str) -> str:
    """How a report names the generation ``key`` (:data:`TODAY`: "today's engines")."""
    return next((g.label for g in GENERATIONS if g.key == key), "today's engines")
