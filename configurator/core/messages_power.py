"""Message templates of board power, power caps and energy (a card with no published board power,
the power cap and a rack position's power, the energy of a job paced to its deadline), in both
languages; merged into :mod:`configurator.core.messages`' catalogues, keyed by message id.

The power cap is the deployment's facility power (average draw × PUE; at the users' desks their draw, no PUE);
the power per server is one server's IT power at its rack's PDU (cards at TDP and host, no PUE). Their kW are
written to ``{d}`` decimals (:func:`configurator.core.message_numbers.decimals_apart`: a miss never reads "0.0 kW")."""

from __future__ import annotations

POWER_ENGLISH: dict[str, str] = {
    "no-tdp": "{card} has no published board power: power and energy cannot be estimated",
    "no-tdp-system": "{card} has no published board power: energy is counted from its rack-scale system's "
                     "published power ({kw:,.0f} kW a system); a card's own power cannot be estimated",
    "paced-energy": (
        "The job takes {hours:sig} h of every {deadline:,g} h deadline, the pace asked; energy counts the hours "
        "the cards wait at load power (no idle power on file: an upper bound)"
    ),
    "paced-energy-days": (
        "The job takes {days:days} of every {deadline:,g}-day deadline, the pace asked; energy counts the "
        "hours the cards wait at load power (no idle power on file: an upper bound)"
    ),
    "total-excludes-energy": "The total excludes energy (no published board power)",
    "totals-exclude-energy": "{rows}: TCO and cost per unit exclude energy (no published board power)",
    "unknown-power-for-cap": "{card} has no published board power: the power cap cannot be checked",
    "unknown-power-for-rack": "{card} has no published board power: the power one server draws cannot be checked",
    "over-power-cap": "Facility power {kw:,.{d}f} kW (average draw, PUE included): over the {cap:,.{d}f} kW power cap "
                      "by {over:,.{d}f} kW ({share:.0%})",
    "over-rack-power": "One server draws {kw:,.{d}f} kW of IT power at the rack's PDU (cards at TDP and host): "
                       "{over:,.{d}f} kW ({share:.0%}) over the {cap:,.{d}f} kW a rack position allows",
    "meets-power-cap": "Facility power {kw:,.{d}f} kW (average draw, PUE included), {margin:,.{d}f} kW within the "
                       "{cap:,.{d}f} kW power cap",
    "over-power-cap-desks": "Power at the desks {kw:,.{d}f} kW (average draw, an office's: no PUE): over the "
                            "{cap:,.{d}f} kW power cap by {over:,.{d}f} kW ({share:.0%})",
    "meets-power-cap-desks": "Power at the desks {kw:,.{d}f} kW (average draw, an office's: no PUE), "
                             "{margin:,.{d}f} kW within the {cap:,.{d}f} kW power cap",
    "meets-rack-power": "One server draws {kw:,.{d}f} kW of IT power at the rack's PDU (cards at TDP and host), within "
                        "the {cap:,.{d}f} kW a rack position allows",
}

POWER_CHINESE: dict[str, str] = {
    "no-tdp": "{card} 无公开功耗：无法估算功率和能耗",
    "no-tdp-system": "{card} 无公开功耗：能耗按其机柜级系统的公开功率计（每套 {kw:,.0f} kW）；无法估算单卡功率",
    "unknown-power-for-cap": "{card} 没有公开的板卡功耗：无法核对功率上限",
    "unknown-power-for-rack": "{card} 没有公开的板卡功耗：无法核对单台服务器的功率",
    "paced-energy": (
        "作业在每个 {deadline:,g} 小时的期限内需要 {hours:sig} 小时，即所要求的进度；卡等待的时间按满载功率计入能耗"
        "（无空闲功耗数据：为上限）"
    ),
    "paced-energy-days": (
        "作业在每个 {deadline:,g} 天的期限内需要 {days:days}，即所要求的进度；卡等待的时间按满载功率计入能耗"
        "（无空闲功耗数据：为上限）"
    ),
    "total-excludes-energy": "总额不含电费（无公开的板卡功耗）",
    "totals-exclude-energy": "{rows}：TCO 和单位成本均不含电费（无公开的板卡功耗）",
    "over-power-cap": "机房功率 {kw:,.{d}f} kW（平均功耗，含 PUE）：超过 {cap:,.{d}f} kW 的功率上限 {over:,.{d}f} kW"
                      "（{share:.0%}）",
    "meets-power-cap": "机房功率 {kw:,.{d}f} kW（平均功耗，含 PUE），在 {cap:,.{d}f} kW 的功率上限内，余 {margin:,.{d}f} kW",
    "over-power-cap-desks": "工位功率 {kw:,.{d}f} kW（平均功耗，办公室：不计 PUE）：超过 {cap:,.{d}f} kW 的功率上限 "
                            "{over:,.{d}f} kW（{share:.0%}）",
    "meets-power-cap-desks": "工位功率 {kw:,.{d}f} kW（平均功耗，办公室：不计 PUE），在 {cap:,.{d}f} kW 的功率上限内，"
                             "余 {margin:,.{d}f} kW",
    "over-rack-power": "单台服务器在机架 PDU 处的 IT 功率 {kw:,.{d}f} kW（板卡按 TDP 加主机）：超过机架允许的 "
                       "{cap:,.{d}f} kW {over:,.{d}f} kW（{share:.0%}）",
    "meets-rack-power": "单台服务器在机架 PDU 处的 IT 功率 {kw:,.{d}f} kW（板卡按 TDP 加主机），在机架允许的 {cap:,.{d}f} kW 之内",
}
