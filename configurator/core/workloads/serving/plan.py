"""The serving planner: tensor parallelism, pipeline stages, expert parallelism, batch per copy
and KV precision of a serving deployment chosen for its load and latency targets, for
scenarios with Auto serving fields (:func:`assemble`). Each layout it weighs is estimated in
:mod:`.replica_plan` (batch, prefill pool, FP8 KV cache), its engine step settled last in :mod:`.step_search`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from configurator.core.catalog import Card
from configurator.core.constraints import missed_serving_targets
from configurator.core.memory import usable_capacity_bytes
from configurator.core.memo import NOT_SEARCHED, ScenarioMemo
from configurator.core.messages import msg
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.serving_use import unsized_batch
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.memo import remembered
from configurator.core.workloads.serving.batch_fill import filled_batch
from configurator.core.workloads.serving.copies import clear_copies
from configurator.core.workloads.serving.count_floor import one_stage_outgrown, weights_outgrow_card
from configurator.core.workloads.serving.edits import with_parallelism, with_serving
from configurator.core.engine_step import with_engine_step
from configurator.core.workloads.serving.search_state import ENGINE_SEARCHED
from configurator.core.workloads.serving.search_state import EVALUATED as _EVALUATED
from configurator.core.workloads.serving.search_state import EXPLORING as _EXPLORING
from configurator.core.workloads.serving.search_state import STOP_AT_CARRYING as _STOP_AT_CARRYING
from configurator.core.workloads.serving.search_state import WHETHER_ONLY as _WHETHER_ONLY
from configurator.core.workloads.serving.set_aside import fits_short_of_tpot, set_aside
from configurator.core.workloads.serving.layouts import (
    SERVING_PIPELINE_STAGES,
    across_domains_expert_parallel,
    across_domains_tensor_parallel,
    serving_expert_parallel_options,
    serving_tensor_parallel_options,
)
from configurator.core.workloads.serving.estimate import estimate_serving, serving_basis
from configurator.core.workloads.serving.pool_sizes import POOL_SHARES as POOL_SHARES  # re-exported
from configurator.core.workloads.serving.probe import KEPT_WALKS, forget_last_probe
from configurator.core.workloads.serving.replica_plan import (Carrying, replica, weighed_carries,
                                                             with_fp8_cache_if_needed)
from configurator.core.workloads.serving.step_search import (  # noqa: F401 - CHUNK_SIZES, SAME_RATE re-exported
    CHUNK_SIZES,
    SAME_RATE,
    finished,
    nothing_to_gain,
    weighs_pools,
)
from configurator.core.workloads.serving.weighing import (
    faster_of_equals,
    first_place,
    has_speed,
    known_short,
    pools_choice_reason,
    resolved_layout,
    serving_rank,
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
    """The serving estimate: of the planned layout when the planner chooses it, else of the one stated;
    an offline batch job given no volume at the batch that fills its copies (:func:`.batch_fill.filled_batch`);
    with no engine step given, at the engine's default on the card (:mod:`configurator.core.engine_step`)."""
    scenario = with_engine_step(scenario, card)
    if unsized_batch(scenario):
        return filled_batch(scenario, card, _assembled)
    return _assembled(scenario, card)


def _assembled(scenario: Scenario, card: Card) -> Estimate:
    """:func:`assemble` at the users the scenario states."""
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


PLANNER_NOTES = frozenset({*(f"serving-{layout}-chosen{why}" for layout in ("disaggregated", "colocated")
                             for why in ("", "-other-short", "-other-unfit", "-both-short", "-faster")),
                           "kv-fp8-chosen", "chunk-chosen"})
"""Messages the search puts before the chosen layout's own estimate's messages."""

SEARCH_MEMO_SIZE = 1024
"""Serving searches kept (the layout chosen and the search's notes; least recently used dropped)."""

_SEARCHES: ScenarioMemo[tuple[Scenario, tuple]] = ScenarioMemo(SEARCH_MEMO_SIZE, NOT_SEARCHED)


def clear_search_memo() -> None:
    """Forget every kept serving search and the copies searches worked out."""
    _SEARCHES.clear()
    clear_copies()
    forget_last_probe()


