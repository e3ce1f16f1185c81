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
from functools import cache

from configurator.core.catalog import Catalog
from configurator.core.estimate import Estimate, estimate
from configurator.core.graphics_mistake import graphics_lacks
from configurator.core.messages import Message, deadline_msg, msg
from configurator.core.recommend import Filters, Objective, Recommendation, recommend
from configurator.core.recommend_card import score
from configurator.core.recommend_filters import default_classes, filters_said
from configurator.core.scenario import Scenario, Workload
from configurator.core.training_mistake import at_the_pace_asked, comparable_scenario, training_lacks
from configurator.core.uncertainty import off_notes
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
    the summary's): the class rule for training and the serving check compare on ``objective`` first (the
    graphics check does not read it), and every check draws the card it names from the cards ``filters`` allow
    (:func:`allowed_rivals`), saying so where they allow none of the right class. Each family kind's check
    (:data:`_CHECKS`) takes them alike."""
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
    return [m for m in chosen.messages if m.id not in dropped] + list(off_notes(chosen))  # its rows' side (bandstack50)


def class_rule_judges(chosen: Estimate) -> bool:
    """Whether the class rule for training (:func:`class_training_mismatch`) judges the estimate ``chosen``:
    a full training run that fits, with a time, on a card outside the training class (:func:`mismatch` asks
    it of no other); its verdict, a mistake quantified or none, then replaces the generic class line."""
    scenario = chosen.scenario  # None where the input could not be estimated (the command line's bounds)
    return bool(chosen.fits and scenario is not None and chosen.training and chosen.training.hours
                and scenario.workload in FULL_TRAINING
                and not chosen.card.positioned_for(TRAINING_CLASSES, scenario.workload)
                and isinstance(family_of(scenario.workload), TrainingFamily))


def allowed_rivals(asked: Filters | None, rival: Filters, catalog: Catalog, workload: Workload,
                   ranked: Callable[[Objective, Filters], object | None] | None = None,
                   bases: tuple[Objective, ...] = ()) -> Filters | None:
    """The filters a class check draws the card it names from: ``rival``'s (the right class for the work, and
    whether a consumer card may be it), kept to the cards the buyer's filters ``asked`` allow — the cards named
    (:attr:`~configurator.core.recommend.Filters.cards`), the vendors, domestic vendors only, the software, the
    classes picked (none asked: ``rival`` as it is). None where they allow no card of ``catalog`` of that class,
    or where ``ranked`` (the check's rival on a cost basis among the filters given, None: none does the work or
    has the price) finds none on any of ``bases``: the check then compares with a card outside them and says so
    (its ``-none-allowed`` message), naming no card the buyer left out. The cards already owned are no filter:
    the rival is priced bought, as the hand-picked card is.

    The one rule of the training, serving and graphics checks: until December 2026 only the training class check
    kept to the buyer's vendors and domestic switch, the serving and graphics checks only to the cards named
    (look45), and a buyer with no allowed card of the right class was told nothing (filters46, session 46)."""
    if asked is None:
        return rival
    classes = tuple(c for c in rival.classes if c in asked.classes) if asked.classes else rival.classes
    if not classes:  # the classes picked keep out the right class
        return None
    allowed = replace(rival, cards=asked.cards, vendors=asked.vendors, domestic_only=asked.domestic_only,
                      software=asked.software, classes=classes)
    if allowed == rival:
        return rival
    if not any(allowed.allows(card, workload) for card in catalog.cards):
        return None
    if ranked is not None and all(ranked(basis, allowed) is None for basis in bases):
        return None  # of the right class, but none of them does the work (or has the price)
    return allowed


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
    the same number of NVLink training cards finishes sooner (among the cards ``filters`` allow,
    :func:`allowed_rivals`; where they allow no NVLink training card, one outside them, not named)."""
    card = chosen.card
    if scenario.workload in FULL_TRAINING and not card.positioned_for(TRAINING_CLASSES, scenario.workload):
        return class_training_mismatch(family, scenario, chosen, catalog, rankings, objective, filters)
    if (scenario.workload not in FULL_TRAINING or card.has_fast_link
            or scenario.count <= scenario.parallelism.cards_per_node or not chosen.training):
        return None
    training = Filters(classes=TRAINING_CLASSES)

    @cache
    def linked(among: Filters) -> list[Estimate]:  # the NVLink training cards among those allowed, as they fit
        return [e for e in (estimate(scenario, c) for c in catalog.cards
                            if c.has_fast_link and among.allows(c, scenario.workload)) if e.fits and e.training]

    allowed = allowed_rivals(filters, training, catalog, scenario.workload,
                             lambda _basis, among: linked(among) or None, (objective,))
    faster = [e for e in linked(allowed or training) if e.training.hours < chosen.training.hours]
    if not faster:
        return None
    best = min(faster, key=lambda e: e.training.hours)
    said = {"card": card.name, "hours": chosen.training.hours, "count": scenario.count,
            "other_hours": best.training.hours}
    if allowed is None:
        return msg("mismatch-pcie-card-for-training-none-allowed", filters=filters_said(filters, TRAINING_CLASSES),
                   **said)
    return msg("mismatch-pcie-card-for-training", other=best.card.name, **said)


