"""``--users N`` for serving work is the users it serves at once, as ``--concurrency N`` (session 50, users50): a
buyer types "users" (``what-fits --users`` reads the same quantity, the wizard asks for the users served at once),
and ``recommend --workload inference --users 200`` was refused with "use --concurrency". One flag, one help text
(the field registry's ``graphics.users`` entry: desktops for VDI, users served at once for a service)."""

from __future__ import annotations

import json

import pytest
from buyer_questions import cli_text

from configurator.cli import main

ESTIMATE = ("estimate", "--workload", "inference", "--model", "llama3-8b", "--card", "l40s", "--json")


def _scenario(*argv: str) -> dict:
    return json.loads(cli_text(*argv))["scenario"]


def test_users_for_a_service_is_its_concurrency():
    by_users = _scenario(*ESTIMATE, "--users", "64")
    assert by_users["serving"]["concurrency"] == 64
    assert by_users == _scenario(*ESTIMATE, "--concurrency", "64")
    assert _scenario(*ESTIMATE, "--users", "64", "--concurrency", "64")["serving"]["concurrency"] == 64


def test_users_for_desktops_is_still_the_desktops():
    scenario = _scenario("estimate", "--workload", "vdi", "--users", "40", "--json")
    assert scenario["graphics"]["users"] == 40 and scenario["serving"]["concurrency"] is None


@pytest.mark.parametrize(("language", "said"), [
    ("en", "--users and --concurrency are the same for --workload inference, the users served at once: --users 100 "
           "and --concurrency 50 disagree; give one"),
    ("zh_CN", "对 --workload inference，--users 与 --concurrency 是同一个量，即同时服务的用户数")])
def test_users_and_concurrency_that_disagree_are_refused_in_both_languages(capsys, language, said):
    assert main([*ESTIMATE[:-1], "--users", "100", "--concurrency", "50", "--lang", language]) == 2
    assert said in capsys.readouterr().err


def test_users_out_of_the_helps_range_names_users(capsys):
    assert main([*ESTIMATE, "--users", "2000000"]) == 2
    assert "--users: 2,000,000 is outside the range 1 to 1,000,000" in capsys.readouterr().err


def test_the_recommendation_a_buyer_types_with_users_runs(capsys):
    text = cli_text("recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--users", "200", "--tpot-ms",
                    "50", "--region", "cn", "--budget", "500万元", "--limit", "2", "--lang", "zh_CN")
    assert "为 200 位同时在线用户提供 Qwen 2.5 72B 推理服务" in text


def test_one_help_text_names_both_meanings(capsys):
    with pytest.raises(SystemExit):
        main(["recommend", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--users N users: for --workload inference those served at once (the same as --concurrency), for " \
           "--workload vdi the virtual desktops in use" in out
    assert out.count("--users N") == 2  # the usage line and the one help entry
