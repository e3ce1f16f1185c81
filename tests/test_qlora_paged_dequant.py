"""Quantised-base fine-tuning's memory terms (issue 27, session 35): the dequantised copy of one NF4
linear a QLoRA step holds while it multiplies, and a paged optimizer's states, which live in CUDA
unified memory outside the caching allocator; and the held-out Answer.AI FSDP+QLoRA rows."""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import accuracy  # noqa: E402
from accuracy_base import LLAMA1_65B, scenario  # noqa: E402

from configurator.core.adapter_memory import dequantized_weight_bytes, largest_block_linear_params  # noqa: E402
from configurator.core.architecture import preset  # noqa: E402
from configurator.core.catalog import load_catalog  # noqa: E402
from configurator.core.estimate import estimate  # noqa: E402
from configurator.core.scenario import Scenario, updated  # noqa: E402
from configurator.core.training_held_states import paged_state_bytes  # noqa: E402
from configurator.core.units import GB, GIB  # noqa: E402

CATALOG = load_catalog()


def _qlora(model="llama3-70b", card="rtx-a6000", **training) -> Scenario:
    return Scenario.model_validate({
        "workload": "qlora", "model": preset(model).model_dump(mode="json"), "card_id": card, "count": 1,
        "precision": "bf16",
        "training": {"micro_batch": 1, "seq_len": 2048, "recompute": "full", **training}})


def test_the_largest_block_linear_of_llama3_70b_is_its_mlp_matrix():
    model = preset("llama3-70b")
    assert largest_block_linear_params(model) == 8192 * 28672
    assert dequantized_weight_bytes(model, 2.0) == pytest.approx(8192 * 28672 * 2)
    assert dequantized_weight_bytes(model, 2.0) / GIB == pytest.approx(0.4375)


def test_a_qlora_stage_counts_one_dequantised_linear_and_a_lora_stage_none():
    card = CATALOG.get("rtx-a6000")
    qlora = estimate(_qlora(model="llama3-8b"), card).memory
    more_targets = estimate(_qlora(model="llama3-8b", lora_targets="attention"), card).memory
    model = preset("llama3-8b")
    # the weights are the NF4 base, the adapters and the one 16-bit copy; the copy does not depend on the targets
    assert qlora.weights > more_targets.weights
    lora = _qlora(model="llama3-8b")
    lora = Scenario.model_validate({**lora.model_dump(mode="json"), "workload": "lora"})
    as_lora = estimate(lora, card).memory
    assert as_lora.weights > qlora.weights  # the 16-bit base outweighs NF4 plus one dequantised copy
    assert dequantized_weight_bytes(model, 2.0) < 0.01 * as_lora.weights


def test_paged_states_are_shown_but_need_no_room_on_the_card():
    assert paged_state_bytes(True, 8.0) == (0.0, 8.0)
    assert paged_state_bytes(False, 8.0) == (8.0, 0.0)
    card = CATALOG.get("rtx-a6000")
    plain = estimate(_qlora(), card).memory
    paged = estimate(_qlora(paged_optimizer=True), card).memory
    assert paged.optimizer == pytest.approx(plain.optimizer)  # shown alike
    assert paged.not_concurrent == pytest.approx(plain.not_concurrent + paged.optimizer)
    parts = paged.weights + paged.gradients + paged.optimizer + paged.activations + paged.overhead
    assert paged.total == pytest.approx(parts - paged.not_concurrent)
    # out of the peak and of the allocator's reserve on it
    reserve = estimate(_qlora(), card).scenario.assumptions.allocator_overhead_recompute
    assert plain.total - paged.total == pytest.approx(plain.optimizer * (1 + reserve), rel=1e-6)


def test_the_paged_optimizer_is_written_to_files_only_when_on():
    assert "paged_optimizer" not in _qlora().model_dump(mode="json")["training"]
    on = _qlora(paged_optimizer=True)
    assert on.model_dump(mode="json")["training"]["paged_optimizer"] is True
    assert updated(on, training={"paged_optimizer": False}).training.paged_optimizer is False


