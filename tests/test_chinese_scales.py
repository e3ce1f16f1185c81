"""万 and 亿 are one fact: what a typed "150万" reads as is what a chart tick or a token count writes
(review of session 37: the token counts' Chinese words were a third copy of 10⁴ and 10⁸)."""

from __future__ import annotations

import pytest

from configurator.core.magnitudes import with_magnitude
from configurator.core.view.numbers import short_amount, token_count


@pytest.mark.parametrize("value", [1.5e6, 2.5e4, 3e8, 4.2e9])
def test_a_chinese_tick_reads_back_as_typed(value):
    assert with_magnitude(short_amount(value, "zh_CN")) == pytest.approx(value)


def test_token_counts_in_chinese_words():
    assert token_count(4_194_304, "zh_CN") == "419 万"
    assert token_count(1.5e10, "zh_CN") == "150 亿"
    assert token_count(2e12, "zh_CN") == "2 万亿"
    assert with_magnitude(token_count(1.5e10, "zh_CN").replace(" ", "")) == pytest.approx(1.5e10)
