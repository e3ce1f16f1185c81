"""The serving trade-off (issue 29, part 1): every layout the serving search weighed for one card
and card count, as throughput per card against speed per user, with its non-dominated front.

The axes are those of NVIDIA's aiconfigurator: tokens/s per GPU (what a card earns) against
tokens/s per user (``1 / TPOT``: how fast one reply streams). A looser time-per-token target moves
the TPOT line left and lets denser layouts in; a tighter one costs throughput per card. TPOT and
TTFT are read at the targets' percentile (p90 for chat). TTFT is no axis: a layout that misses it
(or the TPOT target, or the request rate) is marked as missing its targets.
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog import Card
from configurator.core.constraints import missed_serving_targets
from configurator.core.scenario import Scenario
from configurator.core.serving_use import latency_targets
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.layout import at_count, plannable
from configurator.core.workloads.serving.plan import planned_serving, plans_layout, recording_evaluated
from configurator.core.workloads.serving.estimate import estimate_serving, serving_basis
from configurator.core.engine_step import with_engine_step


@dataclass(frozen=True)
class TradeoffPoint:
    """One serving layout weighed by the search, at the targets' percentile."""

    tp: int
    pp: int
    ep: int
    batch: int
    """Sequences one decoding copy runs at once [count]."""
    tokens_per_step: int
    """Engine step budget (vLLM ``max_num_batched_tokens``) [tokens]."""
    kv_precision: str | None
    """KV-cache precision set by the search (``fp8``), None for the engine's default."""
    disaggregated: bool
    """Prefill and decode in separate pools."""
    prefill_cards: int
    """Cards of the prefill pool (0 when aggregated) [count]."""
    per_gpu: float
    """Output tokens per second per card [tokens/s/GPU]."""
    per_user: float
    """Output tokens per second one user sees, ``1 / TPOT`` at the percentile [tokens/s/user]."""
    ttft_s: float
    """Time to first token at the percentile [s]."""
    meets_targets: bool
    """Carries the request rate and meets the TTFT and TPOT targets."""
    on_front: bool = False
    """Not dominated by another fitting layout (higher or equal on both axes, higher on one)."""
    chosen: bool = False
    """The layout the planner chose."""
    overloaded: bool = False
    """The request rate exceeds what the layout carries: its queue grows without bound, so its time to
    first token is no figure (``serving-overloaded``; a table read "1,831,796 ms" until December 2026)."""

    @property
    def key(self) -> tuple:
        return (self.tp, self.pp, self.ep, self.batch, self.tokens_per_step, self.kv_precision, self.disaggregated,
                self.prefill_cards)


@dataclass(frozen=True)
class ServingTradeoff:
    """The layouts weighed for one card and count, the front among them and the chosen one."""

    card_id: str
    card_name: str
    count: int
    points: tuple[TradeoffPoint, ...]
    """Layouts that fit in memory, each once (the search may weigh one twice)."""
    not_fitting: int
    """Layouts weighed that do not fit in memory (not drawn) [count]."""
    tpot_target_ms: float | None
    ttft_target_ms: float | None
    percentile: int
    chosen_on_front: bool
    why_off_front: str | None
    """Why the chosen layout is not on the front (None when it is): ``better-miss-targets`` (every
    layout that dominates it misses a target it meets: TTFT has no axis here),
    ``first-that-meets`` (a load of users alone: the planner keeps its first plan that meets every
    target, and the layouts that beat it were weighed for this picture only),
    ``closest-to-targets`` (no layout meets the targets; the planner chose the smallest relative
    miss, :func:`~configurator.core.workloads.serving.weighing.target_miss`), ``ranked-otherwise``
    (the planner's ranking preferred it to a layout that dominates it and meets the targets too),
    ``chosen-not-weighed`` (the chosen layout has no speed or does not fit)."""
    chip_word: str = "GPU"
    """What the card calls one of its chips, the unit of the throughput axis ('tokens/s per NPU' on
    an Ascend card; :attr:`~configurator.core.card.Card.chip_word`)."""

    @property
    def front(self) -> tuple[TradeoffPoint, ...]:
        """The non-dominated layouts, by speed per user."""
        return tuple(sorted((p for p in self.points if p.on_front), key=lambda p: p.per_user))

    @property
    def chosen(self) -> TradeoffPoint | None:
        return next((p for p in self.points if p.chosen), None)

    @property
    def tpot_line(self) -> float | None:
        """The TPOT target as speed per user, ``1000 / tpot_ms`` [tokens/s/user]."""
        return 1000.0 / self.tpot_target_ms if self.tpot_target_ms else None


