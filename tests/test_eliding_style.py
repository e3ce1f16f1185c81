"""Closed choice boxes end a choice longer than the box with "…" (app/eliding_style.py)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QComboBox

from configurator.app.eliding_style import ElidingComboStyle, combo_shows, use_eliding_style

LONG = {"en": "Megatron-LM interleaved (rounds of p micro-batches) with more words",
        "zh_CN": "Megatron-LM 交错（每轮 p 个微批）以及更多的文字"}


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_narrow_box_elides_its_choice_and_a_wide_one_shows_it_whole(qtbot, language):
    use_eliding_style()
    combo = QComboBox()
    qtbot.addWidget(combo)
    combo.addItem(LONG[language])
    combo.resize(150, 30)
    shown = combo_shows(combo)
    assert shown.endswith("…") and LONG[language].startswith(shown[:-1])
    assert combo.fontMetrics().horizontalAdvance(shown) < 150
    combo.resize(combo.fontMetrics().horizontalAdvance(LONG[language]) + 80, 30)
    assert combo_shows(combo) == LONG[language]
    combo.grab()  # the style draws it (no error from the option's copy)


def test_the_window_installs_the_style(window):
    assert isinstance(QApplication.style(), ElidingComboStyle)
