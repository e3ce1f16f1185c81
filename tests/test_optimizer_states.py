"""Optimizer states kept in bf16 (``training.optimizer_states``: Apex's ``DistributedFusedAdam``
with ``dtype`` bf16, as NeMo's fine-tuning recipe runs it), and NeMo 24.07's Llama 2 70B SFT row,
which the estimate had called too big for the 80 GB H100s it trained on (issue 27)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from heldout_training import _training_scenario  # noqa: E402
from heldout_card import card_as_run  # noqa: E402

from configurator.core.architecture import preset  # noqa: E402
from configurator.core.catalog import load_bundled_catalog  # noqa: E402
from configurator.core.estimate import estimate  # noqa: E402
from configurator.core.formulas.states import distributed_adam_state_bytes, state_bytes_per_param  # noqa: E402
from configurator.core.scenario import Scenario, updated  # noqa: E402
from configurator.core.scenario_io import scenario_to_document  # noqa: E402

CATALOG = load_bundled_catalog()
HELD_OUT = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "held-out.json"
GIB = 2**30


def test_distributed_adam_states_per_parameter():
    """AdamW's two moments at 2 B each in bf16 and the bf16 weight copy NeMo's ``store_params`` adds;
    at fp32 the moments at 4 B each and the int16 remainders of the master weights."""
    assert distributed_adam_state_bytes("adamw", "bf16") == 4.0
    assert distributed_adam_state_bytes("adamw", "bf16-master") == 6.0
    assert distributed_adam_state_bytes("adamw", "fp32-remainders") == 10.0
    assert distributed_adam_state_bytes("sgd", "bf16") == 2.0
    assert distributed_adam_state_bytes("adamw-8bit", "bf16-master") == 4.0


def test_bf16_states_keep_the_recipes_weights_and_gradients():
    """Only the optimizer's bytes change: megatron-bf16-grads is 2 + 2 + 12 as the recipe keeps
    them, 2 + 2 + 6 with bf16 states and a bf16 master copy, 2 + 2 + 4 without one."""
    assert state_bytes_per_param("megatron-bf16-grads", "adamw", 2.0) == (2.0, 2.0, 12.0, 0.0, 2.0)
    assert state_bytes_per_param("megatron-bf16-grads", "adamw", 2.0, "bf16-master") == (2.0, 2.0, 6.0, 0.0, 2.0)
    assert state_bytes_per_param("megatron-bf16-grads", "adamw", 2.0, "bf16") == (2.0, 2.0, 4.0, 0.0, 2.0)
    assert state_bytes_per_param("megatron-bf16-grads", "adamw", 2.0, "fp32-remainders") == (2.0, 2.0, 10.0, 0.0, 2.0)
    assert state_bytes_per_param("torch-amp", "adamw", 2.0, "bf16") == (4.0, 4.0, 4.0, 2.0, 4.0)


def test_default_keeps_the_recipes_states_and_is_not_written():
    """The default changes no answer and is left out of scenario files."""
    s = Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=8, workload="pretrain")
    assert s.training.optimizer_states == "recipe"
    assert "optimizer_states" not in scenario_to_document(s)["scenario"]["training"]
    bf16 = updated(s, training={"optimizer_states": "bf16"})
    assert scenario_to_document(bf16)["scenario"]["training"]["optimizer_states"] == "bf16"


def test_bf16_states_make_no_fp32_gradient_copy_at_the_step():
    """Megatron's distributed optimizer upcasts its gradient shard to fp32 at the step; Apex's
    kernel steps on the bf16 gradients: the 4 B per parameter of that copy go."""
    s = Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=8, workload="pretrain", precision="bf16",
                 parallelism={"zero": 1}, training={"recipe": "megatron-bf16-grads", "micro_batch": 1, "seq_len": 4096})
    h100 = CATALOG.get("h100-sxm")
    mixed = estimate(s, h100).memory
    bf16 = estimate(updated(s, training={"optimizer_states": "bf16"}), h100).memory
    params = preset("llama3-8b").total_params()
    assert mixed.optimizer - bf16.optimizer == pytest.approx(params * (12 + 4 - 4) / 8, rel=0.02)


def test_nemo_70b_sft_fits_the_card_it_trained_on():
    """NeMo 24.07's Llama 2 70B SFT on 16 H100 (TP4 PP4, one data-parallel rank): 4.4 B parameters
    a GPU at 2 + 2 + 6 B and its activations (the linears' inputs kept in FP8, as Transformer Engine
    keeps them) fit the 80 GB card (with fp32 master and Adam states and the step's fp32 copy,
    2 + 2 + 12 + 4 B, they did not: 87.3 GiB)."""
    row = {r["id"]: r for r in json.loads(HELD_OUT.read_text())}["nemo-2407-llama2-70b-sft-fp8-16xh100"]
    assert row["setup"]["optimizer_states"] == "bf16-master"
    s = _training_scenario(row["setup"])
    memory = estimate(s, card_as_run(row["setup"])).memory
    assert memory.fits
    assert memory.total / GIB == pytest.approx(62.1, abs=0.5)
    recipe = estimate(updated(s, training={"optimizer_states": "recipe"}), card_as_run(row["setup"])).memory
    assert not recipe.fits


def test_nemo_finetuning_rows_state_the_optimizer_they_ran():
    """Every NeMo 24.07 fine-tuning row (SFT and LoRA) ran conf/peft/llama/sft.yaml's
    distributed_fused_adam in bf16 with ``fp8_params``."""
    rows = [r for r in json.loads(HELD_OUT.read_text()) if r["id"].startswith("nemo-2407-llama2-")
            and ("-sft-" in r["id"] or "-lora-" in r["id"])]
    assert len(rows) == 6
    assert all(r["setup"]["optimizer_states"] == "bf16-master" for r in rows)


def test_nemo_pretraining_rows_keep_master_remainders():
    """NeMo 24.07's pre-training rows leave optim.dtype at fp32 over bf16 weights: NeMo stores the
    master weights' 16 low bits (2 B) beside fp32 moments, and Apex steps on the bf16 gradients:
    2 + 2 + 10 B, no longer megatron-bf16-grads's 2 + 2 + 12 with a 4 B fp32 gradient copy."""
    rows = [r for r in json.loads(HELD_OUT.read_text()) if r["id"].startswith("nemo-2407-")
            and r["setup"].get("optimizer_states") == "fp32-remainders"]
    assert len(rows) == 7
    for r in rows:
        s = _training_scenario(r["setup"])
        card = card_as_run(r["setup"])
        kept = estimate(s, card).memory
        as_recipe = estimate(updated(s, training={"optimizer_states": "recipe"}), card).memory
        assert kept.fits and kept.total < as_recipe.total