def _point(est: Estimate, percentile: int) -> TradeoffPoint | None:
    i, s = est.serving, est.scenario
    if i is None or not est.fits or i.tpot_at(percentile) <= 0:
        return None
    serving = s.serving
    pooled = s.prefill_copies > 0
    return TradeoffPoint(
        tp=s.parallelism.tp, pp=s.parallelism.pp, ep=s.parallelism.ep, batch=s.sequences_per_replica,
        tokens_per_step=serving.max_batched_tokens,
        kv_precision=serving.kv_precision.value if serving.kv_precision is not None else None,
        disaggregated=pooled, prefill_cards=s.prefill_pool_cards if pooled else 0,
        per_gpu=i.tokens_per_s_per_card, per_user=1.0 / i.tpot_at(percentile), ttft_s=i.ttft_at(percentile),
        meets_targets=not missed_serving_targets(s, i),
        overloaded=any(m.id == "serving-overloaded" for m in i.messages))


def dominates(a: TradeoffPoint, b: TradeoffPoint) -> bool:
    """``a`` is at least as good as ``b`` on both axes and better on one (both maximised)."""
    return a.per_gpu >= b.per_gpu and a.per_user >= b.per_user and (a.per_gpu > b.per_gpu or a.per_user > b.per_user)


def pareto_front(points: list[TradeoffPoint]) -> list[bool]:
    """For each point, whether no other dominates it (:func:`dominates`)."""
    return [not any(dominates(q, p) for q in points if q is not p) for p in points]


def serving_tradeoff(scenario: Scenario, card: Card, chosen: Estimate | None = None) -> ServingTradeoff:
    """Every layout the serving search weighs for ``scenario`` (its Auto fields, at its card count)
    on ``card`` — with the engine steps and separate pools it skips when its first plan already
    meets every target (:func:`~configurator.core.workloads.serving.plan.recording_evaluated`'s
    ``explore``: what a tighter target would cost) — those that fit as points, the front marked
    and the chosen layout — ``chosen``, else the planner's own answer — marked (added when the
    search did not weigh it, as when the deployment kept the engine's defaults). Without Auto
    serving fields there is nothing to search: the one layout given."""
    scenario = with_engine_step(scenario, card)
    targets = latency_targets(scenario)
    percentile = targets.percentile
    if plans_layout(scenario):
        _, weighed = recording_evaluated(scenario, card, explore=True)
        answer = planned_serving(scenario, card)
    else:

        answer = estimate_serving(scenario, card, serving_basis(scenario, card))
        weighed = [answer]
    chosen = chosen if chosen is not None else answer
    unique: dict[tuple, TradeoffPoint] = {}
    not_fitting = set()
    for est in weighed:
        p = _point(est, percentile)
        if p is None:
            not_fitting.add(id(est))
        elif p.key not in unique:
            unique[p.key] = p
    chosen_point = _point(chosen, percentile)
    if chosen_point is not None and chosen_point.key not in unique:
        unique[chosen_point.key] = chosen_point
    points = list(unique.values())
    on_front = pareto_front(points)
    points = [TradeoffPoint(**{**vars(p), "on_front": f,
                               "chosen": chosen_point is not None and p.key == chosen_point.key})
              for p, f in zip(points, on_front, strict=True)]
    mark = next((p for p in points if p.chosen), None)
    why = None
    if mark is None:
        why = "chosen-not-weighed"
    elif not mark.on_front:
        better = [q for q in points if dominates(q, mark)]
        if not mark.meets_targets:
            why = "closest-to-targets"
        elif all(not q.meets_targets for q in better):
            why = "better-miss-targets"
        elif not scenario.constraints.requests_per_s:
            why = "first-that-meets"
        else:
            why = "ranked-otherwise"
    return ServingTradeoff(card_id=card.id, card_name=card.name, count=scenario.count, points=tuple(points),
                           not_fitting=len(not_fitting), tpot_target_ms=targets.tpot_ms,
                           ttft_target_ms=targets.ttft_ms, percentile=percentile,
                           chosen_on_front=mark is not None and mark.on_front, why_off_front=why,
                           chip_word=card.chip_word)


