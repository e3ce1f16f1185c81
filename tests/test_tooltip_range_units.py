"""The editor's tooltip range as the box takes it (named45, session 45): the English global batch read
"Accepted range: 1e-06 … 2147.48 M tokens" (1 token as a raw float of millions, the top ungrouped), the Chinese
"0.0001 … 214748 万词元"; now the box's own decimals and grouping, in either language."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QAbstractSpinBox

from configurator.app.controller import ScenarioController
from configurator.app.editor import ScenarioEditor
from configurator.app.i18n import language_for_a_while
from configurator.app.main import default_scenario
from configurator.core.bounds import Bounds
from configurator.core.catalog import load_catalog


@pytest.mark.parametrize("language, line", [
    ("en", "Accepted range: 0.01 … 2,147.48 M tokens"),
    ("zh_CN", "允许范围：1 … 214,748 万词元"),
])
def test_the_global_batch_tooltip_says_its_range_in_the_box_unit(qtbot, language, line):
    with language_for_a_while(language):
        editor = ScenarioEditor(ScenarioController(load_catalog(), default_scenario()))
        qtbot.addWidget(editor)
        lines = editor.global_batch.toolTip().splitlines()
        assert line in lines
        ranges = [tip for box in editor.findChildren(QAbstractSpinBox) for tip in box.toolTip().splitlines()
                  if tip.startswith(("Accepted range", "允许范围"))]
        assert len(ranges) > 40 and not [tip for tip in ranges if "e-0" in tip]  # the exchange rate read 1e-06
        assert "Accepted range: 0.001 … 1,000,000 B tokens" in editor.tokens.toolTip() or language != "en"


def test_a_shown_range_rounds_inwards_to_the_box_step():
    assert Bounds(1, 2_147_483_647).shown(1e6, 2) == Bounds(0.01, 2147.48)
    assert Bounds(1, 2_147_483_647).shown(1e4, 0) == Bounds(1, 214748)
    assert Bounds(0.1, 1, low_inclusive=False).shown(0.01, 0) == Bounds(11, 100)  # an open low moves up a step
    assert Bounds(0.01, 2147.48).symbols(grouped=True) == "0.01 … 2,147.48"
