"""A training job that meets its deadline at the estimate while the slow end of its likely range
misses it says so (session 24): "… within the 8 h deadline at the estimate; may miss it at the slow
end of the likely range (9 h)". Until December 2026 it read plainly "met", the band two rows up
saying otherwise. The verdict stays met (the ranking is unchanged); a deadline the whole range
meets, and rendering (no calibration band), read as before."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, updated
from configurator.core.uncertainty import headline_bands


def _job(deadline_hours: float) -> Scenario:
    s = Scenario(model=preset("llama3-8b"), workload="finetune", card_id="h100-sxm", count=8,
                 training={"tokens": 2e9}, auto_layout=LAYOUT_FIELDS)
    return updated(s, constraints={"deadline_hours": deadline_hours})


@pytest.fixture(scope="module")
def card():
    return load_catalog().get("h100-sxm")


def _deadline(est):
    return next(v for v in est.verdicts if v.id == "deadline")


def test_met_at_the_estimate_but_not_at_the_slow_end_says_so(card):
    est = estimate(_job(8.0), card)
    slow = headline_bands(est)["hours"].high
    assert est.training.hours < 8.0 < slow  # the case: the band straddles the deadline
    v = _deadline(est)
    assert v.met is True and v.params["slow_hours"] == pytest.approx(slow)
    assert v.message.text.endswith(f"at the estimate; may miss it at the slow end of the likely range ({slow:.2f} h)")
    assert "按可能范围的慢端" in v.message.text_in("zh_CN") and "可能超出期限" in v.message.text_in("zh_CN")


def test_a_deadline_the_whole_range_meets_reads_as_before(card):
    v = _deadline(estimate(_job(24.0), card))
    assert v.met is True and v.message.id == "meets-deadline" and "slow end" not in v.message.text


def test_days_are_said_in_days(card):
    s = updated(_job(8.0), training={"tokens": 2e10}, constraints={"deadline_hours": 80.0})
    est = estimate(s, card)
    assert est.training.hours < 80.0 < headline_bands(est)["hours"].high
    assert _deadline(est).message.id == "meets-deadline-at-estimate-days"
    assert "\u00a0h within the 3.3-day deadline at the estimate" in _deadline(est).message.text  # the margin in hours
