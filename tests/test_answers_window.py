"""Issue 24, parts 5 and 6, in the window: what would fit in the results panel (both languages),
compared cards drawn at the count each needs, a count that does not fit never drawn as a speed,
and the cost chart's axis naming its basis."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from configurator.app.main_window import MainWindow
from configurator.core.architecture import preset
from configurator.core.scenario import LAYOUT_FIELDS, Scenario

ON_CARD = tuple(f for f in LAYOUT_FIELDS if f != "offload")
"""The layout left to the planner but the optimizer's CPU offload, pinned off: the no-fit and compared-count
tests ask of the cards' own memory (else the planner puts the optimizer in host memory, offload50)."""


@pytest.fixture
def window(qtbot, controller, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    w = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.controller.undo_stack.setClean()
    w.set_language("en")


def _show(window, scenario: Scenario, compared=()):
    window.controller.replace(scenario)
    window.controller.set_compared(list(compared))
    return window.controller.recompute()


def test_a_no_fit_shows_what_would_fit_in_both_languages(window):
    _show(window, Scenario(model=preset("llama3-70b"), workload="pretrain", card_id="a100-sxm-80gb", count=4,
                           auto_layout=ON_CARD))
    results = window.results
    assert results.fixes_group.isVisibleTo(window)
    assert results.fixes_group.title() == "What would fit"
    text = results.fixes.text()
    assert "More cards" in text and "× A100 SXM4 80GB" in text and "GiB per card" in text
    window.set_language("zh_CN")
    window.controller.recompute()
    assert window.results.fixes_group.title() == "怎样才能放下"
    assert "增加卡数" in window.results.fixes.text()


def test_a_missed_deadline_shows_the_cards_that_meet_it(window):
    """Llama 3 8B on 1 T tokens from 8 × H100 in 30 days: the panel says how many cards meet it."""
    _show(window, Scenario(model=preset("llama3-8b"), workload="pretrain", card_id="h100-sxm", count=8,
                           training={"tokens": 1e12}, constraints={"deadline_hours": 720.0},
                           auto_layout=LAYOUT_FIELDS))
    results = window.results
    assert results.fixes_group.isVisibleTo(window)
    assert results.fixes_group.title() == "What would meet the targets"
    assert "Cards for the deadline" in results.fixes.text() and "meet the 30-day deadline" in results.fixes.text()
    window.set_language("zh_CN")
    window.controller.recompute()
    assert window.results.fixes_group.title() == "怎样才能满足目标"
    assert "满足期限所需卡数" in window.results.fixes.text()


def test_a_configuration_that_fits_shows_no_suggestions(window):
    _show(window, Scenario(model=preset("llama3-8b"), workload="lora", card_id="h100-sxm", count=1,
                           auto_layout=LAYOUT_FIELDS))
    assert not window.results.fixes_group.isVisibleTo(window)


def test_compared_bars_are_labelled_with_the_count_each_is_drawn_at(window, qtbot):
    window.resize(1600, 1000)  # room for the words: a narrower chart writes the short count, "×16" (memory_bars)
    qtbot.wait(20)
    analysis = _show(window, Scenario(model=preset("llama3-70b"), workload="pretrain", card_id="h200-sxm",
                                      count=16, auto_layout=ON_CARD), ["a100-sxm-40gb"])
    small = analysis.compared[0]
    assert small.scenario.count > 16 and small.fits
    ticks = [text.strip() for _, text in window.memory_chart.getAxis("bottom")._tickLevels[0]]
    assert ticks == ["H200 SXM 141GB", "A100 SXM4 40GB"]  # names, not catalog ids
    counts = [item.toPlainText() for item in window.memory_chart.counts if item.isVisible()]
    assert counts == ["16 cards", f"{small.scenario.count} cards"]


def test_counts_that_do_not_fit_sit_on_the_floor_of_the_scaling_chart(window):
    analysis = _show(window, Scenario(model=preset("llama3-8b"), workload="inference", card_id="t4", count=4,
                                      serving={"concurrency": 1}, auto_layout=LAYOUT_FIELDS))
    bad = [e for e in analysis.by_count if not e.fits]
    good = [e for e in analysis.by_count if e.fits]
    assert bad and good
    chart = window.scaling_chart
    xs, _ys = chart.throughput.getData()  # in log10, as the chart draws them
    drawn = {round(10**x) for x in xs}
    marked = {round(10**x) for x in chart.other_layouts.getData()[0]}  # another layout than the line's (chart51)
    assert drawn <= {e.scenario.count for e in good} and drawn | marked == {e.scenario.count for e in good}
    floor = chart.getPlotItem().vb.viewRange()[1][0]
    lowest = min(math.log10(e.throughput) for e in good)
    for spot in chart.not_fitting.points():
        assert spot.pos().y() < lowest and spot.pos().y() - floor < 0.1 * (lowest - floor + 1)


def test_the_cost_chart_names_its_basis(window):
    _show(window, Scenario(model=preset("llama3-8b"), workload="inference", card_id="h100-sxm", count=1,
                           serving={"concurrency": 32}, auto_layout=LAYOUT_FIELDS))
    label = window.cost_chart.getAxis("left").labelText
    assert label.startswith("Cost per million tokens — ") and label.endswith("[USD]")
    assert "TCO over 4 years" in label  # the ranking's basis (session 25), briefly since session 44 (5-7 lines)
    tip = window.cost_chart.getAxis("left").toolTip()
    assert "total cost of ownership" in tip and "over 4 years" in tip  # in full
