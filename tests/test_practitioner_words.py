"""Words and defaults a practitioner would not sign (session 37, wordsfix): a training run's TCO per
unit says the pace it assumes; a margin to a deadline in a readable unit; Chinese counts in 万 and 亿."""

from __future__ import annotations

import pytest

from configurator.core.messages import deadline_msg
from configurator.core.scenario import Workload
from configurator.core.view.cost_bases import per_unit_label
from configurator.core.view.rows import write
from configurator.core.workloads import FAMILIES, family_of


def test_every_job_that_ends_names_its_pace_and_work_that_runs_on_none():
    """The TCO-per-unit caveat is keyed on the family (``one_off_job``, ``job_pace``), not the unit
    "frame": a pre-training run's million tokens carries it, serving's million tokens does not."""
    for family in FAMILIES:
        assert (family.pace is not None) == family.one_off_job, family.name
    train, serve = family_of(Workload.PRETRAIN), family_of(Workload.INFERENCE)
    label = per_unit_label(train.cost_unit, "tco", 4, train.pace)
    assert "if the cards train at this pace all 4 years" in write(label, "en")
    assert "按此节奏训练" in write(label, "zh_CN")
    assert "at this pace" not in write(per_unit_label(serve.cost_unit, "tco", 4, serve.pace), "en")


def test_a_training_job_alone_says_the_cards_train_at_this_pace(catalog):
    from configurator.cli import build_parser
    from configurator.cli_scenario import scenario_from_args, with_constraints
    from configurator.core.estimate import estimate
    from configurator.core.job_alone import job_alone_reason
    from configurator.core.procurement.deployment import deployment_cost
    args = build_parser().parse_args(["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--card",
                                      "h100-sxm", "--count", "64", "--tokens", "100B", "--deadline", "3d"])
    est = estimate(with_constraints(scenario_from_args(args, catalog), args), catalog.get("h100-sxm"))
    said = job_alone_reason(est, deployment_cost(est))
    assert "the cards train at this pace all 4 years" in said.text
    assert "按此节奏训练满 4 年" in said.text_in("zh_CN")


@pytest.mark.parametrize(("deadline", "hours", "margin", "en", "zh"), [
    (72.0, 70.68, 1.32, "Takes 2.95 days, 1.32\u00a0h within the 3-day deadline", "余 1.32\u00a0小时"),
    (10.0, 9.7, 0.3, "Takes 9.70 h, 18.0\u00a0min within the 10 h deadline", "余 18.0\u00a0分钟"),
])
def test_a_margin_to_a_deadline_is_written_in_its_own_unit(deadline, hours, margin, en, zh):
    """'Takes 2.95 days, 0.055 days within the 3-day deadline' read as nothing; the gap takes the one
    rule of a duration (minutes, hours, days by its size, three significant digits)."""
    met = deadline_msg("meets-deadline", deadline, {"hours": hours}, {"margin": margin})
    assert met.text == en
    assert zh in met.text_in("zh_CN")


def test_met_at_the_estimate_is_rounded_by_the_same_rule():
    """The verdict met at the estimate rounded to a tenth of a day ('2.8 days, 0.2 days within')."""
    m = deadline_msg("meets-deadline-at-estimate", 72.0, {"hours": 66.3, "slow": 78.7}, {"margin": 5.7})
    assert m.text.startswith("Takes 2.76 days, 5.70\u00a0h within the 3-day deadline at the estimate")
    assert "(3.28 days)" in m.text


@pytest.mark.parametrize(("tokens", "en", "zh"), [
    (4_194_304, "4.19M", "419 万"), (2e12, "2T", "2 万亿"), (1.5e10, "15B", "150 亿"), (1.56e13, "15.6T", "15.6 万亿"),
    (262_144, "262,144", "26.2 万"),
])
def test_token_counts_are_written_in_the_readers_large_numbers(tokens, en, zh):
    """'4.19M 词元' read as translated English: a Chinese reader counts in 万 and 亿."""
    from configurator.core.view.numbers import token_count
    assert token_count(tokens, "en") == en
    assert token_count(tokens, "zh_CN") == zh


def test_an_english_token_count_reads_as_the_model_reports_write_it():
    """'15.6T tokens' (Llama 3 Herd of Models), not '15.6 T tokens'; and it reads back as typed."""
    from configurator.core.magnitudes import with_magnitude
    from configurator.core.view.numbers import token_count
    assert f"{token_count(1.56e13, 'en')} tokens" == "15.6T tokens"
    for tokens in (4_190_000, 2e12, 1.5e10):
        assert with_magnitude(token_count(tokens, "en")) == pytest.approx(tokens)


