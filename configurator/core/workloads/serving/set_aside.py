"""Layouts the serving search (:mod:`configurator.core.workloads.serving.plan`) need not weigh in
full: those that cannot meet the time-per-token target at any batch
(:mod:`~configurator.core.workloads.serving.latency_floor`) where setting them aside changes
nothing the search says (:func:`set_aside`, :func:`fits_short_of_tpot`); and the rate probe's walk
the batch search takes (:func:`rate_walk`)."""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.scenario import Scenario
from configurator.core.workloads.serving.bounds import batch_range as _batch_range
from configurator.core.workloads.serving.estimate import at_batch
from configurator.core.workloads.serving.latency_floor import cannot_meet_tpot
from configurator.core.workloads.serving.probe import RateProbe
from configurator.core.workloads.serving.search_state import ENGINE_SEARCHED
from configurator.core.workloads.serving.search_state import EVALUATED as _EVALUATED
from configurator.core.workloads.serving.search_state import STOP_AT_CARRYING as _STOP_AT_CARRYING
from configurator.core.workloads.serving.search_state import WHETHER_ONLY as _WHETHER_ONLY
from configurator.core.workloads.serving.weighing import Weighed, first_place, misses_by


def set_aside(weighed, scenario: Scenario, card: Card) -> bool:
    """Whether a layout need not be weighed: it misses the time per token or the stated rate at every
    batch with either KV cache (:func:`~.latency_floor.cannot_meet_tpot`) where the search, asked only
    whether a count carries the load (engine step and pools not searched), has weighed one that fits
    with a speed (the best ranked fits; no stages are tried for its sake); else its worst miss exceeds
    at every batch that of a layout ``weighed`` (:func:`misses_by`): it ranks below it, and whether
    every layout that fits is known short stays as it was. Not while :func:`~.plan.recording_evaluated` collects."""
    if _EVALUATED.get() is not None:
        return False
    if _STOP_AT_CARRYING.get() and _WHETHER_ONLY.get():
        if ENGINE_SEARCHED & set(scenario.auto_layout) or not any(first_place(e) for e in weighed):
            return False
        return cannot_meet_tpot(scenario, card)
    misses = [m for m in map(misses_by, weighed) if m is not None]
    return bool(misses) and cannot_meet_tpot(scenario, card, miss=min(misses))


def fits_short_of_tpot(scenario: Scenario, card: Card) -> Weighed | None:
    """Asked only whether a count carries the load (engine step and pools not searched), a layout
    that cannot meet the time per token at any batch with either KV cache but fits where the rate
    probe's walk settles its batch (as its estimate there, so first place True, as the batch search
    would have it: where it fits at the batch the walk starts from, :meth:`RateProbe.fits_at`),
    weighed there untimed: its first two places (True, False) (known short of a target,
    :attr:`Weighed.short`), all the search reads of it there. Else None."""
    if _EVALUATED.get() is not None or not (_STOP_AT_CARRYING.get() and _WHETHER_ONLY.get()) or \
            ENGINE_SEARCHED & set(scenario.auto_layout) or not cannot_meet_tpot(scenario, card):
        return None
    serving = scenario.serving
    if serving.disaggregated and serving.prefill_cards is None and scenario.data_parallel >= 2 or \
            "max_batch" not in scenario.auto_layout:
        return None  # the batch is not searched with the rate probe's walk (rate_walk)
    probe = RateProbe.shared(scenario, card)
    if probe is None:
        return None
    spread = _batch_range(scenario, card)[0]
    if not probe.fits_at(spread):  # the walk would settle on a batch that does not fit
        return None
    weighed = Weighed(at_batch(scenario, spread), card)  # fits, as at the batch the walk would settle on
    weighed.short = True
    return weighed


def rate_walk(scenario: Scenario, card: Card) -> tuple[int, int, bool, bool] | None:
    """The rate probe's walk (:meth:`RateProbe.walk`) :func:`~.replica_plan.replica` would take for ``scenario``
    — one copy's batch searched (not the prefill pool), Auto, under a stated rate, while the search
    is not recording — else None."""
    serving = scenario.serving
    if serving.disaggregated and serving.prefill_cards is None and scenario.data_parallel >= 2:
        return None  # the pools are sized (:func:`~.replica_plan.sized_pools`)
    if "max_batch" not in scenario.auto_layout or _EVALUATED.get() is not None:
        return None
    probe = RateProbe.shared(scenario, card)
    return None if probe is None else probe.walk(*_batch_range(scenario, card))
