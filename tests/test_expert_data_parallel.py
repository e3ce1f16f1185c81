"""The routed experts' own data-parallel group (issue 27 items 4/5: DeepSeek-V3's plan on 2,048 cards).

Under expert parallelism a card's experts are synchronised over ``replicas / ep`` ranks ``tp × ep``
apart (Megatron-LM ``expert_data_parallel_size``, torchtitan ``efsdp``): with ``tp × ep`` filling a
server the whole of that traffic crosses the network. ZeRO-3 also gathers only the card's own experts.
"""

from __future__ import annotations

import pytest

from configurator.core.catalog import load_bundled_catalog
from configurator.core.formulas.collectives import COLLECTIVE_LATENCY_S
from configurator.core.formulas.communication import gradient_sync_seconds
from configurator.core.formulas.expert_data_parallel import (
    card_expert_params,
    data_parallel_groups,
    expert_data_parallel_per_domain,
    expert_data_parallel_ranks,
)

from cli_estimates import estimate_from_cli


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def test_deepseek_v3_expert_groups():
    """DeepSeek-V3's layout (TP1 EP64 over 128 replicas, 8 cards a server): each expert on 2 ranks,
    64 apart, so in two servers; TP2 EP8 over 1,024 replicas: 128 ranks, one a server. Without
    expert parallelism the experts share the dense group."""
    assert expert_data_parallel_ranks(128, 64) == 2 and expert_data_parallel_per_domain(128, 1, 64, 8) == 1
    assert expert_data_parallel_ranks(1024, 8) == 128 and expert_data_parallel_per_domain(1024, 2, 8, 8) == 1
    assert expert_data_parallel_per_domain(1024, 1, 4, 8) == 2  # ranks 4 apart: two of a group a server
    assert card_expert_params(10e9, 0.9, 1) == 0.0


def test_groups_split_the_card_parameters():
    """A stage of 100 parameters, 90 of them routed experts, split 8 ways: the card holds 10 dense
    and 11.25 expert parameters; the groups give each part back."""
    params = 10 + 90 / 8
    (dense, n, g), (experts, ne, ge) = data_parallel_groups(params, 0.9, 8, 1024, 2, 8)
    assert dense == pytest.approx(10) and experts == pytest.approx(90 / 8)
    assert (n, g, ne, ge) == (1024, 4, 128, 1)


def test_expert_sync_crosses_the_network_whole():
    """One ZeRO-3 synchronisation of 40 B expert parameters (fp32 gradients, bf16 weights) over 128
    ranks one a server: ``127/128 × 8 B × 40 B`` over a 50 GB/s NIC at 0.75, where the same bytes
    over the dense group (4 a server) send a quarter of it over the network."""
    link = dict(fast_gbps=450.0, network_gbps=50.0, efficiency=0.75)
    apart = gradient_sync_seconds(40e9, 4, 2, 3, 128, 1, **link)
    assert apart == pytest.approx(127 / 128 * 8 * 40e9 / 37.5e9 + 3 * COLLECTIVE_LATENCY_S, rel=1e-9)
    assert gradient_sync_seconds(40e9, 4, 2, 3, 1024, 4, **link) < 0.4 * apart


DSV3 = ("--workload pretrain --model deepseek-v3 --card h100-sxm --count 2048 --tokens 2T --seq 4096 "
        "--global-batch 62914560")


def test_zero3_expert_parallel_pays_its_expert_gathers_every_micro_batch(catalog):
    """TP2 EP8 ZeRO-3 on 2,048 H100 at three micro-batches of 5 sequences: 40.9 B expert parameters a
    card synchronised three times over the network (8.98 s a time, against 1.74 s for the dense
    part) outlast the 6.5 s micro-batch: about 18 s a step exposed (0.15 s when the experts were
    counted in the dense group). One micro-batch of 15 hides it."""
    pinned = "--tp 2 --pp 1 --ep 8 --zero 3 --recompute full"
    three = estimate_from_cli(catalog, f"{DSV3} {pinned} --batch 5 --grad-accum 3")
    one = estimate_from_cli(catalog, f"{DSV3} {pinned} --batch 15 --grad-accum 1")
    assert three.training.data_parallel_s > 15.0
    assert one.training.data_parallel_s < 0.5
    assert one.training.step_time_s < three.training.step_time_s


def test_zero3_gathers_only_the_card_experts(catalog):
    """ZeRO-3 holds two gathered layers: of DeepSeek-V3 at TP2 EP8 the dense part and an eighth of
    the experts, about 2.8 GB, not the 22 GB of every expert (TP2 alone); beside them FSDP's root unit, the
    embedding and head (1.85 GB at TP2, since 2026-12-06), whole on every rank."""
    est = estimate_from_cli(catalog, f"{DSV3} --tp 2 --pp 1 --ep 8 --zero 3 --recompute full --batch 5 "
                                     "--grad-accum 3")
    assert est.memory.weights < 7 * 2**30
