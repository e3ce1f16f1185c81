"""The main window's price quotes: File ▸ Load Price Quotes… reads a CSV of the buyer's quotes
into the scenario (``Economics.quotes``, one undoable step), File ▸ Clear Price Quotes goes back to
the price file's prices; the status bar says how many quotes price the bill and which could not
be used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from configurator.app.i18n import message_text
from configurator.app.i18n import tc as _tc


class QuoteActions:
    """Mixed into :class:`~configurator.app.main_window.MainWindow` (it brings ``controller``,
    ``_action``, ``_last_dir`` and the status bar); strings keep the ``MainWindow`` translation
    context."""

    def _make_quote_actions(self) -> None:
        self.load_quotes_action = self._action(
            _tc("MainWindow", "Load Price Q&uotes…"), self.load_quotes_dialog, None,
            _tc("MainWindow", "Price the bill of materials with your quotes: a CSV with the columns item, unit_price, "
                              "currency, date, vendor"))
        self.clear_quotes_action = self._action(
            _tc("MainWindow", "C&lear Price Quotes"), self.clear_quotes, None,
            _tc("MainWindow", "Price the bill of materials from the bundled price file again"))
        self._enable_clear_quotes(self.controller.scenario)

    def _enable_clear_quotes(self, scenario) -> None:
        """Clear Price Quotes only where the scenario holds some (connected once, in ``attach``:
        the actions are made again in each language)."""
        self.clear_quotes_action.setEnabled(bool(scenario.economics.quotes))

    def load_quotes_dialog(self) -> bool:
        """Ask for a quotes file and load it (:meth:`load_quotes`); False when cancelled or refused."""
        path, _ = QFileDialog.getOpenFileName(
            self, _tc("MainWindow", "Load price quotes"), self._last_dir(),
            _tc("MainWindow", "Quotes (*.csv *.txt *.tsv);;All files (*)"))
        return self.load_quotes(Path(path)) if path else False

    def load_quotes(self, path: Path) -> bool:
        """Put the quotes of the CSV file at ``path`` into the scenario, in place of any it held, as
        one undoable step, and say in the status bar how many price the bill and which were
        ignored, and in a dialog which rows were skipped for a problem (:meth:`say_skipped_quotes`).
        A file that cannot be read, or has no usable row, is refused in a message box (the scenario
        stays)."""
        from pydantic import ValidationError

        from configurator.app.controller import validation_message
        from configurator.core.procurement.prices import PriceFileError, as_quotes, read_quotes

        try:
            rows = read_quotes(path)
            quotes = as_quotes(rows)
        except PriceFileError as error:
            said = getattr(error, "said", None)
            QMessageBox.warning(self, _tc("MainWindow", "Cannot load price quotes"),
                                message_text(said) if said is not None else str(error))
            return False
        except ValidationError as error:  # not expected: the reader checks what the model does
            QMessageBox.warning(self, _tc("MainWindow", "Cannot load price quotes"), validation_message(error))
            return False
        name = path.name
        if not self.controller.apply_many({"economics.quotes": quotes}, merge=False, text=lambda: _tc(
                "MainWindow", "Load price quotes from {file}").format(file=name)):
            return False
        self.say_quotes(name)
        self.say_skipped_quotes(path, rows)
        return True

    SKIPPED_SHOWN = 10
    """Skipped rows listed in the dialog's text; all of them are in its details."""

    def say_skipped_quotes(self, path: Path, rows) -> QMessageBox | None:
        """A dialog naming each row of the quotes file at ``path`` that was skipped for a problem
        (row, column, what is wrong; the first :attr:`SKIPPED_SHOWN` in its text, every one in its
        details), the other quotes being loaded; None where no row was skipped. Opened without
        waiting (``open``): the loaded quotes already price the bill behind it."""
        from configurator.core.procurement.prices import skipped_quotes

        summary = skipped_quotes(path.name, rows)
        if summary is None:
            return None
        problems = [message_text(problem) for problem in rows.skipped]
        shown = "\n".join(problems[:self.SKIPPED_SHOWN])
        if len(problems) > self.SKIPPED_SHOWN:
            shown += "\n" + _tc("MainWindow", "… and {more} more (every one under Show Details)").format(
                more=len(problems) - self.SKIPPED_SHOWN)
        box = QMessageBox(QMessageBox.Icon.Warning, _tc("MainWindow", "Some price quotes were skipped"),
                          message_text(summary), QMessageBox.StandardButton.Ok, self)
        box.setObjectName("skipped-quotes")
        box.setInformativeText(shown)
        box.setStyleSheet("QLabel#qt_msgbox_informativelabel { min-width: 44em; }")  # a skipped row on one line
        box.setDetailedText("\n".join(problems))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def clear_quotes(self) -> bool:
        """Take every quote out of the scenario (one undoable step): the bundled prices again."""
        if not self.controller.scenario.economics.quotes:
            return False
        self.controller.apply_many({"economics.quotes": ()}, merge=False,
                                   text=("MainWindow", "Clear price quotes"))
        self.statusBar().showMessage(_tc("MainWindow", "Price quotes cleared: the bill is priced from the bundled "
                                                       "price file"), 8000)
        return True

    def say_quotes(self, file: str) -> str:
        """Say in the status bar how many of the scenario's quotes (loaded from ``file``) price the
        bill and why the others do not (the first :data:`MAX_QUOTE_PROBLEMS`, then how many
        more); returns what was said."""
        from configurator.app.i18n import current_language
        from configurator.core.messages import LIST_SEPARATORS
        from configurator.core.procurement.prices import MAX_QUOTE_PROBLEMS, price_book_for, quote_problems

        economics = self.controller.scenario.economics
        applied, problems = len(price_book_for(economics).quoted), quote_problems(economics)
        text = _tc("MainWindow", "Price quotes from {file}: {applied} of {count} applied").format(
            file=file, applied=applied, count=len(economics.quotes))
        if problems:
            shown = LIST_SEPARATORS.get(current_language(), "; ").join(
                message_text(p) for p in problems[:MAX_QUOTE_PROBLEMS])
            more = len(problems) - MAX_QUOTE_PROBLEMS
            text += (_tc("MainWindow", "; {problems} (and {more} more)").format(problems=shown, more=more)
                     if more > 0 else _tc("MainWindow", "; {problems}").format(problems=shown))
        self.statusBar().showMessage(text)
        return text
