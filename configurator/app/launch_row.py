"""The recommendation panel's "Copy launch command" row (issue 29): an engine chosen in a combo
box — the serving engines for a serving deployment, the trainers for training — and a button
that puts the selected deployment's launch script on the clipboard through the same function as
the window's Edit → Copy launch command (:func:`configurator.app.window_launch.copy_launch`)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QMainWindow, QPushButton, QWidget

from configurator.app.error_boundary import guard_slot
from configurator.app.i18n import tc as _tc

STATUS_MS = 8000
"""How long the window's status bar shows what was copied [ms]."""

ENGINE_CHARS = 13
"""Characters the engine box is wide for (the longest engine's or trainer's name, TensorRT-LLM, and a margin)."""


class LaunchRow(QWidget):
    """Launch with: [engine] [Copy launch command] and what was copied; hidden for work with no
    launch (graphics) or no deployment selected."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.engine = QComboBox()
        self.engine.setObjectName("launch-engine")
        # as wide whatever engines it lists: its items changed at every selected row, the panel's
        # width with them, and the docks and the window's four charts were laid out again (issue 28)
        self.engine.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.engine.setMinimumContentsLength(ENGINE_CHARS)
        label = QLabel(_tc("MainWindow", "Launch with:"))
        label.setBuddy(self.engine)
        self.button = QPushButton(_tc("MainWindow", "Copy launch command"))
        self.button.setObjectName("copy-launch")
        self.button.setToolTip(_tc("MainWindow", "Copy the planned layout as the serving engine's or trainer's "
                                                 "launch command"))
        self.button.clicked.connect(guard_slot(lambda _=False: self.copy(), self.button.text(), self))
        self.status = QLabel()
        self.status.setObjectName("launch-status")
        self.status.setStyleSheet("color: #555;")
        self.status.setWordWrap(True)  # what was copied, in one line, widened the panel and the window
        layout.addWidget(label)
        layout.addWidget(self.engine)
        layout.addWidget(self.button)
        layout.addWidget(self.status, 1)
        self.estimate = None
        self._listed: tuple = ()
        """The engines the box lists, in order."""
        policy = self.sizePolicy()
        # its room kept while hidden: shown at the first selected row, it laid the panel, the docks
        # beside it and the window's charts out again (issue 28)
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)
        self.setVisible(False)

    def show_estimate(self, est) -> None:
        """Offer the engines that launch ``est`` (None: nothing selected): the one chosen before
        when the same engines are offered, else the scenario's own serving engine, else the first
        (torchtune for LoRA and QLoRA, :func:`~configurator.core.launch.launch_targets`)."""
        from configurator.core.launch import TARGET_NAMES, launch_targets

        self.estimate = est
        targets = launch_targets(est) if est is not None else ()
        previous = self.engine.currentData()
        self.engine.blockSignals(True)
        if tuple(targets) != self._listed:  # the same engines (most rows of a ranking): the box is kept
            previous = None  # other work (a LoRA row after a pre-training one): its own default, not the last pick
            self._listed = tuple(targets)
            self.engine.clear()
            for target in targets:
                self.engine.addItem(TARGET_NAMES[target], target)
        own = est.scenario.serving.engine.value if est is not None else None
        keep = previous if previous in targets else own if own in targets else None
        if keep is not None:
            self.engine.setCurrentIndex(targets.index(keep))
        elif targets:
            self.engine.setCurrentIndex(0)  # as a box filled anew shows
        self.engine.blockSignals(False)
        self.status.clear()
        self.setVisible(bool(targets))

    def copy(self) -> bool:
        """Copy the launch script for the engine chosen; said beside the button and in the window's
        status bar. False when there is nothing to copy."""
        from configurator.app.window_launch import copy_launch

        target = self.engine.currentData()
        if self.estimate is None or target is None:
            return False
        message = copy_launch(self.estimate, target)
        self.status.setText(message)
        window = self.window()
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(message, STATUS_MS)
        return True
