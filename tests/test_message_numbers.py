"""A share that is not zero is never written "0%" in a message (a budget missed by 0.3 % is missed)."""

import pytest

from configurator.core.messages import msg


@pytest.mark.parametrize("share, shown", [(0.003, "(<1%)"), (0.005, "(<1%)"), (0.0, "(0%)"), (0.25, "(25%)"),
                                          (0.0051, "(1%)")])
def test_budget_share_never_reads_zero_when_over(share, shown):
    message = msg("over-budget", cost=1_003_000.0, over=3_000.0, share=share, budget=1_000_000.0, currency="CNY")
    assert shown in message.text
    assert shown.replace("(", "（").replace(")", "）") in message.text_in("zh_CN")


def test_other_formats_are_floats_own():
    message = msg("over-power-cap", kw=12.34, cap=12.3, over=0.04, share=0.0033)
    assert message.text == "Draws 12.3 kW at the wall: over the 12.3 kW power cap by 0.0 kW (<1%)"
