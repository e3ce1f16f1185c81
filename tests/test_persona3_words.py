"""Session 25 persona findings (/tmp/persona3/findings.md): one table of bill-of-materials item
names for the summary and the window; the wording a buyer would not sign."""

from __future__ import annotations

import json
from pathlib import Path

from configurator.core.view.bom_names import ITEMS, item_label
from configurator.core.view.words import Words

ROOT = Path(__file__).resolve().parents[1]


def _cjk(text: str) -> bool:
    return any("\u4e00" <= c <= "\u9fff" for c in text)


def test_every_priced_item_has_one_short_name_in_both_languages():
    """The price file's items are named once (core/view/bom_names.py), in English and Chinese."""
    items = json.loads((ROOT / "resources" / "procurement_prices.json").read_text(encoding="utf-8"))["items"]
    ids = list(items) if isinstance(items, dict) else [item["id"] for item in items]
    for item_id in ids:
        assert item_id in ITEMS, item_id
        english, chinese = item_label(item_id, Words("en")), item_label(item_id, Words("zh_CN"))
        assert "{" not in english and "{" not in chinese, item_id
        assert _cjk(chinese) or chinese != english, item_id
    assert item_label("server-pcie-4", Words("en")) == "4-slot PCIe GPU server (no GPUs)"
    assert item_label("no-such-item", Words("en")) is None


def test_the_summary_and_the_window_read_the_same_names(qapp):
    """The BOM panel's item names are the summary's (they were two tables with different words)."""
    from configurator.app.bom_panel import item_names
    from configurator.report.language import item_name

    class Line:
        kind, role, unit_price, source, name = "server", "", 1.0, "x", "long description"

        def __init__(self, item_id):
            self.item_id = item_id

    names = item_names()
    for item_id in ITEMS:
        assert names[item_id] == item_name(Line(item_id), Words("en")), item_id


def _buyer_a():
    """Persona A: a 70B chatbot for 200 users, delivered to China, 2,700,000 CNY capex; the closest
    configuration (16 × Ascend 910B) is over the budget, and some cards meeting every constraint
    are unranked (no price; the Ascend 910C server: no board power). The persona's budget was
    3,000,000 CNY, the 16 cards' bill 3,249,092 CNY; since two servers are cabled back to back
    (smallfabric, b48582fd: no scale-out switch) the bill is 2,912,146 CNY, under it, and the choice
    recommended: the budget is set about as far under the bill as it was (8 %)."""
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.currency import dated_rate
    from configurator.core.estimate import estimate
    from configurator.core.scenario import Scenario

    catalog = load_catalog()
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", card_id="ascend-910b", count=16,
                        serving={"use": "chat", "concurrency": 200}, parallelism={"tp": 8},
                        constraints={"region": "cn", "budget": 2_700_000.0},
                        economics={"currency": "CNY", "usd_to_currency": dated_rate("CNY").per_usd})
    return estimate(scenario, catalog.get("ascend-910b")), catalog


def test_no_fit_page_one_does_not_say_none_meets_and_then_that_some_do():
    """#2: "No other card's configuration meets every constraint set either." was followed by
    "4 other cards that meet every constraint are not ranked"; it now speaks of the rankable ones."""
    from configurator.report.summary import build_summary

    chosen, catalog = _buyer_a()
    # session 51 (buyer51): the Ascend 910C server, unranked for want of a board power until then, is ranked on
    # its total without energy, so page 1 recommends it where it said no rankable card meets them all
    for language, said, unsaid in (
            ("en", "Recommended by lowest total cost of ownership: 8 × Ascend 910C server",
             "No other card's configuration"),
            ("zh_CN", "按总拥有成本最低推荐：8 × 昇腾 910C 服务器", "也没有其他卡的配置")):
        text = build_summary(chosen, catalog, language).recommendation
        assert said in text and unsaid not in text, text


def _render_job():
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.estimate import estimate
    from configurator.core.scenario import Scenario

    catalog = load_catalog()
    scenario = Scenario(model=preset("llama3-8b"), workload="render", card_id="rtx-pro-6000-blackwell", count=8,
                        graphics={"frames": 2000, "reference_card": "rtx-4090", "reference_minutes_per_frame": 5.0})
    return estimate(scenario, catalog.get("rtx-pro-6000-blackwell")), catalog


