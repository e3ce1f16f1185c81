"""The serving search's shortcuts (issue 28: the catalog pass in fewer full estimates) give the
answer of the plain search: the batch walk towards a request rate on memory and capacity alone
(the rate probe), and layouts weighed by memory and copy speed with the full estimate made only
for the one kept. While :func:`recording_evaluated` collects, the search takes neither shortcut
(every layout it weighs is fully estimated, every batch of the walk too), so the two answers
are compared through the estimate's JSON, byte for byte."""

from __future__ import annotations

import json

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.workloads.serving import plan
from configurator.core.workloads.serving.plan import recording_evaluated, search_serving


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _scenario(model: str, card: str, count: int, serving: dict, constraints: dict, **fields) -> Scenario:
    return Scenario(model=preset(model), card_id=card, count=count, workload="inference", auto_layout=LAYOUT_FIELDS,
                    serving=serving, constraints=constraints, **fields)


CASES = {
    # the README's serving question at a count that carries it and one short of the rate
    "70B, 20 req/s, 16 x H100": _scenario("llama3-70b", "h100-sxm", 16, {"concurrency": 200, "prompt_tokens": 1024,
                                          "output_tokens": 256}, {"requests_per_s": 20, "tpot_ms": 50}),
    "70B, 20 req/s, 8 x L40S": _scenario("llama3-70b", "l40s", 8, {"concurrency": 200, "prompt_tokens": 1024,
                                         "output_tokens": 256}, {"requests_per_s": 20, "tpot_ms": 50}),
    # a rate without users, FP8 on TensorRT-LLM (FP8 cache by default), separate pools searched
    "70B FP8, 10 req/s, 17 x GH200": _scenario("llama3-70b", "gh200-96gb", 17, {"prompt_tokens": 4000,
                                               "output_tokens": 500, "engine": "tensorrt-llm"},
                                               {"requests_per_s": 10, "ttft_ms": 1000, "tpot_ms": 50},
                                               precision="fp8"),
    # users alone (no rate: the walk is not taken), and a mixture of experts
    "72B, 500 users, 16 x H20": _scenario("qwen2.5-72b", "h20", 16, {"concurrency": 500}, {}),
    "Mixtral, 5 req/s, 4 x A100": _scenario("mixtral-8x7b", "a100-sxm-80gb", 4, {"concurrency": 100},
                                            {"requests_per_s": 5}),
}


def _json(est) -> str:
    return json.dumps(estimate_to_dict(est, deployment_cost(est)), sort_keys=True, default=str)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_shortcuts_give_the_plain_search_answer(catalog, name):
    scenario = CASES[name]
    card = catalog.get(scenario.card_id)
    plain, weighed = recording_evaluated(scenario, card)
    assert weighed, "the plain search estimated the layouts it weighed"
    assert _json(search_serving(scenario, card)) == _json(plain)


def test_the_rate_probe_says_what_the_estimate_says(catalog):
    """At every batch of the walk, fits and carries the rate as the estimate there does: 64 × L40S
    at TP 4 (16 copies) fall short of 20 requests/s below 64 sequences a copy, carry them at 64,
    and no longer fit at 128."""
    scenario = CASES["70B, 20 req/s, 8 x L40S"].model_copy(update={"count": 64})
    card = catalog.get(scenario.card_id)
    layout = scenario.model_copy(update={"parallelism": scenario.parallelism.model_copy(update={"tp": 4})})
    probe = plan._RateProbe.of(layout, card)
    said = []
    for batch in (16, 32, 64, 91, 128):
        s = layout.model_copy(update={"serving": layout.serving.model_copy(update={"max_batch": batch})})
        est = plan._evaluated(s, card).estimate()
        carries = "misses-request-rate" not in plan.missed_serving_targets(est.scenario, est.serving)
        assert probe.at(batch) == (est.fits, est.fits and carries)
        said.append(probe.at(batch))
    assert {(True, False), (True, True), (False, False)} <= set(said)
