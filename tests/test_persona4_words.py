"""Session 36 persona findings (a Chinese procurement officer and an ML engineer with a deadline, in
both languages): the words and numbers they would not sign."""

from __future__ import annotations

from configurator.core.bill_covers import ALL_KINDS
from configurator.core.view.numbers import duration_like
from configurator.core.view.rows import Amount, Band, write
from configurator.core.view.words import Words


def test_a_likely_range_of_a_job_time_is_in_its_value_s_unit():
    """'47.7 h (likely 45.3 h – 2.37 days)' made the reader convert days to hours to compare the ends."""
    time = Amount(47.7, "h", band=Band(47.7, 45.3, 56.8, "train-throughput", "2-64", ()))
    assert write(time, "en") == "47.7\u00a0h (likely 45.3–56.8\u00a0h)"
    assert write(time, "zh_CN") == "47.7\u00a0小时（可能 45.3–56.8\u00a0小时）"
    days = Amount(24 * 3.5, "h", band=Band(24 * 3.5, 40.0, 24 * 4.0, "train-throughput", "2-64", ()))
    assert write(days, "en") == "3.50\u00a0days (likely 1.67–4.00\u00a0days)"
    assert duration_like(0.5, 2.0) == "0.500\u00a0h"
    assert duration_like(None, 2.0) == "—"


def test_card_kinds_are_counted_as_kinds_in_chinese():
    """'19 张卡在基准线以下' counted 19 cards; the line counts configurations and kinds of card (种)."""
    zh = Words("zh_CN")
    assert zh("{n} below the line, {m} left out; see --json for why.", n="19", m="51") == \
        "19 种配置在基准线以下，51 种卡被排除；原因见 --json。"
    assert zh("{n} cards left out; see --json for why.", n="51") == "51 种卡被排除；原因见 --json。"


def test_card_hours_read_as_card_hours_in_chinese():
    """'GPU 时' is not said in Chinese, and an Ascend NPU is no GPU: 卡时, as Chinese practitioners say."""
    zh = Words("zh_CN")
    assert zh.label("GPU-hours") == "卡时"
    assert write(Amount(763.6, "GPU-h", digits=4), "zh_CN") == "763.6\u00a0卡时"


def test_a_missed_deadline_is_rounded_as_the_screen_rounds_it():
    """The ML engineer's 64 × H100 for Llama 3 70B: the headline said 'misses the deadline by 154 days' and
    the job's time '184 days', the verdict below them 'Takes 183.9 days: … by 153.9 days'."""
    from configurator.core.messages import deadline_msg

    missed = deadline_msg("misses-deadline", 720.0, {"hours": 183.9 * 24}, {"over": 153.9 * 24}, share=5.13)
    assert missed.text == "Takes 184 days: misses the 30-day deadline by 154\u00a0days (513\u00a0%)"
    assert missed.text_in("zh_CN") == "需要 184 天：超出 30 天的期限 154\u00a0天（513%）"
    met = deadline_msg("meets-deadline", 10.0, {"hours": 5.234}, {"margin": 4.766})
    assert met.text == "Takes 5.23 h, 4.77\u00a0h within the 10 h deadline"


def test_the_editor_counts_users_at_once_as_the_summary_and_the_wizard_do(qapp):
    """The Chinese editor read '并发序列 200 条序列' beside the summary's '为 200 位同时在线用户' and the
    wizard's '个并发用户': the same 200 people, in three words. Now 并发用户, 200 个用户."""
    from PySide6.QtCore import QCoreApplication

    from configurator.app import i18n
    from configurator.core.fields import FIELDS

    field = next(f for f in FIELDS if f.path == "serving.concurrency")
    i18n.install_language("zh_CN")
    try:
        said = [QCoreApplication.translate(t.context, t.source) for t in (field.row_label, field.suffix, field.label)]
    finally:
        i18n.install_language("en")
    assert said == ["并发用户(&U)", " 个用户", "并发用户数"]
    assert QCoreApplication.translate(field.suffix.context, field.suffix.source) == " users"
    assert Words("zh_CN").label("concurrency") == "并发用户数"


