"""A serving copy split into pipeline stages keeps one micro-batch in each stage
(configurator.core.serving_pipeline): at a large batch a TP4 × PP2 copy makes about twice the
tokens of the same copy priced without overlap (the whole model on its TP group at the whole
batch), no more than two TP4 copies on the same eight cards, a sequence waits at least as long for
its next token as on a TP4 copy, and a PP1 copy's step costs are what they were."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import clear_estimate_memo
from configurator.core.load import capacity
from configurator.core.precision import plan_serving
from configurator.core.prefill_time import prompt_token_seconds
from configurator.core.scenario import Scenario
from configurator.core.serving_step_costs import step_costs

BATCH = 512


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _copy(pp: int, batch: int = BATCH) -> Scenario:
    return Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=4 * pp, workload="inference",
                    parallelism={"tp": 4, "pp": pp},
                    serving={"concurrency": batch, "prompt_tokens": 1024, "output_tokens": 256})


def _costs(catalog, s: Scenario, batch: int):
    card = catalog.get(s.card_id)
    clear_estimate_memo()
    return step_costs(s, card, plan_serving(s, card), batch)


def test_stages_at_work_at_once_double_the_copy(catalog):
    staged, flat = _costs(catalog, _copy(2), BATCH), _costs(catalog, _copy(1), BATCH)
    no_overlap = BATCH / flat.decode_s(BATCH)  # the old pricing: the whole model on TP4 at the whole batch
    ratio = (BATCH / staged.decode_s(BATCH)) / no_overlap
    assert 1.5 < ratio <= 2.0
    assert capacity(staged) > 1.5 * capacity(flat)


def test_no_more_than_two_flat_copies_on_the_same_cards(catalog):
    staged, half = _costs(catalog, _copy(2), BATCH), _costs(catalog, _copy(1, BATCH // 2), BATCH // 2)
    assert BATCH / staged.decode_s(BATCH) <= 2 * (BATCH // 2) / half.decode_s(BATCH // 2)
    assert capacity(staged) <= 2 * capacity(half) * (1 + 1e-9)
    # a sequence waits for its micro-batch to pass both stages: no sooner than on a TP4 copy
    assert staged.decode_s(BATCH) >= half.decode_s(BATCH // 2)
    for n in (1, 2, 7, 64):
        assert staged.decode_s(2 * n) >= half.decode_s(n)


def test_a_single_stage_copy_is_unchanged(catalog):
    s = _copy(1)
    card = catalog.get(s.card_id)
    plan = plan_serving(s, card)
    costs = _costs(catalog, s, BATCH)
    assert costs.prompt_token_s == prompt_token_seconds(s, card, plan)
    staged = _costs(catalog, _copy(2), BATCH)
    assert staged.prompt_token_s == pytest.approx(costs.prompt_token_s / 2, rel=1e-12)