def _estimate(catalog, *argv: str):
    from configurator.cli import build_parser
    from configurator.cli_scenario import scenario_from_args, with_constraints
    from configurator.core.estimate import estimate
    args = build_parser().parse_args(["estimate", *argv])
    scenario = with_constraints(scenario_from_args(args, catalog), args)
    return estimate(scenario, catalog.get(scenario.card_id))


def test_the_layout_and_the_summary_title_write_tokens_so(catalog):
    from configurator.core.view.estimate_view import tables_of
    from configurator.core.view.family_view import TRAINING
    from configurator.core.view.words import Words
    est = _estimate(catalog, "--workload", "pretrain", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "64",
                    "--tokens", "2T")
    zh = write(tables_of(est).layout(est), "zh_CN")
    assert "全局批量 210 万词元" in zh and " M 词元" not in zh  # 2,097,152 tokens, 8B: GPT-3 Table 2.1
    assert TRAINING.job(est.scenario, Words("zh_CN")) == "在 2 万亿词元上预训练 Llama 3 8B"
    assert TRAINING.job(est.scenario, Words("en")) == "Pre-train Llama 3 8B on 2T tokens"


def test_the_wizard_says_what_owned_cards_do_alone_for_a_training_job_and_graphics(catalog):
    """The wizard's owned-cards sentence was asked of serving only: 64 owned H100 for a 30-day
    pre-training said nothing of their 181 days alone; 2 owned L4 for 100 desktops nothing of the 24
    users they carry."""
    from configurator.app.wizard_decide import decide
    from configurator.core.architecture import preset
    from configurator.core.scenario import Scenario
    job = Scenario(workload="pretrain", model=preset("llama3-70b"), card_id="h100-sxm", count=64,
                   training={"tokens": 1e12, "seq_len": 8192}, constraints={"deadline_hours": 720})
    said = decide(job, catalog, "h100-sxm", 64, False).owned_alone
    assert said.id == "owned-alone-job-late" and "past the deadline" in said.text
    assert "超出期限" in said.text_in("zh_CN")
    desks = Scenario(workload="vdi", model=preset("llama3-8b"), card_id="l4", count=2, graphics={"users": 100})
    said = decide(desks, catalog, "l4", 2, False).owned_alone
    assert said.id == "owned-alone-carried" and "of the 100 users alone" in said.text
    assert "100 个用户中的" in said.text_in("zh_CN")


@pytest.mark.parametrize(("argv", "seq"), [
    (("--workload", "pretrain", "--model", "llama3-70b"), 8192),  # Meta: sequences of 8,192 tokens
    (("--workload", "pretrain", "--model", "llama2-7b"), 4096),  # Touvron et al. 2023, Table 1
    (("--workload", "pretrain", "--model", "mistral-7b"), 2048),  # unpublished: the one default
    (("--workload", "finetune", "--model", "llama3-70b"), 2048),  # the fine-tuning recipes'
    (("--workload", "pretrain", "--model", "llama3-70b", "--seq", "4096"), 4096),  # given: kept
])
def test_a_pretraining_defaults_to_the_models_published_context(catalog, argv, seq):
    """Llama 3 70B's pre-training was planned on 2,048-token sequences, a quarter of Meta's 8,192."""
    from configurator.cli import build_parser
    from configurator.cli_scenario import scenario_from_args
    args = build_parser().parse_args(["estimate", *argv, "--card", "h100-sxm", "--count", "64"])
    assert scenario_from_args(args, catalog).training.seq_len == seq


def test_the_wizard_pretrains_on_the_models_context_unless_the_window_set_another(catalog):
    """The wizard never asks the sequence: a pre-training of Llama 3 70B answered over the window's first
    fine-tune (2,048, its default) is planned on Meta's 8,192; a length the user set in the window is kept."""
    from configurator.core.workloads.job_defaults import with_default_sequence
    from configurator.core.architecture import preset
    from configurator.core.scenario import Scenario, updated
    window = Scenario(workload="finetune", model=preset("llama3-8b"), card_id="h100-sxm", count=8)
    answered = updated(window, workload="pretrain", model=preset("llama3-70b").model_dump())
    assert with_default_sequence(answered, window).training.seq_len == 8192
    set_by_user = updated(window, training={"seq_len": 4096})
    kept = updated(set_by_user, workload="pretrain", model=preset("llama3-70b").model_dump())
    assert with_default_sequence(kept, set_by_user).training.seq_len == 4096
