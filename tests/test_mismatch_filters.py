"""Every class check draws the card it names from the cards the buyer's filters allow (filters46, session 46):
the vendors, domestic vendors only, the software, the classes picked and the cards named
(:func:`~configurator.core.mismatch.allowed_rivals`). Until then the serving and graphics checks read only the
cards named: a buyer ranking domestic cards alone, with an Ascend 910B hand-picked to serve Llama 3 8B, was told
that 1 × H200 NVL carried the load 88 % cheaper, and one with an Ascend 910B for virtual desktops that 7 × T4 did
the work for less. Where the filters leave no card of the right class in the ranking, the check says so, with
what a card outside them would save, and names none."""

from __future__ import annotations

import json

import pytest

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_catalog
from configurator.core.mismatch import allowed_rivals, mismatch
from configurator.core.recommend import Filters, Objective
from configurator.core.recommend_filters import asked_filters, filters_said
from configurator.core.region import DOMESTIC_VENDORS
from configurator.core.scenario import RankingQuestion

NONE_ALLOWED = "-none-allowed"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _scenario(catalog, *argv):
    return scenario_from_args(build_parser().parse_args(["estimate", *argv]), catalog)


def _domestic(scenario):
    """The window's filters with its domestic switch on (the panel's classes for the workload)."""
    return asked_filters(RankingQuestion(domestic_only=True), scenario.workload)


def _names_no_card(said, catalog) -> None:
    """A ``-none-allowed`` message: no card named but the hand-picked one, in either language."""
    assert said.id.endswith(NONE_ALLOWED) and "other" not in said.params and "count" not in said.params
    for language in ("en", "zh_CN"):
        text = said.text_in(language)
        outside = [c.name for c in catalog.cards if c.name in text and c.name not in said.params["card"]]
        assert not outside, (language, outside)


@pytest.fixture(scope="module")
def serving_910b(catalog):
    return _scenario(catalog, "--workload", "inference", "--model", "llama3-8b", "--card", "ascend-910b",
                     "--count", "1")


@pytest.fixture(scope="module")
def vdi_910b(catalog):
    return _scenario(catalog, "--workload", "vdi", "--card", "ascend-910b")


@pytest.fixture(scope="module")
def pretrain_l40s(catalog):
    return _scenario(catalog, "--workload", "pretrain", "--model", "llama3-8b", "--card", "l40s", "--count", "8")


# ---- serving ------------------------------------------------------------------------------


def test_serving_without_filters_names_the_cheaper_inference_card(serving_910b, catalog):
    said = mismatch(serving_910b, catalog)
    assert said is not None and said.id == "mismatch-training-card-for-serving"
    assert catalog.get(serving_910b.card_id).name != said.params["other"]


def _domestic_named(said, catalog) -> None:
    """A message naming a mainland-China vendor's card and no other vendor's, in either language (since the
    catalog has a domestic inference card, the Atlas 300I Duo: cncards46)."""
    assert said.id == "mismatch-training-card-for-serving" and "other" in said.params
    assert next(c for c in catalog.cards if c.name == said.params["other"]).vendor in DOMESTIC_VENDORS
    for language in ("en", "zh_CN"):
        text = said.text_in(language)
        foreign = [c.name for c in catalog.cards if c.vendor not in DOMESTIC_VENDORS and f" {c.name} " in f" {text} "]
        assert not foreign, (language, foreign)


def test_serving_domestic_only_names_no_foreign_card(serving_910b, catalog):
    said = mismatch(serving_910b, catalog, {}, Objective.TCO, _domestic(serving_910b))
    assert said is not None
    _domestic_named(said, catalog)


def test_serving_among_a_vendor_names_that_vendors_card(catalog):
    scenario = _scenario(catalog, "--workload", "inference", "--model", "llama3-70b", "--card", "h100-sxm",
                         "--count", "8")
    nvidia = mismatch(scenario, catalog, {}, Objective.TCO, Filters(vendors=("NVIDIA",)))
    assert nvidia is not None and nvidia.id == "mismatch-training-card-for-serving"
    assert next(c for c in catalog.cards if c.name == nvidia.params["other"]).vendor == "NVIDIA"
    amd = mismatch(scenario, catalog, {}, Objective.TCO, Filters(vendors=("AMD",)))  # AMD makes no inference card
    assert amd is not None and amd.id.endswith(NONE_ALLOWED) and "AMD only" in amd.text
    assert "仅AMD" in amd.text_in("zh_CN") or "仅 AMD" in amd.text_in("zh_CN")


