"""The minimal main window opens and shows an estimate (real widgets, offscreen)."""

from __future__ import annotations

from configurator.app.main import MainWindow, default_scenario
from configurator.core.catalog import load_catalog
from configurator.core.scenario import updated


def test_window_shows_estimate(qtbot):
    window = MainWindow(load_catalog(), default_scenario())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert "H100" in window.headline.text()
    assert "GiB" in window.details.toPlainText()
    window.set_scenario(updated(default_scenario(), card_id="rtx-4090", count=1, parallelism={"zero": 0}))
    assert "does not fit" in window.headline.text()
