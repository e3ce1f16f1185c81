"""The word an amount of money is written in, and the scale it is counted in: a Chinese reader's
yuan in 万元 (issue of persona 6, session 38). Qt-free.

Chinese procurement documents write large yuan amounts in 万元 (ten thousand yuan): China Unicom's
2022 AI-server tender gave its budget as "预算金额 55,054 万元" (C114, 2022-01-30,
https://m.c114.com.cn/w119-1186866.html), and the central government procurement centre's desktop
awards of June 2025 as "中标金额为 94.998 万元", "261.936 万元" (observersnews, 2025-06-23,
https://m.observersnews.com/economy/2025_06_23_780424.shtml). So in Chinese an amount in CNY from
:data:`WAN` up reads in 万元 to :data:`WAN_DECIMALS` decimals ("300.00 万元", to the hundred yuan), a
smaller one in 元 ("5,000 元", "26.30 元"), and from :data:`YI` up in 亿元 ("23.49 亿元");
other currencies, and English, keep the ISO code
("3,000,000 CNY", "12,000 USD"). JSON keeps raw numbers and never reads here.

:func:`money_unit` is the one rule; :func:`configurator.core.message_numbers.money_text` the one
writer that applies it, to every amount of the screen, the command line, the summary, a chart's
ticks and a message (whose template names an amount ``{budget:.0money}``: no template writes a
currency or 元 by hand). Until December 2026 the messages wrote ``{budget:,.0f} {currency}`` and a
regular expression rewrote the rendered Chinese text's "3,000,000 CNY" into "300.00 万元".
"""

from __future__ import annotations

from configurator.core.magnitudes import MAGNITUDES

WAN = MAGNITUDES["万"]
"""万 (ten thousand) [1]: an amount in yuan from this up is written in 万元."""

WAN_DECIMALS = 2
"""Decimals of an amount in 万元 [digits]: to the hundred yuan, as a budget table's 预算金额（万元）."""

YI = MAGNITUDES["亿"]
"""亿 (a hundred million) [1]: an amount in yuan from this up is written in 亿元, as Chinese financial
reports and news write large sums ("23.49 亿元", not "234,897.44 万元": persona 45b, December 2026)."""

YI_DECIMALS = 2
"""Decimals of an amount in 亿元 [digits]: to the million yuan, as reports write "23.49 亿元"."""

YUAN_WORDS = {"zh_CN": {"CNY": ("元", "万元", "亿元")}}
"""By language and currency code: the words of an amount in units, in 万 and in 亿 of units (元, 万元, 亿元)."""


def money_unit(value: float, currency: str, language: str = "en") -> tuple[float, str, int | None]:
    """How an amount ``value`` [currency] is written: (scale it is divided by [1], its unit word,
    its decimals, or None for the caller's own): (10⁸, '亿元', 2) for 2,348,974,400 CNY in Chinese,
    (10⁴, '万元', 2) for 3,000,000 CNY, (1, '元', None) for 5,000 CNY, (1, 'USD', None) for any amount in
    English or another currency."""
    words = YUAN_WORDS.get(language, {}).get(currency)
    if words is None:
        return 1.0, currency, None
    if abs(value) >= YI:
        return YI, words[2], YI_DECIMALS
    if abs(value) >= WAN:
        return WAN, words[1], WAN_DECIMALS
    return 1.0, words[0], None

