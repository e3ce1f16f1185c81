"""Ranges that mean something (issue 30, part 4): a card's figures have physical lower bounds, so a
user card with 1e-50 TFLOP/s is refused with the field's name; and every figure inside the ranges,
however extreme, is estimated, formatted and written without an exception (the number formatter
and the serving load model take any float)."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from case_counts import scaled
from configurator import cli
from configurator.core import card as catalog_module
from configurator.core.architecture import preset
from configurator.core.catalog import RATE_FIELDS, Card, CatalogError, load_bundled_catalog, load_catalog, parse_card
from configurator.core.estimate import estimate
from configurator.core.load import LatencyLimits, StepCosts, capacity, closed_loop_rate, highest_rate, load_point
from configurator.core.scenario import Scenario
from configurator.core.view import numbers
from configurator.report.render import to_csv, to_json, to_markdown
from configurator.report.summary import build_summary
from configurator.report.text import estimate_table

CATALOG = load_bundled_catalog()
H100 = CATALOG.get("h100-sxm").model_dump(mode="json")
RATES = tuple(RATE_FIELDS.values()) + ("fp64_tflops",)
FLOORS = {"memory_gb": catalog_module.MIN_MEMORY_GB, "usable_memory_gib": catalog_module.MIN_MEMORY_GB,
          "bandwidth_gbps": catalog_module.MIN_BANDWIDTH_GBPS, "tdp_w": catalog_module.MIN_POWER_W,
          "die_area_mm2": catalog_module.MIN_DIE_AREA_MM2, **{rate: catalog_module.MIN_RATE_TFLOPS for rate in RATES}}


def card_with(**figures) -> dict:
    """The H100's entry with ``figures``, less its measured usable memory (79.2 GiB, which a card of
    other memory would contradict)."""
    base = {k: v for k, v in H100.items() if not k.startswith("usable_memory")}
    return {**base, "id": "my-card", "name": "My card", **figures}


# ---- the floors -------------------------------------------------------------------------------


@pytest.mark.parametrize(("field", "value"), [
    ("bf16_tflops", 1e-50), ("memory_gb", 1e-50), ("bandwidth_gbps", 1e-50), ("bandwidth_gbps", 1e-200),
    ("tdp_w", 1e-50), ("fp8_tflops", 5e-324), ("fp64_tflops", 1e-9), ("usable_memory_gib", 1e-3),
    ("die_area_mm2", 0.01), ("memory_gb", 0.004),  # 4 MB typed as GB
])
def test_a_tiny_figure_is_refused_naming_its_field_and_range(field, value):
    with pytest.raises(CatalogError) as refused:
        parse_card(card_with(**{field: value}))
    text = str(refused.value)
    assert f"card 'my-card': field '{field}'" in text
    assert f"is outside the range {FLOORS[field]:g} to " in text  # the floor itself is named


@pytest.mark.parametrize("field", ["link_gbps", "scale_out_gbps"])
def test_a_tiny_link_is_refused(field):
    raw = card_with(interconnect={**H100["interconnect"], field: 1e-50})
    with pytest.raises(CatalogError, match=f"field 'interconnect.{field}'"):
        parse_card(raw)


def test_every_floor_is_far_below_every_bundled_card():
    """The floors are a tenth of the smallest product (Jetson Nano): every card in the catalog is at
    least five times above each of them, so no real card is near a floor."""
    for card in CATALOG.cards:
        for field, floor in FLOORS.items():
            value = getattr(card, field)
            assert value is None or value >= 5 * floor, (card.id, field, value)
        for link in (card.interconnect.link_gbps, card.interconnect.scale_out_gbps):
            assert link is None or link >= 5 * catalog_module.MIN_LINK_GBPS


def test_the_floor_itself_is_accepted():
    card = parse_card(card_with(**FLOORS))
    assert card.memory_gb == catalog_module.MIN_MEMORY_GB and card.bf16_tflops == catalog_module.MIN_RATE_TFLOPS


def test_a_tiny_user_card_is_skipped_with_a_warning_not_a_traceback(tmp_path, capsys):
    overlay = tmp_path / "user.json"
    overlay.write_text(json.dumps({"cards": [card_with(bf16_tflops=1e-50)]}))
    assert "my-card" not in load_catalog(overlay)
    assert cli.main(["--catalog-overlay", str(overlay), "estimate", "--card", "my-card"]) == 2
    err = capsys.readouterr().err
    assert "field 'bf16_tflops': 1e-50 is outside the range 0.0005 to 1,000,000 [TFLOP/s]" in err
    assert "this card is skipped" in err and "Traceback" not in err and "Internal error" not in err


# ---- in-range extremes never raise ----------------------------------------------------------------

EXTREME_CARDS = {
    "floor": card_with(id="floor", **{k: v for k, v in FLOORS.items() if k != "usable_memory_gib"},
                       interconnect={**H100["interconnect"], "link_gbps": catalog_module.MIN_LINK_GBPS}),
    "ceiling": card_with(id="ceiling", memory_gb=2048, bandwidth_gbps=1e6, tdp_w=5000, **{r: 1e6 for r in RATES}),
    "slow-and-big": card_with(id="slow-and-big", memory_gb=2048, bandwidth_gbps=catalog_module.MIN_BANDWIDTH_GBPS,
                              **{r: catalog_module.MIN_RATE_TFLOPS for r in RATES}),
}
WORKLOADS = {
    "finetune": {}, "pretrain": {"training": {"tokens": 1e13}},
    "inference": {"serving": {"concurrency": 64, "context": 131072, "prompt_tokens": 30_000, "output_tokens": 2048}},
    "vdi": {}, "transcode": {}, "render": {},
}


@pytest.mark.parametrize("card_id", sorted(EXTREME_CARDS))
@pytest.mark.parametrize("workload", sorted(WORKLOADS))
def test_extreme_in_range_cards_are_estimated_shown_and_written(card_id, workload):
    """A 70B model's job on each extreme card, shown in both languages; the summary (which also
    ranks the whole catalog, so it is written for an 8B model) in Markdown, CSV and JSON."""
    card = Card.model_validate(EXTREME_CARDS[card_id])
    for model, extra in (("llama3-70b", WORKLOADS[workload]), ("llama3-8b", {})):
        scenario = Scenario.model_validate({"model": preset(model), "card_id": card.id, "count": 8,
                                            "workload": workload, **extra})
        result = estimate(scenario, card)
        for language in ("en", "zh_CN"):
            assert "nan" not in estimate_table(result, language).lower()
    summary = build_summary(result, load_catalog_with(card), "en")
    for render in (to_markdown, to_csv, to_json):
        assert render(summary)


def load_catalog_with(card: Card):
    from configurator.core.catalog import Catalog

    return Catalog(cards=CATALOG.cards + (card,), version=CATALOG.version, date=CATALOG.date)


def test_the_cli_estimates_an_extreme_card(tmp_path, capsys):
    overlay = tmp_path / "user.json"
    overlay.write_text(json.dumps({"cards": list(EXTREME_CARDS.values())}))
    for card_id in EXTREME_CARDS:
        for extra in ([], ["--json"], ["--workload", "inference"], ["--workload", "inference", "--json"]):
            assert cli.main(["--catalog-overlay", str(overlay), "estimate", "--card", card_id, *extra]) == 0
    assert "Traceback" not in capsys.readouterr().err


# ---- the number formatter takes any float ------------------------------------------------------------

ANY_FLOAT = st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from(
    [1e-50, 1e-200, 5e-324, 1e17, 1e18, 1e60, 1.7976931348623157e308, -1e300, 0.0, -0.0, 0.5, 2.5, 999.5])
FORMATTERS = [
    lambda v, lang: numbers.number(v, 2, lang), lambda v, lang: numbers.number(v, 12, lang),
    lambda v, lang: numbers.significant(v, 3, lang), lambda v, lang: numbers.count(v, lang),
    lambda v, lang: numbers.quantity(v, "GiB", lang), lambda v, lang: numbers.money(v, "USD", lang),
    lambda v, lang: numbers.percent(v, lang), lambda v, lang: numbers.gib(v, lang),
    lambda v, lang: numbers.seconds(v, lang), lambda v, lang: numbers.milliseconds(v, lang),
    lambda v, lang: numbers.duration(v, lang, with_hours=True), lambda v, lang: numbers.watts(v, lang),
    lambda v, lang: numbers.kwh(v, lang), lambda v, lang: numbers.tokens_per_s(v, lang),
]


@settings(max_examples=scaled(1500), deadline=None)
@given(value=ANY_FLOAT, language=st.sampled_from(["en", "zh_CN"]))
def test_every_float_is_written_without_an_exception(value, language):
    for write in FORMATTERS:
        text = write(value, language)
        assert isinstance(text, str) and text
        assert "nan" not in text.lower() and "inf" not in text.lower() and "e+" not in text
        assert len(text) < 60  # no row of a hundred digit groups


@pytest.mark.parametrize(("value", "text"), [
    (1e-50, "0.000"), (1.234e300, "1.23×10³⁰⁰"), (1e18, "1.00×10¹⁸"), (-2e20, "-2.00×10²⁰"),
    (999_999_999_999_999_872.0, "999,999,999,999,999,872"), (math.inf, "∞"), (-math.inf, "-∞"), (math.nan, "—"),
])
def test_extreme_numbers_read_as_digits_powers_of_ten_or_infinity(value, text):
    assert numbers.significant(value) == text


def test_an_undefined_quantity_reads_as_unknown_without_a_unit():
    assert numbers.quantity(math.nan, "GiB") == numbers.UNKNOWN
    assert numbers.money(math.nan, "USD") == numbers.UNKNOWN
    assert numbers.duration(math.nan, with_hours=True) == numbers.UNKNOWN
    assert numbers.quantity(math.inf, "h") == f"∞{numbers.NBSP}h"


# ---- the load model takes any in-range step costs -------------------------------------------------------


def _positive(low: float, high: float):
    return st.floats(low, high, allow_nan=False, allow_infinity=False)


@settings(max_examples=scaled(1000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=_positive(1e-9, 1e12), slope=_positive(0, 1e9), tau=_positive(0, 1e9), chunk=_positive(0, 1e9),
       prompt=st.integers(1, 2_097_152), output=st.integers(1, 2_097_152), batch=st.integers(1, 65536),
       step_tokens=st.integers(1, 1_048_576), per_step=_positive(1.0, 20.0), rate=_positive(0, 1e12),
       users=st.integers(1, 1_000_000))
@example(base=1e-9, slope=0.0, tau=51.0, chunk=0.0, prompt=123632, output=2, batch=1, step_tokens=1, per_step=1.0,
         rate=1.0, users=1)  # a capacity where λ·P·τ rounds to 1 (found by a full run)
def test_the_load_model_never_raises_nor_gives_nan(base, slope, tau, chunk, prompt, output, batch, step_tokens,
                                                    per_step, rate, users):
    """Decode steps from a nanosecond to ten thousand years, prompt tokens from free to 30 years
    each, every prompt, answer, batch and chunk length the scenario allows: each load point and
    closed-loop rate is a number or infinite (a copy that never finishes), never NaN or an
    exception (the 1e-200 GB/s card's OverflowError)."""
    costs = StepCosts(lambda n: base + slope * n, tau, chunk, prompt, output, batch, step_tokens, per_step)
    limit = capacity(costs)
    point = load_point(costs, rate, limit)
    values = [point.rate, point.capacity, point.step_s, point.decoding, *point.ttft_s.values(),
              *point.tpot_s.values(), closed_loop_rate(costs, users, limit)]
    assert not any(math.isnan(v) for v in values)
    highest_rate(costs, LatencyLimits(2000.0, 200.0), limit=limit, steps=4)


def test_the_load_model_of_a_1e200_times_slower_copy_is_infinite_not_an_overflow():
    costs = StepCosts(lambda n: 1e200 + 1e200 * n, 1e-3, 0.0, 1000, 200, 64, 8192)
    point = load_point(costs, 1.0)
    assert point.overloaded and point.tpot_s[99] >= 1e200 and not math.isnan(point.ttft_s[99])
