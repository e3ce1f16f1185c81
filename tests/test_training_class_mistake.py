"""An inference card (H20, L40S, L4, A10) bought to pre-train or fully fine-tune drew only the generic class line
until December 2026 (classrule, session 43); now, where it is a mistake, the buyer reads what it costs against the
training card the ranking finds and what the card lacks, with figures: on the command line, the window's
ranking, the summary's first page (red, 'Wrong card class for this work') and its JSON, in both languages. An
inference card that meets the time at no more cost per token is no mistake and keeps its verdict."""

from __future__ import annotations

import json

import pytest

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.mismatch import TRAINING_COST_BASIS, mismatch
from configurator.core.recommend import Filters, Objective
from configurator.core.scenario import Scenario
from configurator.core.training_mistake import training_lacks
from configurator.report.render import STATUS_COLOURS, to_html
from configurator.report.summary import WRONG_CLASS, build_summary

PRETRAIN_L40S = ["--workload", "pretrain", "--model", "llama3-8b", "--card", "l40s", "--count", "64",
                 "--tokens", "100B"]
"""Llama 3 8B on 100 B tokens on 64 × L40S: 8.39 days, 4.5× the cost per million tokens of 8 × Gaudi 3 (9.45 days)."""

FINETUNE_L40S = ["--workload", "finetune", "--model", "llama3-8b", "--card", "l40s", "--count", "8",
                 "--tokens", "1B"]
"""A full fine-tune on 8 × L40S in 16.0 h: 4 × A100 PCIe take 19.3 h at 1.1× less per token (no saving worth the
time)."""

SAID = {"en": ("is in the inference class", "no card-to-card link", "48 GB per card against",
               "TFLOP/s of dense BF16 against", "as much per million tokens in total cost of ownership"),
        "zh_CN": ("是推理类卡", "无卡间高速互联", "每卡显存 48 GB", "BF16 稠密峰值 362 TFLOP/s", "总拥有成本是训练卡")}


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _scenario(flags: list[str]) -> Scenario:
    """The scenario the command line reads from ``flags``, its deadline among them."""
    args = build_parser().parse_args(["estimate", *flags])
    return with_constraints(scenario_from_args(args, load_catalog()), args)


def test_what_an_inference_card_lacks_for_training_is_said_with_figures(catalog):
    lacks = {m.id: m.params for m in training_lacks(catalog.get("l4"), catalog.get("h100-sxm"))}
    assert set(lacks) == {"lacks-training-link", "lacks-training-memory", "lacks-training-bf16"}
    assert lacks["lacks-training-link"]["pcie"] < 40 < 400 < lacks["lacks-training-link"]["link"]  # PCIe Gen4 x16
    assert lacks["lacks-training-memory"] == {"memory": 24.0, "other_memory": 80.0}
    assert lacks["lacks-training-bf16"] == {"tflops": 121.0, "other_tflops": 989.5}
    h20 = [m.id for m in training_lacks(catalog.get("h20"), catalog.get("h100-sxm"))]
    assert h20 == ["lacks-training-bf16"]  # NVLink 900 GB/s and 96 GB: only its BF16 rate falls short


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_mistake_is_quantified_against_the_best_training_card(catalog, language):
    warning = mismatch(_scenario(PRETRAIN_L40S), catalog)
    assert warning is not None and warning.id == "mismatch-class-for-training-lacks"
    p = warning.params
    assert p["ratio"] > 2 and p["mine"] > p["theirs"] and p["other_hours"] <= 1.25 * p["hours"]
    assert catalog.get(_card_id(catalog, p["other"])).category == "training"
    assert all(said in warning.text_in(language) for said in SAID[language])


def _card_id(catalog, name: str) -> str:
    return next(card.id for card in catalog.cards if card.name == name)


def test_a_missed_deadline_is_the_mistake_the_training_card_meets(catalog):
    warning = mismatch(_scenario([*PRETRAIN_L40S, "--deadline", "5d"]), catalog)
    assert warning is not None and warning.id == "mismatch-class-for-training-late-lacks-days"  # said in days
    assert warning.params["days"] > 5 >= warning.params["other_days"]
    assert "past its 5-day deadline" in warning.text and "超出 5 天的期限" in warning.text_in("zh_CN")