TRAINING_COST_BASIS = {Objective.TCO: "training-cost-basis-tco", Objective.CLOUD: "training-cost-basis-cloud"}
"""The words of the cost a training mismatch compared, by objective (ownership where both cards have a
purchase price, else cloud rent)."""


def asked_first(asked: Objective) -> tuple[Objective, ...]:
    """The costs a check compares a hand-picked card on, ownership then cloud rent, with the one the buyer
    ranks by (``asked``) first: the serving and the training class checks alike (any other objective, such as
    the fastest, leaves ownership first)."""
    return tuple(sorted((Objective.TCO, Objective.CLOUD), key=lambda objective: objective is not asked))


def _training_rival(chosen: Estimate, catalog: Catalog, objective: Objective, rankings: dict | None,
                    training: Filters = Filters(classes=TRAINING_CLASSES)) -> Recommendation | None:
    """The training-class configuration of least cost per million tokens on ``objective`` for the job the
    summary's alternatives answer (:func:`~configurator.core.training_mistake.comparable_scenario`: the
    deadline, or with none set, finishing within 1.25 × the chosen card's time; each card at its own best
    layout), so that the warning and the summary's recommendation name the same card: the ranking's own
    first (:func:`~configurator.core.recommend.recommend`) among the training cards ``training`` allows (the
    buyer's, :func:`allowed_rivals`: the cards named, vendors, domestic-only and software switches), kept in
    ``rankings`` by objective, filters and deadline; None where none is ranked or it has no cost to compare."""
    asked = unpinned(comparable_scenario(chosen))
    key = ("training-rival", objective, training, asked.constraints.deadline_hours)
    if rankings is not None and key in rankings:
        return rankings[key]
    best = recommend(asked, catalog, objective, training, limit=1).best
    best = best if best is not None and best.score else None
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
    L40S, L4, A10), and not positioned for that work by its vendor either (``Card.also_classes``: the L40S's
    fine-tunes, the TPU v5e's training), where it is a mistake, quantified: the ranking's best training card
    (:func:`_training_rival`) costs less per million tokens (on ownership where both cards have a purchase
    price, else on cloud rent), or meets the deadline the chosen card misses; with what the card lacks
    beside it (:func:`~configurator.core.training_mistake.training_lacks`: link, memory, BF16 rate). An
    inference card that meets the deadline at no more cost per token than any training card is no mistake
    (None); nor, with no deadline set, one whose speed is worth its cost: the training card saves no larger a
    share of the cost than it adds of time (cost ratio ≤ time ratio: 8 × L40S fine-tuning 1 B tokens in
    16.0 h at 1.1× the cost per token of 4 × A100 PCIe, which take 19.3 h, before classes47 positioned the L40S
    for fine-tunes); nor one where no training card
    does the job in time. ``rankings``: as :func:`mismatch`'s; ``objective`` (ownership or cloud rent) is
    compared on first, the other after it, and ``filters`` bound the training card (:func:`_training_rival`; where
    they allow none, one outside them, not named: the ``-none-allowed`` messages), so
    that the warning names the card the summary's ranking would (until December 2026 a window ranking by cloud
    rent or NVIDIA only read 'as on 8 × Gaudi 3 … in total cost of ownership' beside its own recommendation).
    Until December 2026 an H20, L40S, L4 or A10 chosen to pre-train drew only the generic class line."""
    card, hours = chosen.card, chosen.training.hours if chosen.training else None
    if not hours:
        return None
    deadline = scenario.constraints.deadline_hours
    late = deadline is not None and hours > deadline
    training, rankings = Filters(classes=TRAINING_CLASSES), {} if rankings is None else rankings
    allowed = allowed_rivals(filters, training, catalog, scenario.workload,
                             lambda basis, among: _training_rival(chosen, catalog, basis, rankings, among),
                             asked_first(objective))
    for basis in asked_first(objective):
        mine = score(chosen, basis, Filters())
        rival = _training_rival(chosen, catalog, basis, rankings, allowed or training)
        if rival is None or (mine is None and not late):
            continue
        other_hours, theirs = rival.estimate.training.hours, _as_asked(rival, scenario, basis)
        if not late and (mine <= theirs or (deadline is None and mine / theirs <= other_hours / hours)):
            return None  # it meets the time at no more cost per token, or buys its speed: a sound choice
        if allowed is None:  # a training card outside the buyer's filters, not named
            return msg(f"mismatch-class-for-training{'-late' if late else ''}-none-allowed", card=card.name,
                       category=card.category, basis=msg(TRAINING_COST_BASIS[basis]),
                       filters=filters_said(filters, TRAINING_CLASSES), **({} if late else {"ratio": mine / theirs}))
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
    ownership or cloud rent); ``rankings``: as :func:`mismatch`'s; the inference card among those ``filters``
    allow (:func:`allowed_rivals`; where they allow none, one outside them, not named: the ``-none-allowed``
    message). Until December 2026 always on ownership first: the window ranking by cloud rent (4 × T4 first)
    said 2 × L4 was 92 % cheaper in total cost of ownership. A buyer ranking by rent whose card is rented is
    named no inference card that no cloud rents (none allowed has a rent price: None), since renting is what was
    asked; until December 2026 a Chinese buyer ranking domestic cards by rent, with 8 × Ascend 910B rented at
    0.74 USD per million tokens, was told that 8 × Atlas 300I Duo, which no cloud rents, carried the load 19 %
    cheaper in total cost of ownership (cnserve46). The converse stays: ranking by ownership, an inference card
    without a purchase price is still for sale (the price is missing, not the card) and is compared on rent,
    saying so (an H100 NVL beside 8 × H100 SXM5, tests/test_mismatch_named_cards.py)."""
    card = chosen.card
    if card.category != "training" or card.positioned_for(("inference",), scenario.workload):  # for serving too
        return None
    inference, rankings = Filters(classes=("inference",)), {} if rankings is None else rankings
    allowed = allowed_rivals(filters, inference, catalog, scenario.workload,
                             lambda basis, among: _best_ranked(scenario, catalog, basis, among, rankings),
                             asked_first(objective))
    for basis in asked_first(objective):
        mine = score(chosen, basis, Filters())
        better = _best_ranked(scenario, catalog, basis, allowed or inference, rankings)
        if mine and better and better.score < mine:
            said = {"card": card.name, "ratio": mine / better.score, "cheaper": 1 - better.score / mine,
                    "currency": scenario.economics.currency, "saving": mine - better.score}
            if allowed is None:
                return msg(f"{SERVING_MISMATCH_ID[basis]}-none-allowed", filters=filters_said(filters, ("inference",)),
                           **said)
            return msg(SERVING_MISMATCH_ID[basis], other=better.card.name, count=better.count, **said)
        if mine and (better or basis is objective is Objective.CLOUD):  # rented: no rival that no cloud rents
            return None
    return None


