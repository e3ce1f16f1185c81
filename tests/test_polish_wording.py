"""Buyer-facing wording the persona check found wrong (session 22): a cost ratio said as a
share cheaper, a price threshold that names whose price it is, a deadline of days said in days,
in both languages."""

from __future__ import annotations

import pytest

from configurator.core.messages import DAYS_ABOVE_HOURS, deadline_msg, msg


def test_a_cheaper_class_is_said_as_a_share_not_times_less():
    m = msg("reason-class-cheaper", card="L40S", category="inference", ratio=1.2, cheaper=1 - 1 / 1.2,
            other="H100", other_category="training")
    assert "17\u00a0% cheaper per token" in m.text and "×" not in m.text
    assert "低 17%" in m.text_in("zh_CN") and "倍" not in m.text_in("zh_CN")
    g = msg("mismatch-wrong-class-for-graphics", card="H100", category="training", count=9, other="L40S",
            ratio=2.0, cheaper=0.5, unit="user-month")
    assert "50\u00a0% cheaper per user-month" in g.text and "低 50%" in g.text_in("zh_CN")


@pytest.mark.parametrize("message_id", ["price-holds", "price-winner-limit", "price-decides",
                                        "price-decides-ends-limit"])
def test_a_price_threshold_names_whose_price_it_is(message_id):
    m = msg(message_id, card="RTX A6000", rival="L40", price=5000.0, other="A40 48GB", low=2000.0,
            high=3780.0, currency="USD", per="per card")
    for text in (m.text, m.text_in("zh_CN")):
        threshold = text.index("5,000")
        assert "RTX A6000" in text[max(0, threshold - 60):threshold], text  # the card whose price it is, beside it
    assert "RTX A6000 高于此价" in m.text_in("zh_CN") or "只有 RTX A6000" in m.text_in("zh_CN")


def test_a_deadline_of_days_is_said_in_days_and_of_hours_in_hours():
    days = deadline_msg("meets-deadline", 2160.0, {"hours": 597.0}, {"margin": 1563.0})
    assert days.text == "Takes 24.9 days, 65.1\u00a0days within the 90-day deadline"
    assert days.text_in("zh_CN") == "需要 24.9 天，在 90 天的期限内，余 65.1\u00a0天"
    hours = deadline_msg("misses-deadline", 10.0, {"hours": 12.0}, {"over": 2.0}, share=0.2)
    assert hours.text.startswith("Takes 12.0 h: misses the 10 h deadline by 2.00\u00a0h")  # as the screen writes them
    at_rule = deadline_msg("meets-deadline", DAYS_ABOVE_HOURS, {"hours": 40.0}, {"margin": 8.0})
    assert at_rule.id == "meets-deadline"
    for message_id in ("misses-deadline", "deadline-out-of-reach", "deadline-unknown",
                       "misses-deadline-every-count"):
        m = deadline_msg(message_id, 168.0, {"hours": 200.0} if message_id != "deadline-unknown" else {},
                         card="H100", count=1024, over=32.0 * 24, share=0.19, days=200 / 24)
        assert "7-day deadline" in m.text and " h " not in m.text and "小时" not in m.text_in("zh_CN")


def test_a_configuration_that_does_not_fit_has_no_latency_in_its_notes(catalog):
    """1 × H100 with Llama 3 70B at 10 requests/s: its notes said 'first token 16,758,566 ms
    (1675857%)'; it does not fit, so it does not run, and every speed target says so."""
    from configurator.core.estimate import estimate
    from configurator.core.architecture import preset
    from configurator.core.scenario import Scenario

    s = Scenario(workload="inference", model=preset("llama3-70b"), card_id="h100-sxm", count=1,
                 constraints={"requests_per_s": 10})
    est = estimate(s, catalog.get("h100-sxm"))
    assert not est.fits
    ids = [m.id for m in est.messages]
    assert {"request-rate-does-not-run", "ttft-does-not-run", "tpot-does-not-run"} <= set(ids)
    for m in est.messages:
        for text in (m.text, m.text_in("zh_CN")):
            assert " ms" not in text and "requests/s" not in text, text
    assert "显存放不下，无法运行" in next(m for m in est.messages if m.id == "ttft-does-not-run").text_in("zh_CN")


def test_report_without_a_card_presents_the_recommendation_only(tmp_path):
    """`report` without --card summarised the default 1 × H100 as "your choice"; as the wizard's
    export with the card left to the recommender, it presents the recommendation."""
    from configurator.cli import main

    alone, chosen = tmp_path / "alone.md", tmp_path / "chosen.md"
    assert main(["report", "--workload", "vdi", "--users", "200", "-o", str(alone)]) == 0
    assert main(["report", "--workload", "vdi", "--users", "200", "--card", "l40s", "-o", str(chosen)]) == 0
    text = alone.read_text(encoding="utf-8")
    # a host carries 48 desktops: L4 (12 a card at 2 GiB) 4 to a server, RTX A6000 (24) 2 — 17 × L4 first until
    # December 2026, when servers were counted by card slots only; 25 × T4 since the T4's 2025-08 street price
    # (729-878 USD) replaced its 2018 launch price, and the RTX A6000 is ranked on its new-card launch price;
    # 13 × T4 (16 a card) since the default desktop is the vPC guide's 1 GiB knowledge worker (December 2026)
    assert "Recommended by lowest total cost of ownership: 13 × T4" in text
    assert "choice" not in text and "(recommended)" in text and "Against the recommendation" in text
    assert "Your choice" in chosen.read_text(encoding="utf-8")
    zh = tmp_path / "zh.md"
    assert main(["report", "--workload", "vdi", "--users", "200", "--lang", "zh_CN", "-o", str(zh)]) == 0
    assert "您的选择" not in zh.read_text(encoding="utf-8") and "（推荐方案）" in zh.read_text(encoding="utf-8")


def test_a_configuration_that_does_not_fit_shows_no_speed(catalog):
    """Its Speed block said 'Time to first token p50 5,039 s · p90 16,760 s'; now one row: it does not run."""
    from configurator.core.architecture import preset
    from configurator.core.estimate import estimate
    from configurator.core.scenario import Scenario
    from configurator.core.view.estimate_view import estimate_view, speed_row

    s = Scenario(workload="inference", model=preset("llama3-70b"), card_id="h100-sxm", count=1,
                 constraints={"requests_per_s": 10})
    est = estimate(s, catalog.get("h100-sxm"))
    view = estimate_view(est)
    speed = next(section for section in view.sections if section.key == "speed")
    assert [row.value for row in speed.rows] == ["none — it does not fit in memory, so it does not run"]
    assert speed_row(est, view) is None
