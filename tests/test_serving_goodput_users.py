"""Goodput of a users-only question (a number of users at once, no request rate) with a typed latency
target: a closed loop, the users sending what Little's law gives (users over the time each request
takes). The goodput is the DistServe goodput (Zhong et al., OSDI 2024, §2) over the rates up to what
the users send: all of it where the users' own load meets the targets at their percentile, else the
rate case's search below it. Shown where the rate case's is: JSON, the view (results panel), the
summary's first page, in English and Chinese; null without a typed target."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.load import SEARCH_RESOLUTION
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.serving_use import latency_targets
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.rows import label, write
from configurator.report.summary import build_summary


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _users(users: int = 200, disaggregated: bool = False, **constraints) -> Scenario:
    """Llama 3 8B on 8 × L40S, ``users`` at once, layout planned (chat use: p90)."""
    auto = tuple(f for f in LAYOUT_FIELDS if f != "disaggregated") if disaggregated else LAYOUT_FIELDS
    return Scenario(model=preset("llama3-8b"), card_id="l40s", count=8, workload="inference", auto_layout=auto,
                    serving={"concurrency": users, "disaggregated": disaggregated}, constraints=constraints)


@pytest.fixture(scope="module")
def planned(catalog):
    """The layout planned for 200 users, 1 s first token and 100 ms a token, nothing left Auto."""
    est = estimate(_users(ttft_ms=1000, tpot_ms=100), catalog.get("l40s"))
    return est.scenario.model_copy(update={"auto_layout": ()})


def _held(scenario: Scenario, **constraints) -> Scenario:
    return scenario.model_copy(update={"constraints": scenario.constraints.model_copy(update=constraints)})


def _meets(est) -> bool:
    targets, s = latency_targets(est.scenario), est.serving
    p = targets.percentile
    return s.ttft_at(p) * 1000 <= targets.ttft_ms and s.tpot_at(p) * 1000 <= targets.tpot_ms


def _performance(est) -> dict:
    return estimate_to_dict(est, deployment_cost(est))["performance"]


def test_where_the_users_meet_the_targets_the_goodput_is_what_they_send(catalog, planned):
    est = estimate(planned, catalog.get("l40s"))
    assert _meets(est)
    performance = _performance(est)
    assert performance["goodput_requests_per_s"] == performance["requests_per_s"]
    assert performance["goodput_requests_per_s"] == pytest.approx(22.11, abs=0.01)
    assert performance["goodput_percentile"] == 90


def test_the_goodput_is_at_most_the_users_rate_and_falls_as_the_targets_tighten(catalog, planned):
    """TPOT targets from 100 ms down to 15 ms on the same layout (its p90 TPOT is 39 ms at 200 users):
    never above what the users send, never rising as the target tightens, below it once missed."""
    card, last = catalog.get("l40s"), None
    for tpot in (100, 45, 40, 35, 30, 25, 20, 15):
        est = estimate(_held(planned, tpot_ms=tpot), card)
        good, sent = est.serving.goodput_taken_per_s, est.serving.requests_per_s
        assert 0.0 <= good <= sent
        assert good == sent if _meets(est) else good < sent * (1 - 1e-4)
        assert last is None or good <= last
        last = good
    assert last < 0.05 * sent  # 15 ms a token: only a trickle meets it


def test_a_missed_target_gives_the_rate_cases_goodput_at_the_same_layout(catalog, planned):
    """One formula: where the users' load misses the targets, the goodput is the one a stated rate
    gets at the same layout (the highest rate meeting them), the users' rate above it — to the
    search's resolution (its bracket ends at the users' rate, not at the capacity)."""
    card = catalog.get("l40s")
    users = estimate(_held(planned, tpot_ms=25), card)
    rate = estimate(_held(planned, tpot_ms=25, requests_per_s=1.0), card)
    assert users.scenario.sequences_per_replica == rate.scenario.sequences_per_replica
    assert users.serving.goodput_taken_per_s == pytest.approx(rate.serving.goodput_taken_per_s, rel=SEARCH_RESOLUTION)
    assert users.serving.goodput_taken_per_s < users.serving.requests_per_s


def test_separate_pools_on_the_users_load(catalog):
    card = catalog.get("l40s")
    est = estimate(_users(disaggregated=True, ttft_ms=1000, tpot_ms=100), card)
    assert est.scenario.serving.disaggregated and est.scenario.prefill_copies
    pinned = est.scenario.model_copy(update={"auto_layout": ()})
    last = None
    for tpot in (100, 30, 25, 20, 15):
        held = estimate(_held(pinned, tpot_ms=tpot), card)
        good, sent = held.serving.goodput_taken_per_s, held.serving.requests_per_s
        assert 0.0 <= good <= sent
        assert good == sent if _meets(held) else good < sent
        assert last is None or good <= last
        last = good
    rate = estimate(_held(pinned, tpot_ms=20, requests_per_s=1.0), card)
    users = estimate(_held(pinned, tpot_ms=20), card)
    assert users.serving.goodput_taken_per_s == pytest.approx(rate.serving.goodput_taken_per_s, rel=SEARCH_RESOLUTION)


def test_no_typed_target_no_goodput(catalog):
    """The use's default targets alone ask nothing of the users' rate: null, no row, as before."""
    est = estimate(_users(), catalog.get("l40s"))
    assert est.serving.goodput_taken_per_s is None and not est.serving.goodput_taken
    assert _performance(est)["goodput_requests_per_s"] is None
    assert _performance(est)["goodput_percentile"] is None
    assert not estimate_view(est).rows_of(("goodput_requests_per_s",))


def test_a_typed_percentile_alone_takes_no_goodput(catalog):
    est = estimate(_users(latency_percentile=99), catalog.get("l40s"))
    assert est.serving.goodput_taken_per_s is None


def test_the_ranking_reads_what_the_users_send(catalog):
    """The users' goodput is shown, not ranked on: the rank's rate is still what the users send."""
    est = estimate(_users(ttft_ms=1000, tpot_ms=25), catalog.get("l40s"))
    assert est.serving.goodput is None
    assert est.serving.goodput_per_s == est.serving.requests_per_s


def test_the_view_and_the_summary_show_it_in_both_languages(catalog, planned):
    est = estimate(_held(planned, tpot_ms=25), catalog.get("l40s"))
    value = est.serving.goodput_taken_per_s
    (row,) = estimate_view(est).rows_of(("goodput_requests_per_s",))
    assert label(row.label, "en") == "Within the targets"
    assert label(row.label, "zh_CN") == "满足时延目标的请求速率"
    shown = f"{value:.1f}"
    assert write(row.value, "en") == f"{shown}\u00a0requests/s"
    assert write(row.value, "zh_CN") == f"{shown}\u00a0请求/秒"
    assert "Little's law" in write(row.note, "en") and "p90" in write(row.note, "en")
    assert "利特尔定律" in write(row.note, "zh_CN") and "p90" in write(row.note, "zh_CN")
    assert "capacity" not in write(row.note, "en")
    for language, name, unit in (("en", "Within the targets", "requests/s"), ("zh_CN", "满足时延目标的请求速率", "请求/秒")):
        summary = build_summary(est, load_bundled_catalog(), language)
        assert (name, f"{shown}\u00a0{unit}") in summary.headline
