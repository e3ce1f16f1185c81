"""The engines' one-shot custom all-reduce: (n − 1)·S a rank below the switch size, the ring's 2(n − 1)/n·S above
(configurator/core/formulas/custom_allreduce.py), charged in a serving copy's tensor-parallel all-reduces inside
one link domain only."""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.decode_step import _decode_step, _tp_allreduce_args, _tp_allreduce_s
from configurator.core.engines import PROFILES, Engine
from configurator.core.estimate import clear_estimate_memo
from configurator.core.formulas.custom_allreduce import (
    custom_allreduce_bytes,
    oneshot_extra_seconds,
    oneshot_switch_bytes,
)
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.units import GB

KIB = 1024.0


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def test_the_bytes_a_rank_moves_below_and_above_the_switch():
    s = 100 * KIB
    assert custom_allreduce_bytes(s, 8, 256 * KIB) == 7 * s  # one-shot: every peer's whole input
    assert custom_allreduce_bytes(s, 8, s) == 2 * 7 / 8 * s  # at the switch: the two-shot, a ring's bytes
    assert custom_allreduce_bytes(s, 2, 256 * KIB) == custom_allreduce_bytes(s, 2, 0.0) == s  # two ranks agree
    sizes = np.array([64 * KIB, 512 * KIB])
    np.testing.assert_allclose(custom_allreduce_bytes(sizes, 4, 512 * KIB), [3 * 64 * KIB, 1.5 * 512 * KIB])
    # the time beyond the ring's: (n − 1)(n − 2)/n·S at the link's rate
    assert oneshot_extra_seconds(s, 8, 256 * KIB, 450.0, 0.75) == pytest.approx(7 * 6 / 8 * s / (450 * GB * 0.75))
    assert oneshot_extra_seconds(s, 8, s, 450.0, 0.75) == 0.0
    assert oneshot_extra_seconds(s, 2, 256 * KIB, 450.0, 0.75) == 0.0


@pytest.mark.parametrize(("engine", "ranks", "switch"), [
    (Engine.VLLM, 2, 512 * KIB), (Engine.VLLM, 4, 512 * KIB), (Engine.VLLM, 6, 256 * KIB),
    (Engine.VLLM, 8, 256 * KIB), (Engine.VLLM, 16, 0.0),
    (Engine.SGLANG, 4, 512 * KIB), (Engine.SGLANG, 8, 256 * KIB),
    (Engine.TENSORRT_LLM, 4, 1.0e6), (Engine.TENSORRT_LLM, 8, 5.0e5),
    (Engine.LLAMA_CPP, 8, 0.0), (Engine.TRANSFORMERS, 4, 0.0), (Engine.IDEAL, 8, 0.0),
])
def test_each_engines_switch_size_by_rank_count(engine, ranks, switch):
    assert oneshot_switch_bytes(PROFILES[engine].oneshot_allreduce, ranks) == switch


def _tp8(card: str, engine: str = "vllm", count: int = 8, **serving) -> Scenario:
    return Scenario(model=preset("llama3-70b"), card_id=card, count=count, workload="inference",
                    parallelism={"tp": count}, serving={"concurrency": 16, "engine": engine, **serving})


def _ring_only(s: Scenario) -> Scenario:
    profile = s.serving.profile.model_copy(update={"oneshot_allreduce": ()})
    return s.model_copy(update={"serving": s.serving.model_copy(update={"engine_profile": profile})})


@pytest.mark.parametrize("card", ["h100-sxm", "mi300x"])
def test_a_tp8_decode_step_is_slower_by_the_one_shot_bytes_below_the_switch_only(catalog, card):
    """70B at TP8: a token's message is 16 KiB (8,192 × 2 B); below 256 KiB (batch 15) each of the 160
    all-reduces pays 7·6/8·S more at the card's link (H100: 450 GB/s through the switch; MI300X: 7 pair links
    of 64 GB/s), at batch 16 (256 KiB) and above nothing."""
    s = _tp8(card)
    c = catalog.get(card)
    plan = plan_serving(s, c)
    base = _ring_only(s)
    link = _tp_allreduce_args(s, c, plan.math_bytes)[6] * s.assumptions.link_efficiency  # fast GB/s × efficiency
    for batch in (1, 8, 15):
        clear_estimate_memo()
        step = _decode_step(s, c, plan, batch, 1024)[0]
        clear_estimate_memo()
        ring = _decode_step(base, c, plan, batch, 1024)[0]
        extra = 160 * 7 * 6 / 8 * batch * 8192 * plan.math_bytes / (link * GB)
        assert step - ring == pytest.approx(extra, rel=1e-9)
        assert 0.2e-6 * batch * 160 < extra < 0.3e-6 * batch * 160  # ≈ 0.25 µs a token a call
    for batch in (16, 64):
        clear_estimate_memo()
        step = _decode_step(s, c, plan, batch, 1024)[0]
        clear_estimate_memo()
        assert step == _decode_step(base, c, plan, batch, 1024)[0]


def test_no_one_shot_over_pcie_across_servers_or_in_nccl_engines(catalog):
    def switch(s):
        c = catalog.get(s.card_id)
        clear_estimate_memo()
        return _tp_allreduce_args(s, c, plan_serving(s, c).math_bytes)[-1]

    assert switch(_tp8("l40s")) == 0.0  # PCIe: vLLM's custom all-reduce needs full NVLink past two ranks
    assert switch(_tp8("h100-sxm", engine="llama.cpp")) == 0.0
    assert switch(_tp8("h100-sxm", count=16)) == 0.0  # two servers: NCCL
    assert switch(_tp8("h100-sxm", engine="tensorrt-llm", count=4)) == 1.0e6
    s = _tp8("h100-sxm", engine="tensorrt-llm")
    c = catalog.get(s.card_id)
    plan = plan_serving(s, c)
    clear_estimate_memo()
    with_oneshot = _tp_allreduce_s(s, c, 16, plan.math_bytes)  # 256 KiB < 500,000 B: one-shot at TP8
    clear_estimate_memo()
    assert with_oneshot > _tp_allreduce_s(_ring_only(s), c, 16, plan.math_bytes)
