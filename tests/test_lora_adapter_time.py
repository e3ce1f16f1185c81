"""The time LoRA adapters add to a training micro-batch (issue 27, part 3 B): per adapted linear a
fixed time per kernel (four forward, six backward, more with dropout and autocast casts) and six
rank-``r`` products on their roofline at their shape's efficiency."""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.adapter_speed import ADAPTER_KERNEL_S, adapted_linears, adapter_layer_seconds
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.formulas.adapter_time import BACKWARD_KERNELS, FORWARD_KERNELS, adapter_seconds
from configurator.core.formulas.gemm_efficiency import gemm_seconds
from configurator.core.precision import plan_training
from configurator.core.scenario import Scenario

CATALOG = load_bundled_catalog()
H200 = CATALOG.get("h200-sxm")
PEAK, BANDWIDTH = 989.5e12, 4.8e12


def _seconds(kernel_s=0.0, **kw):
    return adapter_seconds(2048, 4096, 1024, 16, kernel_s, PEAK, BANDWIDTH, 2.0, "hopper", **kw)


def test_ten_kernels_without_dropout_twelve_with_it_and_four_more_for_autocast_casts():
    k = 1e-5
    assert FORWARD_KERNELS + BACKWARD_KERNELS == 10
    assert _seconds(k) - _seconds() == pytest.approx(10 * k)
    assert _seconds(k, dropout=True) - _seconds(dropout=True) == pytest.approx(12 * k)
    assert _seconds(k, cast_kernels=2) - _seconds(cast_kernels=2) == pytest.approx(14 * k)
    assert _seconds(k, forward_passes=2) - _seconds(forward_passes=2) == pytest.approx(14 * k)


def test_the_six_rank_r_products_each_on_its_roofline_by_hand():
    def g(m, n, k):
        return gemm_seconds(m, n, k, PEAK, BANDWIDTH, 2.0, "hopper", "bf16")

    m, d_in, d_out, r = 2048, 4096, 1024, 16
    forward = g(m, r, d_in) + g(m, d_out, r)
    backward = g(m, r, d_out) + g(d_out, r, m) + g(m, d_in, r) + g(r, d_in, m)
    assert _seconds() == pytest.approx(forward + backward)
    assert _seconds(forward_passes=2) == pytest.approx(2 * forward + backward)
    # a rank-16 product is far below the card's peak: more than its FLOPs at peak
    assert g(m, r, d_in) > 2 * m * r * d_in / PEAK


def _lora(targets="all-linear", workload="lora", dropout=0.0, recipe="torch-amp") -> Scenario:
    training = {"recipe": recipe, "micro_batch": 1, "seq_len": 2048, "lora_targets": targets}
    if dropout:
        training["lora_dropout"] = dropout
    return Scenario.model_validate({"model": preset("llama3.2-1b").model_dump(), "card_id": H200.id, "count": 1,
                                    "workload": workload, "precision": "bf16", "training": training})


def _layer(s: Scenario, tokens=2048.0, tp=1, recomputed=False):
    return adapter_layer_seconds(s, H200, plan_training(H200, s.precision), tokens, tp, recomputed)


def test_adapter_time_grows_with_the_adapted_linears_and_their_kernels():
    attention, every = _layer(_lora("attention")), _layer(_lora())
    assert len(adapted_linears(preset("llama3.2-1b"), "attention")) == 4
    assert len(adapted_linears(preset("llama3.2-1b"), "all-linear")) == 7
    assert 0 < attention < every
    # seven adapters of at least ten kernels each: at least 70 kernels' fixed time
    assert every > 70 * ADAPTER_KERNEL_S
    assert _layer(_lora(dropout=0.05)) == pytest.approx(every + 7 * 2 * ADAPTER_KERNEL_S)
    assert _layer(_lora(recipe="pure")) == pytest.approx(every - 7 * 4 * ADAPTER_KERNEL_S)  # no fp32 adapter casts
    assert _layer(_lora(), recomputed=True) > every
    assert _layer(_lora(workload="finetune")) == 0.0


def test_megatron_core_layers_carry_one_adapter_per_fused_linear():
    model = preset("llama3.2-1b")
    fused = adapted_linears(model, "all-linear", fused=True)
    assert len(fused) == 4
    assert fused[0][:2] == (model.hidden, model.q_dim + 2 * model.kv_dim)
    assert fused[2][:2] == (model.hidden, 2 * model.ffn)


def test_the_planner_arrays_give_the_scalar_figures_to_the_last_bit():
    s = _lora()
    tokens, tp, recomputed = np.array([2048.0, 4096.0, 1024.0]), np.array([1, 2, 4]), np.array([False, True, False])
    arrays = _layer(s, tokens, tp, recomputed)
    for i in range(3):
        assert arrays[i] == _layer(s, float(tokens[i]), int(tp[i]), bool(recomputed[i]))
