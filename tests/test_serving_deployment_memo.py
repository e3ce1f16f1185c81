"""A serving deployment searched once per scenario and card (issue 28): the hand-picked card's check
ranks the inference cards right after the panel's ranking of the same scenario ranked them."""

from __future__ import annotations

from configurator.core.architecture import preset
from configurator.core.estimate import clear_estimate_memo
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.workloads import family_of
from configurator.core.workloads.serving import deployment


def _question() -> Scenario:
    return Scenario(model=preset("llama3-8b"), card_id="l40s", count=1, workload="inference",
                    auto_layout=LAYOUT_FIELDS, serving={"concurrency": 64},
                    constraints={"requests_per_s": 4, "tpot_ms": 60})


def test_a_deployment_asked_again_is_not_searched_again(catalog, monkeypatch):
    question, card = _question(), catalog.get("l40s")
    family = family_of(question.workload)
    searched = []
    search = deployment.serving_deployment

    def counted(scenario, on, **options):
        searched.append(scenario.serving.concurrency)
        return search(scenario, on, **options)

    monkeypatch.setattr(deployment, "serving_deployment", counted)
    clear_estimate_memo()
    (found,) = family.deployments(question, card)
    (again,) = family.deployments(Scenario.model_validate(question.model_dump()), card)  # equal, another object
    assert again is found and searched == [64]
    clear_estimate_memo()  # cold again: searched anew, to the same deployment
    (fresh,) = family.deployments(question, card)
    assert searched == [64, 64]
    assert (fresh.scenario.count, fresh.scenario.parallelism) == (found.scenario.count, found.scenario.parallelism)


def test_another_scenario_or_card_is_searched_for_itself(catalog):
    question = _question()
    family = family_of(question.workload)
    clear_estimate_memo()
    (on_l40s,) = family.deployments(question, catalog.get("l40s"))
    more = Scenario.model_validate({**question.model_dump(), "serving": {**question.serving.model_dump(),
                                                                          "concurrency": 256}})
    (busier,) = family.deployments(more, catalog.get("l40s"))
    (on_h100,) = family.deployments(question, catalog.get("h100-sxm"))
    assert busier is not on_l40s and busier.scenario.serving.concurrency == 256
    assert on_h100.card.id == "h100-sxm"
