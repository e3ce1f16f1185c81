"""How the serving search weighs a layout: the order it ranks layouts in (:func:`serving_rank`),
a layout as it weighs it — its memory and speed, the full estimate only when asked
(:class:`Weighed`, its rank worked out as far as a comparison needs, :class:`Rank`; the engine's
or an FP8 KV cache chosen when asked, :class:`Either`) — and the rate probe that walks a copy's
batch on memory and request rate alone (:class:`RateProbe`). The search itself is
:mod:`configurator.core.workloads.serving.plan`; the search's names below (``_batched_replica``,
``recording_evaluated``, ``NotCarrying``, ...) are that module's.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field, replace

from configurator.core.catalog import Card
from configurator.core.constraints import missed_serving_targets, serving_verdicts
from configurator.core.decode_step import StepTable, copy_step_table
from configurator.core.load import CLOSED_LOOP_TOLERANCE, StepCosts, capacity
from configurator.core.messages import msg
from configurator.core.precision import PrecisionPlan
from configurator.core.scenario import Scenario
from configurator.core.serving_speed import (
    ServingSpeed,
    busy_copies,
    deployment_speed,
    pools,
    prefill_pool_prompt_seconds,
    prefill_pool_rate,
    prompt_token_seconds,
    running_batch,
    serving_batching,
    step_costs,
    uncached_prompt_tokens,
)
from configurator.core.verdicts import Verdict, floor
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.serving.copies import kept_copy, kept_memory_model, kept_plan
from configurator.core.workloads.serving.estimate import (
    ServingCopy,
    at_batch,
    basis_of_copy,
    estimate_serving,
)


def target_miss(scenario: Scenario, speed: ServingSpeed | None) -> float:
    """How far a deployment is from its serving targets: the largest relative miss over the
    request rate and the latency targets (the buyer's, else the use's) — ``actual/target − 1`` for
    a latency, ``target/actual − 1`` for the rate — 0 when it meets them all, infinite without a
    speed [share]."""
    if speed is None:
        return math.inf
    return worst_miss(serving_verdicts(scenario, speed))


def worst_miss(verdicts: tuple[Verdict, ...]) -> float:
    """:func:`target_miss` of a deployment's serving verdicts (:func:`~configurator.core.constraints.serving_verdicts`) [share]."""
    worst = 0.0
    for v in verdicts:
        if not v.missed:
            continue
        if v.kind == "ceiling":
            worst = max(worst, v.actual / v.target - 1.0)
        else:
            worst = max(worst, v.target / v.actual - 1.0 if v.actual > 0 else math.inf)
    return worst


def miss_of(est: Weighed | Estimate) -> float:
    """:func:`target_miss` of a layout's own scenario and speed; a weighed layout's verdicts
    worked out once (:meth:`Weighed.verdicts`) [share]."""
    if not isinstance(est, Weighed):
        return target_miss(est.scenario, est.serving)
    return math.inf if est.serving is None else worst_miss(est.verdicts())


def missed_of(est: Weighed | Estimate) -> list[str]:
    """:func:`~configurator.core.constraints.missed_serving_targets` of a layout with a speed, its
    own scenario and speed; a weighed layout's verdicts worked out once (:meth:`Weighed.verdicts`)."""
    if not isinstance(est, Weighed):
        return missed_serving_targets(est.scenario, est.serving)
    return [v.message.id for v in est.verdicts() if v.missed]


def serving_rank(est: Estimate) -> tuple:
    """Order of serving layouts: fits, meets its targets, then — short of them — the smallest
    relative miss (:func:`target_miss`: a layout 10 % slower than the target before one 10× slower,
    whatever request rate the slow one's queue reports), then throughput, then fewer cards per copy.
    A layout the search weighed is ranked once (:attr:`Weighed.rank`)."""
    return est.rank if isinstance(est, (Weighed, Either)) else rank_of(est)


