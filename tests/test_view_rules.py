"""What the view models show, against the rules they state (tools/mutate.py found these unpinned
at 683858c): the layout line's global batch is in millions of tokens (M = 10⁶); a graphics
family's memory curve marks the scenario's own load per card; a table's number columns are the
right-aligned ones."""

from __future__ import annotations

import re

import pytest

from configurator.core.architecture import preset
from configurator.core.estimate import estimate
from configurator.core.scenario import Scenario
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.rows import Amount, write


def test_the_layout_lines_global_batch_is_in_millions_of_tokens(catalog):
    s = Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=8, workload="pretrain",
                 parallelism={"zero": 1}, training={"micro_batch": 2, "seq_len": 4096, "grad_accum": 32})
    est = estimate(s, catalog.get("h100-sxm"))
    assert est.scenario.global_batch_tokens == 8 * 2 * 32 * 4096  # 2,097,152 tokens
    line = write(estimate_view(est).layout, "en")
    assert "global batch 2.1M tokens" in line, line  # numbers.token_count: 3 significant digits, zeros dropped


@pytest.mark.parametrize(("workload", "per_card"), [("vdi", 1), ("vdi", 7), ("transcode", 1), ("transcode", 5)])
def test_a_graphics_memory_curve_marks_the_scenarios_own_load(catalog, workload, per_card):
    """The curve's marker ("this scenario") sits at the users or streams each card carries, one
    included (never moved to two)."""
    from configurator.core.workloads import family_of

    card = catalog.get("l40s")
    s = Scenario(model=preset("llama3-8b"), card_id="l40s", count=1, workload=workload)
    curve = family_of(s.workload).memory_curve(s, card, per_card)
    assert curve.current == per_card


def test_the_rankings_number_columns_are_its_right_aligned_ones(catalog):
    """Columns.numeric names the columns that hold numbers (rank, count, the objective's value, the
    score), which the CLI right-aligns; the name, class and reason columns are text."""
    from configurator.core.recommend import Objective, recommend
    from configurator.core.view.ranking_view import ranking_columns

    s = Scenario(model=preset("llama3-8b"), card_id="l40s", count=1, workload="inference",
                 serving={"concurrency": 8, "context": 4096, "prompt_tokens": 512, "output_tokens": 128})
    table = ranking_columns(recommend(s, catalog, Objective.CLOUD, limit=5))
    assert table.rows
    for column in range(len(table.headings)):
        cells = [row[column] for row in table.rows if row[column] is not None]
        numbers = all(isinstance(c, (int, float, Amount)) and not isinstance(c, bool)
                      or re.fullmatch(r"[\d.,]+", str(c)) for c in cells)
        assert (column in table.numeric) == bool(cells and numbers), (column, cells[:2])


@pytest.mark.parametrize(("value", "text"), [(1.5, "1.50"), (1.0, "1.00"), (9.87, "9.87"), (12.34, "12.3"),
                                             (0.1234, "0.123"), (1234.5, "1,235")])
def test_numbers_are_written_with_three_significant_digits(value, text):
    """numbers.significant: "about 3 significant digits" (its docstring's 1234.5 -> '1,235',
    0.123 -> '0.123'), the numbers from 1 to 2 included (one whole digit, two decimals)."""
    from configurator.core.view.numbers import significant

    assert significant(value) == text


def test_a_ranking_of_one_configuration_is_a_table_of_one_row(catalog):
    """The ranking's columns are headed by its first entry's family (what "fastest" measures), so a
    ranking of one (``--limit 1``) is a whole table."""
    from configurator.core.recommend import Objective, recommend
    from configurator.core.view.ranking_view import ranking_columns

    s = Scenario(model=preset("llama3-8b"), card_id="l40s", count=1, workload="inference",
                 serving={"concurrency": 8, "context": 4096, "prompt_tokens": 512, "output_tokens": 128})
    table = ranking_columns(recommend(s, catalog, Objective.CLOUD, limit=1))
    assert len(table.rows) == 1 and len(table.headings) == len(table.rows[0])


def test_a_chart_names_each_card_shortly_and_apart(catalog):
    """A memory bar is labelled with the card's name, not its catalog id (before: 'l40s',
    'rtx-6000-ada'): before a dash, slash or bracket, without generation words when too long,
    at most 20 characters, and no two cards of the catalog alike."""
    from configurator.core.view.names import SHORT_CARD_CHARS, short_card_name

    assert short_card_name("GB200 NVL72 — per Blackwell GPU") == "GB200 NVL72"
    assert short_card_name("RTX PRO 6000 Blackwell Max-Q Workstation Edition") == "RTX PRO 6000 Max-Q"
    assert short_card_name("A very long accelerator name beyond any limit") == "A very long…"
    names = [short_card_name(card.name) for card in catalog.cards]
    assert all(len(n) <= SHORT_CARD_CHARS for n in names)
    assert len(set(names)) == len(names)
