"""The main window's "Copy launch command": the estimate on screen as a serving engine's or a
trainer's launch script (:mod:`configurator.core.launch`), put on the clipboard."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QInputDialog, QMenu

from configurator.app.error_boundary import guard_slot
from configurator.app.i18n import tc as _tc


def copy_launch(est, target: str) -> str:
    """Put the launch script of ``est`` for ``target`` (:func:`configurator.core.launch.launch_text`,
    its comments in the interface language) on the clipboard; what to say in the status bar. The
    Edit menu's action and the recommendation panel's button both copy through this."""
    from configurator.app.i18n import current_language
    from configurator.core.launch import TARGET_NAMES, launch_text

    text = launch_text(est, target, current_language())
    QGuiApplication.clipboard().setText(text)
    return _tc("MainWindow", "Launch command for {engine} copied ({lines} lines)").format(
        engine=TARGET_NAMES[target], lines=text.count("\n"))


class LaunchActions:
    """Mixed into :class:`~configurator.app.main_window.MainWindow` (it brings ``controller``,
    ``_action`` and the status bar); strings keep the ``MainWindow`` translation context."""

    def _make_launch_actions(self) -> None:
        from PySide6.QtGui import QKeySequence

        self.launch_action = self._action(
            _tc("MainWindow", "Copy &launch command"), lambda: self.copy_launch_command(), QKeySequence("Ctrl+Shift+L"),
            _tc("MainWindow", "Copy the planned layout as the serving engine's or trainer's launch command"))

    def _add_launch_menu(self, menu: QMenu) -> None:
        """The action and a submenu "Copy launch command for" listing each engine that launches
        the estimate on screen (filled when it opens)."""
        menu.addAction(self.launch_action)
        self.launch_menu = menu.addMenu(_tc("MainWindow", "Copy launch command &for"))
        self.launch_menu.aboutToShow.connect(self._fill_launch_menu)

    def _shown_estimate(self):
        from configurator.app.analysis_on_screen import shown_analysis

        try:
            return shown_analysis(self.controller).estimate
        except RuntimeError:
            return None

    def _fill_launch_menu(self) -> None:
        from configurator.core.launch import TARGET_NAMES, launch_targets

        self.launch_menu.clear()
        est = self._shown_estimate()
        targets = launch_targets(est) if est is not None else ()
        from configurator.app.mnemonics import with_mnemonics

        for target, text in zip(targets, with_mnemonics(TARGET_NAMES[t] for t in targets)):
            action = self.launch_menu.addAction(text)  # a letter each: chosen with one key in either language
            action.triggered.connect(guard_slot(lambda _=False, t=target: self.copy_launch_command(t),
                                                TARGET_NAMES[target], self))
        if not targets:
            self.launch_menu.addAction(_tc("MainWindow", "(none for this workload)")).setEnabled(False)

    def ask_launch_target(self, targets: tuple[str, ...]) -> str | None:
        """Which engine to write the command for, asked in a small dialog (None: cancelled)."""
        from configurator.core.launch import TARGET_NAMES

        names = [TARGET_NAMES[t] for t in targets]
        dialog = QInputDialog(self)
        dialog.setObjectName("launch_target_dialog")
        dialog.setWindowTitle(_tc("MainWindow", "Copy launch command"))
        dialog.setLabelText(_tc("MainWindow", "Launch with:"))
        dialog.setComboBoxItems(names)
        dialog.setComboBoxEditable(False)
        if not dialog.exec():
            return None
        return targets[names.index(dialog.textValue())]

    def copy_launch_command(self, target: str | None = None) -> bool:
        """Put the launch script of the estimate on screen on the clipboard: for ``target``, else
        the scenario's own serving engine, else the engine chosen in a dialog. Said in the status
        bar; False when nothing was copied."""
        from configurator.core.launch import launch_targets

        est = self._shown_estimate()
        if est is None:
            self.statusBar().showMessage(_tc("MainWindow", "No results to launch: the analysis failed"), 8000)
            return False
        targets = launch_targets(est)
        if not targets:
            self.statusBar().showMessage(_tc("MainWindow", "Graphics work has no launch command"), 8000)
            return False
        if target is None:
            engine = est.scenario.serving.engine.value
            target = engine if engine in targets else self.ask_launch_target(targets)
            if target is None:
                return False
        self.statusBar().showMessage(copy_launch(est, target), 8000)
        return True