def rank_of(est: Estimate) -> tuple:
    """:func:`serving_rank` worked out."""
    i = est.serving
    if i is None:  # no speed: neither fits nor carries anything
        return (False, False, -math.inf, 0.0, 0)
    miss = miss_of(est)
    return (est.fits, miss == 0.0, -miss, i.requests_per_s, -est.scenario.parallelism.tp)


def first_place(est: Weighed | Estimate | Either) -> bool:
    """The first place of a weighed layout's rank (fits, with a speed), untimed where it can be."""
    rank = serving_rank(est)
    return rank.first() if isinstance(rank, Rank) else rank[0]


class Weighed:
    """One layout as the search weighs it: its memory at the load and its speed (what ranks it,
    :func:`serving_rank`), the full estimate — limits, power, costs, verdicts, messages — made
    from the same copy only when asked (:meth:`estimate`: for the layout chosen, a layout said
    in a note, or one kept by :func:`recording_evaluated`); the numbers are the estimate's."""

    __slots__ = ("scenario", "card", "copy", "memory", "short", "_serving", "_timed", "_estimate", "_rank", "_whole",
                 "_verdicts")

    def __init__(self, scenario: Scenario, card: Card) -> None:
        self.scenario, self.card = scenario, card
        self.copy = _probed_copy(scenario, card) or kept_copy(scenario, card, kept_plan(scenario, card))
        self.memory = self.copy.memory
        self._serving: ServingSpeed | None = None
        self._timed = False
        self._estimate: Estimate | None = None
        self._rank: Rank | None = None
        self._whole: tuple | None = None
        self._verdicts: tuple[Verdict, ...] | None = None
        self.short = False
        """Known to fit and miss the stated request rate (the rate probe said so at its batch,
        :func:`_batched_replica`): the first two places of its rank are (True, False) untimed."""

    @property
    def rank(self) -> Rank:
        """The layout's place in the search's order (:func:`serving_rank`), worked out once and
        only as far as a comparison needs it (:class:`Rank`)."""
        if self._rank is None:
            self._rank = Rank(self)
        return self._rank

    def whole_rank(self) -> tuple:
        """:func:`rank_of` this layout, worked out once."""
        if self._whole is None:
            self._whole = rank_of(self)
        return self._whole

    @property
    def timed(self) -> bool:
        """Whether the layout has a speed (:attr:`serving` is not None), known without timing it:
        :func:`~configurator.core.serving_speed.replica_speed` gives None exactly where the copy's
        math precision, the card's peak for it or its memory bandwidth is missing (as
        :meth:`RateProbe.of` reads it), and :func:`~configurator.core.serving_speed.deployment_speed`
        only where the replica's is None."""
        if self._timed:
            return self._serving is not None
        plan = self.copy.plan
        return plan.math is not None and bool(self.card.peak_tflops(plan.math)) and bool(self.card.bandwidth_gbps)

    @property
    def serving(self) -> ServingSpeed | None:
        """The deployment's speed, worked out when first read (a layout dropped for not fitting
        is never timed)."""
        if not self._timed:
            self._serving, self._timed = deployment_speed(self.scenario, self.copy.replica), True
        return self._serving

    def verdicts(self) -> tuple[Verdict, ...]:
        """The request rate and latency targets' verdicts at its speed
        (:func:`~configurator.core.constraints.serving_verdicts`), worked out once."""
        if self._verdicts is None:
            self._verdicts = serving_verdicts(self.scenario, self.serving)
        return self._verdicts

    @property
    def fits(self) -> bool:
        """As :attr:`Estimate.fits`."""
        return self.memory.fits

    def estimate(self) -> Estimate:
        """The layout's estimate (:func:`estimate_serving` on this copy), made once."""
        if self._estimate is None:
            self._estimate = estimate_serving(self.scenario, self.card,
                                              basis_of_copy(self.scenario, self.card, self.copy))
        return self._estimate


