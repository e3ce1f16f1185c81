"""What a graphics buyer (40 CAD desktops and a render farm, 120,000 USD / 86 万元 in China), an ML engineer with a
deadline and a chatbot operator read wrong in session 51's persona runs (persona51), on the surfaces that said it."""

from __future__ import annotations

import pytest

from configurator.cli import main
from configurator.core.messages import msg


def _out(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(("card", "count", "english", "chinese"), [
    ("l4", "7", "1 at 7 cards each", "1 台（每台 7 张卡）"),
    ("t4", "10", "2 at up to 8 cards each", "2 台（每台最多 8 张卡）"),
])
def test_the_capacity_table_counts_the_cards_the_servers_hold(capsys, card, count, english, chinese):
    """40 designers on 7 × L4: page one of the summary read "7 × L4 in 1 server (7 cards each)" and its capacity
    table "Servers needed 1 at 8 cards each", a slot count; 10 × T4 "2 at 8 cards each" for 10 cards in 16 places,
    where page one says "up to"."""
    args = ("estimate", "--workload", "vdi", "--users", "40", "--user-class", "designer", "--card", card,
            "--count", count)
    out = _out(capsys, *args)
    assert english in out and "at 8 cards each" not in out
    assert chinese in _out(capsys, *args, "--lang", "zh_CN")


def test_one_card_fits_fewer_users_without_a_verb_to_agree(capsys):
    """A chatbot for 2,000 users at once on the window's 1 × H100 read "349 users instead of all: 1 × H100 SXM5 80GB
    need 71.3 GiB per card"."""
    out = _out(capsys, "estimate", "--workload", "inference", "--model", "llama3.1-8b", "--users", "2000",
               "--card", "h100-sxm", "--count", "1")
    assert "users instead of all on 1 × H100 SXM5 80GB: 71.3 GiB per card of 71.3 GiB — fits" in out
    assert " need " not in out.split("users instead of all", 1)[1].splitlines()[0]


def test_the_nearest_over_budget_says_it_is_not_priced_in_full():
    """Llama 3 8B on 1T tokens in 30 days under 300,000 USD read "every priced configuration … costs more. The nearest
    is 32 × Cloud TPU7x Ironwood", a chip without a price, as if it were one of them."""
    said = {"count": 32, "card": "Cloud TPU7x Ironwood (per chip, reference)", "breaks": "Capex at least 332,715 USD"}
    english = msg("budget-too-small-partly-priced", **said).text
    assert "The nearest, not priced in full, is 32 × Cloud TPU7x Ironwood (per chip, reference)." in english
    assert "最接近的是报价不完整的 32 × Cloud TPU7x Ironwood" in msg("budget-too-small-partly-priced", **said).text_in(
        "zh_CN")


def test_a_partial_total_ranked_in_the_listed_rows_says_what_it_leaves_out(qtbot, catalog):
    """1,000 frames delivered to China under 86 万元: 1 × RTX A6000 at 0.290 CNY a frame, ranked 3rd of 3 below
    0.544, read "Limited by: compute" in the window where the command line's Why says "The total excludes 1
    workstation"; only rows under the heading "Ranked after every complete total" said it."""
    from configurator.app.controller import ScenarioController
    from configurator.app.recommend_columns import LIMIT_COLUMN
    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.cli import build_parser
    from configurator.cli_scenario import scenario_from_args, with_constraints

    args = build_parser().parse_args(["recommend", "--workload", "render", "--budget", "86万元", "--region", "cn"])
    panel = RecommendationPanel(ScenarioController(catalog, with_constraints(scenario_from_args(args, catalog), args)))
    qtbot.addWidget(panel)
    panel.show()
    result = panel.refresh()
    partial = [row for row, rec in enumerate(result.ranked) if rec.card.id in result.ranked_after]
    assert partial and not result.ranked_after_unlisted  # the case: listed among the ranked rows, no heading
    for row in partial:
        item = panel.table.item(row, LIMIT_COLUMN)  # briefly in the cell (the ranked rows' limits stay whole)
        assert item.text() == "Partial total", item.text()
        assert "The total excludes 1 workstation" in item.toolTip(), item.toolTip()
    complete = next(row for row, rec in enumerate(result.ranked) if rec.card.id not in result.ranked_after)
    assert not panel.table.item(complete, LIMIT_COLUMN).text().startswith("The total excludes")
