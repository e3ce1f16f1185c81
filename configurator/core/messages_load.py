"""What every screen says of a serving question asked without a load (session 35, noload): a chat or
API service given neither users at once nor a request rate is sized for one user, an offline batch
given no volume for one full batch per model copy; until then only the batch's planner note said
so, in the warnings, and the summary's title read "Serve Llama 3 70B to 1 users". The rule is
:func:`configurator.core.serving_use.load_not_given`."""

from __future__ import annotations

LOAD_ENGLISH: dict[str, str] = {
    "load-not-given": (
        "No load given: sized for 1 user at once, so every count and cost here is for a single user. To size "
        "it for your load, give the users at once (--concurrency; the editor's Concurrency; the wizard's Users "
        "served together) or the request rate (--requests-per-s or --requests-per-day; the editor's Request rate)"
    ),
    "load-not-given-batch": (
        "No volume given: planned as one full batch per model copy (the largest batch memory and the engine "
        "hold), so each count is one configuration of its card kept busy, not a fleet sized to your work. To "
        "size it, give the requests a day (--requests-per-day; the wizard's Requests a day) or the users at once "
        "(--concurrency; the editor's Concurrency)"
    ),
    "load-not-given-short": "No load given: sized for 1 user at once — give the users at once (Concurrency) or the "
                            "request rate",
    "load-not-given-batch-short": "No volume given: one full batch per model copy — give the requests a day or "
                                  "the users at once (Concurrency)",
    "users-read-at-once": "{users:,} users read as users at once, all served together. If they are users a day, give "
                          "their requests a day instead (as the Request rate, per second)",
    "users-read-at-once-flags": "{users:,} users read as users at once, all served together. If they are users a "
                                "day, give their requests a day instead: --requests-per-day",
    "reason-smallest-purchase": (
        "The smallest purchase ranked, for a load this small: {count:,} × {card}, capex {capex:.0money}, "
        "{per_unit:.4gmoney} per million tokens ({ratio:,.2f}× the first's cost per token; the first's "
        "capex {first_capex:.0money})"
    ),
}
"""English templates: the note in full (command line, panel, wizard, summary), its few words (a
panel's line over the ranking, its tooltip the note in full) and the winner's line on the smallest purchase."""

LOAD_CHINESE: dict[str, str] = {
    "load-not-given": "未给出负载：按同时 1 位用户规划，此处各卡数与成本均只对应一位用户。如需按实际负载规划，请填写同时服务的用户数"
                      "（--concurrency；编辑器的“并发用户”；向导的“同时服务的用户”）或请求速率（--requests-per-s 或 "
                      "--requests-per-day；编辑器的“请求速率”）",
    "load-not-given-batch": "未给出处理量：按每个模型副本一个满批次规划（内存与引擎能容纳的最大批量），因此各卡数只是该卡满负荷运行的"
                            "一种配置，并非按您的工作量确定的规模。如需按实际用量规划，请填写每天请求数（--requests-per-day；向导的"
                            "“每天请求数”）或同时服务的用户数（--concurrency；编辑器的“并发用户”）",
    "load-not-given-short": "未给出负载：按同时 1 位用户规划——请填写同时服务的用户数（“并发用户”）或请求速率",
    "load-not-given-batch-short": "未给出处理量：每个模型副本一个满批次——请填写每天请求数或同时服务的用户数（“并发用户”）",
    "users-read-at-once": "{users:,} 位用户按同时在线读取，全部同时服务。如为每天的用户数，请改填他们每天的请求数"
                          "（填入“请求速率”，按每秒）",
    "users-read-at-once-flags": "{users:,} 位用户按同时在线读取，全部同时服务。如为每天的用户数，请改填他们每天的"
                                "请求数：--requests-per-day",
    "reason-smallest-purchase": "负载很小时，已排名中采购额最小的是：{count:,} × {card}，资本支出 {capex:.0money}，"
                                "每百万词元 {per_unit:.4gmoney}（每词元成本为第一名的 {ratio:,.2f} 倍；第一名资本支出 "
                                "{first_capex:.0money}）",
}
"""Simplified Chinese templates, in the vocabulary of resources/i18n/glossary.json."""