class Rank:
    """A weighed layout's rank (:func:`rank_of`), worked out only when a comparison needs more
    than its first place. The first place — fits, and has a speed — is known untimed
    (:attr:`Weighed.timed`), and tuples compare by their first differing place, so a layout that
    does not fit loses to one that fits without its latencies and request rate ever being worked
    out. Comparisons and the first ``places`` places (``rank[:2]``) are those of the tuple
    (the same answers); anything else reads the tuple."""

    __slots__ = ("weighed", "places", "_value")

    def __init__(self, weighed: Weighed, places: int | None = None) -> None:
        self.weighed, self.places, self._value = weighed, places, None

    def value(self) -> tuple:
        """The rank as the tuple :func:`rank_of` gives (its first :attr:`places`); the first two
        places of a layout known to fit and miss the rate (:attr:`Weighed.short`: it has a speed,
        and a missed rate is a positive miss) untimed."""
        if self._value is None and self.places is not None and self.places <= 2 and known_short(self.weighed):
            self._value = (True, False)[:self.places]
        if self._value is None:
            whole = self.weighed.whole_rank()
            self._value = whole if self.places is None else whole[:self.places]
        return self._value

    def first(self) -> bool:
        """The first place — fits, and has a speed (:attr:`Weighed.timed`) — untimed."""
        return self.weighed.fits and self.weighed.timed

    def __getitem__(self, key):
        if isinstance(key, slice) and key.start is None and key.step is None and key.stop is not None \
                and key.stop > 0:
            return Rank(self.weighed, key.stop if self.places is None else min(key.stop, self.places))
        return self.value()[key]

    def __len__(self) -> int:
        return len(self.value())

    def _pair(self, other) -> tuple:
        """(this first place, the other's) or, where they are equal, both whole ranks."""
        mine, theirs = self.first(), (other.first() if isinstance(other, Rank) else other[0])
        if mine != theirs:
            return (mine,), (theirs,)
        return self.value(), (other.value() if isinstance(other, Rank) else other)

    def __gt__(self, other) -> bool:
        a, b = self._pair(other)
        return a > b

    def __lt__(self, other) -> bool:
        a, b = self._pair(other)
        return a < b

    def __ge__(self, other) -> bool:
        a, b = self._pair(other)
        return a >= b

    def __le__(self, other) -> bool:
        a, b = self._pair(other)
        return a <= b

    def __eq__(self, other) -> bool:
        if not isinstance(other, (Rank, tuple)):
            return NotImplemented
        a, b = self._pair(other)
        return a == b

    __hash__ = None


def known_short(est: Weighed | Estimate | Either) -> bool:
    """Whether a weighed layout is known to fit and miss the stated request rate (:attr:`Weighed.short`)."""
    return isinstance(est, Weighed) and est.short


def has_speed(est: Weighed | Estimate | Either) -> bool | None:
    """Whether a layout the search weighed has a speed (:attr:`Weighed.timed`: untimed); for a
    choice not yet made (:class:`Either`) None where its two answers differ."""
    if isinstance(est, Either):
        return est.timed
    return est.timed if isinstance(est, Weighed) else est.serving is not None


class Either:
    """A layout with the engine's KV cache (``default``) or an FP8 one (``fp8``), neither of which
    fits (:func:`_with_fp8_cache_if_needed`), the choice between them — by the first two places of
    their ranks, which for two layouts that do not fit need their speeds — made only when asked
    (:meth:`resolved`): a layout that does not fit loses to any that fits whichever it is, so where
    another layout fits neither is timed. What the search reads of it before — that it does not
    fit, its tensor-parallel degree, the weights and the memory budget per card — the two share."""

    __slots__ = ("default", "fp8", "card", "_resolved", "_rank")

    fits = False

    def __init__(self, default: Weighed | Estimate, fp8: Weighed | Estimate, card: Card) -> None:
        self.default, self.fp8, self.card = default, fp8, card
        self._resolved: Weighed | Estimate | None = None
        self._rank: Rank | None = None

    @property
    def scenario(self) -> Scenario:
        """The default's scenario: the layout (parallel degrees) both share."""
        return self.default.scenario

    @property
    def memory(self):
        """The default's memory at the load: its weights and budget per card are the FP8 one's too."""
        return self.default.memory

    @property
    def timed(self) -> bool | None:
        """Whether the one chosen has a speed, where both say the same (else None)."""
        a, b = has_speed(self.default), has_speed(self.fp8)
        return a if a == b else None

    @property
    def rank(self) -> Rank:
        if self._rank is None:
            self._rank = Rank(self)
        return self._rank

    def whole_rank(self) -> tuple:
        chosen = self.resolved()
        return chosen.whole_rank() if isinstance(chosen, Weighed) else rank_of(chosen)

    def resolved(self) -> Weighed | Estimate:
        """The choice :func:`_with_fp8_cache_if_needed` makes: the FP8 cache (its estimate, said in a
        message) where it ranks above the default in fitting or meeting the targets, else the default."""
        if self._resolved is None:
            self._resolved = fp8_chosen(self.default, self.fp8)
        return self._resolved


