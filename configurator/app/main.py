"""Application start-up."""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QCoreApplication, QLocale, QSettings
from PySide6.QtWidgets import QApplication

from configurator.app.controller import ScenarioController
from configurator.app.defaults import default_scenario  # noqa: F401 - re-exported (tests, tools)
from configurator.core.architecture import ArchitectureError
from configurator.core.catalog import CatalogError, load_catalog


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
    from configurator.app.error_boundary import install_excepthook
    from configurator.app.i18n import install_language, saved_language
    from configurator.app.main_window import MainWindow

    install_excepthook()
    settings = settings or QSettings()
    language = saved_language(settings)
    install_language(language)
    controller = ScenarioController(load_catalog(), default_scenario(language))
    window = MainWindow(controller, settings)
    window.restore_session()
    return window


def run_app(argv: list[str]) -> int:
    """Open the main window and run the event loop."""
    if _no_display():
        print("gpu-configurator: error: no display found (DISPLAY is unset); run it in a desktop session, "
              "or use the command line: gpu-configurator --help", file=sys.stderr)
        return 1
    QCoreApplication.setOrganizationName("gpu-configurator")
    QCoreApplication.setApplicationName("GPU Configurator")
    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    use_readable_locale()
    from configurator.app.error_boundary import install_excepthook

    install_excepthook()
    try:
        window = build_main_window()
    except (ArchitectureError, CatalogError) as error:  # the bundled catalog or model presets are damaged
        show_broken_installation(error)
        return 1
    window.show_at_start()
    from PySide6.QtCore import QTimer

    from configurator.app.error_boundary import guard_slot

    QTimer.singleShot(0, guard_slot(window.offer_recovery, "Recover unsaved work", window))
    return app.exec()


def show_broken_installation(error: Exception) -> None:
    """Say, in a dialog and on stderr, which bundled file is damaged and how; the window cannot open."""
    from PySide6.QtWidgets import QMessageBox

    from configurator.app.i18n import tc as _tc

    print(f"gpu-configurator: error: {error}", file=sys.stderr)
    QMessageBox.critical(None, _tc("Startup", "GPU Configurator cannot start"), _tc(
        "Startup", "A data file of the installation is damaged:\n{problem}\n\n"
                   "Reinstall GPU Configurator to repair it.").format(problem=error))
