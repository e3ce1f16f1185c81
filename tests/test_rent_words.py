"""A renter's answer reads as a rent (session 50, rentwords50): with a rent budget and no objective asked the ranking is
by rent (:func:`~configurator.core.scenario_ranking.objective_for`), and the words follow it — the wizard's result page
is "What to rent" (:func:`~configurator.app.wizard_result.rents`, the one rule its title, busy line and answer line
follow), its card choice "ranked by rent", and a card with a purchase price but no rent is listed as having no rent
(``no-price-cloud``, :data:`~configurator.core.view.price_view.NO_RENT`).

Before: the renter's 'Rent: 32 × MI325X' stood under 'What to buy'; the MI350X, which has a purchase price and no
rent, was listed 'no price — enter a quote', and its reason told the renter to 'rank by ownership cost (TCO)'."""

from __future__ import annotations

import contextlib
import io

import pytest

from configurator.cli import main
from configurator.core.messages import msg
from configurator.core.scenario_ranking import Objective
from configurator.core.view.rows import write

RENTER = ("recommend", "--workload", "finetune", "--model", "llama3-70b", "--tokens", "2B", "--deadline", "48h",
          "--cards", "mi325x,mi350x", "--budget-basis", "rent", "--budget", "5000")
"""persona50's renter over two cards: the MI325X has a rent and no purchase price, the MI350X the reverse."""


def _run(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(list(argv)) == 0, err.getvalue()
    return out.getvalue()


def test_only_a_card_the_recommender_ranks_by_rent_is_rented():
    from configurator.app.wizard_result import rents

    assert rents(Objective.CLOUD, ranked=True)
    assert not rents(Objective.CLOUD, ranked=False)  # a card picked or owned is bought
    assert not rents(Objective.TCO, ranked=True)


@pytest.mark.parametrize(("language", "said", "not_said"), [
    ("en", "8 × Instinct MI350X: no cloud rent — enter a quote of its rent", "MI350X: no price"),
    ("zh_CN", "8 × Instinct MI350X：无云租用价——请输入其租用报价", "MI350X：无价格")])
def test_a_card_with_a_purchase_price_and_no_rent_is_listed_as_having_no_rent(language, said, not_said):
    text = _run(*RENTER, "--lang", language)
    assert said in text and not_said not in text


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_no_rent_says_nothing_of_ranking_by_ownership(language):
    said = write(msg("no-price-cloud", card="Instinct MI350X"), language)
    assert {"en": "no cloud rent", "zh_CN": "没有云租用价"}[language] in said
    assert not any(word in said for word in ("TCO", "ownership", "拥有成本"))


@pytest.mark.parametrize(("basis", "said"), [("rent", "ranked by rent"), ("capex", "ranked by cost of ownership")])
def test_the_wizards_card_choice_says_what_it_ranks_by(qtbot, controller, basis, said):
    from configurator.app.wizard_constraints import ConstraintsPage

    page = ConstraintsPage(controller)
    qtbot.addWidget(page)
    page.budget_basis.setCurrentIndex(page.budget_basis.findData(basis))
    assert said in page.card.itemText(0)


def test_the_renters_answer_is_what_to_rent(qtbot, controller):
    from configurator.app.wizard import WorkloadWizard

    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("finetune")
    wizard.next()
    presets = wizard.model_page.presets
    presets.setCurrentRow([presets.item(r).data(256) for r in range(presets.count())].index("llama3-70b"))
    wizard.next()
    wizard.load.deadline.setValue(48)
    wizard.next()
    wizard.limits.budget_basis.setCurrentIndex(wizard.limits.budget_basis.findData("rent"))
    wizard.next()
    assert wizard.summary.title() == "What to rent"  # said from the answers before the decision is made
    assert wizard.summary.wait(120_000)
    assert wizard.summary.title() == "What to rent" and "Rent: " in wizard.summary.text.toPlainText()
    wizard.back()
    wizard.limits.budget_basis.setCurrentIndex(wizard.limits.budget_basis.findData("capex"))
    wizard.next()
    assert wizard.summary.title() == "What to buy"
    wizard.summary.cleanupPage()
