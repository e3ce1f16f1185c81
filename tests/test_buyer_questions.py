"""The buyer's plain questions answered right (issue 24, parts 1–3), through the command line:
constraints are constraints (one checker, its verdicts the words everywhere), a serving use with
sourced default targets, and a request rate without users sized by Little's law."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.constraints import check, users_in_flight
from configurator.core.estimate import estimate
from configurator.core.scenario import Scenario, ServingUse, updated
from configurator.core.serving_use import USE_TARGETS, latency_targets
from configurator.core.verdicts import CONSTRAINTS, Verdict, ceiling, floor

BUYER_500_USERS = ("recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--concurrency", "500",
                   "--region", "cn", "--budget", "3000000", "--currency", "CNY", "--usd-rate", "7.1")
"""A Chinese buyer serving Qwen2.5-72B to 500 staff with a 3,000,000 CNY budget (issue 24)."""

RATE_WITHOUT_USERS = ("recommend", "--workload", "inference", "--model", "llama3-70b", "--precision", "fp8",
                      "--engine", "tensorrt-llm", "--requests-per-s", "10", "--prompt-tokens", "4000",
                      "--output-tokens", "500", "--ttft-ms", "1000", "--tpot-ms", "50")
"""10 requests/s of Llama 3 70B FP8 on TensorRT-LLM, 4,000-token prompts, 500-token answers, no user
count (aiconfigurator sizes it at 8 H200 disaggregated, 12 aggregated)."""


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def buyer_500(tmp_path_factory) -> dict:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*BUYER_500_USERS, "--json", "--limit", "30"]) == 0
    return json.loads(out.getvalue())


# ---- part 1: constraints are constraints --------------------------------------------------------------


def test_nothing_over_budget_is_ranked(buyer_500):
    """Capex (the bill of materials: cards, servers, network …) is the budget's measure; nothing
    over 3 M CNY is ranked (main ranked 352 × T4 at 7.1 M CNY and 64 × V100 at 10.5 M)."""
    for entry in buyer_500["ranked"]:
        assert entry["bom"]["capex"] <= 3_000_000
        budget = next(v for v in entry["constraints"] if v["id"] == "budget")
        assert budget["met"] is not False and budget["basis"] == "capex"
        assert entry["violations"] == []



def test_over_budget_options_are_below_the_line_with_how_much(buyer_500):
    over = [b for b in buyer_500["below_the_line"] if any(v["id"] == "budget" for v in b["violations"])]
    assert over, "an over-budget option is listed below the line"
    for entry in over:
        budget = next(v for v in entry["violations"] if v["id"] == "budget")
        assert budget["met"] is False and budget["actual"] > 3_000_000 and budget["unit"] == "CNY"
        assert budget["by"] == pytest.approx(budget["actual"] - 3_000_000, rel=1e-6)
        assert "over budget by" in budget["text"] and "CNY" in budget["text"]


def test_every_ranked_answer_meets_the_interactive_defaults(buyer_500):
    """No chat recommendation is slower than a reader (main ranked 32 × RTX A6000 first at 275 ms/token)."""
    chat = USE_TARGETS[ServingUse.CHAT]
    for entry in buyer_500["ranked"]:
        latency = entry["performance"]["latency"]
        assert latency["target_percentile"] == chat.percentile == 90
        assert latency["tpot_s"]["p90"] * 1000 <= chat.tpot_ms
        assert latency["ttft_s"]["p90"] * 1000 <= chat.ttft_ms


def test_the_region_rule_is_a_verdict_and_mainland_cards_stay(buyer_500, catalog):
    """Region as a buyer in mainland China means it: a card that may not be exported there is left
    out (its reason kept); one that needs a licence is below the line after every card that may be
    delivered; each domestic or permitted card that could be planned is shown — ranked, "no price —
    enter a quote", or below the line with what it breaks (main listed MI355X, Gaudi 3, B200 … and
    pushed the domestic cards out of the list)."""
    for entry in buyer_500["ranked"]:
        assert next(v for v in entry["constraints"] if v["id"] == "region")["met"] is True
    below = buyer_500["below_the_line"]
    statuses = []
    for entry in below:
        region = [v for v in entry["violations"] if v["id"] == "region"]
        assert all(v["actual"] in ("licence-required", "unknown") for v in region)
        statuses.append(region[0]["actual"] if region else "permitted")
    order = {"permitted": 0, "licence-required": 1, "unknown": 2}
    assert [order[s] for s in statuses] == sorted(order[s] for s in statuses)
    assert "licence-required" in statuses
    for card in catalog.cards:
        status = card.export_control.china if card.export_control else "unknown"
        reason = buyer_500["rejected"].get(card.id, "")
        if status == "not-permitted":
            assert card.id not in {b["card"] for b in below} and "may not be exported" in reason, card.id
    shown = {e["card"]["id"] for e in buyer_500["ranked"]} | {u["card"] for u in buyer_500["unpriced"]} | \
        {b["card"] for b in below} | {u["card"] for u in buyer_500["unrated"]}
    for card in catalog.cards:
        status = card.export_control.china if card.export_control else "unknown"
        reason = buyer_500["rejected"].get(card.id, "")
        tried = reason != "filtered out" and "at any count tried" not in reason
        if status == "permitted" and tried:
            assert card.id in shown, (card.id, reason)
    for entry in below:  # a card without a price that is over budget on the rest of the bill: "at least"
        if entry["card"] in ("mlu370-x8", "br104"):  # (the MTT S4000 has a street price since session 22)
            budget = next(v for v in entry["violations"] if v["id"] == "budget")
            assert "at least" in budget["text"] and "without the cards" in budget["text"]  # the card unpriced



def test_the_cards_made_for_china_are_shown_with_the_licence_they_need(buyer_500, catalog):
    """H20, H800, A800 … are what a buyer in mainland China weighs: each one needing a licence is
    listed below the line with that verdict, however far down the closest-first order it falls
    (before: only the 3 closest licence-needing cards, MI300X, MI325X and H800 — no H20)."""
    below = {entry["card"]: entry for entry in buyer_500["below_the_line"]}
    made = [c for c in catalog.cards if c.export_control and c.export_control.made_for_china
            and c.export_control.china == "licence-required"]
    assert {"h20", "h800-sxm"} <= {c.id for c in made}
    for card in made:
        if card.id in buyer_500["rejected"]:
            continue  # could not be planned for this model at all: its reason is said there
        assert card.id in below, card.id
        assert any(v["id"] == "region" and v["actual"] == "licence-required" for v in below[card.id]["violations"])


def test_the_table_says_over_budget_by_how_much(capsys):
    code, out, _ = run(capsys, *BUYER_500_USERS)
    assert code == 0
    assert "Below the line" in out and "over budget by" in out
    code, out, _ = run(capsys, *BUYER_500_USERS, "--lang", "zh_CN")
    assert code == 0 and "基准线以下" in out and "的预算" in out


def test_budget_help_says_what_it_caps(capsys):
    with pytest.raises(SystemExit):
        main(["recommend", "--help"])
    out = capsys.readouterr().out
    assert "capex" in out and "rent" in out and "--budget-basis" in out


def test_rent_budget_caps_a_month_of_service(capsys, catalog):
    s = Scenario.model_validate({"workload": "inference", "model": preset("llama3-8b").model_dump(), "card_id": "h100-sxm",
                                 "count": 8, "constraints": {"budget": 1000, "budget_basis": "rent"}})
    est = estimate(s, catalog.get("h100-sxm"))
    budget = next(v for v in est.verdicts if v.id == "budget")
    assert budget.basis == "rent-month"
    assert budget.actual == pytest.approx(est.costs.cloud * 8766 / 12, rel=1e-9)
    assert budget.met is False and "a month" in budget.message.text
    assert "每月" in budget.message.text_in("zh_CN")


def test_capex_budget_is_the_bill_of_materials(catalog):
    from configurator.core.procurement.bom import bill_of_materials
    from configurator.core.procurement.prices import price_book_for

    s = Scenario.model_validate({"workload": "inference", "model": preset("llama3-8b").model_dump(),
                                 "card_id": "h100-sxm", "count": 16, "constraints": {"budget": 100_000}})
    card = catalog.get("h100-sxm")
    est = estimate(s, card)
    budget = next(v for v in est.verdicts if v.id == "budget")
    bom = bill_of_materials(est.scenario, card, price_book_for(est.scenario.economics))
    assert budget.actual == pytest.approx(bom.capex) and bom.capex > est.costs.purchase  # servers too
    assert budget.missed and budget.blocks and budget.share == pytest.approx(bom.capex / 100_000 - 1)


def test_one_checker_decides_estimate_warnings_and_json(capsys):
    code, out, _ = run(capsys, "estimate", "--json", "--workload", "inference", "--model", "llama3-70b",
                       "--card", "h100-sxm", "--count", "8", "--concurrency", "64", "--tpot-ms", "5",
                       "--power-cap", "1")
    assert code == 0
    result = json.loads(out)
    ids = [v["id"] for v in result["violations"]]
    assert ids == ["power-cap", "ttft", "tpot"] or ids == ["power-cap", "tpot"]
    for v in result["violations"]:
        assert v["text"] in result["warnings"]
    tpot = next(v for v in result["constraints"] if v["id"] == "tpot")
    assert tpot["origin"] == "set" and tpot["target"] == 5 and tpot["basis"] == "p90"


def test_verdict_shape():
    """The shape the summary's first page is built on (``core/verdicts.py``)."""
    v = ceiling("budget", 100.0, 125.0, "CNY", basis="capex", params={"unpriced": 0})
    assert (v.met, v.by, v.share, v.kind, v.missed, v.blocks) == (False, 25.0, 0.25, "ceiling", True, True)
    assert set(v.to_dict()) == {"id", "target", "actual", "unit", "met", "by", "share", "kind", "basis", "origin",
                                "text", "message"}
    f = floor("request-rate", 10.0, 12.0, "requests/s")
    assert f.met and f.by == -2.0 and f.kind == "floor"
    unknown = Verdict("budget", 100.0, 40.0, "CNY", None, basis="capex", params={"unpriced": 3})
    assert not unknown.blocks and "bill lines without a price: 3" in unknown.message.text
    assert set(CONSTRAINTS) == {"budget", "region", "deadline", "power-cap", "rack-power", "throughput",
                                "request-rate", "ttft", "tpot", "housing"}  # housing: a rule, said where broken


