"""A card whose vendor software is past its support (Volta after CUDA 13.0): the catalog's sourced
field, and the caution the buyer reads first — the ranking's first reason, the command line's table
and JSON, the summary's first page, the wizard's answer — in English and Chinese; none for a
supported card (H100)."""

from __future__ import annotations

import json
import re

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import apply_overlay, load_bundled_catalog
from configurator.core.currency import dated_rate
from configurator.core.estimate import estimate
from configurator.core.recommend import Filters, recommend
from configurator.core.recommend_json import recommendation_to_dict, result_to_dict
from configurator.core.scenario import Scenario, Workload
from configurator.core.software import past_support_caution, support_caution_in, support_end
from configurator.report.render import to_html, to_markdown
from configurator.report.summary import build_summary
from configurator.report.text import recommendation_table

V100_QUOTE = {"prices": {"v100-sxm-16gb": [{"amount": 1500, "currency": "USD", "date": "2026-11", "kind": "quote",
                                             "source": "the buyer's distributor"}]}}
"""The buyer's quote for new V100 SXM2 16GB modules (a user catalog's prices): the catalog's only
current V100 price is a used module's, which no ranking buys at."""

CJK_SPACE = re.compile(r"[\u4e00-\u9fff] +[\u4e00-\u9fff]")
HEADLINE = {"en": "Past vendor support", "zh_CN": "已过厂商支持期"}


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _serving(model: str = "llama3-70b", card_id: str = "v100-sxm-32gb", count: int = 8, **constraints) -> Scenario:
    """``model`` served in CNY at the price file's dated rate, delivered to mainland China."""
    return Scenario.model_validate({
        "workload": Workload.INFERENCE, "model": preset(model).model_dump(), "card_id": card_id,
        "count": count, "precision": "fp16",
        "economics": {"currency": "CNY", "usd_to_currency": dated_rate("CNY").per_usd},
        "constraints": {"region": "cn", **constraints}})


def _serving_70b(card_id: str = "v100-sxm-32gb", count: int = 8, **constraints) -> Scenario:
    return _serving("llama3-70b", card_id, count, **constraints)


@pytest.fixture(scope="module")
def ranking(catalog):
    """Llama 3 8B at 10 requests/s and 15 ms per token, delivered to mainland China: the V100 SXM2 16GB
    ranks first, the card past support (the question the window's tests ask, tests/test_support_end_gui.py;
    the 70B under 40 ms asked before ranked it first only while CNY prices were read at 1 CNY per USD). Since
    session 35 a used module's 56–200 USD is no purchase price: the buyer brings a quote for new V100s
    (:data:`V100_QUOTE`), as the window's tests do."""
    return recommend(_serving("llama3-8b", "v100-sxm-16gb", 8, requests_per_s=10.0, tpot_ms=15.0),
                     apply_overlay(catalog, V100_QUOTE), limit=6)


# ---- the catalog's field ----------------------------------------------------------------------

@pytest.mark.parametrize("card_id", ["v100-sxm-32gb", "v100-sxm-16gb"])
def test_volta_is_past_cuda_13_with_every_claim_sourced(catalog, card_id):
    end = support_end(catalog.get(card_id))
    assert (end.last_release, end.dropped_in, end.date) == ("CUDA 12.9", "CUDA 13.0", "2025-08")
    assert end.last_driver == "R580"
    for source in (end.source, end.driver_source, *(d.source for d in end.dropped_by)):
        assert "https://" in source and "2026-12" in source  # an address, and when it was read
    assert all(re.fullmatch(r"\d{4}(-\d{2})?", d.date) for d in end.dropped_by)


@pytest.mark.parametrize("card_id", ["h100-sxm", "a100-sxm-80gb", "t4", "l40s", "mi300x"])
def test_supported_stacks_have_no_end(catalog, card_id):
    card = catalog.get(card_id)
    assert support_end(card) is None and past_support_caution(card, 4) == ()


