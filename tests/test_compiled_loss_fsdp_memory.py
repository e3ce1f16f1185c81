"""Training memory under torchtitan's stack (issue 27, part 3): the cross-entropy compiled with
torch.compile, and FSDP's mixed precision, which keeps no 16-bit copy of the rank's shard."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.layer_activations import (
    COMPILED_LOSS_TENSORS,
    FP32_LOSS_COPIES,
    ActivationLayout,
    logits_bytes_per_token,
)
from configurator.core.precision import plan_training
from configurator.core.scenario import LossKernel, Recompute, Scenario
from configurator.core.training_held_states import autocast_copy_held
from configurator.core.training_stage_memory import stage_memory

CATALOG = load_bundled_catalog()
HELD_OUT = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "held-out.json"


def _pretrain(zero: int, recompute: str = "selective", loss: str | None = None, count: int = 8) -> Scenario:
    training = {"recipe": "torch-amp", "micro_batch": 2, "seq_len": 8192, "recompute": recompute,
                "selective_policy": "per-op"}
    if loss is not None:
        training["loss"] = loss
    return Scenario.model_validate({
        "model": preset("llama3-8b").model_dump(), "card_id": "h200-sxm", "count": count, "workload": "pretrain",
        "precision": "bf16", "parallelism": {"zero": zero}, "training": training})


def _layout(loss: LossKernel) -> ActivationLayout:
    return ActivationLayout(math_bytes=2.0, residual_bytes=2.0, flash_attention=True, recompute=Recompute.SELECTIVE,
                            loss=loss)


def test_the_compiled_loss_keeps_the_16_bit_logits_and_their_16_bit_gradient():
    model = preset("llama3-8b")
    assert COMPILED_LOSS_TENSORS == 2 and FP32_LOSS_COPIES[LossKernel.COMPILED] == 0
    compiled = logits_bytes_per_token(model, _layout(LossKernel.COMPILED))
    assert compiled == 4 * model.vocab
    # 2 B per entry under the fused kernel's logits + fp32 buffer, 8 B under the eager loss's three fp32 copies
    assert logits_bytes_per_token(model, _layout(LossKernel.FUSED)) - compiled == 2 * model.vocab
    assert logits_bytes_per_token(model, _layout(LossKernel.EAGER)) - compiled == 8 * model.vocab
    # Llama 3 8B at 2 x 8,192 tokens: 7.8 GiB at the loss's peak, not the fused kernel's 11.7
    assert compiled * 16384 / 2**30 == pytest.approx(7.83, abs=0.01)


def test_the_compiled_loss_lowers_the_estimated_peak_by_its_two_bytes_per_entry():
    card = CATALOG.get("h200-sxm")
    fused, compiled = (_pretrain(3, loss=kernel, count=32) for kernel in ("fused", "compiled"))
    plan = plan_training(card, fused.precision)
    per_sequence = [stage_memory(s, card, plan, first_stage=True).activations_per_sequence for s in (fused, compiled)]
    assert per_sequence[0] - per_sequence[1] == pytest.approx(2 * fused.model.vocab * 8192)


def test_fsdp_keeps_no_16_bit_copy_of_the_rank_shard():
    card = CATALOG.get("h200-sxm")
    plan = plan_training(card, _pretrain(3).precision)
    assert autocast_copy_held(1) and autocast_copy_held(2) and not autocast_copy_held(3)
    # without recomputation: torchtitan's per-op policy rebuilds the copies with each layer (no copy held)
    zero1 = stage_memory(_pretrain(1, "none"), card, plan, first_stage=True)
    zero3 = stage_memory(_pretrain(3, "none"), card, plan, first_stage=True)
    autocast = 2.0 * preset("llama3-8b").total_params()  # what autocast would make of the fp32 weights
    assert zero1.weight_copies == zero3.weight_copies == pytest.approx(autocast)
    assert zero1.sharded(8).weight_copies == pytest.approx(autocast)
    assert zero3.sharded(8).weight_copies == 0.0
    # the 16-bit weights on a ZeRO-3 rank are the gathered layers and FSDP's root unit (embedding, head) alone
    assert zero3.sharded(8).weights == pytest.approx(zero3.weights / 8 + zero3.gathered + zero3.root_gathered)


def test_trainy_rows_run_the_compiled_loss_their_torchtitan_builds():
    rows = {r["id"]: r for r in json.loads(HELD_OUT.read_text())}
    for n in (32, 64):
        row = rows[f"trainy-2506-8b-fsdp-fp8-{n}xh200"]
        assert row["setup"]["loss"] == "compiled"
        assert "--training.compile" in row["assumed"] or row["assumed"] == "as the 32-GPU row"


def test_torchtunes_405b_qlora_reading_cannot_hold_batch_2():
    """The README's 405B QLoRA peak (44.8 GB) is below what batch 2 must keep whatever the model:
    the rank's NF4 base, the block inputs full recomputation keeps, and the one block FSDP gathers to
    rebuild it in backward; the row runs its config's batch 1."""
    from configurator.core.adapter_memory import qlora_base_bytes

    rows = {r["id"]: r for r in json.loads(HELD_OUT.read_text())}
    row = rows["torchtune-2409-405b-qlora-8xa100"]
    model = preset(row["setup"]["model"])
    base = qlora_base_bytes(model, model.total_params(), model.n_layers, 2.0) / row["setup"]["count"]
    inputs = (model.n_layers - 1) * 2 * 2048 * model.hidden * 2.0  # batch 2 x 2,048 tokens, bf16
    block = qlora_base_bytes(model, model.layer_params() / model.n_layers, 1, 2.0)
    assert (base, inputs, block) == pytest.approx((25.10 * 2**30, 15.62 * 2**30, 1.53 * 2**30), rel=2e-3)
    assert base + inputs + block > row["values"]["peak_active_gib"] * 2**30
    assert row["setup"]["micro_batch"] == 1