def test_every_verdict_has_words_in_both_languages(catalog):
    s = Scenario.model_validate({
        "workload": "pretrain", "model": preset("llama3-8b").model_dump(), "card_id": "h100-sxm", "count": 8,
        "training": {"tokens": 1e10},
        "constraints": {"deadline_hours": 1, "budget": 10, "power_cap_kw": 1, "rack_power_kw": 1,
                        "min_tokens_per_s": 1e12, "region": "cn"}})
    est = estimate(s, catalog.get("h100-sxm"))
    assert [v.id for v in est.verdicts] == ["budget", "region", "deadline", "power-cap", "rack-power", "throughput"]
    for v in est.verdicts:
        english, chinese = v.message.text, v.message.text_in("zh_CN")
        assert english and chinese and english != chinese


def test_deadline_verdict_says_by_how_much(catalog):
    s = Scenario.model_validate({"workload": "pretrain", "model": preset("llama3-8b").model_dump(), "card_id": "h100-sxm",
                                 "count": 8, "training": {"tokens": 1e11}, "constraints": {"deadline_hours": 10}})
    est = estimate(s, catalog.get("h100-sxm"))
    (deadline,) = est.verdicts
    assert deadline.missed and deadline.by == pytest.approx(est.training.hours - 10)
    assert "misses the 10 h deadline by" in deadline.message.text


