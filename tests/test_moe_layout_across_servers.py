"""A mixture of experts served over several servers, as the engines deploy it (moeplan, session 39):
attention data parallel with every copy's tensor parallelism inside one server and the routed experts
split over all the servers (vLLM-Ascend ``--data-parallel-size 4 --tensor-parallel-size 8
--enable-expert-parallel``, MindIE ``dp 4 / tp 8 / moe_ep 32`` on four Atlas 800I A2), weighed
beside tensor parallelism over the servers; a tensor-parallel all-reduce that crosses servers pays
the network's hops, and each tensor-parallel rank of a copy dispatches its own share of the tokens."""

from __future__ import annotations

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.decode_step import _ep_all_to_all_s, _tp_allreduce_s
from configurator.core.estimate import estimate
from configurator.core.formulas.communication import (
    TREE_NET_LATENCY_S,
    network_allreduce_latency_seconds,
    tensor_parallel_seconds,
    tensor_parallel_seconds_of,
)
from configurator.core.scenario import Scenario
from configurator.core.workloads.serving.layouts import across_domains_expert_parallel


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _ds(card="ascend-910b", count=32, precision="bf16", auto=("tp", "pp", "ep", "max_batch"), **par):
    return Scenario(model=preset("deepseek-v3"), card_id=card, count=count, workload="inference",
                    precision=precision, auto_layout=list(auto), parallelism=par, serving={"concurrency": 50})


def test_an_allreduce_inside_one_domain_pays_no_network_hops():
    assert network_allreduce_latency_seconds(8, 8) == 0.0
    assert network_allreduce_latency_seconds(1, 8) == 0.0


def test_an_allreduce_over_four_servers_pays_nccl_tree_hops():
    """NCCL's tree model: 2·log2(N) network hops of 5 µs (LL protocol) for N nodes."""
    assert network_allreduce_latency_seconds(32, 8) == pytest.approx(4 * TREE_NET_LATENCY_S)
    assert network_allreduce_latency_seconds(16, 8) == pytest.approx(2 * TREE_NET_LATENCY_S)


def test_the_plain_number_form_gives_the_same_seconds_across_servers():
    args = (7168, 2.0, 32, 61, 2, 8, 196.0, 25.0, 0.8)
    for tokens in (1, 13, 50, 4096):
        assert tensor_parallel_seconds_of(*args)(tokens) == pytest.approx(tensor_parallel_seconds(tokens, *args))


def test_tp32_over_four_servers_pays_the_hops_on_every_allreduce(catalog):
    """61 layers × 2 all-reduces per decode step, each 4 hops of 5 µs more than the bandwidth alone."""
    card = catalog.get("ascend-910b")
    across = _ds(tp=32, ep=32, auto=("max_batch",))
    inside = _ds(tp=8, ep=8, auto=("max_batch",))
    assert _tp_allreduce_s(across, card, 50, 2.0) > _tp_allreduce_s(inside, card, 50, 2.0) + 122 * 4 * 5e-6 * 0.99


def test_each_tp_rank_of_a_copy_dispatches_its_share_of_the_tokens(catalog):
    """vLLM's sequence-parallel MoE (EP, TP > 1, DP > 1) and SGLang's SCATTERED MoE input: a copy of
    TP 8 sends 1/8 of its tokens from each card, so its all-to-all of 13 tokens costs what 32 one-card
    copies of about 1.6 tokens each cost, not what 4 one-card copies of 13 tokens do."""
    card = catalog.get("ascend-910b")
    tp8 = _ds(tp=8, ep=32, auto=("max_batch",))
    tp1 = _ds(tp=1, ep=32, auto=("max_batch",))
    assert _ep_all_to_all_s(tp8, card, 16, 2.0) == pytest.approx(_ep_all_to_all_s(tp1, card, 2, 2.0))


def test_experts_over_four_servers_are_offered_at_every_tensor_parallel_degree_inside_one(catalog):
    card = catalog.get("ascend-910b")
    assert across_domains_expert_parallel(_ds(), card, 4) == [(1, 32), (2, 32), (4, 32), (8, 32)]
    assert across_domains_expert_parallel(_ds(), card, 1) == []
    assert across_domains_expert_parallel(_ds(auto=("tp", "pp", "max_batch"), ep=1), card, 4) == []  # EP pinned


def test_deepseek_v3_bf16_on_32_ascend_910b_is_laid_out_as_mindie_deploys_it(catalog):
    """MindIE on 4 × 8 × 910B: ``"dp": 4, "tp": 8, "moe_tp": 1, "moe_ep": 32`` (itove/ascend
    docs/src/issue-1.md, MindIE 2.1.RC2); TP 32 over RoCE was the plan before (moeplan brief)."""
    est = estimate(_ds(), catalog.get("ascend-910b"))
    par = est.scenario.parallelism
    assert (par.tp, par.pp, par.ep) == (8, 1, 32)
    assert est.scenario.expert_copies == 4 and est.fits


def test_deepseek_v3_fp8_on_16_h100_shares_its_experts_over_both_servers(catalog):
    """Two 8-GPU servers: attention data parallel, TP inside a server, EP 16 (SGLang
    ``--enable-dp-attention``, vLLM DP + EP), not TP 16 over the network."""
    est = estimate(_ds(card="h100-sxm", count=16, precision="fp8"), catalog.get("h100-sxm"))
    par = est.scenario.parallelism
    assert par.ep == 16 and par.tp <= 8 and par.pp == 1


def test_the_layout_line_says_the_copies_share_their_experts(capsys):
    """The brief's question: 50 users of DeepSeek-V3 (BF16, named: its published FP8 fits one server) in China
    under 8 million yuan."""
    assert main(["recommend", "--workload", "inference", "--model", "deepseek-v3", "--weight-format", "bf16",
                 "--concurrency", "50", "--region", "cn", "--budget", "800万元", "--limit", "1", "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.startswith("  - 并行布局："))
    assert "张量并行 8" in line and "4 个副本" in line and "专家并行 32，4 个副本共享专家" in line
