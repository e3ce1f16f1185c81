"""A serving question asked without a load is answered saying so, on every screen (session 35, noload):
a chat service given neither users nor a request rate was sized for 1 user and nothing said it (the
summary's title read "Serve Llama 3 70B to 1 users"); an offline batch given no volume was planned
with full batches, its summary titled "to 1,024 users" though the buyer gave none, and its winner
could be a whole rack. Now the command line (text and JSON), the panel, the wizard's answer and the
summary's first page say what was assumed and what to give, the first row names the smallest
purchase ranked; and the summary's quote list holds only what a buyer could sign (a fleet the latency
targets size, "1,240 × Tesla V100", is none)."""

from __future__ import annotations

import json

import pytest
from buyer_questions import cli_text as _cli
from buyer_questions import question_scenario

from configurator.core.catalog import load_catalog
from configurator.core.recommend import Objective, oversized_fleet, recommend, smallest_purchase
from configurator.core.recommend_json import result_to_dict
from configurator.core.serving_use import as_asked, load_note
from configurator.report.summary import build_summary

CATALOG = load_catalog()
CHAT = ("recommend", "--workload", "inference", "--model", "llama3-8b")
BATCH = ("recommend", "--workload", "inference", "--model", "llama3-70b", "--use", "batch")


@pytest.fixture(scope="module")
def batch_result():
    return recommend(question_scenario(BATCH, CATALOG), CATALOG, Objective.TCO)


def test_which_questions_have_no_load():
    chat, batch = question_scenario(CHAT, CATALOG), question_scenario(BATCH, CATALOG)
    assert load_note(chat).id == "load-not-given" and load_note(batch).id == "load-not-given-batch"
    for given in ((*CHAT, "--concurrency", "1"), (*CHAT, "--requests-per-s", "2"),
                  (*BATCH, "--requests-per-day", "400k"), ("recommend", "--workload", "lora")):
        assert load_note(question_scenario(given, CATALOG)) is None, given
    note = load_note(chat)
    assert "sized for 1 user at once" in note.text and "--concurrency" in note.text and "--requests-per-s" in note.text
    assert "按同时 1 位用户规划" in note.text_in("zh_CN") and "--concurrency" in note.text_in("zh_CN")
    assert "one full batch per model copy" in load_note(batch).text and "--requests-per-day" in load_note(batch).text


@pytest.mark.parametrize("language, start", [("en", "No load given: sized for 1 user at once"),
                                             ("zh_CN", "未给出负载：按同时 1 位用户规划")])
def test_the_command_line_says_it_first(language, start):
    text = _cli(*CHAT, "--limit", "3", "--lang", language)
    job = text.splitlines()[0]  # first the job line (jobline48), set apart
    assert job.startswith("Job: Serve " if language == "en" else "任务：") and text.splitlines()[1] == ""
    assert text.splitlines()[2].startswith(start) and text.splitlines()[3] == ""  # after the job line (jobline48)
    given = _cli(*CHAT, "--concurrency", "1", "--limit", "3", "--lang", language)
    assert not given.startswith(start[:6])


def test_the_json_says_whether_a_load_was_given():
    document = json.loads(_cli(*CHAT, "--limit", "2", "--json"))
    assert document["load"]["given"] is False and document["load"]["note_id"] == "load-not-given"
    assert document["load"]["give"] == ["--concurrency", "--requests-per-s", "--requests-per-day"]
    given = json.loads(_cli(*CHAT, "--concurrency", "50", "--limit", "2", "--json"))
    assert given["load"] == {"given": True, "note_id": None, "note": None, "give": []}


def test_an_unsized_batch_names_the_smallest_purchase(batch_result):
    result = batch_result
    assert result.load is not None and result.load.id == "load-not-given-batch"
    best, smallest = result.best, smallest_purchase(result.considered, result.book)
    assert smallest is not None and smallest is not best
    line = next(m for m in best.reasons if m.id == "reason-smallest-purchase")
    assert line.params["count"] == smallest.count and line.params["card"] == smallest.card.name
    assert line.params["capex"] < line.params["first_capex"]
    assert line.params["ratio"] == pytest.approx(smallest.ownership_per_unit / best.ownership_per_unit)
    assert line.text_in("zh_CN").startswith("负载很小时")
    assert "load" in result_to_dict(result) and result_to_dict(result)["load"]["give"][0] == "--requests-per-day"


