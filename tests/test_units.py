"""Storage per weight where no serving format is named (units.weight_bytes_per_param)."""

from __future__ import annotations

import pytest

from configurator.core.formats import DEFAULT_FORMAT, format_bits
from configurator.core.units import Precision, weight_bytes_per_param


def test_fp4_weights_carry_nvfp4_scales_as_the_serving_format_does():
    # NVFP4: 4-bit E2M1 values and one FP8 E4M3 scale per block of 16 -> 4.5 bit (NVIDIA Blackwell docs)
    assert weight_bytes_per_param(Precision.FP4) * 8 == pytest.approx(4.5)
    assert weight_bytes_per_param(Precision.FP4) * 8 == pytest.approx(format_bits(DEFAULT_FORMAT[Precision.FP4]))


def test_int4_base_weights_are_qlora_nf4_with_double_quantisation():
    # Dettmers et al. 2023 (QLoRA) §2: double quantisation brings the scale cost to 0.127 bit per parameter
    assert weight_bytes_per_param(Precision.INT4) * 8 == pytest.approx(4.127, abs=0.005)


def test_unquantised_formats_carry_no_scales():
    assert weight_bytes_per_param(Precision.BF16) == 2.0 and weight_bytes_per_param(Precision.FP8) == 1.0
    assert weight_bytes_per_param(Precision.INT8) == 1.0
