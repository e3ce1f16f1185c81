"""The communication formulas of configurator.core.formulas against their published values (ring
and hierarchical collectives, all-to-all, ZeRO and pipeline traffic, host offload, tensor-parallel
all-reduces), and the code paths that run them (issue 14, part 2; split from tests/test_formulas.py).
"""

from __future__ import annotations

import pytest

from configurator.core.formulas import collectives, communication, efficiency, host_offload, reliability, timing
from configurator.core.units import GB


# ---- ring collectives (Patarasuk & Yuan 2009; nccl-tests PERFORMANCE.md) -----------------------


@pytest.mark.parametrize("ranks", [2, 4, 8])
def test_ring_allreduce_time_and_nccl_bus_bandwidth(ranks):
    """Inside one domain an all-reduce of S moves 2(n−1)/n·S per rank; nccl-tests defines
    busbw = algbw·2(n−1)/n, so the bus bandwidth of the modelled all-reduce is the link's."""
    size, link_gbps = 1e9, 100.0
    seconds = collectives.allreduce_seconds(size, ranks, ranks, link_gbps, link_gbps, 1.0)
    wire = seconds - 2 * collectives.COLLECTIVE_LATENCY_S
    assert wire == pytest.approx(2 * (ranks - 1) / ranks * size / (link_gbps * GB))
    algbw = size / wire / GB
    assert collectives.allreduce_bus_bandwidth(algbw, ranks) == pytest.approx(link_gbps)
    rs_wire = collectives.reduce_scatter_seconds(size, ranks, ranks, link_gbps, link_gbps, 1.0) - \
        collectives.COLLECTIVE_LATENCY_S
    assert collectives.reduce_scatter_bus_bandwidth(size / rs_wire / GB, ranks) == pytest.approx(link_gbps)


def test_nccl_bus_bandwidth_factors():
    """PERFORMANCE.md: all-reduce factor 2(n−1)/n (1.75 on 8 ranks), reduce-scatter (n−1)/n."""
    assert collectives.allreduce_bus_bandwidth(1.0, 8) == pytest.approx(1.75)
    assert collectives.reduce_scatter_bus_bandwidth(1.0, 8) == pytest.approx(0.875)
    assert collectives.ring_fraction(1) == 0


def test_hierarchical_allreduce_sends_one_gth_over_the_network():
    """16 ranks in 2 servers of 8: (g−1)/g·S on the fast link, (N−1)/N·S/g per card across."""
    size, fast, net = 8e9, 400.0, 50.0
    s = collectives.allreduce_seconds(size, 16, 8, fast, net, 1.0) - 2 * collectives.COLLECTIVE_LATENCY_S
    assert s == pytest.approx(2 * (7 / 8 * size / (fast * GB) + 1 / 2 * size / 8 / (net * GB)))


def test_all_to_all_keeps_one_nth_and_sends_the_rest():
    """Each of n ranks keeps 1/n: (g−1)/n of the buffer to the g−1 others in its domain over the
    fast link, (n−g)/n over the network (DeepSeek-V3 report §3.2.2)."""
    size, fast, net, lat = 8e9, 400.0, 50.0, collectives.all_to_all_latency_seconds
    inside = collectives.all_to_all_seconds(size, 8, 8, fast, net, 1.0) - lat(8, 8)
    assert inside == pytest.approx(7 / 8 * size / (fast * GB))
    spread = collectives.all_to_all_seconds(size, 16, 8, fast, net, 1.0) - lat(16, 8)
    assert spread == pytest.approx(7 / 16 * size / (fast * GB) + 8 / 16 * size / (net * GB))
    assert collectives.all_to_all_seconds(size, 1, 1, fast, net, 1.0) == 0


def test_collectives_of_one_rank_cost_nothing_and_lone_cards_use_the_network():
    size, lat = 8e9, collectives.COLLECTIVE_LATENCY_S
    assert collectives.reduce_scatter_seconds(size, 1, 1, 400.0, 50.0, 1.0) == 0
    assert collectives.reduce_scatter_seconds(size, 4, 1, 400.0, 50.0, 1.0) - lat == \
        pytest.approx(3 / 4 * size / (50.0 * GB))
    assert collectives.reduce_scatter_seconds(size, 4, 0, 400.0, 50.0, 1.0) == \
        collectives.reduce_scatter_seconds(size, 4, 1, 400.0, 50.0, 1.0)


