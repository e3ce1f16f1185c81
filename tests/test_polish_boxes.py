"""What a demanding user sees in the window's boxes (polish9, session 39): a decimal box that is not money
writes the decimals its value needs ("2 requests/s", which read "2.00 requests/s"); a deadline box shown in
minutes steps a minute per arrow, and steps on into hours and back at the hour."""

from __future__ import annotations

import pytest

from configurator.core.scenario import updated

MINUTE = 1 / 60
"""A minute [h]."""


def test_the_panels_decimal_boxes_drop_trailing_zeros_and_the_budget_stays_money(qtbot, controller):
    from configurator.app.recommend_panel import RecommendationPanel

    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.rate.setValue(2)
    panel.power.setValue(12.5)
    assert (panel.rate.text(), panel.power.text()) == ("2 requests/s", "12.5 kW")
    assert panel.budget.trimmed is False  # money keeps its cents where it has decimals


def test_the_card_dialogs_figures_drop_trailing_zeros_and_its_price_keeps_cents():
    from configurator.app.card_dialog import _number

    figure, price = _number(2048, " GB"), _number(100_000_000, "", 2, money=True)
    figure.setValue(80)
    price.setValue(2.5)
    assert (figure.text(), price.text()) == ("80 GB", "2.50")


@pytest.mark.parametrize(("hours", "steps", "after"), [
    (0.5, 1, 31 * MINUTE),  # in minutes: a minute (it read 1.5 h until December 2026)
    (59 * MINUTE, 1, 1.0),  # on into hours
    (1.0, -1, 59 * MINUTE),  # and back into minutes (it read "no deadline")
    (8.0, 1, 9.0),
    (48.0, 1, 72.0),  # on into days
    (72.0, -1, 48.0),
    (0.5, 10, 40 * MINUTE),  # page up: ten minutes
])
def test_a_deadline_steps_in_the_unit_shown(hours, steps, after):
    from configurator.app.inputs import deadline_stepped

    assert deadline_stepped(hours, steps) == pytest.approx(after)


def test_the_windows_deadline_box_steps_a_minute_in_minutes_and_crosses_the_hour(qtbot, controller):
    from configurator.app.recommend_panel import RecommendationPanel

    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    controller.replace(updated(controller.scenario, constraints={"deadline_hours": 0.5}))
    panel.deadline.stepBy(1)
    assert panel.deadline.text() == "31 min"
    assert controller.scenario.constraints.deadline_hours == pytest.approx(31 * MINUTE)
    controller.replace(updated(controller.scenario, constraints={"deadline_hours": 59 * MINUTE}))
    panel.deadline.stepBy(1)
    assert (panel.deadline.text(), controller.scenario.constraints.deadline_hours) == ("1 h", 1.0)
    panel.deadline.stepBy(-1)
    assert panel.deadline.text() == "59 min"
    assert controller.scenario.constraints.deadline_hours == pytest.approx(59 * MINUTE)


def test_the_wizards_deadline_box_steps_a_minute_in_minutes(qtbot):
    from configurator.app.wizard_boxes import deadline_box

    box = deadline_box()
    qtbot.addWidget(box)
    box.setValue(0.5)
    box.stepBy(1)
    assert box.text() == "31 min"


@pytest.mark.parametrize(("language", "accepted"), [("en", "0.001 … 1,000,000 B tokens"),
                                                    ("zh_CN", "0.01 … 10,000,000 亿词元")])
def test_the_token_boxs_accepted_range_is_written_grouped_in_its_unit(qtbot, controller, language, accepted):
    """The zh tooltip read "0.01 … 1e7 亿词元" until December 2026: a power of ten beside 亿."""
    from configurator.app.editor import ScenarioEditor
    from configurator.app.i18n import install_language

    install_language(language)
    try:
        editor = ScenarioEditor(controller)
        qtbot.addWidget(editor)
        assert accepted in editor.tokens.toolTip() and "1e" not in editor.tokens.toolTip()
    finally:
        install_language("en")


@pytest.mark.parametrize(("language", "shown"), [("en", "4.19 M tokens"), ("zh_CN", "419 万词元")])
def test_the_global_batch_box_counts_in_wan_in_chinese(qtbot, controller, language, shown):
    """The zh editor read "0.26 M 词元" (an English M beside 词元) until December 2026; the command line's
    layout line says "全局批量 419 万词元" (look45). The same million-token step either way."""
    from configurator.app.editor import ScenarioEditor
    from configurator.app.i18n import install_language

    install_language(language)
    try:
        controller.apply_many({"workload": "pretrain", "training.global_batch_tokens": 4 * 2**20})
        editor = ScenarioEditor(controller)
        qtbot.addWidget(editor)
        editor.global_batch.setEnabled(True)
        assert editor.global_batch.text() == shown
    finally:
        install_language("en")