def resolved_layout(est: Weighed | Estimate | Either) -> Weighed | Estimate:
    """A layout as the search weighed it, a choice not yet made (:class:`Either`) made."""
    return est.resolved() if isinstance(est, Either) else est


def fp8_chosen(best: Weighed | Estimate, other: Weighed | Estimate) -> Weighed | Estimate:
    """``other`` (a layout with an FP8 KV cache; its estimate, with a message) where it ranks above
    ``best`` (the same layout with the engine's) in the first two places — fits, meets the targets
    — else ``best``."""
    if serving_rank(other)[:2] > serving_rank(best)[:2]:  # fits, or meets the targets, where it did not
        other = estimate_of(other)
        return replace(other, messages=(msg("kv-fp8-chosen"), *other.messages))
    return best


def estimate_of(weighed: Weighed | Estimate) -> Estimate:
    """The estimate of a layout the search weighed (an estimate as it is)."""
    weighed = resolved_layout(weighed)
    return weighed.estimate() if isinstance(weighed, Weighed) else weighed


LOAD_RESOLUTION = CLOSED_LOOP_TOLERANCE
"""Relative change of a copy's worst target miss (as ``1 + miss``, the actual over the target) or
request rate that the batch search counts as none: the load model's coarsest stated accuracy (the
closed loop holds the users to :data:`~configurator.core.load.CLOSED_LOOP_TOLERANCE`, the
highest-rate bisection stops at 1e-4 of the rate). Finer changes are its numerics: the mean step is
solved to 1e-6 (:data:`~configurator.core.load.STEP_TOLERANCE`) and reaches the latency
percentiles amplified by the queueing (up to 2.6e-6 between two batches of one copy on the
README's serving question, either way)."""


def wider_ranks_higher(miss: float, rate: float, wider_miss: float, wider_rate: float) -> bool:
    """Whether a copy with a doubled batch cap, both fitting and carrying the stated rate, ranks
    above the narrower one as :func:`serving_rank` orders them, changes within
    :data:`LOAD_RESOLUTION` counted as none: its worst target miss [share] is shorter, or no
    longer and its request rate [1/s] (the capacity under a stated rate) higher."""
    ratio = (1.0 + wider_miss) / (1.0 + miss)  # actual over target, wider over narrower
    if ratio < 1.0 - LOAD_RESOLUTION:
        return True
    return ratio <= 1.0 + LOAD_RESOLUTION and wider_rate > rate * (1.0 + LOAD_RESOLUTION)


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


_PROBED: tuple[Scenario, Card, PrecisionPlan] | None = None
"""The last copy the rate probe found fitting: its scenario, card and precision plan (the copy
itself is made only where it is weighed, :func:`_probed_copy`)."""


def _probed_copy(scenario: Scenario, card: Card) -> ServingCopy | None:
    """The copy the rate probe found fitting for an equal ``scenario`` on this ``card`` (the batch
    it stopped on, estimated next), through the kept copies (:func:`~.copies.kept_copy`), else
    None: the estimate there asks the same questions (the precision plan, the memory model and
    :func:`~configurator.core.serving_speed.step_costs` of an equal scenario on the same card) and
    is given the same answers (the step costs the probe worked out, kept on the copy's step table)."""
    probed = _PROBED
    if probed is None or probed[1] is not card or probed[0] != scenario:
        return None
    return kept_copy(*probed)


