"""Rent or buy in one line of the command line's recommendation, where the question asks about renting
or gives a term (session 38, persona 6: it was answered only on the printed summary's page 2), reading
the break-even utilisation the summary's row reads (``DeploymentCost.break_even_utilisation``)."""

from __future__ import annotations

import re

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.recommend_costs import rent_or_buy
from configurator.core.scenario import Scenario

ASKED = ["recommend", "--workload", "inference", "--model", "llama3-70b", "--concurrency", "200",
         "--classes", "inference,workstation"]


def test_a_term_given_says_rent_or_buy_with_the_break_even(capsys):
    assert main([*ASKED, "--years", "3"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1].replace("\xa0", " ")
    assert line.startswith("Rent or buy: over 3 years at 80 % utilisation, renting the ")
    assert re.search(r"buying pays off above \d+ % utilisation(; |$)", line)


def test_the_sentence_reads_the_summarys_break_even_figure():
    catalog = load_bundled_catalog()
    scenario = Scenario.model_validate({"workload": "inference", "model": preset("llama3-70b").model_dump(),
                                        "card_id": "l40s", "count": 8, "serving": {"concurrency": 50},
                                        "economics": {"amortisation_years": 3}})
    est = estimate(scenario, catalog.get("l40s"))
    cost = deployment_cost(est)
    said = rent_or_buy(est, cost)
    line = said.params["said"] if said.id == "rent-or-buy-then" else said
    if cost.break_even_utilisation is None:
        assert line.id in ("rent-or-buy-rent-cheaper", "rent-or-buy-no-rent")
    else:
        assert line.id == "rent-or-buy" and line.params["break_even"] == cost.break_even_utilisation
        assert f"{cost.break_even_utilisation:.0%}".replace("%", " %") in said.text.replace("\xa0", " ")
    assert line.params["tco"] == cost.ownership.tco


def test_the_line_in_chinese(capsys):
    assert main([*ASKED, "--years", "3", "--lang", "zh_CN"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1].replace("\xa0", " ")
    assert line.startswith("租还是买：3 年内") and "时购买更划算" in line


def test_no_line_where_neither_renting_nor_a_term_was_asked(capsys):
    assert main(ASKED) == 0
    assert "Rent or buy" not in capsys.readouterr().out


def test_a_card_without_a_rent_says_so(capsys):
    assert main(["recommend", "--workload", "inference", "--model", "llama3-70b", "--concurrency", "200",
                 "--years", "3"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1].replace("\xa0", " ")
    assert line.startswith("Rent or buy: no cloud price for ") and "over 3 years" in line
