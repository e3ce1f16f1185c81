"""The wizard asks the TCO horizon (session 42, persona12zh: "50 个设计师的云桌面，三年总成本" got a 4-year
total, the wizard never asked): the "years of use" box is the registry's ``--years`` field (its label
and range), starts at the window's, on the AI and the graphics paths alike, and the decision, the
window and the summary then count that many years, in English and in Chinese."""

from __future__ import annotations

import pytest

from configurator.app.field_help import accessible_label, field_range
from configurator.app.i18n import install_language, without_mnemonic
from configurator.app.wizard import WorkloadWizard
from configurator.core.estimate import estimate
from configurator.core.formulas.economics import AMORTISATION_YEARS
from configurator.report.render import to_markdown
from configurator.report.summary import build_summary

DECIDE_MS = 120_000
YEARS = "economics.amortisation_years"


def _wizard(qtbot, controller) -> WorkloadWizard:
    w = WorkloadWizard(controller)
    qtbot.addWidget(w)
    w.show()
    return w


def _to_result(wizard: WorkloadWizard) -> None:
    while wizard.currentPage() is not wizard.summary:
        wizard.next()
    assert wizard.summary.wait(DECIDE_MS)


@pytest.mark.parametrize("language", ("en", "zh_CN"))
def test_the_years_box_is_the_registry_field(qtbot, controller, language):
    install_language(language)
    w = _wizard(qtbot, controller)
    box = w.limits.years
    label = without_mnemonic(w.limits.layout().labelForField(box).text())
    assert label.lower().startswith(accessible_label(YEARS).lower()) and box.accessibleName() == accessible_label(YEARS)
    bounds = field_range(YEARS)
    assert (box.minimum(), box.maximum()) == (pytest.approx(bounds.low), pytest.approx(bounds.high))
    assert box.value() == pytest.approx(controller.scenario.economics.amortisation_years) == AMORTISATION_YEARS
    assert box.text().strip() == ("4 years" if language == "en" else "4 年")


def test_fifty_desktops_over_three_years(qtbot, controller):
    """The graphics path: 50 designers' cloud desktops, a 3-year total in the decision, the window and
    the summary (English, then Chinese)."""
    w = _wizard(qtbot, controller)
    w.goal.set_workload("vdi")
    w.next()
    w.load.graphics.desktop_users.setValue(50)
    w.next()
    w.limits.years.setValue(3)
    assert w.answers_scenario().economics.amortisation_years == 3
    _to_result(w)
    decision = w.summary.decision
    assert decision.scenario.economics.amortisation_years == 3 and decision.cost.ownership.years == 3
    html = w.summary.text.toPlainText()
    assert "TCO over 3 years" in html
    w.accept()
    assert controller.scenario.economics.amortisation_years == 3
    est = estimate(controller.scenario, controller.catalog.get(controller.scenario.card_id))
    assert "over 3 years" in to_markdown(build_summary(est, controller.catalog, "en"))
    assert "3 年总拥有成本" in to_markdown(build_summary(est, controller.catalog, "zh_CN"))
    again = _wizard(qtbot, controller)  # reopened: the window's horizon
    assert again.limits.years.value() == 3


def test_a_training_decision_in_chinese_says_its_years(qtbot, controller):
    """The AI path, in Chinese: "3 年总拥有成本"."""
    install_language("zh_CN")
    w = _wizard(qtbot, controller)
    w.goal.set_workload("lora")
    w.next()
    w.next()
    w.next()
    w.limits.years.lineEdit().setText("3")
    w.limits.years.interpretText()
    _to_result(w)
    assert w.summary.decision.scenario.economics.amortisation_years == 3
    assert "3 年总拥有成本" in w.summary.text.toPlainText()