def test_the_qlora_paper_65b_fits_one_48_gb_card_with_its_paged_optimizer():
    """Dettmers et al. 2023: LLaMA 65B fine-tuned on one 48 GB card with paged AdamW; the benchmark's
    translation (seq 512, rank 64) is under 48 GB with paging and over it without."""
    row = next(r for r in accuracy.all_rows() if r.row_id == "tm-qlora-65b")
    assert row.predicted <= 48.0 * 1.005
    assert "paged AdamW" in row.note
    card = CATALOG.get("rtx-a6000")
    paged = scenario(LLAMA1_65B, "rtx-a6000", 1, workload="qlora", precision="bf16",
                     training={"micro_batch": 1, "seq_len": 512, "recompute": "full", "lora_rank": 64,
                               "recipe": "pure", "paged_optimizer": True})
    assert estimate(paged, card).memory.total / GB == pytest.approx(row.predicted)
    assert estimate(paged, card).memory.fits
    assert estimate(updated(paged, training={"paged_optimizer": False}), card).memory.total / GB > 48.0


ANSWERAI = "answerai-fsdp-qlora-benchmarks"


def _answerai_rows():
    return [r for r in accuracy.held_out() if r.publication == ANSWERAI]


def test_the_answerai_rows_are_held_out_with_their_provenance():
    records = [r for r in json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8")) if r["publication"] == ANSWERAI]
    predicted = [r for r in records if r["case"] == "train"]
    assert len(predicted) == 10 and len([r for r in records if r["case"] == "excluded"]) == 1
    assert all(r["url"].startswith("https://github.com/AnswerDotAI/fsdp_qlora/blob/") for r in records)
    assert all(r["setup"]["recompute"] == "full" and r["setup"]["lora_rank"] == 64 for r in predicted)


def test_the_answerai_lora_rows_are_closer_than_its_qlora_rows():
    """What the page shows: its LoRA runs are predicted within 13 % (median 5.1 %), its QLoRA runs 11-30 %
    under their reserved memory — the 4-bit runs reserve more than the estimate counts (see the report of
    session 35: the page gives no allocated figure for them, so whether it is the allocator's reserve
    around the dequantised copies or memory kept is not settled)."""
    rows = _answerai_rows()
    assert len(rows) == 12  # ten reserved readings, two allocated
    lora = [abs(r.error_pct) for r in rows if "-lora-" in r.row_id]
    qlora = [r.error_pct for r in rows if "-qlora-" in r.row_id]
    assert statistics.median(lora) < 7.0 and max(lora) < 14.0
    assert all(-32.0 < e < 2.0 for e in qlora)  # session 43: FSDP's gathered root unit, one row +0.8 %, the rest -9..-18 %


def test_a_paged_optimizers_deduction_is_labelled_as_paged():
    """The paged states were deducted under "Not at the same time": they are held in host memory when the card
    is short, not at another moment (review35)."""
    from configurator.core.catalog import load_bundled_catalog
    from configurator.core.estimate import estimate
    from configurator.core.view.estimate_view import _model_memory

    catalog = load_bundled_catalog()
    base = Scenario.model_validate({"workload": "qlora", "card_id": "rtx-a6000", "count": 1,
                                    "model": preset("llama3-70b").model_dump(),
                                    "training": {"seq_len": 512, "paged_optimizer": True}})
    labels = {r.key: r.label for r in _model_memory(estimate(base, catalog.get("rtx-a6000")))}
    assert labels["memory.not_concurrent"] == "Not at the same time, or paged to host memory"
    plain = updated(base, training={"paged_optimizer": False})
    assert {r.key: r.label for r in _model_memory(estimate(plain, catalog.get("rtx-a6000")))}[
        "memory.not_concurrent"] == "Not at the same time"
