"""Message templates of board power, power caps and energy (a card with no published board power,
the power cap and a rack position's power, the energy of a job paced to its deadline), in both
languages; merged into :mod:`configurator.core.messages`' catalogues, keyed by message id."""

from __future__ import annotations

POWER_ENGLISH: dict[str, str] = {
    "no-tdp": "{card} has no published board power: power and energy cannot be estimated",
    "no-tdp-system": "{card} has no published board power: energy is counted from its rack-scale system's "
                     "published power ({kw:,.0f} kW a system); a card's own power cannot be estimated",
    "paced-energy": (
        "The job takes {hours:,.1f} h of every {deadline:,g} h deadline, the pace asked; energy counts the hours "
        "the cards wait at load power (no idle power on file: an upper bound)"
    ),
    "paced-energy-days": (
        "The job takes {hours:,.1f} days of every {deadline:,g}-day deadline, the pace asked; energy counts the "
        "hours the cards wait at load power (no idle power on file: an upper bound)"
    ),
    "no-power-tco": "{card}: no published board power — its energy, and so its total cost of ownership, cannot be "
                    "counted",
    "unknown-power-for-cap": "{card} has no published board power: the power cap cannot be checked",
    "over-power-cap": "Draws {kw:,.1f} kW at the wall: over the {cap:,.1f} kW power cap by {over:,.1f} kW ({share:.0%})",
    "over-rack-power": "One server draws {kw:,.1f} kW at the wall: {over:,.1f} kW ({share:.0%}) over the {cap:,.1f} kW "
                       "a rack position allows",
    "meets-power-cap": "Draws {kw:,.1f} kW at the wall, {margin:,.1f} kW within the {cap:,.1f} kW power cap",
    "meets-rack-power": "One server draws {kw:,.1f} kW at the wall, within the {cap:,.1f} kW a rack position allows",
}

POWER_CHINESE: dict[str, str] = {
    "no-tdp": "{card} 无公开功耗：无法估算功率和能耗",
    "no-tdp-system": "{card} 无公开功耗：能耗按其机柜级系统的公开功率计（每套 {kw:,.0f} kW）；无法估算单卡功率",
    "unknown-power-for-cap": "{card} 没有公开的板卡功耗：无法核对功率上限",
    "paced-energy": (
        "作业在每个 {deadline:,g} 小时的期限内需要 {hours:,.1f} 小时，即所要求的进度；卡等待的时间按满载功率计入能耗"
        "（无空闲功耗数据：为上限）"
    ),
    "paced-energy-days": (
        "作业在每个 {deadline:,g} 天的期限内需要 {hours:,.1f} 天，即所要求的进度；卡等待的时间按满载功率计入能耗"
        "（无空闲功耗数据：为上限）"
    ),
    "no-power-tco": "{card}：没有公开的板卡功耗——无法计入其电费，因而无法计算总拥有成本",
    "over-power-cap": "机房功率 {kw:,.1f} kW：超过 {cap:,.1f} kW 的功率上限 {over:,.1f} kW（{share:.0%}）",
    "meets-power-cap": "机房功率 {kw:,.1f} kW，在 {cap:,.1f} kW 的功率上限内，余 {margin:,.1f} kW",
    "over-rack-power": "单台服务器机房功率 {kw:,.1f} kW：超过机架允许的 {cap:,.1f} kW {over:,.1f} kW（{share:.0%}）",
    "meets-rack-power": "单台服务器机房功率 {kw:,.1f} kW，在机架允许的 {cap:,.1f} kW 之内",
}
