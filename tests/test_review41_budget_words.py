"""Review of session 41's what-fits --budget answer: a card that publishes no rate says so in the
card-by-card table (and the JSON) instead of a dash, and 4-bit float weights are called NVFP4 only
on NVIDIA cards (the maker's MXFP4 on Ascend 950PR, session 42), in English and Chinese."""

from __future__ import annotations

import json

import pytest

from configurator.core.catalog import Catalog
from configurator.core.currency import with_currency
from configurator.core.scenario import Workload, updated
from configurator.core.view.names import FP4_ELSEWHERE, weight_format_name
from configurator.core.view.rows import write
from configurator.core.view.what_fits_budget_view import best_columns, card_columns
from configurator.core.what_fits import owned_scenario
from configurator.core.what_fits_types import model_choice
from configurator.core.what_fits_budget import budget_result_to_dict, what_budget_fits

TASKS = (Workload.LORA, Workload.INFERENCE)
MODELS = tuple(model_choice(m) for m in ("8B", "deepseek-v3"))


@pytest.fixture(scope="module")
def answer(catalog):
    cards = tuple(catalog.get(i) for i in ("rtx-6000d", "ascend-950pr", "rtx-a6000"))
    small = Catalog(cards=cards, version=catalog.version, date=catalog.date)
    base = with_currency(updated(owned_scenario("rtx-a6000", 1), constraints={"region": "cn"}), "CNY", None)
    return what_budget_fits(base, small, 5e5, models=MODELS, tasks=TASKS)


def _text(columns, lang):
    return "\n".join(" | ".join(write(v, lang) if v is not None else "—" for v in row) for row in columns.rows)


def test_a_card_with_no_published_rate_says_so_instead_of_dashes(answer):
    by_card = {a.purchase.card.id: a for a in answer.cards}
    assert by_card["rtx-6000d"].unrated == frozenset(TASKS) and not by_card["rtx-6000d"].largest
    assert Workload.LORA in by_card["ascend-950pr"].unrated  # no BF16 rate published
    assert not by_card["rtx-a6000"].unrated
    en, zh = _text(card_columns(answer), "en"), _text(card_columns(answer), "zh_CN")
    line = next(r for r in en.splitlines() if r.startswith("RTX 6000D"))
    assert line.count("no published rate") == len(TASKS)
    assert "无公开算力数据" in zh
    data = json.loads(json.dumps(budget_result_to_dict(answer)))
    cards = {c["card"]: c for c in data["cards"]}
    assert cards["rtx-6000d"]["no_published_rate"] == [t.value for t in TASKS]
    assert cards["rtx-a6000"]["no_published_rate"] == []


def test_fp4_weights_are_named_as_the_card_makers_format(answer):
    """Session 42: Ascend 950PR's FP4 is MXFP4 (its published FP4 rate is MXFP4's), so the budget row
    names it; NVFP4 stays NVIDIA's, and a maker with no declared FP4 format reads '4-bit float'."""
    assert weight_format_name("nvfp4", "NVIDIA") == weight_format_name("nvfp4") == "NVFP4"
    assert weight_format_name("nvfp4", "Moore Threads") == FP4_ELSEWHERE
    assert weight_format_name("mxfp4", "Huawei") == "MXFP4"
    assert weight_format_name("awq-int4", "Huawei") == "AWQ INT4"
    best = _text(best_columns(answer), "en")
    serving = next(r for r in best.splitlines() if r.startswith("Inference serving"))
    assert "Ascend 950PR" in serving and "NVFP4" not in serving and "MXFP4" in serving
    assert "MXFP4" in _text(best_columns(answer), "zh_CN")


def test_the_requests_row_says_which_of_the_three_request_rates_it_is(catalog):
    """persona11ml's "three request-rate figures for one setup": the Requests row is the capacity,
    latencies aside; its note ties it to Goodput and the owned cards' within-targets rate, in both
    languages."""
    from golden_scenarios import GOLDEN

    from configurator.core.estimate import estimate
    from configurator.core.view.estimate_view import estimate_view

    from configurator.core.scenario import updated

    plain = updated(GOLDEN["serve-70b-8xh100"], constraints={"requests_per_s": None})
    scenario = updated(plain, constraints={"requests_per_s": 5.0})

    def requests_row(s):
        view = estimate_view(estimate(s, catalog.get(s.card_id)))
        return next(r for r in view.section("speed").rows if r.key == "requests_per_s")

    assert requests_row(plain).note is None  # no rate stated: the users' own rate, not a capacity
    row = requests_row(scenario)
    en, zh = write(row.note, "en"), write(row.note, "zh_CN")
    assert "capacity" in en and "latencies aside" in en and "Goodput" in en
    assert "容量" in zh and "有效吞吐" in zh and "latenc" not in zh