SEARCH_DEFAULTS = {"max_batch": None, "max_batched_tokens": None, "disaggregated": False}
"""The serving fields the search starts from when they are Auto (the engine's step, shared copies;
:class:`~configurator.core.scenario.ServingConfig`'s own defaults)."""


def search_start(planned: Estimate) -> Scenario:
    """The scenario the serving search was asked, from the estimate of its answer: the Auto serving
    fields back where the search starts them (:data:`SEARCH_DEFAULTS`, the prefill pool unsized),
    the KV precision unset again when the search chose FP8 (its ``kv-fp8-chosen`` note says so);
    the parallel degrees are planned afresh (:func:`~configurator.core.workloads.layout.at_count`)."""
    s = planned.scenario
    update = {field: value for field, value in SEARCH_DEFAULTS.items() if field in s.auto_layout}
    if "disaggregated" in s.auto_layout:
        update["prefill_cards"] = None
    if any(m.id == "kv-fp8-chosen" for m in planned.messages):
        update["kv_precision"] = None
    asked = s.model_copy(update={"serving": s.serving.model_copy(update=update)}) if update else s
    return at_count(asked, s.count)


def deployment_tradeoff(scenario: Scenario, chosen: Estimate) -> ServingTradeoff:
    """The trade-off behind a recommended serving deployment: the search of ``scenario`` (as the
    buyer left it: Auto fields planned) on the deployment's card at its count, ``chosen`` marked."""
    card = chosen.card
    return serving_tradeoff(at_count(plannable(scenario, card), chosen.scenario.count), card, chosen)


def tradeoff_to_dict(tradeoff: ServingTradeoff) -> dict:
    """The trade-off as JSON: the card and count, the targets, every layout with its place."""
    def point(p: TradeoffPoint) -> dict:
        return {"tp": p.tp, "pp": p.pp, "ep": p.ep, "batch": p.batch, "tokens_per_step": p.tokens_per_step,
                "kv_precision": p.kv_precision, "disaggregated": p.disaggregated, "prefill_cards": p.prefill_cards,
                "tokens_per_s_per_gpu": round(p.per_gpu, 3), "tokens_per_s_per_user": round(p.per_user, 3),
                "ttft_s": round(p.ttft_s, 4) if p.ttft_s < 1e6 and not p.overloaded else None,
                "overloaded": p.overloaded, "meets_targets": p.meets_targets, "on_front": p.on_front, "chosen": p.chosen}

    return {"card": tradeoff.card_id, "count": tradeoff.count, "percentile": tradeoff.percentile,
            "tpot_target_ms": tradeoff.tpot_target_ms, "ttft_target_ms": tradeoff.ttft_target_ms,
            "tpot_target_tokens_per_s_per_user": round(tradeoff.tpot_line, 3) if tradeoff.tpot_line else None,
            "chosen_on_front": tradeoff.chosen_on_front, "why_off_front": tradeoff.why_off_front,
            "not_fitting": tradeoff.not_fitting,
            "front": [point(p) for p in tradeoff.front],
            "layouts": [point(p) for p in sorted(tradeoff.points, key=lambda p: (-p.per_gpu, -p.per_user))]}