def test_the_panel_counts_kinds_of_card_with_the_measure_word_of_kinds(qapp):
    """The recommendation panel said '下方列出 23 张卡' and '另有 47 张卡被排除' (23 cards, 47 cards): it
    lists 23 configurations and leaves out 47 kinds of card, as the status bar's catalog of '70 张卡' holds
    70 kinds; 张 counts the cards bought, 种 the kinds."""
    from PySide6.QtCore import QCoreApplication

    from configurator.app import i18n

    i18n.install_language("zh_CN")
    try:
        panel = [QCoreApplication.translate("RecommendationPanel", text, "", 23) for text in (
            "%n card(s) listed below, each with what it breaks or lacks.",
            "%n other card(s) left out (filtered out, not deliverable, or further from your constraints).",
            "%n card(s) left out.")]
        catalog = QCoreApplication.translate("MainWindow", "%n card(s)", "", 70)
        bought = QCoreApplication.translate("ComparisonDialog", "%n card(s)", "", 8)
    finally:
        i18n.install_language("en")
    assert all("23 种卡" in text for text in panel), panel
    assert catalog == "70 种卡" and bought == "8 张卡"


def test_an_export_licence_a_row_below_the_line_needs_is_said_first():
    """A buyer in China who may not buy export-controlled cards: 32 × H20 read 'Capex … over budget …
    (and 1 more)', the licence it needs hidden; the list is ordered by export status first, so is the cell."""
    from types import SimpleNamespace

    from configurator.core.messages import msg
    from configurator.core.view.ranking_view import breaks_cell

    budget = msg("over-budget", covers=ALL_KINDS, cost=4572193.0, over=1572193.0, share=0.52, currency="CNY",
                 budget=3e6)
    licence = msg("export-licence-required", card="H20 96GB (China export SKU)", date="2025-04-15")
    rec = SimpleNamespace(reasons=(budget, licence), estimate=SimpleNamespace(violations=(
        SimpleNamespace(id="budget", message=budget), SimpleNamespace(id="region", message=licence))))
    said = write(breaks_cell(rec), "en")
    assert said.startswith("H20 96GB (China export SKU) needs a US export licence") and said.endswith("(and 1 more)")
    alone = SimpleNamespace(reasons=(budget,), estimate=SimpleNamespace(violations=(
        SimpleNamespace(id="budget", message=budget),)))
    assert write(breaks_cell(alone), "en").startswith("Capex 4,572,193 CNY")


def test_owned_training_cards_say_how_long_they_take_alone_as_estimate_does(capsys):
    """The ML engineer with 64 × H100 and Llama 3 70B on 1T tokens in 30 days: the ranking put 400 × H100
    (the 64 owned and 336 more) ninth, past the rows shown, and never said what the 64 do alone. Now its
    first line does, timed as ``estimate --count 64`` times it (the job's global batch, not the one
    widened for 400 cards: 187 days against estimate's 184 before)."""
    import json

    from configurator.cli import main

    job = ["--workload", "pretrain", "--model", "llama3-70b", "--tokens", "1T"]
    assert main(["recommend", *job, "--deadline", "30d", "--owned", "h100-sxm:64", "--limit", "3", "--json"]) == 0
    note = json.loads(capsys.readouterr().out)["owned_alone"]
    assert note["id"] == "owned-alone-job-late"
    params = note["params"]
    assert params["owned"] == 64 and params["extra"] == params["count"] - 64 and params["time"] <= 720
    assert main(["estimate", *job, "--card", "h100-sxm", "--count", "64", "--json"]) == 0
    alone = json.loads(capsys.readouterr().out)["time"]["hours"]
    assert abs(params["alone"] - alone) < 0.01 * alone
    assert abs(params["over"] - (alone - 720)) < 0.01 * alone
    assert main(["recommend", *job, "--deadline", "30d", "--owned", "h100-sxm:64", "--limit", "3",
                 "--lang", "zh_CN"]) == 0
    first = capsys.readouterr().out.splitlines()[2]
    assert first.startswith("已拥有的 64 × H100 SXM5 80GB 单独完成此任务需要 ") and "超出期限" in first
    assert "排名第 " in first


