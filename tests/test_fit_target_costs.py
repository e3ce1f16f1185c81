"""A suggested count for a missed target says what it costs and the stated limits it breaks: the capex
of its bill of materials (the budget verdict's own figure) and, where the buyer set a budget, power cap
or region rule that count breaks, that verdict's own words; serving that no count carries within its
targets names the closest deployment; a missed training tokens/s floor names the count that reaches
it. In both languages and in the command line's JSON (``capex``, ``breaks``)."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.fit_suggestions import what_would_fit
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.prices import price_book_for
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, updated

THIRTY_DAYS = 30 * 24.0


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _pretrain(**constraints) -> Scenario:
    return Scenario(auto_layout=LAYOUT_FIELDS, model=preset("llama3-8b"), workload="pretrain", card_id="h100-sxm",
                    count=8, training={"tokens": 1e12}, constraints=constraints)


def _by_kind(found) -> dict:
    return {s.kind: s for s in found}


def _capex(est) -> float:
    return bill_of_materials(est.scenario, est.card, price_book_for(est.scenario.economics),
                             prices=est.costs.prices).capex


def test_the_deadline_count_says_its_capex_without_a_budget(catalog):
    est = estimate(_pretrain(deadline_hours=THIRTY_DAYS), catalog.get("h100-sxm"))
    met = _by_kind(what_would_fit(est, catalog))["meets-deadline"]
    assert met.breaks == () and met.capex == pytest.approx(_capex(met.estimate))
    assert "— capex " in met.message.text and "USD" in met.message.text
    assert "资本支出" in met.message.text_in("zh_CN")


def test_the_deadline_count_over_budget_says_by_how_much(catalog):
    """56-odd H100s meet 30 days at about 2.5 M USD: over a 1 M USD budget, in the budget verdict's words."""
    card = catalog.get("h100-sxm")
    est = estimate(_pretrain(deadline_hours=THIRTY_DAYS, budget=1e6), card)
    met = _by_kind(what_would_fit(est, catalog))["meets-deadline"]
    assert met.breaks == ("budget",) and met.capex > 1e6
    checked = estimate(updated(met.estimate.scenario, constraints={"budget": 1e6}), card)
    budget = next(v for v in checked.verdicts if v.id == "budget")
    assert budget.missed and budget.actual == pytest.approx(met.capex)
    text = met.message.text
    assert budget.message.text in text and "over budget by" in text and "meet the 30-day deadline" in text
    assert text.count("Capex") + text.count("capex") == 1  # the budget's words carry the capex: said once
    assert "超出所设限制" in met.message.text_in("zh_CN")


def test_a_budget_the_count_keeps_is_not_said_broken(catalog):
    est = estimate(_pretrain(deadline_hours=THIRTY_DAYS, budget=1e9), catalog.get("h100-sxm"))
    met = _by_kind(what_would_fit(est, catalog))["meets-deadline"]
    assert met.breaks == () and "breaks" not in met.message.text


def test_a_power_cap_and_region_broken_are_named(catalog):
    est = estimate(_pretrain(deadline_hours=THIRTY_DAYS, power_cap_kw=50.0, region="cn"), catalog.get("h100-sxm"))
    met = _by_kind(what_would_fit(est, catalog))["meets-deadline"]
    assert set(met.breaks) == {"power-cap", "region"}
    assert "power cap" in met.message.text and "export licence" in met.message.text


def test_a_missed_tokens_per_s_floor_says_the_count_that_reaches_it(catalog):
    card = catalog.get("h100-sxm")
    est = estimate(_pretrain(min_tokens_per_s=1e6), card)
    assert any(v.id == "throughput" and v.missed for v in est.verdicts)
    met = _by_kind(what_would_fit(est, catalog))["meets-throughput"]
    assert met.estimate.scenario.count > 8 and met.estimate.tokens_per_s >= 1e6
    assert not [v for v in estimate(met.estimate.scenario, card).verdicts if v.missed]
    assert "1,000,000 tokens/s floor" in met.message.text and "capex" in met.message.text
    assert "词元的下限" in met.message.text_in("zh_CN")


def test_a_tokens_per_s_floor_out_of_reach_says_the_fastest(catalog):
    est = estimate(_pretrain(min_tokens_per_s=1e9), catalog.get("h100-sxm"))
    fastest = _by_kind(what_would_fit(est, catalog))["throughput-out-of-reach"]
    assert fastest.said.id == "misses-throughput-every-count" and fastest.estimate.tokens_per_s < 1e9


def test_serving_no_count_carries_names_the_closest(catalog):
    card = catalog.get("l40s")
    s = Scenario(auto_layout=LAYOUT_FIELDS, model=preset("llama3-8b"), workload="inference", card_id="l40s", count=1,
                 constraints={"requests_per_s": 20.0, "tpot_ms": 2.0})
    found = _by_kind(what_would_fit(estimate(s, card), catalog))
    assert "meets-serving-targets" not in found
    closest = found["serving-targets-out-of-reach"]
    assert closest.estimate.scenario.count > 1 and closest.capex is not None
    text = closest.message.text
    assert f"closest {closest.estimate.scenario.count:,} × L40S" in text and "2.00 ms target" in text
    assert "最接近的是" in closest.message.text_in("zh_CN")


def test_the_json_entry_has_capex_and_breaks(capsys):
    argv = ["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--tokens", "1T", "--card", "h100-sxm",
            "--count", "8", "--deadline", "30d", "--budget", "1M", "--json"]
    assert main(argv) == 0
    entry = next(e for e in json.loads(capsys.readouterr().out)["what_would_fit"] if e["kind"] == "meets-deadline")
    assert entry["breaks"] == ["budget"] and entry["capex"] > 1e6
    assert entry["id"].startswith("meets-deadline-with") and "over budget by" in entry["text"]