# ---- part 2: a use, not a blank -------------------------------------------------------------------------


def test_chat_is_the_default_use_with_its_targets(llama8b):
    s = Scenario(workload="inference", model=llama8b)
    assert s.serving.use is ServingUse.CHAT
    targets = latency_targets(s)
    assert (targets.ttft_ms, targets.tpot_ms, targets.percentile) == (1000.0, 100.0, 90)
    assert targets.tpot_origin == "chat"


def test_typed_targets_win_and_batch_has_none(llama8b):
    s = Scenario(workload="inference", model=llama8b)
    typed = latency_targets(updated(s, constraints={"tpot_ms": 40.0, "latency_percentile": 99}))
    assert (typed.tpot_ms, typed.tpot_origin, typed.ttft_ms, typed.ttft_origin, typed.percentile) == \
        (40.0, "set", 1000.0, "chat", 99)
    assert not latency_targets(updated(s, serving={"use": "batch"})).any
    api = latency_targets(updated(s, serving={"use": "api"}))
    assert (api.ttft_ms, api.tpot_ms, api.percentile) == (2000.0, 200.0, 99)


def test_use_flag_and_the_words_name_the_default(capsys):
    code, out, _ = run(capsys, "estimate", "--workload", "inference", "--model", "llama3-70b", "--card", "t4",
                       "--count", "8", "--concurrency", "16", "--precision", "int4")
    assert code == 0 and "default for interactive chat" in out
    code, out, _ = run(capsys, "estimate", "--workload", "inference", "--model", "llama3-70b", "--card", "t4",
                       "--count", "8", "--concurrency", "16", "--precision", "int4", "--use", "batch", "--json")
    result = json.loads(out)
    assert code == 0 and not any(v["id"] in ("ttft", "tpot") for v in result["constraints"])
    assert result["scenario"]["serving"]["use"] == "batch"


