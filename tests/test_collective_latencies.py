"""Sourced latencies of the collectives a mixture of experts pays across servers (issue 27): NCCL's
measured all-to-all inside an NVLink domain and its network hop, HCCL's own cost model of an
all-reduce between Ascend servers, and a prompt alone on a copy that shares its experts
(attention data parallel), whose experts run on every sharing copy's cards."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.formulas import collectives, communication
from configurator.core.formulas.collectives import (
    ALL_TO_ALL_BASE_LATENCY_S,
    ALL_TO_ALL_PEER_LATENCY_S,
    NETWORK_HOP_LATENCY_S,
    all_to_all_latency_seconds,
)
from configurator.core.matmul_shapes import matmul_efficiency_by_shape
from configurator.core.precision import plan_serving
from configurator.core.prefill_time import idle_ttft_seconds, prefill_seconds
from configurator.core.scenario import Scenario
from configurator.core.training_speed import fabric


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def test_all_to_all_latency_passes_through_nccls_two_published_points():
    """NCCL's all-to-all at 16 B a pair on GB200 (contrib/custom_algos/alltoall, 5067397c): 11.75 µs
    over 8 ranks, 28.20 µs over 32 in one NVLink domain."""
    assert all_to_all_latency_seconds(8, 8) == pytest.approx(11.75e-6, abs=1e-12)
    assert all_to_all_latency_seconds(32, 32) == pytest.approx(28.20e-6, abs=1e-12)
    assert all_to_all_latency_seconds(1, 1) == 0


def test_all_to_all_across_servers_adds_one_network_hop():
    """The sends to the remote peers leave together: one hop of NCCL's network LL latency (5 µs)
    more than the domain's own ranks, whatever the number of servers."""
    assert all_to_all_latency_seconds(32, 8) - all_to_all_latency_seconds(8, 8) == pytest.approx(NETWORK_HOP_LATENCY_S)
    assert all_to_all_latency_seconds(256, 8) == pytest.approx(all_to_all_latency_seconds(16, 8))
    assert NETWORK_HOP_LATENCY_S == communication.TREE_NET_LATENCY_S == 5.0e-6
    assert all_to_all_latency_seconds(16, 8) == \
        pytest.approx(ALL_TO_ALL_BASE_LATENCY_S + 7 * ALL_TO_ALL_PEER_LATENCY_S + 5.0e-6)


def test_all_to_all_latency_takes_arrays():
    import numpy as np

    got = all_to_all_latency_seconds(np.array([1, 8, 32, 32]), np.array([1, 8, 32, 8]))
    assert got == pytest.approx([0.0, 11.75e-6, 28.20e-6, 11.75e-6 + 5.0e-6], abs=1e-12)


@pytest.mark.parametrize(("ep", "measured_us"), [(16, 118), (32, 155), (64, 173), (128, 192), (256, 194)])
def test_deepep_low_latency_dispatch_is_bound_by_its_bytes(ep, measured_us):
    """DeepEP's low-latency dispatch, 128 tokens × top 8 × 7,168 FP8 channels with their scales, 8
    ranks a node on 400 Gb/s InfiniBand (deepseek-ai/DeepEP docs/legacy.md, dd758ca): the model, at
    the default link efficiency and one 50 GB/s NIC a card, within 25 % of each measured time, and
    its latency under 15 % of it (no figure set from these)."""
    a = Scenario(model=preset("deepseek-v3"), card_id="h200-sxm", count=8, workload="inference").assumptions
    n_bytes = 128 * 8 * 7168 * (1 + 4 / 128)
    model = collectives.all_to_all_seconds(n_bytes, ep, 8, 160.0, a.network_gbps_per_card, a.link_efficiency)
    assert model == pytest.approx(measured_us * 1e-6, rel=0.25)
    assert all_to_all_latency_seconds(ep, 8) < 0.15 * measured_us * 1e-6


def test_hccl_allreduce_between_servers_costs_its_nhr_templates_ten_tasks():
    """HCCL's selector charges its inter-server NHR all-reduce 10 tasks × 2 µs (hicann/hccl 09300b7),
    whatever the number of servers; NCCL's tree 2·log2(N) hops of 5 µs."""
    hccl = communication.network_allreduce_latency_seconds
    assert communication.HCCL_NHR_ALLREDUCE_TASKS * communication.HCCL_TASK_LATENCY_S == pytest.approx(20e-6)
    assert [hccl(8 * n, 8, "hccl") for n in (1, 2, 4, 8)] == pytest.approx([0.0, 20e-6, 20e-6, 20e-6])
    assert [hccl(8 * n, 8) for n in (1, 2, 4, 8)] == pytest.approx([0.0, 10e-6, 20e-6, 30e-6])