PREFILL_CEILING_MARGIN = 1e-9
"""Share added to :func:`prefill_ceiling` for the rounding of the capacity's own arithmetic (a few
units in the last place, ~1e-15 of it)."""


def prefill_ceiling(scenario: Scenario, card: Card, plan: PrecisionPlan, token_s: float | None = None) -> float:
    """A ceiling on the request rate one copy that prefills in its decode steps sustains at any
    batch per copy (:func:`~configurator.core.load.capacity`) [1/s]: ``1/(P·τ_p)``, ``P`` its
    uncached prompt tokens and ``τ_p`` the compute time of one in a step (the step costs' own,
    :func:`~configurator.core.serving_speed.prompt_token_seconds`, which reads no batch), raised
    by :data:`PREFILL_CEILING_MARGIN`. At the full batch ``B`` the step is
    ``T* = T_d(B) + B·P·τ_p/D + (1 − e^(−B/D))·t_chunk`` with every term non-negative, so the
    capacity ``B/(D·T*)`` is at most ``B/(D·B·P·τ_p/D) = 1/(P·τ_p)`` (answers of one token:
    ``(1 − 1e-6)/(P·τ_p)``); infinite where a prompt costs nothing. ``token_s``: ``τ_p`` when
    already worked out."""
    if token_s is None:
        token_s = prompt_token_seconds(scenario, card, plan)
    prompt = uncached_prompt_tokens(scenario) * token_s
    return (1.0 + PREFILL_CEILING_MARGIN) / prompt if prompt > 0 else math.inf


