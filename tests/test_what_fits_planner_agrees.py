"""What fits on cards without a GPU link agrees with the estimate and the plan (finds44).

``what-fits --owned rtx-4090d:8 --models qwen2.5-72b --tasks lora`` read "does not fit, 47.0 GiB of 23.8 GiB"
while ``estimate ... --tp 8`` fitted with 6.3 % headroom: the training search tried tensor parallelism only on
cards with a GPU link (TP 1 on PCIe cards) though the estimate times TP over PCIe and the serving search
already tries it. One rule now: both searches try the tensor-parallel degrees inside the server
(the fast-link domain, else the server's PCIe), and the estimate's step time chooses."""

from __future__ import annotations

import pytest

from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import LAYOUT_FIELDS, Workload, updated
from configurator.core.what_fits import owned_scenario, what_fits
from configurator.core.what_fits_types import model_choice
from configurator.core.workloads.training.search import plan_training_layout


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.mark.parametrize("card_id", ["rtx-4090d", "rtx-3090"])
def test_what_fits_and_estimate_agree_on_72b_lora_over_pcie(catalog, card_id):
    card = catalog.get(card_id)
    base = owned_scenario(card_id, 8)
    answer = what_fits(base, catalog, models=[model_choice("qwen2.5-72b")], tasks=[Workload.LORA])
    (row,) = answer.rows
    assert row.fits and row.estimate.scenario.parallelism.tp > 1  # tensor parallel over PCIe
    # the same question asked of the estimate, the layout left to the planner: the same layout and answer
    asked = updated(base, workload="lora", model=row.estimate.scenario.model, precision=row.precision,
                    training={"tokens": row.training.tokens}, auto_layout=LAYOUT_FIELDS)
    planned = estimate(asked, card)
    assert planned.fits and planned.scenario.parallelism == row.estimate.scenario.parallelism
    assert planned.training.step_time_s == pytest.approx(row.estimate.training.step_time_s, rel=1e-9)
    # and the layout TP 8 stated by hand fits as the search says
    pinned = updated(asked, parallelism={"tp": 8, "pp": 1},
                     auto_layout=[f for f in LAYOUT_FIELDS if f not in ("tp", "pp")])
    assert estimate(pinned, card).fits
    assert plan_training_layout(asked, card).layouts
