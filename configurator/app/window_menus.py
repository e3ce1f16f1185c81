"""The main window's actions, menus and toolbar (made again in a new language), and the windows and
dialogs they open: the wizard, the card browser, "what fits my cards", the scenario's name, About."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox

from configurator import __version__
from configurator.app.error_boundary import guard_slot
from configurator.app.i18n import tc as _tc


class MenuActions:
    """Mixed into :class:`~configurator.app.main_window.MainWindow` (it brings ``controller`` and the
    slots the actions call); strings keep the ``MainWindow`` translation context."""

    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        action = QAction(text, self._actions_owner)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.setStatusTip(tip)
        action.triggered.connect(guard_slot(slot, text, self))
        return action

    def _make_actions(self) -> None:
        from PySide6.QtCore import QObject

        if getattr(self, "_actions_owner", None) is not None:
            self._actions_owner.deleteLater()  # the previous language's actions go with it
        self._actions_owner = QObject(self)
        keys = QKeySequence.StandardKey
        self.new_action = self._action(_tc("MainWindow", "&New"), self.new_scenario, keys.New,
                                       _tc("MainWindow", "Start a new scenario"))
        self.open_action = self._action(_tc("MainWindow", "&Open…"), self.open_dialog, keys.Open,
                                        _tc("MainWindow", "Open a scenario file"))
        self.save_action = self._action(_tc("MainWindow", "&Save"), self.save, keys.Save,
                                        _tc("MainWindow", "Save the scenario"))
        self.save_as_action = self._action(_tc("MainWindow", "Save &As…"), self.save_as, keys.SaveAs,
                                           _tc("MainWindow", "Save the scenario under a new name"))
        self.quit_action = self._action(_tc("MainWindow", "&Quit"), self.close, keys.Quit)
        self.preview_action = self._action(_tc("MainWindow", "Print Pre&view…"), self.open_print_preview, None,
                                           _tc("MainWindow", "See the configuration summary as it will print"))
        self.print_action = self._action(_tc("MainWindow", "&Print…"), self.print_summary, keys.Print,
                                         _tc("MainWindow", "Print the configuration summary"))
        self.export_action = self._action(_tc("MainWindow", "&Export Summary…"), self.export_dialog,
                                          QKeySequence("Ctrl+E"),
                                          _tc("MainWindow", "Save the summary as PDF, Markdown, CSV or JSON"))
        undo_stack = self.controller.undo_stack
        self.undo_action = undo_stack.createUndoAction(self._actions_owner, _tc("MainWindow", "&Undo"))
        self.undo_action.setShortcut(keys.Undo)
        self.redo_action = undo_stack.createRedoAction(self._actions_owner, _tc("MainWindow", "&Redo"))
        self.redo_action.setShortcut(keys.Redo)
        self.rename_action = self._action(_tc("MainWindow", "&Name the scenario…"), self.ask_scenario_name, None,
                                          _tc("MainWindow", "The name is the printed summary's title (empty: a "
                                                            "description of the job)"))
        self.wizard_action = self._action(_tc("MainWindow", "Workload &wizard…"), self.open_wizard,
                                          QKeySequence("Ctrl+Shift+W"), _tc("MainWindow", "Answer a few questions"))
        self.recommend_action = self._action(_tc("MainWindow", "&Recommendation panel"), self.toggle_recommendations,
                                             QKeySequence("Ctrl+R"),
                                             _tc("MainWindow", "Which card, and how many: every card ranked for this "
                                                               "job"))
        self.recommend_action.setCheckable(True)
        self.bom_action = self._action(_tc("MainWindow", "Bill of &materials and TCO"), self.toggle_bill_of_materials,
                                       QKeySequence("Ctrl+M"),
                                       _tc("MainWindow", "Servers, network, racks, power and software for this job, "
                                                         "and what owning them costs over the years"))
        self.bom_action.setCheckable(True)
        self.browser_action = self._action(_tc("MainWindow", "Card &browser…"), self.open_browser,
                                           QKeySequence("Ctrl+B"),
                                           _tc("MainWindow", "Every card with its specs, sources and prices"))
        self.what_fits_action = self._action(_tc("MainWindow", "What &fits my cards…"), self.open_what_fits,
                                             QKeySequence("Ctrl+Shift+F"),
                                             _tc("MainWindow", "Which models fit on the cards you own, for training, "
                                                               "fine-tuning and serving, and how fast"))
        self._make_launch_actions()
        self._make_quote_actions()

    def _make_menus(self) -> None:
        file_menu = self.menuBar().addMenu(_tc("MainWindow", "&File"))
        for action in (self.new_action, self.open_action):
            file_menu.addAction(action)
        self.recent_menu = file_menu.addMenu(_tc("MainWindow", "Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        for action in (self.save_action, self.save_as_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        for action in (self.load_quotes_action, self.clear_quotes_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        for action in (self.preview_action, self.print_action, self.export_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = self.menuBar().addMenu(_tc("MainWindow", "&Edit"))
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.rename_action)
        edit_menu.addSeparator()
        self._add_launch_menu(edit_menu)
        self.view_menu = self.menuBar().addMenu(_tc("MainWindow", "&View"))
        self.view_menu.addAction(self.wizard_action)
        self.view_menu.addAction(self.browser_action)
        self.view_menu.addAction(self.recommend_action)
        self.view_menu.addAction(self.bom_action)
        self.view_menu.addAction(self.what_fits_action)
        language_menu = self.view_menu.addMenu(_tc("MainWindow", "&Language"))
        from PySide6.QtGui import QActionGroup

        from configurator.app.i18n import LANGUAGES, current_language

        from configurator.app.mnemonics import with_mnemonics

        group = QActionGroup(self._actions_owner)
        for (code, name), text in zip(LANGUAGES.items(), with_mnemonics(LANGUAGES.values(), LANGUAGES.keys())):
            action = language_menu.addAction(text)  # "&English", "简体中文(&Z)": the same keys in either language
            action.setCheckable(True)
            action.setChecked(code == current_language())
            action.setData(code)
            group.addAction(action)
            action.triggered.connect(guard_slot(lambda _=False, c=code: self.set_language(c, staged=True), name, self))
        self.help_menu = self.menuBar().addMenu(_tc("MainWindow", "&Help"))
        self.help_menu.addAction(self._action(_tc("MainWindow", "&About"), self._about))
        toolbar = getattr(self, "toolbar", None)
        if toolbar is None:
            toolbar = self.addToolBar(_tc("MainWindow", "Main"))
            toolbar.setObjectName("main-toolbar")
        toolbar.setWindowTitle(_tc("MainWindow", "Main"))
        for action in (self.new_action, self.open_action, self.save_action, self.undo_action, self.redo_action,
                       self.wizard_action, self.browser_action, self.recommend_action, self.export_action,
                       self.preview_action):
            toolbar.addAction(action)
        self.toolbar = toolbar

    def ask_scenario_name(self) -> bool:
        """Ask for the scenario's name (the printed summary's title) and set it."""
        from PySide6.QtWidgets import QInputDialog

        current = self.controller.scenario.name
        name, ok = QInputDialog.getText(self, _tc("MainWindow", "Name the scenario"),
                                        _tc("MainWindow", "Name (the summary's title):"),
                                        text="" if current == "Untitled" else current)
        return self.rename_scenario(name) if ok else False

    def rename_scenario(self, name: str) -> bool:
        """Set the scenario's name as one undoable step; an empty name goes back to a description
        of the job."""
        from configurator.core.scenario import MAX_NAME_CHARS

        return self.controller.apply("name", name.strip()[:MAX_NAME_CHARS] or "Untitled")

    def open_wizard(self):
        from configurator.app.wizard import WorkloadWizard

        wizard = WorkloadWizard(self.controller, self)
        wizard.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # a cancelled wizard must not stay alive
        wizard.open()
        return wizard

    def open_browser(self):
        from configurator.app.browser import CardBrowser

        if self._browser is None:
            self._browser = CardBrowser(self.controller, self)
        self._browser.show()
        self._browser.raise_()
        return self._browser

    def open_what_fits(self):
        """Show the "what fits my cards" dialog (one, made on first use; it keeps its choices)."""
        from configurator.app.what_fits_dialog import WhatFitsDialog

        if getattr(self, "_what_fits", None) is None:
            self._what_fits = WhatFitsDialog(self.controller, self)
        self._what_fits.show()
        self._what_fits.raise_()
        return self._what_fits

    def _about(self) -> None:
        catalog = self.controller.catalog
        QMessageBox.about(self, _tc("MainWindow", "About GPU Configurator"), _tc("MainWindow",
            "GPU Configurator {version}\nCatalog {catalog} ({date}), {n} cards.\n"
            "Estimates memory, speed, power and cost of AI workloads and of graphics work (virtual desktops, "
            "transcoding, rendering) on accelerator cards.").format(
            version=__version__, catalog=catalog.version, date=catalog.date, n=len(catalog.cards)))
