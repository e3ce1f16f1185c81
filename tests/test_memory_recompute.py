"""Training memory that generalises (issue 27, part 3): what each recomputation keeps, the
16-bit forward of ZeRO-3, the loss at long sequences, and their order properties."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurator.core import layer_activations, memory
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.precision import plan_training
from configurator.core.scenario import Scenario, updated
from configurator.core.units import GIB

CATALOG = load_catalog()
MODELS = ("llama3.2-1b", "llama3-8b", "llama3-70b")
RECOMPUTE_LEAST_FIRST = (("none", "attention"), ("selective", "attention"), ("selective", "per-op"),
                         ("full", "attention"))
"""Recomputation settings from the one that keeps most to the one that keeps least."""


def _scenario(model: str, seq_len: int, recompute: str = "none", policy: str = "attention", *, zero: int = 3,
              flash: bool = True, card: str = "h200-sxm", count: int = 8, tp: int = 1) -> Scenario:
    return Scenario.model_validate({
        "model": preset(model).model_dump(), "card_id": card, "count": count, "workload": "pretrain",
        "precision": "bf16", "parallelism": {"tp": tp, "zero": zero}, "auto_layout": [],
        "training": {"micro_batch": 1, "grad_accum": 1, "seq_len": seq_len, "recompute": recompute,
                     "selective_policy": policy, "flash_attention": flash, "loss": "eager"}})


def _memory(s: Scenario):
    return estimate(s, CATALOG.get(s.card_id)).memory


@settings(max_examples=25, deadline=None)
@given(model=st.sampled_from(MODELS), setting=st.sampled_from(RECOMPUTE_LEAST_FIRST), flash=st.booleans(),
       zero=st.sampled_from([0, 3]), short=st.sampled_from([1024, 2048, 4096, 8192]), factor=st.sampled_from([2, 4]))
def test_memory_rises_with_sequence_length(model, setting, flash, zero, short, factor):
    """More tokens per sequence keep more activations and never need less memory, whatever the
    recomputation, attention kernel or sharding (a recomputed eager layer's scores grow as s²,
    the rest as s); the total may stay put while the gradients, not the activations, set the peak."""
    recompute, policy = setting
    low = _memory(_scenario(model, short, recompute, policy, zero=zero, flash=flash))
    high = _memory(_scenario(model, short * factor, recompute, policy, zero=zero, flash=flash))
    assert high.activations > low.activations and high.total >= low.total


@settings(max_examples=25, deadline=None)
@given(model=st.sampled_from(MODELS), seq_len=st.sampled_from([2048, 8192, 32768]), flash=st.booleans(),
       zero=st.sampled_from([0, 3]))
def test_memory_rises_with_less_recomputation(model, seq_len, flash, zero):
    """Activations and the peak allocated memory (before the allocator's reserve) are ordered
    none ≥ Megatron selective ≥ torchtitan per-op ≥ full: each keeps a subset of what the one
    before it keeps (the peak may tie where the gradients, not the activations, set it)."""
    peaks, kept = [], []
    for recompute, policy in RECOMPUTE_LEAST_FIRST:
        m = _memory(_scenario(model, seq_len, recompute, policy, zero=zero, flash=flash))
        peaks.append(m.total - m.overhead)
        kept.append(m.activations)
    assert peaks == sorted(peaks, reverse=True)
    assert kept == sorted(kept, reverse=True) and kept[0] > kept[2] > kept[3]


def test_reserved_memory_rises_with_less_recomputation_for_llama3_8b():
    """What the card must hold, reserve included, for the model of the torchtitan rows (8k
    tokens, 2 sequences, FSDP on 8 H100): none > per-op > full."""
    totals = [_memory(updated(_scenario("llama3-8b", 8192, rc, policy, card="h100-sxm"),
                              training={"micro_batch": 2})).total for rc, policy in RECOMPUTE_LEAST_FIRST]
    assert totals[0] == totals[1] > totals[2] > totals[3]


def test_zero3_forward_runs_on_16_bit_weights():
    """FSDP2's ``MixedPrecisionPolicy(param_dtype=bfloat16)`` (torchtitan's setting) casts the
    gathered parameters, so the residual stream and each kept layer input are 16-bit; without
    sharded weights AMP's autocast keeps fp32 weights and an fp32 residual (4 B per element)."""
    model = preset("llama3-8b")
    for zero, residual in ((0, 4.0), (1, 4.0), (3, 2.0)):
        s = _scenario("llama3-8b", 4096, "full", zero=zero)
        s = updated(s, training={"recipe": "torch-amp"})
        assert memory.sixteen_bit_forward(s) is (zero >= 3)
        plan = plan_training(CATALOG.get(s.card_id), s.precision)
        layout = memory.activation_layout(s, plan, memory.training_states(s, plan))
        assert layout.residual_bytes == residual
        assert layer_activations.kept_layer_bytes(model, layout, 4096) == residual * model.hidden


