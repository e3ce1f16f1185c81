"""The MLP of a recomputed layer at its backward's peak, and QLoRA on peft's fp32 residual stream: bitsandbytes'
4-bit linears return fp32 outputs there, the adapters keep their own 16-bit casts, and the SwiGLU product's
backward makes three MLP-wide gradients beside the layer's saved set (session 42, qloramem)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from configurator.core.adapter_memory import adapter_cast_bytes, linear_output_bytes
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.mlp_backward import (mlp_backward_transient_bytes_per_token, moe_product_width,
                                                     wide_output_mlp_bytes_per_token)
from configurator.core.memory import Recompute
from configurator.core.layer_activations import ActivationLayout, layer_activation_bytes, working_layer_bytes
from configurator.core.scenario import Scenario, updated
from configurator.core.units import GIB

CATALOG = load_bundled_catalog()
HELD_OUT = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "held-out.json"


def _qlora(**training) -> Scenario:
    """fms-acceleration's baseline-peft-bnb Mistral 7B run (held-out rows fms-2405-mistral7b-qlora-peft-*)."""
    base = {"recipe": "torch-amp", "micro_batch": 4, "seq_len": 4096, "recompute": "full", "loss": "eager",
            "lora_rank": 16, "lora_targets": "attention", "lora_dropout": 0.0, "quantized_inputs": "step",
            "fp32_unquantized": True, "optimizer_kernel": "foreach"}
    return Scenario.model_validate({
        "model": preset("mistral-7b").model_dump(), "card_id": "a100-sxm-80gb", "count": 1, "workload": "qlora",
        "precision": "fp16", "training": base | training})


def test_the_formulas():
    # SwiGLU: incoming gradient and two factor gradients, less a released down input
    assert mlp_backward_transient_bytes_per_token(14336, 2.0, True) == 3 * 2 * 14336
    assert mlp_backward_transient_bytes_per_token(14336, 2.0, True, 2 * 14336) == 2 * 2 * 14336
    assert mlp_backward_transient_bytes_per_token(1000, 4.0, False) == 8000
    # fp32 gate, activation and up outputs: 2 B more each; a plain MLP's first output alone
    assert wide_output_mlp_bytes_per_token(14336, 2.0, 4.0, True) == 3 * 2 * 14336
    assert wide_output_mlp_bytes_per_token(14336, 2.0, 2.0, True) == 0.0
    assert wide_output_mlp_bytes_per_token(1000, 2.0, 4.0, False) == 2000
    # Mixtral: one of 8 experts at a time over its 2/8 share; a shared expert runs on every token
    assert moe_product_width(14336, 2, 8, 0) == 3584
    assert moe_product_width(2048, 8, 256, 1) == 2048


def test_only_qlora_on_an_fp32_stream_returns_fp32_and_keeps_adapter_casts():
    s = _qlora()
    assert linear_output_bytes(s, 2.0, 4.0) == 4.0
    assert adapter_cast_bytes(s, 2.0) == 3 * 4096 * 2  # q, k and v's adapters: 24 kB per token and layer
    off = updated(s, training={"fp32_unquantized": False})
    assert linear_output_bytes(off, 2.0, 2.0) == 2.0 and adapter_cast_bytes(off, 2.0) == 0.0
    # bitsandbytes 0.43.2 and later keep no input: the adapters' casts are then the only ones
    assert adapter_cast_bytes(updated(s, training={"quantized_inputs": "none"}), 2.0) == 0.0
    # with dropout the adapters keep the dropped copies instead (layer_activations.adapter_dropout_layer_bytes)
    assert adapter_cast_bytes(updated(s, training={"lora_dropout": 0.1}), 2.0) == 0.0
    every = adapter_cast_bytes(updated(s, training={"lora_targets": "all-linear"}), 2.0)
    assert every == (3 * 4096 + 2 * 4096 + 14336) * 2


def test_a_16_bit_layout_is_unchanged_but_for_the_products_backward():
    model = preset("mistral-7b")
    layout = ActivationLayout(math_bytes=2.0, residual_bytes=2.0, flash_attention=True, recompute=Recompute.FULL)
    full = layer_activation_bytes(model, ActivationLayout(math_bytes=2.0, residual_bytes=2.0, flash_attention=True,
                                                          recompute=Recompute.NONE), 4096)
    assert working_layer_bytes(model, layout, 4096) == full + 2 * 2.0 * model.ffn
    held = ActivationLayout(math_bytes=2.0, residual_bytes=2.0, flash_attention=True, recompute=Recompute.FULL,
                            down_input_released=False)  # a 4-bit linear's context holds it
    assert working_layer_bytes(model, held, 4096) == full + 3 * 2.0 * model.ffn


def test_peft_qlora_peaks_in_the_layer_not_the_loss():
    """fms-acceleration's baseline-peft-bnb Mistral 7B rows: 1,065 kB per token measured at the peak against
    671 kB for its own plugin's fp16 run; the fp32 stream's checkpoints add 262 kB, the layer's fp32 MLP,
    adapter casts and product gradients the rest, above the loss's 384 kB."""
    rows = {r["id"]: r for r in json.loads(HELD_OUT.read_text(encoding="utf-8"))}
    for batch in (4, 8):
        measured = rows[f"fms-2405-mistral7b-qlora-peft-b{batch}-a100"]["values"]["peak_allocated_gb"] * 1e9 / GIB
        memory = estimate(_qlora(micro_batch=batch), CATALOG.get("a100-sxm-80gb")).memory
        assert (memory.total - memory.overhead) / GIB == pytest.approx(measured, rel=0.06)
