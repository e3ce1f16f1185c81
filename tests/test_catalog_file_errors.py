"""The bundled catalog's crash paths (issue 30, part 3): a missing catalog.json, ``"not_products":
null``, an empty card list, a catalog without the default card. Each is one clear line on the
command line, a dialog or a notice in the window; never a traceback or "Internal error"."""

from __future__ import annotations

import json

import pytest

from configurator import cli
from configurator.core import catalog as catalog_module
from configurator.core.catalog import CatalogError, load_bundled_catalog, load_catalog, parse_catalog
from configurator.core.resources import bundled_path

BUNDLED = json.loads(bundled_path("catalog.json").read_text(encoding="utf-8"))


@pytest.fixture
def bundled(tmp_path, monkeypatch):
    """Replace the bundled catalog: with a document (dict), or remove it (None)."""
    def use(document: dict | None):
        path = tmp_path / "catalog.json"
        real = catalog_module.bundled_path

        def patched(relative: str):
            if relative != "catalog.json":
                return real(relative)
            if document is None:  # what resources.bundled_path raises for a missing file
                raise FileNotFoundError("bundled file 'catalog.json' is missing from the installation")
            return path

        if document is not None:
            path.write_text(json.dumps(document), encoding="utf-8")
        monkeypatch.setattr(catalog_module, "bundled_path", patched)
        return path
    return use


def one_error_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("gpu-configurator: error: "), err
    assert "Traceback" not in err and "Internal error" not in err and "cannot write the output" not in err
    return err


@pytest.mark.parametrize("command", [["estimate"], ["catalog", "list"], ["catalog", "show", "h100-sxm"],
                                     ["recommend"], ["report", "-o", "summary.md"]])
def test_a_missing_catalog_is_one_line_naming_it(bundled, capsys, command):
    bundled(None)
    assert cli.main(command) == 2
    assert "the bundled card catalog (catalog.json) is missing from the installation" in one_error_line(capsys)


def test_a_missing_catalog_is_a_catalog_error():
    with pytest.raises(CatalogError, match="missing"):
        _missing_catalog()


def _missing_catalog():
    real = catalog_module.bundled_path
    catalog_module.bundled_path = lambda relative: (_ for _ in ()).throw(FileNotFoundError(relative))
    try:
        return load_bundled_catalog()
    finally:
        catalog_module.bundled_path = real


@pytest.mark.parametrize("key", ["not_products", "unlisted"])
def test_null_lists_are_empty_and_the_cli_works(bundled, capsys, key):
    bundled({**BUNDLED, key: None})
    assert getattr(load_catalog(), key) == ()
    assert cli.main(["catalog", "show", "no-such-card"]) == 2  # explain_unknown reads not_products
    assert "unknown card 'no-such-card'" in one_error_line(capsys)
    assert cli.main(["estimate"]) == 0
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize(("change", "message"), [
    ({"not_products": "none"}, "catalog: 'not_products' must be a list of objects"),
    ({"unlisted": {"name": "x"}}, "catalog: 'unlisted' must be a list of objects"),
    ({"not_products": [5]}, "catalog: 'not_products' entry 1"),
    ({"not_products": [{"claim": "H20X", "vendor": "NVIDIA"}]}, "'not_products' entry 1: field 'explanation'"),
    ({"cards": []}, "catalog: the 'cards' list is empty"),
])
def test_malformed_lists_name_the_key_and_entry(bundled, capsys, change, message):
    with pytest.raises(CatalogError, match=message.replace("(", r"\(")):
        parse_catalog({**BUNDLED, **change})
    path = bundled({**BUNDLED, **change})
    assert cli.main(["catalog", "list"]) == 2
    err = one_error_line(capsys)
    assert message in err and str(path) in err


def without_default_card(card_id: str = "h100-sxm") -> dict:
    return {**BUNDLED, "cards": [c for c in BUNDLED["cards"] if c["id"] != card_id]}


def test_a_catalog_without_the_default_card_is_a_clear_cli_error(bundled, capsys):
    bundled(without_default_card())
    assert cli.main(["estimate"]) == 2
    assert "unknown card 'h100-sxm'" in one_error_line(capsys)
    assert cli.main(["estimate", "--card", "h200-sxm"]) == 0  # any other card still works


def test_the_fallback_card_is_the_first_training_card(bundled):
    bundled(without_default_card())
    catalog = load_catalog()
    first_training = next(c.id for c in catalog.cards if c.category == "training")
    assert catalog.card_or_fallback("h100-sxm") == first_training
    assert catalog.card_or_fallback("l40s") == "l40s"


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_window_starts_on_another_card_and_says_so(qtbot, tmp_path, bundled, language):
    """No "Internal error KeyError" at start: the window shows the first training card (Chinese: the
    first deliverable to mainland China) instead of the language's start card (English: the default
    card; Chinese: the region's own, Ascend 910B) and the status bar says why, in the window's
    language (conftest fails the test on any error dialog)."""
    from PySide6.QtCore import QSettings

    from configurator.app import i18n
    from configurator.app.defaults import start_card
    from configurator.app.main import complete_main_window, open_window_frame
    from configurator.core.region import REGION_FOR_LANGUAGE, delivery_problem

    wanted = start_card(REGION_FOR_LANGUAGE.get(language))
    bundled(without_default_card(wanted))
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", language)
    window = open_window_frame(settings)
    qtbot.addWidget(window)
    window.show()
    try:
        complete_main_window(window)
        controller = window.controller
        qtbot.waitUntil(lambda: controller.analysis is not None, timeout=20_000)
        shown = controller.catalog.get(controller.scenario.card_id)
        assert shown.category == "training" and controller.scenario.card_id != wanted
        assert delivery_problem(shown, controller.scenario.constraints.region) is None
        notice = window.statusBar().currentMessage()
        assert wanted in notice and shown.name in notice
        assert ("改为显示" if language == "zh_CN" else "is shown instead") in notice
        window.new_scenario()  # File > New starts on the same card
        assert controller.scenario.card_id == shown.id
    finally:
        i18n.install_language("en")


def test_a_missing_catalog_is_a_dialog_at_start(qtbot, bundled, monkeypatch):
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QMessageBox

    from configurator.app import main as app_main

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append((title, text)))
    bundled(None)
    names = QCoreApplication.organizationName(), QCoreApplication.applicationName()
    try:
        assert app_main.run_app([]) == 1
    finally:
        QCoreApplication.setOrganizationName(names[0])
        QCoreApplication.setApplicationName(names[1])
    assert len(shown) == 1 and "catalog.json" in shown[0][1] and "missing" in shown[0][1]
