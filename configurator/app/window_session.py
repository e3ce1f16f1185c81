"""The main window's session: its layout and last scenario restored and saved, and the unsaved
work of a crashed run offered back (autosave recovery)."""

from __future__ import annotations

import json
from pathlib import Path

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

        self.check_settings(probe=True)  # at start: say now if nothing of this session will be remembered
        last = self.settings.value("session/scenario")
        if last:
            try:
                scenario = scenario_from_document(parse_json(str(last), "the saved session"))
            except (ScenarioFileError, ValueError):
                return
            if scenario.card_id in self.controller.catalog:
                path = self.settings.value("session/path")
                self.controller.replace(scenario, Path(path) if path else None)
                digest = self.settings.value("session/digest")
                self.know_file(Path(path) if path else None, str(digest) if digest else None)

    def save_session(self) -> None:
        from configurator.core.scenario_io import scenario_to_document

        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/splitter", self.splitter.saveState())
        # what was last opened or saved: changes the user chose to discard must not come back
        self.settings.setValue("session/scenario", json.dumps(scenario_to_document(self.controller.saved_scenario)))
        self.settings.setValue("session/path", str(self.controller.path) if self.controller.path else "")
        known = self.known_file  # the file's content as last read or written, to tell a change at the next start
        self.settings.setValue("session/digest", known[1] if known and known[0] == str(self.controller.path) else "")

    # ---- ended from outside: a signal, a logout ------------------------------------------
    def keep_work(self) -> bool:
        """Autosave the unsaved work now and save the session (layout, last file), asking
        nothing: the app may be ended next (a logout, a signal). False if the autosave could not
        be written (its failure is said as any autosave's)."""
        if getattr(self, "controller", None) is None:  # still starting: nothing to keep yet
            return True
        self.save_session()
        self.settings.sync()
        return self.autosave.save_now()

    def end_for_signal(self, signum: int) -> bool:
        """The app is being ended by ``signum`` (SIGTERM, SIGHUP, SIGINT): the work kept for the
        next start (:meth:`keep_work`), the autosave held whatever a dialog left open answers
        on its way out, and where it went said on stderr. False if it could not be written."""
        import signal

        from configurator.app.signal_ending import say_on_stderr

        kept = self.keep_work()
        autosave = getattr(self, "autosave", None)
        if autosave is None:
            return kept
        autosave.hold()
        name = signal.Signals(signum).name
        if not kept:
            say_on_stderr(f"ended by {name}; the unsaved changes could not be autosaved to {autosave.file} and are "
                          f"lost")
        elif autosave.file.exists():
            say_on_stderr(f"ended by {name}; the unsaved changes are autosaved to {autosave.file} and will be "
                          f"offered at the next start")
        return kept

    def keep_work_before_quit(self) -> None:
        """The event loop is ending with this window still open (not closed by the user, who
        saved or discarded): its unsaved work autosaved for the next start."""
        if getattr(self, "controller", None) is not None and self.isVisible():
            self.autosave.save_now()

    # ---- settings that cannot be written ----------------------------------------------
    def check_settings(self, probe: bool = False) -> bool:
        """Write the settings now; where they cannot be written (a full disk, a read-only folder),
        say so in the status bar instead of losing them silently. False on failure. ``probe``:
        write the start time first (so there is something to write)."""
        from datetime import datetime

        from PySide6.QtCore import QSettings

        if probe:
            self.settings.setValue("session/started", datetime.now().isoformat(timespec="seconds"))
        self.settings.sync()
        if self.settings.status() == QSettings.Status.NoError:
            return True
        self.statusBar().showMessage(_tc(
            "MainWindow", "Settings cannot be saved to {file}: the window's size, recent files and language will "
                          "not be remembered.").format(file=self.settings.fileName()))
        return False

    # ---- autosave ---------------------------------------------------------------------
    def watch_autosave(self) -> None:
        """A failed autosave is said in the status bar until one succeeds again."""
        self.autosave.failed.connect(self._on_autosave_failed)
        self.autosave.written.connect(self._on_autosave_written)
        self.autosave.file_digest = self._known_digest

    def _known_digest(self) -> str | None:
        """The digest of the window's file as it last opened or saved it (None: unknown)."""
        known, path = self.known_file, self.controller.path
        return known[1] if known is not None and path is not None and known[0] == str(path) else None

    def _on_autosave_failed(self, reason: str) -> None:
        self.statusBar().showMessage(_tc(
            "MainWindow", "Autosave failed ({reason}): your changes are not protected against a crash until it works "
                          "again; save them.").format(reason=reason))

    def _on_autosave_written(self) -> None:
        self.statusBar().showMessage(_tc("MainWindow", "Autosave works again."), 8000)

    # ---- recovery after a crash ---------------------------------------------------------
    def placeholder_card(self, scenario) -> tuple[object, str] | None:
        """``scenario`` on a card of the catalog (a new window's start card first, :meth:`start_card`)
        for one whose card is gone, and that card's name; None if it fits on none."""
        from pydantic import ValidationError

        from configurator.core.scenario import updated

        catalog = self.controller.catalog
        first = self.start_card()
        for card_id in [first, *catalog.ids()] if first in catalog else catalog.ids():
            try:
                return updated(scenario, card_id=card_id), catalog.get(card_id).name
            except ValidationError:
                continue
        return None

    def start_card(self) -> str:
        """The card a new window starts on in the current language's region (the placeholder
        for recovered work whose card is gone)."""
        from configurator.app.defaults import language_start_card
        from configurator.app.i18n import current_language

        return language_start_card(current_language())

    def recovery_dialog(self, findings):
        """The list of crashed windows' work (not yet shown)."""
        from configurator.app.recovery_dialog import RecoveryDialog

        catalog = self.controller.catalog
        default = self.start_card()
        return RecoveryDialog(findings, catalog, catalog.get(default).name if default in catalog else "", self)

    def choose_recovery(self, findings):
        """Ask which crashed window's work to restore; the Recovery, or None to keep them all for later."""
        dialog = self.recovery_dialog(findings)
        dialog.exec()
        chosen = dialog.chosen
        dialog.deleteLater()
        return chosen

    def offer_start_questions(self) -> None:
        """What a start asks once the window shows: the unsaved work of crashed windows
        (:meth:`offer_recovery`); then, unless one was restored (it asks about its own file),
        whether the session's file changed on disk (:meth:`check_file_at_start`)."""
        if not self.offer_recovery():
            self.check_file_at_start()

    def offer_recovery(self) -> bool:
        """After a crash, offer the unsaved work every crashed window autosaved; True if one was
        restored into this window (the others stay for the next start unless discarded)."""
        from configurator.app.autosave_recovery import find_recoveries
        from configurator.app.recovery_dialog import set_aside_text

        findings = find_recoveries(self.controller.catalog)
        if findings.set_aside:
            self.statusBar().showMessage("  ".join(set_aside_text(item) for item in findings.set_aside))
        if not findings.recoveries:
            return False
        try:
            chosen = self.choose_recovery(findings)
            if chosen is None:
                return False
            return self.restore_recovery(chosen)
        finally:
            findings.release()  # what was not restored or discarded is offered again next time

    def restore_recovery(self, recovery) -> bool:
        """Put ``recovery`` into this window: its file (if it still reads) as the saved state and
        the unsaved work as one undoable step over it; its autosave becomes this window's own."""
        from configurator.app.i18n import current_language
        from configurator.app.recovery_dialog import damage_lines, shown_name
        from configurator.app.recovery_fill import restored

        catalog = self.controller.catalog
        made = restored(recovery, catalog, current_language())  # what the recovery list's details said it does
        base, path, digest, scenario, filled = made.base, made.path, made.digest, made.scenario, made.filled
        placeholder = ""
        if recovery.missing_card is not None:
            placed = self.placeholder_card(scenario)
            if placed is None:
                self.statusBar().showMessage(catalog.explain_unknown(recovery.missing_card))
                return False
            scenario, placeholder = placed
        answer = "keep"
        if self.changed_since_crash(recovery, digest):  # another window or program wrote the file since
            answer = self.ask_changed_since(recovery.original, recovered=True)
            if answer == "load" and self.act_on_changed_since(recovery.original, answer):
                recovery.discard()  # the user chose the file as it is over the recovered changes
                return True
            # kept: on the file still (even cut short now), known as the crashed window knew it, so
            # that a Save asks before replacing what the other program wrote
            path, digest = recovery.original, recovery.original_digest
        self.controller.replace(base, path)
        self.know_file(path, digest)
        # a function, said again in the language shown whenever it changes (a string would stay as it was)
        self.controller.replace_undoable(scenario, lambda: _tc("MainWindow", "Recover unsaved changes"))
        try:
            kept = self.autosave.adopt(recovery)
        except OSError:
            kept = None  # it stays where it was (offered again next time); this window autosaves anew
        self.autosave.save_now()
        if answer == "save-as":
            self.act_on_changed_since(recovery.original, answer)
        if recovery.partial:
            lines = damage_lines(recovery, placeholder, filled, made.path)
            if kept is not None:
                lines.append(_tc("MainWindow", "The autosave as it was found is kept in {file}.").format(file=kept))
            said = _tc("MainWindow", "Restored “{name}” in part: {details}")
            self.statusBar().showMessage(said.format(name=shown_name(recovery), details=" ".join(lines)))
            self.show_recovery_note(said.format(name=shown_name(recovery), details="\n\n" + "\n\n".join(lines)))
        else:
            self.statusBar().showMessage(_tc("MainWindow", "Restored “{name}”.").format(name=shown_name(recovery)),
                                         8000)
        return True

    @staticmethod
    def changed_since_crash(recovery, digest: str | None) -> bool:
        """``recovery``'s file exists and differs from what the crashed window last opened or
        saved (``digest``: its SHA-256 now, None where it cannot be read: cut short, too large)."""
        return (recovery.original is not None and recovery.original_digest is not None
                and (recovery.original.exists() or recovery.original.is_symlink())
                and digest != recovery.original_digest)

    def show_recovery_note(self, text: str) -> None:
        """What a partial restore changed, in a message that does not block the window
        (:attr:`recovery_note` until closed); the status bar has too little room for it."""
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Information, _tc("MainWindow", "Restored in part"), text,
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.recovery_note = box
