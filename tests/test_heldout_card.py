"""The card a held-out row's source ran (benchmarks/heldout_card.py; issue 27).

torchtitan's H100 benchmark pages ran Meta Grand Teton H100s with 96 GB HBM2e at 2.4 TB/s and a
500 W power limit ("Hardware" of ``benchmarks/llama3_h100_202412_torchtitan.md`` and
``asyncTP_llama3_h100_2025-06_torchtitan.md``), not the catalog's 700 W, 80 GB HBM3 SXM5. Their
held-out rows run ``h100-sxm`` with the stated memory and bandwidth and tensor rates at the power
limit, by the power law through two datasheet points of the same die (H100 NVL at 400 W, SXM5 at
700 W). Nothing here is fitted to the rows.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import heldout_card  # noqa: E402
from accuracy_base import CATALOG  # noqa: E402
from heldout_training import _training_scenario  # noqa: E402

from configurator.core.estimate import estimate  # noqa: E402

ROWS = {r["id"]: r for r in json.loads((BENCHMARKS / "data" / "held-out.json").read_text(encoding="utf-8"))}


def _pair():
    return tuple(CATALOG.get(card_id) for card_id in heldout_card.POWER_PAIR)


def test_the_power_law_passes_through_both_datasheet_points():
    """k = ln(989.5/835.5)/ln(700/400) = 0.302, near the 1/3 of P ∝ f·V² with V ∝ f; at 500 W the
    tensor rate is 0.903 of the SXM5's (893.8 TFLOP/s bf16: between the NVL's and the SXM5's, as
    torchtitan's footnote 2 says of its cards' peak)."""
    low, high = _pair()
    assert heldout_card.power_limited_tensor_share(high.tdp_w, low, high) == pytest.approx(1.0)
    assert heldout_card.power_limited_tensor_share(low.tdp_w, low, high) * high.bf16_tflops == \
        pytest.approx(low.bf16_tflops)
    share = heldout_card.power_limited_tensor_share(500, low, high)
    assert share == pytest.approx(0.903, abs=5e-4)
    assert low.bf16_tflops < share * high.bf16_tflops < high.bf16_tflops
    assert abs(share - (500 / 700) ** (1 / 3)) < 0.01


def test_every_grand_teton_row_runs_the_card_its_source_states():
    """Every torchtitan row whose hardware is the 500 W HBM2e H100 states that card, with the
    source's words; the card has its memory, bandwidth, power limit and scaled tensor rates."""
    stated = [r for r in ROWS.values() if "500 W power limit" in r["hardware"] and r["case"] != "excluded"]
    assert len(stated) == 21  # 11, and 10 more of the set recompute-memory-2026-12-05
    for r in stated:
        as_run = r["setup"]["card_as_run"]
        assert "96GB HBM2e with 2.4 TB/sec" in as_run["source"] and "500W power limit" in as_run["source"]
        card = heldout_card.card_as_run(r["setup"])
        base = CATALOG.get(r["setup"]["card"])
        assert (card.memory_gb, card.memory_type, card.bandwidth_gbps, card.tdp_w) == (96, "HBM2e", 2400, 500)
        assert card.id != base.id and not card.prices
        for field in heldout_card.TENSOR_RATES:
            assert getattr(card, field) / getattr(base, field) == pytest.approx(0.903, abs=5e-4)
        assert card.fp64_tflops == base.fp64_tflops
    others = [r for r in ROWS.values() if r["case"] == "train" and "card_as_run" not in r["setup"]]
    assert others and all(heldout_card.card_as_run(r["setup"]) is CATALOG.get(r["setup"]["card"]) for r in others)


def _predicted(row_id: str, **changes) -> float:
    setup = dict(ROWS[row_id]["setup"], **changes)
    return estimate(_training_scenario(setup), heldout_card.card_as_run(setup)).training.tokens_per_s_per_card


@pytest.mark.parametrize(("row_id", "compiled", "float8"), [
    ("torchtitan-2412-8b-fsdp-8xh100", 6667, 8532),  # Table 1: FSDP + torch.compile (+ Float8)
    ("torchtitan-2412-8b-fsdp-128xh100", 6514, 8380),  # Table 3
])
def test_bf16_against_fp8_is_eager_against_compiled(row_id, compiled, float8):
    """The held-out bf16 rows of Tables 1 and 3 ran eager (5,762 and 5,605 tokens/s: +18 / +22 %
    on the card as run) and the fp8 70B row compiled (+0.7 %): the asymmetry is torch.compile, not
    the precision. The same tables' compiled bf16 and compiled Float8 rows are both within 6 %,
    and the estimate's Float8 speed-up (1.29) is the measured one (1.280, 1.286) within 1 %: the
    estimate's element-wise costs are fused kernels' (Megatron / Transformer Engine), as
    torch.compile's. A diagnostic of what holds, not a target."""
    bf16, fp8 = _predicted(row_id), _predicted(row_id, precision="fp8")
    assert abs(bf16 / compiled - 1) < 0.06 and abs(fp8 / float8 - 1) < 0.06
    assert fp8 / bf16 == pytest.approx(float8 / compiled, rel=0.01)
    assert bf16 / ROWS[row_id]["values"]["tokens_per_s_per_card"] - 1 > 0.15
