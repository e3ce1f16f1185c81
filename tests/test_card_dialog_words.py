"""The "my card" dialog names a card's link and its confidence in the window's language (session 44,
look44: its combo boxes listed the catalog's keys, "nvlink", "none", "high", "preliminary", in the
Chinese window too), and writes the catalog's keys back."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("language", "link", "confidence"), [("en", "NVLink", "high"), ("zh_CN", "NVLink", "高")])
def test_the_card_dialog_names_link_and_confidence(qtbot, controller, language, link, confidence):
    from configurator.app.card_dialog import CardDialog
    from configurator.app.i18n import language_for_a_while

    card = next(c for c in controller.catalog.cards if c.id == "h100-sxm")
    with language_for_a_while(language):
        dialog = CardDialog(controller, card)
        qtbot.addWidget(dialog)
        shown = (dialog.link.currentText(), dialog.confidence.currentText())
        links = [dialog.link.itemText(i) for i in range(dialog.link.count())]
    assert shown == (link, confidence)
    assert "nvlink" not in links and "none" not in links
    data = dialog.card_data()
    assert data["interconnect"]["link"] == "nvlink" and data["confidence"] == "high"


def test_the_engine_settings_write_microseconds_as_the_chinese_window_writes_ms(qtbot, controller):
    """Was "30 微秒" beside "ms" everywhere else in Chinese (the rule: ms, never 毫秒)."""
    from configurator.app.engine_profile_dialog import EngineProfileDialog
    from configurator.app.i18n import install_language

    install_language("zh_CN")
    try:
        controller.apply_many({"workload": "inference", "parallelism.zero": 0})
        dialog = EngineProfileDialog(controller)
        qtbot.addWidget(dialog)
        suffixes = {box.suffix() for box in dialog.boxes.values()}
    finally:
        install_language("en")
    assert " µs" in suffixes and not any("微秒" in s for s in suffixes)
