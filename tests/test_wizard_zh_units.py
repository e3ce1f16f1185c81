"""The wizard's data-to-train-on box counts in the reader's unit (session 38, zhunits): a billion
tokens in English, 亿 (10^8) in Chinese — "20 亿词元", never a word-for-word 十亿 — and the same
typed size gives the same scenario in either language; the model-size words say "B" (70B), not 十亿."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from configurator.app.i18n import install_language
from configurator.app.wizard import WorkloadWizard
from configurator.app.wizard_boxes import SCALE, TOKEN_RESOLUTION, TOKEN_SCALES

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
