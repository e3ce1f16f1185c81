"""Session 40, headroom: every place that shows a headroom shows it on what the run needs (the fit's
basis, ``MemoryBreakdown.fit_total``), never "fits" beside "-17.9 %"; where the allocator's usual cache
would exceed the card, a note beside it says so (en/zh), and the memory bar draws that cache beyond
what the run needs hatched, with its legend entry."""

from __future__ import annotations

import json

import pytest

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.memory_breakdown import MemoryBreakdown
from configurator.core.units import GIB
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.rows import write

ARGV = ("estimate", "--workload", "finetune", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "2")
"""Full fine-tune of Llama 3 8B on 2 × H100 SXM: 87.3 GiB usually held, 72.7 GiB needed, 79.2 GiB allowed
(93.4 / 77.8 before session 43, when FSDP's gathered root unit joined the peak and the planner chose micro-batch 2)."""


def _memory(total: float, needed: float | None, budget: float = 80.0) -> MemoryBreakdown:
    return MemoryBreakdown(weights=10 * GIB, gradients=10 * GIB, optimizer=20 * GIB, activations=10 * GIB,
                           kv_cache=0.0, overhead=(total - 50) * GIB, not_concurrent=0.0, total=total * GIB,
                           capacity=budget * GIB, budget=budget * GIB,
                           needed=None if needed is None else needed * GIB)


@pytest.fixture(scope="module")
def given_back():
    catalog = load_catalog()
    scenario = scenario_from_args(build_parser().parse_args(list(ARGV)), catalog)
    return estimate(scenario, catalog.get(scenario.card_id))


def test_the_headroom_is_on_what_the_run_needs():
    assert _memory(90, 76).headroom == pytest.approx(1 - 76 / 80)  # not 1 - 90/80
    assert _memory(90, 76).cache_given_back and _memory(90, 76).fits
    assert not _memory(70, 66).cache_given_back and _memory(70, 66).headroom == pytest.approx(1 - 66 / 80)
    assert not _memory(70, None).cache_given_back and _memory(70, None).headroom == pytest.approx(1 - 70 / 80)
    short = _memory(100, 84)
    assert not short.fits and not short.cache_given_back and short.shortfall == pytest.approx(4 * GIB)


def test_the_estimate_table_shows_the_headroom_with_the_cache_as_a_note(capsys):
    assert main(list(ARGV)) == 0
    out = capsys.readouterr().out.replace("\u00a0", " ")  # a number keeps its unit on its line
    assert "-17.9" not in out
    headline, headroom = out.splitlines()[1], next(line for line in out.splitlines() if "Headroom" in line)
    assert headline.startswith("2 × H100 SXM5 80GB fits, 8.2 % headroom at its peak")
    assert headroom.split()[1:3] == ["8.2", "%"]
    for line in (headline, headroom):
        assert "given room, the allocator would hold 87.3 GiB; near the card's limit it gives its cache back" in line
    assert "87.3 GiB (likely" in next(line for line in out.splitlines() if line.strip().startswith("Total"))
    assert next(line for line in out.splitlines() if "Needed to run" in line).split()[-2:] == ["72.7", "GiB"]
    assert main([*ARGV, "--lang", "zh_CN"]) == 0
    zh = capsys.readouterr().out.replace("\u00a0", " ")
    assert "余量 8.2%：显存充裕时分配器会占用 87.3 GiB；接近显存上限时会归还其缓存" in zh
    assert "8.2% — 显存充裕时分配器会占用 87.3 GiB" in zh and "运行所需" in zh


def test_the_json_memory_block_carries_the_headroom_on_what_is_needed(capsys):
    assert main([*ARGV, "--json"]) == 0
    memory = json.loads(capsys.readouterr().out)["memory"]
    assert memory["fits"] and memory["cache_given_back"]
    assert memory["total"] == pytest.approx(87.3, abs=0.05)  # the figure a measured run reports: unchanged
    assert memory["headroom"] == pytest.approx(1 - memory["needed"] / memory["budget"], abs=1e-3)
    assert 0 < memory["headroom"] < 0.10


def test_the_window_rows_keep_the_note_in_the_tooltip(given_back):
    """The key numbers are narrow: the headroom is a figure there (the headline says the note), its
    tooltip the note; the digest says what is needed and the usual total with its likely range."""
    memory = estimate_view(given_back).section("memory")
    screen = {row.label: row for row in memory.shown(details=False)}
    assert write(screen["Headroom"].value, "en") == "8.2\u00a0%"
    assert write(screen["Headroom"].note, "en").startswith("given room, the allocator would hold 87.3")
    digest = write(screen["Memory per card"].value, "en")
    assert digest.startswith("72.7") and "the allocator would hold 87.3" in digest and "likely" in digest


def test_the_memory_bar_draws_the_cache_beyond_what_is_needed(given_back):
    from configurator.app.memory_bars import stack_layers

    m = given_back.memory
    layers = stack_layers(m)
    ordered = sorted(layers.values())
    top = 0.0
    for bottom, height in ordered:  # one stack without gaps, up to the total
        assert bottom == pytest.approx(top, abs=1.0)
        top = bottom + height
    assert top == pytest.approx(m.total)
    assert layers["cache"][0] == pytest.approx(m.fit_total) and layers["cache"][1] == pytest.approx(m.total - m.fit_total)
    plain = stack_layers(_memory(70, None))
    assert plain["cache"][1] == 0.0 and sum(h for _, h in plain.values()) == pytest.approx(70 * GIB)


def test_the_cache_band_is_hatched_and_named(qtbot, window):
    from PySide6.QtCore import Qt

    from configurator.app.memory_charts import part_names

    catalog = load_catalog()
    window.controller.replace(scenario_from_args(build_parser().parse_args(list(ARGV)), catalog))
    window.controller.recompute()
    chart = window.memory_chart
    chart.update_from(window.controller.analysis)
    bar = chart.bars["cache"]
    assert bar.opts["height"][0] > 10  # GiB beyond what the run needs
    assert bar.opts["brush"].style() == Qt.BrushStyle.BDiagPattern
    legend = {label.text: sample.item for sample, label in chart.legend.items}
    assert legend[part_names()["cache"]] is bar