def graphics_mismatch(family: WorkloadFamily, scenario: Scenario, chosen: Estimate, catalog: Catalog,
                      rankings: dict | None = None, objective: Objective = Objective.TCO,
                      filters: Filters | None = None) -> Message | None:
    """A training card (no encoders, no graphics vGPU), a compute card of another class without RT
    cores (an H200 NVL or H100 NVL, sold for inference: no RT cores, display outputs or encoders) or a
    consumer card chosen for graphics work, when a data-centre graphics-capable card does the job
    for less (on ownership, else on cloud rent, whatever ``objective`` the buyer ranks by), among the cards of the
    work's classes ``filters`` allow (:func:`allowed_rivals`; where they allow none, one outside them, not named:
    the ``-none-allowed`` messages); ``rankings``: as :func:`mismatch`'s. Until December 2026 the inference-class
    HBM cards went unflagged: 23 × H200 NVL for a 72-hour render of 10,000 frames, 7.8 × the cost per frame of
    8 × RTX PRO 6000 Blackwell, drew no warning."""
    scenario, card = chosen.scenario, chosen.card
    if card.category != "training" and not card.is_consumer and card.rt_cores != 0:
        return None
    if not card.is_consumer and card.category != "graphics" and card.positioned_for(("graphics",), scenario.workload):
        return None  # its vendor positions it for graphics too (Card.also_classes): no mistake
    mine_candidates = family.deployments(scenario, card)
    if not mine_candidates and chosen.graphics.cards_needed and family.carries_load:
        mine_candidates = [family.carrying_whole_load(chosen)]  # e.g. passthrough
    capable, rankings = Filters(classes=default_classes(scenario.workload), consumer=False), {} if (
        rankings is None) else rankings
    allowed = allowed_rivals(filters, capable, catalog, scenario.workload,
                             lambda basis, among: _best_ranked(scenario, catalog, basis, among, rankings),
                             (Objective.TCO, Objective.CLOUD))
    outside = {} if allowed is not None else {"filters": filters_said(filters, capable.classes)}
    suffix = "" if allowed is not None else "-none-allowed"
    for basis in (Objective.TCO, Objective.CLOUD):
        better = _best_ranked(scenario, catalog, basis, allowed or capable, rankings)
        mine = min((v for v in (score(e, basis, Filters()) for e in mine_candidates) if v is not None),
                   default=None)
        if better is None:
            continue
        other = {"other": better.card.name, "count": better.count} if allowed is not None else outside
        if mine is None:
            return msg(f"mismatch-card-cannot-do-graphics{suffix}", card=card.name, category=card.category,
                       workload=scenario.workload.value, **other)
        if better.score < mine:  # what the card lacks of the work's needs, where the catalog says so
            lacks = graphics_lacks(card, scenario.workload) if allowed is not None else None
            return msg(f"mismatch-wrong-class-for-graphics{'-lacks' if lacks else ''}{suffix}",
                       card=card.name, category=card.category, ratio=mine / better.score,
                       cheaper=1 - better.score / mine, currency=scenario.economics.currency, unit=family.cost_unit,
                       **other, **({"lacks": lacks} if lacks else {}))
        return None
    return None


_CHECKS: tuple[tuple[type, Callable[..., Message | None]], ...] = (
    (TrainingFamily, training_mismatch), (ServingFamily, serving_mismatch), (GraphicsFamily, graphics_mismatch))
"""Each family kind's check (a family of none of these kinds has no mismatch)."""