def test_an_applied_batch_stays_unsized(batch_result):
    question = question_scenario(BATCH, CATALOG)
    found = batch_result.best.estimate.scenario
    assert found.serving.concurrency is not None  # the planner filled its copies
    assert as_asked(found, question).serving.concurrency is None
    sized = question_scenario((*BATCH, "--requests-per-day", "400k"), CATALOG)
    assert as_asked(found, sized) is found


@pytest.mark.parametrize("language, title, row", [("en", "no load given, sized for 1 user at once", "Load assumed"),
                                                  ("zh_CN", "未给出负载，按同时 1 位用户规划", "假设的负载")])
def test_the_summarys_first_page_says_it(language, title, row):
    from configurator.core.estimate import estimate

    best = recommend(question_scenario(CHAT, CATALOG), CATALOG, Objective.TCO, limit=1).best
    summary = build_summary(estimate(best.estimate.scenario, best.card), CATALOG, language, recommended=True)
    assert title in summary.title and "1 users" not in summary.title
    key, value = summary.headline[0]
    assert key == row and value == load_note(best.estimate.scenario).text_in(language)


def test_the_reports_batch_title_is_the_question_asked(tmp_path):
    out = tmp_path / "batch.md"
    _cli("report", "--workload", "inference", "--model", "llama3-8b", "--use", "batch", "-o", str(out))
    text = out.read_text(encoding="utf-8")
    assert text.splitlines()[0] == "# Serve Llama 3 8B: no volume given, one full batch per model copy"
    assert "- **Load assumed**: No volume given: planned as one full batch per model copy" in text
    assert " users" not in text.splitlines()[0]


def test_the_quote_list_holds_only_what_a_buyer_could_sign():
    """The API report's load (tests/test_ranking_counts.py): 1,240 × Tesla V100 carries 8.6× the load."""
    from configurator.core.estimate import estimate

    question = ("recommend", "--workload", "inference", "--model", "llama3-70b", "--precision", "fp8", "--use", "api",
                "--requests-per-s", "20", "--ttft-ms", "500", "--tpot-ms", "50", "--latency-percentile", "99")
    result = recommend(question_scenario(question, CATALOG), CATALOG, Objective.TCO, limit=1)
    best = result.best
    summary = build_summary(estimate(best.estimate.scenario, best.card), CATALOG, "en", recommended=True)
    prices = {t.key: t for t in summary.tables}["prices"]
    quote_row = next(row for row in prices.rows if row[2].startswith("No dated public price"))
    # the fleets the latency targets size, whether or not the alternatives' few unranked rows show them
    # (a rack-scale row can take the V100's place there): in no row of the prices, not asked a quote for
    oversized = [f"{o.estimate.scenario.count:,} × {o.card.name}" for o in result.unpriced
                 if oversized_fleet(o.estimate) is not None]
    # the planner sizes the fleet at its seed step of 8,192 (engine_step.PLANNER_SEED_STEP), not vLLM's 2,048
    # (1,240 x Tesla V100 SXM2 32GB was one until the V100 32GB got a price, session 46)
    for fleet in oversized:
        assert not [row for row in prices.rows if fleet in row[0]], fleet
    assert " × " in quote_row[0]  # the signable ones are still listed
    assert oversized_fleet(best.estimate) is None


def test_the_estimate_and_the_serving_plan_say_it_too():
    one = ("--workload", "inference", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "1")
    for command in ("estimate", "plan"):
        text = _cli(command, *one)
        assert text.startswith("No load given: sized for 1 user at once"), command
        document = json.loads(_cli(command, *one, "--use", "batch", "--json"))
        assert document["load"]["given"] is False and document["load"]["note_id"] == "load-not-given-batch"
        sized = json.loads(_cli(command, *one, "--concurrency", "8", "--json"))
        assert sized["load"]["given"] is True
    assert "load" in json.loads(_cli("estimate", "--workload", "lora", "--card", "h100-sxm", "--json"))
