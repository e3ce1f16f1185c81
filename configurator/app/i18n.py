"""The user-interface language: Qt translators, locale, and the core's message catalogue."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from configurator.core.field_names import read_labels_with
from configurator.core.messages import Message
from configurator.core.resources import bundled_path
from configurator.report.fonts import CJK_FALLBACKS

LANGUAGES = {"en": "English", "zh_CN": "简体中文"}
"""Language code -> its name in that language (menu entries are not translated)."""

LOCALES = {"en": QLocale(QLocale.Language.English, QLocale.Country.UnitedStates),
           "zh_CN": QLocale(QLocale.Language.Chinese, QLocale.Country.China)}

_state: dict = {"language": "en", "translators": []}


def _field_label(root: type, path: str, language: str) -> str | None:
    """The registry label of the scenario field at ``path`` in ``language`` where it is the
    window's (None otherwise, and for another model's field): lent to the core's refusals
    (:func:`~configurator.core.field_names.read_labels_with`)."""
    from configurator.core.fields import BY_PATH
    from configurator.core.scenario import Scenario

    entry = BY_PATH.get(path) if root is Scenario else None
    if entry is None or language != _state["language"] or entry.label.context is None:
        return None
    return QCoreApplication.translate(entry.label.context, entry.label.source)


read_labels_with(_field_label)


def tc(context: str, text: str) -> str:
    """QCoreApplication.translate; modules import it as ``_tc``, which lupdate is told to
    read as translate (tools/build_translations.py)."""
    return QCoreApplication.translate(context, text)


def without_mnemonic(text: str) -> str:
    """``text`` as shown: a label's shortcut marker ``&`` dropped, an escaped ``&&`` kept as ``&``."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def current_language() -> str:
    return _state["language"]


def system_language() -> str:
    """zh_CN for a Chinese system locale, English otherwise."""
    return "zh_CN" if QLocale.system().language() == QLocale.Language.Chinese else "en"


def saved_language(settings: QSettings) -> str:
    """The language chosen last time, else the system's."""
    value = settings.value("language")
    return value if value in LANGUAGES else system_language()


def _qm_path(language: str) -> Path:
    return bundled_path(f"resources/i18n/gpu_configurator_{language}.qm")


def qt_translations_dir() -> str:
    """Where Qt's own translations are (PySide6 ships them: ``Qt/translations``)."""
    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def qt_translators(language: str, parent) -> list[QTranslator]:
    """Qt's own texts in ``language`` — file dialogs, standard buttons, print dialogs, text
    fields' context menus: Qt's ``qtbase_<language>.qm``, then this app's supplement for the
    texts it lacks (``resources/i18n/qtbase_extra_<language>.ts``; installed later, so asked
    first). A file that is missing is left out: Qt's texts then stay English."""
    found = []
    qtbase = QTranslator(parent)
    if qtbase.load(f"qtbase_{language}", qt_translations_dir()):
        found.append(qtbase)
    supplement = QTranslator(parent)
    try:
        if supplement.load(str(bundled_path(f"resources/i18n/qtbase_extra_{language}.qm"))):
            found.append(supplement)
    except FileNotFoundError:
        pass
    return found


def install_language(language: str) -> None:
    """Load the translations of ``language`` and make its locale the default.

    Widgets built after this call come up in the new language; the main window rebuilds
    itself to switch while running.
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown language '{language}'")
    app = QCoreApplication.instance()
    for translator in _state["translators"]:
        app.removeTranslator(translator)
        translator.deleteLater()  # a switch back and forth leaves no translators behind
    _state["translators"] = []
    if language == "en":  # English plural forms only ("%n card(s)" -> "1 card", "2 cards")
        plurals = QTranslator(app)
        if plurals.load(str(_qm_path("en"))):
            app.installTranslator(plurals)
            _state["translators"].append(plurals)
    else:
        ours = QTranslator(app)
        if not ours.load(str(_qm_path(language))):
            raise FileNotFoundError(f"translations for {language} are missing: run tools/build_translations.py")
        for translator in (ours, *qt_translators(language, app)):
            app.installTranslator(translator)
            _state["translators"].append(translator)
    QLocale.setDefault(LOCALES[language])
    _set_font()
    _state["language"] = language


@contextmanager
def language_for_a_while(language: str | None) -> Iterator[None]:
    """The interface language ``language`` (None: unchanged) inside the ``with`` block, the one
    before it after: widgets made inside (a summary's charts) come up in ``language``."""
    previous = current_language()
    if language is None or language == previous:
        yield
        return
    install_language(language)
    try:
        yield
    finally:
        install_language(previous)


def _set_font() -> None:
    """Give the application its interface font once: the platform's face first (Latin text),
    then the Chinese faces (:data:`~configurator.report.fonts.CJK_FALLBACKS`), so that Chinese
    never renders as empty boxes or in Japanese glyph shapes, in either language.

    The same font serves both languages, so a language switch changes no font: an application-wide
    font change lays out and repaints every widget with new glyphs (120-230 ms on the GUI thread
    with the recommendation and BOM panels open, the longest pass of the switch; issue 28). Before,
    Chinese put the CJK face first, for Latin text too."""
    from PySide6.QtGui import QFont, QFontInfo
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    font = QFont(app.font())
    face = QFontInfo(font).family()  # the face a name like "Sans Serif" resolves to: a list skips a name it lacks
    families = [face, *(name for name in CJK_FALLBACKS if name != face)]
    if families != font.families():
        font.setFamilies(families)
        app.setFont(font)


def message_text(message: Message) -> str:
    """A core warning or reason in the current language."""
    return message.text_in(current_language())