def test_serving_classes_picked_without_inference_say_so(serving_910b, catalog):
    said = mismatch(serving_910b, catalog, {}, Objective.TCO, Filters(classes=("training",)))
    assert said is not None and said.id.endswith(NONE_ALLOWED) and "the classes training" in said.text


def test_serving_on_rent_says_the_rent_variant(serving_910b, catalog):
    said = mismatch(serving_910b, catalog, {}, Objective.CLOUD, _domestic(serving_910b))
    assert said is not None
    if said.id.endswith(NONE_ALLOWED):
        assert said.id in {"mismatch-training-card-for-serving-rent-none-allowed",
                           "mismatch-training-card-for-serving-none-allowed"}
        _names_no_card(said, catalog)
    else:  # the domestic inference card named (cncards46)
        _domestic_named(said, catalog)


# ---- graphics -----------------------------------------------------------------------------


def test_graphics_without_filters_names_a_data_centre_card(vdi_910b, catalog):
    said = mismatch(vdi_910b, catalog)
    assert said is not None and said.id.startswith("mismatch-wrong-class-for-graphics")
    assert not said.id.endswith(NONE_ALLOWED) and said.params["other"]


def test_graphics_domestic_only_names_no_foreign_card(vdi_910b, catalog):
    for consumer in (False, True):  # consumer cards let in: a GeForce-class card is still no data-centre rival
        filters = asked_filters(RankingQuestion(domestic_only=True, consumer=consumer), vdi_910b.workload)
        said = mismatch(vdi_910b, catalog, {}, Objective.TCO, filters)
        assert said is not None and said.id == "mismatch-wrong-class-for-graphics-none-allowed"
        _names_no_card(said, catalog)
        assert "user-month" in said.text and "仅国产厂商" in said.text_in("zh_CN")


def test_graphics_among_the_cards_named(catalog):
    scenario = _scenario(catalog, "--workload", "vdi", "--card", "h100-sxm")
    named = mismatch(scenario, catalog, {}, Objective.TCO, Filters(cards=("h100-sxm", "l40s")))
    assert named is not None and named.params["other"] == catalog.get("l40s").name
    alone = mismatch(scenario, catalog, {}, Objective.TCO, Filters(cards=("h100-sxm", "h100-pcie")))
    assert alone is not None and alone.id.endswith(NONE_ALLOWED) and "the cards named" in alone.text


# ---- training -----------------------------------------------------------------------------


def test_training_class_check_without_and_with_filters(pretrain_l40s, catalog):
    plain = mismatch(pretrain_l40s, catalog)
    assert plain is not None and plain.id.startswith("mismatch-class-for-training") and plain.params["other"]
    nvidia = mismatch(pretrain_l40s, catalog, {}, Objective.TCO, Filters(vendors=("NVIDIA",)))
    assert nvidia is not None and next(c for c in catalog.cards if c.name == nvidia.params["other"]).vendor == "NVIDIA"
    named = mismatch(pretrain_l40s, catalog, {}, Objective.TCO, Filters(cards=("l40s", "l4")))
    assert named is not None and named.id == "mismatch-class-for-training-none-allowed"
    _names_no_card(named, catalog)
    assert named.params["ratio"] == pytest.approx(plain.params["ratio"])


def test_training_domestic_only_names_a_domestic_training_card(catalog):
    scenario = _scenario(catalog, "--workload", "pretrain", "--model", "llama3-8b", "--card", "h20", "--count", "8")
    said = mismatch(scenario, catalog, {}, Objective.TCO, _domestic(scenario))
    assert said is not None and not said.id.endswith(NONE_ALLOWED)
    assert next(c for c in catalog.cards if c.name == said.params["other"]).vendor in DOMESTIC_VENDORS


def test_the_pcie_check_keeps_to_the_domestic_vendors(catalog):
    scenario = _scenario(catalog, "--workload", "pretrain", "--model", "llama3-8b", "--card", "br100",
                         "--count", "16")
    said = mismatch(scenario, catalog, {}, Objective.TCO, _domestic(scenario))
    assert said is not None and said.id == "mismatch-pcie-card-for-training"
    assert next(c for c in catalog.cards if c.name == said.params["other"]).vendor in DOMESTIC_VENDORS


# ---- the helper and the words -------------------------------------------------------------


