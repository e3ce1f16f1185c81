"""The menu's Print made the summary on the GUI thread after the printer was chosen: 2.5-3.9 s frozen on
64 × L40S pretraining, whose summary ranks the catalog and, for the class rule, the training cards (review43,
session 43). It is made on the worker now, as Print Preview's and Export's are, and printed when ready."""

from __future__ import annotations

import threading

from PySide6.QtCore import QSettings
from PySide6.QtPrintSupport import QPrintDialog

from configurator.app.controller import ScenarioController
from configurator.app.main_window import MainWindow
from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.catalog import load_catalog


def test_print_makes_the_summary_off_the_gui_thread(qtbot, tmp_path, monkeypatch):
    from configurator.report import document as document_module
    from configurator.report import export

    catalog = load_catalog()
    args = build_parser().parse_args(["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--card", "l40s",
                                      "--count", "64", "--tokens", "100B"])
    controller = ScenarioController(catalog, with_constraints(scenario_from_args(args, catalog), args))
    window = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    made_on, printed = [], []
    summary_of = export.summary_of

    def recorded(*a, **k):
        made_on.append(threading.current_thread() is threading.main_thread())
        return summary_of(*a, **k)

    monkeypatch.setattr(export, "summary_of", recorded)
    monkeypatch.setattr(QPrintDialog, "exec", lambda self: 1)  # the printer chosen: no dialog, no printer
    monkeypatch.setattr(document_module, "print_document", lambda doc, printer: printed.append(doc.toPlainText()))
    window.print_summary()
    assert not printed  # the window is not held while the summary is made
    qtbot.waitUntil(lambda: bool(printed), timeout=60_000)
    assert made_on == [False]
    assert "Configuration summary" in printed[0] and "Wrong card class for this work" in printed[0]