def test_a_render_job_says_on_page_one_how_long_it_takes_and_names_its_reference_card():
    """#3, #4: page 1 gave the cost per frame but not the 13.7 h the job takes (page 3 only); the
    workload table named the reference card by its id ("on rtx-4090")."""
    from configurator.report.summary import build_summary

    est, catalog = _render_job()
    for language, heading in (("en", "Time for the job"), ("zh_CN", "完成任务所需时间")):
        summary = build_summary(est, catalog, language)
        glance = dict(summary.headline)
        assert heading in glance and glance[heading].endswith(("h", "min", "小时", "分钟")), glance
        cells = " ".join(" ".join(row) for table in summary.tables for row in table.rows)
        assert "rtx-4090" not in cells and "GeForce RTX 4090" in cells


def test_one_latency_one_unit_in_the_serving_tradeoff_table():
    """#5: the trade-off table gave TTFT p90 in seconds (0.578) beside p90 578 ms a page before."""
    from configurator.core.view.tradeoff_view import front_table
    from configurator.core.view.words import Words

    class Point:
        per_gpu, per_user, ttft_s, meets_targets, chosen, on_front, overloaded = 150.0, 10.0, 0.578, True, False, True, False

    class Tradeoff:
        percentile, front, chosen, count, chip_word = 90, (Point(),), None, 16, "GPU"

    import configurator.core.view.tradeoff_view as view
    names = view.layout_name
    try:
        view.layout_name = lambda p, count, w: "TP 8"
        heading, rows = front_table(Tradeoff(), Words("en"))
    finally:
        view.layout_name = names
    assert heading[3] == "TTFT p90 [ms]" and rows[0][3] == "578"


def test_calibration_rows_are_named_by_model_not_by_preset_id():
    """#6: "llama3-8b · 1 × H200 SXM 141GB" among "LLaMA 70B · 4 × A100" in the calibration table."""
    from configurator.core.view.rows import named_rows

    band = type("B", (), {"row_names": (("llama3-8b · 1 × H200 SXM 141GB", 2), ("LLaMA 70B · 4 × A100", 1))})()
    assert named_rows(band) == ["Llama 3 8B · 1 × H200 SXM 141GB (2 rows)", "LLaMA 70B · 4 × A100"]


def test_the_bill_names_the_cards_once():
    """#16: "Accelerators | Ascend 910B — Accelerator cards" said the kind twice; spares still say so."""
    from configurator.report.language import item_name

    class Line:
        kind, unit_price, source, item_id = "accelerator", 1.0, "catalog", "ascend-910b"

        def __init__(self, role, name):
            self.role, self.name = role, name

    assert item_name(Line("", "Ascend 910B"), Words("zh_CN")) == "昇腾 910B"  # the card's Chinese name (session 25)
    assert item_name(Line("spare", "Ascend 910B (spares)"), Words("zh_CN")) == "昇腾 910B——加速卡（备件）"


def test_the_class_reason_names_the_class_as_a_card_in_chinese():
    """#22: "Instinct MI355X（训练）每词元成本比最好的推理卡 …" beside the graphics line's "（工作站卡）… 最佳图形卡"."""
    from configurator.core.messages import msg

    for message_id in ("reason-class-cheaper", "reason-class-faster"):
        text = msg(message_id, card="X", category="training", other_category="inference", other="Y",
                   ratio=3.3, cheaper=0.7).text_in("zh_CN")
        assert "X（训练卡）" in text and "最佳推理卡 Y" in text, text


def test_a_serving_cards_allowance_says_it_is_the_engines_share():
    """#11: "Allowed 57.0 GiB" beside the card's "Usable memory 63.4 GiB (measured)", unexplained."""
    from configurator.core.view.estimate_view import estimate_view
    from configurator.core.view.rows import write

    chosen, _catalog = _buyer_a()
    row = estimate_view(chosen).rows_of(("memory.budget",))[0]
    said = write(row.value, "en").replace("\xa0", " ")
    assert said.startswith("57.0 GiB (90.0 % of the card's 63.4 GiB: the serving engine's share)"), said
    assert "推理引擎预留的份额" in write(row.value, "zh_CN")


def test_the_summarys_exchange_rate_is_said_in_the_summarys_language():
    """#28: "汇率 7.0197 CNY/USD (2026-01) [12]" - the window's phrase has its Chinese."""
    from configurator.report.summary import build_summary

    chosen, catalog = _buyer_a()
    rows = dict(row for table in build_summary(chosen, catalog, "zh_CN").tables if table.key == "assumptions"
                for row in table.rows)
    assert "价格文件" in rows["汇率"] and "(" not in rows["汇率"], rows["汇率"]
