"""The serving planner: tensor parallelism, pipeline stages, expert parallelism, batch per copy
and KV precision of a serving deployment chosen for its load and latency targets, for
scenarios with Auto serving fields (:func:`assemble`).
"""

from __future__ import annotations

import math
from contextvars import ContextVar
from dataclasses import dataclass, field, replace

from configurator.core.catalog import Card
from configurator.core.constraints import missed_serving_targets
from configurator.core.constraints import serving_verdicts
from configurator.core.memory import serving_memory_model, usable_capacity_bytes
from configurator.core.memo import NOT_SEARCHED, LruMemo, scenario_key
from configurator.core.messages import msg
from configurator.core.training_speed import fabric
from configurator.core.load import CLOSED_LOOP_TOLERANCE, capacity
from configurator.core.formats import kv_bytes
from configurator.core.precision import PrecisionPlan, kv_element_bytes, plan_serving
from configurator.core.scenario import Scenario
from configurator.core.serving_speed import (
    ServingSpeed,
    busy_copies,
    deployment_speed,
    pools,
    prefill_pool_prompt_seconds,
    prefill_pool_rate,
    serving_batching,
)
from configurator.core.verdicts import floor
from configurator.core.serving_use import latency_targets
from configurator.core.units import Precision
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.layout import with_layout
from configurator.core.workloads.memo import remembered
from configurator.core.workloads.serving.estimate import (
    ServingCopy,
    basis_of_copy,
    estimate_serving,
    serving_basis,
    serving_copy,
)

PLANNED_FIELDS = frozenset({"tp", "pp", "max_batch", "max_batched_tokens", "disaggregated"})
"""Serving fields that, left Auto, make the serving planner choose the layout."""


def plans_layout(scenario: Scenario) -> bool:
    """Whether the planner chooses the layout: a planned field is Auto, or the prefill pool of a
    disaggregated deployment is left unsized."""
    serving = scenario.serving
    return bool(PLANNED_FIELDS & set(scenario.auto_layout)) or \
        (serving.disaggregated and serving.prefill_cards is None)


def assemble(scenario: Scenario, card: Card) -> Estimate:
    """The serving estimate: of the planned layout when the planner chooses it, else of the one stated."""
    if plans_layout(scenario):
        return planned_serving(scenario, card)
    return estimate_serving(scenario, card, serving_basis(scenario, card))


def estimated(scenario: Scenario, card: Card) -> Estimate:
    """:func:`assemble` through the shared memo (what :func:`configurator.core.estimate.estimate`
    gives for a serving scenario)."""
    return remembered(scenario, card, assemble)


def carries_load(est: Estimate) -> bool:
    """Serving: fits, and carries every user and the request rate within the latency targets."""
    return est.fits and est.serving is not None and not missed_serving_targets(est.scenario, est.serving)


def target_miss(scenario: Scenario, speed: ServingSpeed | None) -> float:
    """How far a deployment is from its serving targets: the largest relative miss over the
    request rate and the latency targets (the buyer's, else the use's) — ``actual/target − 1`` for
    a latency, ``target/actual − 1`` for the rate — 0 when it meets them all, infinite without a
    speed [share]."""
    if speed is None:
        return math.inf
    worst = 0.0
    for v in serving_verdicts(scenario, speed):
        if not v.missed:
            continue
        if v.kind == "ceiling":
            worst = max(worst, v.actual / v.target - 1.0)
        else:
            worst = max(worst, v.target / v.actual - 1.0 if v.actual > 0 else math.inf)
    return worst


def _serving_rank(est: Estimate) -> tuple:
    """Order of serving layouts: fits, meets its targets, then — short of them — the smallest
    relative miss (:func:`target_miss`: a layout 10 % slower than the target before one 10× slower,
    whatever request rate the slow one's queue reports), then throughput, then fewer cards per copy.
    A layout the search weighed is ranked once (:attr:`_Weighed.rank`)."""
    return est.rank if isinstance(est, (_Weighed, _Either)) else _rank_of(est)


def _rank_of(est: Estimate) -> tuple:
    """:func:`_serving_rank` worked out."""
    i = est.serving
    if i is None:  # no speed: neither fits nor carries anything
        return (False, False, -math.inf, 0.0, 0)
    miss = target_miss(est.scenario, i)
    return (est.fits, miss == 0.0, -miss, i.requests_per_s, -est.scenario.parallelism.tp)


def serving_tensor_parallel_options(scenario: Scenario, card: Card) -> list[int]:
    """Tensor-parallel degrees for one model copy: powers of two inside one fast domain — the
    fast-link domain, else the server, whose cards all-reduce over PCIe — that divide the heads
    and the card count. Serving engines run tensor parallel over PCIe (vLLM and SGLang over NCCL:
    a decode step's all-reduces are small, so they cost PCIe's latency more than its bandwidth,
    :func:`configurator.core.serving_speed.decode_step_seconds`), and the search keeps it where it
    is faster than pipeline stages, which read every weight once per token on one card at a time."""
    if "tp" not in scenario.auto_layout:
        return [scenario.parallelism.tp]
    domain = fabric(card, scenario.parallelism.cards_per_node, scenario.assumptions).domain
    limit = min(domain, scenario.count)
    return [t for t in (1, 2, 4, 8, 16, 32, 64) if t <= limit and scenario.model.n_heads % t == 0
            and scenario.count % t == 0] or [1]


SERVING_PIPELINE_STAGES = (2, 4, 8, 16)
"""Pipeline stages a serving copy is split into when tensor parallelism inside one fast domain
does not hold it (vLLM ``--pipeline-parallel-size`` across servers); each token still passes
every stage, so the time per token is that of the whole model's weights and cache read once."""


