"""Physics holds (issue 27, part 6): no estimate reports a utilisation above what its own
efficiencies allow, no serving kernel runs faster than the card's peak, and every "likely" band
holds the estimate it bounds."""

from __future__ import annotations

import itertools

import pytest

from configurator.core.architecture import load_presets
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas import flops
from configurator.core.formulas.timing import roofline_seconds
from configurator.core.precision import plan_training
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.training_speed import model_flops_per_token
from configurator.core.units import TERA

CATALOG = load_bundled_catalog()
PRESETS = load_presets()

EFFICIENCIES = ((0.55, 0.45), (1.0, 1.0), (0.3, 1.0), (1.0, 0.2))
"""(matmul, attention) efficiency pairs: the defaults, both at their ceiling, and each far from the other."""


def _uncapped_mfu(est) -> float:
    """The estimate's MFU recomputed without the formula layer's cap: executed model FLOPs per
    token × tokens/s over the cards' peak."""
    s = est.scenario
    plan = plan_training(est.card, s.precision)
    peak = est.card.peak_tflops(plan.math) * TERA
    share = flops.flops_per_param(s.workload.is_adapter) / flops.FLOPS_PER_PARAM_TRAINED
    return model_flops_per_token(s.model, s.training.seq_len) * est.training.tokens_per_s / (s.count * peak) * share


@pytest.mark.parametrize("model,seq,card,count", [
    ("llama3-8b", 131072, "h100-sxm", 8),
    ("llama3-8b", 32768, "h200-sxm", 8),
    ("llama3-70b", 131072, "h100-sxm", 64),
    ("llama3.2-1b", 65536, "a100-sxm-80gb", 8),
    ("mixtral-8x7b", 32768, "h100-sxm", 16),
    ("gpt3-175b", 2048, "a100-sxm-80gb", 64),
])
@pytest.mark.parametrize("workload", ["pretrain", "lora"])
def test_mfu_stays_below_the_efficiencies_it_is_made_of(model, seq, card, count, workload):
    """Over long sequences, where attention dominates, the MFU (counted as executed, causal
    attention halved) stays at or below the larger of the matmul and attention efficiencies:
    it was 1.26 for Llama 3 8B at 128k tokens on 8 × H100 with the attention efficiency at 1,
    since PaLM's count (12·L·H·Q·T) doubled the attention the step times (6·L·H·Q·T)."""
    for mm, attn in EFFICIENCIES:
        s = Scenario(model=PRESETS[model], workload=workload, card_id=card, count=count,
                     training={"seq_len": seq}, auto_layout=LAYOUT_FIELDS,
                     assumptions={"matmul_efficiency": mm, "attention_efficiency": attn})
        est = estimate(s, CATALOG.get(card))
        if est.training is None:
            continue
        raw = _uncapped_mfu(est)
        assert raw <= max(mm, attn) * (1 + 1e-9), (model, seq, mm, attn, raw)
        assert est.training.mfu == pytest.approx(raw)
        assert 0 < est.training.mfu <= flops.UTILISATION_CEILING


def test_long_sequence_mfu_at_full_attention_efficiency_is_below_one():
    """The reproduction of the defect: 8 × H100, Llama 3 8B, 128k tokens, context parallel 8,
    attention efficiency 1 gave MFU 1.26; now below both efficiencies' maximum."""
    s = Scenario(model=PRESETS["llama3-8b"], card_id="h100-sxm", count=8, training={"seq_len": 131072},
                 parallelism={"cp": 8, "zero": 3}, assumptions={"attention_efficiency": 1.0})
    mfu = estimate(s, CATALOG.get("h100-sxm")).training.mfu
    assert mfu < 1.0 and mfu == pytest.approx(_uncapped_mfu(estimate(s, CATALOG.get("h100-sxm"))))


def test_executed_flops_count_causal_attention_once():
    """Executed FLOPs: 6·N plus half of PaLM's attention term; PaLM's count is kept for the
    published MFU figures."""
    n, layers, q, t = 8e9, 32, 4096, 131072
    assert flops.executed_training_flops_per_token(n, layers, 4 * q, t) == 6 * n + 6 * layers * q * t
    assert flops.training_flops_per_token(n, layers, q, t) - flops.executed_training_flops_per_token(
        n, layers, 4 * q, t) == flops.causal_attention_flops_per_token(layers, 4 * q, t)


