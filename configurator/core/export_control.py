"""US export-control parameters of a card: ECCN 3A090 'total processing performance' and
'performance density', computed from the catalog's dense peak rates.

The rule text used (Commerce Control List, ECCN 3A090, as restated by BIS's interim final
rules of 2023-10-25, 88 FR 73458, and 2024-12-02):

- 3A090.a: integrated circuits with one or more digital processing units having (1) a 'total
  processing performance' (TPP) of 4800 or more, or (2) a TPP of 1600 or more and a
  'performance density' (PD) of 5.92 or more.
- 3A090.b: (1) TPP of 2400 or more and less than 4800 with PD of 1.6 or more and less than
  5.92, or (2) TPP of 1600 or more with PD of 3.2 or more and less than 5.92.
- Integrated circuits not designed or marketed for use in datacenters are caught only by a
  TPP of 4800 or more (why the consumer RTX 4090D was cut below 4800).
- Technical note: TPP = 2 × MacTOPS × bit length of the operation, aggregated over all
  processing units of the IC, the largest value over the operations it supports; PD = TPP
  divided by the applicable die area in mm².
- License review policy for China and Macau since 2026-01-15 (BIS final rule "Revision to
  License Review Policy for Advanced Computing Commodities"): case by case for ICs with TPP
  below 21,000 and total DRAM bandwidth below 6,500 GB/s (the H200, MI325X and less
  advanced); presumption of denial above.

This module states what the rule's numbers give; the status a buyer can rely on is the
catalog's ``export_control`` entry with its source and date.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from configurator.core.catalog import Card

Classification = Literal["3A090.a", "3A090.b", "below 3A090", "unknown"]

BIT_LENGTH: dict[str, int] = {
    "fp64_tflops": 64, "fp32_tflops": 32, "tf32_tflops": 32, "bf16_tflops": 16, "fp16_tflops": 16,
    "fp8_tflops": 8, "int8_tops": 8, "fp4_tflops": 4, "int4_tops": 4,
}
"""Bit length of the operation behind each catalog rate (TF32 counted at its 32-bit storage
width; it never sets the maximum, its rate being half the FP16 rate)."""

TPP_3A090A = 4800.0
TPP_3A090_FLOOR = 1600.0
TPP_3A090B_LOW = 2400.0
PD_3A090A = 5.92
PD_3A090B_LOW = 1.6
PD_3A090B2_LOW = 3.2
CASE_BY_CASE_TPP_BELOW = 21_000.0
CASE_BY_CASE_DRAM_GBPS_BELOW = 6_500.0


def total_processing_performance(dense_rates: Mapping[str, float | None]) -> float | None:
    """ECCN 3A090 'total processing performance' from dense peak rates.

    TPP = max over operations of 2 × MacTOPS × bit length, where a dense rate R [TFLOP/s or
    TOPS] counts two operations per multiply-accumulate, so MacTOPS = R / 2 and
    TPP = R × bit length.

    Parameters
    ----------
    dense_rates : mapping of catalog rate field -> dense peak rate [TFLOP/s or TOPS]
        e.g. ``{"fp8_tflops": 1979, "bf16_tflops": 989.5}``; ``None`` = not supported.
        Sparse (2:4) rates must not be passed: the rule counts what the units compute.

    Returns
    -------
    float or None
        TPP [bit·TOPS, dimensionless as the rule uses it]; None when no rate is known.

    References
    ----------
    ECCN 3A090 technical note (BIS, 88 FR 73458, 2023-10-25). Check: H100 SXM, FP8 dense
    1979 TFLOP/s → TPP 15,832, the figure commonly cited for the H100.
    """
    values = []
    for field, rate in dense_rates.items():
        if rate is None or field not in BIT_LENGTH:
            continue
        mac_tops = rate / 2.0
        values.append(2.0 * mac_tops * BIT_LENGTH[field])
    return max(values) if values else None


def performance_density(tpp: float | None, die_area_mm2: float | None) -> float | None:
    """ECCN 3A090 'performance density' [TPP per mm² of applicable die area], None if unknown."""
    if tpp is None or not die_area_mm2:
        return None
    return tpp / die_area_mm2


def classify_3a090(tpp: float | None, density: float | None, datacenter: bool) -> Classification:
    """Which 3A090 paragraph the TPP and density fall under (see the module docstring).

    A density that is not known decides nothing when TPP alone settles the question (TPP of
    4800 or more, below 1600, or a part not designed for datacenters); otherwise "unknown".
    """
    if tpp is None:
        return "unknown"
    if tpp >= TPP_3A090A:
        return "3A090.a"
    if tpp < TPP_3A090_FLOOR or not datacenter:
        return "below 3A090"
    if density is None:
        return "unknown"
    if density >= PD_3A090A:
        return "3A090.a"
    if (tpp >= TPP_3A090B_LOW and density >= PD_3A090B_LOW) or density >= PD_3A090B2_LOW:
        return "3A090.b"
    return "below 3A090"


def case_by_case_eligible(tpp: float, dram_bandwidth_gbps: float | None) -> bool:
    """Whether a licence for China/Macau is reviewed case by case (BIS rule of 2026-01-15):
    TPP below 21,000 and total DRAM bandwidth below 6,500 GB/s; otherwise presumption of denial."""
    return (tpp < CASE_BY_CASE_TPP_BELOW and dram_bandwidth_gbps is not None
            and dram_bandwidth_gbps < CASE_BY_CASE_DRAM_GBPS_BELOW)


def designed_for_datacenter(card: Card) -> bool:
    """Data-centre parts in the rule's sense: every class but workstation and consumer cards."""
    return card.category != "workstation" and not card.is_consumer


def card_tpp(card: Card) -> float | None:
    """TPP of one catalog card from its dense rates (per GPU, as the catalog lists it)."""
    return total_processing_performance({field: getattr(card, field) for field in BIT_LENGTH})


def card_classification(card: Card) -> tuple[float | None, float | None, Classification]:
    """(TPP, performance density, 3A090 paragraph) of one catalog card."""
    tpp = card_tpp(card)
    density = performance_density(tpp, card.die_area_mm2)
    return tpp, density, classify_3a090(tpp, density, designed_for_datacenter(card))


def expected_china_status(card: Card) -> str:
    """The China status the rule's numbers give for a US-designed card: 3A090 parts need a
    licence (case by case below the 2026 thresholds, presumption of denial above); parts below
    3A090 are permitted (end-use and end-user controls still apply)."""
    tpp, _, paragraph = card_classification(card)
    if paragraph == "unknown":
        return "unknown"
    if paragraph == "below 3A090":
        return "permitted"
    return "licence-required" if case_by_case_eligible(tpp, card.bandwidth_gbps) else "not-permitted"