def test_the_summary_of_a_training_recommendation_ranks_the_job_as_recommend_does(tmp_path, capsys):
    """Llama 3 70B on 1T tokens in 30 days, no card chosen: the summary planned the other cards on the global
    batch widened for the recommended 232 × Gaudi 3 (4,276,224 tokens), not the job's (4,194,304), and its
    alternatives were not recommend's (408 × MI300X in 24.4 days beside recommend's 392 in 25.4)."""
    import json

    from configurator.cli import main

    job = ["--workload", "pretrain", "--model", "llama3-70b", "--tokens", "1T", "--deadline", "30d"]
    assert main(["recommend", *job, "--limit", "6", "--json"]) == 0
    ranked = {(r["card"]["id"], r["count"]): r["time"]["hours"] for r in json.loads(capsys.readouterr().out)["ranked"]}
    path = tmp_path / "summary.json"
    assert main(["report", *job, "-o", str(path)]) == 0
    capsys.readouterr()
    summary = json.loads(path.read_text(encoding="utf-8"))
    shown = {(a["card"]["id"], a["count"]): a["time"]["hours"] for a in summary["alternatives"]}
    common = set(ranked) & set(shown)
    assert len(common) >= 4, (ranked, shown)
    assert all(abs(shown[k] - ranked[k]) < 1e-6 * ranked[k] for k in common)
    assert summary["estimate"]["layout"]["global_batch_tokens"] >= 4_000_000


def test_a_chinese_provider_is_named_with_full_width_brackets_in_chinese():
    """'在中国境内向云擎天下 (Omniyq)租用': the catalog's provider, half-width brackets in a Chinese sentence."""
    from configurator.core.messages import msg

    said = msg("region-domestic-rented", card="昇腾 910B", provider="云擎天下 (Omniyq)").text_in("zh_CN")
    assert "向云擎天下（Omniyq）租用" in said


def test_the_messages_read_as_a_moved_batch_are_the_planners_batch_moves():
    """serving_use.asked_scenario tells a moved global batch by its message's ``batch`` and ``used`` (the
    planner imports serving_use, so it cannot import the planner's list): the two agree."""
    import re

    from configurator.core.messages import ENGLISH, Message
    from configurator.core.serving_use import _moves_batch
    from configurator.core.workloads.training.deployment import BATCH_MOVES

    for message_id, template in ENGLISH.items():
        params = dict.fromkeys(re.findall(r"\{(\w+)", template), 1)
        assert _moves_batch(Message(message_id, params)) == (message_id in BATCH_MOVES), message_id


def test_a_deadline_set_is_written_as_the_verdict_beside_it_writes_it():
    """Page 1's constraints read 'within 30.0 days' set, and 'within the 30-day deadline' beside it."""
    from configurator.core.view.constraints_view import target_phrase
    from configurator.core.verdicts import Verdict

    def set_(hours: float, language: str) -> str:
        verdict = Verdict(id="deadline", target=hours, actual=hours - 10, unit="h", met=True, by=-10.0, share=-0.01)
        return write(target_phrase(verdict), language)

    assert set_(720.0, "en") == "within 30\u00a0days" and set_(720.0, "zh_CN") == "30\u00a0天之内"
    assert set_(48.0, "en") == "within 48\u00a0h" and set_(36.5, "en") == "within 36.5\u00a0h"
    assert set_(170.0, "en") == "within 7.08\u00a0days"


def test_launch_notes_say_tokens_as_the_rest_of_the_chinese_app_does():
    """The launch script's Chinese comments said 令牌 for tokens where every other page says 词元, and
    '用于llama3-70b 的预训练' without the space before a Latin name."""
    from configurator.core.launch.notes import NOTES

    chinese = " ".join(zh for _, zh in NOTES.values())
    assert "令牌" not in chinese and "用于{" not in chinese


def test_the_command_lines_ranking_names_its_latency_column_by_its_percentile(capsys):
    """recommend's table read 'Time per output token 81.8 ms' for 16 × Ascend 910B, its reasons below 'p90
    98.8 ms': two figures, one name. The column is named by its percentile: since slo95 (session 39) the
    targets' (chat's p90), the figure the constraints check, no longer the median."""
    from configurator.cli import main

    assert main(["recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--concurrency", "200",
                 "--region", "cn", "--limit", "2", "--lang", "zh_CN"]) == 0
    assert "每输出词元时间（p90）" in capsys.readouterr().out.splitlines()[3]


