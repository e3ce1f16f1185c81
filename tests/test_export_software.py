"""ECCN 3A090 parameters from catalog rates, export status per card, software stacks and the
software filter / porting risk in recommendations."""

from __future__ import annotations

import pytest

from configurator.core.export_control import (
    case_by_case_eligible,
    classify_3a090,
    performance_density,
    total_processing_performance,
)


def test_tpp_is_dense_rate_times_bit_length():
    # H100 SXM: 1,979 TFLOP/s dense FP8 -> TPP 15,832 (the figure commonly cited for the H100)
    assert total_processing_performance({"fp8_tflops": 1979, "bf16_tflops": 989.5}) == pytest.approx(15832)
    # the largest value over the supported operations counts: A100 INT8 624 TOPS -> 4,992
    assert total_processing_performance({"bf16_tflops": 312, "int8_tops": 624, "fp8_tflops": None}) == 4992
    assert total_processing_performance({"fp8_tflops": None}) is None
    assert performance_density(4992, 826) == pytest.approx(6.04, abs=0.01)
    assert performance_density(4992, None) is None


@pytest.mark.parametrize(("tpp", "density", "datacenter", "expected"), [
    (4800, None, True, "3A090.a"), (4799, None, False, "below 3A090"), (1600, 5.92, True, "3A090.a"),
    (2400, 1.6, True, "3A090.b"), (1600, 3.2, True, "3A090.b"), (2399, 3.19, True, "below 3A090"),
    (1599, 9.0, True, "below 3A090"), (2000, None, True, "unknown"), (None, None, True, "unknown"),
])
def test_3a090_thresholds(tpp, density, datacenter, expected):
    assert classify_3a090(tpp, density, datacenter) == expected


def test_case_by_case_limits_of_the_2026_rule():
    assert case_by_case_eligible(15832, 4800)  # H200
    assert not case_by_case_eligible(36000, 7700)  # B200
    assert not case_by_case_eligible(15832, 6500)
    assert not case_by_case_eligible(15832, None)
