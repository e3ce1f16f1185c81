"""What a Chinese procurement officer (session 41's walk: Qwen2.5 chat for 200 staff on 300 万元,
a 3-day fine-tune on 100 万元, 8 owned 昇腾 910B, 20 requests a second) found: the fine-tune's data
line counted its tokens in 百万 ("51.2 百万词元") where every other token count, the summary's title
among them, counts in 万 ("5,120 万词元"); and the verdict's "余量" did not say it was the memory's."""

from __future__ import annotations

import pytest

from configurator.core.examples import examples_said
from configurator.core.view.numbers import token_count
from configurator.core.view.words import words


@pytest.mark.parametrize(("language", "line"), [
    ("en", "Data to train on: 100,000 examples × 512 tokens = 51.2M tokens"),
    ("zh_CN", "训练数据：100,000 条样本 × 每条 512 词元 = 5,120 万词元"),
])
def test_the_examples_line_counts_tokens_as_the_one_token_writer_does(language, line):
    said = examples_said(100_000, 512, 51.2e6)
    assert said.text_in(language) == line
    assert token_count(51.2e6, language) in line  # the title's "5,120 万词元", the same writer
    assert "百万" not in said.text_in("zh_CN")


def test_the_examples_line_on_the_command_line_is_in_wan(capsys):
    from configurator.cli import main

    assert main(["recommend", "--lang", "zh_CN", "--region", "cn", "--workload", "lora", "--model", "qwen2.5-7b",
                 "--examples", "10万", "--limit", "1"]) == 0
    first = capsys.readouterr().out.splitlines()[2]
    assert first == "训练数据：100,000 条样本 × 每条 512 词元 = 5,120 万词元", first


@pytest.mark.parametrize("template", ["{count} × {card} fits, {headroom} headroom",
                                      "{count} × {card} fits, {headroom} headroom at its peak: {note}"])
def test_the_verdicts_headroom_says_it_is_the_memorys(template):
    text = words("zh_CN")(template, count="16", card="昇腾 910B", headroom="60.3%", note="…")
    assert "显存余量 60.3%" in text, text


def _qwen72_chat_on_one_h100(region: str | None):
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.estimate import estimate
    from configurator.core.scenario import LAYOUT_FIELDS, Scenario

    catalog = load_catalog()
    s = Scenario(auto_layout=LAYOUT_FIELDS, model=preset("qwen2.5-72b"), workload="inference", card_id="h100-sxm",
                 count=1, serving={"concurrency": 200}, constraints={"region": region})
    return catalog, estimate(s, catalog.get("h100-sxm"))


def test_the_card_to_switch_to_is_one_she_can_buy_in_china():
    """Qwen2.5-72B for 200 users on one H100, delivered to mainland China: "换一种卡" offered B300
    (export not permitted) and, once those were left out, 2 cards of a CloudMatrix 384 sold as 384."""
    from configurator.core.fit_suggestions import what_would_fit
    from configurator.core.region import delivery_problem, import_barred
    from configurator.core.workloads.layout import whole_system_counts

    catalog, est = _qwen72_chat_on_one_h100("cn")
    other = next(x for x in what_would_fit(est, catalog) if x.kind == "other-card")
    card, count = other.estimate.card, other.estimate.scenario.count
    assert delivery_problem(card, "cn") is None and not import_barred(card, "cn"), card.id
    assert count in whole_system_counts(card, (count,)), (card.id, count)
    assert other.estimate.fits


def test_elsewhere_the_card_to_switch_to_is_counted_as_it_is_sold():
    from configurator.core.fit_suggestions import what_would_fit
    from configurator.core.workloads.layout import whole_system_counts

    catalog, est = _qwen72_chat_on_one_h100(None)
    other = next(x for x in what_would_fit(est, catalog) if x.kind == "other-card")
    card, count = other.estimate.card, other.estimate.scenario.count
    assert count in whole_system_counts(card, (count,)), (card.id, count)  # 8 × B300 (an HGX), not 2


@pytest.mark.parametrize(("language", "heading"), [
    ("en", "Full fine-tune: Qwen 2.5 7B (7.62 B parameters) on 8 × Ascend 910B (a training-class card), BF16 math"),
    ("zh_CN", "全参数微调：Qwen 2.5 7B（7.62 B 参数），8 × 昇腾 910B（训练卡），BF16 运算"),
])
def test_the_estimate_heading_names_the_model_and_math_as_the_tables_do(capsys, language, heading):
    """'qwen2.5-7b（7.62 B 参数），bf16 运算': the preset's id and the precision's, where the summary
    and the tables write 'Qwen 2.5 7B' and 'BF16'."""
    from configurator.cli import main

    assert main(["estimate", "--workload", "finetune", "--model", "qwen2.5-7b", "--card", "ascend-910b",
                 "--count", "8", "--lang", language]) == 0
    assert capsys.readouterr().out.splitlines()[0] == heading


