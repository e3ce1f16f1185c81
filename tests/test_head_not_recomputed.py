"""Layer recomputation runs the transformer layers' forward again, not the output head's
(notes-lora-speed-2026-12-06.md): Megatron-LM's eq. 3 charges the logits three passes beside the layers'
four, and every framework's checkpointing wraps the layers alone."""

from __future__ import annotations

from numpy.testing import assert_allclose

from configurator.core.architecture import preset
from configurator.core.formulas.flops import checkpointed_matmul_factor, recompute_factors, reruns_layer_products
from configurator.core.training_stage_work import head_params_on_fullest_stage, matmul_params_on_fullest_stage


def test_the_factor_leaves_the_products_outside_the_layers_at_one_pass():
    # a frozen Llama 3.2 1B base: 16 layers of 60.8 M product parameters, a tied 262.7 M head
    layers, head = 16 * 60_817_408.0, 128_256 * 2_048.0
    full, _ = recompute_factors("full", pass_factor=4.0)
    assert_allclose(checkpointed_matmul_factor(full, layers, head), (1.5 * layers + head) / (layers + head))
    assert_allclose(checkpointed_matmul_factor(full, layers, head), 1.3937, atol=1e-4)
    assert checkpointed_matmul_factor(full, layers, 0.0) == full
    assert checkpointed_matmul_factor(1.0, layers, head) == 1.0


def test_megatron_equation_3_counts_the_logits_three_passes():
    """Narayanan et al. 2021 eq. 3 with recomputation: ``96·B·s·L·h²·(1 + s/(6h)) + 6·B·s·h·V``, the
    layers' products (``12·h²`` parameters a layer of a 4h GPT MLP) at 8 FLOPs a parameter and token, the
    head's at 6; the factor on 6 over the whole model gives the same total."""
    layer_params, head = 96 * 12 * 12_288.0 ** 2, 51_200 * 12_288.0  # GPT-3 175B, V 51,200
    factor = checkpointed_matmul_factor(8 / 6, layer_params, head)
    assert_allclose(6 * (layer_params + head) * factor, 8 * layer_params + 6 * head)


def test_the_head_is_on_the_last_stage_alone():
    model = preset("llama3-8b")
    assert head_params_on_fullest_stage(model, 1) == model.vocab * model.hidden
    whole = matmul_params_on_fullest_stage(model, 1)
    assert_allclose(whole - head_params_on_fullest_stage(model, 1), model.matmul_params() - model.vocab * model.hidden)
    for pp in (2, 4, 8):  # the slowest rank is a middle stage (no head) or the last one (with it)
        total, head = matmul_params_on_fullest_stage(model, pp), head_params_on_fullest_stage(model, pp)
        assert head in (0.0, model.vocab * model.hidden)
        assert total - head > 0


def test_which_policies_rerun_layer_products():
    assert reruns_layer_products("full")
    assert reruns_layer_products("selective", "per-op")
    assert not reruns_layer_products("selective", "attention")
    assert not reruns_layer_products("selective", "fp8-cache")  # its share is over every product already
    assert not reruns_layer_products("none")
