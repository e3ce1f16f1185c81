"""The class check among the cards the buyer named (named45, session 45): with the recommendation panel's card
filter (``recommend --cards``) set to the three H100 cards, the check on a hand-picked H100 SXM5 serving
Llama 3 70B named a card the buyer had not named (8 × H20 in the command line's summary, 2 × Ascend 950PR in
the window); now it compares among the named cards only. Where they are all of one class it said nothing until
filters46 (session 46); now it says what a card of the right class outside them would save, naming none."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_catalog
from configurator.core.mismatch import mismatch
from configurator.core.recommend import Filters, Objective

SERVING_70B = ["--workload", "inference", "--model", "llama3-70b", "--card", "h100-sxm", "--count", "8"]
H100S = ("h100-sxm", "h100-pcie", "h100-nvl")
"""Two training cards and one inference card (H100 NVL)."""


@pytest.fixture(scope="module")
def serving():
    catalog = load_catalog()
    return scenario_from_args(build_parser().parse_args(["estimate", *SERVING_70B]), catalog), catalog


def test_the_serving_check_names_only_a_named_card(serving):
    scenario, catalog = serving
    unnamed = mismatch(scenario, catalog)
    assert unnamed is not None and unnamed.params["other"] not in {catalog.get(c).name for c in H100S}
    named = mismatch(scenario, catalog, None, Objective.TCO, Filters(cards=H100S))
    assert named is not None and named.params["other"] == catalog.get("h100-nvl").name


def test_among_named_cards_of_one_class_the_check_says_none_is_allowed(serving):
    scenario, catalog = serving
    said = mismatch(scenario, catalog, {}, Objective.TCO, Filters(cards=("h100-sxm", "h100-pcie")))
    assert said is not None and said.id == "mismatch-training-card-for-serving-none-allowed"
    assert "other" not in said.params and "the cards named" in said.text and "所列的卡" in said.text_in("zh_CN")


def test_the_pcie_training_check_draws_its_linked_card_from_the_named(serving):
    """16 × BR100 (a training card without a card-to-card link) pre-training: the NVLink card that finishes
    sooner is one of those named, none where no named card has the link."""
    catalog = serving[1]
    argv = ["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--card", "br100", "--count", "16"]
    scenario = scenario_from_args(build_parser().parse_args(argv), catalog)
    unnamed = mismatch(scenario, catalog)
    assert unnamed is not None and unnamed.id == "mismatch-pcie-card-for-training"
    named = mismatch(scenario, catalog, None, Objective.TCO, Filters(cards=("br100", "h100-pcie", "h100-sxm")))
    assert named is not None and named.params["other"] == catalog.get("h100-sxm").name
    none = mismatch(scenario, catalog, None, Objective.TCO, Filters(cards=("br100", "l40s")))
    assert none is not None and none.id == "mismatch-pcie-card-for-training-none-allowed"
    assert "other" not in none.params and "L40S" not in none.text


@pytest.mark.parametrize("language, other", [("en", "H100 NVL 94GB"), ("zh_CN", "H100 NVL 94GB")])
def test_the_summary_of_report_cards_names_a_named_card(tmp_path, capsys, language, other):
    out = tmp_path / "summary.json"
    assert main(["report", *SERVING_70B, "--cards", ",".join(H100S), "--lang", language, "-o", str(out)]) == 0
    capsys.readouterr()
    summary = json.loads(out.read_text(encoding="utf-8"))
    said = summary["status"]["text"]
    assert summary["status"]["state"] == "wrong class"
    assert other in said and "H20" not in said and "Ascend" not in said and "昇腾" not in said
    same = tmp_path / "same.json"
    assert main(["report", *SERVING_70B, "--cards", "h100-sxm,h100-pcie", "--lang", language, "-o", str(same)]) == 0
    status = json.loads(same.read_text(encoding="utf-8"))["status"]  # no inference card named: none is said
    assert other not in status["text"] and "H20" not in status["text"] and "Ascend" not in status["text"]
    assert ("the cards named" if language == "en" else "所列的卡") in status["text"]


def test_the_window_checks_among_the_cards_picked(qtbot, window):
    """The recommendation panel's red line and the results panel beside it, with the three H100 cards picked."""
    catalog = window.controller.catalog
    window.controller.replace(scenario_from_args(build_parser().parse_args(["estimate", *SERVING_70B]), catalog))
    window.controller.recompute()
    panel = window.toggle_recommendations(True)
    try:
        picker = panel.cards_picker
        for card_id in H100S:
            picker.item_of(card_id).setCheckState(Qt.CheckState.Checked)
        picker.picked.emit(picker.ids())
        assert panel.filters().cards == H100S
        panel.wait()
        qtbot.waitUntil(lambda: not panel.busy)
        assert panel.warning is not None and panel.warning.params["other"] == "H100 NVL 94GB"
        assert "H100 NVL" in panel.mismatch_label.text()
        picker.item_of("h100-nvl").setCheckState(Qt.CheckState.Unchecked)
        picker.picked.emit(picker.ids())
        panel.wait()
        qtbot.waitUntil(lambda: not panel.busy)
        assert panel.warning is not None and panel.warning.id.endswith("-none-allowed")
        assert "H100 NVL" not in panel.mismatch_label.text() and "the cards named" in panel.mismatch_label.text()
    finally:
        window.toggle_recommendations(False)


def test_estimate_of_a_file_that_names_the_cards_checks_among_them(tmp_path, capsys, serving):
    """A scenario saved from the window with the three H100 cards named: ``estimate --scenario`` judges the
    hand-picked card among them, as the window and ``report`` do."""
    from configurator.core.scenario import RankingQuestion
    from configurator.core.scenario_io import write_scenario

    scenario, _catalog = serving
    path = tmp_path / "h100s.gpuconf.json"
    write_scenario(path, scenario.model_copy(update={"ranking": RankingQuestion(cards=H100S)}))
    assert main(["estimate", "--scenario", str(path), "--json"]) == 0
    said = json.loads(capsys.readouterr().out)["mismatch"]
    assert said is not None and said["params"]["other"] == "H100 NVL 94GB"
    write_scenario(path, scenario.model_copy(update={"ranking": RankingQuestion(cards=H100S[:2])}))
    assert main(["estimate", "--scenario", str(path)]) == 0
    out = capsys.readouterr().out
    assert "your filters (the cards named) leave no inference card in the ranking" in out
