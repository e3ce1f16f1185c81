"""How the serving search weighs a layout: the order it ranks layouts in (:func:`serving_rank`),
a layout as it weighs it — its memory and speed, the full estimate only when asked
(:class:`Weighed`, its rank worked out as far as a comparison needs, :class:`Rank`; the engine's
or an FP8 KV cache chosen when asked, :class:`Either`); the rate probe that walks a copy's
batch on memory and request rate alone is :mod:`~configurator.core.workloads.serving.probe`'s
(:class:`~configurator.core.workloads.serving.probe.RateProbe`). The search itself is
:mod:`configurator.core.workloads.serving.plan`; the search's names below (``recording_evaluated``,
``NotCarrying``, ...) are that module's (``batched_replica``: :mod:`~.batch_search`'s).
"""

from __future__ import annotations

import math
from dataclasses import replace

from configurator.core.catalog import Card
from configurator.core.constraints import missed_serving_targets, serving_verdicts
from configurator.core.messages import msg
from configurator.core.scenario import Scenario
from configurator.core.serving_speed import ServingSpeed, deployment_speed
from configurator.core.verdicts import Verdict
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.serving.copies import kept_copy, kept_plan
from configurator.core.workloads.serving.estimate import basis_of_copy, estimate_serving
from configurator.core.workloads.serving.probe import LOAD_RESOLUTION, probed_copy


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
    whatever request rate the slow one's queue reports), then the request rate carried within the latency
    targets (:attr:`~configurator.core.serving_speed.ReplicaSpeed.goodput_per_s`: the goodput under a stated
    rate, else the capacity or what the users send), then fewer cards per copy.
    A layout the search weighed is ranked once (:attr:`Weighed.rank`)."""
    return est.rank if isinstance(est, (Weighed, Either)) else rank_of(est)


def rank_of(est: Estimate) -> tuple:
    """:func:`serving_rank` worked out."""
    i = est.serving
    if i is None:  # no speed: neither fits nor carries anything
        return (False, False, -math.inf, 0.0, 0)
    miss = miss_of(est)
    return (est.fits, miss == 0.0, -miss, i.requests_per_s if i.goodput is None else CarriedRate(i),
            -est.scenario.parallelism.tp)


class CarriedRate:
    """The fourth place of a serving rank where it is a goodput
    (:attr:`~configurator.core.serving_speed.ReplicaSpeed.goodput_per_s`): worked out only when a
    comparison reaches it — tuples compare by their first differing place, so two layouts that
    differ in fit or target miss never work out their goodputs. Compares and hashes as the number
    [1/s]; ``float()`` gives it."""

    __slots__ = ("speed",)

    def __init__(self, speed) -> None:
        self.speed = speed

    def __float__(self) -> float:
        return self.speed.goodput_per_s

    def __eq__(self, other) -> bool:
        return float(self) == float(other)

    def __lt__(self, other) -> bool:
        return float(self) < float(other)

    def __le__(self, other) -> bool:
        return float(self) <= float(other)

    def __gt__(self, other) -> bool:
        return float(self) > float(other)

    def __ge__(self, other) -> bool:
        return float(self) >= float(other)

    def __hash__(self) -> int:
        return hash(float(self))

    def __repr__(self) -> str:
        return repr(float(self))


def first_place(est: Weighed | Estimate | Either) -> bool:
    """The first place of a weighed layout's rank (fits, with a speed), untimed where it can be."""
    rank = serving_rank(est)
    return rank.first() if isinstance(rank, Rank) else rank[0]


