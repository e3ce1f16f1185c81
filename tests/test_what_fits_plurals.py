"""What fits, in words a buyer reads as written (session 44, fits44): one card is "1 card" and one user
"1 user" in the budget's answer — the command line, its JSON texts and the dialog's lines alike (they
read "T4 (1 cards, 119,183 CNY)" until December 2026) — through the messages' own plural forms."""

from __future__ import annotations

import json
from dataclasses import replace

from configurator.cli import main
from configurator.core.currency import with_currency
from configurator.core.scenario import Workload, updated
from configurator.core.view.rows import write
from configurator.core.view.what_fits_budget_view import best_columns, left_out
from configurator.core.what_fits import owned_scenario
from configurator.core.what_fits_types import model_choice
from configurator.core.what_fits_budget import BudgetFits, LeftOut, what_budget_fits

FIFTY_THOUSAND_YUAN = ["what-fits", "--budget", "5万元", "--region", "cn", "--models", "8B", "--tasks", "inference"]
"""A budget over which a T4 (sold singly, 1 card) and an 8-card V100 server are both too dear."""


def test_one_card_is_a_card_in_the_command_line_and_its_json(capsys):
    assert main(FIFTY_THOUSAND_YUAN) == 0
    out = capsys.readouterr().out
    over = next(line for line in out.splitlines() if line.startswith("Smallest purchase over the budget:"))
    assert "T4 (1 card, " in over and "(8 cards, " in over and "1 cards" not in out
    assert main([*FIFTY_THOUSAND_YUAN, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    t4 = next(p for p in data["left_out"] if p["card"] == "t4")
    assert t4["reason"]["id"] == LeftOut.TOO_DEAR
    assert t4["reason"]["text"].startswith("T4: the smallest purchase (1 card, ")
    assert main([*FIFTY_THOUSAND_YUAN, "--lang", "zh_CN"]) == 0
    assert "T4（1 张卡，" in capsys.readouterr().out  # Chinese counts cards with its measure word alone


def _answer(catalog) -> BudgetFits:
    base = with_currency(updated(owned_scenario(catalog.cards[0].id, 1), constraints={"region": "cn"}), "CNY", None)
    return what_budget_fits(base, catalog, 5e4, models=(model_choice("8B"),), tasks=(Workload.INFERENCE,))


def test_one_user_is_a_user_and_the_left_out_lines_say_one_card(catalog):
    answer = _answer(catalog)
    lines = [write(m, "en") for m in left_out(answer)]
    assert any("T4 (1 card, " in line for line in lines) and not any("1 cards" in line for line in lines)
    serving = answer.best(Workload.INFERENCE)
    row = serving.largest[Workload.INFERENCE]
    assert row.serving.users > 1
    speed = best_columns(answer).headings.index("Speed")
    assert write(best_columns(answer).rows[0][speed], "en") == f"{row.serving.users:,} users within the targets"

    def one_user(card):  # every card's serving row holding a single user
        held = card.largest.get(Workload.INFERENCE)
        if held is None or held.serving is None:
            return card
        return replace(card, largest={Workload.INFERENCE: replace(held, serving=replace(held.serving, users=1))})

    alone = replace(answer, cards=tuple(one_user(c) for c in answer.cards))
    assert write(best_columns(alone).rows[0][speed], "en") == "1 user within the targets"
    assert write(best_columns(alone).rows[0][speed], "zh_CN") == "满足目标的用户 1 个"
