"""What a budget buys, model by model (session 41, persona11zh: "预算 50 万元能跑多大的模型？"): the
count bought is the most whole units whose bill of materials the budget covers, the memory bound
that skips a model never skips one that fits, the answers for 50万元 in mainland China and for
200,000 USD, the JSON, and the command line's refusals in the language asked."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main
from configurator.core.currency import with_currency
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.prices import price_book_for
from configurator.core.scenario import Workload, updated
from configurator.core.view.rows import write
from configurator.core.view.what_fits_budget_view import best_columns, card_columns, heading, left_out
from configurator.core.what_fits import fit_rows, owned_scenario
from configurator.core.what_fits_types import LADDER, Verdict, model_choice
from configurator.core.what_fits_budget import (
    LeftOut,
    budget_result_to_dict,
    deliverable,
    may_fit,
    purchase,
    what_budget_fits,
)

MODELS = tuple(model_choice(m) for m in ("8B", "70B", "deepseek-v3"))
TASKS = (Workload.LORA, Workload.INFERENCE)


def _cn_base(catalog):
    base = updated(owned_scenario(catalog.cards[0].id, 1), constraints={"region": "cn"})
    return with_currency(base, "CNY", None)


@pytest.fixture(scope="module")
def cn_answer(catalog):
    """50万元 delivered to mainland China, every model and task."""
    return what_budget_fits(_cn_base(catalog), catalog, 5e5)


def test_the_count_bought_is_the_most_whole_units_the_budget_covers(catalog):
    base = _cn_base(catalog)
    book = price_book_for(base.economics)
    for card_id in ("a10", "rtx-a6000", "ascend-950pr"):
        card = catalog.get(card_id)
        bought = purchase(base, card, 5e5)
        assert bought.count > 0 and bought.count % bought.unit == 0

        def capex(n):
            return bill_of_materials(updated(base, card_id=card_id, count=n), card, book).capex

        assert capex(bought.count) == pytest.approx(bought.capex) and bought.capex <= 5e5
        assert capex(bought.count + bought.unit) > 5e5  # one unit more breaks the budget


def test_a_card_whose_smallest_unit_is_dearer_or_unpriced_is_left_out_not_guessed(catalog):
    base = with_currency(owned_scenario("h100-sxm", 8), "USD", None)
    dear = purchase(base, catalog.get("h100-sxm"), 1e5)
    assert (dear.count, dear.unit, dear.left_out) == (0, 8, LeftOut.TOO_DEAR) and dear.capex > 1e5
    unpriced = next(c for c in catalog.cards if purchase(base, c, 1e9).left_out == LeftOut.NOT_PRICED)
    assert purchase(base, unpriced, 1e9).capex is None


def test_the_memory_bound_never_skips_a_model_that_fits(catalog):
    base = owned_scenario("a10", 2)
    card = catalog.get("a10")
    skipped = [c for c in LADDER if not may_fit(c, card, 2)]
    assert [c.size for c in skipped] == ["405B", "671B MoE"]  # 2 × 24 GB: < 203 GB of 4-bit weights
    for choice in skipped:  # the rows say the same
        assert all(r.verdict is not Verdict.FITS for r in fit_rows(base, card, models=(choice,)))


def test_fifty_wan_yuan_in_mainland_china(cn_answer):
    answer = cn_answer
    bought = {c.purchase.card.id: c for c in answer.cards}
    assert all(c.purchase.capex <= 5e5 for c in answer.cards)
    assert all(deliverable(c.purchase.card, "cn") for c in answer.cards)
    left = {p.card.id: p.left_out for p in answer.left_out}
    assert left["h100-sxm"] == LeftOut.NOT_DELIVERABLE and left["l40s"] == LeftOut.NOT_DELIVERABLE
    assert left["ascend-910b"] == LeftOut.TOO_DEAR  # an 8-card Atlas 800T A2 is over 100万元
    assert "rtx-4090d" in bought and bought["rtx-4090d"].purchase.count == 8
    serving = answer.best(Workload.INFERENCE)
    assert serving.largest[Workload.INFERENCE].model.name == "deepseek-v3"
    assert serving.purchase.card.id == "ascend-950pr" and serving.purchase.count == 4
    lora = answer.best(Workload.LORA).largest[Workload.LORA]
    assert lora.model.name == "llama3-70b" and lora.verdict is Verdict.FITS
    zh = write(heading(answer), "zh_CN")
    assert zh.startswith("预算 50.00\xa0万元能买到什么（交付中国大陆）")
    lines = [write(m, "zh_CN") for m in left_out(answer)]
    assert any(line.startswith("无法交付到该地区：H100 SXM5 80GB") for line in lines)
    assert any(line.startswith("最小采购单位已超出预算：") and "万元" in line for line in lines)
    assert any(line.startswith("无价格") for line in lines)
    best = best_columns(answer)
    assert [write(r[1], "en") for r in best.rows][-1] == "DeepSeek V3"
    assert write(best.rows[-1][4], "zh_CN").endswith("万元")
    assert len(card_columns(answer).rows) == len(answer.cards)


def test_json_is_serialisable_with_ids_and_english_texts(cn_answer):
    data = json.loads(json.dumps(budget_result_to_dict(cn_answer)))
    assert data["budget"] == {"amount": 5e5, "currency": "CNY", "region": "cn", "basis": "capex"}
    assert data["best"]["inference"]["card"] == "ascend-950pr" and data["best"]["inference"]["count"] == 4
    assert data["best"]["inference"]["row"]["model"] == "deepseek-v3"
    reasons = {p["reason"]["id"] for p in data["left_out"]}
    assert reasons == {LeftOut.NOT_DELIVERABLE, LeftOut.NOT_PRICED, LeftOut.TOO_DEAR}
    dear = next(p for p in data["left_out"] if p["reason"]["id"] == LeftOut.TOO_DEAR)
    assert "costs more than the budget" in dear["reason"]["text"] and "CNY" in dear["reason"]["text"]
    t4 = next(c for c in data["cards"] if c["card"] == "t4")  # the price the text table's column says (session 42)
    price = t4["price"]
    assert price["currency"] == "CNY" and price["amount"] > 0 and price["kind"] in ("street", "list", "launch")
    assert price["date"] and price["quoted"]["currency"] == "USD"
    assert t4["capex"] >= t4["count"] * price["amount"]
    assert all(c["price"] is not None for c in data["cards"])
    assert all(p["price"] is None for p in data["left_out"] if p["reason"]["id"] == LeftOut.NOT_PRICED
               and p["card"] == "a2")


def test_two_hundred_thousand_dollars_anywhere(catalog, capsys):
    assert main(["what-fits", "--budget", "200,000 USD", "--models", "8B,70B,deepseek-v3", "--tasks",
                 "lora,inference", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["budget"]["currency"] == "USD" and data["budget"]["amount"] == 200_000
    assert all(c["capex"] <= 200_000 for c in data["cards"])
    assert {c["card"] for c in data["cards"]} >= {"l40s", "a100-sxm-80gb", "h20"}  # no region: any card
    assert next(p for p in data["left_out"] if p["card"] == "h100-sxm")["reason"]["id"] == LeftOut.TOO_DEAR
    assert data["best"]["inference"]["row"]["model"] == "deepseek-v3"
    assert data["best"]["lora"]["row"]["fits"]


def test_cli_text_in_english_and_chinese(capsys):
    argv = ["what-fits", "--budget", "50万元", "--region", "cn", "--models", "8B,70B", "--tasks", "lora,inference"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("What a budget of 500,000 CNY buys (delivered to mainland China)")
    assert "Largest model per task" in out and "What the budget buys, card by card" in out
    assert main([*argv, "--lang", "zh_CN"]) == 0
    zh = capsys.readouterr().out
    assert zh.startswith("预算 50.00\xa0万元能买到什么") and "各任务可运行的最大模型" in zh and "万元" in zh
    assert main(["what-fits", "--budget", "50万", "--region", "cn", "--models", "8B", "--tasks", "inference"]) == 0
    assert capsys.readouterr().out.startswith("What a budget of 500,000 CNY")  # 万 in mainland China: yuan


def test_serving_counts_only_with_the_users_asked(capsys):
    argv = ["what-fits", "--budget", "50万元", "--region", "cn", "--models", "8B,70B", "--tasks", "inference", "--json"]
    assert main(argv) == 0
    few = json.loads(capsys.readouterr().out)
    assert main([*argv, "--users", "100000"]) == 0
    many = json.loads(capsys.readouterr().out)
    assert many["serving_users"] == 100000 and many["best"]["inference"] is None
    assert few["best"]["inference"] is not None


@pytest.mark.parametrize(("argv", "says"), [
    ([], "give exactly one of --owned ID:COUNT and --budget AMOUNT"),
    (["--owned", "l40s:8", "--budget", "50万元"], "give exactly one of --owned"),
    (["--lang", "zh_CN"], "须且只须给出 --owned ID:COUNT 与 --budget 金额两者之一"),
    (["--budget", "lots", "--lang", "zh_CN"], "'lots' 不是金额"),
    (["--budget", "lots"], "'lots' is not an amount"),
    (["--budget", "-5"], "--budget: -5 is outside the range"),
    (["--owned", "l40s:8", "--users", "5"], "--users: only with --budget"),
    (["--owned", "l40s:8", "--region", "cn", "--lang", "zh_CN"], "--region 只能与 --budget 同用"),
])
def test_cli_refuses_in_the_language_asked(capsys, argv, says):
    assert main(["what-fits", *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1
