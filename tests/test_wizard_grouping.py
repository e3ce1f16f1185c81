"""The wizard's whole-number boxes group thousands as the window's language writes numbers:
"1,024 个词元", not "1024 个词元" (persona11zh), "1,024 tokens" in English."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("language", "suffix"), [("zh_CN", " 个词元"), ("en", " tokens")])
def test_a_token_count_is_grouped(qtbot, language, suffix):
    from configurator.app import i18n
    from configurator.app.wizard_boxes import whole_box
    from configurator.core.scenario import Serving

    i18n.install_language(language)
    try:
        box = whole_box(Serving, "prompt_tokens", suffix)
        qtbot.addWidget(box)
        box.setValue(1024)
        assert box.text() == f"1,024{suffix}"
        box.lineEdit().setText(f"2,048{suffix}")  # typed grouped, read back
        box.interpretText()
        assert box.value() == 2048
    finally:
        i18n.install_language("en")
