"""Attention efficiency by kernel and card architecture (issue 27): the published kernel figures,
the kernel a scenario runs, the user's figure over them, and older files' 0.45 read as unset."""

from __future__ import annotations

import json

import pytest

from configurator import cli
from configurator.core.architecture import preset
from configurator.core.attention_kernel import training_attention_efficiency, training_attention_kernel
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.attention_kernels import (
    ATTENTION_KERNEL_SHARES,
    FA2,
    HOPPER_FUSED,
    attention_kernel_efficiency,
    model_flops_share,
)
from configurator.core.formulas.efficiency import ATTENTION_FALLBACK_EFFICIENCY
from configurator.core.scenario import AttentionKernel, Scenario, updated
from configurator.core.scenario_io import scenario_from_document, scenario_to_document

CATALOG = load_bundled_catalog()


def _training(card: str, **training) -> Scenario:
    return Scenario(model=preset("llama3-8b"), card_id=card, count=8, workload="pretrain", precision="bf16",
                    training={"seq_len": 8192, **training})


def test_model_flops_share_counts_the_kernels_recomputed_scores_as_time_not_work():
    """Kernel figures count the backward as 2.5 forwards, model FLOPs as 2: at equal shares the
    model-FLOP share is 3/3.5 of it; in general 6/(2/f + 5/b)."""
    assert model_flops_share(0.5, 0.5) == pytest.approx(0.5 * 3 / 3.5)
    assert model_flops_share(0.73, 0.50) == pytest.approx(6 / (2 / 0.73 + 5 / 0.50))


def test_flash_attention_2_reaches_nearly_twice_the_share_on_an_a100_that_it_reaches_on_an_h100():
    a100, h100 = attention_kernel_efficiency(FA2, "ampere"), attention_kernel_efficiency(FA2, "hopper")
    hopper_kernel = attention_kernel_efficiency(HOPPER_FUSED, "hopper")
    assert a100 == pytest.approx(0.471, abs=1e-3) and h100 == pytest.approx(0.275, abs=1e-3)
    assert hopper_kernel == pytest.approx(0.476, abs=1e-3)
    assert 1.6 < a100 / h100 < 2.3 and h100 < hopper_kernel
    assert all(0 < b <= f <= 1 for f, b in ATTENTION_KERNEL_SHARES.values())  # backward no faster


def test_a_hopper_kernel_on_an_older_card_takes_flash_attention_2s_figure_and_an_unlisted_card_none():
    assert attention_kernel_efficiency(HOPPER_FUSED, "ampere") == attention_kernel_efficiency(FA2, "ampere")
    assert attention_kernel_efficiency(HOPPER_FUSED, "blackwell") is None
    assert attention_kernel_efficiency(FA2, "cdna3") is None


@pytest.mark.parametrize(("recipe", "kernels", "expected"), [
    ("megatron-mixed", None, AttentionKernel.HOPPER_FUSED),  # Megatron-Core runs Transformer Engine
    ("torch-amp", None, AttentionKernel.FLASH_ATTENTION_2),  # PyTorch SDPA
    ("megatron-mixed", "eager", AttentionKernel.FLASH_ATTENTION_2),
    ("torch-amp", "fused", AttentionKernel.HOPPER_FUSED),
])
def test_the_kernel_follows_the_layer_kernels_unless_set(recipe, kernels, expected):
    s = _training("h100-sxm", recipe=recipe, activation_kernels=kernels)
    assert training_attention_kernel(s) is expected
    chosen = updated(s, training={"attention_kernel": "flash-attention-2"})
    assert training_attention_kernel(chosen) is AttentionKernel.FLASH_ATTENTION_2
    assert training_attention_kernel(updated(s, training={"flash_attention": False})) is None


def test_the_share_by_card_with_the_users_figure_over_it():
    h100, a100, b200 = (CATALOG.get(c) for c in ("h100-sxm", "a100-sxm-80gb", "b200"))
    s = _training("h100-sxm", recipe="torch-amp")
    assert training_attention_efficiency(s, h100) == pytest.approx(attention_kernel_efficiency(FA2, "hopper"))
    assert training_attention_efficiency(s, a100) == pytest.approx(attention_kernel_efficiency(FA2, "ampere"))
    assert training_attention_efficiency(s, b200) == ATTENTION_FALLBACK_EFFICIENCY  # no benchmark listed
    unfused = updated(s, training={"flash_attention": False})
    assert training_attention_efficiency(unfused, h100) == ATTENTION_FALLBACK_EFFICIENCY
    own = updated(s, assumptions={"attention_efficiency": 0.6})
    assert training_attention_efficiency(own, h100) == 0.6


def test_a_slower_kernel_makes_a_long_sequence_step_slower():
    """At 32k tokens attention is most of an 8B step: FlashAttention-2 on the H100 is slower than
    the Hopper kernel, and the same kernel is faster per peak FLOP on the A100."""
    h100 = CATALOG.get("h100-sxm")
    s = updated(_training("h100-sxm", recipe="torch-amp", seq_len=32768, recompute="full"),
                parallelism={"zero": 3})
    fa2 = estimate(s, h100).training.mfu
    fa3 = estimate(updated(s, training={"attention_kernel": "hopper-fused"}), h100).training.mfu
    assert fa2 < fa3


def test_an_older_files_default_attention_share_is_read_as_unset_and_a_users_kept():
    document = scenario_to_document(_training("h100-sxm"))
    for version, value, expected in ((2, 0.45, None), (2, 0.5, 0.5), (1, 0.45, None), (3, 0.45, 0.45)):
        old = json.loads(json.dumps(document))
        old["version"] = version
        old["scenario"]["assumptions"]["attention_efficiency"] = value
        assert scenario_from_document(old).assumptions.attention_efficiency == expected


def test_the_command_line_sets_the_kernel(capsys):
    code = cli.main(["estimate", "--card", "h100-sxm", "--count", "8", "--workload", "pretrain",
                     "--attention-kernel", "flash-attention-2", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert json.dumps(out).count('"attention_kernel": "flash-attention-2"') >= 1
