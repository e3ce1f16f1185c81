"""A share that is not zero is never written "0%" in a message (a budget missed by 0.3 % is missed)."""

import pytest

from configurator.core.bill_covers import ALL_KINDS
from configurator.core.message_numbers import decimals_apart, latency_unit
from configurator.core.messages import msg
from configurator.core.verdicts import ceiling
from configurator.core.view.constraints_view import verdict_brief
from configurator.core.view.rows import write


@pytest.mark.parametrize("share, shown", [(0.003, "(<1\u00a0%)"), (0.005, "(<1\u00a0%)"), (0.0, "(0\u00a0%)"), (0.25, "(25\u00a0%)"),
                                          (0.0051, "(1\u00a0%)")])
def test_budget_share_never_reads_zero_when_over(share, shown):
    message = msg("over-budget", covers=ALL_KINDS, cost=1_003_000.0, over=3_000.0, share=share, budget=1_000_000.0,
                  currency="CNY")
    assert shown in message.text
    assert shown.replace("(", "（").replace(")", "）").replace("\u00a0%", "%") in message.text_in("zh_CN")


def test_other_formats_are_floats_own():
    message = msg("over-power-cap", kw=12.34, cap=12.3, over=0.04, share=0.0033, d=1)
    assert message.text.startswith("Facility power 12.3 kW (average draw, PUE included): over the 12.3 kW power cap")


def test_a_power_verdict_missed_by_40_watts_never_reads_zero_kilowatts():
    """A ceiling missed by 40 W is missed: its kW are written to the decimals that set the draw, the
    cap and the miss apart (personainf: "0.0 kW (<1%) over the 6.0 kW")."""
    verdict = ceiling("rack-power", 6.0, 6.04, "kW")
    assert "6.04 kW" in verdict.message.text and "0.04 kW (1\u00a0%) over the 6.00 kW" in verdict.message.text
    assert "6.04 kW" in verdict.message.text_in("zh_CN") and "0.04 kW（1%）" in verdict.message.text_in("zh_CN")
    assert decimals_apart(6.6, 6.0) == 1 and decimals_apart(6.0, 6.0) == 1


def test_the_power_cap_and_the_power_per_server_each_say_their_own_basis():
    """The cap is facility power (PUE included), a server's draw IT power at its rack's PDU (no PUE:
    The Green Grid, White Paper 49)."""
    cap, rack = ceiling("power-cap", 10.0, 12.0, "kW"), ceiling("rack-power", 6.0, 4.3, "kW")
    assert "Facility power 12.0 kW (average draw, PUE included)" in cap.message.text
    assert "IT power at the rack's PDU" in rack.message.text and "PUE" not in rack.message.text
    assert "IT 功率" in rack.message.text_in("zh_CN") and "含 PUE" in cap.message.text_in("zh_CN")


def test_a_power_that_cannot_be_checked_is_said_once_for_each_constraint():
    unknown = [ceiling(name, 6.0, None, "kW", params={"card": "X"}).message for name in ("power-cap", "rack-power")]
    assert len({m.text for m in unknown}) == 2 and len({m.text_in("zh_CN") for m in unknown}) == 2
    assert "power cap" in unknown[0].text and "one server" in unknown[1].text


def test_a_first_token_of_minutes_is_written_in_seconds_and_its_share_sanely():
    """personainf: "first token 535,886 ms over … (107177%)"."""
    message = msg("misses-ttft", ms=536_886.0, target=1000, over=535_886.0, share=535.886, percentile="p90",
                  what="target")
    assert message.text == "Time to first token 537 s at p90: 536 s (>1,000\u00a0%) over the 1,000 ms target"
    assert "537 秒" in message.text_in("zh_CN") and "（>1,000%）" in message.text_in("zh_CN")
    below = msg("misses-ttft", ms=2031.0, target=1000, over=1031.0, share=1.031, percentile="p90", what="target")
    assert below.text == "Time to first token 2,031 ms at p90: 1,031 ms (103\u00a0%) over the 1,000 ms target"
    assert latency_unit(9_999.0) == (9_999.0, "ms") and latency_unit(10_000.0) == (10.0, "s")


def test_the_headline_says_a_latency_of_minutes_in_seconds():
    verdict = ceiling("ttft", 1000.0, 536_886.0, "ms", basis="p90")
    assert write(verdict_brief(verdict), "en") == "first token 536\u00a0s over the p90 target"


@pytest.mark.parametrize("count, words", [(1, "Decoding 1 sequence at once"), (2, "Decoding 2 sequences at once"),
                                          (1000, "Decoding 1,000 sequences at once")])
def test_one_sequence_is_one(count, words):
    assert msg("reason-decode-bound", concurrency=count, card="L4", bound="compute").text.startswith(words)
    assert "1 sequence per copy" in msg("chunk-chosen", chunk=8192, batch=1, tried=3).text


def test_a_message_writes_a_percentage_as_the_screen_does():
    """One rule for the percent sign (message_numbers.PERCENT_SIGNS): a message's ``{share:.0%}`` and
    the screen's numbers.percent both write "44 %" with a no-break space in English and "44%" in
    Chinese (until December 2026 "44%" in a message beside "±10 %" on the screen)."""
    from configurator.core.message_numbers import PERCENT_SIGNS, fraction_param
    from configurator.core.view.numbers import percent

    for language in ("en", "zh_CN"):
        assert format(fraction_param(0.44, language), ".0%") == percent(0.44, language, 0) == "44" + PERCENT_SIGNS[language]
    assert PERCENT_SIGNS == {"en": "\u00a0%", "zh_CN": "%"}