def planned_serving(scenario: Scenario, card: Card) -> Estimate:
    """The serving plan (:func:`search_serving`), searched once for scenarios that differ only
    in :data:`~configurator.core.memo.NOT_SEARCHED` (the last :data:`SEARCH_MEMO_SIZE` kept, compared
    as :class:`~configurator.core.memo.ScenarioMemo` compares them: their text written only where
    their hashes meet): the same layout in another currency or at another electricity price is
    estimated again, with the search's notes."""
    searched: list[Estimate] = []

    def search() -> tuple[Scenario, tuple]:
        est = search_serving(scenario, card)
        searched.append(est)
        notes = []
        for message in est.messages:
            if message.id not in PLANNER_NOTES:
                break
            notes.append(message)
        return est.scenario, tuple(notes)

    chosen, notes = _SEARCHES.kept_or_made(scenario, (card,), search)
    if searched:
        return searched[0]
    planned = chosen.model_copy(update={"name": scenario.name, "economics": scenario.economics})
    est = estimate_serving(planned, card, serving_basis(planned, card))
    return replace(est, messages=(*notes, *est.messages)) if notes else est


def search_serving(scenario: Scenario, card: Card) -> Estimate:
    """The serving plan (:func:`planned_layout`); where pools are weighed (:func:`~.step_search.weighs_pools`:
    disaggregation Auto, a latency target, a request rate or a first-token target), planned
    both with prefill and decode sharing every copy and with separate pools, the one that carries more
    within the targets — the faster where both meet every target and carry the same within
    :data:`~.weighing.SAME_CAPACITY` (:func:`~.weighing.faster_of_equals`) — said in a message with both rates;
    with no engine step given, at the engine's default on ``card``."""
    scenario = with_engine_step(scenario, card)
    if not weighs_pools(scenario):
        return planned_layout(scenario, card)

    def planned(pooled: bool) -> Estimate:
        return planned_layout(with_serving(scenario, disaggregated=pooled, prefill_cards=None), card)

    colocated = planned(False)
    if nothing_to_gain(colocated):
        return colocated
    pools = planned(True)
    if pools.serving is None or colocated.serving is None or not pools.scenario.prefill_copies:
        return colocated
    chosen, other = (pools, colocated) if serving_rank(pools) > serving_rank(colocated) else (colocated, pools)
    if not chosen.fits:  # neither fits: the estimate's own messages say so
        return chosen
    faster = faster_of_equals(chosen, (other,)) is other  # as much carried within the targets, much faster
    if faster:
        chosen, other = other, chosen
    s = chosen.scenario
    which = "serving-disaggregated-chosen" if s.serving.disaggregated else "serving-colocated-chosen"
    why = "-faster" if faster else pools_choice_reason(chosen, other)
    copies = {"prefill": s.prefill_copies, "decode": s.data_parallel - s.prefill_copies} \
        if s.serving.disaggregated else {}
    times = {"ms": chosen.serving.tpot_s * 1e3, "other_ms": other.serving.tpot_s * 1e3} if faster else {}
    note = msg(which + why, rate=chosen.serving.goodput_per_s, other=other.serving.goodput_per_s, **copies,
               **times)
    return replace(chosen, messages=(note, *chosen.messages))


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
        token = KEPT_WALKS.set(self.walks)
        try:
            return estimated(self.scenario, self.card)
        finally:
            KEPT_WALKS.reset(token)


