"""MXFP4 (OCP MX v1.0: E2M1, one E8M0 scale per 32 = 4.25 bits) beside NVFP4 (one E4M3 scale per 16 =
4.5 bits): FP4 on a card stands for its maker's format, the weights and each decode step's read shrink
by 4.25/4.5, and the estimate, the what-fits rows and the CLI name the format used (session 42)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.estimate import estimate
from configurator.core.formats import FORMATS, WeightFormat, default_format, format_bits
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.units import Precision
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.names import FP4_ELSEWHERE, weight_format_name
from configurator.core.view.rows import write
from configurator.core.what_fits import serving_formats


def _serve(card_id: str, **serving) -> Scenario:
    return Scenario(model=preset("llama3-70b"), card_id=card_id, count=8, workload="inference", precision="fp4",
                    serving=serving)


def test_mxfp4_is_four_bits_and_an_eight_bit_scale_per_thirty_two():
    assert format_bits(WeightFormat.MXFP4) == pytest.approx(4.25)
    assert format_bits(WeightFormat.NVFP4) == pytest.approx(4.5)
    assert FORMATS[WeightFormat.MXFP4].math is Precision.FP4
    assert "OCP" in FORMATS[WeightFormat.MXFP4].source


def test_fp4_stands_for_the_card_makers_format():
    assert default_format(Precision.FP4, "NVIDIA") is WeightFormat.NVFP4
    assert default_format(Precision.FP4, "AMD") is WeightFormat.MXFP4
    assert default_format(Precision.FP4, "Huawei") is WeightFormat.MXFP4
    assert default_format(Precision.FP4, "Moore Threads") is WeightFormat.NVFP4  # undeclared: NVFP4 kept
    assert default_format(Precision.FP4) is WeightFormat.NVFP4
    assert default_format(Precision.INT4, "AMD") is WeightFormat.AWQ_INT4


def test_an_amd_card_serves_fp4_as_mxfp4_and_reads_fewer_bytes(catalog):
    mi355x, b200 = catalog.get("mi355x"), catalog.get("b200")
    plan = plan_serving(_serve("mi355x"), mi355x)
    assert plan.weight_format is WeightFormat.MXFP4 and plan.weight_bits == pytest.approx(4.25)
    assert plan_serving(_serve("b200"), b200).weight_format is WeightFormat.NVFP4
    named = plan_serving(_serve("mi355x", weight_format="nvfp4"), mi355x)
    assert named.weight_format is WeightFormat.NVFP4 and named.weight_bits == pytest.approx(4.5)
    mx, nv = estimate(_serve("mi355x"), mi355x), estimate(_serve("mi355x", weight_format="nvfp4"), mi355x)
    assert mx.memory.weights / nv.memory.weights == pytest.approx(4.25 / 4.5, rel=1e-3)


def test_the_estimate_and_what_fits_name_the_format(catalog):
    assert serving_formats(catalog.get("mi355x"))[-1] is WeightFormat.MXFP4
    assert serving_formats(catalog.get("b200"))[-1] is WeightFormat.NVFP4
    mi355x = catalog.get("mi355x")
    view = estimate_view(estimate(_serve("mi355x"), mi355x))
    row = next(r for r in view.section("speed").rows if r.key == "weight_format")
    assert write(row.value, "en") == "MXFP4 · 4.25 bit/weight"
    assert "MXFP4" in write(row.value, "zh_CN")
    assert weight_format_name("nvfp4", "AMD") == "NVFP4"  # asked by name: said as asked
    assert weight_format_name("nvfp4", "Cambricon") == FP4_ELSEWHERE


def test_the_held_out_mi355x_mlperf_row_is_served_in_mxfp4():
    """AMD's MLPerf Inference v5.1 Llama 2 70B on 8 x MI355X (open division) loaded MXFP4 weights; its
    held-out row asks FP4 and is planned as MXFP4 on the AMD card."""
    import json
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "benchmarks"))
    from accuracy_heldout import CASES

    from configurator.core.catalog import load_bundled_catalog

    rows = json.loads((root / "benchmarks" / "data" / "held-out.json").read_text(encoding="utf-8"))
    record = next(r for r in rows if r["id"] == "mlperf51-open-l2-70b-mi355x-amd-x8-offline")
    assert "WMXFP4" in record["assumed"] and record["setup"]["precision"] == "fp4"
    row = next(iter(CASES[record["case"]](record)))
    assert "FP4 + FP8 KV" in row.note
    assert plan_serving(row.scenario, load_bundled_catalog().get("mi355x")).weight_format is WeightFormat.MXFP4


def test_nvfp4_asked_of_an_amd_card_is_sized_as_asked_and_said(catalog):
    mi355x, b200 = catalog.get("mi355x"), catalog.get("b200")
    plan = plan_serving(_serve("mi355x", weight_format="nvfp4"), mi355x)
    said = [m for m in plan.messages if m.id == "fp4-format-not-native"]
    assert said and said[0].params["native"] == "MXFP4" and "--weight-format mxfp4" in said[0].text_in("en")
    assert "MXFP4" in said[0].text_in("zh_CN")
    assert not [m for m in plan_serving(_serve("b200", weight_format="mxfp4"), b200).messages
                if m.id == "fp4-format-not-native"]  # Blackwell takes both
    assert not plan_serving(_serve("mi355x"), mi355x).messages
