"""``what-fits --budget --json`` and ``estimate --json`` say which currency a budget typed without one was read in,
with the amount as typed (session 50, small50): until December 2026 their text said it ('预算 1,403.94 万元（--budget
2M：未写币种，按 USD 读取）', words49) and their JSON did not, while ``recommend --json``'s job gave the currency
alone. One shape on the three commands (:func:`configurator.core.view.job_view.budget_read_in_to_dict`): said
whenever the budget named no currency, even where it is the one shown, since a program reading the JSON cannot
see what was typed; null where it named one, or none was given."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main

WHAT_FITS = ["what-fits", "--tasks", "inference", "--models", "llama3-8b"]


def _json(capsys, *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(("flags", "read_in"), [
    (("--budget", "2M"), {"typed": "2M", "currency": "USD"}),
    (("--budget", "2M", "--lang", "zh_CN"), {"typed": "2M", "currency": "USD"}),  # shown in yuan, read in USD
    (("--budget", "2M", "--region", "cn"), {"typed": "2M", "currency": "CNY"}),
    (("--budget", "200万元"), None), (("--budget", "2M USD"), None)])
def test_what_fits_json_names_the_currency_a_bare_budget_was_read_in(capsys, flags, read_in):
    answer = _json(capsys, *WHAT_FITS, *flags)
    assert answer["budget_read_in"] == read_in


@pytest.mark.parametrize(("flags", "read_in"), [
    (("--budget", "2M", "--region", "cn"), {"typed": "2M", "currency": "CNY"}),
    (("--budget", "2M", "--lang", "zh_CN"), {"typed": "2M", "currency": "USD"}),
    (("--budget", "2M", "--currency", "CNY"), {"typed": "2M", "currency": "CNY"}),
    (("--budget", "300万元"), None), ((), None)])
def test_estimate_json_names_the_currency_a_bare_budget_was_read_in(capsys, flags, read_in):
    assert _json(capsys, "estimate", *flags)["budget_read_in"] == read_in


def test_the_three_commands_say_it_in_one_shape(capsys):
    flags = ("--budget", "5M", "--lang", "zh_CN")
    job = _json(capsys, "recommend", "--workload", "inference", "--model", "llama3-8b", "--limit", "1", *flags)["job"]
    estimate, what_fits = (_json(capsys, *argv, *flags)["budget_read_in"] for argv in (["estimate"], WHAT_FITS))
    assert job["budget_read_in"] == estimate == what_fits == {"typed": "5M", "currency": "USD"}