def serving_expert_parallel_options(scenario: Scenario, card: Card, tp: int, pp: int) -> list[int]:
    """Expert-parallel degrees, in cards, tried for copies of ``tp × pp`` cards: 1, for a mixture
    of experts with ``tp`` > 1 also ``tp`` (TP × EP within one copy: the same bytes and
    collectives as TP alone, the experts whole on their ranks instead of sliced ``tp`` ways, so
    larger products, :attr:`~configurator.core.scenario.Scenario.expert_tensor_parallel`; chosen
    only where that is faster, ties keep TP alone), and the most copies that can share one set of
    experts inside one fast domain times ``tp`` (the copies divide, the experts split evenly;
    dispatch and combine stay on the fast link). A pinned degree is kept where ``tp`` allows it
    (:attr:`~configurator.core.scenario.Scenario.expert_copies`)."""
    copies = scenario.count // (tp * pp)
    if "ep" not in scenario.auto_layout:
        ep = scenario.parallelism.ep
        return [ep] if ep == 1 or (ep % tp == 0 and copies % (ep // tp) == 0) else []
    model = scenario.model
    if not model.is_moe:
        return [1]
    domain = fabric(card, scenario.parallelism.cards_per_node, scenario.assumptions).domain
    fitting = [e for e in range(2, copies + 1) if copies % e == 0 and model.n_experts % (e * tp) == 0
               and e * tp * pp <= domain]
    within = [tp] if tp > 1 and model.n_experts % tp == 0 else []
    return [1, *within, *([max(fitting) * tp] if fitting and card.has_fast_link else [])]


PLANNER_NOTES = frozenset({*(f"serving-{layout}-chosen{why}" for layout in ("disaggregated", "colocated")
                             for why in ("", "-other-short", "-other-unfit", "-both-short")),
                           "kv-fp8-chosen", "chunk-chosen"})
"""Messages the search puts before the chosen layout's own estimate's messages."""

SEARCH_MEMO_SIZE = 1024
"""Serving searches kept (the layout chosen and the search's notes; least recently used dropped)."""

_SEARCHES: LruMemo[tuple[Scenario, tuple]] = LruMemo(SEARCH_MEMO_SIZE)


def clear_search_memo() -> None:
    """Forget every kept serving search."""
    _SEARCHES.clear()


def planned_serving(scenario: Scenario, card: Card) -> Estimate:
    """The serving plan (:func:`search_serving`), searched once for scenarios that differ only
    in :data:`~configurator.core.memo.NOT_SEARCHED` (the last :data:`SEARCH_MEMO_SIZE` kept): the same layout in another
    currency or at another electricity price is estimated again, with the search's notes."""
    key = scenario_key(scenario, NOT_SEARCHED)
    kept = _SEARCHES.get(key, (card,))
    if kept is not None:
        chosen, notes = kept
        planned = chosen.model_copy(update={"name": scenario.name, "economics": scenario.economics})
        est = estimate_serving(planned, card, serving_basis(planned, card))
        return replace(est, messages=(*notes, *est.messages)) if notes else est
    est = search_serving(scenario, card)
    notes = []
    for message in est.messages:
        if message.id not in PLANNER_NOTES:
            break
        notes.append(message)
    _SEARCHES.put(key, (est.scenario, tuple(notes)), (card,))
    return est


def search_serving(scenario: Scenario, card: Card) -> Estimate:
    """The serving plan (:func:`planned_layout`); with disaggregation Auto and a latency target,
    planned both with prefill and decode sharing every copy and with separate pools, the one
    that carries more within the targets, said in a message with both rates."""
    if "disaggregated" not in scenario.auto_layout or not _latency_targets(scenario):
        return planned_layout(scenario, card)

    def planned(pooled: bool) -> Estimate:
        serving = scenario.serving.model_copy(update={"disaggregated": pooled, "prefill_cards": None})
        return planned_layout(scenario.model_copy(update={"serving": serving}), card)

    colocated = planned(False)
    if _nothing_to_gain(colocated):
        return colocated
    pools = planned(True)
    if pools.serving is None or colocated.serving is None or not pools.scenario.prefill_copies:
        return colocated
    chosen, other = (pools, colocated) if _serving_rank(pools) > _serving_rank(colocated) else (colocated, pools)
    if not chosen.fits:  # neither fits: the estimate's own messages say so
        return chosen
    s = chosen.scenario
    which = "serving-disaggregated-chosen" if s.serving.disaggregated else "serving-colocated-chosen"
    why = _pools_choice_reason(chosen, other)
    copies = {"prefill": s.prefill_copies, "decode": s.data_parallel - s.prefill_copies} \
        if s.serving.disaggregated else {}
    note = msg(which + why, rate=chosen.serving.requests_per_s, other=other.serving.requests_per_s, **copies)
    return replace(chosen, messages=(note, *chosen.messages))


def _pools_choice_reason(chosen: Estimate, other: Estimate) -> str:
    """Why ``chosen`` (which fits) ranks above ``other`` (:func:`_serving_rank`), as the suffix of
    its message id: both within the targets, the one carrying more ("");  the other short of them
    ("-other-short") or not fitting ("-other-unfit"); both short, the chosen by less ("-both-short")."""
    if target_miss(chosen.scenario, chosen.serving) > 0.0:
        return "-both-short"
    if not other.fits:
        return "-other-unfit"
    return "-other-short" if target_miss(other.scenario, other.serving) > 0.0 else ""


class _Carrying(Exception):
    """Raised out of the search, when asked (:func:`estimated_unless_carrying`), as soon as one
    layout it weighs carries the load."""


ENGINE_SEARCHED = frozenset({"max_batched_tokens", "disaggregated"})
"""Serving fields whose search (the engine step, the pools) may yet make a plan that does not fit
or misses the rate carry the load: :func:`estimated_unless_carrying` says no plan with them Auto
does not carry it before it is estimated."""


@dataclass(frozen=True)
class NotCarrying:
    """What :func:`estimated_unless_carrying` says of a plan it shows does not carry the load
    without estimating it: whether its estimate would fit (False: no layout fits in memory; True:
    every layout that fits misses the stated request rate) and have a speed; :meth:`estimate`
    gives the estimate itself when asked (the rate probe's walks not taken again)."""

    fits: bool
    has_speed: bool
    scenario: Scenario = field(repr=False, compare=False)
    card: Card = field(repr=False, compare=False)
    walks: dict = field(default_factory=dict, repr=False, compare=False)

    def estimate(self) -> Estimate:
        """The plan's estimate (:func:`estimated`), the walks already taken read again."""
        token = _WALKS.set(self.walks)
        try:
            return estimated(self.scenario, self.card)
        finally:
            _WALKS.reset(token)


class _NotCarrying(Exception):
    """Raised out of the search, when asked (:func:`estimated_unless_carrying`), with what it
    knows of a plan that does not carry the load (:class:`NotCarrying`)."""

    def __init__(self, found: NotCarrying) -> None:
        super().__init__(found)
        self.found = found


_STOP_AT_CARRYING: ContextVar[bool] = ContextVar("serving_search_stop_at_carrying", default=False)
"""Whether the search stops at the first layout that carries the load (:func:`estimated_unless_carrying`)."""


def _carries(est: _Weighed | Estimate) -> bool:
    """Whether a layout the search weighed fits and meets the request rate and the latency
    targets: the first two places of its rank (:func:`_serving_rank`) — exactly
    :func:`carries_load` of its estimate (no
    missed verdict is what ``target_miss == 0`` means: a missed verdict's relative miss is
    positive, ``actual/target > 1`` in floating point for ``actual > target > 0``)."""
    return _serving_rank(est)[:2] == (True, True)


_WHETHER_ONLY: ContextVar[bool] = ContextVar("serving_search_whether_only", default=False)
"""Whether the search is asked only whether the plan carries the load (:func:`carries`)."""


def carries(scenario: Scenario, card: Card) -> bool:
    """Whether the plan of ``scenario`` carries the load (:func:`carries_load` of :func:`estimated`),
    worked out only as far as that needs: the search stops at the first layout that carries it
    (:func:`estimated_unless_carrying`) and, its engine step and pools not searched, where it has
    weighed every layout without one doing so the best ranked does not either (it is one of them),
    so it is not ranked or estimated. Nothing is kept."""
    token = _WHETHER_ONLY.set(True)
    try:
        found = estimated_unless_carrying(scenario, card)
    finally:
        _WHETHER_ONLY.reset(token)
    if found is None or isinstance(found, NotCarrying):
        return found is None
    return carries_load(found)


def estimated_unless_carrying(scenario: Scenario, card: Card) -> Estimate | NotCarrying | None:
    """:func:`estimated`, or None where the search (:func:`planned_layout`) comes upon a layout
    that carries the load (:func:`_carries`) before it has weighed them all: then the plan's
    estimate carries the load too, and what it would be is not worked out (nothing is kept); or
    :class:`NotCarrying` where, its engine step and pools not searched, it shows the plan does not
    carry the load before ranking its layouts by speed: no layout it weighed fits in memory (so
    neither does the one it would rank first), or every one that fits falls short of the stated
    rate where the rate probe's walk settles its batch (so does the one it would rank first, which
    fits: a layout known short ranks (True, False) in its first two places).

    Why the answer is the same: the plan ranks its layouts by :func:`_serving_rank`, whose first
    two places are (fits, meets every target), so once one layout weighed carries the load the
    one ranked first carries it too; the layout search stops at pipeline stages where one fits,
    which a layout that carries does; the engine step (:func:`_searched_engine_step`) and the
    pools (:func:`search_serving`) keep a plan that ranks at least as high. A deployment search
    that needs only whether a count carries the load (the fewest cards that do) asks this."""
    if not plans_layout(scenario):
        return estimated(scenario, card)
    walks: dict = {}
    token, kept = _STOP_AT_CARRYING.set(True), _WALKS.set(walks)
    try:
        return estimated(scenario, card)
    except _Carrying:
        return None
    except _NotCarrying as shown:
        return NotCarrying(False, False, scenario, card) if shown.found is None else replace(shown.found, walks=walks)
    finally:
        _STOP_AT_CARRYING.reset(token)
        _WALKS.reset(kept)


def planned_layout(scenario: Scenario, card: Card) -> Estimate:
    """Tensor parallelism (and pipeline stages when one fast domain cannot hold a copy), expert
    parallelism for a mixture of experts, and batch per copy chosen for the load: for every
    tensor-parallel degree that divides the cards, the smallest batch that holds every user and
    carries the request rate (Little's law: a copy serves ``batch / latency`` requests/s) within
    memory and the latency targets; the option that does so at the highest request rate wins."""
    tps = serving_tensor_parallel_options(scenario, card)

    weights = scenario.model.total_params() * plan_serving(scenario, card).weight_bytes
    budget = usable_capacity_bytes(card, scenario.assumptions) * scenario.serving.engine_memory_fraction

    def copies(pp: int) -> list[Estimate]:
        # stages are for copies larger than one fast domain: beside them, the widest tensor parallel
        # degree that divides the cards into whole stages (a pinned pp must not be dropped because
        # the widest degree of all leaves a remainder: 16 cards, pp 4, tp 8 -> tp 4)
        fitting = [tp for tp in tps if scenario.count % (tp * pp) == 0]
        degrees = tps if pp == 1 else [max(fitting)] if fitting else []
        layouts = [(tp, ep) for tp in degrees if scenario.count % (tp * pp) == 0
                   for ep in serving_expert_parallel_options(scenario, card, tp, pp)]
        # widest first: once a layout fits, narrower ones whose weights alone (sharded tp·pp·ep
        # ways at best) outgrow a card cannot win and are not estimated; the order ranked is kept
        done: dict[tuple[int, int], Estimate] = {}
        for tp, ep in sorted(layouts, key=lambda layout: -max(layout)):
            if any(e.fits for e in done.values()) and weights / (max(tp, ep) * pp) > budget:
                continue
            laid_out = with_layout(scenario, {"tp": tp, "pp": pp, "virtual_stages": 1, "cp": 1, "ep": ep})
            done[tp, ep] = _with_fp8_cache_if_needed(laid_out, card, _replica(laid_out, card))
            if _STOP_AT_CARRYING.get() and _carries(done[tp, ep]):
                raise _Carrying  # the plan carries the load whatever else is weighed (estimated_unless_carrying)
        return [done[layout] for layout in layouts if layout in done]

    def settled(weighed: list) -> Estimate:
        # the best ranked, estimated. Asked only whether the plan carries the load (its engine step
        # and pools not searched): where no layout fits in memory neither does the best ranked; where
        # each that fits is known to miss the rate, the best ranked (one that fits) misses it; that
        # is all that is said (_NotCarrying)
        if _STOP_AT_CARRYING.get() and not ENGINE_SEARCHED & set(scenario.auto_layout):
            if _WHETHER_ONLY.get():  # no layout weighed carries the load (else _Carrying), nor the best ranked
                raise _NotCarrying(None)
            fitting = [e for e in weighed if e.fits]
            speeds = {_has_speed(e) for e in weighed}
            if not fitting and len(speeds) == 1 and None not in speeds:
                raise _NotCarrying(NotCarrying(False, speeds.pop(), scenario, card))
            if fitting and all(_short(e) for e in fitting):
                raise _NotCarrying(NotCarrying(True, True, scenario, card))
        return _finished(scenario, card, _resolved(max(weighed, key=_serving_rank)))

    def best_fits(weighed: list) -> bool:
        # whether the best ranked fits: where one ranks first place True (fits, with a speed), it
        # does; where none fits in memory, it does not; else (one fits without a speed) ranked
        if any(_first_place(e) for e in weighed):
            return True
        return any(e.fits for e in weighed) and max(weighed, key=_serving_rank).fits

    pinned_pp = "pp" not in scenario.auto_layout
    first = copies(scenario.parallelism.pp if pinned_pp else 1) or copies(1)
    if pinned_pp or best_fits(first):
        return settled(first)
    widest = max(first, key=lambda e: e.scenario.parallelism.tp)
    if widest.memory.weights * widest.scenario.parallelism.tp > scenario.count * widest.memory.budget:
        return settled(first)  # the weights alone outgrow every card
    weighed = list(first)  # the best of them all is the best of the best so far and each stage's
    for pp in SERVING_PIPELINE_STAGES:  # a copy too large for one fast domain spans servers in stages
        if pp > scenario.model.n_layers:
            break
        staged = copies(pp)
        if staged:
            weighed += staged
            if best_fits(weighed):
                break
    return settled(weighed)


def _first_place(est: _Weighed | Estimate | _Either) -> bool:
    """The first place of a weighed layout's rank (fits, with a speed), untimed where it can be."""
    rank = _serving_rank(est)
    return rank.first() if isinstance(rank, _Rank) else rank[0]


def _with_fp8_cache_if_needed(scenario: Scenario, card: Card, best: Estimate) -> Estimate:
    """When the engine's default KV cache (the KV precision left unset) keeps a layout from
    carrying the load, the same layout with an FP8 cache (vLLM/SGLang ``kv_cache_dtype=fp8``,
    half the bytes per token) if the card computes FP8 and that fits or meets the targets where
    the default does not; said in a message. Tried on every layout the search weighs, not only on
    the one it would pick without it: with more users the default cache can outgrow a single
    stage, and a wider split that fits with it still be slower than one stage with an FP8 cache.
    Not tried where the default cache is FP8 or narrower already (the same layout again)."""
    if scenario.serving.kv_precision is not None or not card.supports(Precision.FP8) or not _has_speed(best):
        return best
    if best.fits and not _short(best) and not missed_serving_targets(best.scenario, best.serving):
        return best
    if kv_element_bytes(scenario, plan_serving(scenario, card)) <= kv_bytes(Precision.FP8):
        return best  # the engine's default cache is FP8 already (TensorRT-LLM with FP8 weights)
    fp8 = best.scenario.model_copy(update={"serving": best.scenario.serving.model_copy(
        update={"kv_precision": Precision.FP8})})
    walked = _rate_walk(fp8, card)
    if walked is not None and best.fits and not (walked[2] and walked[3]):
        # the default fits, so the FP8 cache is taken only where it meets every target; its batch
        # search settles where the rate probe's walk ends, a batch that does not fit or falls short
        # of the rate, and goes no further (:func:`_batched_replica`): it cannot, and is not timed
        return best
    other = _replica(fp8, card) if walked is None else _batched_replica(fp8, card, walked)
    if not best.fits and not other.fits and _EVALUATED.get() is None:
        return _Either(best, other, card)  # chosen when asked: against a layout that fits, neither is timed
    return _fp8_chosen(best, other)


_EVALUATED: ContextVar[list[Estimate] | None] = ContextVar("serving_layouts_evaluated", default=None)
"""Where :func:`recording_evaluated` collects the layouts the search estimates (None: not collecting)."""


class _Weighed:
    """One layout as the search weighs it: its memory at the load and its speed (what ranks it,
    :func:`_serving_rank`), the full estimate — limits, power, costs, verdicts, messages — made
    from the same copy only when asked (:meth:`estimate`: for the layout chosen, a layout said
    in a note, or one kept by :func:`recording_evaluated`); the numbers are the estimate's."""

    __slots__ = ("scenario", "card", "copy", "memory", "short", "_serving", "_timed", "_estimate", "_rank", "_whole")

    def __init__(self, scenario: Scenario, card: Card) -> None:
        self.scenario, self.card = scenario, card
        self.copy = _probed_copy(scenario, card) or serving_copy(scenario, card)
        self.memory = self.copy.memory
        self._serving: ServingSpeed | None = None
        self._timed = False
        self._estimate: Estimate | None = None
        self._rank: _Rank | None = None
        self._whole: tuple | None = None
        self.short = False
        """Known to fit and miss the stated request rate (the rate probe said so at its batch,
        :func:`_batched_replica`): the first two places of its rank are (True, False) untimed."""

    @property
    def rank(self) -> _Rank:
        """The layout's place in the search's order (:func:`_serving_rank`), worked out once and
        only as far as a comparison needs it (:class:`_Rank`)."""
        if self._rank is None:
            self._rank = _Rank(self)
        return self._rank

    def whole_rank(self) -> tuple:
        """:func:`_rank_of` this layout, worked out once."""
        if self._whole is None:
            self._whole = _rank_of(self)
        return self._whole

    @property
    def timed(self) -> bool:
        """Whether the layout has a speed (:attr:`serving` is not None), known without timing it:
        :func:`~configurator.core.serving_speed.replica_speed` gives None exactly where the copy's
        math precision, the card's peak for it or its memory bandwidth is missing (as
        :meth:`_RateProbe.of` reads it), and :func:`~configurator.core.serving_speed.deployment_speed`
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


class _Rank:
    """A weighed layout's rank (:func:`_rank_of`), worked out only when a comparison needs more
    than its first place. The first place — fits, and has a speed — is known untimed
    (:attr:`_Weighed.timed`), and tuples compare by their first differing place, so a layout that
    does not fit loses to one that fits without its latencies and request rate ever being worked
    out. Comparisons and the first ``places`` places (``rank[:2]``) are those of the tuple
    (the same answers); anything else reads the tuple."""

    __slots__ = ("weighed", "places", "_value")

    def __init__(self, weighed: _Weighed, places: int | None = None) -> None:
        self.weighed, self.places, self._value = weighed, places, None

    def value(self) -> tuple:
        """The rank as the tuple :func:`_rank_of` gives (its first :attr:`places`); the first two
        places of a layout known to fit and miss the rate (:attr:`_Weighed.short`: it has a speed,
        and a missed rate is a positive miss) untimed."""
        if self._value is None and self.places is not None and self.places <= 2 and _short(self.weighed):
            self._value = (True, False)[:self.places]
        if self._value is None:
            whole = self.weighed.whole_rank()
            self._value = whole if self.places is None else whole[:self.places]
        return self._value

    def first(self) -> bool:
        """The first place — fits, and has a speed (:attr:`_Weighed.timed`) — untimed."""
        return self.weighed.fits and self.weighed.timed

    def __getitem__(self, key):
        if isinstance(key, slice) and key.start is None and key.step is None and key.stop is not None \
                and key.stop > 0:
            return _Rank(self.weighed, key.stop if self.places is None else min(key.stop, self.places))
        return self.value()[key]

    def __len__(self) -> int:
        return len(self.value())

    def _pair(self, other) -> tuple:
        """(this first place, the other's) or, where they are equal, both whole ranks."""
        mine, theirs = self.first(), (other.first() if isinstance(other, _Rank) else other[0])
        if mine != theirs:
            return (mine,), (theirs,)
        return self.value(), (other.value() if isinstance(other, _Rank) else other)

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
        if not isinstance(other, (_Rank, tuple)):
            return NotImplemented
        a, b = self._pair(other)
        return a == b

    __hash__ = None


def _short(est: _Weighed | Estimate | _Either) -> bool:
    """Whether a weighed layout is known to fit and miss the stated request rate (:attr:`_Weighed.short`)."""
    return isinstance(est, _Weighed) and est.short


def _has_speed(est: _Weighed | Estimate | _Either) -> bool | None:
    """Whether a layout the search weighed has a speed (:attr:`_Weighed.timed`: untimed); for a
    choice not yet made (:class:`_Either`) None where its two answers differ."""
    if isinstance(est, _Either):
        return est.timed
    return est.timed if isinstance(est, _Weighed) else est.serving is not None


class _Either:
    """A layout with the engine's KV cache (``default``) or an FP8 one (``fp8``), neither of which
    fits (:func:`_with_fp8_cache_if_needed`), the choice between them — by the first two places of
    their ranks, which for two layouts that do not fit need their speeds — made only when asked
    (:meth:`resolved`): a layout that does not fit loses to any that fits whichever it is, so where
    another layout fits neither is timed. What the search reads of it before — that it does not
    fit, its tensor-parallel degree, the weights and the memory budget per card — the two share."""

    __slots__ = ("default", "fp8", "card", "_resolved", "_rank")

    fits = False

    def __init__(self, default: _Weighed | Estimate, fp8: _Weighed | Estimate, card: Card) -> None:
        self.default, self.fp8, self.card = default, fp8, card
        self._resolved: _Weighed | Estimate | None = None
        self._rank: _Rank | None = None

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
        a, b = _has_speed(self.default), _has_speed(self.fp8)
        return a if a == b else None

    @property
    def rank(self) -> _Rank:
        if self._rank is None:
            self._rank = _Rank(self)
        return self._rank

    def whole_rank(self) -> tuple:
        chosen = self.resolved()
        return chosen.whole_rank() if isinstance(chosen, _Weighed) else _rank_of(chosen)

    def resolved(self) -> _Weighed | Estimate:
        """The choice :func:`_with_fp8_cache_if_needed` makes: the FP8 cache (its estimate, said in a
        message) where it ranks above the default in fitting or meeting the targets, else the default."""
        if self._resolved is None:
            self._resolved = _fp8_chosen(self.default, self.fp8)
        return self._resolved


def _resolved(est: _Weighed | Estimate | _Either) -> _Weighed | Estimate:
    """A layout as the search weighed it, a choice not yet made (:class:`_Either`) made."""
    return est.resolved() if isinstance(est, _Either) else est


def _fp8_chosen(best: _Weighed | Estimate, other: _Weighed | Estimate) -> _Weighed | Estimate:
    """``other`` (a layout with an FP8 KV cache; its estimate, with a message) where it ranks above
    ``best`` (the same layout with the engine's) in the first two places — fits, meets the targets
    — else ``best``."""
    if _serving_rank(other)[:2] > _serving_rank(best)[:2]:  # fits, or meets the targets, where it did not
        other = _estimate(other)
        return replace(other, messages=(msg("kv-fp8-chosen"), *other.messages))
    return best


def _estimate(weighed: _Weighed | Estimate) -> Estimate:
    """The estimate of a layout the search weighed (an estimate as it is)."""
    weighed = _resolved(weighed)
    return weighed.estimate() if isinstance(weighed, _Weighed) else weighed


def _evaluated(scenario: Scenario, card: Card) -> _Weighed:
    """One layout the search weighs (its estimate kept while :func:`recording_evaluated` collects)."""
    weighed = _Weighed(scenario, card)
    kept = _EVALUATED.get()
    if kept is not None:
        kept.append(weighed.estimate())
    return weighed


_EXPLORING: ContextVar[bool] = ContextVar("serving_search_exploring", default=False)
"""Whether :func:`recording_evaluated` asked the search to weigh the engine steps and the separate
pools even where the first plan already meets every target (:func:`_nothing_to_gain`)."""


def recording_evaluated(scenario: Scenario, card: Card, explore: bool = False) -> tuple[Estimate, list[Estimate]]:
    """The search (:func:`search_serving`, its memo passed by) with every layout it estimated,
    in order: tensor/expert parallel, pipeline stages, batch per copy, tokens per step, KV
    precision, shared or separate prefill/decode pools. With ``explore``, the engine steps and
    separate pools the search skips when the first plan already meets every target under a load
    of users alone are weighed too (its answer may then differ from the planner's). The search
    itself keeps nothing unless asked here (one context-variable read per layout estimated)."""
    kept: list[Estimate] = []
    token, exploring = _EVALUATED.set(kept), _EXPLORING.set(explore)
    try:
        chosen = search_serving(scenario, card)
    finally:
        _EVALUATED.reset(token)
        _EXPLORING.reset(exploring)
    return chosen, kept


def _rate_walk(scenario: Scenario, card: Card) -> tuple[int, int, bool, bool] | None:
    """The rate probe's walk (:meth:`_RateProbe.walk`) :func:`_replica` would take for ``scenario``
    — one copy's batch searched (not the prefill pool), Auto, under a stated rate, while the search
    is not recording — else None."""
    serving = scenario.serving
    if serving.disaggregated and serving.prefill_cards is None and scenario.data_parallel >= 2:
        return None  # the pools are sized (:func:`_sized_pools`)
    if "max_batch" not in scenario.auto_layout or _EVALUATED.get() is not None:
        return None
    probe = _RateProbe.of(scenario, card)
    return None if probe is None else probe.walk(*_batch_range(scenario, card))


def _batched_replica(scenario: Scenario, card: Card, walked: tuple[int, int, bool, bool] | None = None
                     ) -> Estimate:
    """The scenario with the batch per copy chosen (when it is Auto), estimated; ``walked``: the
    rate probe's walk for it, when already taken (:func:`_rate_walk`)."""
    def at(batch: int | None) -> Estimate:
        global _PROBED
        s = scenario.model_copy(update={"serving": scenario.serving.model_copy(update={"max_batch": batch})})
        if ahead is not None and batch in ahead.seen:
            _PROBED = ahead.seen[batch][1]  # the copy the probe worked out there, not worked out again
        return _evaluated(s, card)

    ahead: _RateProbe | None = None

    if "max_batch" not in scenario.auto_layout:
        return at(scenario.serving.max_batch)
    spread, largest = _batch_range(scenario, card)

    def carries_rate(e: Estimate) -> bool:  # without a speed (no bandwidth figure) a larger batch tells nothing more
        return e.serving is None or "misses-request-rate" not in missed_serving_targets(e.scenario,
                                                                                                 e.serving)

    # Under a request rate the sequences decoding at once follow from it (Little's law inside the
    # load model: n = λ·(O − 1)·T): the batch only caps them. A copy short of the rate queues
    # without bound, so its latencies say nothing; the batch doubles until the copy carries the
    # rate or would not fit, and the latencies are judged there (a larger batch than the rate
    # needs costs memory and gains nothing).
    probe = _RateProbe.of(scenario, card) if walked is None and _EVALUATED.get() is None else None
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
    # the cap doubles while the copy still fits and ranks higher for it (:func:`wider_ranks_higher`).
    # Where the rate probe times a copy, the doubling first runs on its request rate alone as far
    # as the rate grows, and the copy there is estimated: where it still misses, by no more (within
    # the resolution), the batches between are not timed: under a stated rate a wider cap shortens
    # the wait for a slot and leaves the mean step alone, so none of them met every target (where
    # the doubling would have stopped) or missed by more. That is assumed, not proved (the step
    # costs are worked out at the running batch); the plans equal those of one batch at a time
    # (tests/test_serving_batch_widening.py). Else it goes one batch at a time.
    miss = target_miss(est.scenario, est.serving) if est.fits and est.serving is not None else 0.0  # read if it fits
    if miss > 0.0 and _EVALUATED.get() is None:
        ahead = probe or _RateProbe.of(scenario, card)  # the walk's copies kept
    leaping = ahead is not None
    while batch < largest and est.fits and carries_rate(est) and miss > 0.0:
        wider = min(2 * batch, largest)
        top = ahead.widest(batch, largest, est.serving.requests_per_s) if leaping else batch
        if top > wider:
            far = at(top)
            far_miss = target_miss(far.scenario, far.serving)
            if far_miss > 0.0 and (1.0 + far_miss) <= (1.0 + miss) * (1.0 + LOAD_RESOLUTION):  # ranks higher
                batch, est, miss = top, far, far_miss
                continue
            leaping = False  # one batch at a time from here
        bigger = at(wider)
        if not bigger.fits:
            break
        wider_miss = target_miss(bigger.scenario, bigger.serving)
        if not wider_ranks_higher(miss, est.serving.requests_per_s, wider_miss, bigger.serving.requests_per_s):
            break
        batch, est, miss = wider, bigger, wider_miss
    return est


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
    above the narrower one as :func:`_serving_rank` orders them, changes within
    :data:`LOAD_RESOLUTION` counted as none: its worst target miss [share] is shorter, or no
    longer and its request rate [1/s] (the capacity under a stated rate) higher."""
    ratio = (1.0 + wider_miss) / (1.0 + miss)  # actual over target, wider over narrower
    if ratio < 1.0 - LOAD_RESOLUTION:
        return True
    return ratio <= 1.0 + LOAD_RESOLUTION and wider_rate > rate * (1.0 + LOAD_RESOLUTION)


_WALKS: ContextVar[dict | None] = ContextVar("serving_search_walks", default=None)
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


_PROBED: ServingCopy | None = None
"""The last copy the rate probe found fitting (its memory and decode step table worked out)."""


def _probed_copy(scenario: Scenario, card: Card) -> ServingCopy | None:
    """The copy the rate probe worked out for an equal ``scenario`` on this ``card`` (the batch it
    stopped on, estimated next), else None: the estimate there asks the same questions (the
    precision plan, the memory model and :func:`~configurator.core.serving_speed.step_costs` of
    an equal scenario on the same card) and is given the same answers."""
    probed = _PROBED
    if probed is None or probed.card is not card or probed.scenario != scenario:
        return None
    return probed


@dataclass(frozen=True)
class _RateProbe:
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
    seen: dict[int, tuple[float, ServingCopy]] = field(default_factory=dict, compare=False, repr=False)
    """The rates and copies :meth:`rate_at` worked out where the copy fits, by batch."""

    @classmethod
    def of(cls, scenario: Scenario, card: Card) -> _RateProbe | None:
        plan = plan_serving(scenario, card)
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
        scenario while the walks are kept (:data:`_WALKS`)."""
        global _PROBED
        kept_walks = _WALKS.get()
        key = _walk_key(self.scenario, self.card, spread, largest) if kept_walks is not None else None
        if key is not None and key in kept_walks:
            found, _PROBED = kept_walks[key]  # and the copy it settled on, as after the walk itself
            return found
        found = self._walk(spread, largest)
        if key is not None:
            kept_walks[key] = (found, _PROBED)
        return found

    def _walk(self, spread: int, largest: int) -> tuple[int, int, bool, bool]:
        batch = kept = spread
        fits, carries = self.at(batch)
        while batch < largest and fits and not carries:
            batch = min(2 * batch, largest)
            bigger_fits, bigger_carries = self.at(batch)
            if not bigger_fits:
                break
            kept, fits, carries = batch, bigger_fits, bigger_carries
        return kept, batch, fits, carries

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
        worked out only where the copy fits (else 0)."""
        global _PROBED
        if batch in self.seen:
            rate, _PROBED = self.seen[batch]
            return True, rate
        s = self.scenario.model_copy(update={"serving": self.scenario.serving.model_copy(update={"max_batch": batch})})
        copy = serving_copy(s, self.card, self.plan)  # the precision plan does not read the batch
        if not copy.memory.fits:
            return False, 0.0
        _PROBED, plan, costs = copy, self.plan, copy.costs
        if s.prefill_copies:  # the replica's rate is the deployment's over its copies
            rate = pools(s, self.card, plan, costs).capacity / s.data_parallel * busy_copies(s)
        else:
            rate = capacity(costs) * busy_copies(s)
        self.seen[batch] = (rate, copy)
        return True, rate

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


def _batch_range(scenario: Scenario, card: Card) -> tuple[int, int]:
    """The batch per copy the search starts from (the users spread over the copies) and the
    largest it tries (what memory holds at the context: the largest concurrency whose memory
    fits with its own engine-step working set, :meth:`ServingMemoryModel.max_concurrency`, so
    that it still fits once set as ``max_batch``) [sequences]; both at most one token per
    running sequence in each engine step (vLLM refuses max_num_seqs above max_num_batched_tokens;
    users beyond it wait in the engine's queue)."""
    step_budget = scenario.serving.max_batched_tokens
    spread = min(-(-scenario.serving.users // scenario.data_parallel), step_budget)
    model = serving_memory_model(scenario, card, plan_serving(scenario, card))
    largest = min(max(model.max_concurrency(scenario.serving.context_tokens), 1), step_budget)
    return spread, largest


CHUNK_SIZES = (512, 1024, 2048, 4096, 8192, 16384)
"""Tokens per engine step the planner tries (vLLM max_num_batched_tokens, SGLang
--chunked-prefill-size, TensorRT-LLM max_num_tokens): from Sarathi-Serve's 512-token chunks
(Agrawal et al. 2024, §5) to twice the engines' 8192 default."""

SAME_RATE = 0.01
"""Request rates this close count as equal: the engine's own chunk is kept unless another carries
more by more than this share."""

POOL_SHARES = (1 / 4, 1 / 2, 3 / 4)
"""Shares of the model copies tried as the prefill pool (DistServe §4 searches the split; its
OPT-66B chatbot placement gives prefill one of every 2–4 instances)."""


def _nothing_to_gain(est: Estimate) -> bool:
    """A plan that fits and meets every latency target under a load of users alone (no request
    rate): another engine step or separate pools would only serve the same users a little faster,
    so they are not searched (their point is the most requests carried within the targets)."""
    return not est.scenario.constraints.requests_per_s and est.fits and est.serving is not None and \
        not missed_serving_targets(est.scenario, est.serving) and not _EXPLORING.get()


def _latency_targets(scenario: Scenario) -> bool:
    """Whether the deployment has a latency target: the buyer's, or its use's default."""
    return latency_targets(scenario).any


def _replica(scenario: Scenario, card: Card) -> Estimate:
    """One layout estimated with its batch planned, and its prefill pool sized when it is
    disaggregated without a pool size."""
    serving = scenario.serving
    if not serving.disaggregated or serving.prefill_cards is not None or scenario.data_parallel < 2:
        return _batched_replica(scenario, card)
    return _sized_pools(scenario, card)


def _sized_pools(scenario: Scenario, card: Card) -> Estimate:
    """The prefill pool that carries the most within the targets, of ``POOL_SHARES`` of the copies."""
    copies, group = scenario.data_parallel, scenario.model_parallel
    pools = sorted({min(max(round(copies * share), 1), copies - 1) for share in POOL_SHARES})

    best, best_rank = None, None
    for n in pools:  # the first of equals kept, as max() keeps it
        serving = scenario.serving.model_copy(update={"prefill_cards": n * group})
        split = scenario.model_copy(update={"serving": serving})
        if best is not None and _split_loses(split, card, best, best_rank):
            continue
        est = _batched_replica(split, card)
        rank = _serving_rank(est)
        if best is None or rank > best_rank:
            best, best_rank = est, rank
    return best


def _split_loses(split: Scenario, card: Card, best: Estimate, best_rank: tuple) -> bool:
    """Whether a pool split tried after ``best`` (which fits) provably ranks below it
    (:func:`_serving_rank`), so it is not timed: its request rate is at most the prefill pool's
    (:func:`~configurator.core.serving_speed.prefill_pool_rate`, whatever the batch), and that
    carries no more than ``best`` where ``best`` meets every target, or misses the stated rate by
    more than ``best`` misses its worst target; or, where ``best`` meets every target, the rate
    probe's batch walk (the one :func:`_batched_replica` takes) ends on a batch that does not fit
    or is short of the rate. The same functions asked the same questions as the full estimate;
    never while :func:`recording_evaluated` collects (the plain search times every split)."""
    if _EVALUATED.get() is not None or not best.fits or best.serving is None:
        return False
    probe = _RateProbe.of(split, card)
    if probe is None:
        return False
    meets, miss, target = best_rank[1], -best_rank[2], split.constraints.requests_per_s
    prompt_s = prefill_pool_prompt_seconds(split, card, probe.plan)
    bound = prefill_pool_rate(split.prefill_copies, prompt_s) / split.data_parallel * busy_copies(split)
    if meets and bound <= best.serving.requests_per_s:
        return True
    if 0.0 < bound < target and target / bound - 1.0 > miss:
        return True
    if meets and "max_batch" in split.auto_layout:
        _, _, fits, carries = probe.walk(*_batch_range(split, card))
        return not (fits and carries)
    return False


def _finished(scenario: Scenario, card: Card, best: _Weighed | Estimate) -> Estimate:
    """The chosen layout (its KV precision already settled) with its engine step settled, estimated."""
    return _estimate(_searched_engine_step(scenario, card, best))


def _searched_engine_step(scenario: Scenario, card: Card, best: Estimate) -> Estimate:
    """With the chunk Auto and a latency target: the engine step (prefill chunk, with the batch
    re-planned for it) that carries the most within the targets, said in a message when it is
    not the one given (the engine's 8192 unless set)."""
    if "max_batched_tokens" not in scenario.auto_layout or not _latency_targets(scenario) or best.serving is None \
            or _nothing_to_gain(best):
        return best

    def at(chunk: int, replan: bool) -> Estimate:
        serving = best.scenario.serving.model_copy(update={"max_batched_tokens": chunk})
        s = best.scenario.model_copy(update={"serving": serving})
        return _replica(s, card) if replan else _evaluated(s, card)

    # every step at the batch planned for the engine's, then the batch planned again for the best
    given = best.scenario.serving.max_batched_tokens
    tried = [best if chunk == given else at(chunk, False) for chunk in CHUNK_SIZES]
    chosen = max(tried, key=_serving_rank)
    if chosen is not best:
        chosen = max(chosen, at(chosen.scenario.serving.max_batched_tokens, True), key=_serving_rank)
    if _serving_rank(best)[:2] == _serving_rank(chosen)[:2] and best.serving is not None and \
            best.serving.requests_per_s >= (1 - SAME_RATE) * chosen.serving.requests_per_s:
        return best  # the engine's step carries as much: kept, nothing to say
    serving = chosen.scenario.serving
    note = msg("chunk-chosen", chunk=serving.max_batched_tokens, batch=chosen.scenario.sequences_per_replica,
               tried=f"{CHUNK_SIZES[0]:,}–{CHUNK_SIZES[-1]:,}")
    chosen = _estimate(chosen)
    return replace(chosen, messages=(note, *chosen.messages))
