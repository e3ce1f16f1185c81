"""Session 24 persona findings on wording (/tmp/persona/findings.md #6, #8, #12, #19): one phrase,
both languages, declared once; per card why it is unranked; one rounding per quantity."""

from __future__ import annotations

from configurator.core.messages import TERMS, msg
from configurator.core.messages_offers import OFFER_CHINESE
from configurator.core.view.words_catalog import ZH_CN_OFFER


def test_a_rent_elsewhere_names_its_provider_in_chinese():
    """#6: "median of 3 providers" was English inside the Chinese note (the provider passed raw)."""
    note = msg("cloud-price-abroad-only", card="X", provider="median of 3 providers", amount=2.0, currency="USD")
    assert "3 家服务商的中位数" in note.text_in("zh_CN")
    assert "median of" not in note.text_in("zh_CN")
    assert "median of 3 providers" in note.text


def test_the_offer_words_are_declared_once():
    """The catalog's price rows and the messages read the one table."""
    assert ZH_CN_OFFER is OFFER_CHINESE
    assert all(TERMS["zh_CN"][english] == chinese for english, chinese in OFFER_CHINESE.items())


def test_the_summary_says_per_card_why_it_is_not_ranked():
    """#8: the first page said "no price" of the Ascend 910C server, which has a price and lacks a
    board power; now each unranked card carries the recommendation's own reason, as the CLI says."""
    from configurator.core.catalog import load_catalog
    from configurator.core.estimate import estimate
    from configurator.core.architecture import preset
    from configurator.core.currency import dated_rate
    from configurator.core.scenario import Scenario
    from configurator.core.view.card_names import card_name
    from configurator.report.summary import build_summary, ranked_options

    catalog = load_catalog()
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", card_id="v100-sxm-32gb", count=48,
                        serving={"use": "chat"}, constraints={"region": "cn", "budget": 3_000_000.0,
                                                             "requests_per_s": 10.0},
                        economics={"currency": "CNY", "usd_to_currency": dated_rate("CNY").per_usd})
    chosen = estimate(scenario, catalog.get("v100-sxm-32gb"))
    _mine, priced, unpriced = ranked_options(chosen, catalog)
    why = {o.estimate.card.id: o.reason.id for o in unpriced if o.reason is not None}
    assert why.get("br100") == "no-price"
    # session 51 (buyer51): the 910C server's total without its energy (no published board power) is ranked,
    # after every complete total, and the alternatives say what it leaves out
    assert "ascend-910c-a3-server" in {o.estimate.card.id for o in priced}
    for language, excluded, price in (("en", ": TCO and cost per unit exclude energy (no published board power).",
                                       " (no price)"),
                                      ("zh_CN", "：TCO 和单位成本均不含电费（无公开的板卡功耗）。", "（无价格）")):
        summary = build_summary(chosen, catalog, language)
        server_name = card_name("Ascend 910C server — Atlas 800T/800I A3 (8 per server)", language)  # 昇腾 in Chinese
        assert price in summary.recommendation
        table = {t.key: t for t in summary.tables}["alternatives"]
        server = next(row for row in table.rows if server_name in row[1])
        assert server[0] != "—" and server[4].endswith(("CNY", "元"))  # ranked, with its capex
        assert f"{server_name}{excluded}" in table.note


def test_the_china_export_status_is_the_buyers_own_only_where_they_deliver_to_china():
    """#19: an English buyer who set no region read "Export status: Delivery to China: not
    permitted …" on page 1 as their own verdict; it is now labelled for that destination."""
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.estimate import estimate
    from configurator.core.scenario import Scenario
    from configurator.report.summary import build_summary

    catalog = load_catalog()
    for region, en, zh in ((None, "Export status, if delivered to China", "出口管制状态（如交付到中国大陆）"),
                           ("other", "Export status, if delivered to China", "出口管制状态（如交付到中国大陆）"),
                           ("cn", "Export status", "出口管制状态")):
        scenario = Scenario(model=preset("llama3-8b"), workload="inference", card_id="h100-sxm", count=8,
                            constraints={"region": region})
        chosen = estimate(scenario, catalog.get("h100-sxm"))
        for language, label in (("en", en), ("zh_CN", zh)):
            names = [name for name, _value in build_summary(chosen, catalog, language).headline]
            assert label in names, (region, language, names)


def test_one_number_is_rounded_one_way_in_a_message_and_on_the_screen():
    """#12: "≤ 100 ms" beside "within the 100.0 ms default"; "Time for the job 36.1 min" beside
    "0.6 h for the job"; "13.7 % headroom" beside "fits with 14 % memory headroom"."""
    from configurator.core.view import numbers

    tpot = msg("meets-tpot", ms=0.08004 * 1000, percentile="p90", target=100.0, what="default for interactive chat")
    assert f"Time per output token {numbers.significant(80.04)} ms" in tpot.text
    assert "within the 100 ms default" in tpot.text
    assert numbers.milliseconds(0.1) == "100\u00a0ms" and "在 100 ms 的" in tpot.text_in("zh_CN")
    ttft = msg("meets-ttft", ms=813.44, percentile="p90", target=1000, what="target")
    assert ttft.text.startswith(f"Time to first token {numbers.significant(813.44)} ms") and "1,000 ms" in ttft.text
    render = msg("reason-render-speed", card="X", minutes=3.2831, hours=0.6016, count=192)
    assert f"{numbers.quantity(3.2831, 'min')} per frame".replace("\u00a0", " ") in render.text
    assert f"{numbers.duration(0.6016)} for the job" in render.text  # 36.1 min, not 0.6 h
    assert f"完成任务需 {numbers.duration(0.6016, 'zh_CN')}" in render.text_in("zh_CN")
    assert f"{numbers.duration(30.0)} for the job" in msg("reason-render-speed", card="X", minutes=1.0, hours=30.0,
                                                            count=2).text
    fit = msg("reason-compute-bound", card="X", mfu=41.2, headroom=13.66)
    assert f"fits with {numbers.percent(0.1366)} memory headroom" in fit.text  # one percent writer


def test_the_cost_chart_says_when_its_basis_is_not_the_rankings():
    """#20 (core side): the window's cost chart is on the estimate's basis (cloud rent where the card
    has one) while the ranking is by TCO; the view names the difference for the chart to show."""
    from configurator.core.view.cost_bases import chart_basis_note
    from configurator.core.view.rows import write

    assert chart_basis_note("tco", 4) is None and chart_basis_note(None) is None
    en, zh = (write(chart_basis_note("cloud", 4), language) for language in ("en", "zh_CN"))
    assert en.startswith("This chart: cloud rent. The ranking: total cost of ownership") and "4 years" in en
    assert zh.startswith("本图：云租用价格。排名依据：总拥有成本") and "This chart" not in zh