def test_batch_use_ranks_by_cost_without_latency_targets(capsys):
    code, out, _ = run(capsys, "recommend", "--workload", "inference", "--model", "llama3-8b", "--concurrency", "64",
                       "--use", "batch", "--json", "--limit", "5")
    result = json.loads(out)
    assert code == 0 and result["ranked"]
    for entry in result["ranked"]:
        assert not any(v["id"] in ("ttft", "tpot") for v in entry["constraints"])
    scores = [e["score"] for e in result["ranked"]]
    assert scores == sorted(scores)


# ---- part 3: rate or users, either one ----------------------------------------------------------------


def test_a_rate_without_users_asks_for_at_most_16_h200(capsys):
    """main asked for 84 × H200 (about 2 sequences per copy); aiconfigurator: 8 (disaggregated) or 12."""
    code, out, err = run(capsys, *RATE_WITHOUT_USERS, "--vendor", "NVIDIA", "--limit", "40", "--json")
    assert code == 0, err
    result = json.loads(out)
    h200 = next(e for e in result["ranked"] if e["card"]["id"] == "h200-sxm")
    assert h200["count"] <= 16
    assert h200["carries"]["requests_per_s"] >= 10
    assert h200["carries"]["users_in_flight"] > 2 * h200["count"]  # not 2 per copy: what the rate keeps busy
    assert any(w["id"] == "users-from-rate" for w in h200["warning_ids"])


def test_a_72b_rate_without_users_is_not_overbought(catalog):
    """Qwen2.5-72B at 10 requests/s, 4,000/500 tokens, TTFT 1 s and TPOT 50 ms: main planned 208 × H200."""
    from configurator.core.workloads.serving.deployment import serving_deployment

    s = Scenario.model_validate({
        "workload": "inference", "model": preset("qwen2.5-72b").model_dump(), "card_id": "h200-sxm",
        "serving": {"prompt_tokens": 4000, "output_tokens": 500},
        "constraints": {"requests_per_s": 10, "ttft_ms": 1000, "tpot_ms": 50}})
    found = serving_deployment(s, catalog.get("h200-sxm"))
    assert found is not None and found.scenario.count <= 32
    assert found.serving.requests_per_s >= 10 and not found.violations


def test_a_copy_that_carries_the_rate_gets_slots_enough_for_the_first_token_target(catalog):
    """10 requests/s of Llama 3 70B FP8 on one GB200 NVL72 rack (72 cards): batched only to the
    sequences the rate keeps busy (4 per copy), the p90 request waits for a slot (first token
    1,207 ms against 1,000), and the search went on to 576 cards (8 racks); with the batch raised
    while that shortens the miss, the first rack meets every target (before: 576 x GB200 listed)."""
    from configurator.core.workloads.serving.deployment import serving_deployment

    s = Scenario.model_validate({
        "workload": "inference", "model": preset("llama3-70b").model_dump(), "card_id": "gb200",
        "precision": "fp8", "serving": {"prompt_tokens": 4000, "output_tokens": 500, "engine": "tensorrt-llm",
                                        "weight_format": "fp8"},
        "constraints": {"requests_per_s": 10, "ttft_ms": 1000, "tpot_ms": 50}})
    found = serving_deployment(s, catalog.get("gb200"), whole_systems=True)
    assert found is not None and found.scenario.count == 72 and not found.violations


def test_users_and_rate_are_checked_against_each_other(catalog, llama8b):
    s = Scenario.model_validate({
        "workload": "inference", "model": llama8b.model_dump(), "card_id": "h100-sxm", "count": 4,
        "serving": {"concurrency": 4, "prompt_tokens": 1000, "output_tokens": 500},
        "constraints": {"requests_per_s": 20, "latency_percentile": 50}})
    est = estimate(s, catalog.get("h100-sxm"))
    warning = next(m for m in est.messages if m.id == "users-rate-mismatch")
    assert warning.params["needed"] == pytest.approx(users_in_flight(est.scenario, est.serving))
    assert warning.params["needed"] > 4 and warning.params["most"] < 20
    plenty = estimate(updated(s, serving={"concurrency": 2000}), catalog.get("h100-sxm"))
    assert not any(m.id == "users-rate-mismatch" for m in plenty.messages)


