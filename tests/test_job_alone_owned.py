"""A one-off job on cards already owned (persona check, session 39): "This job alone: … with its cards
and servers bought for it" beside a capex that counted no card. The line says what the capex buys and
which owned cards (and servers) it leaves out, en and zh."""

from __future__ import annotations

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.estimate import estimate
from configurator.core.job_alone import job_alone_reason
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import updated


def _reason(catalog, owned: int, count: int = 8):
    args = build_parser().parse_args(["estimate", "--workload", "finetune", "--model", "llama3-8b", "--tokens", "50M",
                                      "--card", "h100-sxm", "--count", str(count)])
    scenario = updated(scenario_from_args(args, catalog), economics={"owned_cards": owned})
    est = estimate(scenario, catalog.get("h100-sxm"))
    return job_alone_reason(est, deployment_cost(est))


def test_nothing_owned_reads_as_before(catalog):
    said = _reason(catalog, 0)
    assert "with its cards and servers bought for it (" in said.text and "owned" not in said.text
    assert "为它购置加速卡和服务器，每" in said.text_in("zh_CN") and "已有" not in said.text_in("zh_CN")


def test_eight_owned_cards_in_their_server_are_said_not_counted(catalog):
    said = _reason(catalog, 8)
    assert "with its cards and servers" not in said.text
    assert "with what else it needs bought for it (" in said.text
    assert "the 8 cards and the server they come in, already owned, not counted)" in said.text
    zh = said.text_in("zh_CN")
    assert "为它购置其余所需" in zh and "已有的 8 张卡及其所在的服务器未计入）" in zh


@pytest.mark.parametrize(("owned", "en", "zh"), [
    (4, "; the 4 cards and the server they come in, already owned, not counted)", "；已有的 4 张卡及其所在的服务器未计入）"),
    (1, "; the 1 card and the server it comes in, already owned, not counted)", "；已有的 1 张卡及其所在的服务器未计入）"),
])
def test_some_owned_cards_leave_the_others_bought(catalog, owned, en, zh):
    """Owned H100 SXM modules come in their 8-GPU server: the other cards go into its empty places, no
    server bought (session 42; until then "its other cards and its servers", a server bought for them)."""
    said = _reason(catalog, owned)
    assert "with its other cards and what else it needs bought for it (" in said.text and en in said.text
    assert "为它购置其余加速卡和其余所需" in said.text_in("zh_CN") and zh in said.text_in("zh_CN")
