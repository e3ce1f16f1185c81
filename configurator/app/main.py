"""Application start-up."""

from __future__ import annotations

import dataclasses
import os
import sys

from PySide6.QtCore import QCoreApplication, QLocale, QSettings
from PySide6.QtWidgets import QApplication



def __getattr__(name: str):
    """``default_scenario``, re-exported for tests and tools, loaded when asked for (start-up)."""
    if name == "default_scenario":
        from configurator.app.defaults import default_scenario

        return default_scenario
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _no_display() -> bool:
    """True on Linux when Qt would find no screen to open a window on."""
    return (
        sys.platform.startswith("linux")
        and not os.environ.get("QT_QPA_PLATFORM")
        and not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
    )


def use_readable_locale() -> None:
    """Group thousands even where the system locale is plain C (servers, containers)."""
    if QLocale().name() in ("C", "POSIX"):
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


def build_main_window(settings: QSettings | None = None):
    """Catalog, controller and main window, with the previous session restored.

    Installs the error boundary's ``sys.excepthook`` first, so an exception escaping any slot
    is logged and shown instead of lost.
    """
    window = open_window_frame(settings)
    complete_main_window(window)
    return window


def open_window_frame(settings: QSettings | None = None):
    """The main window's frame in the saved language, size and place: its four charts, empty,
    between two placeholders (what start-up paints first; :func:`complete_main_window` fills it)."""
    from configurator.app.error_boundary import install_excepthook
    from configurator.app.i18n import install_language, saved_language
    from configurator.app.main_window import MainWindow

    install_excepthook()
    settings = settings or QSettings()
    install_language(saved_language(settings))
    window = MainWindow(None, settings)
    window.restore_layout()
    return window


def complete_main_window(window) -> None:
    """Load the catalog and the last scenario into the frame: editor, results and menus; the
    first analysis starts once the completed window has painted (``hold_first_analysis_until_painted``).

    Raises ArchitectureError or CatalogError when a bundled file is damaged.
    """
    from configurator.app.controller import ScenarioController
    from configurator.app.defaults import default_scenario, start_notice
    from configurator.app.i18n import current_language
    from configurator.core.catalog import load_catalog

    catalog = load_catalog()
    scenario = default_scenario(current_language(), catalog)
    notice = start_notice(scenario, catalog)
    if notice is not None and notice.id == "default-card-missing":  # the bundled catalog lacks the start card
        catalog = dataclasses.replace(catalog, problems=(*catalog.problems, notice))
    controller = ScenarioController(catalog, scenario)
    if window.isVisible():
        window.hold_first_analysis_until_painted(controller)
    window.attach(controller)
    window.restore_scenario()
    # why the region starts on its own card, unless the last session came back or something more
    # pressing is said (a catalog problem, as the one above; settings that cannot be written)
    if controller.scenario == scenario and not window.statusBar().currentMessage():
        window.say_start(scenario)


DESKTOP_FILE_NAME = "gpu-configurator"
"""The desktop entry's name without ``.desktop`` (resources/desktop/, installed by
scripts/install-desktop-entry.sh): Wayland compositors and docks match the window to it."""

ICON_FILES = ("resources/icons/gpu-configurator.svg", "resources/icons/gpu-configurator.png")
"""The app's icon, drawn (SVG) and rendered at 256 px (PNG, tools/render_icon.py)."""


def app_icon():
    """The app's icon from the bundled files (both sizes, so Qt scales the one that fits)."""
    from PySide6.QtGui import QIcon

    from configurator.core.resources import bundled_path

    icon = QIcon()
    for relative in ICON_FILES:
        try:
            icon.addFile(str(bundled_path(relative)))
        except FileNotFoundError:  # an installation without its icon still starts
            continue
    return icon


def run_app(argv: list[str]) -> int:
    """Open the main window and run the event loop."""
    if _no_display():
        print("gpu-configurator: error: no display found (DISPLAY is unset); run it in a desktop session, "
              "or use the command line: gpu-configurator --help", file=sys.stderr)
        return 1
    QCoreApplication.setOrganizationName("gpu-configurator")
    QCoreApplication.setApplicationName("GPU Configurator")
    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    QApplication.setDesktopFileName(DESKTOP_FILE_NAME)
    app.setWindowIcon(app_icon())
    use_readable_locale()
    window = open_window_frame()  # installs the error boundary's excepthook first
    window.show()
    app.processEvents()  # the frame paints while the scenario's machinery loads
    from configurator.core.architecture import ArchitectureError
    from configurator.core.catalog import CatalogError

    try:
        complete_main_window(window)
    except (ArchitectureError, CatalogError) as error:  # the bundled catalog or model presets are damaged
        window.close()
        show_broken_installation(error)
        return 1
    from PySide6.QtCore import QTimer

    from configurator.app.error_boundary import guard_slot

    QTimer.singleShot(0, guard_slot(window.offer_start_questions, "Recover unsaved work", window))
    ending = end_from_outside(app, window)
    try:
        return app.exec()
    finally:
        ending.uninstall()


def end_from_outside(app, window):
    """Keep ``window``'s unsaved work when the app is ended from outside
    (:mod:`configurator.app.signal_ending`): on SIGTERM, SIGHUP or SIGINT autosaved and the event
    loop ended (exit status 0); at a session logout autosaved (the logout may be cancelled);
    when the loop ends with the window open, autosaved. Returns the signal handler (uninstall it)."""
    from configurator.app.error_boundary import guard_slot
    from configurator.app.signal_ending import SignalEnding

    def end(signum: int) -> None:
        try:
            window.end_for_signal(signum)
        finally:
            window.hide()  # as a closed window is: none of its charts is resized while the interpreter ends
            app.exit(0)

    app.commitDataRequest.connect(guard_slot(lambda _manager: window.keep_work(), "Keep unsaved work", window))
    app.aboutToQuit.connect(guard_slot(window.keep_work_before_quit, "Keep unsaved work", window))
    return SignalEnding(end, app)


def show_broken_installation(error: Exception) -> None:
    """Say, in a dialog and on stderr, which bundled file is damaged and how; the window cannot open."""
    from PySide6.QtWidgets import QMessageBox

    from configurator.app.i18n import tc as _tc

    print(f"gpu-configurator: error: {error}", file=sys.stderr)
    QMessageBox.critical(None, _tc("Startup", "GPU Configurator cannot start"), _tc(
        "Startup", "A data file of the installation is damaged:\n{problem}\n\n"
                   "Reinstall GPU Configurator to repair it.").format(problem=error))
