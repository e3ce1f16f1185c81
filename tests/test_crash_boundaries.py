"""The two crashes of the hardening issue: Print Preview painting a freed document, and
exceptions escaping Qt overrides (reached through a config.json with a 401-digit number)."""

from __future__ import annotations

import gc
import json
import sys

import numpy as np
import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QSettings, QTimer
from PySide6.QtGui import QImage
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QMessageBox, QWizard

from configurator.app import error_boundary, i18n
from configurator.app.main import build_main_window
from configurator.core.architecture import ArchitectureError
from configurator.core.hf_config import from_hf_config, load_hf_config

GPT2 = {"model_type": "gpt2", "n_layer": 12, "n_embd": 768, "n_head": 12, "vocab_size": 50257, "n_positions": 1024}
HUGE = "9" * 401


@pytest.fixture
def shown(monkeypatch):
    """Every QMessageBox.critical/warning call as (title, text); no modal dialog opens."""
    calls: list[tuple[str, str]] = []

    def record(parent, title, text, *args, **kwargs):
        calls.append((title, text))
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "critical", record)
    monkeypatch.setattr(QMessageBox, "warning", record)
    monkeypatch.setitem(error_boundary._state, "seen", set())
    return calls


@pytest.fixture
def window(qtbot, tmp_path, shown):
    w = build_main_window(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    yield w
    i18n.install_language("en")


def delete_later_now() -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()


def dark_pixels(image: QImage) -> int:
    """Pixels darker than mid-grey: text drawn on the white pages."""
    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    rows = np.frombuffer(grey.constBits(), np.uint8).reshape(grey.height(), grey.bytesPerLine())
    return int((rows[:, :grey.width()] < 100).sum())


# ---- Print Preview ------------------------------------------------------------------------


@pytest.mark.parametrize(("language", "title"), [("en", "Configuration summary"), ("zh_CN", "配置方案摘要")])
def test_print_preview_paints_its_pages(window, qtbot, tmp_path, language, title):
    window.set_language(language)
    preview = window.print_preview()
    gc.collect()  # the crash: the document was freed here, then painted
    widget = preview.preview_widget()
    qtbot.waitUntil(lambda: widget.pageCount() > 0, timeout=5000)
    qtbot.wait(50)
    assert title in preview.document.toPlainText()
    image = widget.grab().toImage()
    assert not image.isNull() and dark_pixels(image) > 500
    preview.grab().save(str(tmp_path / f"preview-{language}.png"))
    preview.close()
    delete_later_now()
    assert window.findChildren(QPrintPreviewDialog) == []


def test_print_preview_opened_repeatedly_leaves_nothing(window, qtbot):
    documents = []
    for _ in range(4):
        preview = window.print_preview()
        documents.append(preview.document)
        qtbot.waitUntil(lambda p=preview: p.preview_widget().pageCount() > 0, timeout=5000)
        preview.reject()  # the preview's own Close button
        delete_later_now()
    assert window.findChildren(QPrintPreviewDialog) == []
    assert not any(shiboken6.isValid(d) for d in documents)


# ---- config.json values -------------------------------------------------------------------


@pytest.mark.parametrize(("key", "value", "match"), [
    ("n_positions", "abc", 'n_positions must be a whole number, not the text "abc"'),
    ("n_positions", int(HUGE), r"n_positions = 9{20}… \(401 digits\) is outside the range 0 to 16,777,216"),
    ("n_positions", -5, "outside the range"),
    ("num_hidden_layers", True, "num_hidden_layers must be a whole number, not true"),
    ("n_embd", 768.5, "n_embd must be a whole number, not 768.5"),
    ("n_embd", float("inf"), "not inf"),
    ("vocab_size", [50257], "not a list"),
    ("n_head", 10**5000, "about 5001 digits"),
    ("tie_word_embeddings", "false", 'tie_word_embeddings must be true or false, not the text "false"'),
    ("attention_bias", 1, "attention_bias must be true or false, not 1"),
], ids=["text", "401-digits", "negative", "bool-as-count", "fraction", "inf", "list", "5001-digits",
        "text-as-flag", "number-as-flag"])
def test_hf_config_values_are_checked(key, value, match):
    with pytest.raises(ArchitectureError, match=match):
        from_hf_config({**GPT2, key: value})


def test_hf_config_plain_values_still_import():
    model = from_hf_config({**GPT2, "n_embd": 768.0, "tie_word_embeddings": False})
    assert (model.hidden, model.position_embeddings, model.tied_embeddings) == (768, 1024, False)
    assert from_hf_config(GPT2).tied_embeddings  # GPT-2 ties by default


@pytest.mark.parametrize(("content", "match"), [
    (b'{"n_layer": \xff}', "not UTF-8"),
    (b'{"n_positions": ' + b"9" * 5000 + b"}", "too many digits"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply|not valid JSON"),
], ids=["latin-1", "5000-digits", "deep"])
def test_unusable_config_files(tmp_path, content, match):
    path = tmp_path / "config.json"
    path.write_bytes(content)
    with pytest.raises(ArchitectureError, match=match):
        load_hf_config(path)


# ---- the reproducer through the wizard ----------------------------------------------------


def press_next(qtbot, wizard, times: int) -> None:
    from PySide6.QtCore import Qt

    for _ in range(times):
        qtbot.mouseClick(wizard.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)


def test_huge_n_positions_through_the_wizard(window, qtbot, tmp_path, shown):
    folder = tmp_path / "gpt2"
    folder.mkdir()
    path = folder / "config.json"
    path.write_text(json.dumps(GPT2).replace("1024", HUGE))
    before = window.controller.scenario
    assert not window.editor.import_config(path)
    assert "n_positions" in window.editor.error_label.text()
    wizard = window.open_wizard()
    qtbot.addWidget(wizard)
    assert not wizard.model_page.import_file(path)
    assert "n_positions" in wizard.model_page.problem.text() and "401 digits" in wizard.model_page.problem.text()
    press_next(qtbot, wizard, 4)
    assert wizard.summary.wait()  # worked out on a worker thread
    assert wizard.currentPage() is wizard.summary and wizard.summary.text.toPlainText()
    assert window.controller.scenario == before
    assert shown == []


def test_an_unvalidated_model_reaching_the_wizard_is_contained(window, qtbot, shown):
    """The same model as before the fix (no bound on positions) gets past import: the boundary holds."""
    wizard = window.open_wizard()
    qtbot.addWidget(wizard)
    page = wizard.model_page
    page.imported = page.model().model_copy(update={"position_embeddings": int(HUGE)})
    page.import_choice.setChecked(True)
    before = window.controller.scenario
    press_next(qtbot, wizard, 4)
    assert wizard.currentPage() is wizard.summary
    assert len(shown) == 1 and "SummaryPage.initializePage" in shown[0][1]
    wizard.accept()  # Finish
    assert wizard.isVisible() and "WorkloadWizard.accept" in shown[1][1]
    assert window.controller.scenario == before and not window.controller.is_modified


# ---- the error boundary -------------------------------------------------------------------


def test_boundary_logs_and_shows_an_exception_in_initialize_page(window, qtbot, shown, monkeypatch):
    wizard = window.open_wizard()
    qtbot.addWidget(wizard)

    def divide(*_args):
        return 1 / 0

    from configurator.app import wizard as wizard_module

    monkeypatch.setattr(wizard_module, "decide_steps", divide)  # what the summary page works out, off the GUI thread
    press_next(qtbot, wizard, 4)
    wizard.summary.wait()
    assert wizard.currentPage() is wizard.summary  # the process and the wizard are alive
    log = error_boundary.log_path()
    assert len(shown) == 1
    title, text = shown[0]
    assert title == "Internal error"
    assert "Preparing this page of the wizard" in text and "ZeroDivisionError" in text and str(log) in text
    report = log.read_text(encoding="utf-8")
    assert "SummaryPage.initializePage" in report and "Traceback" in report and "1 / 0" in report


def test_boundary_safe_values(window, qtbot, shown, monkeypatch):
    wizard = window.open_wizard()
    qtbot.addWidget(wizard)

    def broken(*_args):
        raise ZeroDivisionError("broken")

    monkeypatch.setattr(wizard.goal, "workload", broken)
    assert wizard.goal.nextId() == 1  # the default: the page after it
    monkeypatch.setattr(wizard.model_page, "import_choice", None)
    assert wizard.model_page.validatePage() is False
    assert len(shown) == 2


def test_boundary_on_close_and_menu_commands(window, shown, monkeypatch):

    def broken(*_args):
        raise OverflowError("int too large to convert to float")

    from configurator.app import analysis_on_screen

    monkeypatch.setattr(analysis_on_screen, "shown_analysis", broken)
    window.preview_action.trigger()
    assert "“Print Preview”" in shown[-1][1] and "OverflowError" in shown[-1][1]
    monkeypatch.setattr(window, "maybe_save", broken)
    assert not window.close() and window.isVisible()  # the unsaved work stays open
    assert "Closing the window" in shown[-1][1]
    monkeypatch.undo()


def test_boundary_text_is_translated(window, qtbot, shown, monkeypatch):
    window.set_language("zh_CN")

    def broken(*_args):
        raise ZeroDivisionError("broken")

    monkeypatch.setattr(window, "maybe_save", broken)
    window.close()
    title, text = shown[-1]
    assert title != "Internal error" and "failed" not in text and str(error_boundary.log_path()) in text


@pytest.mark.qt_no_exception_capture
def test_excepthook_reports_exceptions_escaping_other_slots(window, qtbot, shown, monkeypatch):
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # restored afterwards
    error_boundary.install_excepthook()
    assert sys.excepthook is error_boundary._hook

    def slot():
        raise ZeroDivisionError("from a timer")

    QTimer.singleShot(0, slot)
    qtbot.waitUntil(lambda: len(shown) == 1, timeout=2000)
    assert "An action failed" in shown[0][1] and "ZeroDivisionError: from a timer" in shown[0][1]
    assert "from a timer" in error_boundary.log_path().read_text(encoding="utf-8")
    QTimer.singleShot(0, slot)  # the same failure again: logged, not shown twice
    qtbot.wait(50)
    assert len(shown) == 1
    assert error_boundary.log_path().read_text(encoding="utf-8").count("from a timer") >= 2
