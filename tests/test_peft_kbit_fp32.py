"""A QLoRA run's unquantised base parameters held in fp32 (``training.fp32_unquantized``): peft's
``prepare_model_for_kbit_training`` casts the embedding, output head and norms to fp32, and a recipe
that trains the prepared model as it is keeps them so (Unsloth's Hugging Face + FA2 rows)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from configurator.core.adapter_memory import fp32_unquantized, qlora_base_bytes
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.precision import plan_training
from configurator.core.scenario import Scenario, updated
from configurator.core.training_stage_memory import stage_memory

CATALOG = load_bundled_catalog()
HELD_OUT = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "held-out.json"
LLAMA3_8B_BLOCK_LINEARS = 6_979_321_856
"""Linear weights of Llama 3 8B's 32 blocks (tests/test_lora_memory.py) [count]."""


def _adapter(workload="qlora", on=True) -> Scenario:
    return Scenario.model_validate({
        "model": preset("llama3-8b").model_dump(), "card_id": "a100-sxm-80gb", "count": 1, "workload": workload,
        "precision": "bf16", "training": {"recipe": "pure", "micro_batch": 1, "seq_len": 2048,
                                          "fp32_unquantized": on}})


def _weights(s: Scenario) -> float:
    card = CATALOG.get(s.card_id)
    return stage_memory(s, card, plan_training(card, s.precision), first_stage=True).weights


def test_the_unquantised_parameters_take_four_bytes_instead_of_two():
    """Llama 3 8B: 1.05 billion parameters outside the NF4 block linears, +2.1 GB in fp32."""
    model = preset("llama3-8b")
    rest = model.total_params() - LLAMA3_8B_BLOCK_LINEARS
    extra = _weights(_adapter()) - _weights(_adapter(on=False))
    assert extra == pytest.approx(rest * 2.0)
    assert extra == pytest.approx(2.10e9, rel=0.01)
    assert qlora_base_bytes(model, model.total_params(), model.n_layers, 4.0) - qlora_base_bytes(
        model, model.total_params(), model.n_layers, 2.0) == pytest.approx(rest * 2.0)


def test_only_a_quantised_base_is_cast():
    assert fp32_unquantized(_adapter()) and not fp32_unquantized(_adapter(on=False))
    assert not fp32_unquantized(_adapter("lora"))
    assert _weights(_adapter("lora")) == _weights(_adapter("lora", on=False))


def test_the_setting_is_off_by_default_and_written_to_files_only_when_on():
    off = _adapter(on=False)
    assert "fp32_unquantized" not in off.model_dump(mode="json")["training"]
    assert updated(off, training={"fp32_unquantized": True}) == _adapter()
    on = _adapter()
    assert on.model_dump(mode="json")["training"]["fp32_unquantized"] is True
    assert Scenario.model_validate(on.model_dump(mode="json")) == on
    assert Scenario.model_validate_json(on.model_dump_json()) == on


def test_only_the_rows_run_through_peft_as_prepared_state_it():
    """Unsloth's Hugging Face + FA2 rows and fms-acceleration's baseline-peft-bnb runs (PEFT QLoRA on
    bitsandbytes) state it; torchtune, litgpt, Answer.AI's FSDP QLoRA and fms-acceleration's own plugin do
    not call ``prepare_model_for_kbit_training``."""
    rows = json.loads(HELD_OUT.read_text(encoding="utf-8"))
    stating = {r["id"] for r in rows if r.get("setup", {}).get("fp32_unquantized")}
    assert stating == {r["id"] for r in rows if r["id"].startswith("unsloth-2412-")
                       or (r["id"].startswith("fms-2405-") and "-qlora-peft-" in r["id"])}
    assert len(stating) == 7
    assert all(r["setup"]["workload"] == "qlora" and "prepare_model_for_kbit_training" in r["assumed"]
               for r in rows if r["id"] in stating)
