"""Copies that differ only in the prefill chunk (``max_batched_tokens``, which the engine-step search
tries five of) share one decode step (configurator.core.decode_step_table.NO_DECODE_FIELDS, issue 28):
the decode step reads none of those fields, so the tables share its step and the steps worked out,
and each keeps its own prefill times and step costs; estimates made with the shared step equal
those made afresh, bit for bit."""

from __future__ import annotations

import json

import pytest

from configurator.core import decode_step as decode_step_module
from configurator.core.catalog import load_bundled_catalog
from configurator.core.decode_step_table import NO_DECODE_FIELDS, StepTable, copy_step_table
from configurator.core.estimate import clear_estimate_memo, estimate
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.precision import plan_serving
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import Scenario
from configurator.core.scenario_sections import Serving
from configurator.core.serving_speed import step_costs

from test_decode_step import CASES


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _at_chunk(s: Scenario, chunk: int) -> Scenario:
    """``s`` with ``chunk`` tokens per engine step, every other field the same object (as the search makes it)."""
    return s.model_copy(update={"serving": s.serving.model_copy(update={"max_batched_tokens": chunk})})


@pytest.mark.parametrize("name", list(CASES))
def test_the_decode_step_reads_no_field_it_is_shared_across(catalog, name, monkeypatch):
    """Every serving field read while a decode step is made, set up and asked at a dozen batches
    (speculative drafts included), traced: none of :data:`NO_DECODE_FIELDS`."""
    s = CASES[name]
    card = catalog.get(s.card_id)
    plan = plan_serving(s, card)
    read: set[str] = set()
    inside = [False]
    original = Serving.__getattribute__

    def traced(self, attribute):
        if inside[0] and not attribute.startswith("__"):
            read.add(attribute)
        return original(self, attribute)

    monkeypatch.setattr(Serving, "__getattribute__", traced)
    clear_estimate_memo()
    inside[0] = True
    try:
        table = StepTable(decode_step_module.DecodeStep(s, card, plan, 1152))
        table.at([0, 1, 3, 8, 17, 64, 129, 256])
    finally:
        inside[0] = False
    assert read and not read & NO_DECODE_FIELDS, sorted(read)
    assert "profile" in read and "speculative_tokens" in read  # the trace sees the reads


def test_copies_at_two_chunks_share_one_decode_step_and_keep_their_own_costs(catalog):
    s = CASES["70B TP4 H100"]
    card = catalog.get(s.card_id)
    plan = plan_serving(s, card)
    clear_estimate_memo()
    wide, narrow = _at_chunk(s, 8192), _at_chunk(s, 512)
    a, b = copy_step_table(wide, card, plan, 1152), copy_step_table(narrow, card, plan, 1152)
    assert a is not b and a.step is b.step and a.times is b.times and a.parts is b.parts
    assert a.kept is not b.kept and a.costs is not b.costs
    assert copy_step_table(wide, card, plan, 1152) is a  # each chunk's table kept as before
    other = s.model_copy(update={"serving": s.serving.model_copy(update={"kv_precision": "fp8"})})
    assert copy_step_table(other, card, plan_serving(other, card), 1152).step is not a.step  # a field it reads
    assert copy_step_table(wide, card, plan, 1000).step is not a.step


@pytest.mark.parametrize("name", ["70B TP4 H100", "8B speculative", "Mixtral TP2"])
def test_an_estimate_at_a_chunk_after_another_is_the_one_made_afresh(catalog, name):
    """The estimate and step costs at 512 and 2048 tokens a step, made after one at 8192 (sharing its
    decode step), equal those made with every memo cleared, bit for bit."""
    s = CASES[name]
    card = catalog.get(s.card_id)
    plan = plan_serving(s, card)
    kv = s.serving.prompt_tokens + s.serving.output_tokens // 2

    def answer(scenario: Scenario) -> tuple:
        e = estimate(scenario, card)
        costs = step_costs(scenario, card, plan, 16)
        return (json.dumps(estimate_to_dict(e, deployment_cost(e)), sort_keys=True),
                [costs.decode_s(n) for n in (0.0, 1.0, 5.5, 16.0)], costs.prompt_token_s, costs.chunk_s)

    fresh = {}
    for chunk in (512, 2048):
        clear_estimate_memo()
        fresh[chunk] = answer(_at_chunk(s, chunk))
    clear_estimate_memo()
    answer(_at_chunk(s, 8192))
    for chunk in (512, 2048):
        stepped = _at_chunk(s, chunk)
        assert copy_step_table(stepped, card, plan, kv).step is copy_step_table(_at_chunk(s, 8192), card, plan, kv).step
        assert answer(stepped) == fresh[chunk]