def test_the_planner_tables_agree_with_the_estimate_under_every_recomputation():
    """The planner's vectorised memory (``workloads/training/search.py``) and ``stage_memory``
    are the same formulas: a pinned layout gets the same total and step time from both, for each
    policy, ZeRO stage and tensor-parallel degree (the 16-bit residual, the sharded loss and the
    per-op policy's recompute cost included)."""
    from configurator.core.workloads.training.search import plan_training_layout

    for recompute, policy in RECOMPUTE_LEAST_FIRST:
        for zero, tp in ((0, 1), (3, 1), (1, 2), (3, 2)):
            s = _scenario("llama3.2-1b", 8192, recompute, policy, zero=zero, tp=tp)
            card = CATALOG.get(s.card_id)
            pinned = plan_training_layout(s, card).layouts
            assert len(pinned) == 1, (recompute, policy, zero, tp)
            exact = estimate(s, card)
            assert pinned[0].memory_bytes == pytest.approx(exact.memory.total, rel=1e-9), (recompute, policy, zero, tp)
            assert pinned[0].step_s == pytest.approx(exact.training.step_time_s, rel=1e-9), (recompute, policy)
    offloaded = updated(_scenario("llama3.2-1b", 8192, "selective", "per-op", zero=3),
                        training={"offload_activations": True})
    (layout,) = plan_training_layout(offloaded, CATALOG.get(offloaded.card_id)).layouts
    exact = estimate(offloaded, CATALOG.get(offloaded.card_id))
    assert layout.memory_bytes == pytest.approx(exact.memory.total, rel=1e-9)
    assert layout.step_s == pytest.approx(exact.training.step_time_s, rel=1e-9)


def test_held_out_torchtitan_memory_is_predicted_without_refitting():
    """Cross-validation: torchtitan's December 2024 Llama 3.1 8B FSDP rows (selective per-op AC,
    max_memory_reserved 82.4 and 67.0 GiB) set nothing; the formulas and the allocator reserve with
    recomputation predict them within 9 %: +3.8 / +4.7 % with the reserve fitted to the H200 rig
    alone (0.249), +4.9 / +5.9 % when it was fitted over the rig and llama-recipes PR 41 (0.263,
    benchmarks/accuracy_reserve.py), +0.9 / +4.5 % since the rig's grid joined as a third source
    (0.249, the median of the sources' medians; per-op selective holding no autocast copy, December
    2026), +3.9 / +8.2 % since FSDP's root unit (embedding and output head, 2.1 GB in bf16) is held
    gathered (session 43, benchmarks/data/notes-qlora-fsdp-2026-12-06.md). The bound says what holds out of
    sample; it is not a target."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import accuracy

    rows = {r.row_id: r for r in accuracy.held_out() if r.kind == "memory"}
    for label in ("torchtitan-2412-8b-fsdp-8xh100", "torchtitan-2412-8b-fsdp-128xh100"):
        assert abs(rows[label].error_pct) < 9, rows[label]
    # Answer.AI's FSDP+QLoRA runs (held out in session 35) reserve 11-30 % more than predicted: their own
    # band and what is known of it in tests/test_qlora_paged_dequant.py; fms-acceleration's peft-prepared QLoRA
    # runs (session 37) peak 23-35 % over the estimate: an fp32 residual stream the estimate does not count
    # (benchmarks/data/notes-reserve-recompute-2026-12-05c.md)
    # torchtune's May 2024 README rows (session 44) read 12-31 % under: the table does not say which memory it
    # reports and two rows cannot hold their stated batch (benchmarks/data/notes-heldout-torchtune-readme-2405-2026-12-06.md)
    assert all(abs(r.error_pct) < 25 for r in rows.values()
               if r.publication != "answerai-fsdp-qlora-benchmarks" and "-qlora-peft-" not in r.row_id
               and not r.row_id.startswith("tt2405-"))


def test_long_sequence_loss_dominates_a_small_model():
    """At 32k tokens a Llama 3.2 1B step with the eager fp32 loss holds 12 B per vocabulary entry
    per token: 32,768 × 128,256 × 12 B = 47 GiB, more than its 16 recomputed layer inputs."""
    m = _memory(_scenario("llama3.2-1b", 32768, "full", zero=0, count=1))
    loss = 32768 * 128256 * 12
    assert loss / GIB == pytest.approx(47.0, abs=0.1)
    assert m.activations > loss


def test_held_out_long_sequences_with_context_parallelism():
    """torchtitan's Table 2 (Llama 3.1 8B, FSDP × CP on 8 H100, full AC, 32k–256k tokens per
    sequence, 32k per rank): measured 83.9–84.5 GiB whatever the split; predicted the same for
    each split (ZeRO-3 shards over data × context ranks, activations over CP) and within 10 %."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import accuracy

    rows = [r for r in accuracy.held_out() if r.kind == "memory" and "-cp" in r.row_id]
    assert len(rows) == 8
    for model in ("-8b-", "-405b-"):
        # the 405B rows (Table 6: TP 8, PP 8, FSDP x CP over 8 ranks, 1F1B, 32k tokens per rank) measure
        # 75.3-84.9 GiB, rising with the sequence, which the estimate does not tell apart (-9.5 % at 256k)
        split = [r for r in rows if model in r.row_id]
        assert len(split) == 4
        assert max(r.predicted for r in split) == pytest.approx(min(r.predicted for r in split), rel=1e-9)
        assert all(abs(r.error_pct) < 10 for r in split)
