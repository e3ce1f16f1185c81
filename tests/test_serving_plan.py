"""The serving planner's shortcuts change no answer: counts below the weights' lower bound are
skipped, and the load model's TTFT percentiles split the exponential tail past the step."""

from __future__ import annotations

import math

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate, with_count
from configurator.core.load import PERCENTILES, _ttft_quantiles, _wait_tail
from configurator.core.workloads.layout import plannable
from configurator.core.workloads.serving.deployment import fewest_cards_for_weights, serving_deployment
from configurator.core.scenario import LAYOUT_FIELDS, Scenario


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _direct_quantiles(step, waits):
    """The TTFT percentiles by direct evaluation on the same grid (the load model before)."""
    longest = max(theta for _, theta in waits)
    t = np.concatenate([np.linspace(0.0, step, 65)[1:], step + np.geomspace(1e-6, 1.0, 400) * 40 * longest])
    r = step * (np.arange(16) + 0.5) / 16
    cdf = np.maximum.accumulate((1.0 - _wait_tail(t[:, None] - r[None, :], waits)).mean(axis=1))
    return {k: float(np.interp(k / 100, cdf, t)) for k in PERCENTILES}


@pytest.mark.parametrize("waits", [[(0.5, 0.1), (0.3, 0.02)], [(0.9, 0.05), (0.9, 0.05)], [(0.0, 0.0), (0.2, 1.0)],
                                   [(0.999, 3.0), (0.01, 1e-5)],
                                   # a closed loop's (no wait for a slot), a wait far shorter than the step,
                                   # two means 1e-6 apart (the gap sums cancel as the pairs' did)
                                   [(0.2363, 0.1285), (0.0, 36.57)], [(0.3, 1e-4), (0.0, 1e-3)],
                                   [(0.999, 5.800706), (0.9027, 5.800712)]])
def test_split_tail_gives_the_direct_percentiles(waits):
    """The TTFT percentiles by the exponentials of the step's 64 gaps (summed over the midpoints by
    the pairs matrix) and the split tail are those of the direct grid, within 1e-9."""
    fast, direct = _ttft_quantiles(0.04, waits), _direct_quantiles(0.04, waits)
    assert all(math.isclose(fast[k], direct[k], rel_tol=1e-9) for k in PERCENTILES)


def test_weights_bound_the_fewest_cards(catalog):
    s = Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=1, workload="inference",
                 auto_layout=LAYOUT_FIELDS, serving={"concurrency": 1})
    card = catalog.get("h100-sxm")
    least = fewest_cards_for_weights(s, card)
    assert least == 2  # 141 GB of BF16 weights in 0.9 of ~79 GB
    assert not estimate(with_count(plannable(s, card), least - 1), card).fits
    found = serving_deployment(s, card)
    assert found.scenario.count >= least and found.fits


@pytest.mark.parametrize(("count", "pp", "tp"), [(16, 4, 4), (8, 2, 4), (16, 2, 8)])
def test_a_pinned_pipeline_depth_is_kept_with_the_widest_tensor_parallel_that_divides(count, pp, tp):
    """A pinned pp used to fall back to one stage when the widest tensor-parallel degree (8 on an
    HGX) left a remainder (16 cards / (8 x 4)); now the widest degree that divides is used."""
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_bundled_catalog
    from configurator.core.estimate import estimate
    from configurator.core.scenario import LAYOUT_FIELDS, Scenario

    card = load_bundled_catalog().get("h100-sxm")
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", card_id="h100-sxm", count=count,
                        auto_layout=tuple(f for f in LAYOUT_FIELDS if f != "pp"), parallelism={"pp": pp})
    layout = estimate(scenario, card).scenario.parallelism
    assert (layout.pp, layout.tp) == (pp, tp)
