"""A DGX Spark is a desktop unit (the catalog's form factor 'Desktop system …'), not a card in a rack server: the
summary names it so, and its budget line lists only the kinds its bill has (until December 2026 '1 × DGX Spark in
1 server (1 card each), no rack' / '1 台服务器', and 'Capex … (cards, servers, network, storage, racks)' for a
bill of the unit and its storage; session 42)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.bill_covers import ALL_KINDS, bill_covers
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import Scenario
from configurator.report.language import Words
from configurator.report.summary import configuration_text


def _estimate(card_id: str, count: int, budget: float):
    scenario = Scenario.model_validate({"workload": "lora", "model": preset("llama3-8b").model_dump(),
                                        "card_id": card_id, "count": count, "constraints": {"budget": budget}})
    return estimate(scenario, load_catalog().get(card_id))


@pytest.mark.parametrize(("language", "said", "unsaid"), [
    ("en", "1 × DGX Spark (GB10 Grace Blackwell superchip), a desktop unit: no server, no rack", "server ("),
    ("zh_CN", "，桌面整机：无需服务器，无需机柜", "1 台服务器")])
def test_a_desktop_unit_is_named_as_what_it_is(language, said, unsaid):
    est = _estimate("dgx-spark-gb10", 1, 30_000.0)
    text = configuration_text(est, deployment_cost(est), Words(language))
    assert said in text and unsaid not in text


def test_the_budget_line_lists_only_the_kinds_the_bill_has():
    est = _estimate("dgx-spark-gb10", 1, 30_000.0)
    bill = deployment_cost(est).bom
    kinds = {line.kind for line in bill.purchases}
    assert "server" not in kinds and bill_covers(bill).kinds == ("accelerator", "storage")
    budget = next(v for v in est.verdicts if v.id == "budget")
    assert budget.met and "(cards, storage)," in budget.message.text
    assert "（加速卡、存储）" in budget.message.text_in("zh_CN")
    assert budget.to_dict()["message"]["params"]["covers"] == "cards, storage"  # JSON: the English


def test_a_server_bill_still_lists_its_servers():
    est = _estimate("h100-sxm", 8, 1_000.0)
    budget = next(v for v in est.verdicts if v.id == "budget")
    assert not budget.met and "servers" in budget.message.text and "服务器" in budget.message.text_in("zh_CN")
    assert ALL_KINDS.text_in("zh_CN") == "加速卡、服务器、网络、存储、机柜"
