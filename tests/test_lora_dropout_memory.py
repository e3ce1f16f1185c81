"""LoRA adapter dropout (``training.lora_dropout``): each adapted linear keeps a dropped copy of its
input and a one-byte mask for backward (peft ``lora_B(lora_A(dropout(x)))``; ``nn.Identity`` at 0),
and on a 16-bit base the undropped inputs only the adapters kept are freed."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.formulas.activations import DROPOUT_MASK_BYTES, lora_dropout_saved_bytes_per_token
from configurator.core.precision import plan_training
from configurator.core.scenario import Scenario
from configurator.core.training_stage_memory import stage_memory

CATALOG = load_bundled_catalog()


def _lora(dropout: float, workload: str = "lora", targets: str = "attention", recompute: str = "none",
          quantized_inputs: str = "none") -> Scenario:
    training = {"recipe": "pure", "micro_batch": 1, "seq_len": 1024, "recompute": recompute, "lora_targets": targets,
                "loss": "chunked",  # the chunked loss's working set is below one rebuilt layer's
                "quantized_inputs": quantized_inputs}
    if dropout:
        training["lora_dropout"] = dropout
    return Scenario.model_validate({
        "model": preset("llama2-7b").model_dump(), "card_id": "a100-sxm-80gb", "count": 1, "workload": workload,
        "precision": "bf16", "training": training})


def _activations(s: Scenario) -> float:
    card = CATALOG.get(s.card_id)
    return stage_memory(s, card, plan_training(card, s.precision), first_stage=True).activations_per_sequence


def test_dropout_keeps_each_adapted_input_and_a_byte_mask_less_the_freed_inputs_by_hand():
    # four adapted linears of width 8 in bf16: 4 × (2 + 1) × 8 = 96 B, less the 16 undropped elements freed
    assert DROPOUT_MASK_BYTES == 1.0
    assert lora_dropout_saved_bytes_per_token([8, 8, 8, 8], 2.0) == pytest.approx(96.0)
    assert lora_dropout_saved_bytes_per_token([8, 8, 8, 8], 2.0, freed_width=16) == pytest.approx(64.0)
    assert lora_dropout_saved_bytes_per_token([], 2.0) == 0.0


def test_a_lora_stage_keeps_eight_bytes_more_per_hidden_element_token_and_layer_with_attention_adapters():
    model = preset("llama2-7b")  # q, k, v and o all hidden-wide: 4 × 3 B kept, 2 × 2 B freed
    extra = _activations(_lora(0.05)) - _activations(_lora(0.0))
    assert extra == pytest.approx(model.n_layers * 1024 * 8.0 * model.hidden)


def test_the_4bit_base_keeps_its_inputs_so_qlora_dropout_frees_none_before_bitsandbytes_0_43_2():
    model = preset("llama2-7b")
    for kept in ("step", "held"):  # held adds the same inputs at either dropout
        extra = _activations(_lora(0.05, "qlora", quantized_inputs=kept)) - _activations(
            _lora(0.0, "qlora", quantized_inputs=kept))
        assert extra == pytest.approx(model.n_layers * 1024 * 12.0 * model.hidden)
    # bitsandbytes 0.43.2 on keeps no input, so dropout frees the undropped ones as on a 16-bit base
    extra = _activations(_lora(0.05, "qlora")) - _activations(_lora(0.0, "qlora"))
    assert extra == pytest.approx(model.n_layers * 1024 * 8.0 * model.hidden)


def test_all_linear_adapters_drop_the_mlp_inputs_too():
    model = preset("llama2-7b")
    extra = _activations(_lora(0.05, targets="all-linear")) - _activations(_lora(0.0, targets="all-linear"))
    # attention 8·h; gate and up 2 × 3·h less the freed 2·h; down 3·ffn less the freed 2·ffn
    per_layer = 8.0 * model.hidden + 4.0 * model.hidden + 1.0 * model.ffn
    assert extra == pytest.approx(model.n_layers * 1024 * per_layer)


def test_full_recomputation_keeps_the_layer_inputs_and_rebuilds_the_dropout_in_one_layer():
    model = preset("llama2-7b")
    extra = _activations(_lora(0.05, recompute="full")) - _activations(_lora(0.0, recompute="full"))
    assert extra == pytest.approx(1024 * 8.0 * model.hidden)  # the one rebuilt layer's working set only


def test_dropout_zero_is_the_default_and_is_not_written_to_files():
    assert _lora(0.0).training.lora_dropout == 0.0
    assert "lora_dropout" not in _lora(0.0).model_dump_json()
    assert '"lora_dropout":0.05' in _lora(0.05).model_dump_json()