def test_the_context_follows_the_prompt_and_the_answer(capsys):
    """main refused this with "prompt (6000) + output (1000) tokens exceed the context (4096)"."""
    code, out, err = run(capsys, "estimate", "--workload", "inference", "--model", "llama3-8b", "--card", "h100-sxm",
                         "--prompt-tokens", "6000", "--output-tokens", "1000", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["scenario"]["serving"]["context"] is None
    assert result["limits"]["max_context"] >= 7000
    code, _, err = run(capsys, "estimate", "--workload", "inference", "--prompt-tokens", "6000",
                       "--output-tokens", "1000", "--context", "4096")
    assert code != 0 and "exceed the context (4096)" in err


def test_a_learned_position_model_keeps_its_limit(capsys):
    code, _, err = run(capsys, "estimate", "--workload", "inference", "--model", "gpt3-175b", "--card", "h100-sxm",
                       "--count", "8", "--prompt-tokens", "2000", "--output-tokens", "500")
    assert code != 0 and "2,048-token context" in err  # a count grouped, as every message writes one


def test_check_reports_nothing_the_buyer_did_not_set(catalog, llama8b):
    s = Scenario(workload="pretrain", model=llama8b)
    est = estimate(s, catalog.get(s.card_id))
    assert est.verdicts == () and check(s, catalog.get(s.card_id), costs=est.costs, power=est.power) == ()


def test_a_deadline_out_of_reach_is_said_as_such(catalog):
    """A 405B pre-train in 7 days: no count can make it, and the reason is the deadline, not memory."""
    from configurator.core.recommend import Objective, recommend

    s = Scenario(workload="pretrain", model=preset("llama3.1-405b"), training={"tokens": 15e12},
                 constraints={"deadline_hours": 168})
    result = recommend(s, catalog, Objective.TCO, limit=3)
    assert not result.ranked
    assert "cannot meet the 7-day deadline at any count tried" in result.rejected["h100-sxm"]
    assert "does not fit" not in result.rejected["h100-sxm"]


def test_the_constraints_view_the_summary_reads(catalog):
    from configurator.core.view.constraints_view import constraints_section, latency_targets_phrase, overall_state
    from configurator.core.view.rows import write

    s = Scenario.model_validate({"workload": "inference", "model": preset("llama3-70b").model_dump(),
                                 "card_id": "t4", "count": 8, "precision": "int4",
                                 "serving": {"concurrency": 16}, "constraints": {"budget": 1e9, "region": "cn"}})
    est = estimate(s, catalog.get("t4"))
    section = constraints_section(est.verdicts)
    assert [r.key for r in section.rows] == [f"constraint.{v.id}" for v in est.verdicts]
    assert {r.note for r in section.rows} <= {"met", "not met", "cannot be checked"}
    assert overall_state(est.verdicts) == "not met" and overall_state(()) is None
    assert "default for interactive chat" in write(latency_targets_phrase(s), "en")
    assert "交互式对话的默认值" in write(latency_targets_phrase(s), "zh_CN")
    for row in section.rows:
        assert write(row.value, "zh_CN") != write(row.value, "en")


def test_every_deliverable_card_is_listed_below_the_line_whatever_the_limit(catalog):
    """The list is sized by what a buyer in the region must see: every card that may be delivered,
    every card made for the region or barred at its customs (the H200s), then at least the three
    closest that need a licence; the limit only caps the others."""
    from configurator import cli
    from configurator.core.constraints import made_for_region, region_rank
    from configurator.core.recommend import BELOW_LINE_OTHERS, recommend
    from configurator.core.region import import_barred

    args = cli.build_parser().parse_args(list(BUYER_500_USERS))
    scenario = cli.with_constraints(cli.scenario_from_args(args, catalog), args)
    short, long = recommend(scenario, catalog, limit=2), recommend(scenario, catalog, limit=40)
    deliverable = [r.card.id for r in long.below_line if not region_rank(r.card, "cn")]
    made_for = [r.card.id for r in long.below_line if region_rank(r.card, "cn")
                and (made_for_region(r.card, "cn") or import_barred(r.card, "cn"))]
    assert len(deliverable) > 2 and made_for
    assert [r.card.id for r in short.below_line] == [r.card.id for r in long.below_line][
        :len(deliverable) + len(made_for) + BELOW_LINE_OTHERS]
    # without a region the limit holds
    plain = recommend(updated(scenario, constraints={"region": None}), catalog, limit=2)
    assert len(plain.below_line) <= 2
