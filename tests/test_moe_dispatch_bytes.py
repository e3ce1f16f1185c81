"""The expert all-to-all's bytes per direction (issue 27 part 4): DeepSeek-V3 and DeepEP dispatch the
tokens in FP8 with a float32 scale per 128 channels and combine them in BF16; training's block-scaled
FP8 recipe does so, Megatron-Core's and torchao's FP8 scalings dispatch in BF16, and SGLang's DeepEP
dispatcher dispatches FP8 whatever the weights (formulas/moe.py FP8_DISPATCH_BYTES,
FP8_DISPATCH_SCALINGS; EngineProfile.fp8_expert_dispatch). The same rule in the pinned estimate, the
planner's array path, the decode step and the prefill.

DeepSeek-AI 2024, arXiv 2412.19437, §3.3.2; deepseek-ai/DeepEP ``deep_ep/buffer.py`` (567632d);
sgl-project/sglang ``token_dispatcher/deepep.py`` (454e84d); NVIDIA/Megatron-LM ``moe/fused_a2a.py``
(d98e8a6).
"""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.decode_step import _ep_all_to_all_s
from configurator.core.formulas import communication as comm
from configurator.core.memory import activation_layout, training_states
from configurator.core.formulas.moe import (
    FP8_DISPATCH_BYTES,
    dispatch_element_bytes,
    training_dispatches_fp8,
)
from configurator.core.precision import plan_training, serving_dispatch_bytes, training_dispatch_bytes
from configurator.core.scenario import Scenario
from configurator.core.training_speed import micro_batch_timing


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _train(scaling="block", precision="fp8", overlap=False, algorithm="1f1b") -> Scenario:
    return Scenario(model=preset("deepseek-v3"), card_id="h800-sxm", count=2048, workload="pretrain",
                    precision=precision, parallelism={"tp": 1, "pp": 16, "ep": 64, "zero": 1},
                    training={"seq_len": 4096, "micro_batch": 1, "grad_accum": 120, "recompute": "selective",
                              "recipe": "megatron-mixed", "expert_overlap": overlap, "fp8_scaling": scaling,
                              "pipeline_algorithm": algorithm})


def _serve(engine="vllm", precision="fp8") -> Scenario:
    return Scenario(model=preset("deepseek-v3"), card_id="h200-sxm", count=16, workload="inference",
                    precision=precision, parallelism={"tp": 1, "ep": 16},
                    serving={"engine": engine, "context": 4096, "prompt_tokens": 1024, "output_tokens": 256,
                             "concurrency": 64})


# ---- the rule --------------------------------------------------------------------------------


def test_fp8_dispatch_is_one_byte_and_a_float32_scale_per_128():
    assert FP8_DISPATCH_BYTES == pytest.approx(1.03125)
    assert dispatch_element_bytes(2.0, True) == FP8_DISPATCH_BYTES
    assert dispatch_element_bytes(2.0, False) == 2.0
    assert dispatch_element_bytes(4.0, False) == 4.0


def test_only_block_scaled_fp8_training_dispatches_fp8():
    """DeepSeek-V3's 1x128 tiles quantize before the dispatch; Megatron-Core (delayed) and torchao /
    current scaling (dynamic) quantize after it; 16-bit math never."""
    assert training_dispatches_fp8(True, "block")
    assert not training_dispatches_fp8(True, "delayed")
    assert not training_dispatches_fp8(True, "dynamic")
    assert not training_dispatches_fp8(False, "block")


def test_training_dispatch_bytes_per_recipe(catalog):
    card = catalog.get("h800-sxm")
    fp8 = plan_training(card, "fp8")
    assert fp8.math_bytes == 2.0  # the combine: BF16 activations
    assert training_dispatch_bytes(_train("block"), fp8) == FP8_DISPATCH_BYTES
    assert training_dispatch_bytes(_train("delayed"), fp8) == 2.0
    bf16 = _train("block", precision="bf16")
    assert training_dispatch_bytes(bf16, plan_training(card, "bf16")) == 2.0


