"""Application start-up and the main window (a first, minimal version)."""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QPlainTextEdit, QVBoxLayout, QWidget

from configurator import __version__
from configurator.core.architecture import preset
from configurator.core.catalog import Catalog, load_catalog
from configurator.core.estimate import Estimate, estimate
from configurator.core.scenario import Scenario
from configurator.report.text import estimate_table


def default_scenario() -> Scenario:
    """What the window shows before the user chooses anything."""
    return Scenario(name="Llama 3 8B fine-tune", model=preset("llama3-8b"), card_id="h100-sxm", count=8,
                    workload="finetune", parallelism={"zero": 3},
                    training={"micro_batch": 4, "seq_len": 4096, "recompute": "full", "tokens": 2e9})


class MainWindow(QMainWindow):
    """Shows the estimate of the current scenario."""

    def __init__(self, catalog: Catalog, scenario: Scenario) -> None:
        super().__init__()
        self._catalog = catalog
        self.setWindowTitle(self.tr("GPU Configurator {version}").format(version=__version__))
        self.resize(1100, 720)
        self.headline = QLabel()
        font = self.headline.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.headline.setFont(font)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.details.setFont(QFont("monospace"))
        self.status_line = QLabel()
        layout = QVBoxLayout()
        layout.addWidget(self.headline)
        layout.addWidget(self.details, stretch=1)
        layout.addWidget(self.status_line)
        central = QWidget()
        central.setLayout(layout)
        self.setCentralWidget(central)
        quit_action = QAction(self.tr("&Quit"), self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        self.menuBar().addMenu(self.tr("&File")).addAction(quit_action)
        self.set_scenario(scenario)

    def set_scenario(self, scenario: Scenario) -> None:
        result = estimate(scenario, self._catalog.get(scenario.card_id))
        self._update_view(result)

    def _update_view(self, result: Estimate) -> None:
        verdict = self.tr("fits") if result.fits else self.tr("does not fit")
        self.headline.setText(
            self.tr("{count} × {card}: {verdict}").format(count=result.scenario.count, card=result.card.name,
                                                          verdict=verdict)
        )
        self.details.setPlainText(estimate_table(result))
        problems = " ".join(self._catalog.problems)
        self.status_line.setText(
            self.tr("Catalog {version} ({date}), {n} cards. {problems}").format(
                version=self._catalog.version, date=self._catalog.date, n=len(self._catalog.cards),
                problems=problems)
        )


def _no_display() -> bool:
    """True on Linux when Qt would find no screen to open a window on."""
    return (
        sys.platform.startswith("linux")
        and not os.environ.get("QT_QPA_PLATFORM")
        and not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
    )


def run_app(argv: list[str]) -> int:
    """Open the main window and run the event loop."""
    if _no_display():
        print("gpu-configurator: error: no display found (DISPLAY is unset); run it in a desktop session, "
              "or use the command line: gpu-configurator --help", file=sys.stderr)
        return 1
    QCoreApplication.setOrganizationName("gpu-configurator")
    QCoreApplication.setApplicationName("GPU Configurator")
    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    window = MainWindow(load_catalog(), default_scenario())
    window.show()
    return app.exec()
