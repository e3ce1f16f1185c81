"""A number the wizard refuses leaves the box at the value it had, and the message says that value
(session 38, persona 6: "500000" typed in the cards-per-server box, up to 1,024, read "“500000 per
server” is not taken … It stays 500000 per server" while the box quietly kept 500, its first three
digits, as the answer). English and Chinese."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from configurator.app.i18n import install_language
from configurator.app.wizard import WorkloadWizard


@pytest.mark.parametrize("language, stays", [("en", "It stays 8 per server."), ("zh_CN", "保持为 8 张/服务器。")])
def test_a_refused_number_keeps_the_value_it_had_and_says_it(qtbot, controller, language, stays):
    install_language(language)
    try:
        wizard = WorkloadWizard(controller)
        qtbot.addWidget(wizard)
        wizard.show()
        limits = wizard.limits
        box = limits.per_node
        box.setValue(8)
        box.setFocus()
        box.lineEdit().selectAll()
        qtbot.keyClicks(box, "500000")
        qtbot.keyClick(box, Qt.Key.Key_Return)  # ends editing (the page stays: the message is read)
        assert box.value() == 8 and wizard.answered.cards_per_node == 8  # not 500, the typed text's prefix
        said = limits.problem.text()
        assert "500000" in said and stays in said, said
    finally:
        install_language("en")


def test_a_number_in_range_is_taken_when_editing_ends(qtbot, controller):
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    box = wizard.limits.per_node
    box.setValue(8)
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "4")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert box.value() == 4 and wizard.answered.cards_per_node == 4
