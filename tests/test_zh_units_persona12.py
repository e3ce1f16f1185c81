"""Units the Chinese procurement officer of session 42 (persona 12) read two ways: the window's
what-fits dialog wrote its latency boxes in "毫秒" above a table in "ms", and the serving notes said
"每个词元 21.7 毫秒" beside "每输出词元时间 63.1 ms" — one unit, one word: "ms" (as every Chinese
table, chart axis and box of the app writes it)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.estimate import estimate
from configurator.core.fields import BY_PATH
from configurator.core.job_alone import job_alone_reason
from configurator.core.messages import CHINESE, TERMS, msg
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.view.words import ZH_CN

I18N = Path(__file__).resolve().parents[1] / "resources" / "i18n"


def test_chinese_texts_write_milliseconds_as_ms():
    texts = [*CHINESE.values(), *TERMS["zh_CN"].values(), *ZH_CN.values()]
    for catalogue in I18N.glob("*zh_CN.ts"):
        texts += [t.text or "" for t in ET.parse(catalogue).iter("translation")]
    assert [t for t in texts if "毫秒" in t] == []


def test_the_kv_transfer_note_in_chinese_says_ms():
    note = msg("serving-disaggregated", prefill=2, decode=6, transfer_ms=3.4)
    assert note.text_in("zh_CN").endswith("需 3.4 ms")
    assert "ms" in note.text


def test_the_energy_of_a_short_job_alone_is_written_to_the_cent(catalog):
    """A 3-hour LoRA of Qwen2.5-7B on one DGX Spark (10,000 examples) said "2.65 万元 + 电费 0 元":
    energy of a few tenths of a yuan rounded to nothing, read as a bug; below 100 it keeps its cents."""
    args = build_parser().parse_args(["estimate", "--workload", "lora", "--model", "qwen2.5-7b", "--examples", "10000",
                                      "--card", "dgx-spark-gb10", "--count", "1", "--region", "cn", "--lang", "zh_CN"])
    est = estimate(scenario_from_args(args, catalog), catalog.get("dgx-spark-gb10"))
    said = job_alone_reason(est, deployment_cost(est))
    energy = re.search(r"电费 ([0-9.,]+)\xa0元", said.text_in("zh_CN")).group(1)
    assert energy != "0" and "." in energy  # 0.33 元, not 0 元
    assert re.search(r"\+ [0-9]\.[0-9]{2}\sCNY of energy", said.text)


def test_the_vgpu_profile_row_says_it_is_a_floor():
    """The editor showed "vGPU 配置：每用户 1 GiB" beside "用户类型：设计人员（4 GiB）" for 50 designers, and the
    answer used 4 GiB: the profile typed is the least one, which the kind of user and the displays raise
    (core.graphics.desktop_profile_gib: the larger of the two). Its row says so."""
    label = BY_PATH["graphics.profile_gib"].row_label
    assert label.source == "vGPU &profile (at least)"
    zh = {m.findtext("source"): m.findtext("translation")
          for m in ET.parse(I18N / "gpu_configurator_zh_CN.ts").iter("message")}
    assert zh[label.source] == "最低 vGPU 配置(&P)"


def test_the_budget_table_says_which_price_of_when_each_card_is_bought_at(catalog):
    """"预算 50 万元能跑多大的模型": the card-by-card table gave each card's capex but not the price per
    card it counts, its kind nor its date; it does now, as the ranking's price column does, and says
    what the prices marked * carry (a launch price, an old one)."""
    from configurator.core.catalog import Catalog
    from configurator.core.currency import with_currency
    from configurator.core.scenario import Workload, updated
    from configurator.core.view.rows import write
    from configurator.core.view.what_fits_budget_view import card_columns, price_marks
    from configurator.core.what_fits import owned_scenario
    from configurator.core.what_fits_types import model_choice
    from configurator.core.what_fits_budget import what_budget_fits

    cards = tuple(catalog.get(i) for i in ("t4", "rtx-4090d"))  # the RTX A6000 until its 2025-08 street price
    small = Catalog(cards=cards, version=catalog.version, date=catalog.date)
    base = with_currency(updated(owned_scenario("t4", 1), constraints={"region": "cn"}), "CNY", None)
    answer = what_budget_fits(base, small, 5e5, models=(model_choice("8B"),), tasks=(Workload.LORA,))
    table = card_columns(answer)
    column = table.headings.index("Price per card")
    cells = {row[0]: write(row[column], "zh_CN") for row in table.rows}
    assert re.fullmatch(r"0\.564\xa0万元，市场价 2025-08", cells["T4"]), cells["T4"]
    launch = cells["GeForce RTX 4090 D"]
    assert launch.startswith("1.12\xa0万元，发布价 2023-12-28") and launch.endswith("*"), launch
    marks = write(price_marks(answer), "zh_CN")
    assert marks.startswith("标 * 的价格：* GeForce RTX 4090 D：发布价") and "T4" not in marks
    assert write(price_marks(answer), "en").startswith("Marked *: * GeForce RTX 4090 D: ")


def test_a_card_without_a_bf16_rate_is_not_said_to_lack_bf16(catalog):
    """The 7B LoRA's first reason said "DGX Spark（GB10 Grace Blackwell 超级芯片）不支持 BF16：改用 FP32": the
    GB10 (Blackwell) computes BF16; the catalog has no published BF16 rate for it. The Chinese note says
    what is known: no BF16 rate, whether unsupported (T4) or unpublished."""
    args = build_parser().parse_args(["estimate", "--workload", "lora", "--model", "qwen2.5-7b", "--examples", "10000",
                                      "--card", "dgx-spark-gb10", "--count", "1", "--region", "cn"])
    est = estimate(scenario_from_args(args, catalog), catalog.get("dgx-spark-gb10"))
    (note,) = [m for m in est.messages if m.id == "precision-fallback"]
    assert note.text_in("zh_CN").endswith("无 BF16 算力（不支持或未公开）：改用 FP32")
    assert "不支持 BF16" not in note.text_in("zh_CN")


def test_the_layout_names_what_the_second_batch_figure_is(catalog):
    """"微批 2 × 64" (the 7B LoRA's layout): a buyer cannot tell what 64 counts; it is the gradient
    accumulation's steps, as the English "micro-batch 2 × 64 accumulation steps" says too."""
    from configurator.core.view.layout_view import training_layout
    from configurator.core.view.rows import write

    args = build_parser().parse_args(["estimate", "--workload", "lora", "--model", "qwen2.5-7b", "--examples", "10000",
                                      "--card", "dgx-spark-gb10", "--count", "1", "--batch", "2", "--grad-accum", "64"])
    est = estimate(scenario_from_args(args, catalog), catalog.get("dgx-spark-gb10"))
    assert "微批 2 × 梯度累积 64 步" in write(training_layout(est), "zh_CN")
    assert "micro-batch 2 × 64 accumulation steps" in write(training_layout(est), "en")
