"""The wizard says everything it keeps, in the words the rest of the app uses (session 34,
wizardwords): one user spread over copies reads "1 user", not "1 users"; the power cap is named
as the registry declares it (facility power); the power per server and the latency percentile
are asked, not silently kept from the window; each page's keyboard shortcuts are its own, in
English and in Chinese."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QAbstractButton, QFormLayout, QGroupBox, QLabel

from configurator.app.field_help import field_label
from configurator.app.i18n import install_language, without_mnemonic
from configurator.app.wizard import WorkloadWizard
from configurator.app.wizard_decide import Change
from configurator.app.wizard_changes import change_text

LANGUAGES = ("en", "zh_CN")


@pytest.fixture
def wizard(qtbot, controller):
    w = WorkloadWizard(controller)
    qtbot.addWidget(w)
    w.show()
    return w


def _row_label(page, widget) -> str:
    form = page.layout() if isinstance(page.layout(), QFormLayout) else widget.parentWidget().layout()
    return without_mnemonic(form.labelForField(widget).text())


def test_one_user_and_one_sequence_read_singular():
    text = change_text(Change("serving.concurrency", 1, 2, "spread", {"copies": 2, "each": 1}))
    assert "1 user over 2 copies" in text and "1 sequence per copy" in text and "2 places" in text
    assert "1 users" not in text and "1 sequences" not in text
    many = change_text(Change("serving.concurrency", 1000, 1002, "spread", {"copies": 3, "each": 334}))
    assert "1,000 users over 3 copies" in many and "334 sequences per copy" in many
    batch = change_text(Change("training.global_batch_tokens", 1000, 2048, "batch-layout", {"dp": 1, "seq": 2048}))
    assert "each of 1 data-parallel rank." in batch


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_power_rows_say_which_power_as_the_registry_does(qtbot, controller, language):
    install_language(language)
    w = WorkloadWizard(controller)
    qtbot.addWidget(w)
    limits = w.limits
    for box, path in ((limits.power, "constraints.power_cap_kw"), (limits.rack_power, "constraints.rack_power_kw")):
        assert _row_label(limits, box).lower().startswith(field_label(path).lower())  # the registry's words
        assert box.accessibleName().lower() == field_label(path).lower()
    if language == "en":
        assert _row_label(limits, limits.power) == "Power cap (facility power)"
        assert "kW" in limits.power.suffix() and "kW" in limits.rack_power.suffix()


def test_power_per_server_and_percentile_are_asked_not_kept_unsaid(qtbot, controller):
    controller.apply_many({"workload": "inference", "constraints.rack_power_kw": 12.0,
                           "constraints.latency_percentile": 99})
    w = WorkloadWizard(controller)
    qtbot.addWidget(w)
    assert w.limits.rack_power.value() == pytest.approx(12.0)  # the window's, shown where it is asked
    assert w.load.percentile.currentData() == 99
    w.limits.rack_power.setValue(20.0)
    w.load.percentile.setCurrentIndex(w.load.percentile.findData(None))
    scenario = w.answers_scenario()
    assert scenario.constraints.rack_power_kw == pytest.approx(20.0)
    assert scenario.constraints.latency_percentile is None
    assert "p90" in w.load.percentile.currentText()  # the use's default, with its value (chat: p90)
    w.limits.rack_power.setValue(0)  # 'none'
    assert w.answers_scenario().constraints.rack_power_kw is None


def _clashes(wizard) -> dict[str, list[str]]:
    """Shortcut letters shown twice at once (a clash only moves the focus, never activates)."""
    found: dict[str, list[str]] = {}
    for kind in (QLabel, QAbstractButton, QGroupBox):
        for widget in wizard.findChildren(kind):
            if not widget.isVisible():
                continue
            text = widget.title() if isinstance(widget, QGroupBox) else widget.text()
            letter = re.search(r"&([^&])", text.replace("&&", ""))
            if letter:
                found.setdefault(letter.group(1).lower(), []).append(text)
    return {k: v for k, v in found.items() if len(v) > 1}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("workload", ["pretrain", "inference", "vdi"])
def test_each_page_has_its_own_shortcuts(qtbot, controller, language, workload):
    install_language(language)
    w = WorkloadWizard(controller)
    qtbot.addWidget(w)
    w.show()
    w.goal.set_workload(workload)
    while w.currentPage() is not w.limits:
        assert _clashes(w) == {}, type(w.currentPage()).__name__
        w.next()
    assert _clashes(w) == {}
