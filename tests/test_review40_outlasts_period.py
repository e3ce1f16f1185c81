"""A job that outlasts the years its hardware is owned names that period as every period is named
(review, session 40): "the 1 years" for a one-year TCO, "0.5 years" for six months."""

from configurator.core.job_horizon import outlasts_years


def test_the_period_is_said_as_a_period():
    assert "than the 4 years the hardware" in outlasts_years(5 * 8760.0, 4.0).text
    assert "than the 1 year the hardware" in outlasts_years(2 * 8760.0, 1.0).text
    half = outlasts_years(8760.0, 0.5)
    assert "than the 6 months the hardware" in half.text and "6 个月" in half.text_in("zh_CN")
    assert "4 年" in outlasts_years(5 * 8760.0, 4.0).text_in("zh_CN")
