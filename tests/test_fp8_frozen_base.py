"""A LoRA run's frozen base stored in FP8 only (``training.fp8_base``: Transformer Engine's
``fp8_model_init`` under NeMo's ``fp8_params``), and the MLPerf Training v4.1 Llama 2 70B LoRA
rows that ran so, which the estimate had called too big for the 141 GB H200 they trained on."""

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
from configurator.core.adapter_memory import fp8_base_bytes, fp8_frozen_base, gathered_element_bytes  # noqa: E402
from configurator.core.precision import plan_training  # noqa: E402
from configurator.core.scenario import Scenario, updated  # noqa: E402
from configurator.core.training_stage_memory import stage_memory  # noqa: E402

CATALOG = load_bundled_catalog()
HELD_OUT = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "held-out.json"
LLAMA3_8B_BLOCK_LINEARS = 6_979_321_856
"""Linear weights of Llama 3 8B's 32 blocks (tests/test_lora_memory.py) [count]."""


def _lora(workload="lora", precision="fp8", fp8_base=True, zero=0) -> Scenario:
    return Scenario.model_validate({
        "model": preset("llama3-8b").model_dump(), "card_id": "h100-sxm", "count": 1, "workload": workload,
        "precision": precision, "parallelism": {"zero": zero},
        "training": {"recipe": "megatron-bf16-grads", "micro_batch": 1, "seq_len": 2048, "fp8_base": fp8_base}})


def _base(s: Scenario) -> float:
    card = CATALOG.get(s.card_id)
    return stage_memory(s, card, plan_training(card, s.precision), first_stage=True).weights


def test_the_block_linears_take_one_byte_and_the_embedding_head_and_norms_the_math_precision():
    model = preset("llama3-8b")
    expected = LLAMA3_8B_BLOCK_LINEARS * 1.0 + (model.total_params() - LLAMA3_8B_BLOCK_LINEARS) * 2.0
    assert fp8_base_bytes(model, model.total_params(), model.n_layers, 2.0) == pytest.approx(expected)


def test_a_lora_stage_holds_the_fp8_base_and_its_adapters():
    on, off = _lora(), _lora(fp8_base=False)
    base = fp8_base_bytes(on.model, on.model.total_params(), on.model.n_layers, 2.0)
    assert base < _base(on) < base + 0.2 * 2**30
    # the 16-bit base less one byte per block-linear weight
    assert _base(off) - _base(on) == pytest.approx(LLAMA3_8B_BLOCK_LINEARS, rel=1e-9)


@pytest.mark.parametrize("change", [{"precision": "bf16"}, {"workload": "finetune"}, {"workload": "qlora"}])
def test_the_setting_counts_only_for_lora_with_fp8_math(change):
    on = _lora(**{**{"precision": "fp8", "workload": "lora"}, **change})
    off = _lora(**{**{"precision": "fp8", "workload": "lora"}, **change}, fp8_base=False)
    card = CATALOG.get("h100-sxm")
    assert not fp8_frozen_base(on, plan_training(card, on.precision))
    assert _base(on) == _base(off)


def test_zero3_gathers_the_fp8_blocks():
    s = _lora(zero=3)
    card = CATALOG.get("h100-sxm")
    plan = plan_training(card, s.precision)
    assert 1.0 < gathered_element_bytes(s, plan) < 1.01  # the block's two norms stay 16-bit
    assert gathered_element_bytes(_lora(zero=3, fp8_base=False), plan) == plan.math_bytes


def test_the_setting_is_written_to_files_only_when_on():
    assert "fp8_base" not in _lora(fp8_base=False).model_dump(mode="json")["training"]
    on = _lora()
    assert on.model_dump(mode="json")["training"]["fp8_base"] is True
    assert Scenario.model_validate(on.model_dump(mode="json")) == on
    assert updated(on, training={"fp8_base": False}).training.fp8_base is False


def test_the_mlperf_lora_rows_state_fp8_base_weights_and_the_h200_run_fits():
    """Every MLPerf Training v4.1 Llama 2 70B LoRA row ran NVIDIA's NeMo code with ``FP8=True``, which
    sets ``fp8_params`` (conf/megatron_gpt_peft_tuning_config.yaml); the TP1 CP2 H200 copy of the whole
    70B model fits the card it trained on only with its base in FP8."""
    rows = [r for r in json.loads(HELD_OUT.read_text()) if r["id"].startswith("mlperf-training-v4.1-llama2-70b-lora")]
    assert len(rows) == 6 and all(r["setup"]["fp8_base"] for r in rows)
    h200 = next(r for r in rows if r["id"] == "mlperf-training-v4.1-llama2-70b-lora-8xh200")
    s = _training_scenario(h200["setup"])
    card = card_as_run(h200["setup"])
    assert estimate(s, card).memory.fits
    assert not estimate(updated(s, training={"fp8_base": False}), card).memory.fits


def test_the_nemo_2407_rows_state_the_launcher_scripts_layouts():
    """NeMo 24.07's fine-tuning table is the six layouts of NeMo-Framework-Launcher 24.07's
    examples/peft/llama/h100 scripts, which set fp8_params (LoRA: fp8_base), VP10 for 13B SFT, VP20
    and the TP overlap for 70B SFT, the TP overlap for 70B LoRA."""
    rows = {r["id"]: r["setup"] for r in json.loads(HELD_OUT.read_text()) if r["id"].startswith("nemo-2407-llama2")}
    assert all(rows[f"nemo-2407-llama2-{size}-lora-fp8-8xh100"]["fp8_base"] for size in ("7b", "13b", "70b"))
    assert rows["nemo-2407-llama2-13b-sft-fp8-8xh100"]["virtual_stages"] == 10
    assert rows["nemo-2407-llama2-70b-sft-fp8-16xh100"]["virtual_stages"] == 20
    assert rows["nemo-2407-llama2-70b-sft-fp8-16xh100"]["tp_comm_overlap"]
    assert rows["nemo-2407-llama2-70b-lora-fp8-8xh100"]["tp_comm_overlap"]
