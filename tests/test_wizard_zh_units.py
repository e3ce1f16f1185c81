"""The wizard's data-to-train-on box counts in the reader's unit (session 38, zhunits): a billion
tokens in English, 亿 (10^8) in Chinese — "20 亿词元", never a word-for-word 十亿 — and the same
typed size gives the same scenario in either language; the model-size words say "B" (70B), not 十亿.
The editor's token budget reads the same declaration (the registry entry's ``scales``, session 39,
zhrest), and both write the number with the decimals it needs ("20 亿词元", not "20.00")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from configurator.app.i18n import install_language
from configurator.app.wizard import WorkloadWizard
from configurator.app.wizard_boxes import SCALE
from configurator.core.fields import spec

TOKEN_SCALES = {"en": 1e9, "zh_CN": 1e8}  # a billion; 亿
TOKEN_RESOLUTION = 1e6  # the finest tokens either box takes: a million

TYPED = {"en": ("2", 2e9), "zh_CN": ("20", 2e9)}  # 2 billion tokens, as each language writes it
HALF = {"en": ("0.05", 5e7), "zh_CN": ("0.5", 5e7)}  # 0.5 亿 = 50 million tokens


def _wizard(qtbot, controller, language):
    install_language(language)
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def _type(qtbot, box, text: str) -> None:
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), text)
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)


@pytest.mark.parametrize("language", ("en", "zh_CN"))
def test_the_tokens_box_counts_in_the_languages_unit(qtbot, controller, language):
    box = _wizard(qtbot, controller, language).load.tokens
    assert box.property(SCALE) == TOKEN_SCALES[language]
    assert 10 ** -box.decimals() * box.property(SCALE) == pytest.approx(TOKEN_RESOLUTION)
    if language == "zh_CN":
        assert box.suffix() == " 亿词元" and "十亿" not in box.text()
    else:
        assert box.suffix() == " billion tokens"


@pytest.mark.parametrize("sizes", (TYPED, HALF))
def test_the_same_tokens_typed_in_either_language_give_the_same_scenario(qtbot, controller, sizes):
    scenarios = {}
    for language, (text, tokens) in sizes.items():
        wizard = _wizard(qtbot, controller, language)
        _type(qtbot, wizard.load.tokens, text)
        assert wizard.answered.tokens == tokens  # exact: whole tokens, not 2e9 ± a float's rounding
        scenarios[language] = wizard.answers_scenario()
    assert scenarios["en"] == scenarios["zh_CN"]
    assert scenarios["en"].training.tokens == sizes["en"][1]


def test_examples_fill_the_tokens_box_in_its_own_unit(qtbot, controller):
    wizard = _wizard(qtbot, controller, "zh_CN")
    wizard.load.examples.setValue(100_000)
    shown = wizard.load.tokens.value() * wizard.load.tokens.property(SCALE)
    assert shown == pytest.approx(wizard.answered.tokens, rel=1e-3)


def test_the_model_size_words_say_b_not_a_literal_billion(qtbot, controller):
    page = _wizard(qtbot, controller, "zh_CN").model_page
    assert "十亿" not in page.size_choice.text() and "B" in page.size_choice.text()


def _editor(qtbot, controller, language):
    from configurator.app.editor import ScenarioEditor

    install_language(language)
    editor = ScenarioEditor(controller)
    qtbot.addWidget(editor)
    return editor


def test_the_registry_declares_the_token_unit_per_language_once():
    entry = spec("training.tokens")
    assert entry.in_language("en") is entry
    for language, scale in TOKEN_SCALES.items():
        shown = entry.in_language(language)
        assert shown.scale == scale
        assert 10 ** -shown.decimals * shown.scale == pytest.approx(TOKEN_RESOLUTION)
        assert shown.step * shown.scale == pytest.approx(entry.step * entry.scale)  # the arrows step 10 B = 100 亿


@pytest.mark.parametrize("language", ("en", "zh_CN"))
def test_the_editor_and_the_wizard_count_tokens_in_one_unit(qtbot, controller, language):
    box = _editor(qtbot, controller, language).tokens
    wizard_box = _wizard(qtbot, controller, language).load.tokens
    assert wizard_box.property(SCALE) == TOKEN_SCALES[language]
    assert box.value() * TOKEN_SCALES[language] == pytest.approx(controller.scenario.training.tokens)
    assert box.decimals() == wizard_box.decimals()
    if language == "zh_CN":
        assert box.suffix() == " 亿词元" and "B" not in box.text()
    else:
        assert box.suffix() == " B tokens"


@pytest.mark.parametrize("language, typed, tokens", (("en", "1.5", 1.5e9), ("zh_CN", "0.5", 5e7), ("zh_CN", "15", 1.5e9)))
def test_a_budget_typed_in_the_editor_is_read_in_its_unit(qtbot, controller, language, typed, tokens):
    box = _editor(qtbot, controller, language).tokens
    _type(qtbot, box, typed)
    assert controller.scenario.training.tokens == pytest.approx(tokens)


@pytest.mark.parametrize("language, tokens, text", (
        ("en", 2e9, "2 billion tokens"), ("en", 1.5e9, "1.5 billion tokens"), ("en", 2.5e7, "0.025 billion tokens"),
        ("zh_CN", 2e9, "20 亿词元"), ("zh_CN", 2.5e8, "2.5 亿词元"), ("zh_CN", 5e7, "0.5 亿词元")))
def test_the_wizard_writes_tokens_with_the_decimals_they_need(qtbot, controller, language, tokens, text):
    box = _wizard(qtbot, controller, language).load.tokens
    box.setValue(tokens / box.property(SCALE))
    assert box.text() == text


@pytest.mark.parametrize("language, tokens, text", (("en", 2e9, "2 B tokens"), ("en", 1.5e12, "1,500 B tokens"),
                                                    ("zh_CN", 2e9, "20 亿词元"), ("zh_CN", 2.5e8, "2.5 亿词元")))
def test_the_editor_writes_tokens_with_the_decimals_they_need(qtbot, controller, language, tokens, text):
    editor = _editor(qtbot, controller, language)
    controller.apply("training.tokens", tokens)
    assert editor.tokens.text().replace(",", "") == text.replace(",", "")


@pytest.mark.parametrize("language", ("en", "zh_CN"))
def test_a_money_box_keeps_its_cents(qtbot, controller, language):
    editor = _editor(qtbot, controller, language)
    controller.apply("economics.cloud_price_per_hour", 2.5)
    assert editor.cloud_price.text().split()[0].endswith("2.5000")
    assert editor.pue.text() == "1.5" if controller.apply("economics.pue", 1.5) else True


@pytest.mark.parametrize("language, editor_range, wizard_range", (
        ("en", "from 0.001 to 1,000,000 B tokens", "from 0.001 to 1,000,000."),
        ("zh_CN", "0.01 到 10,000,000 亿词元", "0.01 到 10,000,000 之间")))
def test_a_refusal_says_the_range_as_the_box_writes_its_value(qtbot, controller, language, editor_range, wizard_range):
    editor = _editor(qtbot, controller, language)
    _type(qtbot, editor.tokens, "abc")
    assert editor_range in editor.error_label.text() and ".000" not in editor.error_label.text()
    wizard = _wizard(qtbot, controller, language)
    _type(qtbot, wizard.load.tokens, "abc")
    assert wizard_range in wizard.load.problem.text()
