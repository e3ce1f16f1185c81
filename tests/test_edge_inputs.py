"""Inputs at the edges that were once defects, each reproduced first: a global batch above the
accumulation cap, a card without bandwidth, a million requests per second in the wizard, a failed
analysis, a catalog overlay without a command."""

from __future__ import annotations

import pytest

from configurator import cli
from configurator.core.architecture import preset
from configurator.core.estimate import estimate
from configurator.core.mismatch import mismatch
from configurator.core.recommend import Filters, Objective, recommend
from configurator.core.recommend_card import score
from configurator.core.scenario import LAYOUT_FIELDS, Scenario


def test_recommend_with_a_global_batch_above_the_accumulation_cap(catalog):
    """512 M tokens of 4,096 on one card is 131,072 micro-batches, above the 65,536 accumulation
    bound: the planner must still lay it out (it used to reject every card)."""
    scenario = Scenario(model=preset("llama2-7b"), workload="pretrain", card_id="h100-sxm", count=8,
                        training={"seq_len": 4096, "tokens": 1e12, "global_batch_tokens": 512 * 2**20},
                        auto_layout=LAYOUT_FIELDS)
    assert estimate(scenario, catalog.get("h100-sxm")).fits
    result = recommend(scenario, catalog, Objective.TCO, Filters(), limit=3)
    assert result.best is not None and result.best.estimate.fits


def test_mismatch_for_a_card_without_bandwidth_and_a_cloud_price(catalog):
    no_bandwidth = [c for c in catalog.cards if c.bandwidth_gbps is None and c.category == "training"]
    if not no_bandwidth:
        pytest.skip("every training card in the catalog has a bandwidth")
    for card in no_bandwidth:
        scenario = Scenario(model=preset("llama3-8b"), workload="inference", card_id=card.id, count=16,
                            auto_layout=LAYOUT_FIELDS, economics={"cloud_price_per_hour": 2.0})
        assert mismatch(scenario, catalog) is None  # raised AttributeError ('NoneType' … requests_per_s)
        est = estimate(scenario, card)
        assert score(est, Objective.CLOUD, Filters()) is None


def test_the_wizard_at_a_million_requests_per_second(qtbot, controller, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from configurator.app.wizard import WorkloadWizard

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("inference")
    while wizard.currentId() != wizard.pageIds()[-1]:
        if wizard.currentPage() is wizard.load:
            wizard.load.rate.setValue(1e6)
            wizard.load.users.setValue(wizard.load.users.maximum())
        if wizard.currentPage() is wizard.limits:  # the recommender ranking every card takes ~80 s here
            wizard.limits.card.setCurrentIndex(wizard.limits.card.findData(controller.scenario.card_id))
        wizard.next()
    assert wizard.summary.wait()  # worked out on a worker thread
    assert shown == []
    assert wizard.summary.text.toPlainText().strip()  # the summary says something, not blank
    wizard.accept()
    assert shown == [] and controller.scenario.constraints.requests_per_s == 1e6


def test_a_failed_analysis_does_not_show_old_results_as_current(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from configurator.app import error_boundary
    from configurator.core import analysis as analysis_module
    from configurator.app.main import build_main_window

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    monkeypatch.setitem(error_boundary._state, "seen", set())
    window = build_main_window(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.controller.recompute()
    assert window.results.isEnabled()

    def broken(*_args):
        raise ZeroDivisionError("float division by zero")

    monkeypatch.setattr(analysis_module, "analyse", broken)
    assert window.controller.apply("count", 16)
    assert window.controller.recompute() is None and window.controller.analysis is None
    assert len(shown) == 1 and "Computing the results" in shown[0] and "ZeroDivisionError" in shown[0]
    assert not window.results.isEnabled() and not any(c.isEnabled() for c in window.charts)
    assert "No results for this scenario" in window.statusBar().currentMessage()
    monkeypatch.undo()
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    window.controller.apply("count", 8)
    window.controller.recompute()
    assert window.results.isEnabled() and all(c.isEnabled() for c in window.charts)


def test_catalog_overlay_without_a_command(capsys, tmp_path, monkeypatch):
    opened = []
    monkeypatch.setattr(cli, "_launch_app", lambda argv: opened.append(argv) or 0)
    assert cli.main(["--catalog-overlay", str(tmp_path / "mine.json")]) == 2
    assert opened == [] and "--catalog-overlay applies to a command" in capsys.readouterr().err