def test_context_and_expert_parallel_counts():
    """Ring Attention (Liu et al. 2023 §3): per ring step and layer K and V forward, K and V with
    their gradients backward — 3 blocks; GShard §2.2: dispatch and combine, forward and
    backward — 4 all-to-alls per MoE layer."""
    assert communication.CP_EXCHANGES_PER_LAYER == 3 and communication.EP_ALL_TO_ALLS_PER_LAYER == 4
    block = collectives.point_to_point_seconds(2 * 1024 * 512 * 2, 400.0, 1.0)
    ring = communication.context_parallel_seconds(1024, 512, 2, 4, 10, False, 0.0, 400.0, 50.0, 1.0, 0.7)
    assert ring == pytest.approx(3 * 10 * 3 * block)
    one = collectives.all_to_all_seconds(1024 * 2 * 4096 * 2, 8, 8, 400.0, 50.0, 1.0)
    ep = communication.expert_parallel_seconds(1024, 4096, 2, 2, 8, 16, 8, 400.0, 50.0, 1.0)
    assert ep == pytest.approx(4 * 16 * one)


def test_two_ranks_already_communicate():
    """The smallest group that talks: two ranks pay the traffic and the call latency."""
    size, lat = 8e9, collectives.COLLECTIVE_LATENCY_S
    assert collectives.reduce_scatter_seconds(size, 2, 2, 400.0, 50.0, 1.0) == pytest.approx(size / 2 / 400e9 + lat)
    assert collectives.all_to_all_seconds(size, 2, 2, 400.0, 50.0, 1.0) == \
        pytest.approx(size / 2 / 400e9 + collectives.all_to_all_latency_seconds(2, 2))
    link = (400.0, 50.0, 1.0)
    assert communication.tensor_parallel_seconds(1024, 4096, 2, 2, 1, 4, 8, *link) > 0
    assert communication.gradient_sync_seconds(1e9, 2.0, 2.0, 0, 2, 2, *link) > 0
    assert communication.pipeline_p2p_seconds(1024, 4096, 2, 1, 2, 1, False, *link) > 0
    assert communication.context_parallel_seconds(1024, 512, 2, 2, 1, False, 0.0, *link, 0.7) > 0
    assert communication.expert_parallel_seconds(1024, 4096, 2, 2, 2, 1, 2, *link) > 0
    assert reliability.spare_servers(2, 8, 1e-3, 48, 0.99) > 0


def test_collectives_scale_with_bytes_and_bandwidth():
    """Units: seconds linear in bytes [B], inverse in bandwidth [GB/s] and efficiency."""
    lat = collectives.COLLECTIVE_LATENCY_S
    one = collectives.point_to_point_seconds(1e9, 10.0, 1.0) - lat
    assert one == pytest.approx(0.1)
    assert collectives.point_to_point_seconds(2e9, 10.0, 1.0) - lat == pytest.approx(2 * one)
    assert collectives.point_to_point_seconds(1e9, 20.0, 0.5) - lat == pytest.approx(one)


def test_zero_communication_volumes():
    """Rajbhandari et al. 2020 §7.2: ZeRO-1/2 move the same volume as data parallelism's
    all-reduce (reduce-scatter + all-gather, 2Ψ); ZeRO-3 moves 1.5× (3Ψ: two weight gathers)."""
    args = dict(dp=8, per_domain=8, fast_gbps=100.0, network_gbps=100.0, efficiency=1.0)
    base = communication.gradient_sync_seconds(1e9, 2.0, 2.0, 0, **args)
    lat = collectives.COLLECTIVE_LATENCY_S
    for zero in (1, 2):
        assert communication.gradient_sync_seconds(1e9, 2.0, 2.0, zero, **args) == pytest.approx(base)
    zero3 = communication.gradient_sync_seconds(1e9, 2.0, 2.0, 3, **args)
    assert zero3 - 3 * lat == pytest.approx(1.5 * (base - 2 * lat))
    assert communication.gradient_sync_seconds(1e9, 2.0, 2.0, 0, 1, 1, 100.0, 100.0, 1.0) == 0


def test_distributed_optimizer_gathers_16_bit_weights_after_reducing_fp32_gradients():
    """ZeRO 1–2 (Megatron-LM distributed optimizer): reduce-scatter of the 4-byte gradients, then
    all-gather of the 2-byte weights; ZeRO 3 gathers the weights twice (forward and backward);
    ZeRO 0 all-reduces the gradients (Rajbhandari et al. 2020 §7)."""
    args = dict(dp=8, per_domain=8, fast_gbps=100.0, network_gbps=100.0, efficiency=1.0)

    def rs(n_bytes):
        return collectives.reduce_scatter_seconds(n_bytes, 8, 8, 100.0, 100.0, 1.0)

    psi = 1e9
    assert communication.gradient_sync_seconds(psi, 4.0, 2.0, 0, **args) == pytest.approx(2 * rs(4 * psi))
    for zero in (1, 2):
        assert communication.gradient_sync_seconds(psi, 4.0, 2.0, zero, **args) == \
            pytest.approx(rs(4 * psi) + rs(2 * psi))
    assert communication.gradient_sync_seconds(psi, 4.0, 2.0, 3, **args) == pytest.approx(rs(4 * psi) + 2 * rs(2 * psi))


