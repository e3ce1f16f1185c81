"""The main window at a size with both bottom docks open and the ranking answered: what the layout
tests (test_docks_fit, test_window_fits_screen, test_ranking_headings) each start from."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from configurator.app.controller import ScenarioController
from configurator.app.main import default_scenario
from configurator.app.main_window import MainWindow


def docked_window(qtbot, tmp_path, catalog, size: tuple[int, int], language: str = "en",
                  workload: str | None = None):
    """(window, ranking panel, bill-of-materials panel): the window at ``size`` [px] on the default
    scenario of ``language`` (its task set to ``workload`` if given), shown, computed, with the
    recommendation and bill-of-materials docks open and the ranking complete."""
    controller = ScenarioController(catalog, default_scenario(language))
    if workload is not None:
        controller.apply_many({"workload": workload})
    window = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    controller.recompute()
    panel = window.toggle_recommendations(True)
    bom = window.toggle_bill_of_materials(True)
    qtbot.waitUntil(lambda: panel.result is not None and not panel.partial and not panel.busy, timeout=240_000)
    return window, panel, bom