def test_the_chinese_estimate_heading_names_the_class_as_a_card_and_energy_in_kwh():
    """'16 × 昇腾 910B（训练），推理' read as 'training, inference'; the tables say 训练卡. And '870 千瓦时' stood
    above '电价 0.630 CNY/kWh' and beside '18.2 kW': one unit, written one way."""
    from configurator.core.view.rows import Phrase

    heading = Phrase("{workload} on {count} × {card} ({card_class})", {
        "count": 16, "card": "Ascend 910B", "card_class": "a training-class card", "workload": "Inference serving"})
    assert write(heading, "zh_CN") == "推理服务，16 × 昇腾 910B（训练卡）"
    assert write(Amount(870.0, "kWh"), "zh_CN") == "870\u00a0kWh"


def test_the_chinese_editor_prices_electricity_per_kwh_as_the_pages_do(qapp):
    """The estimate and the summary write energy in kWh in Chinese (beside kW and CNY/kWh); the editor's
    electricity price still read '0.630 /千瓦时' (review, session 36)."""
    from PySide6.QtCore import QCoreApplication

    from configurator.app import i18n
    from configurator.core.fields import BY_PATH

    suffix = BY_PATH["economics.electricity_per_kwh"].suffix
    i18n.install_language("zh_CN")
    try:
        said = QCoreApplication.translate(suffix.context, suffix.source)
    finally:
        i18n.install_language("en")
    assert said == " /kWh" and write(Amount(870.0, "kWh"), "zh_CN").endswith("kWh")


def test_the_price_decision_counts_kinds_of_card():
    """'在每张有价卡的价格范围内' (within the range of each priced card, 张: one card bought) is each kind's."""
    from configurator.core.messages import CATALOGUES

    chinese = " ".join(text for key, text in CATALOGUES["zh_CN"].items() if key.startswith("price-"))
    assert "每张有价卡" not in chinese and "只改变一张卡" not in chinese and "每种有价卡" in chinese


def test_a_training_jobs_time_is_said_in_its_deadlines_unit_as_a_render_jobs_is():
    """3B tokens on 16 × Ascend 910B take 80.0 h (79.5 h before session 48's training refit, the output
    head no longer rerun under recomputation; 80.3 h before interleaved pipelines hid their sends,
    December 2026; 80.6 h before the refit of session 38, 80.7 h before
    the training refit of session 37, 71.6 h before their own 200GE ports were counted,
    session 36): 'Time for the token budget 2.98 days' stood beside
    'misses the 40 h deadline by 31.6 h' (the render job's rule, session 36, left training out); its
    likely range in the same unit, and the ranking's time column too."""
    from configurator.cli import build_parser
    from configurator.cli_scenario import scenario_from_args, with_constraints
    from configurator.core.catalog import load_bundled_catalog
    from configurator.core.estimate import estimate
    from configurator.core.view.estimate_view import estimate_view
    from configurator.core.view.family_view import view_of

    catalog = load_bundled_catalog()

    def timed(deadline: str):
        args = build_parser().parse_args(["estimate", "--workload", "finetune", "--model", "qwen2.5-32b", "--card",
                                          "ascend-910b", "--count", "16", "--tokens", "3e9", "--deadline", deadline])
        est = estimate(with_constraints(scenario_from_args(args, catalog), args), catalog.get("ascend-910b"))
        row = next(r for s in estimate_view(est).sections for r in s.rows if r.key == "hours")
        return est, row.value

    est, value = timed("40h")
    said = write(value).replace("\xa0", " ")
    assert said.startswith("80.0 h (likely ") and "days" not in said
    assert write(value, "zh_CN").replace("\xa0", " ").startswith("80.0 小时")
    assert write(view_of(est.scenario.workload).ranking.speed_text(est)).replace("\xa0", " ") == "80.0 h"
    _, value = timed("30d")
    said = write(value).replace("\xa0", " ")
    assert said.startswith("3.33 days (likely ") and said.endswith(" days)")
