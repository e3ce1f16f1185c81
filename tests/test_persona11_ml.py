"""Session 41's ML engineer with a deadline (persona11ml): Llama 3 70B continued pre-training in
30 days, a Qwen2.5-32B LoRA by Friday on 4 owned A100s, Llama 3.1 8B / 70B at p90 1 s / 50 ms for
50 requests/s, DeepSeek-V3 on 16 × H200 — what she read wrong, each fix with its test."""

from __future__ import annotations

import json

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.recommend import Objective, fastest_option, recommend
from configurator.core.scenario import Scenario

CATALOG = load_bundled_catalog()
AUTO = ("cp", "disaggregated", "ep", "grad_accum", "max_batch", "max_batched_tokens", "micro_batch", "pp",
        "recompute", "tp", "vp", "zero")


@pytest.fixture(scope="module")
def serve_70b():
    """``recommend --workload inference --model llama3.1-70b --requests-per-s 50 --ttft-ms 1000
    --tpot-ms 50 --latency-percentile 90``."""
    scenario = Scenario(model=preset("llama3.1-70b"), workload="inference", auto_layout=AUTO,
                        constraints={"requests_per_s": 50.0, "ttft_ms": 1000.0, "tpot_ms": 50.0,
                                     "latency_percentile": 90})
    return recommend(scenario, CATALOG, Objective.TCO)


def test_a_card_as_fast_as_the_first_is_not_offered_as_the_faster_option(serve_70b):
    """16 × MI355X decoded at the MI350X's 20.0 ms a token (the same HBM bandwidth; a few
    1e-15 ms apart) and was named "the fastest option ... takes 20 ms per output token at p90 (the
    recommendation 20 ms): a p90 per-token target under 20 ms would change the answer"."""
    best = serve_70b.best
    assert not any(m.id == "reason-latency-changes" and m.params["ms"] >= m.params["chosen_ms"] for m in best.reasons)
    fastest = fastest_option(best, serve_70b.considered, serve_70b.objective)
    if fastest is not None:
        line = next(m for m in best.reasons if m.id == "reason-latency-changes")
        assert line.params["ms"] < line.params["chosen_ms"]


def test_plan_takes_the_targets_its_help_names(capsys):
    """``plan --use``'s help says "--ttft-ms, --tpot-ms and --latency-percentile override", and the
    serving plan is weighed against those targets, but ``plan`` refused them ("unrecognized
    arguments"): DeepSeek-V3 on 16 × H200 at p90 1 s / 50 ms could only be planned at chat's
    defaults. Now they, the request rate and the deadline reach its scenario."""
    from configurator.cli import main

    code = main(["plan", "--workload", "inference", "--model", "llama3.1-8b", "--card", "h100-sxm", "--count", "2",
                 "--tpot-ms", "20", "--ttft-ms", "500", "--latency-percentile", "95", "--requests-per-s", "5",
                 "--json"])
    assert code == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["scenario"]["constraints"]["tpot_ms"] == 20.0
    assert answer["serving_tradeoff"]["tpot_target_ms"] == 20.0
    assert answer["serving_tradeoff"]["ttft_target_ms"] == 500.0
    assert answer["performance"]["latency"]["target_percentile"] == 95
    assert {c["id"] for c in answer["constraints"]} >= {"request-rate", "ttft", "tpot"}


@pytest.mark.parametrize(("given", "says"), [
    ("date-ahead", "is a date, not a duration: give the time the job may take from its start; to {date} from today is 5d"),
    ("date-past", "is a date, and one already past: give the time the job may take from its start"),
    ("=-3d", "'-3d' is a time before now: give the time the job may take from its start"),
])
def test_a_deadline_typed_as_a_date_or_in_the_past_is_refused_saying_what_to_give(capsys, given, says):
    """"By Friday": ``--deadline 2026-12-11`` and ``--deadline=-3d`` both read "is not a duration
    (examples: 30min, 720h, 90d, 6w, 3mo)", as if the unit were wrong. A date says the days to it from
    today; a past date or a negative time says it is past, in either language."""
    import datetime

    from configurator.cli import main

    today = datetime.date.today()
    date = {"date-ahead": today + datetime.timedelta(days=5), "date-past": today - datetime.timedelta(days=2)}
    flag = f"--deadline={date[given].isoformat()}" if given in date else f"--deadline{given}"
    argv = ["recommend", "--workload", "lora", "--model", "qwen2.5-32b", "--tokens", "2B", "--limit", "1", flag]
    assert main(argv) == 2
    err = capsys.readouterr().err
    expected = says.format(date=date[given].isoformat()) if given in date else says
    assert expected in err and "is not a duration" not in err and err.count("\n") == 1
    assert main([*argv, "--lang", "zh_CN"]) == 2
    assert "自开始起可用的时间" in capsys.readouterr().err


