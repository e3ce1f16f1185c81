"""The batch search of one serving layout (:func:`batched_replica`): the batch per copy that carries
the stated request rate within memory — the rate probe's walk
(:meth:`~configurator.core.workloads.serving.probe.RateProbe.walk`) where it applies, else doubling
from the users spread over the copies — and, where the copy carries the rate but misses a latency
target, the wider batches that rank higher (:func:`~.weighing.wider_ranks_higher`); each batch
weighed through :func:`evaluated` (kept while :func:`~.plan.recording_evaluated` collects). The
layout search that asks it is :mod:`configurator.core.workloads.serving.plan`.
"""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.scenario import Scenario
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.serving.bounds import batch_range as _batch_range
from configurator.core.workloads.serving.estimate import at_batch
from configurator.core.workloads.serving.probe import RateProbe
from configurator.core.workloads.serving.search_state import EVALUATED as _EVALUATED
from configurator.core.workloads.serving.weighing import Weighed, miss_of, missed_of, wider_ranks_higher


def evaluated(scenario: Scenario, card: Card) -> Weighed:
    """One layout the search weighs (its estimate kept while :func:`~.plan.recording_evaluated` collects)."""
    weighed = Weighed(scenario, card)
    kept = _EVALUATED.get()
    if kept is not None:
        kept.append(weighed.estimate())
    return weighed


def batched_replica(scenario: Scenario, card: Card, walked: tuple[int, int, bool, bool] | None = None
                     ) -> Estimate:
    """The scenario with the batch per copy chosen (when it is Auto), estimated; ``walked``: the
    rate probe's walk for it, when already taken (:func:`~.set_aside.rate_walk`)."""
    def at(batch: int | None) -> Estimate:
        return evaluated(at_batch(scenario, batch), card)

    if "max_batch" not in scenario.auto_layout:
        return at(scenario.serving.max_batch)
    spread, largest = _batch_range(scenario, card)

    def carries_rate(e: Estimate) -> bool:  # without a speed (no bandwidth figure) a larger batch tells nothing more
        return e.serving is None or "misses-request-rate" not in missed_of(e)

    # Under a request rate the sequences decoding at once follow from it (Little's law inside the
    # load model: n = λ·(O − 1)·T): the batch only caps them. A copy short of the rate queues
    # without bound, so its latencies say nothing; the batch doubles until the copy carries the
    # rate or would not fit, and the latencies are judged there (a larger batch than the rate
    # needs costs memory and gains nothing).
    probe = RateProbe.shared(scenario, card) if walked is None and _EVALUATED.get() is None else None
    if walked is not None or probe is not None:  # the walk on memory and capacity alone, one estimate where it stops
        kept, batch, fits, carries = walked if walked is not None else probe.walk(spread, largest)
        est = at(kept)
        if not (fits and carries):  # as the estimate there says: the cap below goes no further
            est.short = fits
            return est
    else:
        est, batch = at(spread), spread
        while batch < largest and est.fits and not carries_rate(est):
            batch = min(2 * batch, largest)
            bigger = at(batch)
            if not bigger.fits:
                break
            est = bigger
    # A copy that carries the rate can still miss the first-token target waiting for a free slot
    # (the batch caps the sequences at once near their mean, so the p90 request queues for one):
    # the cap doubles, one batch at a time, while the copy still fits and ranks higher for it
    # (:func:`wider_ranks_higher`: a shorter worst miss; under a stated rate and latency targets no
    # tie on the miss is broken by the rate, so no batch is skipped on its rate alone).
    miss = miss_of(est) if est.fits and est.serving is not None else 0.0  # read if it fits
    while batch < largest and est.fits and carries_rate(est) and miss > 0.0:
        wider = min(2 * batch, largest)
        bigger = at(wider)
        if not bigger.fits:
            break
        wider_miss = miss_of(bigger)
        if not wider_ranks_higher(miss, est.serving, wider_miss, bigger.serving):
            break
        batch, est, miss = wider, bigger, wider_miss
    return est