@dataclass(frozen=True)
class RateProbe:
    """What the batch search reads of a copy before its latencies are judged — whether it fits
    and whether it carries the stated request rate — worked out by the estimate's own functions
    (the memory model; :func:`~configurator.core.serving_speed.step_costs` and
    :func:`~configurator.core.load.capacity`, the request rate a continuously batched copy
    reports under a target, times the copies), without the latency percentiles, power and costs
    of a full estimate; with separate prefill and decode pools the slower pool's rate
    (:attr:`~configurator.core.serving_speed.Pools.capacity`) over the copies, as the estimate
    reports it. Only where the estimate's rate is exactly that: continuous batching, a stated
    rate and a speed to time it with."""

    scenario: Scenario
    card: Card
    plan: PrecisionPlan
    seen: dict[int, tuple[float, tuple]] = field(default_factory=dict, compare=False, repr=False)
    """The rates :meth:`rate_at` worked out where the copy fits, by batch, each with what
    :func:`_probed_copy` makes its copy from."""
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

    def walk(self, spread: int, largest: int) -> tuple[int, int, bool, bool]:
        """The batch search's doubling towards the request rate (:func:`_batched_replica`): from
        ``spread``, doubled up to ``largest`` while the copy fits and short of the rate, stopped
        before a batch that would not fit. Returns the batch it settles on, the last batch tried,
        and whether the copy fits and carries the rate at the batch it settles on. Taken once per
        scenario while the walks are kept (:data:`KEPT_WALKS`)."""
        global _PROBED
        kept_walks = KEPT_WALKS.get()
        key = _walk_key(self.scenario, self.card, spread, largest) if kept_walks is not None else None
        if key is not None and key in kept_walks:
            found, _PROBED = kept_walks[key]  # and the copy it settled on, as after the walk itself
            return found
        found = self._walk(spread, largest)
        if key is not None:
            kept_walks[key] = (found, _PROBED)
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
        pool's rate (:attr:`~configurator.core.serving_speed.Pools.prefill_rate`, which bounds
        :attr:`~configurator.core.serving_speed.Pools.capacity` from above) over the copies, as
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

    def _fits_short(self, batch: int) -> tuple[bool, bool]:
        """:meth:`at` where the copy is short of the rate at every batch (:meth:`short_at_every_batch`):
        whether it fits at ``batch`` (its memory alone; the step table not worked out), and False."""
        return self._fits(at_batch(self.scenario, batch)), False

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
        worked out only where the copy fits (else 0). No copy is made (:meth:`_fits`,
        :meth:`_costs`: the copy's own memory and step costs); the one the estimate there weighs
        is made from the same scenario when asked (:func:`_probed_copy`)."""
        global _PROBED
        if batch in self.seen:
            rate, _PROBED = self.seen[batch]
            return True, rate
        s = at_batch(self.scenario, batch)
        if not self._fits(s):
            return False, 0.0
        _PROBED, plan, costs = (s, self.card, self.plan), self.plan, self._costs(s)
        if s.prefill_copies:  # the replica's rate is the deployment's over its copies
            rate = pools(s, self.card, plan, costs).capacity / s.data_parallel * busy_copies(s)
        else:
            rate = capacity(costs) * busy_copies(s)
        self.seen[batch] = (rate, _PROBED)
        return True, rate

    def _fits(self, s: Scenario) -> bool:
        """Whether the copy of ``s`` (this probe's scenario at another batch per copy) fits: its
        memory at the load (:class:`~.estimate.ServingCopy`'s own, the batch-free memory model's
        breakdown at its sequences and context) within the engine's budget."""
        model = self.kept.get("memory")
        if model is None:  # the batch is no input of the model (kept_memory_model)
            model = self.kept["memory"] = kept_memory_model(self.scenario, self.card, self.plan)
        return model.breakdown(s.sequences_per_replica, s.serving.context_tokens).fits

    def batch_free(self, fn: Callable[[Scenario, Card, PrecisionPlan], float]) -> float:
        """``fn(scenario, card, plan)`` for a prefill time of the copy that reads no batch, users or
        pools (:data:`~configurator.core.decode_step.NO_PREFILL_FIELDS`) nor the card count, worked
        out once per step table (:meth:`~configurator.core.decode_step.StepTable.batch_free`: the
        table is kept for every count and batch of the layout) [s]."""
        return self._table().batch_free(fn, self.scenario, self.card, self.plan)

    def _table(self) -> StepTable:
        """The copy's step table (:func:`~configurator.core.decode_step.copy_step_table`: its key
        holds no batch, so every batch of this probe shares it), looked up once."""
        table = self.kept.get("table")
        if table is None:
            serving = self.scenario.serving
            table = self.kept["table"] = copy_step_table(self.scenario, self.card, self.plan,
                                                         serving.prompt_tokens + serving.output_tokens // 2)
        return table

    def _costs(self, s: Scenario) -> StepCosts:
        """The decode step costs of the copy of ``s`` at its running batch: what its copy's
        :attr:`~.estimate.ServingCopy.costs` gives (:func:`~configurator.core.serving_speed.step_costs`),
        on the step table every batch of this probe shares (its key holds no batch,
        :meth:`_table`)."""
        return step_costs(s, self.card, self.plan, running_batch(s), self._table())

    def offer(self, batch: int) -> None:
        """Where :meth:`rate_at` worked out the copy at ``batch``, that copy given to the estimate
        there (:func:`_probed_copy`), not worked out again."""
        global _PROBED
        if batch in self.seen:
            _PROBED = self.seen[batch][1]

    def widest(self, batch: int, largest: int, rate: float) -> int:
        """The batch per copy the doubling from ``batch`` (carrying ``rate`` [1/s]) reaches, up to
        ``largest``, while each doubled copy fits and carries more than the one before by more
        than :data:`LOAD_RESOLUTION` — what ranks a wider copy higher when its worst miss stays
        the same (:func:`wider_ranks_higher`); ``batch`` where the first doubling does not. The
        copies worked out on the way are kept (:attr:`seen`)."""
        while batch < largest:
            wider = min(2 * batch, largest)
            fits, wider_rate = self.rate_at(wider)
            if not (fits and wider_rate > rate * (1.0 + LOAD_RESOLUTION)):
                break
            batch, rate = wider, wider_rate
        return batch
