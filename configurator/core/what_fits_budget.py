"""What a budget buys, model by model: ``what-fits --budget 50万元 --region cn`` (session 41,
persona11zh: "预算 50 万元能跑多大的模型？"). Qt-free.

For every card of the catalog that can be delivered to the region and has a purchase price, the
most cards the budget buys — in the units the card is sold in
(:func:`~configurator.core.procurement.servers.purchase_unit`: whole 8-GPU servers for SXM modules,
single PCIe cards) — with the whole bill of materials (servers, network, storage, racks: the
capex the recommendation's budget verdict weighs, :func:`bill_of_materials`); then, on that card
and count, the largest model of the question's ladder that fits each task
(:mod:`configurator.core.what_fits`'s own rows). Cards with no price are listed as not priced,
never guessed.

A graphics or workstation card bought alone (a consumer GeForce, an RTX A6000: boards a deskside
workstation holds, fans and all) is billed in a deskside workstation
(:func:`~configurator.core.procurement.host.at_a_workstation`, the rule every bill follows), not in a rack
server with its rack: one RTX 4090 D for 5万元 read 15.07 万元 until December 2026, 1,599 USD of card in
19,600 USD of 2U server and 42U rack (persona44). The workstation is the price file's
``workstation-1gpu``, unpriced until quoted: such a capex excludes it and says so.

Speed: models are tried largest first and a task stops at its first fitting row; a model whose
weights at 4 bits (the fewest any row stores them in: AWQ INT4, NVFP4, the NF4 base of QLoRA)
exceed the marketed memory of every card bought is not tried — it provably cannot fit.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from configurator.core.bounds import field_bounds
from configurator.core.catalog import Card, Catalog
from configurator.core.durations import HOURS_PER_YEAR
from configurator.core.cloud_only import cloud_only
from configurator.core.economics import price_basis
from configurator.core.procurement.card_price import price_to_dict
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.prices import price_book_for
from configurator.core.procurement.servers import purchase_unit
from configurator.core.procurement.workstations import unpriced_item, workstations_unpriced
from configurator.core.region import delivery_problem, import_barred
from configurator.core.scenario import Economics, Scenario, Workload, updated
from configurator.core.what_fits import fit_rows, owned_scenario
from configurator.core.what_fits_types import (
    INTERACTIVE_TARGETS,
    LADDER,
    SERVING_TASK,
    TASKS,
    FitRow,
    ModelChoice,
    ServingTargets,
    Verdict,
)
from configurator.core.what_fits_json import row_to_dict

WEIGHT_BYTES_FLOOR = 0.5
"""Bytes per parameter of the lightest weights any what-fits row holds: 4-bit formats (AWQ INT4,
NVFP4, QLoRA's NF4 base) before their scales [B/parameter]; a model whose weights at this size
exceed the marketed memory of the cards bought cannot fit any task."""

MAX_COUNT = int(field_bounds(Scenario, "count").high or 1)
"""The most cards a scenario takes [cards]."""


class LeftOut:
    """Why a card has no row in a budget's answer (message ids, en and zh in messages_budget.py)."""

    NOT_DELIVERABLE = "budget-fits-not-deliverable"
    NOT_PRICED = "budget-fits-not-priced"
    CLOUD_ONLY = "budget-fits-cloud-only"  # sold only as a cloud service (core/cloud_only.py): no purchase
    TOO_DEAR = "budget-fits-too-dear"


@dataclass(frozen=True)
class Purchase:
    """What the budget buys of one card: ``count`` cards (0 where one purchase unit is dearer than
    the budget, or the card is left out) for ``capex`` [the scenario's currency]."""

    card: Card
    count: int
    unit: int
    """Cards in the smallest unit the card is sold in [cards]."""
    capex: float | None
    """The bill of materials of ``count`` cards (of one unit where none is bought) [currency]."""
    left_out: str | None = None
    """A :class:`LeftOut` id, or None where cards are bought."""
    desk: bool = False
    """Bought in a deskside workstation, not a rack server (:func:`~configurator.core.procurement.host.
    at_a_workstation`)."""
    workstations_unpriced: int = 0
    """Workstations the capex leaves out, not priced (:func:`~configurator.core.procurement.workstations.
    workstations_unpriced`) [count]."""
    workstation_item: str | None = None
    """The price file's item of the workstation left out (:func:`~configurator.core.procurement.workstations.
    unpriced_item`: ``workstation-2gpu`` for two cards), which a quote prices; None where none is."""


@dataclass(frozen=True)
class CardAnswer:
    """One card: what the budget buys, and per task the largest model's fitting row."""

    purchase: Purchase
    largest: dict[Workload, FitRow] = field(default_factory=dict)
    unrated: frozenset[Workload] = frozenset()
    """Tasks with no fitting row because every row tried said :attr:`Verdict.UNKNOWN`: the card
    publishes no rate for any of the task's precisions, so nothing can be said (not "none fits")."""


@dataclass(frozen=True)
class BudgetFits:
    """The whole answer for a budget."""

    base: Scenario
    """The question (its constraints hold the region, its economics the currency)."""
    budget: float
    targets: ServingTargets
    tasks: tuple[Workload, ...]
    users: int
    """Serving: the fewest users a row must hold within the targets to count [users]."""
    cards: tuple[CardAnswer, ...]
    """The cards bought, in catalog order."""
    left_out: tuple[Purchase, ...]
    seconds: float

    def best(self, task: Workload) -> CardAnswer | None:
        """The card on which ``task`` runs the largest model (:func:`_rank` breaks ties)."""
        found = [c for c in self.cards if task in c.largest]
        if not found:
            return None
        return max(found, key=lambda c: _rank(c, task))


def _rank(answer: CardAnswer, task: Workload) -> tuple:
    """Larger model first; then the faster (training tokens/s, users held serving); then the cheaper."""
    row = answer.largest[task]
    speed = row.training.tokens_per_s if row.training else (row.serving.users if row.serving else 0)
    return row.params, speed, -(answer.purchase.capex or 0.0)


def deliverable(card: Card, region: str | None) -> bool:
    """Whether ``card`` can be bought for ``region``: its export status lets it be delivered and the
    region's customs do not bar it (:mod:`configurator.core.region`)."""
    return delivery_problem(card, region) is None and not import_barred(card, region)


def budget_start(catalog: Catalog, economics: Economics | None = None, region: str | None = None) -> Scenario:
    """The one scenario a budget question starts from, the command line's (``what-fits --budget``) and
    the window's dialog alike: the what-fits question's own start
    (:func:`~configurator.core.what_fits.owned_scenario`: its model, training sequence and token budget,
    which size the bill's storage) on the catalog's first card (each card priced takes its place),
    with ``economics`` (the window's currency, rate, electricity; None: the defaults) less a card or
    cloud price typed for one card, delivered to ``region``. The dialog once started from the window's
    scenario and billed 16 × T4 at 47.28 万元 where the command line billed 47.25 万元 (the window's
    2 billion training tokens against the question's 1 billion: the data set's storage; session 42)."""
    start = owned_scenario(catalog.cards[0].id, 1)
    if economics is not None:
        start = updated(start, economics=economics.model_copy(update={"card_price": None,
                                                                      "cloud_price_per_hour": None}))
    return updated(start, constraints={"region": region})


def purchase(base: Scenario, card: Card, budget: float) -> Purchase:
    """The most cards of ``card`` (whole purchase units) whose bill of materials for ``base`` (its
    workload, model and layout) costs no more than ``budget`` [the scenario's currency]: doubling,
    then halving the gap; one or two desktop boards in a deskside workstation (the bill's host rule,
    :func:`~configurator.core.procurement.host.at_a_workstation`). A bill with a
    line unpriced is :data:`LeftOut.NOT_PRICED`, but for the workstation alone (its capex excludes it)."""
    unit = purchase_unit(card)
    book = price_book_for(base.economics)

    def bill(units: int):
        return bill_of_materials(updated(base, card_id=card.id, count=units * unit), card, book)

    first = bill(1)
    if first.unpriced and not workstations_unpriced(first):
        return Purchase(card, 0, unit, None, LeftOut.NOT_PRICED)
    if first.capex > budget:
        return Purchase(card, 0, unit, first.capex, LeftOut.TOO_DEAR)
    good, good_bill, bad = 1, first, None
    while bad is None:
        trial = min(good * 2, MAX_COUNT // unit)
        if trial <= good:
            break
        trial_bill = bill(trial)
        if trial_bill.capex <= budget:
            good, good_bill = trial, trial_bill
        else:
            bad = trial
    while bad is not None and bad - good > 1:
        trial = (good + bad) // 2
        trial_bill = bill(trial)
        if trial_bill.capex <= budget:
            good, good_bill = trial, trial_bill
        else:
            bad = trial
    return Purchase(card, good * unit, unit, good_bill.capex, desk=good_bill.host == "workstation",
                    workstations_unpriced=workstations_unpriced(good_bill), workstation_item=unpriced_item(good_bill))


def may_fit(choice: ModelChoice, card: Card, count: int) -> bool:
    """False where ``choice``'s weights at :data:`WEIGHT_BYTES_FLOOR` exceed the marketed memory of
    ``count`` × ``card``: no task can fit (a safe bound, never a guess)."""
    return choice.architecture().total_params() * WEIGHT_BYTES_FLOOR <= count * card.memory_gb * 1e9


def counts(row: FitRow, users: int, most_hours: float | None = None) -> bool:
    """Whether ``row`` answers its task: a training layout fits and finishes its token budget within
    ``most_hours`` [h] (None: any time; a row with no time to judge counts); a serving deployment
    holds at least ``users`` users within the targets."""
    if row.verdict is not Verdict.FITS:
        return False
    hours = row.training.hours if row.training is not None else None
    if hours is not None and most_hours is not None and hours > most_hours:
        return False
    return row.serving is None or row.serving.users >= users


def service_life_hours(base: Scenario) -> float:
    """The hours the hardware is used and its cost spread over (``economics.amortisation_years``, the
    TCO horizon) [h]: a training run longer than that does not run on what the budget buys ("pre-train
    Mixtral 8x7B on 9 DGX Spark: 10,004 days" was the budget's largest model, session 43)."""
    return base.economics.amortisation_years * HOURS_PER_YEAR


def largest_models(base: Scenario, card: Card, targets: ServingTargets, models: Sequence[ModelChoice],
                   tasks: Sequence[Workload], users: int = 1) -> tuple[dict[Workload, FitRow], frozenset[Workload]]:
    """Per task, the first counting row (:func:`counts`: training within the service life,
    :func:`service_life_hours`) of the largest model, models tried from the most parameters down
    and skipped where they cannot fit (:func:`may_fit`); and the tasks left
    without one whose every row tried said :attr:`Verdict.UNKNOWN` (no published rate)."""
    found: dict[Workload, FitRow] = {}
    most_hours = service_life_hours(base)
    rated: set[Workload] = set()
    tried: set[Workload] = set()
    for choice in sorted(models, key=lambda c: -c.architecture().total_params()):
        left = [task for task in tasks if task not in found]
        if not left:
            break
        if not may_fit(choice, card, base.count):
            continue
        for task in left:
            for row in fit_rows(base, card, targets, (choice,), (task,)):
                tried.add(task)
                if row.verdict is not Verdict.UNKNOWN:
                    rated.add(task)
                if counts(row, users, most_hours):
                    found[task] = row
                    break
    return found, frozenset(t for t in tried - rated if t not in found)


def what_budget_fits(base: Scenario, catalog: Catalog, budget: float, targets: ServingTargets = INTERACTIVE_TARGETS,
                     models: Sequence[ModelChoice] = LADDER, tasks: Sequence[Workload] = TASKS, users: int = 1,
                     progress: Callable[[int, int], None] | None = None) -> BudgetFits:
    """What ``budget`` [``base``'s currency] buys, card by card (:func:`purchase`, for delivery to
    ``base.constraints.region``), and on each the largest model per task (:func:`largest_models`).

    ``base`` holds the question as :func:`~configurator.core.what_fits.what_fits`'s does; its bills
    are priced as training clusters (network, checkpoint storage) where a training task is asked,
    else as serving. ``progress`` receives (cards done, cards) after each card (a worker shows it,
    or stops by raising)."""
    start = time.perf_counter()
    region = base.constraints.region
    priced_as = next((t for t in tasks if t.is_training), SERVING_TASK)
    base = updated(base, workload=priced_as.value)  # the budget stays out of the rows' estimates
    cards, left_out = [], []
    every = list(catalog.cards)
    for done, card in enumerate(every, 1):
        if not deliverable(card, region):
            left_out.append(Purchase(card, 0, purchase_unit(card), None, LeftOut.NOT_DELIVERABLE))
        elif cloud_only(card):  # rented only: not "not priced, enter a quote" (persona51)
            left_out.append(Purchase(card, 0, purchase_unit(card), None, LeftOut.CLOUD_ONLY))
        else:
            bought = purchase(base, card, budget)
            if bought.left_out is not None:
                left_out.append(bought)
            else:
                at = updated(base, card_id=card.id, count=bought.count)
                cards.append(CardAnswer(bought, *largest_models(at, card, targets, models, tasks, users)))
        if progress is not None:
            progress(done, len(every))
    return BudgetFits(base, budget, targets, tuple(tasks), users, tuple(cards), tuple(left_out),
                      time.perf_counter() - start)


def card_price_to_dict(card: Card, base: Scenario) -> dict | None:
    """The price per card a bill of ``base`` counts, for JSON: ``{amount, currency, quoted, kind, date,
    source, confidence, …}`` as ``recommend --json`` writes a price
    (:func:`~configurator.core.procurement.card_price.price_to_dict`; the amount in ``base``'s currency,
    the quote in its own), ``kind: "scenario"`` for the buyer's own figure; None where the card has no
    purchase price of its own (a system's, or none)."""
    prices = price_basis(card, base.economics, base.constraints.region)
    if prices.card_price is None:
        return None
    if prices.card is None:
        return {"amount": prices.card_price, "currency": base.economics.currency, "kind": "scenario", "date": None,
                "user": True}
    return price_to_dict(prices.card, prices.card_price, base.economics.currency)


def budget_result_to_dict(answer: BudgetFits) -> dict:
    """The answer for ``what-fits --budget --json``: the budget, per task the best card and its row,
    every card bought with its largest model per task and the price per card its capex counts (amount,
    currency, kind, date: :func:`card_price_to_dict`), and the cards left out with a message id."""
    from configurator.core.messages import msg

    e, c = answer.base.economics, answer.base.constraints

    def bought(p: Purchase) -> dict:  # host: a deskside workstation or servers; the workstations the capex omits
        return {"card": p.card.id, "name": p.card.name, "count": p.count, "unit": p.unit, "capex": p.capex,
                "price": card_price_to_dict(p.card, answer.base), "host": "workstation" if p.desk else "server",
                "capex_excludes_workstations": p.workstations_unpriced}

    best = {}
    for task in answer.tasks:
        top = answer.best(task)
        best[task.value] = None if top is None else {**bought(top.purchase), "row": row_to_dict(top.largest[task])}
    return {"budget": {"amount": answer.budget, "currency": e.currency, "region": c.region, "basis": "capex"},
            "tasks": [t.value for t in answer.tasks], "serving_users": answer.users,
            "best": best,
            "cards": [{**bought(a.purchase), "largest": {t.value: row_to_dict(r) for t, r in a.largest.items()},
                       "no_published_rate": [t.value for t in answer.tasks if t in a.unrated]}
                      for a in answer.cards],
            "left_out": [{**bought(p), "reason": {"id": p.left_out, "text": msg(
                p.left_out, card=p.card.name, unit=p.unit, capex=p.capex, currency=e.currency).text_in("en")}}
                for p in answer.left_out],
            "seconds": round(answer.seconds, 3)}
