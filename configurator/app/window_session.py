"""The main window's session: its layout and last scenario restored and saved, and the unsaved
work of a crashed run offered back (autosave recovery)."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from configurator.app.i18n import tc as _tc


class SessionActions:
    """Mixed into :class:`~configurator.app.main_window.MainWindow` (it brings ``controller``,
    ``settings``, ``splitter``, ``autosave`` and ``fit_to_screen``); strings keep the
    ``MainWindow`` translation context."""

    def restore_session(self) -> None:
        """Window layout and the last scenario from the previous run."""
        self.restore_layout()
        self.restore_scenario()

    def restore_layout(self) -> None:
        """The window's size, place and panel widths from the previous run (the first launch:
        most of the screen)."""
        geometry = self.settings.value("window/geometry")
        if geometry is None or not self.restoreGeometry(geometry):
            self.fit_to_screen()
        state = self.settings.value("window/splitter")
        if state is not None:
            self.splitter.restoreState(state)

    def restore_scenario(self) -> None:
        """The last scenario from the previous run, if it still reads and its card is listed."""
        from configurator.core.json_values import parse_json
        from configurator.core.scenario_io import ScenarioFileError, scenario_from_document

        last = self.settings.value("session/scenario")
        if last:
            try:
                scenario = scenario_from_document(parse_json(str(last), "the saved session"))
            except (ScenarioFileError, ValueError):
                return
            if scenario.card_id in self.controller.catalog:
                path = self.settings.value("session/path")
                self.controller.replace(scenario, Path(path) if path else None)

    def save_session(self) -> None:
        from configurator.core.scenario_io import scenario_to_document

        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/splitter", self.splitter.saveState())
        # what was last opened or saved: changes the user chose to discard must not come back
        self.settings.setValue("session/scenario", json.dumps(scenario_to_document(self.controller.saved_scenario)))
        self.settings.setValue("session/path", str(self.controller.path) if self.controller.path else "")

    def recovery_box(self, name: str, time: str) -> tuple[QMessageBox, object]:
        """The question asked after a crash, and its Restore button."""
        box = QMessageBox(QMessageBox.Icon.Question, _tc("MainWindow", "Recover unsaved work"), _tc(
            "MainWindow", "GPU Configurator did not close properly last time. The scenario “{name}” has changes "
            "from {time} that were not saved.\n\nRestore them? Discard deletes them for good.").format(
                name=name, time=time),
            QMessageBox.StandardButton.NoButton, self)
        restore = box.addButton(_tc("MainWindow", "Restore"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Discard)
        box.setDefaultButton(restore)
        return box, restore

    def ask_recovery(self, name: str, time: str) -> bool:
        """True if the user wants the autosaved changes back."""
        box, restore = self.recovery_box(name, time)
        box.exec()
        chosen = box.clickedButton() is restore
        box.deleteLater()
        return chosen

    def offer_recovery(self) -> bool:
        """After a crash, offer the unsaved work the last run autosaved; True if it was restored."""
        from configurator.app.autosave import discard_recoveries, find_recoveries
        from configurator.app.defaults import default_scenario
        from configurator.core.scenario_io import ScenarioFileError, read_scenario

        recoveries = find_recoveries()
        if not recoveries:
            return False
        newest = recoveries[0]
        name = newest.original.name if newest.original else newest.scenario.name
        restore = self.ask_recovery(name, newest.saved_at.replace("T", " ") or "?")
        if restore:
            base, path = default_scenario(), None
            if newest.original is not None:
                try:
                    base, path = read_scenario(newest.original), newest.original
                except ScenarioFileError:
                    pass  # the file is gone or broken: the recovered work stays, untitled
            self.controller.replace(base if base.card_id in self.controller.catalog else newest.scenario, path)
            if newest.scenario.card_id in self.controller.catalog:
                self.controller.replace_undoable(newest.scenario, _tc("MainWindow", "Recover unsaved changes"))
            self.autosave.save_now()
        discard_recoveries(recoveries)
        return restore
