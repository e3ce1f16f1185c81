"""The main window's scenario files: New, Open (and Open Recent), Save and Save As, the question
about unsaved changes, and the recent-files list kept in the settings."""

from __future__ import annotations

import errno
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from configurator.app.error_boundary import guard_slot
from configurator.app.i18n import current_language, message_text, tc as _tc
from configurator.core.messages import Message

MAX_RECENT = 8
"""Files the Open Recent menu lists."""


def answered(box: QMessageBox):
    """Show the question ``box`` until it is answered; the button clicked (None if closed
    otherwise). The box is deleted once answered."""
    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    return clicked


def failure_reason(error: OSError) -> str:
    """Why a file could not be written: the program's own reason (an error carrying a message,
    ``said``) in the interface language; the common reasons of the system in the interface
    language, followed by the system's own words (English on most systems); any other reason in
    the system's words. A file larger than the disk or ``ulimit -f`` allows (EFBIG, "File too
    large") was said in the system's English alone in the Chinese window until December 2026."""
    if error.errno in (errno.ENOENT, errno.ENOTDIR) and error.filename:  # a write: its folder is what is missing
        folder = Path(str(error.filename)).parent
        if error.errno == errno.ENOTDIR and folder.is_file():
            return _tc("MainWindow", "{folder} is a file, not a folder").format(
                folder=folder) + f" ({error.strerror or error})"
        return _tc("SessionFile", "the folder {folder} does not exist (moved or deleted?)").format(
            folder=folder) + f" ({error.strerror or error})"
    message = getattr(error, "said", None)  # a reason the program gives, in the user's language: said alone
    if isinstance(message, Message):
        return message_text(message)
    texts = {errno.ENOSPC: _tc("MainWindow", "the disk is full"),
             errno.EFBIG: _tc("MainWindow", "the file would be larger than the disk or your file size limit allows"),
             errno.ENAMETOOLONG: _tc("MainWindow", "the file name is too long for the disk; choose a shorter one"),
             errno.EISDIR: _tc("MainWindow", "a folder has that name; choose another name"),
             errno.EDQUOT: _tc("MainWindow", "your disk quota is used up"),
             errno.EROFS: _tc("MainWindow", "the disk is read-only"),
             errno.EACCES: _tc("MainWindow", "you have no permission to write there"),
             errno.EPERM: _tc("MainWindow", "you have no permission to write there")}
    system = error.strerror or str(error)
    said = texts.get(error.errno)
    return _tc("MainWindow", "{said} ({system})").format(said=said, system=system) if said else system