def test_ascend_fabric_runs_hccl_and_the_rest_nccl(catalog):
    s = Scenario(model=preset("deepseek-v3"), card_id="ascend-910b", count=32, workload="inference")
    assert fabric(catalog.get("ascend-910b"), 8, s.assumptions).library == "hccl"
    assert fabric(catalog.get("h200-sxm"), 8, s.assumptions).library == "nccl"
    assert set(communication.COLLECTIVE_LIBRARIES) == {"nccl", "hccl"}


def test_tensor_parallel_over_servers_pays_the_librarys_latency():
    link = (196.0, 25.0, 0.8)
    args = (1, 7168, 2.0, 16, 61, 2, 8, *link)
    nccl = communication.tensor_parallel_seconds(*args)
    hccl = communication.tensor_parallel_seconds(*args, 0.0, 1, 0.0, "hccl")
    assert hccl - nccl == pytest.approx(61 * 2 * (20e-6 - 10e-6))  # two servers: 2·log2(2)·5 µs for NCCL
    assert communication.tensor_parallel_seconds_of(*args[1:], 0.0, 1, 0.0, "hccl")(1) == pytest.approx(hccl)


def _ds(tp, ep, card="h200-sxm", count=8, precision="fp8"):
    return Scenario(model=preset("deepseek-v3"), card_id=card, count=count, workload="inference", precision=precision,
                    parallelism={"tp": tp, "ep": ep},
                    serving={"context": 4096, "prompt_tokens": 1024, "output_tokens": 256, "concurrency": 64})


def test_spread_divides_the_routed_products_time_alone(catalog):
    """``spread`` copies run the routed experts' products: each card of the pass spends 1/spread of
    their time; a dense model has none to spread."""
    card, model = catalog.get("h200-sxm"), preset("deepseek-v3")
    one = matmul_efficiency_by_shape(model, card, "fp8", 1024, 1, 1, training=False, expert_tp=1)
    spread = matmul_efficiency_by_shape(model, card, "fp8", 1024, 1, 1, training=False, expert_tp=1, spread=8)
    assert spread > one
    dense = preset("llama3.1-70b")
    assert matmul_efficiency_by_shape(dense, card, "fp8", 1024, 8, training=False, spread=8) == \
        matmul_efficiency_by_shape(dense, card, "fp8", 1024, 8, training=False)


def test_a_prompt_alone_on_an_attention_dp_copy_spreads_its_experts(catalog):
    """TP 1 × EP 8 (eight copies sharing the experts): one prompt on an idle server runs its experts
    on all eight cards (SGLang's idle batches, vLLM's dummy passes), so its first token comes sooner
    than when every copy prefills a prompt at once, but not sooner than the copy's dense part alone.
    TP 8 × EP 1 (one copy) has no one to share with: the same either way."""
    card = catalog.get("h200-sxm")
    s = _ds(1, 8)
    plan = plan_serving(s, card)
    together = prefill_seconds(s, card, plan, 1024)
    alone = prefill_seconds(s, card, plan, 1024, alone=True)
    assert alone < 0.85 * together
    assert idle_ttft_seconds(s, card, plan) == pytest.approx(alone)
    one_copy = _ds(8, 1)
    plan8 = plan_serving(one_copy, card)
    assert prefill_seconds(one_copy, card, plan8, 1024, alone=True) == prefill_seconds(one_copy, card, plan8, 1024)


def test_a_carrying_step_charges_the_prompts_own_tokens_alone(catalog):
    """Under load, the steps that carry a prompt on an attention-DP copy charge its own tokens with
    their experts spread (:attr:`StepCosts.alone_token_s`), while the capacity keeps every copy's
    prompts on their own share (:attr:`StepCosts.prompt_token_s`): the first token comes sooner at
    the same rate; one copy (TP 8) has nothing to spread, and leaves the field 0."""
    import dataclasses

    from configurator.core.load import load_point_fields
    from configurator.core.prefill_time import alone_prompt_token_seconds, prompt_token_seconds
    from configurator.core.serving_step_costs import step_costs

    card = catalog.get("h200-sxm")
    s = _ds(1, 8)
    plan = plan_serving(s, card)
    costs = step_costs(s, card, plan, 8)
    assert costs.alone_token_s == pytest.approx(alone_prompt_token_seconds(s, card, plan))
    assert 0.0 < costs.alone_token_s < 0.85 * costs.prompt_token_s == pytest.approx(
        0.85 * prompt_token_seconds(s, card, plan))
    symmetric = dataclasses.replace(costs, alone_token_s=0.0)
    sooner, before = load_point_fields(costs, 1.0)[4], load_point_fields(symmetric, 1.0)[4]
    assert sooner[50] < before[50]
    assert load_point_fields(costs, 1.0)[5] == load_point_fields(symmetric, 1.0)[5]  # the TPOT: the same steps
    one_copy = _ds(8, 1)
    assert step_costs(one_copy, card, plan_serving(one_copy, card), 8).alone_token_s == 0.0
