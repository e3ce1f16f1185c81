"""The rate probe the serving search walks a copy's batch with (:class:`RateProbe`): whether a
copy fits and whether it carries the stated request rate, worked out from its memory and step
costs alone — no copy, no scenario per batch, no latencies — and the copy it settled on, made
only where the search weighs it (:func:`probed_copy`). The search itself is
:mod:`configurator.core.workloads.serving.plan`, its weighing
:mod:`configurator.core.workloads.serving.weighing`; the search's names below
(``NotCarrying``, ...) are the plan's (``batched_replica``: :mod:`~.batch_search`'s).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field

from configurator.core.engine_step import engine_step_tokens
from configurator.core.catalog import Card
from configurator.core.decode_step_table import StepTable, copy_step_table
from configurator.core.load import CLOSED_LOOP_TOLERANCE, StepCosts, capacity, load_point, worst_share
from configurator.core.memo import LastAsked
from configurator.core.workloads.serving.memory import ServingMemoryModel
from configurator.core.precision import PrecisionPlan
from configurator.core.scenario import Scenario
from configurator.core.prefill_time import prefill_pool_prompt_seconds, prompt_token_seconds, uncached_prompt_tokens
from configurator.core.serving_speed import busy_copies, goodput_limits, serving_batching
from configurator.core.serving_step_costs import step_costs
from configurator.core.serving_pools import pools, prefill_pool_rate
from configurator.core.verdicts import floor
from configurator.core.workloads.serving.copies import kept_copy, kept_memory_model, kept_plan, kept_probe
from configurator.core.workloads.serving.estimate import ServingCopy, at_batch


LOAD_RESOLUTION = CLOSED_LOOP_TOLERANCE
"""Relative change of a copy's worst target miss (as ``1 + miss``, the actual over the target) or
request rate that the batch search counts as none: the load model's coarsest stated accuracy (the
closed loop holds the users to :data:`~configurator.core.load.CLOSED_LOOP_TOLERANCE`, the
highest-rate bisection stops at 1e-4 of the rate). Finer changes are its numerics: the mean step is
solved to 1e-6 (:data:`~configurator.core.load_step.STEP_TOLERANCE`) and reaches the latency
percentiles amplified by the queueing (up to 2.6e-6 between two batches of one copy on the
README's serving question, either way)."""


GOODPUT_MARGIN = LOAD_RESOLUTION
"""Share by which a copy's latency targets must be missed at a rate for :meth:`RateProbe.goodput_below`
to say its goodput lies below that rate: the load model's coarsest stated accuracy
(:data:`LOAD_RESOLUTION`), well above the wobble of its latencies between nearby rates (a few 1e-6)."""


KEPT_WALKS: ContextVar[dict | None] = ContextVar("serving_search_walks", default=None)
"""The rate probe's walks kept while :func:`estimated_unless_carrying` weighs one count, for
:meth:`NotCarrying.estimate` to read again (None: not kept)."""


def _walk_key(scenario: Scenario, card: Card, spread: int, largest: int) -> tuple | None:
    """What a walk of the rate probe reads that differs between the scenarios one count's search
    weighs (every other field is the count's own; the walks kept are one count's): the card, the
    card count, the layout, the serving settings and the batch range; None where a field cannot
    be a key."""
    key = (id(card), scenario.count, tuple(scenario.parallelism.__dict__.values()),
           tuple(scenario.serving.__dict__.values()), spread, largest)
    try:
        hash(key)
    except TypeError:
        return None
    return key


_LAST_SHARED = LastAsked()
"""The last probe :meth:`RateProbe.shared` gave: (scenario, card, probe), the objects held here."""


def forget_last_probe() -> None:
    """Forget the last probe :meth:`RateProbe.shared` gave (the kept probes are dropped with the copies)."""
    _LAST_SHARED.clear()


class _Probed:
    """A copy the rate probe found fitting: its probe's scenario, the batch per copy, the card and
    the precision plan; the scenario at that batch (:func:`~.estimate.at_batch`) made only where
    the copy is weighed (:func:`probed_copy`), once."""

    __slots__ = ("base", "batch", "card", "plan", "_scenario")

    def __init__(self, base: Scenario, batch: int, card: Card, plan: PrecisionPlan) -> None:
        self.base, self.batch, self.card, self.plan = base, batch, card, plan
        self._scenario: Scenario | None = None

    def scenario(self) -> Scenario:
        """The probe's scenario at :attr:`batch`, made when first asked for."""
        if self._scenario is None:
            self._scenario = at_batch(self.base, self.batch)
        return self._scenario


_PROBED: _Probed | None = None
"""The last copy the rate probe found fitting (the copy itself is made only where it is weighed,
:func:`probed_copy`)."""


def probed_copy(scenario: Scenario, card: Card) -> ServingCopy | None:
    """The copy the rate probe found fitting for an equal ``scenario`` on this ``card`` (the batch
    it stopped on, estimated next), through the kept copies (:func:`~.copies.kept_copy`), else
    None: the estimate there asks the same questions (the precision plan, the memory model and
    :func:`~configurator.core.serving_step_costs.step_costs` of an equal scenario on the same card) and
    is given the same answers (the step costs the probe worked out, kept on the copy's step table)."""
    probed = _PROBED
    if probed is None or probed.card is not card or scenario.serving.max_batch != probed.batch:
        return None  # another card, or another batch per copy: another scenario
    probed_scenario = probed.scenario()
    if probed_scenario != scenario:
        return None
    return kept_copy(probed_scenario, card, probed.plan)


PREFILL_CEILING_MARGIN = 1e-9
"""Share added to :func:`prefill_ceiling` for the rounding of the capacity's own arithmetic (a few
units in the last place, ~1e-15 of it)."""


def prefill_ceiling(scenario: Scenario, card: Card, plan: PrecisionPlan, token_s: float | None = None) -> float:
    """A ceiling on the request rate one copy that prefills in its decode steps sustains at any
    batch per copy (:func:`~configurator.core.load.capacity`) [1/s]: ``1/(P·τ_p)``, ``P`` its
    uncached prompt tokens and ``τ_p`` the compute time of one in a step (the step costs' own,
    :func:`~configurator.core.prefill_time.prompt_token_seconds`, which reads no batch), raised
    by :data:`PREFILL_CEILING_MARGIN`. At the full batch ``B`` the step is
    ``T* = T_d(B) + B·P·τ_p/D + (1 − e^(−B/D))·t_chunk`` with every term non-negative, so the
    capacity ``B/(D·T*)`` is at most ``B/(D·B·P·τ_p/D) = 1/(P·τ_p)`` (answers of one token:
    ``(1 − 1e-6)/(P·τ_p)``); infinite where a prompt costs nothing. ``token_s``: ``τ_p`` when
    already worked out."""
    if token_s is None:
        token_s = prompt_token_seconds(scenario, card, plan)
    # a copy of pp stages carries its pp micro-batches' prompt chunks at once: τ_p / pp a token
    # (serving_step_costs.step_costs, configurator.core.serving_pipeline)
    prompt = uncached_prompt_tokens(scenario) * token_s / scenario.parallelism.pp
    return (1.0 + PREFILL_CEILING_MARGIN) / prompt if prompt > 0 else math.inf


@dataclass(frozen=True)
class RateProbe:
    """What the batch search reads of a copy before its latencies are judged — whether it fits
    and whether it carries the stated request rate — worked out by the estimate's own functions
    (the memory model; :func:`~configurator.core.serving_step_costs.step_costs` and
    :func:`~configurator.core.load.capacity`, the request rate a continuously batched copy
    reports under a target, times the copies), without the latency percentiles, power and costs
    of a full estimate; with separate prefill and decode pools the slower pool's rate
    (:attr:`~configurator.core.serving_pools.Pools.capacity`) over the copies, as the estimate
    reports it. Only where the estimate's rate is exactly that: continuous batching, a stated
    rate and a speed to time it with."""

    scenario: Scenario
    card: Card
    plan: PrecisionPlan
    seen: dict[int, tuple[float, tuple]] = field(default_factory=dict, compare=False, repr=False)
    """The rates :meth:`rate_at` worked out where the copy fits, by batch, each with what
    :func:`probed_copy` makes its copy from."""
    kept: dict = field(default_factory=dict, compare=False, repr=False)
    """The copy's batch-free memory model and step table, once worked out (:meth:`_fits`, :meth:`_costs`)."""

    @classmethod
    def of(cls, scenario: Scenario, card: Card) -> RateProbe | None:
        plan = kept_plan(scenario, card)
        if not scenario.constraints.requests_per_s or \
                serving_batching(scenario) == "static" or plan.math is None or \
                not card.peak_tflops(plan.math) or not card.bandwidth_gbps:
            return None
        return cls(scenario, card, plan)

    @classmethod
    def shared(cls, scenario: Scenario, card: Card) -> RateProbe | None:
        """:meth:`of`, or the probe kept for an equal scenario on the same card
        (:func:`~configurator.core.workloads.serving.copies.kept_probe`, dropped with the kept
        copies): the rates and walks it has worked out are those of this scenario (they read
        what its copy reads), so the search's next question of the same layout — the pools'
        bound and then their batch search, the plan at a count asked whether it carries and then
        worked out in full, the engine step search — does not work them out again."""
        last = _LAST_SHARED.kept
        if last is not None and last[0] is scenario and last[1] is card:
            return last[2]  # the same scenario asked again (its batch range, then its walk)
        probe = kept_probe(scenario, card, lambda: cls.of(scenario, card))
        _LAST_SHARED.kept = (scenario, card, probe)
        return probe

    def walk(self, spread: int, largest: int) -> tuple[int, int, bool, bool]:
        """The batch search's doubling towards the request rate (:func:`~.batch_search.batched_replica`): from
        ``spread``, doubled up to ``largest`` while the copy fits and short of the rate, stopped
        before a batch that would not fit. Returns the batch it settles on, the last batch tried,
        and whether the copy fits and carries the rate at the batch it settles on. Taken once per
        scenario while the walks are kept (:data:`KEPT_WALKS`), and once per probe."""
        global _PROBED
        taken = self.kept.get(("walk", spread, largest))
        if taken is not None:  # this probe's own walk (a probe kept for its layout, :meth:`shared`)
            found, _PROBED = taken  # and the copy it settled on, as after the walk itself
            return found
        kept_walks = KEPT_WALKS.get()
        key = _walk_key(self.scenario, self.card, spread, largest) if kept_walks is not None else None
        if key is not None and key in kept_walks:
            found, _PROBED = kept_walks[key]
            return found
        found = self._walk(spread, largest)
        if key is not None:
            kept_walks[key] = (found, _PROBED)
        self.kept[("walk", spread, largest)] = (found, _PROBED)
        return found

    def _walk(self, spread: int, largest: int) -> tuple[int, int, bool, bool]:
        at = self._fits_short if self.short_at_every_batch() else self.at
        batch = kept = spread
        fits, carries = at(batch)
        while batch < largest and fits and not carries:
            batch = min(2 * batch, largest)
            bigger_fits, bigger_carries = at(batch)
            if not bigger_fits:
                break
            kept, fits, carries = batch, bigger_fits, bigger_carries
        return kept, batch, fits, carries

    def short_at_every_batch(self) -> bool:
        """Whether the copy misses the stated request rate at every batch per copy, a ceiling on its
        rate that does not read the batch falling short of it. With separate pools, the prefill
        pool's rate (:attr:`~configurator.core.serving_pools.Pools.prefill_rate`, which bounds
        :attr:`~configurator.core.serving_pools.Pools.capacity` from above) over the copies, as
        :meth:`rate_at` scales the capacity: the same numbers divided and multiplied alike keep
        their order in floating point. Sharing every step, :func:`prefill_ceiling` times the copies
        busy. No batch's rate reaches the target (:func:`~configurator.core.verdicts.floor`: met
        at ``actual ≥ target``). The prefill times are the copy's step table's (:meth:`batch_free`)."""
        s = self.scenario
        if s.prefill_copies:
            bound = prefill_pool_rate(s.prefill_copies, self.batch_free(prefill_pool_prompt_seconds)) \
                / s.data_parallel * busy_copies(s)
        else:
            bound = prefill_ceiling(s, self.card, self.plan, self.batch_free(prompt_token_seconds)) * busy_copies(s)
        return floor("request-rate", s.constraints.requests_per_s, bound, "requests/s").missed

    def fits_at(self, batch: int) -> bool:
        """Whether the copy fits at a batch per copy of ``batch``, as the estimate there would say
        (its memory alone, :meth:`_fits`); the walk (:meth:`walk`) settles on a batch that fits
        exactly where it fits at the batch it starts from."""
        return self._fits(self.sequences_at(batch))

    def _fits_short(self, batch: int) -> tuple[bool, bool]:
        """:meth:`at` where the copy is short of the rate at every batch (:meth:`short_at_every_batch`):
        whether it fits at ``batch`` (its memory alone; the step table not worked out), and False."""
        return self._fits(self.sequences_at(batch)), False

    def at(self, batch: int) -> tuple[bool, bool]:
        """(fits, carries the request rate) at a batch per copy of ``batch``, as the estimate
        there would say (:attr:`Estimate.fits`, no ``misses-request-rate`` verdict); the rate
        is worked out only where the copy fits (else False: the search reads it only there)."""
        fits, rate = self.rate_at(batch)
        if not fits:
            return False, False
        return fits, not floor("request-rate", self.scenario.constraints.requests_per_s, rate, "requests/s").missed

    def rate_at(self, batch: int) -> tuple[bool, float]:
        """(fits, request rate) at a batch per copy of ``batch``: the rate the estimate there
        reports (:attr:`ServingSpeed.requests_per_s`, the capacity under the stated rate) [1/s],
        worked out only where the copy fits (else 0). No copy and no scenario at the batch is made
        (:meth:`_fits`, :meth:`_costs`: the copy's own memory and step costs, read at its
        sequences, :meth:`sequences_at`); the one the estimate there weighs is made from the same
        scenario when asked (:func:`probed_copy`). The pools, the copies kept busy and the step
        table read no batch per copy (the table's key holds none), so the probe's own scenario
        stands for the one at ``batch`` there."""
        global _PROBED
        if batch in self.seen:
            rate, _PROBED = self.seen[batch]
            return True, rate
        sequences = self.sequences_at(batch)
        if not self._fits(sequences):
            return False, 0.0
        s, plan = self.scenario, self.plan
        _PROBED, costs = _Probed(s, batch, self.card, plan), self._costs(sequences)
        prefill, busy, copies = self._copies()
        if prefill:  # the replica's rate is the deployment's over its copies
            rate = pools(s, self.card, plan, costs).capacity / copies * busy
        else:
            rate = capacity(costs) * busy
        self.seen[batch] = (rate, _PROBED)
        return True, rate

    def goodput_below(self, batch: int, rate: float) -> bool:
        """Whether the goodput the estimate at a batch per copy of ``batch`` reports
        (:attr:`~configurator.core.serving_speed.ServingSpeed.goodput_per_s`, the deployment's) is
        provably below ``rate`` [1/s]: the copy fits there, shares its steps (no prefill pool) and
        its latency targets (:func:`~configurator.core.serving_speed.goodput_limits`) are missed by
        more than :data:`GOODPUT_MARGIN` at ``rate`` over the copies busy, a hair below
        (``1 − 1e-9``, so that the goodput times the copies stays below ``rate`` in floating point).

        Why: the copy's goodput is a rate at which :func:`~configurator.core.load.highest_meeting`
        found the targets met (:func:`~configurator.core.load.goodput`, on the same step costs and
        capacity, :meth:`_costs`; whatever rate its search starts from), and both latencies grow with
        the rate, so every rate meeting them lies below one that misses them. The margin keeps that
        true where the load model's numerics wobble (:data:`LOAD_RESOLUTION` of the share, against a
        few 1e-6 of its solve). False where the copy does not fit, has pools or no targets, or
        ``rate`` is at or above its capacity (the capacity bounds it there, :meth:`rate_at`). One
        load point per question."""
        s = self.scenario
        held = None if s.prefill_copies else self._limits()
        if held is None or not self.fits_at(batch):
            return False
        limits, percentile = held
        costs = self._costs(self.sequences_at(batch))
        limit = capacity(costs)
        per_copy = rate / self._copies()[1] * (1.0 - 1e-9)
        if not 0.0 < per_copy < limit:
            return False
        point = load_point(costs, per_copy, limit)
        return worst_share(point.ttft_s[percentile], point.tpot_s[percentile], point.overloaded, limits) \
            > 1.0 + GOODPUT_MARGIN

    def _copies(self) -> tuple[int, float, int]:
        """The probe's prefill copies, copies kept busy (:func:`~configurator.core.serving_speed.busy_copies`)
        and copies (data parallel), none of which reads the batch per copy, read once per probe."""
        found = self.kept.get("copies")
        if found is None:
            s = self.scenario
            found = self.kept["copies"] = (s.prefill_copies, busy_copies(s), s.data_parallel)
        return found

    def sequences_at(self, batch: int) -> int:
        """:attr:`~configurator.core.scenario.Scenario.sequences_per_replica` of the probe's scenario
        at a batch per copy of ``batch`` (≥ 0): ``max(spread, batch or 1)``, the users spread over
        the copies that decode or the batch, so the probe's value at a batch of 1 (the spread, at
        least 1) or ``batch``, whichever is larger — the spread read once per probe [sequences]."""
        spread = self.kept.get("spread")
        if spread is None:
            s = self.scenario  # its own value where its batch is unset or 1 (max_batch or 1 == 1)
            spread = self.kept["spread"] = (s if (s.serving.max_batch or 1) == 1 else at_batch(s, 1)).sequences_per_replica
        return max(spread, batch)

    def _fits(self, sequences: int) -> bool:
        """Whether the copy fits with ``sequences`` decoding at once (the probe's scenario at another
        batch per copy, :meth:`sequences_at`): its memory at the load (:class:`~.estimate.ServingCopy`'s
        own, the batch-free memory model's breakdown at its sequences and context) within the
        engine's budget (:meth:`~.memory.ServingMemoryModel.fits`: the breakdown's
        own test, the breakdown not made)."""
        return self.memory_model().fits(sequences, self.kept["context"])

    def memory_model(self) -> ServingMemoryModel:
        """The copy's batch-free memory model (:func:`~.copies.kept_memory_model`: the batch is no
        input of it), looked up once per probe."""
        model = self.kept.get("memory")
        if model is None:
            self.kept["context"] = self.scenario.serving.context_tokens  # first: the model says it is there
            model = self.kept["memory"] = kept_memory_model(self.scenario, self.card, self.plan)
        return model

    def batch_free(self, fn: Callable[[Scenario, Card, PrecisionPlan], float]) -> float:
        """``fn(scenario, card, plan)`` for a prefill time of the copy that reads no batch, users or
        pools (:data:`~configurator.core.decode_step_table.NO_PREFILL_FIELDS`) nor the card count, worked
        out once per step table (:meth:`~configurator.core.decode_step_table.StepTable.batch_free`: the
        table is kept for every count and batch of the layout) [s]."""
        return self._table().batch_free(fn, self.scenario, self.card, self.plan)

    def _table(self) -> StepTable:
        """The copy's step table (:func:`~configurator.core.decode_step_table.copy_step_table`: its key
        holds no batch, so every batch of this probe shares it), looked up once."""
        table = self.kept.get("table")
        if table is None:
            serving = self.scenario.serving
            table = self.kept["table"] = copy_step_table(self.scenario, self.card, self.plan,
                                                         serving.prompt_tokens + serving.output_tokens // 2)
        return table

    def _costs(self, sequences: int) -> StepCosts:
        """The decode step costs of the copy with ``sequences`` decoding at once (:meth:`sequences_at`)
        at its running batch (:func:`~configurator.core.serving_speed.running_batch`: at most the
        tokens of one engine step, at least 1): what its copy's
        :attr:`~.estimate.ServingCopy.costs` gives (:func:`~configurator.core.serving_step_costs.step_costs`),
        on the step table every batch of this probe shares (its key holds no batch, :meth:`_table`;
        nor do the costs read one but their argument)."""
        running = max(1, min(sequences, engine_step_tokens(self.scenario, self.card)))
        return step_costs(self.scenario, self.card, self.plan, running, self._table())

    def _limits(self):
        """The latency targets a goodput is taken at and their percentile
        (:func:`~configurator.core.serving_speed.goodput_limits`), None without a target; read once."""
        held = self.kept.get("limits", False)
        if held is False:
            held = self.kept["limits"] = goodput_limits(self.scenario)
        return held