def test_utilisation_and_efficiency_are_capped_at_the_formula_layer():
    assert flops.model_flops_utilisation(2e12, 1.0, 1, 1e12) == flops.UTILISATION_CEILING
    assert flops.model_flops_utilisation(0.5e12, 1.0, 1, 1e12) == 0.5
    assert list(flops.capped_share([0.5, 1.5])) == [0.5, 1.0]
    # no work runs faster than its peak, whatever share it is given
    assert roofline_seconds(10.0, 5.0, 1.5) == roofline_seconds(10.0, 5.0, 1.0) == 2.0


def test_serving_kernels_never_pass_the_peak():
    """An engine profile may give shares above 1 (up to 1.2 of the achievable bandwidth, 2 of the
    prefill efficiency, or of the prompt efficiency for a prompt alone): the product with the
    efficiency (and the GEMM efficiency at the step's shapes, about 0.77 for a 4,096-token prompt
    here) is capped at the card's peak, so raising the share past the ceiling stops speeding the step."""
    from configurator.core.engines import IDEAL
    from configurator.core.prefill_time import prefill_seconds
    from configurator.core.serving_speed import decode_step_seconds
    from configurator.core.precision import plan_serving

    card = CATALOG.get("h100-sxm")
    base = Scenario(model=PRESETS["llama3-8b"], workload="inference", card_id="h100-sxm", count=1,
                    assumptions={"decode_bandwidth_efficiency": 1.0, "prefill_efficiency": 1.0,
                                 "prompt_efficiency": 1.0})
    plan = plan_serving(base, card)
    times = []
    for share, prefill in ((1.0, 1.5), (1.2, 2.0)):
        profile = IDEAL.model_copy(update={"weight_stream_share": share, "kv_read_share": share,
                                           "prefill_share": prefill})
        s = Scenario.model_validate({**base.model_dump(), "serving": {**base.serving.model_dump(),
                                                                       "engine_profile": profile.model_dump()}})
        times.append((decode_step_seconds(s, card, plan, 1, 1024)[0], prefill_seconds(s, card, plan, 4096)))
    assert times[0] == pytest.approx(times[1])


# ---- "likely" bands hold their estimate -------------------------------------------------

def _assert_bands_hold(est, label):
    from configurator.core.uncertainty import headline_bands
    for name, band in headline_bands(est).items():
        assert band.low <= band.value <= band.high, (label, name, band.low, band.value, band.high, band.kind,
                                                     band.scale)


def test_every_golden_estimate_lies_inside_its_bands():
    from golden_scenarios import GOLDEN
    for name, scenario in GOLDEN.items():
        _assert_bands_hold(estimate(scenario, CATALOG.get(scenario.card_id)), name)


@pytest.mark.parametrize("workload,model,card", [
    ("pretrain", "llama3-8b", "h100-sxm"), ("finetune", "llama3-70b", "h100-sxm"),
    ("pretrain", "llama3.2-1b", "a100-sxm-80gb"), ("inference", "llama3-70b", "h200-sxm"),
    ("inference", "llama3-8b", "l40s"),
])
def test_bands_hold_their_estimate_over_a_sweep_of_scales(workload, model, card):
    """Every scale bucket (1, 2–64, more than 64 cards): 1,024 × H100 fine-tuning read 6,885,414
    tokens/s, "likely 7,503,724–9,151,404", before the band was widened to hold its estimate."""
    for count in (1, 8, 64, 128, 1024):
        s = Scenario(model=PRESETS[model], workload=workload, card_id=card, count=count, auto_layout=LAYOUT_FIELDS)
        est = estimate(s, CATALOG.get(card))
        if est.training is None and est.serving is None:
            continue
        _assert_bands_hold(est, (workload, model, card, count))


def test_every_bundled_band_holds_the_estimate_and_says_when_widened():
    from configurator.core.uncertainty import error_bands, holding_estimate
    assert holding_estimate(1.09, 1.33) == (1.0, 1.33) and holding_estimate(0.78, 0.98) == (0.78, 1.0)
    assert holding_estimate(0.8, 1.2) == (0.8, 1.2)
    for kind, entry in error_bands()["kinds"].items():
        groups = [(f"{scale} {key}", g) for scale, b in entry["scales"].items()
                  for key, g in b.get("groups", {}).items()]
        for scale, b in [("all", entry["all"]), *entry["scales"].items(), *groups]:  # a group's band too (session 50)
            assert b["low_factor"] <= 1.0 <= b["high_factor"], (kind, scale)
            if 1.0 in (b["low_factor"], b["high_factor"]):
                assert "widened to hold" in b.get("caveat", ""), (kind, scale)
