"""What bounds a MoE copy's decode step, read from its step table's plain parts where rounding
cannot turn it (configurator.core.serving_step_costs.clear_bound): over the decode-step cases and a
range of batches the plain parts agree with the roofline's to 1e-12, and wherever clear_bound
answers, it answers as the roofline's own numbers do; the step costs' bound is decode_bound's."""

from __future__ import annotations

import pytest
from test_decode_step import CASES

from configurator.core.catalog import load_bundled_catalog
from configurator.core.decode_step import _bound, decode_bound
from configurator.core.decode_step_table import copy_step_table
from configurator.core.estimate import clear_estimate_memo
from configurator.core.precision import plan_serving
from configurator.core.serving_speed import running_batch
from configurator.core.serving_step_costs import BOUND_MARGIN, clear_bound, step_costs

BATCHES = [1, 2, 3, 8, 16, 33, 64, 100, 128, 256, 512, 1024]


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


@pytest.mark.parametrize("name", list(CASES))
def test_plain_parts_decide_as_the_roofline(catalog, name):
    s = CASES[name]
    card = catalog.get(s.card_id)
    plan = plan_serving(s, card)
    kv = s.serving.prompt_tokens + s.serving.output_tokens // 2
    clear_estimate_memo()
    table = copy_step_table(s, card, plan, kv)
    table.at(BATCHES)
    for n in BATCHES:
        plain, roofline = table.parts_at(n), tuple(float(p) for p in table.step.roofline(n))
        assert plain == pytest.approx(roofline, rel=1e-12, abs=0.0), (name, n)
        said = clear_bound(*plain)
        assert said is None or said == _bound(*roofline), (name, n)


@pytest.mark.parametrize("name", list(CASES))
def test_the_step_costs_bound_is_decode_bounds(catalog, name):
    s = CASES[name]
    card = catalog.get(s.card_id)
    plan = plan_serving(s, card)
    clear_estimate_memo()
    batch = running_batch(s, card)
    costs = step_costs(s, card, plan, batch)
    kv = s.serving.prompt_tokens + s.serving.output_tokens // 2
    assert costs.decode_bound in (None, decode_bound(s, card, plan, batch, kv))
    if not s.serving.speculative_tokens:
        assert costs.decode_bound is not None  # these cases are clear of the margin


def test_a_near_tie_is_left_to_the_roofline():
    assert clear_bound(0.5, 0.5, 1.0) is None
    assert clear_bound(0.5, 0.5, 1.0 + 0.5 * BOUND_MARGIN) is None
    assert clear_bound(0.5, 0.5, 1.0 + 2 * BOUND_MARGIN) == "compute"
    assert clear_bound(0.5, 0.5 + 2 * BOUND_MARGIN, 1.0) == "memory"
    assert clear_bound(0.02, 0.001, 0.009) == "memory"
