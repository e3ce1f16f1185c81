"""The training field ``fp8_scaling``: which GEMM curve FP8 products take (formulas/gemm_efficiency.py,
'FP8 scaling'), written to files only when not dynamic, and the planner's products on the same curve."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import clear_estimate_memo, estimate
from configurator.core.formulas.gemm_efficiency import (FP8_SCALING_FITS, FP8_SCALINGS, GEMM_FITS, gemm_efficiency,
                                                        gemm_fit, product_precision)
from configurator.core.scenario import Scenario
from configurator.core.scenario_io import scenario_from_document, scenario_to_document


def _fp8(scaling: str | None = None, card: str = "h100-sxm", precision: str = "fp8", **layout) -> Scenario:
    training = {"micro_batch": 1, "grad_accum": 16, "seq_len": 4096, "recipe": "megatron-bf16-grads"}
    if scaling is not None:
        training["fp8_scaling"] = scaling
    return Scenario(model=preset("llama2-7b"), card_id=card, count=8, workload="pretrain", precision=precision,
                    parallelism={"zero": 1, **layout}, training=training)


def test_the_key_names_the_scaling_of_fp8_products_only():
    assert product_precision("fp8") == "fp8"
    assert product_precision("fp8", "dynamic") == "fp8"
    assert product_precision("fp8", "delayed") == "fp8-delayed"
    assert product_precision("fp8", "block") == "fp8-block"
    assert product_precision("bf16", "delayed") == "bf16"  # a 16-bit run's products: no FP8 scaling
    assert product_precision("int8", "delayed") == "int8"


def test_delayed_takes_its_fit_and_the_rest_the_8_bit_curve():
    assert set(FP8_SCALINGS) == {"dynamic", "delayed", "block"}
    assert gemm_fit("hopper", "fp8-delayed") == FP8_SCALING_FITS[("hopper", "delayed")]
    assert gemm_fit("blackwell", "fp8-delayed") == FP8_SCALING_FITS[("blackwell", "delayed")]
    # no block fit shipped (the docstring's two tries), no delayed table for these families: the 8-bit curve
    for family in ("hopper", "blackwell", "ada", "generic", "cdna3"):
        assert gemm_fit(family, "fp8-block") == gemm_fit(family, "fp8")
    for family in ("ada", "generic", "cdna3", "gaudi3"):
        assert gemm_fit(family, "fp8-delayed") == gemm_fit(family, "fp8")
    assert gemm_fit("hopper", "fp8") == GEMM_FITS[("hopper", "8")]


def test_without_the_cast_a_model_sized_product_is_faster_and_a_short_n_one_most():
    big, short = (8192, 12288, 4096), (8192, 1024, 4096)
    for m, n, k in (big, short):
        assert gemm_efficiency(m, n, k, "hopper", "fp8-delayed") > gemm_efficiency(m, n, k, "hopper", "fp8")
    gain = [gemm_efficiency(*s, "hopper", "fp8-delayed") / gemm_efficiency(*s, "hopper", "fp8") for s in (big, short)]
    assert gain[1] > gain[0]  # the cast is in m·k: a short n pays it over fewer FLOPs


def test_dynamic_is_the_default_and_not_written_to_files():
    s = _fp8()
    assert s.training.fp8_scaling == "dynamic"
    assert "fp8_scaling" not in scenario_to_document(s)["scenario"]["training"]
    delayed = _fp8("delayed")
    document = scenario_to_document(delayed)
    assert document["scenario"]["training"]["fp8_scaling"] == "delayed"
    assert scenario_from_document(document).training.fp8_scaling == "delayed"


def test_an_old_file_without_the_field_opens_dynamic():
    document = scenario_to_document(_fp8())
    document["scenario"]["training"].pop("fp8_scaling", None)
    assert scenario_from_document(document).training.fp8_scaling == "dynamic"


def test_an_unknown_scaling_is_refused():
    with pytest.raises(ValueError):
        _fp8("mxfp8")


def _tokens_per_s(s: Scenario) -> float:
    clear_estimate_memo()
    return estimate(s, load_catalog().get(s.card_id)).training.tokens_per_s_per_card


def test_delayed_fp8_training_runs_faster_on_hopper_and_bf16_not_at_all(monkeypatch):
    dynamic, delayed, block = (_tokens_per_s(_fp8(x)) for x in ("dynamic", "delayed", "block"))
    assert delayed > dynamic * 1.02
    # block runs the dynamic curve; it is slower only by its output head, kept in BF16 (DeepSeek-V3 §3.3.1)
    assert block < dynamic
    from configurator.core import training_stage_work
    monkeypatch.setattr(training_stage_work, "HIGH_PRECISION_HEAD_SCALINGS", ())
    assert _tokens_per_s(_fp8("block")) == dynamic
    bf16 = [_tokens_per_s(_fp8(x, precision="bf16")) for x in ("dynamic", "delayed")]
    assert bf16[0] == bf16[1]


def test_the_planner_searches_on_the_same_curve():
    from configurator.core.workloads.training.plan import plan_training_layout
    card = load_catalog().get("h100-sxm")
    best = {}
    for scaling in ("dynamic", "delayed"):
        s = _fp8(scaling).model_copy(update={"auto_layout": ("tp", "pp", "micro_batch", "grad_accum")})
        clear_estimate_memo()
        best[scaling] = plan_training_layout(s, card, top=1).best
    assert best["delayed"].tokens_per_s > best["dynamic"].tokens_per_s * 1.02