# ---- the caution's words ------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_caution_says_toolkit_driver_frameworks_math_module_and_years(catalog, language):
    headline, meaning = past_support_caution(catalog.get("v100-sxm-32gb"), 5.0)
    first, second = headline.text_in(language), meaning.text_in(language)
    assert first.startswith(HEADLINE[language]) and "CUDA 12.9" in first and "CUDA 13.0" in first and "2025-08" in first
    for said in ("R580", "PyTorch 2.8", "2025-08", "TensorRT 10.0", "BF16", "FP8", "SXM2", "5"):
        assert said in second
    assert not CJK_SPACE.search(first + second)


# ---- the ranking: flagged first, not re-ranked -------------------------------------------------------

def test_the_first_reason_of_a_card_past_support_is_the_caution_with_the_best_supported_card(ranking):
    best = ranking.best
    assert best.card.id == "v100-sxm-16gb"  # still first: flagged, not ranked down
    caution = best.reasons[0]
    assert caution.id == "stack-past-support-then"
    supported = next(r for r in ranking.ranked if support_end(r.card) is None)
    rank = ranking.ranked.index(supported) + 1
    assert f"#{rank}, {supported.card.name}, costing" in caution.text
    assert best.reasons[-1].id == "stack-past-support-means"
    assert [m.id for m in support_caution_in(best.reasons)] == ["stack-past-support-then", "stack-past-support-means"]


def test_only_cards_past_support_carry_the_caution(ranking):
    for rec in ranking.considered:
        assert bool(support_caution_in(rec.reasons)) == (support_end(rec.card) is not None), rec.card.id


def test_h100_carries_no_caution_in_its_reasons_or_json(catalog):
    result = recommend(_serving_70b("h100-sxm", 8, region=None), catalog, filters=Filters(vendors=("NVIDIA",),
                                                                                  classes=("training",)), limit=3)
    h100 = next(r for r in result.considered if r.card.id == "h100-sxm")
    assert support_caution_in(h100.reasons) == ()
    assert recommendation_to_dict(h100, 1)["support_end"] is None
    assert not any(m.text.startswith(HEADLINE["en"]) for m in h100.reasons)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_command_line_table_says_it_in_the_first_row_and_first_among_the_reasons(ranking, language):
    table = recommendation_table(ranking, language)
    first_row = next(line for line in table.splitlines() if line.lstrip().startswith("1 "))
    assert HEADLINE[language] in first_row
    why = table.split("\n  - ", 1)[1]
    assert why.startswith(HEADLINE[language])


def test_the_json_carries_the_caution_and_the_catalog_entry(ranking):
    document = json.loads(json.dumps(result_to_dict(ranking)))  # nested messages serialise
    first = document["ranked"][0]
    assert first["reason_ids"][0]["id"] == "stack-past-support-then"
    assert first["reason_ids"][0]["params"]["caution"]["id"] == "stack-past-support"
    assert first["support_end"]["last_release"] == "CUDA 12.9" and first["support_end"]["last_driver"] == "R580"
    assert all(entry["support_end"] is None for entry in document["ranked"][1:] if "v100" not in entry["card"]["id"])


# ---- the summary's first page ----------------------------------------------------------------------

@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_summary_says_it_on_the_first_page_before_any_figure(catalog, language):
    scenario = _serving_70b()
    est = estimate(scenario, catalog.get("v100-sxm-32gb"))
    summary = build_summary(est, catalog, language)
    assert len(summary.cautions) == 2 and summary.cautions[0].startswith(HEADLINE[language])
    html = to_html(summary)
    assert html.index(summary.cautions[0].split("—")[0][:20]) < html.index(summary.headings["headline"])
    markdown = to_markdown(summary)
    assert markdown.index(HEADLINE[language]) < markdown.index(summary.headline[0][0])


def test_the_summary_of_an_h100_has_no_caution(catalog):
    est = estimate(_serving_70b("h100-sxm", 8, region=None), catalog.get("h100-sxm"))
    cautions = build_summary(est, catalog, "en").cautions  # but the recommended option's runs' side (bandstack50)
    assert all(c.startswith("The recommended option") and "runs measured a median" in c for c in cautions)
