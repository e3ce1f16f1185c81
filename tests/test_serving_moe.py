"""Mixture-of-experts serving with expert parallelism: weights per card are the dense share plus
the copy's share of the experts, a decode step reads only the experts its tokens touch, and
expert parallelism pays a dispatch and a combine all-to-all per MoE layer."""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.memory import routed_expert_params
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.decode_step import _ep_all_to_all_s, decode_weight_bytes
from configurator.core.serving_speed import decode_step_seconds


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _moe(model="deepseek-v3", card="h200-sxm", count=8, tp=8, ep=1, concurrency=64, precision="fp8"):
    return Scenario(model=preset(model), card_id=card, count=count, workload="inference", precision=precision,
                    parallelism={"tp": tp, "ep": ep},
                    serving={"context": 4096, "prompt_tokens": 1024, "output_tokens": 256,
                             "concurrency": concurrency})


def test_deepseek_v3_fp8_on_8_h200_holds_an_eighth_of_its_weights_per_card(catalog):
    """671 B parameters at one byte each over eight cards: ≈ 84 GB per card (DeepSeek-V3 report:
    671 B total, FP8 weights)."""
    model = preset("deepseek-v3")
    assert model.total_params() == pytest.approx(671e9, rel=0.01)
    est = estimate(_moe(), catalog.get("h200-sxm"))
    assert est.memory.weights == pytest.approx(model.total_params() * 1.0 / 8, rel=0.02)


def test_expert_parallel_card_holds_dense_part_and_its_share_of_experts(catalog):
    model = preset("deepseek-v3")
    experts = routed_expert_params(model, model.n_layers)
    est = estimate(_moe(tp=1, ep=8), catalog.get("h200-sxm"))
    expected = (model.total_params() - experts) + experts / 8
    assert est.memory.weights == pytest.approx(expected * 1.0, rel=0.02)


def test_mixtral_decode_reads_only_touched_experts():
    """Top-2 of 8: one token reads 2 experts per layer; 64 tokens touch nearly all 8
    (8·(1 − (3/4)^64))."""
    model = preset("mixtral-8x7b")
    expert = model.mlp_params(model.routed_ffn) * model.n_moe_layers
    dense = model.total_params() - 8 * expert
    assert decode_weight_bytes(model, 1, 1.0) == pytest.approx(dense + 2 * expert)
    assert decode_weight_bytes(model, 64, 1.0) == pytest.approx(dense + 8 * (1 - 0.75**64) * expert)


def test_expert_parallel_copies_share_the_expert_reads():
    """Two copies sharing their experts: the group routes 2·b tokens, each copy reads half."""
    model = preset("mixtral-8x7b")
    expert = model.mlp_params(model.routed_ffn) * model.n_moe_layers
    dense = model.total_params() - 8 * expert
    touched = 8 * (1 - 0.75 ** 8)
    assert decode_weight_bytes(model, 4, 1.0, ep=2) == pytest.approx(dense + touched * expert / 2)


def test_expert_parallelism_pays_all_to_all_on_the_fast_link(catalog):
    card = catalog.get("h200-sxm")
    with_ep, without = _moe(tp=1, ep=8), _moe(tp=1, ep=1)
    assert _ep_all_to_all_s(without, card, 64, 1.0) == 0.0
    assert _ep_all_to_all_s(with_ep, card, 64, 1.0) > 0.0
    step_ep = decode_step_seconds(with_ep, card, plan_serving(with_ep, card), 64, 1024)[0]
    step = decode_step_seconds(without, card, plan_serving(without, card), 64, 1024)[0]
    assert step_ep < step  # each card reads an eighth of the touched experts


