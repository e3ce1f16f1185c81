"""A hand-picked card of the wrong class for the work, with what the mistake costs.

Above the ranking (:mod:`configurator.core.recommend`), since two of the checks rank the catalog:
serving on a training card when inference cards carry the same load for less per token;
full training on a card outside the training class (an inference card: H20, L40S, L4, A10) when the
training card the ranking finds does it for less per token, or meets the deadline it misses; full
training on more than one server of a training card without a card-to-card link when the same number of
NVLink training cards finishes sooner; a training or consumer card for graphics work when a
data-centre graphics card does it for less. A family without a check has no mismatch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from configurator.core.catalog import Catalog
from configurator.core.estimate import Estimate, estimate
from configurator.core.graphics_mistake import graphics_lacks
from configurator.core.messages import Message, deadline_msg, msg
from configurator.core.recommend import DEFAULT_CLASSES, Filters, Objective, Recommendation, recommend, score
from configurator.core.scenario import Scenario
from configurator.core.training_mistake import at_the_pace_asked, comparable_scenario, training_lacks
from configurator.core.workloads.layout import unpinned
from configurator.core.workloads import WorkloadFamily, family_of
from configurator.core.workloads.graphics.family import GraphicsFamily
from configurator.core.workloads.serving.family import ServingFamily
from configurator.core.workloads.training.estimate import FULL_TRAINING, TRAINING_CLASSES
from configurator.core.workloads.training.family import TrainingFamily


def mismatch(scenario: Scenario, catalog: Catalog, rankings: dict | None = None,
             objective: Objective = Objective.TCO, filters: Filters | None = None) -> Message | None:
    """Flag a hand-picked card of the wrong class, with what the mistake costs (None when the
    scenario does not fit on its card, or the card suits the work). ``rankings``: the best of each
    catalog ranking the check asks for, by objective and filters, kept there — a caller passes the
    same dictionary again only while the scenario's ranking question
    (:func:`~configurator.core.recommend.ranking_question`), the objective, the filters and the catalog
    are unchanged, which rank alike (a card-count change of a serving scenario); None: each ranked anew.
    ``objective`` and ``filters``: the ranking the buyer asked for (the window's Rank by and its switches,
    the summary's), which the class rule for training compares on first and draws its training card from
    (:func:`class_training_mismatch`), which the serving check compares on first and the graphics check does
    not read. Each family kind's check (:data:`_CHECKS`) takes them alike."""
    card = catalog.get(scenario.card_id)
    chosen = estimate(scenario, card)
    if not chosen.fits:
        return None
    family = family_of(scenario.workload)
    check = next((c for kind, c in _CHECKS if isinstance(family, kind)), None)
    return None if check is None else check(family, scenario, chosen, catalog, rankings, objective, filters)


LINK_LACKED = frozenset({"lacks-training-link", "lacks-training-link-plain"})
"""What a mismatch says of a card without a card-to-card link (:func:`~configurator.core.training_mistake.
training_lacks`): the estimate's plain lines of it (:data:`PCIE_LINES`) are then not said again."""

PCIE_LINES = ("dp-over-pcie", "tp-over-pcie")
"""The estimate's plain lines that the cards' traffic crosses PCIe: the gradients, and tensor parallel (the search
lays such cards out with it too, finds44)."""


def said_beside(chosen: Estimate, mismatched: Message | None, checked: bool = True) -> list[Message]:
    """The messages of the hand-picked card's estimate ``chosen`` said beside its mismatch ``mismatched``
    (:func:`mismatch`; None: there is none, or it was not asked), less what it says in full: the generic class
    line it quantifies (``class-mismatch``) and, where it says the card lacks a card-to-card link, the plain
    line that gradients cross PCIe (``dp-over-pcie``) — one fact said once, in the command line's warnings,
    its JSON, the window and the summary alike. Where the class rule for training judges the card
    (:func:`class_rule_judges`) the generic line follows its verdict: said in full where it is a mistake,
    not said where the rule finds it sound (until December 2026 8 × L40S fine-tuning 1 B tokens, no mistake
    by the rule, read "usually belongs on training cards", and the window's results said the generic line
    beside the ranking's quantified one). ``checked``: whether the rule's verdict is said where this is
    read; False (the window with its recommendation panel closed, the wizard's notes: no check shown) keeps
    the generic line, dropped then only beside a mismatch (an A10 hand-picked for a full fine-tune read no
    class line at all in the window while the panel was closed)."""
    lacks = {m.id for m in mismatched.params.get("lacks", ()) if isinstance(m, Message)} if mismatched else set()
    judged = mismatched is not None or (checked and class_rule_judges(chosen))
    dropped = {*(("class-mismatch",) if judged else ()), *(PCIE_LINES if lacks & LINK_LACKED else ())}
    return [m for m in chosen.messages if m.id not in dropped]


def class_rule_judges(chosen: Estimate) -> bool:
    """Whether the class rule for training (:func:`class_training_mismatch`) judges the estimate ``chosen``:
    a full training run that fits, with a time, on a card outside the training class (:func:`mismatch` asks
    it of no other); its verdict, a mistake quantified or none, then replaces the generic class line."""
    scenario = chosen.scenario  # None where the input could not be estimated (the command line's bounds)
    return bool(chosen.fits and scenario is not None and chosen.training and chosen.training.hours
                and scenario.workload in FULL_TRAINING and chosen.card.category not in TRAINING_CLASSES
                and isinstance(family_of(scenario.workload), TrainingFamily))


def among_named(asked: Filters | None, rival: Filters) -> Filters:
    """The filters ``rival`` that a check draws the card it names from, kept to the cards the buyer named
    (``asked.cards``, :attr:`~configurator.core.recommend.Filters.cards`; none named: ``rival`` as it is), so that
    a buyer comparing three H100 cards is told of none of the others: until December 2026 the window's ranking
    of H100 SXM5, PCIe and NVL alone read beside it that another vendor's inference card, which the buyer had
    not named, carried the load for less (look45, session 45)."""
    return replace(rival, cards=asked.cards) if asked is not None and asked.cards else rival


def _best_ranked(scenario: Scenario, catalog: Catalog, objective: Objective, filters: Filters,
                 rankings: dict | None) -> Recommendation | None:
    """The first of :func:`~configurator.core.recommend.recommend`'s ranking, or the one kept in
    ``rankings`` for the same objective and filters (:func:`mismatch`; None: ranked, not kept)."""
    if rankings is None:
        return recommend(scenario, catalog, objective, filters, limit=1).best
    key = (objective, filters)
    if key not in rankings:
        rankings[key] = recommend(scenario, catalog, objective, filters, limit=1).best
    return rankings[key]


def training_mismatch(family: WorkloadFamily, scenario: Scenario, chosen: Estimate, catalog: Catalog,
                      rankings: dict | None = None, objective: Objective = Objective.TCO,
                      filters: Filters | None = None) -> Message | None:
    """Full training on a card outside the training class (:func:`class_training_mismatch`, which alone
    judges such a card), or on more than one server of training cards without a card-to-card link when
    the same number of NVLink training cards finishes sooner (among the cards ``filters`` names, if any)."""
    card = chosen.card
    if scenario.workload in FULL_TRAINING and card.category not in TRAINING_CLASSES:
        return class_training_mismatch(family, scenario, chosen, catalog, rankings, objective, filters)
    if (scenario.workload not in FULL_TRAINING or card.has_fast_link
            or scenario.count <= scenario.parallelism.cards_per_node or not chosen.training):
        return None
    linked = [estimate(scenario, other) for other in (filters or Filters()).weighed(catalog.cards)
              if other.category in TRAINING_CLASSES and other.has_fast_link]  # among the cards named, if any
    faster = [e for e in linked if e.fits and e.training and e.training.hours < chosen.training.hours]
    if not faster:
        return None
    best = min(faster, key=lambda e: e.training.hours)
    return msg("mismatch-pcie-card-for-training", card=card.name, hours=chosen.training.hours,
               other=best.card.name, count=scenario.count, other_hours=best.training.hours)


TRAINING_COST_BASIS = {Objective.TCO: "training-cost-basis-tco", Objective.CLOUD: "training-cost-basis-cloud"}
"""The words of the cost a training mismatch compared, by objective (ownership where both cards have a
purchase price, else cloud rent)."""


def asked_first(asked: Objective) -> tuple[Objective, ...]:
    """The costs a check compares a hand-picked card on, ownership then cloud rent, with the one the buyer
    ranks by (``asked``) first: the serving and the training class checks alike (any other objective, such as
    the fastest, leaves ownership first)."""
    return tuple(sorted((Objective.TCO, Objective.CLOUD), key=lambda objective: objective is not asked))


def _training_rival(chosen: Estimate, catalog: Catalog, objective: Objective, rankings: dict | None,
                    filters: Filters | None = None) -> Recommendation | None:
    """The training-class configuration of least cost per million tokens on ``objective`` for the job the
    summary's alternatives answer (:func:`~configurator.core.training_mistake.comparable_scenario`: the
    deadline, or with none set, finishing within 1.25 × the chosen card's time; each card at its own best
    layout), so that the warning and the summary's recommendation name the same card: the ranking's own
    first (:func:`~configurator.core.recommend.recommend`) among the cards ``filters`` allows of the training
    class (the buyer's vendors, domestic-only and software switches), kept in ``rankings`` by objective,
    filters and deadline."""
    asked = unpinned(comparable_scenario(chosen))
    training = replace(filters or Filters(), classes=TRAINING_CLASSES)
    key = ("training-rival", objective, training, asked.constraints.deadline_hours)
    if rankings is not None and key in rankings:
        return rankings[key]
    best = recommend(asked, catalog, objective, training, limit=1).best
    if rankings is not None:
        rankings[key] = best
    return best


def _as_asked(rival: Recommendation, scenario: Scenario, objective: Objective) -> float:
    """The training card's cost per million tokens on ``objective`` under the constraints the buyer set: its
    ranked score, or, where the ranking set the deadline (:func:`_training_rival`: none was asked), its cost at
    full use, as the chosen card's is scored and the window's ranking lists it (a deadline prices one job per
    deadline: 8 × Gaudi 3 0.021 against 0.0193 USD at full use) [currency per million tokens]."""
    if scenario.constraints.deadline_hours is not None:
        return rival.score
    asked = at_the_pace_asked(rival.estimate.scenario, scenario)
    return score(estimate(asked, rival.card), objective, Filters()) or rival.score


def class_training_mismatch(family: WorkloadFamily, scenario: Scenario, chosen: Estimate, catalog: Catalog,
                            rankings: dict | None = None, objective: Objective = Objective.TCO,
                            filters: Filters | None = None) -> Message | None:
    """Pre-training or a full fine-tune on a card outside the training class (an inference card: H20,
    L40S, L4, A10) where it is a mistake, quantified: the ranking's best training card
    (:func:`_training_rival`) costs less per million tokens (on ownership where both cards have a purchase
    price, else on cloud rent), or meets the deadline the chosen card misses; with what the card lacks
    beside it (:func:`~configurator.core.training_mistake.training_lacks`: link, memory, BF16 rate). An
    inference card that meets the deadline at no more cost per token than any training card is no mistake
    (None); nor, with no deadline set, one whose speed is worth its cost: the training card saves no larger a
    share of the cost than it adds of time (cost ratio ≤ time ratio: 8 × L40S fine-tuning 1 B tokens in
    16.0 h at 1.1× the cost per token of 4 × A100 PCIe, which take 19.3 h); nor one where no training card
    does the job in time. ``rankings``: as :func:`mismatch`'s; ``objective`` (ownership or cloud rent) is
    compared on first, the other after it, and ``filters`` bound the training card (:func:`_training_rival`), so
    that the warning names the card the summary's ranking would (until December 2026 a window ranking by cloud
    rent or NVIDIA only read 'as on 8 × Gaudi 3 … in total cost of ownership' beside its own recommendation).
    Until December 2026 an H20, L40S, L4 or A10 chosen to pre-train drew only the generic class line."""
    card, hours = chosen.card, chosen.training.hours if chosen.training else None
    if not hours:
        return None
    deadline = scenario.constraints.deadline_hours
    late = deadline is not None and hours > deadline
    for basis in asked_first(objective):
        mine = score(chosen, basis, Filters())
        rival = _training_rival(chosen, catalog, basis, rankings, filters)
        if rival is None or not rival.score or (mine is None and not late):
            continue
        other_hours, theirs = rival.estimate.training.hours, _as_asked(rival, scenario, basis)
        if not late and (mine <= theirs or (deadline is None and mine / theirs <= other_hours / hours)):
            return None  # it meets the time at no more cost per token, or buys its speed: a sound choice
        lacks = training_lacks(card, rival.card)
        said = {"card": card.name, "category": card.category, "count": rival.count, "other": rival.card.name,
                "theirs": theirs, "basis": msg(TRAINING_COST_BASIS[basis]), "currency": scenario.economics.currency,
                **({"lacks": lacks} if lacks else {})}
        suffix = "-lacks" if lacks else ""
        if late:  # the times in the deadline's unit, as its verdict beside says them ("52.6 h: misses the 2 h")
            return deadline_msg(f"mismatch-class-for-training-late{suffix}", deadline,
                                {"hours": hours, "other_hours": other_hours}, **said)
        return msg(f"mismatch-class-for-training{suffix}", mine=mine, ratio=mine / theirs, hours=hours,
                   other_hours=other_hours, **said)
    return None


SERVING_MISMATCH_ID = {Objective.TCO: "mismatch-training-card-for-serving",
                       Objective.CLOUD: "mismatch-training-card-for-serving-rent"}
"""The message of a training card chosen for serving, by the cost it was compared on (the message
names it: the panel may rank on the other)."""


def serving_mismatch(family: WorkloadFamily, scenario: Scenario, chosen: Estimate, catalog: Catalog,
                     rankings: dict | None = None, objective: Objective = Objective.TCO,
                     filters: Filters | None = None) -> Message | None:
    """Serving on a training card when inference cards carry the same load for less per
    token (on the cost the buyer ranks by, ``objective``, where both cards have that price, else on the other:
    ownership or cloud rent); ``rankings``: as :func:`mismatch`'s; of ``filters`` only the cards named are read
    (:func:`among_named`: every inference card is compared where none is named). Until December 2026 always on
    ownership first: the window ranking by cloud rent (4 × T4 first) said 2 × L4 was 92 % cheaper in total cost
    of ownership."""
    card = chosen.card
    if card.category != "training":
        return None
    for basis in asked_first(objective):
        mine = score(chosen, basis, Filters())
        better = _best_ranked(scenario, catalog, basis, among_named(filters, Filters(classes=("inference",))),
                              rankings)
        if mine and better and better.score < mine:
            return msg(SERVING_MISMATCH_ID[basis], card=card.name, other=better.card.name,
                       count=better.count, ratio=mine / better.score, cheaper=1 - better.score / mine,
                       currency=scenario.economics.currency, saving=mine - better.score)
        if mine and better:
            return None
    return None


def graphics_mismatch(family: WorkloadFamily, scenario: Scenario, chosen: Estimate, catalog: Catalog,
                      rankings: dict | None = None, objective: Objective = Objective.TCO,
                      filters: Filters | None = None) -> Message | None:
    """A training card (no encoders, no graphics vGPU), a compute card of another class without RT
    cores (an H200 NVL or H100 NVL, sold for inference: no RT cores, display outputs or encoders) or a
    consumer card chosen for graphics work, when a data-centre graphics-capable card does the job
    for less (on ownership, else on cloud rent, whatever ``objective`` the buyer ranks by; of ``filters`` only the
    cards named are read, :func:`among_named`: every card of the work's classes is compared where none is
    named); ``rankings``: as :func:`mismatch`'s. Until December 2026 the inference-class HBM cards went
    unflagged: 23 × H200 NVL for a 72-hour render of 10,000 frames, 7.8 × the cost per frame of 8 × RTX PRO 6000
    Blackwell, drew no warning."""
    scenario, card = chosen.scenario, chosen.card
    if card.category != "training" and not card.is_consumer and card.rt_cores != 0:
        return None
    mine_candidates = family.deployments(scenario, card)
    if not mine_candidates and chosen.graphics.cards_needed and family.carries_load:
        mine_candidates = [family.carrying_whole_load(chosen)]  # e.g. passthrough
    for basis in (Objective.TCO, Objective.CLOUD):
        better = _best_ranked(scenario, catalog, basis, among_named(filters, Filters(
            classes=DEFAULT_CLASSES[scenario.workload], consumer=False)), rankings)
        mine = min((v for v in (score(e, basis, Filters()) for e in mine_candidates) if v is not None),
                   default=None)
        if better is None:
            continue
        if mine is None:
            return msg("mismatch-card-cannot-do-graphics", card=card.name, category=card.category,
                       other=better.card.name, count=better.count, workload=scenario.workload.value)
        if better.score < mine:  # what the card lacks of the work's needs, where the catalog says so
            lacks = graphics_lacks(card, scenario.workload)
            return msg("mismatch-wrong-class-for-graphics-lacks" if lacks else "mismatch-wrong-class-for-graphics",
                       card=card.name, category=card.category, other=better.card.name, count=better.count,
                       ratio=mine / better.score, cheaper=1 - better.score / mine,
                       currency=scenario.economics.currency, unit=family.cost_unit,
                       **({"lacks": lacks} if lacks else {}))
        return None
    return None


_CHECKS: tuple[tuple[type, Callable[..., Message | None]], ...] = (
    (TrainingFamily, training_mismatch), (ServingFamily, serving_mismatch), (GraphicsFamily, graphics_mismatch))
"""Each family kind's check (a family of none of these kinds has no mismatch)."""
