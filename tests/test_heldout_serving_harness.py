"""The MLPerf v4.1 serving builders state each harness's scheduler as its source does (issue 27, session 24):
NVIDIA's TensorRT-LLM harness runs the ``max_util`` capacity scheduler, so a copy runs at most the batch its
KV-cache pool holds (``accuracy_serving._mlperf_running_batch``); AMD's vLLM 0.4.3 (V0, chunked prefill off)
prefills in passes of their own (``accuracy_heldout.AMD_VLLM_PROFILE``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from heldout_mlperf_vllm import AMD_VLLM_PROFILE, _mlperf_vllm_copy  # noqa: E402
from accuracy_serving import _mlperf_copy, _mlperf_kv_prompt_bound  # noqa: E402

from configurator.core.architecture import preset  # noqa: E402

MODEL = preset("llama2-70b")


def test_a_stated_batch_the_kv_pool_cannot_hold_runs_at_the_pool():
    """Lenovo's 8x H100 NVL at TP1 states gpu_batch_size 1,300 beside 69 GB of FP8 weights on a 94 GB card:
    the pool holds a few hundred sequences at the mean lengths, so the copy runs that many, and the batch it
    runs is one whose cache fits at the mean prompt (the builder's own diagnostic bound)."""
    s, costs = _mlperf_copy(MODEL, "h100-nvl", 8, 1, 1300, 222, 291)
    assert 300 < costs.max_batch < 600
    assert s.serving.max_batch == costs.max_batch
    assert _mlperf_kv_prompt_bound(s, costs.max_batch, 291) >= 222


@pytest.mark.parametrize("card, tp, batch", [("h100-sxm", 2, 1024), ("h100-sxm", 2, 896), ("h200-sxm", 1, 896),
                                             ("h200-sxm", 1, 806), ("h100-nvl", 2, 1300), ("l40s", 4, 1024)])
def test_a_batch_the_pool_holds_is_run_as_stated(card, tp, batch):
    """The calibration's four NVIDIA rows and the held-out TP2 / TP4 systems fit their stated batch: unchanged."""
    _, costs = _mlperf_copy(MODEL, card, 8, tp, batch, 222, 290)
    assert costs.max_batch == batch


def test_a_larger_stated_pool_fraction_holds_more():
    """The row's own kvcache_free_gpu_mem_frac is the pool's share (0.95 holds more than NVIDIA's 0.90)."""
    _, low = _mlperf_copy(MODEL, "h100-nvl", 8, 1, 1300, 222, 291)
    _, high = _mlperf_copy(MODEL, "h100-nvl", 8, 1, 1300, 222, 291, kv_fraction=0.95)
    assert high.max_batch > low.max_batch


@pytest.mark.parametrize("server", [False, True])
def test_amds_v0_vllm_prefills_in_passes_of_their_own(server):
    """V0 without chunked prefill runs no decodes in a step holding prefills: the running sequences wait
    through each prefill pass's weight read and host time (StepCosts.own_pass_s > 0)."""
    setup = {"card": "mi300x", "count": 8, "tp": 1, "batch": 1024 if server else 2048, "precision": "fp8"}
    s, costs = _mlperf_vllm_copy(setup, 222, 290, server)
    assert AMD_VLLM_PROFILE == {"prefill_with_decodes": False}
    assert s.serving.profile.prefill_with_decodes is False
    assert costs.own_pass_s > 0


def test_nvidias_mlperf_harness_runs_eager_steps():
    """harness_llm never reads its use_graphs flag (a TODO) and the configurations set it False: the MLPerf
    TensorRT-LLM copies run without CUDA graphs."""
    s, _ = _mlperf_copy(MODEL, "h100-sxm", 8, 2, 1024, 222, 290)
    assert s.serving.cuda_graphs is False