def test_a_rent_sold_abroad_is_said_in_her_money(capsys):
    """'A10：目录中的云租用价仅在中国大陆以外销售（Azure，0.64 USD/小时）' stood among amounts in 元: the rent
    is now in the scenario's money, as a used card's price is, to the cent."""
    from configurator.cli import main

    assert main(["recommend", "--lang", "zh_CN", "--region", "cn", "--workload", "inference", "--model",
                 "qwen2.5-72b", "--concurrency", "20", "--budget", "50万", "--limit", "3",
                 "--max-batched-tokens", "8192"]) == 0  # vLLM's 2,048 on 24 GB: 8 × A10 3 % over the TTFT target
    lines = [line for line in capsys.readouterr().out.splitlines() if "云租用价仅在中国大陆以外销售" in line]
    assert lines and all("USD" not in line and "\u00a0元/小时" in line for line in lines), lines
    assert all(len(line.split("元/小时")[0].rsplit("，", 1)[1].split(".")[1]) == 3 for line in lines), lines


@pytest.mark.parametrize(("language", "low", "high", "written"), [
    ("zh_CN", 5117.0, 6163.0, "5,117–6,163\u00a0元"),
    ("zh_CN", 9800.0, 12000.0, "0.980–1.20\u00a0万元"),  # one unit, the upper end's, as a column (3 digits under 1万)
    ("en", 71000.0, 106500.0, "71,000–106,500\u00a0CNY"),
])
def test_a_quoted_price_range_says_its_unit_once(language, low, high, written):
    """The summary's bill of materials cited 'T4 … 市场价 5,117 元 – 6,163 元' where the ranking beside it
    says '5,117–6,163 元'."""
    from configurator.core.view.rows import Amount, range_phrase, write

    assert write(range_phrase(Amount(low, "CNY", money=True), Amount(high, "CNY", money=True)), language) == written


@pytest.mark.parametrize(("language", "card", "server"), [
    ("zh_CN", "| 昇腾 910B——已拥有的加速卡（不再采购） |", "——已拥有（不再采购） |"),
    ("en", "| Ascend 910B — Accelerator cards already owned (not bought) |", " — already owned (not bought) |"),
])
def test_the_summarys_owned_lines_take_the_languages_dash(tmp_path, language, card, server):
    """The summary's bill wrote '昇腾 910B — 已拥有的加速卡（不再采购）', an English spaced dash in Chinese, where
    the window's bill writes '——' (session 28)."""
    from configurator.cli import main

    out = tmp_path / "summary.md"
    assert main(["report", "-o", str(out), "--lang", language, "--region", "cn", "--workload", "inference",
                 "--model", "qwen2.5-72b", "--concurrency", "200", "--owned", "ascend-910b:8"]) == 0
    text = out.read_text(encoding="utf-8")
    assert card in text and server in text


def test_rent_or_buy_counts_her_cards_as_cards():
    """'账单在已拥有的 8 张之外购买的 8 张 GPU': her cards are 昇腾 NPUs; the Chinese counts 张卡 as the
    tables do."""
    from configurator.core.messages import CHINESE

    for key in ("rented-system", "rented-server", "rented-board", "rent-only-used", "rent-only-used-cheaper",
                "rented-beyond-owned", "rent-only-used-beyond-owned", "rent-only-used-beyond-owned-cheaper",
                "rent-or-buy-all-owned"):
        assert "GPU" not in CHINESE[key] and "卡" in CHINESE[key], key


def test_littles_law_writes_both_latencies_in_ms(capsys):
    """'（首词元 0.35 秒 + 256 个词元 × 69.4 ms）': one sum, two units, beside verdicts in ms."""
    import re

    from configurator.cli import main

    assert main(["recommend", "--lang", "zh_CN", "--region", "cn", "--workload", "inference", "--model",
                 "qwen2.5-72b", "--requests-per-s", "20", "--limit", "1"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if "利特尔定律" in line)
    assert re.search(r"首词元 [\d,]+ ms \+ 256 个词元 × [\d.]+ ms", line), line
    assert "秒 +" not in line