def test_allowed_rivals(catalog, serving_910b):
    inference = Filters(classes=("inference",))
    workload = serving_910b.workload
    assert allowed_rivals(None, inference, catalog, workload) == inference
    assert allowed_rivals(Filters(), inference, catalog, workload) == inference
    kept = allowed_rivals(Filters(vendors=("NVIDIA",), software=("vllm",), owned_card="l4", owned_count=2),
                          inference, catalog, workload)
    assert kept == Filters(vendors=("NVIDIA",), software=("vllm",), classes=("inference",))  # owned: no filter
    assert allowed_rivals(Filters(classes=("training",)), inference, catalog, workload) is None
    assert allowed_rivals(Filters(cards=("h100-sxm", "h100-pcie")), inference, catalog, workload) is None
    assert allowed_rivals(Filters(vendors=("AMD",)), inference, catalog, workload) is None
    assert allowed_rivals(Filters(cards=("h100-sxm", "l4")), inference, catalog, workload,
                          lambda _basis, _among: None, (Objective.TCO,)) is None  # none of them does the work


def test_filters_said_in_both_languages():
    said = filters_said(Filters(vendors=("NVIDIA",), domestic_only=True, software=("vllm",), cards=("l4",),
                                classes=("training",)), ("inference",))
    assert [m.id for m in said] == ["filters-said-cards", "filters-said-vendors", "filters-said-domestic",
                                    "filters-said-software", "filters-said-classes"]
    assert [m.text_in("zh_CN") for m in said][2:3] == ["仅国产厂商"]
    assert filters_said(Filters(classes=("training", "inference")), ("inference",)) == []


# ---- the command line and the window ------------------------------------------------------


@pytest.mark.parametrize("language, words", [("en", "domestic vendors only"), ("zh_CN", "仅国产厂商")])
def test_report_domestic_only_in_china(tmp_path, capsys, language, words):
    """A Chinese buyer's summary (``report --domestic-only --region cn``): the red line names no foreign card."""
    out = tmp_path / "summary.json"
    argv = ["report", "--workload", "inference", "--model", "llama3-8b", "--card", "ascend-910b", "--count", "1",
            "--domestic-only", "--region", "cn", "--lang", language, "-o", str(out)]
    assert main(argv) == 0
    capsys.readouterr()
    status = json.loads(out.read_text(encoding="utf-8"))["status"]
    assert status["state"] == "wrong class"  # names the domestic inference card (cncards46), or says the filter
    assert words in status["text"] or "Atlas 300I Duo" in status["text"]
    assert "H200" not in status["text"] and "H20" not in status["text"] and "L4" not in status["text"]


def test_the_window_checks_among_the_domestic_cards(qtbot, window, serving_910b):
    window.controller.replace(serving_910b)
    window.controller.recompute()
    panel = window.toggle_recommendations(True)
    try:
        panel.wait()
        qtbot.waitUntil(lambda: not panel.busy, timeout=20_000)
        assert panel.warning is not None and not panel.warning.id.endswith(NONE_ALLOWED)
        panel.domestic.setChecked(True)
        panel.wait()
        qtbot.waitUntil(lambda: not panel.busy, timeout=20_000)
        assert panel.warning is not None and "H200" not in panel.mismatch_label.text()
        if not panel.warning.id.endswith(NONE_ALLOWED):  # a domestic inference card named (cncards46)
            _domestic_named(panel.warning, window.controller.catalog)
        else:
            assert "domestic vendors only" in panel.mismatch_label.text()
    finally:
        window.toggle_recommendations(False)


def test_training_late_among_named_cards_of_another_class(catalog):
    """8 × L40S pre-training past a 10 h deadline, with only L40S and L4 named: the training card that would meet it
    is outside the cards named, and is not named."""
    from configurator.cli import with_constraints

    args = build_parser().parse_args(["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--card", "l40s",
                                      "--count", "8", "--deadline", "10h"])
    scenario = with_constraints(scenario_from_args(args, catalog), args)
    assert mismatch(scenario, catalog).id.startswith("mismatch-class-for-training-late")
    said = mismatch(scenario, catalog, {}, Objective.TCO, Filters(cards=("l40s", "l4")))
    assert said is not None and said.id == "mismatch-class-for-training-late-none-allowed"
    _names_no_card(said, catalog)
    assert "misses its deadline" in said.text and "超出期限" in said.text_in("zh_CN")