def test_an_inference_card_that_wins_on_cost_and_time_is_no_mistake(catalog):
    scenario = _scenario(FINETUNE_L40S)
    assert mismatch(scenario, catalog) is None
    summary = build_summary(estimate(scenario, catalog.get("l40s")), catalog, "en")
    assert summary.state != WRONG_CLASS


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_first_page_opens_in_red_with_it(catalog, language):
    scenario = _scenario(PRETRAIN_L40S)
    summary = build_summary(estimate(scenario, catalog.get("l40s")), catalog, language)
    assert summary.state == WRONG_CLASS
    other = mismatch(scenario, catalog).params["other"].split(" (")[0]  # 'Gaudi 3', its edition in brackets
    assert other in summary.recommendation  # the warning and the verdict name the same training card
    assert mismatch(scenario, catalog).text_in(language) in summary.status
    page = to_html(summary)
    first = page[:page.index(summary.headings["headline"])]
    assert STATUS_COLOURS[WRONG_CLASS][0] in first and SAID[language][1] in first


def test_the_command_line_and_the_summary_json_say_it(tmp_path, capsys):
    assert main(["estimate", *PRETRAIN_L40S]) == 0
    out = capsys.readouterr().out
    assert out.count("no card-to-card link: the traffic between the cards crosses PCIe") == 1
    assert "pre-train work usually belongs on training cards" not in out  # the generic line it quantifies
    path = tmp_path / "summary.json"
    assert main(["report", *PRETRAIN_L40S, "-o", str(path)]) == 0
    status = json.loads(path.read_text(encoding="utf-8"))["status"]
    assert status["state"] == WRONG_CLASS and "a training card" in status["text"]


def test_the_estimate_json_carries_the_mistake_the_table_says(capsys):
    """``estimate --json`` said only the generic class line while the table and the summary JSON said what the
    mistake costs (review43): its ``mismatch`` is the table's first warning, null where there is none."""
    assert main(["estimate", "--json", *PRETRAIN_L40S]) == 0
    document = json.loads(capsys.readouterr().out)
    said = document["mismatch"]
    assert said["id"] == "mismatch-class-for-training-lacks" and said["params"]["ratio"] > 2
    assert not {"class-mismatch", "dp-over-pcie"} & {m["id"] for m in document["warning_ids"]}  # said in it
    assert len(document["warnings"]) == len(document["warning_ids"])
    assert main(["estimate", *PRETRAIN_L40S]) == 0
    assert f"  - {said['text']}" in capsys.readouterr().out
    assert main(["estimate", "--json", *FINETUNE_L40S]) == 0
    quiet = json.loads(capsys.readouterr().out)
    assert quiet["mismatch"] is None and "dp-over-pcie" in {m["id"] for m in quiet["warning_ids"]}


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_what_the_warning_says_in_full_is_not_said_again(catalog, tmp_path, capsys, language):
    """The summary's warnings kept the generic class line and the plain no-link line beside the red status that
    quantifies both, and the table kept the no-link line (review43): each is said once, by the quantified one."""
    plain = {"en": ("usually belongs on training cards", "gradient exchange runs over PCIe"),
             "zh_CN": ("通常应使用", "梯度交换经由 PCIe")}[language]
    summary = build_summary(estimate(_scenario(PRETRAIN_L40S), catalog.get("l40s")), catalog, language)
    assert summary.state == WRONG_CLASS and SAID[language][1] in summary.status
    assert not any(line in warning for warning in summary.warnings for line in plain)
    assert main(["estimate", *PRETRAIN_L40S, "--lang", language]) == 0
    out = capsys.readouterr().out
    assert SAID[language][1] in out and not any(line in out for line in plain)
    quiet = build_summary(estimate(_scenario(FINETUNE_L40S), catalog.get("l40s")), catalog, language)
    assert any(plain[1] in warning for warning in quiet.warnings)  # no mismatch: the estimate's lines stay


@pytest.mark.parametrize("objective, filters", [(Objective.CLOUD, None), (Objective.TCO, Filters(vendors=("NVIDIA",)))])
def test_the_warning_names_the_card_of_the_ranking_asked_for(catalog, objective, filters):
    """The window's Rank by and its switches rank the summary's alternatives; the class rule compared on ownership
    over every vendor whatever they said: ranked by cloud rent, or NVIDIA only, the red status named 8 × Gaudi 3 in
    total cost of ownership beside a recommendation of 64 × MI325X, or 8 × B200 (review43)."""
    scenario = _scenario(PRETRAIN_L40S)
    summary = build_summary(estimate(scenario, catalog.get("l40s")), catalog, "en", objective=objective,
                            filters=filters)
    warning = mismatch(scenario, catalog, objective=objective, filters=filters)
    assert summary.state == WRONG_CLASS and warning.text_in("en") in summary.status
    assert warning.params["basis"].id == TRAINING_COST_BASIS[objective]
    other = warning.params["other"].split(" (")[0]
    assert f"{warning.params['count']} × {other}" in summary.recommendation
    assert filters is None or other.startswith("B200")  # NVIDIA's, not Gaudi 3