class FileActions:
    """Mixed into :class:`~configurator.app.main_window.MainWindow` (it brings ``controller``,
    ``settings``, ``recent_menu``, ``say_quotes``, ``check_settings`` and the status bar); strings
    keep the ``MainWindow`` translation context."""

    def maybe_save(self) -> bool:
        """Ask about unsaved changes; False if the user cancels."""
        if not self.controller.is_modified:
            return True
        answer = QMessageBox.warning(
            self, _tc("MainWindow", "Unsaved changes"),
            _tc("MainWindow", "The scenario has unsaved changes. Save them?"),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def new_scenario(self) -> None:
        """File > New: the scenario a window starts with in the current language (its region, its
        currency and the region's start card), and why that card where it is not the usual one."""
        if self.maybe_save():
            from configurator.app.defaults import default_scenario

            scenario = default_scenario(current_language(), self.controller.catalog)
            self.controller.replace(scenario)
            self.know_file(None, None)
            self.say_start(scenario)

    _start_said: tuple[object, str, str] | None = None
    """The start notice on the status bar (:meth:`say_start`): the message, its text as shown and
    the card it explains."""

    def say_start(self, scenario) -> bool:
        """Say on the status bar why ``scenario`` (a start: a new window, File > New) is on its card
        where that is not the usual one (:func:`~configurator.app.defaults.start_notice`); said
        again in a new language, gone once the card changes. True if something was said."""
        from configurator.app.defaults import start_notice

        notice = start_notice(scenario, self.controller.catalog)
        if notice is None:
            return False
        if self._start_said is None:
            self.controller.scenario_changed.connect(self._drop_start_notice)
            self.statusBar().messageChanged.connect(self._start_notice_tooltip)
        self._start_said = (notice, notice.text_in(current_language()), scenario.card_id)
        self.statusBar().showMessage(self._start_said[1])
        self._start_notice_tooltip(self._start_said[1])
        return True

    def _start_notice_tooltip(self, shown: str) -> None:
        """The start notice whole in the status bar's tooltip while it is shown: its result, the card, comes
        last (cause, then result) and a 1280 px window computing cuts the English line before it."""
        self.statusBar().setToolTip(shown if self._start_notice_shown() else "")

    def _start_notice_shown(self) -> bool:
        return self._start_said is not None and self.statusBar().currentMessage() == self._start_said[1]

    def _drop_start_notice(self, scenario) -> None:
        if self._start_notice_shown() and scenario.card_id != self._start_said[2]:
            self.statusBar().clearMessage()

    def restate_start_notice(self) -> None:
        """The start notice, if still shown, in the current language (a language switch)."""
        if self._start_notice_shown():
            notice, _, card_id = self._start_said
            self._start_said = (notice, notice.text_in(current_language()), card_id)
            self.statusBar().showMessage(self._start_said[1])

    def open_dialog(self) -> None:
        from configurator.core.scenario_io import FILE_SUFFIX

        if not self.maybe_save():
            return
        path, _ = QFileDialog.getOpenFileName(
            self, _tc("MainWindow", "Open scenario"), self._last_dir(),
            _tc("MainWindow", "Scenario files (*{0});;All files (*)").format(FILE_SUFFIX))
        if path:
            self.open_path(Path(path))

    def open_path(self, path: Path) -> bool:
        """Open a scenario file; a broken one is reported and the current work is kept."""
        from configurator.core.scenario_io import ScenarioFileError, read_scenario, scenario_digest

        digest = scenario_digest(path)  # before reading: a change made meanwhile is asked about at Save
        notes: list[Message] = []  # what an older file's values became, a name cut short: said, not silent
        try:
            scenario = read_scenario(path, notes)
        except ScenarioFileError as error:
            salvaged = self.salvage_cut_short(path)
            if salvaged is not None:
                return self.offer_what_can_be_read(path, error, *salvaged)
            from configurator.core.messages_said import said_in

            QMessageBox.critical(self, _tc("MainWindow", "Cannot open scenario"), said_in(error, current_language()))
            return False
        if scenario.card_id not in self.controller.catalog:
            QMessageBox.critical(self, _tc("MainWindow", "Cannot open scenario"),
                                 self.controller.catalog.explain_unknown(scenario.card_id))
            return False
        self.controller.replace(scenario, path)
        self.know_file(path, digest)
        self._remember(path)
        if notes:
            from configurator.core.messages import LIST_SEPARATORS

            said = LIST_SEPARATORS.get(current_language(), "; ").join(message_text(n) for n in notes)
            self.statusBar().showMessage(said, 15000)
        if scenario.economics.quotes:  # priced from the file's own quotes: say so, and which are ignored
            self.say_quotes(path.name)
        return True

    def salvage_cut_short(self, path: Path):
        """What can be read of the scenario file ``path`` when it ends part-way (another program
        stopped writing it half-way, a full disk, a copy cut off) or was written by a newer version
        (a colleague's: the settings this version does not know left out; until December 2026 it
        was only refused): (scenario, what is missing, one sentence each); None for any other fault
        (not JSON, not a scenario, a card not in the catalog), which is only said."""
        from types import SimpleNamespace

        from configurator.app.damage_text import damage_lines
        from configurator.core.files import open_regular_file
        from configurator.core.scenario_io import MAX_SCENARIO_BYTES
        from configurator.core.scenario_salvage import salvage_scenario

        try:
            with open_regular_file(path) as stream:
                data = stream.read(MAX_SCENARIO_BYTES + 1)
        except OSError:
            return None
        if len(data) > MAX_SCENARIO_BYTES:
            return None
        salvage = salvage_scenario(data)
        if salvage.scenario is None or (salvage.damage.cut_at is None and salvage.damage.newer_version is None) \
                or salvage.scenario.card_id not in self.controller.catalog:
            return None
        return salvage.scenario, damage_lines(SimpleNamespace(damage=salvage.damage, missing_card=None))

    def ask_open_what_can_be_read(self, path: Path, error: Exception, lines: list[str]) -> bool:
        """Say why ``path`` cannot be opened whole and what is missing; True to open what can be read."""
        from configurator.core.messages_said import said_in

        box = QMessageBox(QMessageBox.Icon.Warning, _tc("MainWindow", "Cannot open scenario"),
                          said_in(error, current_language()), parent=self)
        box.setObjectName("open-what-can-be-read")
        box.setInformativeText("\n\n".join([*lines, _tc(
            "SessionFile", "Open what can be read as a new, unsaved scenario? The file is not changed; Save asks "
                           "for a name.")]))
        open_button = box.addButton(_tc("SessionFile", "&Open what can be read"), QMessageBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(open_button)
        box.setEscapeButton(cancel)
        clicked = answered(box)
        return clicked is open_button

    def offer_what_can_be_read(self, path: Path, error: Exception, scenario, lines: list[str]) -> bool:
        """``path`` ends part-way, or is a newer version's: offer its readable part as a new,
        unsaved scenario (no file: Save asks for a name, so the cut file — perhaps still being
        written — or the newer version's is never replaced unasked); the window's work stays if
        declined. True if opened."""
        from configurator.app.defaults import default_scenario

        if not self.ask_open_what_can_be_read(path, error, lines):
            return False
        self.controller.replace(default_scenario(current_language(), self.controller.catalog))
        self.know_file(None, None)
        # one undoable step over a new scenario: unsaved, so closing asks and the autosave protects it
        self.controller.replace_undoable(scenario, lambda: _tc("SessionFile", "Open what could be read"))
        self.statusBar().showMessage(_tc("SessionFile", "Opened what could be read of {file}; it is not saved yet."
                                         ).format(file=path))
        return True

    def save(self) -> bool:
        path = self.controller.path
        return self.save_to(path) if path else self.save_as()

    def save_as(self) -> bool:
        from configurator.core.scenario_io import FILE_SUFFIX

        path, _ = QFileDialog.getSaveFileName(self, _tc("MainWindow", "Save scenario"), self._last_dir(),
                                              _tc("MainWindow", "Scenario files (*{0})").format(FILE_SUFFIX))
        if not path:
            return False
        if not path.endswith(FILE_SUFFIX):
            path += FILE_SUFFIX
        return self.save_to(Path(path))

    known_file: tuple[str, str] | None = None
    """The scenario file this window last opened or saved, and the SHA-256 of its content then."""

    def know_file(self, path: Path | None, digest: str | None) -> None:
        """Remember ``path``'s content as this window last read or wrote it (None: unknown)."""
        self.known_file = (str(path), digest) if path is not None and digest is not None else None

    def changed_on_disk(self, path: Path) -> bool:
        """``path`` is the file this window opened or saved, and another window or program has
        written it since (a file gone or unreadable now is not asked about: the save says why)."""
        from configurator.core.scenario_io import scenario_digest

        if self.known_file is None or self.known_file[0] != str(path):
            return False
        now = scenario_digest(path)
        return now is not None and now != self.known_file[1]

    def ask_changed_on_disk(self, path: Path) -> str:
        """Ask what to do with a file another window or program changed: "replace", "save-as"
        or "cancel" (Escape)."""
        box = QMessageBox(QMessageBox.Icon.Warning, _tc("MainWindow", "File changed on disk"), _tc(
            "MainWindow", "{file} was changed by another window or program after this window opened or saved it."
                          "\n\nReplace it with this window's scenario (what was written there is lost), or save "
                          "this window's scenario under another name?").format(file=path), parent=self)
        replace = box.addButton(_tc("MainWindow", "&Replace"), QMessageBox.ButtonRole.DestructiveRole)
        save_as = box.addButton(_tc("MainWindow", "Save &As…"), QMessageBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(save_as)
        box.setEscapeButton(cancel)
        clicked = answered(box)
        return "replace" if clicked is replace else "save-as" if clicked is save_as else "cancel"

    def ask_changed_since(self, path: Path, recovered: bool = False) -> str:
        """At start (or when unsaved work is recovered): ``path``, the window's file, was changed
        by another window or program since this window — or the crashed one — last opened or
        saved it. Ask what to do: "keep" (Escape: this window's scenario stays, the file as it is;
        a later Save asks before replacing it), "load" (the file as it is now) or "save-as"."""
        if recovered:
            text = _tc("SessionFile", "{file} was changed by another window or program after the window that "
                                      "crashed opened or saved it. The recovered changes were made to the file "
                                      "as it was then.").format(file=path)
            load_text = _tc("SessionFile", "Load the file's: the file is loaded as it is now; the recovered changes "
                                           "are dropped.")
        else:
            text = _tc("SessionFile", "{file} was changed by another window or program since this window last "
                                      "opened or saved it. This window shows the scenario as it was then."
                                      ).format(file=path)
            load_text = _tc("SessionFile", "Load the file's: the file is loaded as it is now; this window's "
                                           "version is dropped.")
        box = QMessageBox(QMessageBox.Icon.Warning, _tc("SessionFile", "File changed on disk"), text, parent=self)
        box.setObjectName("changed-since-question")
        box.setInformativeText("\n".join((
            _tc("SessionFile", "Keep mine: this window keeps its scenario; the file is not touched, and saving "
                               "later asks before replacing it."),
            load_text,
            _tc("SessionFile", "Save mine as…: this window's scenario is saved under another name; the file "
                               "is not touched."))))
        keep = box.addButton(_tc("SessionFile", "&Keep mine"), QMessageBox.ButtonRole.RejectRole)
        load = box.addButton(_tc("SessionFile", "&Load the file's"), QMessageBox.ButtonRole.DestructiveRole)
        save_as = box.addButton(_tc("SessionFile", "Save mine &As…"), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        clicked = answered(box)
        return "load" if clicked is load else "save-as" if clicked is save_as else "keep"

    def check_file_at_start(self) -> str | None:
        """The window's file as the last session left it, compared with the disk: changed by
        another window or program (or cut short, unreadable now) since this window last opened or
        saved it → asked (:meth:`ask_changed_since`) and done; gone → said on the status bar (the
        window keeps its scenario; Save writes the file again). The answer, "gone", or None when
        the file is as it was (or no file is known)."""
        from configurator.core.scenario_io import scenario_digest

        path, known = self.controller.path, self.known_file
        if path is None or known is None or known[0] != str(path):
            return None
        if not path.exists() and not path.is_symlink():
            self.statusBar().showMessage(_tc(
                "SessionFile", "{file} no longer exists: this window keeps its scenario; Save writes the file "
                               "again.").format(file=path))
            return "gone"
        if scenario_digest(path) == known[1]:
            return None
        answer = self.ask_changed_since(path)
        self.act_on_changed_since(path, answer)
        return answer

    def act_on_changed_since(self, path: Path, answer: str) -> bool:
        """Do what :meth:`ask_changed_since` was answered: "load" opens ``path`` (a file that
        cannot be read is said, and this window keeps its scenario), "save-as" asks for the name
        (cancelled: this window keeps its scenario). False where the window's scenario stays."""
        if answer == "load":
            return self.open_path(path)
        if answer == "save-as":
            return self.save_as()
        return False

    def save_to(self, path: Path) -> bool:
        """Write atomically; on failure the old file stays and the user is told why. A file
        another window or program changed since this window opened or saved it is not written
        over without asking (two windows on one file: the later save asks)."""
        from configurator.core.scenario_io import write_scenario

        if self.changed_on_disk(path):
            answer = self.ask_changed_on_disk(path)
            if answer == "save-as":
                return self.save_as()
            if answer != "replace":
                return False
        try:
            digest = write_scenario(path, self.controller.scenario)
        except OSError as error:
            QMessageBox.critical(self, _tc("MainWindow", "Cannot save scenario"), _tc(
                "MainWindow",
                "{path}: {reason}\n\nNothing was replaced: an existing file keeps its old content.").format(
                path=path, reason=failure_reason(error)))
            return False
        self.controller.mark_saved(path)
        self.know_file(path, digest)
        self._remember(path)
        self.statusBar().showMessage(_tc("MainWindow", "Saved {0}").format(path), 4000)
        return True

    def _last_dir(self) -> str:
        recent = self.recent_files()
        return str(Path(recent[0]).parent) if recent else str(Path.home())

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent_files", [])
        return [value] if isinstance(value, str) else list(value or [])

    def _remember(self, path: Path) -> None:
        files = [str(path), *[f for f in self.recent_files() if f != str(path)]][:MAX_RECENT]
        self.settings.setValue("recent_files", files)
        self.check_settings()

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for number, name in enumerate(self.recent_files(), start=1):
            shown = name.replace("&", "&&")  # "&1 path" … "&9 path": each picked with its digit
            action = self.recent_menu.addAction(f"&{number} {shown}" if number < 10 else shown)
            action.triggered.connect(guard_slot(lambda _=False, p=name: self.maybe_save() and self.open_path(Path(p)),
                                                name, self))
        if not self.recent_files():
            self.recent_menu.addAction(_tc("MainWindow", "(none)")).setEnabled(False)
