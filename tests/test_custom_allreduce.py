"""The engines' custom all-reduce (configurator/core/formulas/custom_allreduce.py): the one-shot's bytes below the
switch size, the two-shot's fixed cost at or above it, the faster of the two below it, so a call's time never falls
as its message grows; charged in a serving copy's tensor-parallel all-reduces inside one link domain only."""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.decode_step import _decode_step, _tp_allreduce_args, _tp_allreduce_s
from configurator.core.engines import PROFILES, Engine
from configurator.core.estimate import clear_estimate_memo
from configurator.core.formulas.custom_allreduce import (
    TWO_SHOT_EXTRA_FIXED_S,
    custom_allreduce_extra_seconds,
    oneshot_bytes_over_ring_seconds,
    oneshot_switch_bytes,
)
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.units import GB

KIB = 1024.0


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def test_the_one_shot_bytes_the_two_shot_fixed_cost_and_the_faster_below_the_switch():
    s = 100 * KIB
    over_ring = 7 * 6 / 8 * s / (450 * GB * 0.75)  # (n − 1)(n − 2)/n·S at 0.75 of 450 GB/s
    assert oneshot_bytes_over_ring_seconds(s, 8, 450.0, 0.75) == pytest.approx(over_ring)
    assert oneshot_bytes_over_ring_seconds(s, 2, 450.0, 0.75) == 0.0  # two ranks: the same bytes
    assert custom_allreduce_extra_seconds(s, 8, 256 * KIB, 450.0, 0.75) == pytest.approx(over_ring)
    assert custom_allreduce_extra_seconds(s, 8, s, 450.0, 0.75) == TWO_SHOT_EXTRA_FIXED_S  # at the switch
    # below TensorRT-LLM's 500,000 B but past where the lines cross (~377 kB at TP8): the faster, the two-shot
    assert custom_allreduce_extra_seconds(480 * KIB, 8, 5.0e5, 450.0, 0.75) == TWO_SHOT_EXTRA_FIXED_S
    sizes = np.geomspace(1 * KIB, 64 * 2**20, 400)
    for ranks, switch in ((4, 512 * KIB), (4, 1.0e6), (8, 256 * KIB), (8, 5.0e5)):
        extra = custom_allreduce_extra_seconds(sizes, ranks, switch, 450.0, 0.75)
        assert np.all(np.diff(extra) >= 0.0)  # never falls as the message grows
        assert extra.max() == TWO_SHOT_EXTRA_FIXED_S


@pytest.mark.parametrize(("engine", "ranks", "switch"), [
    (Engine.VLLM, 2, np.inf), (Engine.VLLM, 4, 512 * KIB), (Engine.VLLM, 6, 256 * KIB),
    (Engine.VLLM, 8, 256 * KIB), (Engine.VLLM, 16, 0.0),
    (Engine.SGLANG, 4, 512 * KIB), (Engine.SGLANG, 8, 256 * KIB),
    (Engine.TENSORRT_LLM, 2, np.inf), (Engine.TENSORRT_LLM, 4, 1.0e6), (Engine.TENSORRT_LLM, 8, 5.0e5),
    (Engine.LLAMA_CPP, 8, 0.0), (Engine.TRANSFORMERS, 4, 0.0), (Engine.IDEAL, 8, 0.0),
])
def test_each_engines_switch_size_by_rank_count(engine, ranks, switch):
    assert oneshot_switch_bytes(PROFILES[engine].oneshot_allreduce, ranks) == switch


def _tp(card: str, engine: str = "vllm", count: int = 8, **serving) -> Scenario:
    return Scenario(model=preset("llama3-70b"), card_id=card, count=count, workload="inference",
                    parallelism={"tp": count}, serving={"concurrency": 16, "engine": engine, **serving})


def _ring_only(s: Scenario) -> Scenario:
    profile = PROFILES[s.serving.engine].model_dump() | {"oneshot_allreduce": ()}
    return Scenario.model_validate(s.model_dump() | {"serving": s.serving.model_dump() | {"engine_profile": profile}})


@pytest.mark.parametrize("card", ["h100-sxm", "mi300x"])
def test_a_tp8_decode_step_pays_the_one_shot_bytes_then_the_two_shot_fixed_cost(catalog, card):
    """70B at TP8 under vLLM: a token's message is 16 KiB (8,192 × 2 B); below 256 KiB (batch 15) each of the 160
    all-reduces pays 7·6/8·S more at the card's link, at 256 KiB and above the two-shot's fixed cost."""
    s = _tp(card)
    c = catalog.get(card)
    plan = plan_serving(s, c)
    base = _ring_only(s)
    link = _tp_allreduce_args(s, c, plan.math_bytes)[6] * s.assumptions.link_efficiency  # fast GB/s × efficiency
    for batch, extra in ((1, None), (8, None), (15, None), (16, TWO_SHOT_EXTRA_FIXED_S), (64, TWO_SHOT_EXTRA_FIXED_S)):
        clear_estimate_memo()
        step = _decode_step(s, c, plan, batch, 1024)[0]
        clear_estimate_memo()
        ring = _decode_step(base, c, plan, batch, 1024)[0]
        if extra is None:
            extra = 7 * 6 / 8 * batch * 8192 * plan.math_bytes / (link * GB)
        assert step - ring == pytest.approx(160 * extra, rel=1e-6)


def test_no_custom_all_reduce_over_pcie_across_servers_or_in_nccl_engines(catalog):
    def switch(s):
        c = catalog.get(s.card_id)
        clear_estimate_memo()
        return _tp_allreduce_args(s, c, plan_serving(s, c).math_bytes)[-1]

    assert switch(_tp("l40s")) == 0.0  # PCIe: vLLM's custom all-reduce needs full NVLink past two ranks
    assert switch(_tp("h100-sxm", engine="llama.cpp")) == 0.0
    assert switch(_tp("h100-sxm", count=16)) == 0.0  # two servers: NCCL
    assert switch(_tp("h100-sxm", engine="tensorrt-llm", count=4)) == 1.0e6
    s = _tp("h100-sxm", engine="tensorrt-llm")
    c = catalog.get(s.card_id)
    plan = plan_serving(s, c)
    clear_estimate_memo()
    with_custom = _tp_allreduce_s(s, c, 16, plan.math_bytes)  # 256 KiB < 500,000 B: the one-shot at TP8
    clear_estimate_memo()
    assert with_custom > _tp_allreduce_s(_ring_only(s), c, 16, plan.math_bytes)