def test_planner_may_share_experts_across_copies(catalog):
    s = Scenario(model=preset("mixtral-8x7b"), card_id="h100-sxm", count=8, workload="inference",
                 precision="fp8", auto_layout=["tp", "pp", "ep", "max_batch"],
                 serving={"context": 4096, "prompt_tokens": 1024, "output_tokens": 256, "concurrency": 512})
    est = estimate(s, catalog.get("h100-sxm"))
    par = est.scenario.parallelism
    assert est.fits and par.ep in (1, 8 // (par.tp * par.pp)) or par.ep == 1
    assert (est.scenario.count // (par.tp * par.pp)) % par.ep == 0


# ---- TP × EP as engines deploy DeepSeek-V3 (issue 27, part 4) ---------------------------------


def test_tp8_by_ep8_on_8_cards_is_one_copy_with_the_experts_whole_on_its_ranks(catalog):
    """vLLM ``--tensor-parallel-size 8 --enable-expert-parallel``: attention split 8 ways, each rank
    an eighth of the experts whole — the same bytes per card as TP 8, no all-to-all between copies."""
    card = catalog.get("h200-sxm")
    tp_ep, tp = _moe(tp=8, ep=8), _moe(tp=8, ep=1)
    assert tp_ep.expert_copies == 1
    assert estimate(tp_ep, card).memory.weights == pytest.approx(estimate(tp, card).memory.weights)
    assert _ep_all_to_all_s(tp_ep, card, 64, 1.0) == 0.0


def test_attention_data_parallel_by_ep8_is_eight_copies_sharing_the_experts():
    """SGLang ``--enable-dp-attention --ep-size 8``: TP 1 × EP 8, eight copies share one set of experts."""
    assert _moe(tp=1, ep=8).expert_copies == 8
    assert _moe(count=16, tp=8, ep=16).expert_copies == 2


def test_serving_ep_must_be_a_multiple_of_tp():
    with pytest.raises(ValueError, match="multiple of the tensor-parallel degree"):
        _moe(tp=8, ep=4)


def test_planner_reaches_attention_data_parallel_for_deepseek_v3_at_520_users(catalog):
    """DeepSeek-V3 FP8 on 8 × H200 for ~520 users: TP 8 cannot hold their MLA cache (one latent
    head, kept whole on every rank); the planner picks attention data parallel × EP 8, whose decode
    step (65 sequences a copy, 520 tokens over 256 experts: ~16 per expert) is bound by reading the
    expert weights."""
    card = catalog.get("h200-sxm")
    s = Scenario(model=preset("deepseek-v3"), card_id="h200-sxm", count=8, workload="inference",
                 precision="fp8", auto_layout=("tp", "pp", "ep"),
                 serving={"prompt_tokens": 1000, "output_tokens": 1000, "concurrency": 520, "use": "batch"})
    est = estimate(s, card)
    assert (est.scenario.parallelism.tp, est.scenario.parallelism.ep) == (1, 8)
    assert est.memory.fits
    chosen = est.scenario
    _, bound = decode_step_seconds(chosen, card, plan_serving(chosen, card), chosen.sequences_per_replica, 2000)
    assert bound == "memory"


AIC_H200 = "ai-dynamo/aiconfigurator aic-core/src/aiconfigurator_core/systems/data/h200_sxm (commit 095f58a, measured)"
"""aiconfigurator's measured kernel tables for DeepSeek-V3 on an H200 (FP8 block-scaled GEMMs), in ms:

- ``mla/trtllm/1.3.0rc20/mla_generation_module_perf.parquet``, per layer at a 2,048-token cache with
  a 16-bit KV cache (the scenarios' own: vLLM's ``kv_cache_dtype='auto'`` keeps the model's 16-bit
  activations; the FP8-KV rows are 0.1642 and 0.3196): 128 heads (attention data parallel), batch 64:
  :data:`MLA_DP_B64`; 16 heads (TP 8), batch 512: :data:`MLA_TP8_B512`;
- ``moe/trtllm/1.3.0rc20/moe_perf.parquet`` per MoE layer, 512 tokens, balanced: experts whole over
  8 ranks (``moe_tp_size`` 1, ``moe_ep_size`` 8) :data:`MOE_EP8`; every expert sliced over 8 ranks
  (``moe_tp_size`` 8, ``moe_ep_size`` 1) :data:`MOE_TP8_TRTLLM` — TensorRT-LLM's CUTLASS grouped
  GEMM runs the sliced ``16 × 512 × 7168`` and ``16 × 7168 × 256`` products 1.8× slower than the
  whole ones, over the same bytes;
- ``moe/vllm/0.24.0/moe_perf.parquet``, the same sliced layer in vLLM's Triton fused-MoE kernel
  (``vllm_fp8moe_triton_tritonexperts``): :data:`MOE_TP8_VLLM`, near its bytes (1.41 GB a rank).

TP 8's two all-reduces a layer of 520 × 7,168 16-bit values,
``comm/vllm/0.19.0/custom_allreduce_perf.parquet`` 0.049 ms at 4 M values on 8 GPUs (graph mode):
about 5.3 ms a step (the estimate's own: 7.2 ms), :data:`ALLREDUCE_TP8`, in the TP 8 sums since the
MLA attention FLOPs are counted absorbed (formulas/attention_flops.py); left out: the launch gaps.
"""
MLA_DP_B64, MLA_TP8_B512 = 0.1702, 0.3958
MOE_EP8, MOE_TP8_TRTLLM, MOE_TP8_VLLM = 0.3965, 0.7104, 0.3930
ALLREDUCE_TP8 = 5.3


@pytest.mark.parametrize(("tp", "ep", "batch", "kernels_ms"), [
    (1, 8, 65, 61 * MLA_DP_B64 + 58 * MOE_EP8),  # attention data parallel × EP 8: 33.4 ms of kernels
    (8, 8, 520, 61 * MLA_TP8_B512 + 58 * MOE_EP8 + ALLREDUCE_TP8),  # TP 8 × EP 8, the experts whole: 52.4 ms
])
def test_deepseek_v3_decode_step_near_aiconfigurator_kernel_sum(catalog, tp, ep, batch, kernels_ms):
    """DeepSeek-V3 FP8 decode on 8 × H200, ~520 sequences at a 2k cache: the step is within 25 % of
    the sum of aiconfigurator's measured attention-module and MoE kernels of the same layout and
    cache precision, and at TP 8 the measured all-reduces (:data:`AIC_H200`; the sums leave out the
    launch gaps, so the step is not below them by much)."""
    card = catalog.get("h200-sxm")
    s = _moe(tp=tp, ep=ep, concurrency=520)
    step, bound = decode_step_seconds(s, card, plan_serving(s, card), batch, 2000)
    assert bound == "memory"
    assert step * 1e3 == pytest.approx(kernels_ms, rel=0.25)


def test_deepseek_v3_tp8_with_sliced_experts_sits_between_the_engines_measured_kernels(catalog):
    """TP 8 alone slices each of the 256 experts eight ways: the same bytes per card as TP 8 × EP 8,
    products of 512 × 7168 and 7168 × 256 per expert at ~16 tokens. Measured (:data:`AIC_H200`),
    that MoE layer takes 0.71 ms in TensorRT-LLM and 0.39 ms in vLLM; the step is within 25 % of
    the kernel sum (with the measured all-reduces) with either, and slower than with the experts whole
    (their products' shapes,
    :func:`~configurator.core.matmul_shapes.matmul_efficiency_by_shape`)."""
    card = catalog.get("h200-sxm")
    sliced, whole = _moe(tp=8, ep=1, concurrency=520), _moe(tp=8, ep=8, concurrency=520)
    assert (sliced.expert_tensor_parallel, whole.expert_tensor_parallel) == (8, 1)
    step = decode_step_seconds(sliced, card, plan_serving(sliced, card), 520, 2000)[0]
    for moe_ms in (MOE_TP8_TRTLLM, MOE_TP8_VLLM):
        assert step * 1e3 == pytest.approx(61 * MLA_TP8_B512 + 58 * moe_ms + ALLREDUCE_TP8, rel=0.25)
    assert step > decode_step_seconds(whole, card, plan_serving(whole, card), 520, 2000)[0]


def test_expert_products_split_over_tensor_parallel_ranks_only_without_expert_parallelism(catalog):
    """The routed experts' products: sliced ``tp`` ways with tensor parallelism alone (vLLM's
    FusedMoE), whole with expert parallelism — in serving and also for attention data parallel
    × EP 8, whose experts see the same ~16 tokens each as TP 8 × EP 8's."""
    from configurator.core.matmul_shapes import matmul_efficiency_by_shape
    card, model = catalog.get("h200-sxm"), preset("deepseek-v3")
    whole = matmul_efficiency_by_shape(model, card, "fp8", 520, 8, 1, training=False, expert_tp=1)
    sliced = matmul_efficiency_by_shape(model, card, "fp8", 520, 8, 1, training=False)
    assert whole > sliced
    assert _moe(tp=1, ep=8).expert_tensor_parallel == 1
    assert _moe(tp=8, ep=1).expert_tensor_parallel == 8


def test_planner_keeps_the_experts_whole_where_their_sliced_products_bound_the_step(catalog):
    """DeepSeek-V3 on 8 × H200 with TP 8 pinned, 520 users: TP 8 × EP 8 (vLLM
    ``--enable-expert-parallel``) is weighed beside TP 8 alone and chosen (its experts' products are
    whole, same bytes); a dense model is never offered EP."""
    from configurator.core.workloads.serving.plan import serving_expert_parallel_options
    card = catalog.get("h200-sxm")
    s = Scenario(model=preset("deepseek-v3"), card_id="h200-sxm", count=8, workload="inference",
                 precision="fp8", parallelism={"tp": 8}, auto_layout=("ep", "max_batch"),
                 serving={"prompt_tokens": 1000, "output_tokens": 1000, "concurrency": 520, "use": "batch"})
    assert serving_expert_parallel_options(s, card, 8, 1) == [1, 8]
    planned = estimate(s, card)
    assert (planned.scenario.parallelism.tp, planned.scenario.parallelism.ep) == (8, 8)
    dense = s.model_copy(update={"model": preset("llama3-70b")})
    assert serving_expert_parallel_options(dense, card, 8, 1) == [1]


def test_qwen3_235b_a22b_preset_matches_its_name():
    """Qwen3-235B-A22B (Qwen/Qwen3-235B-A22B config.json): 235 B parameters, 22 B active."""
    model = preset("qwen3-235b-a22b")
    assert model.total_params() == pytest.approx(235e9, rel=0.01)
    assert model.active_params() == pytest.approx(22e9, rel=0.02)


def test_qwen3_moe_serves_as_tp8_by_ep8_or_attention_data_parallel(catalog):
    """Qwen3-235B-A22B FP8 on 8 × H200 for 512 users: TP 8 × EP 8 is expressible (vLLM's
    --enable-expert-parallel), and the planner picks attention data parallel × EP 8 — 4 KV heads do
    not split 8 ways, so TP 8 keeps each KV head on two cards."""
    card = catalog.get("h200-sxm")

    def serve(parallelism, auto=()):
        s = Scenario(model=preset("qwen3-235b-a22b"), card_id="h200-sxm", count=8, workload="inference",
                     precision="fp8", parallelism=parallelism, auto_layout=auto,
                     serving={"prompt_tokens": 1000, "output_tokens": 1000, "concurrency": 512, "use": "batch"})
        return estimate(s, card)

    tp_ep = serve({"tp": 8, "ep": 8})
    assert tp_ep.memory.fits and tp_ep.scenario.expert_copies == 1
    planned = serve({}, ("tp", "pp", "ep"))
    assert (planned.scenario.parallelism.tp, planned.scenario.parallelism.ep) == (1, 8)
    assert planned.serving.tokens_per_s > tp_ep.serving.tokens_per_s


@pytest.mark.parametrize(("engine", "flag"), [("vllm", "--enable-expert-parallel"), ("sglang", "--ep-size 8"),
                                              ("tensorrt-llm", "--ep_size 8")])
def test_tp8_by_ep8_launch_splits_the_experts_over_the_tensor_parallel_ranks(catalog, engine, flag):
    from configurator.core.launch import launch_text
    est = estimate(_moe(tp=8, ep=8), catalog.get("h200-sxm"))
    text = launch_text(est, engine, "en")
    assert flag in text
    assert "--enable-dp-attention" not in text and "--data-parallel-size" not in text


def test_busiest_expert_rank_sets_the_low_batch_step():
    """One token's 8 experts over 8 ranks of 32: the busiest rank holds ~2.54 of them (a Monte Carlo of
    uniform routing gives 2.55), not the mean 1; with many tokens every rank touches all it holds. One
    rank (experts sliced over the tensor-parallel cards): the mean, experts_touched."""
    from configurator.core.formulas.moe import busiest_rank_experts, experts_touched

    assert busiest_rank_experts(256, 8, 1, 8) == pytest.approx(2.54, abs=0.01)
    assert busiest_rank_experts(256, 8, 16, 8) == pytest.approx(16.7, abs=0.05)
    assert busiest_rank_experts(256, 8, 4096, 8) == pytest.approx(32.0)
    assert busiest_rank_experts(256, 8, 3, 1) == experts_touched(256, 8, 3)
    assert list(busiest_rank_experts(256, 8, np.array([1.0, 16.0]), 8)) == pytest.approx([2.54, 16.7], abs=0.05)


def test_deepseek_v3_tp8_ep8_batch_1_reads_its_busiest_card(catalog):
    """TP 8 × EP 8 (experts whole, 32 a card): at one sequence the step waits for the card holding the most
    of the 8 touched experts, so it reads more than TP 8 with every expert sliced 8 ways (balanced); at
    512 sequences every card touches all it holds and the two read alike."""
    card = catalog.get("h200-sxm")
    whole, sliced = _moe(count=8, tp=8, ep=8, concurrency=1), _moe(count=8, tp=8, ep=1, concurrency=1)
    w_whole = decode_step_seconds(whole, card, plan_serving(whole, card), 1, 1500)
    w_sliced = decode_step_seconds(sliced, card, plan_serving(sliced, card), 1, 1500)
    assert w_whole[0] > w_sliced[0] + 0.5e-3
    from configurator.core.decode_step import DecodeStep
    step = DecodeStep(whole, card, plan_serving(whole, card), 1500)
    assert step.plain_step()(1.0)[0] == pytest.approx(step.seconds(1)[0], rel=1e-9)
    assert step.plain_step()(512.0)[0] == pytest.approx(step.seconds(np.array([512.0]))[0][0], rel=1e-9)