def test_data_parallel_overlap_windows():
    """ZeRO 0 hides its all-reduce behind the backward pass (2/3 of the compute: 4N of 6N FLOPs,
    Kaplan et al. 2020 §2.1), ZeRO 1–2 also behind the next forward; ZeRO 3 repeats per
    micro-batch."""
    assert communication.BACKWARD_SHARE == pytest.approx(4 / 6)
    exposed = communication.data_parallel_exposed_seconds
    assert exposed(1.0, 1.0, 4, 0, 0.7) == pytest.approx(1 - 0.7 * 2 / 3)
    assert exposed(1.0, 1.0, 4, 1, 0.7) == pytest.approx(0.3)
    assert exposed(1.0, 1.0, 4, 2, 0.7) == pytest.approx(0.3)
    assert exposed(1.0, 1.0, 4, 3, 0.7) == pytest.approx(4 * 0.3)


def test_pipeline_sends_activations_forward_and_gradients_back_per_chunk():
    """Narayanan et al. 2021 §2.2, §4.1: each of v chunks sends its output forward and receives
    its gradient, split over the tp ranks (scatter/gather)."""
    lat = collectives.COLLECTIVE_LATENCY_S
    one = 4096 * 8192 * 2 / 8 / (400.0 * GB) + lat
    assert communication.pipeline_p2p_seconds(4096, 8192, 2, 8, 4, 2, False, 400.0, 50.0, 1.0) == \
        pytest.approx(2 * 2 * one)
    over_net = 4096 * 8192 * 2 / 8 / (50.0 * GB) + lat
    assert communication.pipeline_p2p_seconds(4096, 8192, 2, 8, 4, 1, True, 400.0, 50.0, 1.0) == \
        pytest.approx(2 * over_net)
    assert communication.pipeline_p2p_seconds(4096, 8192, 2, 8, 1, 1, True, 400.0, 50.0, 1.0) == 0


def test_host_offload_streams_and_zero_offload_cpu_adam():
    """ZeRO-Offload (Ren et al. 2021, Table 2): CPU-Adam updates 10 B parameters in 2.57 s on one
    DGX-2's CPUs — the default rate gives 2.56 s; weights fetched twice and activations written
    and read back per micro-batch cross the host link."""
    assert communication.offload_stream_bytes(10.0, 3.0, True, True) == 2 * 10.0 + 2 * 3.0
    assert communication.offload_stream_bytes(10.0, 3.0, False, True) == 2 * 3.0
    assert communication.offload_stream_seconds(32e9, 0.0, 32.0, 1.0, 0.7) == pytest.approx(1.0)
    assert communication.offload_stream_seconds(32e9, 1.0, 32.0, 1.0, 0.7) == pytest.approx(0.3)
    update = host_offload.zero_offload_seconds(10e9, 0.0, 0.0, 1, 0.0, 32e9, 0.7,
                                               efficiency.CPU_OPTIMIZER_PARAMS_PER_S)
    assert update == pytest.approx(2.57, abs=0.02)
    # gradients out hide behind the backward (2/3 of compute); the weights back do not
    total = host_offload.zero_offload_seconds(16e9, 2.0, 2.0, 1, 1.0, 32e9, 0.7, 1e30)
    assert total == pytest.approx((1.0 - 0.7 * 2 / 3) + 1.0)


def test_tensor_parallel_traffic_is_four_allreduces_per_layer():
    """Shoeybi et al. 2019 §3, Fig. 4: two all-reduces in forward (attention, MLP), two in
    backward, of the tokens × hidden activations."""
    assert communication.TP_COLLECTIVES_PER_LAYER == 4
    one = collectives.allreduce_seconds(4096 * 8192 * 2, 8, 8, 450.0, 50.0, 0.75)
    got = communication.tensor_parallel_seconds(4096, 8192, 2, 8, 10, communication.TP_COLLECTIVES_PER_LAYER, 8,
                                                 450.0, 50.0, 0.75)
    assert got == pytest.approx(4 * 10 * one)
    assert communication.tensor_parallel_seconds(4096, 8192, 2, 1, 10, 4, 8, 450.0, 50.0, 0.75) == 0
    # activations cross memory four times: written and read, their gradient written and read
    assert timing.ACTIVATION_TRAFFIC_PASSES == 4 and timing.TRAINING_PASSES == 3
