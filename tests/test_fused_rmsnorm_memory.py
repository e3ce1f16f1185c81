"""The layer kernels ``fused-norm``: eager PyTorch modules but RMSNorms fused into one Triton kernel
each, which keep their input and one fp32 reciprocal RMS for backward (torchtitan's
``norm_type = "fused_rmsnorm"``, 2024), and torchtitan's Llama 2 13B run without recomputation on
64 A100 80GB, which the estimate had called too big for the card it trained on."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from heldout_training import _training_scenario  # noqa: E402
from heldout_card import card_as_run  # noqa: E402

from configurator.core.architecture import preset  # noqa: E402
from configurator.core.estimate import estimate  # noqa: E402
from configurator.core.formulas.activations import (  # noqa: E402
    layer_saved_bytes_per_token,
    rms_norm_saved_bytes_per_token,
)
from configurator.core.layer_activations import ActivationLayout, layer_activation_bytes  # noqa: E402
from configurator.core.scenario import ActivationKernels, Recompute, updated  # noqa: E402
from configurator.core.view.names import ACTIVATION_KERNELS  # noqa: E402

HELD_OUT = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "held-out.json"


def test_a_fused_norm_keeps_its_input_and_one_fp32_number_per_token():
    assert rms_norm_saved_bytes_per_token(5120, 2.0, fused=True) == 2 * 5120 + 4
    assert rms_norm_saved_bytes_per_token(5120, 2.0) == (4 + 2) * 5120  # eager: fp32 upcast and normed output
    assert rms_norm_saved_bytes_per_token(5120, 4.0, fused=True) == 4 * 5120 + 4  # an fp32 residual under AMP


def test_a_layer_with_fused_norms_keeps_8h_bytes_less_per_token_at_a_16_bit_residual():
    model = preset("llama2-13b")
    eager = ActivationLayout(math_bytes=2.0, residual_bytes=2.0, flash_attention=True, recompute=Recompute.NONE)
    fused = ActivationLayout(math_bytes=2.0, residual_bytes=2.0, flash_attention=True, recompute=Recompute.NONE,
                             kernels=ActivationKernels.FUSED_NORM)
    saved = layer_activation_bytes(model, eager, 4096) - layer_activation_bytes(model, fused, 4096)
    assert saved == 2 * (4 * model.hidden - 4)
    args = (model.hidden, model.q_dim, model.kv_dim, model.attn_out_dim, model.mlp_token_width, model.n_heads, 4096,
            2.0, 2.0, True, False)
    assert layer_saved_bytes_per_token(*args) == layer_activation_bytes(model, eager, 4096)


def test_every_layer_kernel_choice_has_a_label():
    assert set(ACTIVATION_KERNELS) == {None, *(k.value for k in ActivationKernels)}


def test_torchtitans_13b_run_without_recomputation_fits_its_a100():
    row = next(r for r in json.loads(HELD_OUT.read_text()) if r["id"] == "torchtitan-2404-llama2-13b-noac-64xa100")
    assert row["setup"]["activation_kernels"] == "fused-norm"
    s, card = _training_scenario(row["setup"]), card_as_run(row["setup"])
    assert estimate(s, card).memory.fits
    assert not estimate(updated(s, training={"activation_kernels": "eager"}), card).memory.fits
    # the fused norms also write less: the step's activation traffic (training_speed) is shorter
    eager = estimate(updated(s, training={"activation_kernels": "eager"}), card).training.tokens_per_s_per_card
    assert eager < estimate(s, card).training.tokens_per_s_per_card < eager * 1.02
