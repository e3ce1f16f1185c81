"""The interleaved pipeline schedules (issue 27, Llama 3.1 405B at Meta's layout): Megatron-LM's
depth-first one and Llama 3's flexible one (Dubey et al. 2024, "The Llama 3 Herd of Models",
§3.3.2 and Figure 6; PyTorch ``ScheduleInterleaved1F1B``), their first stage's micro-batches in
flight and their bubble, checked against the schedule's own op order and an event simulation of it.
"""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.parallelism import (
    interleaved_round_size,
    micro_batches_in_flight,
    pipeline_bubble_fraction,
)
from configurator.core.pipeline_schedule import PipelineSchedule, most_model_chunks, short_first_chunk_layers
from configurator.core.scenario import Parallelism, Scenario, updated

H100_BF16_TFLOPS = 989.5


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


# ---- the schedule's op order, as PyTorch's ScheduleInterleaved1F1B writes it ---------------------


def _rank_ops(rank: int, p: int, v: int, m: int, n: int) -> list[tuple[str, int, int]]:
    """(kind, local chunk, micro-batch) in the order stage ``rank`` runs them: the warm-up
    forwards, one forward and one backward in turn, the cool-down backwards (PyTorch
    ``_get_warmup_ops`` with ``multiply_factor=2``, ``forward_stage_index``/``backward_stage_index``:
    chunk ``(k // N) % v`` forward, ``v − 1 − (k // N) % v`` backward)."""
    warmup, total = min((v - 1) * n + 2 * (p - 1 - rank), v * m), v * m

    def forward(k: int) -> tuple[str, int, int]:
        return "F", (k // n) % v, (k // (n * v)) * n + k % n

    def backward(k: int) -> tuple[str, int, int]:
        return "B", v - 1 - (k // n) % v, (k // (n * v)) * n + k % n

    ops = [forward(k) for k in range(warmup)]
    f = warmup
    for b in range(total):
        if f < total:
            ops.append(forward(f))
            f += 1
        ops.append(backward(b))
    return ops


def _peak_layers(rank: int, p: int, v: int, m: int, n: int, chunk_layers: list[int]) -> int:
    """Most layer-micro-batches stage ``rank`` holds at once, walking its op order."""
    held = peak = 0
    for kind, chunk, _ in _rank_ops(rank, p, v, m, n):
        held += chunk_layers[chunk] if kind == "F" else -chunk_layers[chunk]
        peak = max(peak, held)
    return peak


def _makespan(p: int, v: int, m: int, n: int, forward_s: float = 1.0, backward_s: float = 2.0) -> float:
    """Step of the schedule when every op waits for its input (the previous model chunk's forward,
    the next chunk's backward): an event simulation over the ranks' op orders."""
    orders = [_rank_ops(r, p, v, m, n) for r in range(p)]
    done: dict[tuple[str, int, int], float] = {}
    clock, at = [0.0] * p, [0] * p
    last = p * v - 1
    moved = True
    while moved:
        moved = False
        for r in range(p):
            while at[r] < len(orders[r]):
                kind, chunk, mb = orders[r][at[r]]
                stage = chunk * p + r
                if kind == "F":
                    needs = ("F", stage - 1, mb) if stage else None
                else:
                    needs = ("B", stage + 1, mb) if stage < last else ("F", stage, mb)
                if needs is not None and needs not in done:
                    break
                clock[r] = max(clock[r], done[needs] if needs else 0.0) + (forward_s if kind == "F" else backward_s)
                done[(kind, stage, mb)] = clock[r]
                at[r] += 1
                moved = True
    assert all(at[r] == len(orders[r]) for r in range(p)), "the schedule deadlocked"
    return max(clock)


# ---- formulas ----------------------------------------------------------------------------------


def test_round_size_megatron_and_flexible():
    """Megatron-LM: N = p. Flexible: m over max(1, ⌊m/p⌋) rounds — Figure 6's N = 5 for M = 10
    on 4 ranks; fewer micro-batches than stages run as one round."""
    assert interleaved_round_size(4, 10, False) == 4
    assert interleaved_round_size(4, 10, True) == 5
    assert interleaved_round_size(16, 32, True) == 16
    assert interleaved_round_size(16, 24, True) == 24
    assert interleaved_round_size(8, 3, True) == 3


@pytest.mark.parametrize("flexible", [False, True])
def test_in_flight_matches_the_op_order(flexible):
    """The closed form equals the peak walked from the op order on every stage, with equal chunks,
    with a first chunk one layer short (the embedding in its place) and with a last chunk one
    layer short (the head in its place), for every m the schedule accepts."""
    for p in (2, 4, 8):
        for v in (2, 3, 4):
            for m in range(1, 3 * p + 1):
                if m % (max(1, m // p) if flexible else p):
                    continue  # the schedule refuses it
                n = int(interleaved_round_size(p, m, flexible))
                for slots in (1, 2):
                    equal = [slots] * v
                    for rank in range(p):
                        assert micro_batches_in_flight(p, m, v, rank, n) * slots * v == \
                            pytest.approx(_peak_layers(rank, p, v, m, n, equal)), (p, v, m, rank)
                    short = [slots - 1] + [slots] * (v - 1)
                    stage = slots * v - 1
                    assert micro_batches_in_flight(p, m, v, 0, n, stage) * stage == \
                        pytest.approx(_peak_layers(0, p, v, m, n, short)), (p, v, m, slots)
                    head = [slots] * (v - 1) + [slots - 1]
                    assert micro_batches_in_flight(p, m, v, p - 1, n, stage) * stage == \
                        pytest.approx(_peak_layers(p - 1, p, v, m, n, head)), (p, v, m, slots)


def test_bubble_matches_an_event_simulation():
    """(p − 1)/(v·m) when each round has at least p micro-batches (Llama 3 §3.3.2's ratio); with
    fewer, each of the v − 1 hand-overs between chunks waits p − N more slots."""
    for p, v, m in [(4, 2, 8), (4, 2, 10), (4, 2, 3), (8, 4, 6), (8, 2, 12), (16, 8, 32), (16, 8, 8)]:
        n = int(interleaved_round_size(p, m, True))
        ideal = v * m * 3.0
        assert pipeline_bubble_fraction(p, m, v, n) == pytest.approx(_makespan(p, v, m, n) / ideal - 1), (p, v, m)
    assert pipeline_bubble_fraction(16, 32, 8) == pipeline_bubble_fraction(16, 32, 8, 16) == pytest.approx(15 / 256)


# ---- the scenario ------------------------------------------------------------------------------


def test_default_schedule_is_megatrons():
    assert Parallelism().pipeline_schedule is PipelineSchedule.MEGATRON


def test_embedding_and_head_chunks_allow_a_layer_per_chunk():
    """Llama 3 405B: 126 layers and the embedding and head as chunks of their own on 16 stages make
    8 chunks of one layer each ("the first model chunk on the first stage has only the embedding");
    a model whose stages cannot give up a layer keeps one layer per chunk at most."""
    assert short_first_chunk_layers(126, 16) == 7
    assert most_model_chunks(126, 16) == 128
    assert short_first_chunk_layers(32, 4) == 0 and most_model_chunks(32, 4) == 32
    Scenario(model=preset("llama3.1-405b"), count=8192, workload="pretrain",
             parallelism={"tp": 8, "pp": 16, "virtual_stages": 8})
    with pytest.raises(ValueError, match="exceed"):
        Scenario(model=preset("llama3.1-405b"), count=8192, workload="pretrain",
                 parallelism={"tp": 8, "pp": 16, "virtual_stages": 9})


# ---- Llama 3.1 405B at Meta's 8,192-card layout on Meta's schedule --------------------------------


def _meta_8192(**training) -> Scenario:
    """Dubey et al. 2024 Table 4: TP8 PP16 DP64 on 8,192 H100, 16 M tokens a step (2,048 sequences
    of 8K: 32 micro-batches of one per pipeline); v = 8, one layer per chunk, as §3.3.2's "the first
    model chunk on the first stage has only the embedding" implies for 126 layers on 16 stages.
    ZeRO-2, as §3.3.2 states the data-parallel sharding: "FSDP ... shards optimizer states and
    gradients, but for model shards we do not reshard after forward computation" (PyTorch FSDP
    ``SHARD_GRAD_OP``: weights whole on each data-parallel rank, gradients and optimizer states
    sharded)."""
    return Scenario(model=preset("llama3.1-405b"), card_id="h100-sxm", count=8192, workload="pretrain",
                    precision="bf16",
                    parallelism={"tp": 8, "pp": 16, "zero": 2, "virtual_stages": 8, "pipeline_schedule": "flexible"},
                    training={"seq_len": 8192, "micro_batch": 1, "grad_accum": 32, "recipe": "megatron-mixed",
                              "grad_reduce": "per-step", **training})


def test_meta_layout_first_stage_holds_what_plain_1f1b_holds():
    """With 32 micro-batches N = 16 = p, and of the first stage's 143 chunks in flight 31 are the
    embedding's: 112 layer-micro-batches, 16 of its 7-layer micro-batches, as plain 1F1B holds
    (Megatron-LM's formula without the embedding chunk: 17.9)."""
    n = interleaved_round_size(16, 32, True)
    assert micro_batches_in_flight(16, 32, 8, 0, n, short_first_chunk_layers(126, 16)) == pytest.approx(16)
    assert micro_batches_in_flight(16, 32, 8, 0, n) == pytest.approx(16 + 15 / 8)


def test_meta_layout_step_without_recomputation_within_25_percent(catalog):
    """Meta's layout and schedule without recomputation (§3.3.2: "we could pre-train Llama 3 on
    sequences of 8K tokens without activation checkpointing"): within 25 % of 430 TFLOP/s per GPU.
    Memory: the second stage, 8 one-layer chunks and 141 of them in flight, is the fullest: 141 ×
    533 MB of activations (31.75·h bytes a token a layer over TP 8: no dropout masks, flash
    attention, the fused SwiGLU's input and output), its own 8 layers' 6.4 GB of weights (the first
    stage's 7 layers and embedding, 6.1 GB, were paired with these activations before), 0.6 GB of
    optimizer states, 0.2 GB of fp32 gradient shards held beside the activations (ZeRO-2 keeps the
    rank's shard across the step's 32 micro-batches: ``training_held_states.gradients_held``), the
    allocator's measured 3.9 % reserve (3.2 GB) and 0.5 GiB of context: 86.1 GB, 1.3 % over the
    usable 79.2 GiB (85.04 GB), so not judged to fit; the reserve alone is three times the excess.
    Neither of the step's other buffers adds to it: the fp32 gradient buffer needs no fp32 copy at
    the optimizer step (``formulas.states.megatron_step_gradient_copy_bytes``), and ZeRO-2 runs no
    DDP buckets. The reserve was measured with room to spare; near the card's limit the allocator
    frees its unused cached segments before failing, so the reserve there is at most that (not
    measured: ``formulas.efficiency.ALLOCATOR_OVERHEAD``), and the layout fits if it is under 2.6 %.
    Session 45: that was the rank's shard; reducing once a step as Meta's FSDP did (``grad_reduce`` per-step)
    each card holds the stage's 12.75 GB of fp32 gradients whole: 99.1 GB, 16.6 % over (the rows' assumed
    hand-written backward fits: tests/test_llama3_405b_rows.py)."""
    est = estimate(_meta_8192(recompute="none"), catalog.get("h100-sxm"))
    assert est.training.mfu * H100_BF16_TFLOPS == pytest.approx(430, rel=0.25)
    assert est.memory.total / 1e9 == pytest.approx(99.1, abs=0.3)
    assert est.memory.not_concurrent == 0.0
    assert not est.memory.fits


def test_meta_layout_planned_on_the_flexible_schedule_within_25_percent(catalog):
    """The planner, choosing the interleaving and recomputation on Meta's layout and schedule, takes
    one layer per chunk (v = 8, which the embedding and head chunks allow) and is within 25 % of
    430 TFLOP/s per GPU."""
    s = updated(_meta_8192(), auto_layout=("vp", "recompute"))
    est = estimate(s, catalog.get("h100-sxm"))
    assert est.memory.fits
    assert est.scenario.parallelism.virtual_stages == 8
    assert est.scenario.global_batch_tokens == 32 * 64 * 8192
    assert est.training.mfu * H100_BF16_TFLOPS == pytest.approx(430, rel=0.25)


def test_flexible_schedule_interleaves_where_megatron_cannot(catalog):
    """24 micro-batches on 16 stages: Megatron-LM's schedule needs a multiple of 16, the flexible
    one runs them as one round of 24 with the bubble (p − 1)/(v·m)."""
    s = Scenario(model=preset("llama3.1-405b"), card_id="h100-sxm", count=8192, workload="pretrain",
                 precision="bf16", parallelism={"tp": 8, "pp": 16, "zero": 1, "pipeline_schedule": "flexible"},
                 training={"seq_len": 8192, "micro_batch": 1, "grad_accum": 24, "recompute": "full",
                           "recipe": "megatron-mixed"}, auto_layout=("vp",))
    h100 = catalog.get("h100-sxm")
    assert estimate(s, h100).scenario.parallelism.virtual_stages > 1
    megatron = updated(s, parallelism={"pipeline_schedule": "megatron"})
    assert estimate(megatron, h100).scenario.parallelism.virtual_stages == 1
