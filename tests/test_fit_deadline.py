"""What would fit, for a job that fits but misses its time or load target: a missed deadline says
the fewest cards that meet it (the recommendation's planner, :meth:`deployments`), or the fastest
found where none does; a missed serving rate or latency target says the cards (copies) that carry
it. Worded in both languages, in the command line's JSON with its kind."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.fit_suggestions import what_would_fit
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.view.rows import write
from configurator.core.view.suggestions_view import suggestions_section

THIRTY_DAYS = 30 * 24.0


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _pretrain(deadline_hours: float, count: int = 8) -> Scenario:
    return Scenario(auto_layout=LAYOUT_FIELDS, model=preset("llama3-8b"), workload="pretrain", card_id="h100-sxm",
                    count=count, training={"tokens": 1e12}, constraints={"deadline_hours": deadline_hours})


def _by_kind(found) -> dict:
    return {s.kind: s for s in found}


def test_a_missed_30_day_deadline_says_the_h100s_that_meet_it(catalog):
    """Llama 3 8B on 1 T tokens takes ~176 days on 8 × H100: the suggestion names a count that meets
    30 days, and that count's own estimate does meet it."""
    card = catalog.get("h100-sxm")
    est = estimate(_pretrain(THIRTY_DAYS), card)
    assert est.fits and est.training.hours > THIRTY_DAYS
    met = _by_kind(what_would_fit(est, catalog))["meets-deadline"]
    count = met.estimate.scenario.count
    assert count > 8 and met.estimate.training.hours <= THIRTY_DAYS
    again = estimate(met.estimate.scenario, card)  # the count's estimate, asked afresh
    assert again.training.hours <= THIRTY_DAYS and not [v for v in again.verdicts if v.missed]
    text = met.message.text
    assert f"{count:,} × H100" in text and "30-day deadline" in text and "days" in text and "DP " in text


def test_a_deadline_no_count_meets_says_the_fastest_found(catalog):
    est = estimate(_pretrain(2.0), catalog.get("h100-sxm"))
    found = _by_kind(what_would_fit(est, catalog))
    assert "meets-deadline" not in found
    fastest = found["deadline-out-of-reach"]
    said = fastest.said  # the suggestion's words before its capex
    assert said.id.startswith("misses-deadline-every-count") or said.id.startswith("deadline-out-of-reach")
    assert said.params["count"] > 8 and "2 h deadline" in fastest.message.text


def test_a_deadline_met_suggests_nothing(catalog):
    est = estimate(_pretrain(400 * 24.0), catalog.get("h100-sxm"))
    assert est.training.hours < 400 * 24.0
    assert what_would_fit(est, catalog) == ()


def test_a_missed_serving_rate_says_the_cards_that_carry_it(catalog):
    s = Scenario(auto_layout=LAYOUT_FIELDS, model=preset("llama3-8b"), workload="inference", card_id="l40s", count=1,
                 constraints={"requests_per_s": 20.0})
    card = catalog.get("l40s")
    est = estimate(s, card)
    assert any(v.id == "request-rate" and v.missed for v in est.verdicts)
    carried = _by_kind(what_would_fit(est, catalog))["meets-serving-targets"]
    more = carried.estimate
    assert more.scenario.count > 1 and more.serving.requests_per_s >= 20.0
    assert not [v for v in estimate(more.scenario, card).verdicts if v.missed]
    assert f"{more.scenario.count:,} × L40S" in carried.message.text


def test_the_deadline_suggestion_reads_in_chinese(catalog):
    est = estimate(_pretrain(THIRTY_DAYS), catalog.get("h100-sxm"))
    section = suggestions_section(what_would_fit(est, catalog))
    row = next(r for r in section.rows if r.key == "what_would_fit.meets-deadline")
    english, chinese = write(row.value, "en"), write(row.value, "zh_CN")
    assert "meet the 30-day deadline" in english
    assert "可满足 30 天的期限" in chinese and "天（TP " in chinese
    assert write(row.label, "zh_CN") == "满足期限所需卡数"


def test_the_json_says_the_kind_and_the_count(capsys):
    argv = ["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--tokens", "1T", "--card", "h100-sxm",
            "--count", "8", "--deadline", "30d"]
    assert main([*argv, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    entry = next(e for e in document["what_would_fit"] if e["kind"] == "meets-deadline")
    assert entry["count"] > 8 and entry["card"] == "h100-sxm" and entry["id"].startswith("meets-deadline-with")
    assert json.loads(json.dumps(entry)) == entry
    assert main(argv) == 0
    assert f"{entry['count']:,} × H100" in capsys.readouterr().out


def test_the_summary_says_what_would_meet_the_deadline(catalog):
    """A job that fits but misses its deadline: the summary's table is titled for the targets, not
    "what would fit", in both languages."""
    from configurator.core.view.words import words
    from configurator.report.summary import suggestions_table

    est = estimate(_pretrain(THIRTY_DAYS), catalog.get("h100-sxm"))
    english = suggestions_table(est, catalog, words("en"))
    chinese = suggestions_table(est, catalog, words("zh_CN"))
    assert english.title == "What would meet the targets" and chinese.title == "怎样才能满足目标"
    assert english.rows[0][0] == "Cards for the deadline" and "30-day deadline" in english.rows[0][1]
    assert chinese.rows[0][0] == "满足期限所需卡数" and "30 天的期限" in chinese.rows[0][1]