@pytest.mark.parametrize(("count", "owned", "idle"), [(4, 4, 0), (4, 6, 0), (6, 4, 0)])
def test_a_deployment_of_owned_cards_alone_buys_no_idle_modules(count, owned, idle):
    """4 × A100 SXM4 80GB, all 4 owned: the row said "Uses the 4 × A100 SXM4 80GB already owned, no
    card bought", and its bill bought 4 more "sold with the server, not used by the layout" (46,000
    USD of its 107,191 USD capex). Where the cards at work are all owned, no module is bought; where
    some are still to buy, they go into the empty places of the owned server (session 42: until then the
    other 4 places of a baseboard were bought too, 2 of them idle, beside a server bought again)."""
    from configurator.core.procurement.bom import bill_of_materials
    from configurator.core.procurement.prices import price_book_for

    s = Scenario(model=preset("qwen2.5-32b"), workload="lora", card_id="a100-sxm-80gb", count=count,
                 economics={"owned_cards": owned})
    bom = bill_of_materials(s, CATALOG.get("a100-sxm-80gb"), price_book_for(s.economics))
    roles = {line.role: line.quantity for line in bom.lines if line.kind == "accelerator"}
    assert roles.get("idle", 0) == idle
    assert roles["owned"] == min(owned, 8)
    assert bom.cards_at_card_price == (count - owned if count > owned else 0) + idle


def test_owned_cards_serving_a_request_rate_say_what_they_carry_alone(capsys):
    """DeepSeek-V3 in FP8 at 50 requests/s (p90 1 s / 50 ms) with 16 × H200 owned: the ranking bought 8
    more H200 (24, ranked #4, cheaper per token at full use) and, the load given as a rate rather than users
    at once, said nothing of the 16 — which carry the whole rate alone (``estimate`` says 63 requests/s)."""
    from configurator.cli import main

    argv = ["recommend", "--workload", "inference", "--model", "deepseek-v3", "--precision", "fp8",
            "--owned", "h200-sxm:16", "--requests-per-s", "50", "--ttft-ms", "1000", "--tpot-ms", "50",
            "--latency-percentile", "90", "--limit", "3"]
    assert main([*argv, "--json"]) == 0
    said = json.loads(capsys.readouterr().out)["owned_alone"]
    assert said["id"] == "owned-alone-rate-enough"
    assert said["params"]["carried"] >= said["params"]["rate"] == 50.0 and said["params"]["owned"] == 16
    assert said["text"].startswith("The 16 × H200 SXM 141GB already owned carry the 50.0 requests/s alone")
    assert main([*argv, "--lang", "zh_CN"]) == 0
    assert capsys.readouterr().out.splitlines()[2].startswith("已拥有的 16 × H200 SXM 141GB 单独使用，即可在延迟目标")


def test_owned_cards_too_slow_for_a_rate_do_not_read_as_carrying_it(capsys):
    """In BF16 (named: DeepSeek-V3 is published in FP8) the 16 owned H200 carry 55 requests/s but at 76 ms a
    token, over the 50 ms target: the line says they miss the latency targets, not "carry 55.32 of the 50.00
    requests/s alone, within the latency targets"."""
    from configurator.cli import main

    assert main(["recommend", "--workload", "inference", "--model", "deepseek-v3", "--weight-format", "bf16",
                 "--owned", "h200-sxm:16", "--requests-per-s", "50", "--ttft-ms", "1000", "--tpot-ms", "50", "--latency-percentile", "90",
                 "--limit", "3", "--json"]) == 0
    said = json.loads(capsys.readouterr().out)["owned_alone"]
    assert said["id"] == "owned-alone-rate-slow" and "miss the latency targets" in said["text"]


def test_a_serving_deployment_that_misses_its_targets_is_offered_fewer_bits_on_the_same_cards(capsys):
    """DeepSeek-V3 in BF16 (named) on 16 × H200 at 50 requests/s misses the p90 50 ms a token (126 ms): "what would meet
    the targets" offered only 48 × H200 at 2.5 M USD; its FP8 weights meet every target on the 16."""
    from configurator.cli import main

    argv = ["estimate", "--workload", "inference", "--model", "deepseek-v3", "--weight-format", "bf16", "--card",
            "h200-sxm", "--count", "16", "--requests-per-s", "50", "--ttft-ms", "1000", "--tpot-ms", "50", "--latency-percentile", "90"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "What would meet the targets" in out
    assert "  - Fewer bits per weight: Weights in FP8 (8 bit/weight): these 16 × H200 SXM 141GB meet every target set" \
        in out
    assert main([*argv, "--json"]) == 0
    kinds = [s["kind"] for s in json.loads(capsys.readouterr().out)["what_would_fit"]]
    assert "targets-weight-format" in kinds
    assert main([*argv, "--lang", "zh_CN"]) == 0
    assert "降低权重位宽：权重改用 FP8（每权重 8 位）：现有 16 × H200 SXM 141GB 即可满足所设的全部目标" in capsys.readouterr().out