class Weighed:
    """One layout as the search weighs it: its memory at the load and its speed (what ranks it,
    :func:`serving_rank`), the full estimate — limits, power, costs, verdicts, messages — made
    from the same copy only when asked (:meth:`estimate`: for the layout chosen, a layout said
    in a note, or one kept by :func:`recording_evaluated`); the numbers are the estimate's."""

    __slots__ = ("scenario", "card", "copy", "memory", "short", "_serving", "_timed", "_estimate", "_whole",
                 "_verdicts")

    def __init__(self, scenario: Scenario, card: Card) -> None:
        self.scenario, self.card = scenario, card
        self.copy = probed_copy(scenario, card) or kept_copy(scenario, card, kept_plan(scenario, card))
        self.memory = self.copy.memory
        self._serving: ServingSpeed | None = None
        self._timed = False
        self._estimate: Estimate | None = None
        self._whole: tuple | None = None
        self._verdicts: tuple[Verdict, ...] | None = None
        self.short = False
        """Known to fit and miss the stated request rate (the rate probe said so at its batch,
        :func:`~.batch_search.batched_replica`): the first two places of its rank are (True, False) untimed."""

    @property
    def rank(self) -> Rank:
        """The layout's place in the search's order (:func:`serving_rank`), worked out only as far
        as a comparison needs it (:class:`Rank`; the whole rank worked out once, :meth:`whole_rank`).
        A new :class:`Rank` each time, not kept here: a rank holds its layout, and one kept by the
        layout would make a reference cycle for the garbage collector to find (every layout weighed)."""
        return Rank(self)

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
        :meth:`~configurator.core.workloads.serving.probe.RateProbe.of` reads it), and :func:`~configurator.core.serving_speed.deployment_speed`
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
        if key in (0, 1) and self._value is None and known_short(self.weighed):
            return (True, False)[key]  # fits, misses the stated rate: untimed (value)
        return self.value()[key]

    def __len__(self) -> int:
        return len(self.value())

    def _pair(self, other) -> tuple:
        """(this first place, the other's); where they are equal and one of the two is known to
        fit and miss the stated rate (:func:`known_short`: its first two places (True, False)
        untimed) and the other is not, the first two places where they differ; else both whole
        ranks. Tuples compare by their first differing place, so the answer is the whole ranks'."""
        mine, theirs = self.first(), (other.first() if isinstance(other, Rank) else other[0])
        if mine != theirs:
            return (mine,), (theirs,)
        short, other_short = known_short(self.weighed), isinstance(other, Rank) and known_short(other.weighed)
        if short != other_short:
            a = (True, False) if short else self.value()[:2]
            b = (True, False) if other_short else (other.value() if isinstance(other, Rank) else other)[:2]
            if a != b:
                return a, b
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

    __slots__ = ("default", "fp8", "card", "_resolved", "_whole")

    fits = False

    def __init__(self, default: Weighed | Estimate, fp8: Weighed | Estimate, card: Card) -> None:
        self.default, self.fp8, self.card = default, fp8, card
        self._resolved: Weighed | Estimate | None = None
        self._whole: tuple | None = None

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
        """As :attr:`Weighed.rank`: a new :class:`Rank` each time (no reference cycle)."""
        return Rank(self)

    def whole_rank(self) -> tuple:
        """:func:`rank_of` the one chosen (:meth:`resolved`), worked out once."""
        if self._whole is None:
            chosen = self.resolved()
            self._whole = chosen.whole_rank() if isinstance(chosen, Weighed) else rank_of(chosen)
        return self._whole

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


def wider_ranks_higher(miss: float, speed, wider_miss: float, wider_speed) -> bool:
    """Whether a copy with a doubled batch cap, both fitting and carrying the stated rate, ranks
    above the narrower one as :func:`serving_rank` orders them, changes within
    :data:`LOAD_RESOLUTION` counted as none: its worst target miss [share] is shorter; or, where a
    goodput is taken (a stated rate and latency targets,
    :attr:`~configurator.core.serving_speed.ReplicaSpeed.goodput`), it meets every target at the
    stated rate — so its goodput is higher too: at least that rate, which the narrower, missing a
    target there (the search widens only then), does not reach — while two copies that both miss
    are not told apart by their rates (a goodput is a search); else (the users' load alone) no
    longer and the request rate [1/s] (what the users send) higher. ``speed`` and
    ``wider_speed``: the two copies' speeds, their rates read only on the users' load alone."""
    ratio = (1.0 + wider_miss) / (1.0 + miss)  # actual over target, wider over narrower
    if ratio < 1.0 - LOAD_RESOLUTION:
        return True
    if ratio > 1.0 + LOAD_RESOLUTION:
        return False
    if wider_speed.goodput is not None:
        return wider_miss == 0.0
    return wider_speed.goodput_per_s > speed.goodput_per_s * (1.0 + LOAD_RESOLUTION)