class _NotCarrying(Exception):
    """Raised out of the search, when asked (:func:`estimated_unless_carrying`), with what it
    knows of a plan that does not carry the load (:class:`NotCarrying`)."""

    def __init__(self, found: NotCarrying) -> None:
        super().__init__(found)
        self.found = found


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
    that carries the load (:func:`weighed_carries`) before it has weighed them all: then the plan's
    estimate carries the load too, and what it would be is not worked out (nothing is kept); or
    :class:`NotCarrying` where, its engine step and pools not searched, it shows the plan does not
    carry the load before ranking its layouts by speed: no layout it weighed fits in memory (so
    neither does the one it would rank first), or every one that fits falls short of the stated
    rate where the rate probe's walk settles its batch (so does the one it would rank first, which
    fits: a layout known short ranks (True, False) in its first two places).

    Why the answer is the same: the plan ranks its layouts by :func:`serving_rank`, whose first
    two places are (fits, meets every target), so once one layout weighed carries the load the
    one ranked first carries it too; the layout search stops at pipeline stages where one fits,
    which a layout that carries does; the engine step (:func:`searched_engine_step`) and the
    pools (:func:`search_serving`) keep a plan that ranks at least as high. A deployment search
    that needs only whether a count carries the load (the fewest cards that do) asks this."""
    if not plans_layout(scenario):
        return estimated(scenario, card)
    walks: dict = {}
    token, kept = _STOP_AT_CARRYING.set(True), KEPT_WALKS.set(walks)
    try:
        return estimated(scenario, card)
    except Carrying:
        return None
    except _NotCarrying as shown:
        return NotCarrying(False, False, scenario, card) if shown.found is None else replace(shown.found, walks=walks)
    finally:
        _STOP_AT_CARRYING.reset(token)
        KEPT_WALKS.reset(kept)


def planned_layout(scenario: Scenario, card: Card) -> Estimate:
    """Tensor parallelism (and pipeline stages when one fast domain cannot hold a copy), expert
    parallelism for a mixture of experts, and batch per copy chosen for the load: for every
    tensor-parallel degree that divides the cards, the smallest batch that holds every user and
    carries the request rate (Little's law: a copy serves ``batch / latency`` requests/s) within
    memory and the latency targets; the option that does so at the highest request rate wins, or
    the fastest of those within :data:`~.weighing.SAME_CAPACITY` of it (:func:`~.weighing.faster_of_equals`)."""
    tps = serving_tensor_parallel_options(scenario, card)

    weights = scenario.model.total_params() * plan_serving(scenario, card).weight_bytes
    budget = usable_capacity_bytes(card, scenario.assumptions) * scenario.serving.engine_memory_fraction

    def copies(pp: int, across: int = 1, experts_across: bool = False, seen: tuple = ()) -> list[Estimate]:
        # stages are for copies larger than one fast domain: beside them, the widest tensor parallel
        # degree that divides the cards into whole stages (a pinned pp must not be dropped because
        # the widest degree of all leaves a remainder: 16 cards, pp 4, tp 8 -> tp 4); ``across``
        # domains: that widest degree times ``across``, one copy by tensor parallelism over the network,
        # or (``experts_across``) copies inside one domain sharing experts split over ``across`` domains
        if experts_across:
            layouts = across_domains_expert_parallel(scenario, card, across)
        else:
            if across > 1:
                wide = across_domains_tensor_parallel(scenario, card, across)
                degrees = [] if wide is None else [wide]
            else:
                fitting = [tp for tp in tps if scenario.count % (tp * pp) == 0]
                degrees = tps if pp == 1 else [max(fitting)] if fitting else []
            layouts = [(tp, ep) for tp in degrees if scenario.count % (tp * pp) == 0
                       for ep in serving_expert_parallel_options(scenario, card, tp, pp)]
        # widest first: once a layout fits, narrower ones whose weights alone (sharded tp·pp·ep
        # ways at best) outgrow a card cannot win and are not estimated; the order ranked is kept.
        # A layout is set aside against those weighed here and ``seen`` (weighed by the search
        # before: they are ranked beside these in the same list, so one ranking below them is never chosen)
        done: dict[tuple[int, int], Estimate] = {}
        for tp, ep in sorted(layouts, key=lambda layout: (-max(layout), -layout[0] if experts_across else 0)):
            if any(e.fits for e in done.values()) and weights / (max(tp, ep) * pp) > budget:
                continue
            laid_out = with_parallelism(scenario, {"tp": tp, "pp": pp, "virtual_stages": 1, "cp": 1, "ep": ep})
            if _EVALUATED.get() is None and any(e.fits for e in (*seen, *done.values())) and \
                    weights_outgrow_card(laid_out, card):
                continue  # fits at no batch, below a layout weighed that fits (not while recording)
            if (done or seen) and set_aside([*seen, *done.values()], laid_out, card):
                continue  # ranks below a layout weighed already, whatever its batch (_set_aside)
            if (short := fits_short_of_tpot(laid_out, card)) is not None:
                done[tp, ep] = short
                continue
            done[tp, ep] = with_fp8_cache_if_needed(laid_out, card, replica(laid_out, card))
            if _STOP_AT_CARRYING.get() and weighed_carries(done[tp, ep]):
                raise Carrying  # the plan carries the load whatever else is weighed (estimated_unless_carrying)
        return [done[layout] for layout in layouts if layout in done]

    def settled(weighed: list) -> Estimate:
        # the best ranked, estimated. Asked only whether the plan carries the load (its engine step
        # and pools not searched): where no layout fits in memory neither does the best ranked; where
        # each that fits is known to miss the rate, the best ranked (one that fits) misses it; that
        # is all that is said (_NotCarrying)
        if _STOP_AT_CARRYING.get() and not ENGINE_SEARCHED & set(scenario.auto_layout):
            if _WHETHER_ONLY.get():  # no layout weighed carries the load (else Carrying), nor the best ranked
                raise _NotCarrying(None)
            fitting = [e for e in weighed if e.fits]
            speeds = {has_speed(e) for e in weighed}
            if not fitting and len(speeds) == 1 and None not in speeds:
                raise _NotCarrying(NotCarrying(False, speeds.pop(), scenario, card))
            if fitting and all(known_short(e) for e in fitting):
                raise _NotCarrying(NotCarrying(True, True, scenario, card))
        best = max(weighed, key=serving_rank)
        return finished(scenario, card, resolved_layout(faster_of_equals(best, weighed)))

    def best_fits(weighed: list) -> bool:
        # whether the best ranked fits: where one ranks first place True (fits, with a speed), it
        # does; where none fits in memory, it does not; else (one fits without a speed) ranked
        if any(first_place(e) for e in weighed):
            return True
        return any(e.fits for e in weighed) and max(weighed, key=serving_rank).fits

    pinned_pp = "pp" not in scenario.auto_layout
    outgrown = None if pinned_pp else one_stage_outgrown(scenario, card, tps)
    if outgrown is not None:
        # no one-stage copy fits at any batch (its weights alone outgrow a card): it does not fit, so
        # stages are searched; a layout a stage weighs that fits with a speed (first place True) ranks
        # above every one-stage copy, which is then never chosen and not estimated. They are (first
        # in the list, as before) where none does but one fits without a speed — the order of equals
        # and best_fits read them — or at the end where none does (in between they weigh nothing:
        # set_aside and the memory cut read only layouts that fit)
        first, (widest_tp, weights_per_card, card_budget) = [], outgrown
        if weights_per_card * widest_tp > scenario.count * card_budget:
            return settled(copies(1))  # the weights alone outgrow every card
    else:
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
        # a mixture of experts also as one copy by tensor parallelism across the domains, its experts
        # spread over them (SGLang's DeepSeek-V3 deployment: --tp 16 --nnodes 2 over two 8-GPU
        # servers), and as copies inside one domain whose experts are split over the domains
        # (attention data parallel: vLLM-Ascend's and MindIE's multi-server DeepSeek deployments,
        # across_domains_expert_parallel); dense copies span servers in stages only, as vLLM's
        # multi-node guide deploys them (tensor parallel inside a node, pipeline stages across nodes)
        staged = copies(pp, seen=tuple(weighed))
        if scenario.model.is_moe:
            staged += copies(1, across=pp, seen=(*weighed, *staged))
            staged += copies(1, across=pp, experts_across=True, seen=(*weighed, *staged))
        if staged:
            weighed += staged
            if outgrown is not None and not any(map(first_place, weighed)) and any(e.fits for e in weighed):
                weighed, outgrown = [*copies(1), *weighed], None
            if best_fits(weighed):
                break
    if outgrown is not None and not any(map(first_place, weighed)):
        weighed = [*copies(1), *weighed]  # none ranks above them: the one-stage copies weighed, first as before
    return settled(weighed)


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


