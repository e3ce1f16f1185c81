"""Published figures behind the failure model and the vGPU profiles, pinned against their
sources (tools/mutate.py found them unpinned)."""

from __future__ import annotations

import pytest

from configurator.core.procurement.goodput import FAILURES_PER_GPU_HOUR, training_goodput
from configurator.core.procurement.prices import bundled_price_book
from configurator.core.scenario import Graphics

LLAMA3_INTERRUPTIONS, LLAMA3_DAYS, LLAMA3_GPUS = 419, 54, 16_384
"""Dubey et al. 2024, "The Llama 3 Herd of Models", §3.3.4 and Table 5: 419 unexpected
interruptions in a 54-day snapshot of pre-training on 16,384 H100 GPUs."""


def test_a_llama3_sized_job_is_interrupted_as_often_as_the_llama3_run():
    """The default failure rate on 16,384 cards gives the paper's 419 / 54 = 7.76 interruptions a day."""
    g = training_goodput(LLAMA3_GPUS, LLAMA3_GPUS // 8, 8, checkpoint_bytes=16 * 405e9)
    assert g.interruptions_per_day == pytest.approx(LLAMA3_INTERRUPTIONS / LLAMA3_DAYS, rel=1e-9)
    assert 0 < g.fraction < 1


def test_the_price_file_failure_rate_is_the_same_published_figure():
    rate = bundled_price_book().rates["gpu_failure_rate_per_gpu_hour"].value
    assert rate == pytest.approx(FAILURES_PER_GPU_HOUR, rel=1e-4)  # the file rounds to 5 figures
    assert FAILURES_PER_GPU_HOUR == pytest.approx(LLAMA3_INTERRUPTIONS / (LLAMA3_DAYS * 24 * LLAMA3_GPUS), rel=1e-12)


A40_PROFILES_GB = (1, 2, 3, 4, 6, 8, 12, 16, 24, 48)
"""Framebuffer of the NVIDIA A40 Q-series vGPU types, A40-1Q … A40-48Q (NVIDIA Virtual GPU
Software User Guide, "Virtual GPU Types for Supported GPUs")."""


@pytest.mark.parametrize("gib", [*A40_PROFILES_GB, 32, 96])
def test_every_published_vgpu_profile_can_be_chosen(gib):
    """The A40's profiles, and 32 and 96 GiB (a whole 96 GB card, e.g. RTX PRO 6000 Blackwell-96Q)."""
    assert Graphics(profile_gib=gib).profile_gib == gib


@pytest.mark.parametrize("gib", [5, 10, 64, 97])
def test_a_framebuffer_no_vgpu_type_has_is_refused(gib):
    with pytest.raises(ValueError):  # not a vGPU type (97: above the largest, the field's bound)
        Graphics(profile_gib=gib)
