"""Recommendations on scenarios whose answer is clear from the physics."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import clear_estimate_memo
from configurator.core.mismatch import mismatch
from configurator.core.recommend import (
    DOMESTIC_VENDORS,
    Filters,
    Objective,
    recommend,
)
from configurator.core.recommend_json import result_to_dict
from configurator.core.scenario import Scenario, updated
from configurator.core.units import Precision

ALL_CLASSES = ("training", "inference", "graphics", "workstation", "edge")


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def pretrain_7b(**constraints) -> Scenario:
    return Scenario(model=preset("llama2-7b"), workload="pretrain",
                    training={"tokens": 1e12, "micro_batch": 4, "seq_len": 2048, "grad_accum": 128,
                              "recipe": "megatron-mixed"},
                    constraints={"deadline_hours": 30 * 24, **constraints})


def serve_8b(**constraints) -> Scenario:
    return Scenario(model=preset("llama3-8b"), workload="inference", card_id="h100-sxm",
                    serving={"concurrency": 8, "context": 4096, "prompt_tokens": 1024, "output_tokens": 256},
                    constraints={"requests_per_s": 1.0, **constraints})


def test_70b_bf16_is_never_put_on_one_24gb_card(catalog):
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", precision="bf16")
    result = recommend(scenario, catalog, Objective.FEWEST_CARDS, Filters(classes=ALL_CLASSES), limit=50)
    assert result.ranked
    for rec in result.ranked:
        assert rec.estimate.fits
        assert not (rec.count == 1 and rec.card.memory_gb <= 24)


@pytest.mark.parametrize("objective", [Objective.TCO, Objective.CLOUD])
def test_pretraining_7b_in_30_days_recommends_training_cards(catalog, objective):
    result = recommend(pretrain_7b(), catalog, objective, Filters(classes=ALL_CLASSES))
    assert result.best.card.category == "training"
    assert result.best.estimate.training.hours <= 30 * 24


def test_serving_8b_at_modest_load_ranks_inference_cards_above_h100(catalog):
    result = recommend(serve_8b(), catalog, Objective.CLOUD, limit=60)
    order = [r.card.id for r in result.ranked]
    best_inference = min(order.index(c) for c in ("l4", "l40s", "a10") if c in order)
    assert best_inference < order.index("h100-sxm")


def test_int4_only_where_supported_or_flagged(catalog):
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", precision=Precision.INT4)
    result = recommend(scenario, catalog, Objective.FASTEST, limit=50)
    assert any(not rec.card.supports(Precision.INT4) for rec in result.ranked)  # the check below runs
    for rec in result.ranked:
        if not rec.card.supports(Precision.INT4):
            assert any(m.id == "precision-emulated" for m in rec.estimate.messages)


def test_power_cap_is_never_exceeded(catalog):
    result = recommend(pretrain_7b(power_cap_kw=60.0), catalog, Objective.FASTEST, limit=50)
    assert result.ranked
    assert all(r.estimate.power.facility_watts <= 60_000 for r in result.ranked)


def test_budget_is_respected(catalog):
    result = recommend(pretrain_7b(budget=2_000_000.0), catalog, Objective.CLOUD, limit=50)
    assert result.ranked
    for rec in result.ranked:
        costs = [c for c in (rec.estimate.costs.purchase, rec.estimate.costs.cloud) if c is not None]
        assert min(costs) <= 2_000_000


@pytest.mark.parametrize("objective", [Objective.FASTEST, Objective.FEWEST_CARDS, Objective.ENERGY])
def test_a_budget_that_cannot_be_checked_is_not_ranked_as_met(catalog, objective):
    """--budget 2M --objective fastest once ranked 128 × TPU7x and 128 × B300, neither priced, first
    as if within the budget; a configuration whose capex is unknown is listed without a price (the MI325X:
    the B300 has a street price since prices47, 2026-12-06). A bill whose cards are priced and whose host node is
    not (the GH200's) ranks after every one within the budget, its budget never said to be met (desk47)."""
    result = recommend(pretrain_7b(budget=2_000_000.0), catalog, objective, limit=50)
    assert result.ranked
    partial = [rec.card.id in result.ranked_after for rec in result.ranked]
    assert partial == sorted(partial) and not partial[0]  # every partial total after every complete one
    for rec, after in zip(result.ranked, partial, strict=True):
        verdict = next(v for v in rec.estimate.verdicts if v.id == "budget")
        assert verdict.met is (None if after else True) and rec.estimate.scenario.constraints.budget == 2_000_000.0
    unpriced = {r.card.id for r in result.unpriced}
    assert "mi325x" in unpriced and not unpriced & {r.card.id for r in result.ranked}


def test_deadline_is_met(catalog):
    result = recommend(pretrain_7b(), catalog, Objective.TCO, limit=50)
    assert result.ranked
    assert all(r.estimate.training.hours <= 30 * 24 for r in result.ranked)


def test_domestic_and_vendor_filters(catalog):
    scenario = Scenario(model=preset("llama3-8b"), workload="inference")
    domestic = recommend(scenario, catalog, Objective.FASTEST, Filters(domestic_only=True), limit=50)
    assert domestic.ranked and all(r.card.vendor in DOMESTIC_VENDORS for r in domestic.ranked)
    amd = recommend(scenario, catalog, Objective.FASTEST, Filters(vendors=("AMD",)), limit=50)
    assert {r.card.vendor for r in amd.ranked} == {"AMD"}


def test_owned_cards_cost_nothing_to_buy(catalog):
    scenario = pretrain_7b()
    plain = recommend(scenario, catalog, Objective.TCO, limit=50)
    owned = recommend(scenario, catalog, Objective.TCO, Filters(owned_card="h100-sxm", owned_count=512), limit=50)
    h100 = lambda result: next(r for r in result.ranked if r.card.id == "h100-sxm")  # noqa: E731
    assert h100(owned).score < h100(plain).score


def test_results_are_deterministic(catalog):
    first = result_to_dict(recommend(serve_8b(), catalog, Objective.CLOUD))
    clear_estimate_memo()  # computed again, not the kept estimates
    assert first == result_to_dict(recommend(serve_8b(), catalog, Objective.CLOUD))


def test_winner_has_plain_reasons_with_numbers(catalog):
    best = recommend(serve_8b(), catalog, Objective.CLOUD).best
    texts = [m.text for m in best.reasons]
    assert any("limited by" in t for t in texts)
    assert any("×" in t for t in texts)


def test_pareto_front_is_not_dominated(catalog):
    result = recommend(pretrain_7b(), catalog, Objective.TCO, limit=50)
    assert result.pareto
    for point in result.pareto:
        assert not any(o.speed_figure < point.speed_figure and o.ownership_per_unit < point.ownership_per_unit
                       for o in result.ranked if o.ownership_per_unit is not None)


def test_mismatch_training_card_for_light_serving(catalog):
    message = mismatch(serve_8b(), catalog)
    assert message is not None and message.id == "mismatch-training-card-for-serving"
    assert message.params["ratio"] > 1
    assert "total cost of ownership" in message.text_in("en") and "总拥有成本" in message.text_in("zh_CN")


def test_mismatch_on_rent_says_so(catalog):
    """A training card with a rent and no purchase price is compared on rent, and the warning says which
    cost it compared (the panel may rank on the other)."""
    card = catalog.get("mi325x")  # the B300 until it was priced (prices47, 2026-12-06)
    assert not any(p.kind in ("street", "quote", "list", "msrp", "launch") for p in card.prices)
    message = mismatch(serve_8b().model_copy(update={"card_id": "mi325x"}), catalog)
    assert message is not None and message.id == "mismatch-training-card-for-serving-rent"
    assert "cloud rent" in message.text_in("en") and "云租用成本" in message.text_in("zh_CN")


def test_mismatch_pcie_card_for_large_training(catalog):
    """A training-class card without a card-to-card link (BI-V100) on more than one server; an inference card
    (L40S) is judged by the class rule instead (tests/test_training_class_mistake.py)."""
    scenario = Scenario(model=preset("llama2-7b"), card_id="bi-v100", count=64, workload="pretrain",
                        parallelism={"zero": 3}, training={"tokens": 1e12, "micro_batch": 2, "grad_accum": 8})
    message = mismatch(scenario, catalog)
    assert message is not None and message.id == "mismatch-pcie-card-for-training"
    assert message.params["other_hours"] < message.params["hours"]
    inference = mismatch(updated(scenario, card_id="l40s"), catalog)
    assert inference is not None and inference.id.startswith("mismatch-class-for-training")


def test_cli_recommend_json(capsys):
    code = main(["recommend", "--json", "--workload", "inference", "--model", "llama3-8b", "--concurrency", "8",
                 "--requests-per-s", "1", "--objective", "cloud", "--limit", "5"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["objective"] == "cloud" and len(out["ranked"]) == 5
    first = out["ranked"][0]
    assert {"memory", "performance", "cost", "power", "reasons", "layout", "rank"} <= set(first)
    assert first["memory"]["fits"] is True and first["reasons"]


def test_cli_recommend_table_and_bad_owned(capsys):
    assert main(["recommend", "--model", "llama2-7b", "--workload", "pretrain", "--tokens", "1T",
                 "--deadline", "720", "--grad-accum", "128", "--batch", "4"]) == 0
    assert "Why the first" in capsys.readouterr().out
    assert main(["recommend", "--owned", "h100"]) == 2


def test_recommendation_panel_ranks_and_applies(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from configurator.app.controller import ScenarioController
    from configurator.app.main_window import MainWindow

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    controller = ScenarioController(load_catalog(), serve_8b())
    window = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    panel = window.toggle_recommendations(True)
    panel.objective.setCurrentIndex(panel.objective.findData("cloud"))
    result = panel.refresh()
    below = 1 + len(result.below_line) if result.below_line else 0  # a heading row, then each option below the line
    unpriced = 1 + len(result.unpriced) if result.unpriced else 0  # a heading row too: not ranked, no rank number
    unrated = 1 + len(result.unrated) if result.unrated else 0  # a heading row, then each card not rated
    assert panel.table.rowCount() == len(result.ranked) + unpriced + below + unrated and len(result.ranked) > 3
    if unrated:  # last, under their heading, each in words (session 38: the RTX 6000D's missing bandwidth)
        last = panel.table.item(panel.table.rowCount() - 1, 0).text()
        assert "cannot be rated" in last and panel.recommendation_at(panel.table.rowCount() - 1) is None
    assert "limited by" in panel.reasons.text()
    assert "training card" in panel.mismatch_label.text()
    panel.table.selectRow(1)
    chosen = result.ranked[1]
    assert panel.use_selected()
    assert controller.scenario.card_id == chosen.card.id and controller.scenario.count == chosen.count
    controller.undo_stack.undo()
    assert controller.scenario.card_id == "h100-sxm"
    # 0.2 kW: nothing fits under the cap (0.5 kW until desk1: one RTX PRO 6000 Blackwell in a deskside
    # workstation draws 480 W, 80 % of its 600 W in an office without PUE, its workstation's own power not on file)
    panel.power.setValue(0.2)
    assert controller.scenario.constraints.power_cap_kw == 0.2
    assert not panel.refresh().ranked
    assert "No card" in panel.reasons.text()


def test_rack_power_and_minimum_throughput(catalog):
    from configurator.core.economics import node_power_kw

    result = recommend(pretrain_7b(rack_power_kw=8.0, min_tokens_per_s=300_000), catalog, Objective.CLOUD, limit=50)
    assert result.ranked
    for rec in result.ranked:
        assert node_power_kw(rec.card, rec.estimate.scenario) <= 8.0
        assert rec.estimate.training.tokens_per_s >= 300_000
    assert any("rack" in why for why in result.rejected.values())


# ---- the below-the-line order at the model's stated resolution ----------------------------------


@pytest.mark.parametrize("noise", [-1e-6, -1e-12, 1e-12, 1e-6])
def test_below_the_line_order_is_not_decided_by_float_noise(catalog, noise):
    """Two V100 cards (16 and 32 GB: same power) break a 0.2 kW power cap by the same share at two
    cards each for Llama 3 8B; the 16 GB one is cheaper per million tokens, so it is listed first.
    Was: a share off by float noise (31.032 against 31.032000000000004, as another platform or
    an equivalent sum gives) decided the order, and the two swapped between runs and machines."""
    from dataclasses import replace

    from configurator.core.estimate import estimate
    from configurator.core.recommend import ranking_of
    from configurator.core.recommend_card import CardRanking, below_the_line
    from configurator.core.scenario import LAYOUT_FIELDS
    from configurator.core.stated import stated

    scenario = Scenario(model=preset("llama3-8b"), workload="inference", card_id="v100-sxm-16gb", count=2,
                        auto_layout=LAYOUT_FIELDS, serving={"concurrency": 64}, constraints={"power_cap_kw": 0.2})

    def below(card_id: str, scale: float = 1.0):
        est = estimate(scenario.model_copy(update={"card_id": card_id}), catalog.get(card_id))
        est = replace(est, verdicts=tuple(replace(v, share=v.share * scale) if v.id == "power-cap" else v
                                          for v in est.verdicts))
        return CardRanking(catalog.get(card_id), below_line=below_the_line([est], Objective.TCO, Filters()))

    small, large = below("v100-sxm-16gb"), below("v100-sxm-32gb", 1 + noise)
    shares = [next(v.share for v in r.below_line.estimate.verdicts if v.id == "power-cap") for r in (small, large)]
    assert shares[0] != shares[1] and stated(shares[0]) == stated(shares[1])  # apart by noise alone
    assert small.below_line.score < large.below_line.score
    for cards in ([small, large], [large, small]):
        result = ranking_of(scenario, cards, Objective.TCO)
        assert [r.card.id for r in result.below_line] == ["v100-sxm-16gb", "v100-sxm-32gb"]
