"""Each workload family's default card, one rule for the command line, the window's editor and the
wizard (persona 45b, defect 2): ``estimate --workload vdi`` without ``--card`` started on an H100, a
training card with no video engines and no display outputs."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.default_job import DEFAULT_CARD
from configurator.core.scenario import Scenario, Workload, updated
from configurator.core.workloads import families, family_of
from configurator.core.workloads.job_defaults import default_card, with_default_card


def test_every_familys_default_card_is_in_the_catalog_and_of_a_class_it_ranks():
    catalog = load_catalog()
    for family in families():
        card = catalog.get(family.default_card)
        assert family.default_card in catalog
        assert all(card.category in classes for classes in family.default_classes.values()), family.name


@pytest.mark.parametrize(("workload", "card"), [("vdi", "l40s"), ("render", "l40s"), ("transcode", "l4"),
                                                ("finetune", DEFAULT_CARD), ("inference", DEFAULT_CARD)])
def test_the_command_line_starts_each_work_on_its_familys_card(capsys, workload, card):
    assert main(["estimate", "--workload", workload, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["scenario"]["card_id"] == card == family_of(Workload(workload)).default_card


def test_a_card_given_on_the_command_line_is_kept(capsys):
    assert main(["estimate", "--workload", "vdi", "--card", "h100-sxm", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["scenario"]["card_id"] == "h100-sxm"


def test_the_rule_moves_only_a_card_left_at_its_works_default():
    before = Scenario(model=preset("llama3-8b"), workload="finetune")
    desktops = updated(before, workload="vdi")
    assert default_card(before) == DEFAULT_CARD and with_default_card(desktops, before).card_id == "l40s"
    assert with_default_card(desktops, before, typed=True).card_id == DEFAULT_CARD
    assert with_default_card(desktops, before, known={DEFAULT_CARD}).card_id == DEFAULT_CARD  # not in the catalog
    a100 = updated(before, card_id="a100-sxm-80gb")
    assert with_default_card(updated(a100, workload="vdi"), a100).card_id == "a100-sxm-80gb"
    back = with_default_card(desktops, before)
    assert with_default_card(updated(back, workload="pretrain"), back).card_id == DEFAULT_CARD


def test_the_editor_switches_the_default_card_with_the_work(qtbot, controller):
    assert controller.scenario.card_id == DEFAULT_CARD
    assert controller.apply("workload", "transcode")
    assert controller.scenario.card_id == "l4"
    assert controller.apply("workload", "render")
    assert controller.scenario.card_id == "l40s"
    assert controller.apply("card_id", "rtx-6000-ada") and controller.apply("workload", "vdi")
    assert controller.scenario.card_id == "rtx-6000-ada"  # the user's card is kept


def test_the_wizards_answers_start_desktops_on_the_familys_card(qtbot, controller):
    from configurator.app.wizard import WorkloadWizard

    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.goal.set_workload("vdi")
    assert wizard.answers_scenario().card_id == "l40s"
