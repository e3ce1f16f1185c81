"""The card a held-out row's source ran, where it is not a catalog card: the catalog card the row
names, with the memory, bandwidth and power limit its source states (``setup["card_as_run"]``).

torchtitan's benchmark pages (``benchmarks/llama3_h100_202412_torchtitan.md`` and
``asyncTP_llama3_h100_2025-06_torchtitan.md``, "Hardware") ran Meta's Grand Teton H100s: "Each H100
GPU is equipped with 96GB HBM2e with 2.4 TB/sec peak memory bandwidth", "We used the default 500W
power limit, although tuning it up to 700W TDP can potentially provide further speedups"; the first
page's footnote 2: "HBM2e-based SXM H100 with lower TDP, the actual peak TFLOPs number is between
SXM and NVL, and we don't know its exact value". No catalog card is that part (a custom SKU: it is
sold to no one else, so it is no answer the product could give); the rows run ``h100-sxm`` with
those three figures replaced and its tensor rates scaled to the power limit
(:func:`power_limited_tensor_share`). This is a translation of what the source states, not a fit:
nothing here is chosen from the rows' errors.
"""

from __future__ import annotations

import math

from accuracy_base import CATALOG, part_of_the_benchmark

from configurator.core.card import Card

POWER_PAIR = ("h100-nvl", "h100-sxm")
"""Two catalog cards of one die and SM count whose datasheet tensor peaks are quoted at two board
powers: the H100 NVL (400 W, 835.5 TFLOP/s dense bf16) and the H100 SXM5 (700 W, 989.5), both GH100
with 132 SMs × 4,096 dense FLOP per clock, i.e. tensor clocks of 1,545 and 1,830 MHz (the SXM5's
is Table 3 of NVIDIA's H100 whitepaper, the "max boost clock for tensor core usage"; the NVL's is
its peak over the same FLOP per clock). **Datasheet**: NVIDIA H100 datasheet as in the catalog's
sources for both cards."""

TENSOR_RATES = ("tf32_tflops", "bf16_tflops", "fp16_tflops", "fp8_tflops", "int8_tops")
"""Rate fields the tensor clock sets (the scalar FP32/FP64 rates are quoted at the boost clock and
are not used by a training estimate: left as the catalog card's)."""

STATED = ("memory_gb", "memory_type", "bandwidth_gbps")
"""Fields of ``card_as_run`` copied onto the card as the source states them."""


def power_limited_tensor_share(limit_w: float, low: Card, high: Card) -> float:
    """Share of ``high``'s tensor peak a board of the same die sustains at ``limit_w`` [W]:
    ``(P/P_high)^k`` with ``k = ln(R_high/R_low) / ln(P_high/P_low)`` [-], the power law through the
    two datasheet points (peak ``R`` [TFLOP/s] at board power ``P`` [W]) of :data:`POWER_PAIR`.

    First principles: dynamic power ``P ∝ C·V²·f`` with the voltage rising with the clock along
    the DVFS curve gives ``f ∝ P^(1/3)`` for a power-bound board (k = 1/3); the datasheet pair gives
    k = 0.302, which is used. Between the two points (400-700 W) it interpolates; the HBM2e's lower
    power than the SXM5's HBM3 (more of the limit left to the SMs) is not counted."""
    k = math.log(high.bf16_tflops / low.bf16_tflops) / math.log(high.tdp_w / low.tdp_w)
    return (limit_w / high.tdp_w) ** k


def card_as_run(setup: dict) -> Card:
    """The card of a held-out row: ``setup["card"]`` from the catalog, or where the row states
    ``card_as_run`` (id, name, memory, memory type, bandwidth, power limit and the source's words)
    that card with those figures and its tensor rates at the power limit."""
    base = CATALOG.get(setup["card"])
    stated = setup.get("card_as_run")
    if stated is None:
        return base
    low, high = (CATALOG.get(card_id) for card_id in POWER_PAIR)
    share = power_limited_tensor_share(stated["power_limit_w"], low, high)
    rates = {field: getattr(base, field) * share for field in TENSOR_RATES if getattr(base, field) is not None}
    note = (f"{stated['source']}; tensor rates ×{share:.3f} for a {stated['power_limit_w']:.0f} W limit "
            f"(benchmarks/heldout_card.py)")
    # the catalog card's measured usable memory is its own memory's (an 80 GB H100's 79.2 GiB), not the stated
    # memory's: the stated card's usable memory is its marketed figure times the usable share (usable_capacity_bytes)
    return base.model_copy(update={"id": stated["id"], "name": stated["name"], "tdp_w": stated["power_limit_w"],
                                   **{field: stated[field] for field in STATED}, **rates, "usable_memory_gib": None,
                                   "prices": (), "notes": note})


if __name__ == "__main__":
    part_of_the_benchmark(__doc__)
