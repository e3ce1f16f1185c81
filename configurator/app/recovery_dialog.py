"""The list of unsaved work that crashed windows left: restore one, discard any, keep the rest.

Every crashed window's autosave is listed with its scenario's name, when it was autosaved, its
file and whether it is whole; one is restored into this window, the others stay and are offered
again at the next start unless discarded here (explicitly, one by one).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from configurator.app.autosave_recovery import Findings, Recovery, SetAside
from configurator.app.i18n import current_language
from configurator.app.damage_text import damage_lines  # noqa: F401 - re-exported (the window's recovery)
from configurator.app.i18n import tc as _tc
from configurator.app.recovery_fill import Restored, restored
from configurator.core.catalog import Catalog
from configurator.core.messages import Message



def shown_name(recovery: Recovery) -> str:
    """The scenario's own name; while it has none, a description of its job (never "Untitled")."""
    from configurator.core.view.words import words
    from configurator.report.summary import summary_title

    return summary_title(recovery.scenario, words(current_language()))


def state_text(recovery: Recovery) -> str:
    return _tc("Recovery", "Partly recoverable") if recovery.partial else _tc("Recovery", "Complete")


def reason_text(reason: str, detail) -> str:
    """Why an autosave could not be offered, in the interface language (``detail``: a technical
    line, as the system gave it, or a message, said here in the interface language)."""
    texts = {
        "empty": _tc("Recovery", "the file is empty"),
        "zero-bytes": _tc("Recovery", "the file holds only zero bytes"),
        "not-json": _tc("Recovery", "it is not JSON, and no complete part of it could be read"),
        "not-a-scenario": _tc("Recovery", "it is not a GPU Configurator scenario"),
        "no-scenario-part": _tc("Recovery", "its scenario part is missing"),
        "invalid": _tc("Recovery", "its scenario is not valid: {detail}"),
        "not-a-file": _tc("Recovery", "it is not a file"),
        "unreadable": _tc("Recovery", "it cannot be read: {detail}"),
        "too-large": _tc("Recovery", "it is larger than {detail}"),
    }
    said = detail.text_in(current_language()) if isinstance(detail, Message) else detail
    return texts.get(reason, reason).format(detail=said)


def set_aside_text(item: SetAside) -> str:
    reason = reason_text(item.reason, item.detail)
    if item.moved_to is None:
        return _tc("Recovery", "{file} could not be recovered ({reason}) nor moved aside; it was left where it is."
                   ).format(file=item.file, reason=reason)
    return _tc("Recovery", "{file} could not be recovered ({reason}); it was moved to {moved}.").format(
        file=item.file.name, reason=reason, moved=item.moved_to)


class RecoveryDialog(QDialog):
    """Lists ``findings``; :attr:`chosen` is the one to restore (None: keep them all for later).
    The selected one's details say what restoring it does over ``catalog`` (what it lost taken
    from its saved file, or default values and why)."""

    def __init__(self, findings: Findings, catalog: Catalog, placeholder: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.findings, self.placeholder, self.catalog = findings, placeholder, catalog
        self._restored: dict[int, Restored] = {}  # by id of the Recovery: what restoring it gives, read once
        self.chosen: Recovery | None = None
        self.discarded: list[Recovery] = []
        self.setWindowTitle(_tc("Recovery", "Recover unsaved work"))
        layout = QVBoxLayout(self)
        intro = QLabel(_tc("Recovery", "GPU Configurator did not close properly. These scenarios have changes that "
                                       "were not saved. Restore puts the selected one into this window; the others "
                                       "stay and are offered again at the next start. Discard deletes the selected "
                                       "one for good."))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.table = QTreeWidget()
        self.table.setObjectName("recovery-list")
        self.table.setRootIsDecorated(False)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setHeaderLabels([_tc("Recovery", "Scenario"), _tc("Recovery", "Autosaved at"),
                                    _tc("Recovery", "File"), _tc("Recovery", "State")])
        for recovery in findings.recoveries:
            original = recovery.original.name if recovery.original else _tc("Recovery", "(never saved)")
            item = QTreeWidgetItem([shown_name(recovery), recovery.saved_at or "?", original, state_text(recovery)])
            item.setData(0, Qt.ItemDataRole.UserRole, recovery)
            item.setToolTip(2, str(recovery.original or ""))
            self.table.addTopLevelItem(item)
        for column in range(4):
            self.table.resizeColumnToContents(column)
        self.table.itemSelectionChanged.connect(self._show_details)
        self.table.itemDoubleClicked.connect(lambda *_: self.restore_selected())
        layout.addWidget(self.table, 1)
        self.details = QLabel()
        self.details.setObjectName("recovery-details")
        self.details.setWordWrap(True)
        layout.addWidget(self.details)
        if findings.set_aside:
            aside = QLabel("\n".join(set_aside_text(item) for item in findings.set_aside))
            aside.setObjectName("recovery-set-aside")
            aside.setWordWrap(True)
            layout.addWidget(aside)
        buttons = QDialogButtonBox()
        self.restore_button = QPushButton(_tc("Recovery", "&Restore"))
        self.discard_button = QPushButton(_tc("Recovery", "&Discard"))
        self.keep_button = QPushButton(_tc("Recovery", "&Keep for later"))
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.discard_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.addButton(self.keep_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.restore_button.clicked.connect(self.restore_selected)
        self.discard_button.clicked.connect(self.discard_selected)
        self.keep_button.clicked.connect(self.reject)
        self.restore_button.setDefault(True)
        layout.addWidget(buttons)
        if self.table.topLevelItemCount():
            self.table.setCurrentItem(self.table.topLevelItem(0))
        self.resize(760, 360)

    def selected(self) -> Recovery | None:
        item = self.table.currentItem()
        return None if item is None else item.data(0, Qt.ItemDataRole.UserRole)

    def select(self, recovery: Recovery) -> None:
        for row in range(self.table.topLevelItemCount()):
            item = self.table.topLevelItem(row)
            if item.data(0, Qt.ItemDataRole.UserRole) is recovery:
                self.table.setCurrentItem(item)

    def _show_details(self) -> None:
        recovery = self.selected()
        lines = [] if recovery is None else damage_lines(recovery, self.placeholder, *self._filled(recovery))
        self.details.setText("\n".join(lines))
        for button in (self.restore_button, self.discard_button):
            button.setEnabled(recovery is not None)

    def _filled(self, recovery: Recovery) -> tuple[tuple[str, ...], object]:
        """The fields restoring ``recovery`` takes from its saved file, and that file (None: none),
        as the restore will (:func:`~configurator.app.recovery_fill.restored`)."""
        if not recovery.damage.any:
            return (), None
        if id(recovery) not in self._restored:
            self._restored[id(recovery)] = restored(recovery, self.catalog, current_language())
        made = self._restored[id(recovery)]
        return made.filled, made.path

    def restore_selected(self) -> None:
        self.chosen = self.selected()
        if self.chosen is not None:
            self.accept()

    def discard_selected(self) -> None:
        """Delete the selected autosave for good; the dialog closes when none is left."""
        recovery = self.selected()
        if recovery is None:
            return
        recovery.discard()
        self.discarded.append(recovery)
        self.findings.recoveries.remove(recovery)
        self.table.takeTopLevelItem(self.table.indexOfTopLevelItem(self.table.currentItem()))
        if not self.table.topLevelItemCount():
            self.reject()
        else:
            self._show_details()
