"""Shortcuts the serving search's rate probe and time-per-token floor take, each the same answer
as what it stands for (issue 28, the README's cold serving recommendation): whether a copy fits
asked of the memory model without making its breakdown (``ServingMemoryModel.fits``), the normal
quantile worked out once per percentile, and the precision plan given again for the very same
scenario."""

from __future__ import annotations

from statistics import NormalDist

from configurator.core.architecture import preset
from configurator.core.workloads.serving.memory import serving_memory_model
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.workloads.serving.copies import clear_copies, kept_plan
from configurator.core.workloads.serving.latency_floor import normal_quantile

BATCHES = (1, 2, 3, 7, 16, 64, 200, 511, 1024, 4096, 20000)
CONTEXTS = (512, 1280, 4096, 8192, 32768, 131072)


def _scenario(card, model: str, tp: int, kv=None, chunk: int = 8192) -> Scenario:
    return Scenario(model=preset(model), card_id=card.id, count=tp, workload="inference", auto_layout=(),
                    parallelism={"tp": tp}, serving={"concurrency": 64, "kv_precision": kv,
                                                     "max_batched_tokens": chunk})


def test_memory_model_fits_is_the_breakdowns_own(catalog):
    """``fits`` gives ``breakdown(...).fits`` at every batch and context, on every card, both
    models, two widths, either KV cache and two engine steps (both sides of every budget)."""
    asked = both = 0
    for card in catalog.cards:
        for model in ("llama3-8b", "llama3-70b"):
            for tp, kv, chunk in ((1, None, 8192), (4, "fp8", 2048)):
                s = _scenario(card, model, tp, kv, chunk)
                m = serving_memory_model(s, card, plan_serving(s, card))
                for n in BATCHES:
                    for ctx in CONTEXTS:
                        fits = m.breakdown(n, ctx).fits
                        assert m.fits(n, ctx) is fits, (card.id, model, tp, n, ctx)
                        asked, both = asked + 1, both | (1 << fits)
    assert asked > 1000 and both == 3  # fitting and not fitting both seen


def test_normal_quantile_is_normaldists():
    for p in (50, 75, 90, 95, 99, 99.9, 90):
        assert normal_quantile(p) == NormalDist().inv_cdf(p / 100)


def test_kept_plan_again_for_the_same_scenario(catalog):
    """The plan given again for the very same scenario and card equals a fresh one; another card
    or an equal scenario made anew is asked again (and is equal)."""
    clear_copies()
    a, b = catalog.cards[0], catalog.cards[1]
    s = _scenario(a, "llama3-8b", 1)
    first = kept_plan(s, a)
    assert kept_plan(s, a) is first and first == plan_serving(s, a)
    assert kept_plan(s, b) == plan_serving(s, b)
    assert kept_plan(_scenario(a, "llama3-8b", 1), a) == first