def misses_by(est: Weighed | Estimate) -> float | None:
    """The worst target miss of a layout weighed (:func:`miss_of`) where it fits with a speed and is
    not known short — a layout whose miss exceeds it ranks below it — else None [share]."""
    if isinstance(est, Either) or not first_place(est) or known_short(est):
        return None
    return miss_of(est)


def pools_choice_reason(chosen: Estimate, other: Estimate) -> str:
    """Why ``chosen`` (which fits) ranks above ``other`` (:func:`serving_rank`), as the suffix of
    its message id: both within the targets, the one carrying more ("");  the other short of them
    ("-other-short") or not fitting ("-other-unfit"); both short, the chosen by less ("-both-short")."""
    if target_miss(chosen.scenario, chosen.serving) > 0.0:
        return "-both-short"
    if not other.fits:
        return "-other-unfit"
    return "-other-short" if target_miss(other.scenario, other.serving) > 0.0 else ""


SAME_CAPACITY = 0.11
"""Share of request rate within which two layouts of one card and count that both meet every
target count as carrying the same load, so that the faster of them is chosen
(:func:`faster_of_equals`) [share of the larger rate]. At one card and count the cards cost the
same, so the cost per token differs only by the rate carried: under a stated rate not at all
where both carry it (the work paid for is the stated load,
:func:`~configurator.core.workloads.serving.family.served_tokens_per_hour`; the rest is headroom),
without one by the rates' ratio. The estimator does not resolve rates this close: its
cross-validated median error on published serving throughput was 11.2 % when this share was set
(``benchmarks/accuracy.py --summary``, kind ``serving-throughput``, leave-one-source-out, 10 rows, December
2026; 12.2 % in sample); on 2026-12-07 it is 8.7 % (8.8 % in sample) and 18 % on the held-out rows, so the
share is kept, not tightened. The faster layout must also be faster by more than this share (a time per token the
estimator resolves no better: decode's median error is 8.1 % in sample, 14.7 % cross-validated),
so that a layout never gives up headroom for a time per token it only seems to gain. Before the
tie, the README's Llama 3 70B question kept 12 × MI325X at TP2 × 6 shared copies, 41.3 ms per
token and 26.4 requests/s, over TP4 with 2 + 1 separate pools, 21.7 ms and 25.9 requests/s (2 %
less)."""


def faster_of_equals(best: Weighed | Estimate | Either, others) -> Weighed | Estimate | Either:
    """Among ``best`` (ranked first by :func:`serving_rank`) and ``others`` (layouts of the same
    card and count), where ``best`` fits and meets every target: the one with the shortest time per
    output token (then time to first token) of those that also do and carry at least
    ``1 − SAME_CAPACITY`` of its request rate within the targets (:data:`SAME_CAPACITY`; the rate the rank
    reads, :attr:`~configurator.core.serving_speed.ReplicaSpeed.goodput_per_s`), where it is shorter than
    ``best``'s by more than that share (or, as short, its first token is); else ``best``. A layout
    that misses a target, the buyer's or the use's, is never chosen for speed, nor one that does
    not fit."""
    if not first_place(best) or serving_rank(best)[:2] != (True, True):
        return best
    floor = (1.0 - SAME_CAPACITY) * best.serving.goodput_per_s
    tied = [e for e in others if e is not best and first_place(e) and serving_rank(e)[:2] == (True, True)
            and e.serving.goodput_per_s >= floor]
    if not tied:
        return best
    faster = min(tied, key=lambda e: (e.serving.tpot_s, e.serving.ttft_s))
    a, b = faster.serving, best.serving
    shorter = 1.0 - SAME_CAPACITY
    if a.tpot_s < shorter * b.tpot_s or (a.tpot_s <= b.tpot_s and a.ttft_s < shorter * b.ttft_s):
        return faster
    return best