def test_serving_dispatch_bytes_per_engine():
    """SGLang's DeepEP dispatcher casts to FP8 whatever the weights; vLLM dispatches the activations as
    they are for the per-tensor FP8 and 16-bit formats the catalogue has."""
    assert serving_dispatch_bytes(_serve("sglang"), 2.0) == FP8_DISPATCH_BYTES
    assert serving_dispatch_bytes(_serve("sglang", precision="bf16"), 2.0) == FP8_DISPATCH_BYTES
    assert serving_dispatch_bytes(_serve("vllm"), 2.0) == 2.0
    assert serving_dispatch_bytes(_serve("tensorrt-llm"), 2.0) == 2.0


# ---- the formula -----------------------------------------------------------------------------


LINK = (400.0, 50.0, 0.8)  # NVLink and network [GB/s], efficiency


def test_half_the_all_to_alls_at_the_dispatch_bytes():
    """Two of the four all-to-alls of a training micro-batch (the dispatch and the combine's gradient)
    at the dispatch's bytes, two at the combine's: the mean of the formula at either size, latency
    included; the same bytes both ways give the one-size formula."""
    args = (4096, 7168)
    rest = (8, 64, 4, 8, *LINK, 8, 4)
    both_16 = comm.expert_parallel_seconds(*args, 2.0, *rest)
    both_8 = comm.expert_parallel_seconds(*args, FP8_DISPATCH_BYTES, *rest)
    mixed = comm.expert_parallel_seconds(*args, 2.0, *rest, dispatch_bytes=FP8_DISPATCH_BYTES)
    assert mixed == pytest.approx((both_16 + both_8) / 2, rel=1e-12)
    assert comm.expert_parallel_seconds(*args, 2.0, *rest, dispatch_bytes=2.0) == both_16
    assert both_8 < mixed < both_16


# ---- the four paths --------------------------------------------------------------------------


def test_block_scaled_training_sends_less_than_delayed(catalog):
    """The exposed all-to-all (no overlap asked, 1F1B) of DeepSeek-V3 at PP16 EP64: the block recipe's
    sits between the all-BF16 and an all-FP8 bound."""
    card = catalog.get("h800-sxm")
    plan = plan_training(card, "fp8")
    block = _timing(_train("block"), card, plan).expert_parallel_s
    delayed = _timing(_train("delayed"), card, plan).expert_parallel_s
    assert 0.5 * delayed < block < delayed


def _timing(s: Scenario, card, plan):
    return micro_batch_timing(s, card, plan, activation_layout(s, plan, training_states(s, plan)))


@pytest.mark.parametrize("scaling", ["block", "delayed"])
def test_planner_agrees_with_the_estimate_on_the_dispatch_bytes(catalog, scaling):
    """The planner's array path charges the dispatch as the pinned estimate does (exposed all-to-all:
    1F1B, no overlap asked)."""
    from configurator.core.scenario import LAYOUT_FIELDS
    from configurator.core.workloads.training.search import plan_training_layout
    from searched_layout import estimated_as_searched
    pinned = {"pp": 8, "ep": 32}
    s = Scenario(model=preset("deepseek-v3"), workload="pretrain", card_id="h800-sxm", count=512, precision="fp8",
                 auto_layout=tuple(f for f in LAYOUT_FIELDS if f not in pinned), parallelism=pinned,
                 training={"tokens": 1e12, "seq_len": 4096, "recipe": "megatron-mixed", "fp8_scaling": scaling})
    card = catalog.get("h800-sxm")
    plan = plan_training_layout(s, card, top=4)
    assert plan.layouts
    for layout in plan.layouts:
        est = estimated_as_searched(s, layout, card)
        assert est.training.step_time_s == pytest.approx(layout.step_s, rel=1e-9)


def test_sglang_decode_and_prefill_dispatch_fp8(catalog):
    """Serving's dispatch and combine of 64 tokens: SGLang's is vLLM's with the dispatch at FP8's bytes,
    the mean of vLLM's at 16 bits and at FP8's size; the prefill asks the same function."""
    card = catalog.get("h200-sxm")
    sglang, vllm = _serve("sglang"), _serve("vllm")
    fp8 = _ep_all_to_all_s(vllm, card, 64, FP8_DISPATCH_BYTES)
    bf16 = _ep_all_to_all_s(_serve("vllm", precision="bf16"), card, 64, 2.0)
    assert _ep_all_to_all_s(sglang, card, 64, 2.0) == pytest.approx((fp8 + bf16) / 2, rel=1e-12)
    assert _ep_all_to_all_s(vllm, card, 64, 2.0) == pytest.approx(bf16, rel=1e-12)
