"""``what-fits --budget 5万元 --region cn`` (persona44): one GeForce RTX 4090 D cost 15.07 万元 because it was
billed in a 2U server and a 42U rack; a desktop card bought alone is billed in a deskside workstation, whose
price (``workstation-1gpu``) is not on file, so its capex excludes it and says so. A DGX Spark's training rows
read "FP32" as though that were the recipe: they say the BF16 rate is not published."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main
from configurator.core.catalog import load_catalog
from configurator.core.procurement.host import at_a_workstation
from configurator.core.what_fits import owned_scenario

BUDGET = ["what-fits", "--budget", "5万元", "--region", "cn"]


def _budget_json(capsys) -> dict:
    assert main([*BUDGET, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_one_desktop_card_is_billed_in_a_workstation_not_a_rack(capsys):
    data = _budget_json(capsys)
    bought = {c["card"]: c for c in data["cards"]}
    d = bought["rtx-4090d"]  # 150,740 CNY in a server and rack until December 2026
    assert d["count"] == 2 and d["host"] == "workstation" and d["capex_excludes_workstations"] == 1  # 2 in 1 (desk1)
    assert d["capex"] == pytest.approx(2 * d["price"]["amount"])  # the cards alone: no server, rack or storage
    assert bought["dgx-spark-gb10"]["host"] == "server" and bought["dgx-spark-gb10"]["capex_excludes_workstations"] == 0


def test_which_cards_a_desk_holds():
    catalog = load_catalog()

    def at_a_desk(card_id: str, count: int) -> bool:
        return at_a_workstation(owned_scenario(card_id, count), catalog.get(card_id))

    assert at_a_desk("rtx-4090d", 1) and at_a_desk("rtx-a6000", 1) and at_a_desk("rtx-4090d", 2)
    assert not at_a_desk("rtx-4090d", 3)  # more than one workstation holds: servers
    assert not at_a_desk("l40", 1)  # passive: a server's airflow
    assert not at_a_desk("dgx-spark-gb10", 1)  # a desktop system: no host at all
    assert not at_a_desk("h100-pcie", 1)  # an inference card: data centre


@pytest.mark.parametrize("language, desk, precision", [
    ("en", "Bought as a desktop, one or two cards in a deskside workstation (not a rack server): ",
     "FP32 (no published BF16 rate)"),
    ("zh_CN", "按台式机购置，一至两张卡装在一台桌边工作站中（而非机架服务器）：", "FP32（无公开 BF16 速率）"),
])
def test_the_text_says_the_workstation_is_excluded_and_why_fp32(capsys, language, desk, precision):
    assert main([*BUDGET, "--lang", language]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith(desk))
    assert "GeForce RTX 4090 D" in line and "workstation-1gpu" in line
    assert "DGX Spark" not in line
    # the pre-training row's card has no published BF16 rate (a DGX Spark until session 44's deskside host made
    # two RTX 5090D the larger model): its precision says so
    pretrain = next(x for x in out.splitlines() if x.lstrip().startswith(("Pre-train", "从头预训练")))
    assert precision in pretrain


def test_a_spark_row_says_the_rate_it_is_computed_at(capsys):
    assert main(["what-fits", "--owned", "dgx-spark-gb10:1", "--models", "llama3.2-1b", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    training = [r for r in rows if r["task"] in ("pretrain", "finetune", "lora", "qlora")]
    assert training and all(r["timed_at_precision"] == "fp32" for r in training)
    assert {r["precision"] for r in training} == {"bf16", "nf4"}
