"""What the wizard decides from the answers: card, count and layout, cost, reasons, and every
number it took differently from what was given. Qt-free and pure: runs on a worker thread."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from configurator.app.ranking_steps import ranking_steps
from configurator.core.catalog import Catalog
from configurator.core.estimate import Estimate, estimate
from configurator.core.messages import Message, msg
from configurator.core.workloads.layout import plannable
from configurator.core.precision import default_precision
from configurator.core.procurement.deployment import DeploymentCost, deployment_cost
from configurator.core.procurement.prices import PriceBook, price_book_for
from configurator.core.recommend import Filters, Objective
from configurator.core.recommend_card import suggest
from configurator.core.recommend_budget import budget_short, unranked_meeting_all
from configurator.core.recommend_owned import asks_owned_alone, owned_alone
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, Workload, updated
from configurator.core.scenario_ranking import objective_for
from configurator.core.applied import applied
from configurator.core.slow_end_count import with_slow_end_asked
from configurator.core.software import card_cautions

GIVEN_PATHS = ("count", "training.tokens", "training.global_batch_tokens", "serving.concurrency",
               "serving.prompt_tokens", "serving.output_tokens", "serving.context", "constraints.deadline_hours",
               "constraints.budget", "constraints.power_cap_kw", "constraints.rack_power_kw",
               "constraints.requests_per_s", "constraints.ttft_ms", "constraints.tpot_ms", "graphics.users",
               "graphics.streams", "graphics.frames")
"""Numbers the buyer gives the wizard: any the decision holds differently is listed."""


@dataclass(frozen=True)
class Change:
    """A number given that the decision holds differently, or spreads unevenly."""

    path: str
    given: float
    used: float
    why: str
    """'batch-layout' (a global batch is whole sequences per data-parallel rank), 'spread' (users
    over model copies), 'precision' (the card computes another), 'owned' or 'other'."""
    params: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Decision:
    """The scenario the wizard would apply, its estimate and cost, and why."""

    answers: Scenario
    scenario: Scenario
    estimate: Estimate
    cost: DeploymentCost | None
    price_date: str
    reasons: tuple[Message, ...]
    changes: tuple[Change, ...]
    chosen_by: str
    """'recommender' (every allowed card ranked), 'closest' (none meets the constraints: the closest of
    those below the line), 'over-budget' (the budget alone keeps every configuration out: the nearest
    priced in full, :func:`~configurator.core.recommend_budget.budget_short`), 'unranked' (nothing is ranked and
    this configuration, listed unranked for want of a figure, meets every constraint:
    :func:`~configurator.core.recommend_budget.unranked_meeting_all`), 'you' (the card given) or 'owned' (the cards
    owned)."""
    ranked: int = 0
    """Cards the recommender ranked (for 'closest' and 'over-budget': listed below the line; for 'unranked': listed
    unranked for want of a figure)."""
    partial: tuple[int, int] | None = None
    """While the recommender still ranks the catalog: (cards ranked, cards to rank) — the decision
    is the best so far; None once it is final."""
    cautions: tuple[Message, ...] = ()
    """Said before anything else: the card's vendor software is past its support (the ranking's
    caution, with the best-ranked card with no end of support on record, where the recommender chose it; else the card's
    own, :func:`~configurator.core.software.past_support_caution`). Not among ``reasons``."""
    objective: Objective = Objective.TCO
    """What the recommender ranked by: how the buyer pays (:func:`~configurator.core.scenario_ranking.objective_for`:
    by rent where the budget is rent, else by total cost of ownership); the wizard asks no objective."""
    owned_alone: Message | None = None
    """Where the cards owned (``chosen_by`` 'owned') cannot carry the load alone: what they carry and
    what all of it needs of the same card, and whether that meets the constraints set — the
    command line's and the summary's sentence (:func:`~configurator.core.recommend_owned.owned_alone`);
    None otherwise."""

    @property
    def meets_constraints(self) -> bool:
        """Whether the decision meets every constraint the buyer set (else it is the closest, below
        the line, and ``estimate.violations`` say what it breaks)."""
        return not self.estimate.violations


def _value(scenario: Scenario, path: str):
    value = scenario
    for part in path.split("."):
        value = getattr(value, part)
    return value


def with_planner_choices(answers: Scenario, card_precision: str | None) -> Scenario:
    """The answers with the layout and the batch left to the planner, the precision the
    buyer chose (or ``card_precision``). The training recipe stays the answers' own (the window's, else the
    scenario's one default, :attr:`~configurator.core.scenario_training.Training.recipe`), as ``recommend`` keeps
    it: until December 2026 the wizard set ``megatron-mixed`` for every pre-train, and the same 70B pre-train
    came out 48 × Gaudi 3 here and 56 on the command line (same49)."""
    changes: dict = {"auto_layout": LAYOUT_FIELDS, "serving": {"max_batch": None}}
    if card_precision is not None:
        changes["precision"] = card_precision
    return updated(answers, **changes)


def changes_made(answers: Scenario, est: Estimate, precision_given: bool) -> tuple[Change, ...]:
    """Every given number the decision holds differently, with why; never a silent change."""
    scenario = est.scenario
    found = []
    for path in GIVEN_PATHS:
        given, used = _value(answers, path), _value(scenario, path)
        if given is None or given == used:
            continue
        if path == "count":
            continue  # the count is the recommender's to choose unless cards are owned (checked below)
        if path == "training.global_batch_tokens" and used is None:
            used = scenario.global_batch_tokens
            if used == given:
                continue
            found.append(Change(path, given, used, "batch-layout", {"dp": scenario.data_parallel,
                                                                   "seq": scenario.training.seq_len}))
            continue
        found.append(Change(path, given, used, "other"))
    given_batch = answers.training.global_batch_tokens
    if given_batch is not None and scenario.workload.is_training and not any(
            c.path == "training.global_batch_tokens" for c in found) and scenario.global_batch_tokens != given_batch:
        found.append(Change("training.global_batch_tokens", given_batch, scenario.global_batch_tokens,
                            "batch-layout", {"dp": scenario.data_parallel, "seq": scenario.training.seq_len}))
    if scenario.workload is Workload.INFERENCE:
        slots = scenario.sequences_per_replica * scenario.data_parallel
        if answers.serving.concurrency is not None and slots != answers.serving.concurrency:
            found.append(Change("serving.concurrency", answers.serving.concurrency, slots, "spread",
                                {"copies": scenario.data_parallel, "each": scenario.sequences_per_replica}))
    if precision_given and est.plan.math is not None and est.plan.math != answers.precision:
        found.append(Change("precision", 0, 0, "precision", {"given": answers.precision.value,
                                                             "used": est.plan.math.value}))
    return tuple(found)


def decide(answers: Scenario, catalog: Catalog, card_id: str | None, owned: int | None,
           precision_given: bool) -> Decision:
    """Card, count and layout for the wizard's ``answers``.

    ``card_id`` None: the recommender ranks every card the filters allow by how the buyer pays (rent where
    the budget is rent, else cost of ownership: :func:`~configurator.core.scenario_ranking.objective_for`)
    and the best is taken; else the planner lays out that card (``owned`` cards of it when
    given, else the count the recommendation would rank for it).
    """
    *_, final = decide_steps(answers, catalog, card_id, owned, precision_given)
    return final


def decide_steps(answers: Scenario, catalog: Catalog, card_id: str | None, owned: int | None,
                 precision_given: bool, cancelled: Callable[[], bool] = lambda: False) -> Iterator[Decision]:
    """:func:`decide`, the best so far first: with the card left to the recommender, a decision on
    the cards ranked so far each time the ranking grows (:func:`ranking_steps`; ``partial`` says
    how far it is), then the decision on the whole catalog (``partial`` None), the last one. Ends
    without a last decision once ``cancelled()`` is true."""
    book = price_book_for(answers.economics)
    if card_id is not None:
        decided = _decided(answers, _chosen(answers, catalog, card_id, owned, precision_given), (), "owned" if owned
                           else "you", 0, owned, precision_given, book)
        if owned:
            decided = replace(decided, owned_alone=_owned_alone(answers, catalog, card_id, owned, precision_given))
        yield decided
        return
    scenario = with_planner_choices(answers, None)
    by = objective_for(None, answers.constraints.budget_basis)  # the wizard asks how the buyer pays, no objective
    for step in ranking_steps(scenario, catalog, by, Filters(), book=book, cancelled=cancelled):
        result = step.result
        best = result.best
        ranked = len(result.ranked)
        unranked = unranked_meeting_all(result)  # meets every constraint, not ranked for want of a figure
        if unranked is not None:  # as the summary presents it, the ranking's sentence above it (users50)
            est, reasons, chosen_by, ranked = unranked.estimate, unranked.reasons, "unranked", len(result.unpriced)
        elif best is None and result.below_line:  # nothing meets the constraints: the closest, with what it breaks
            # the budget alone short: the nearest priced in full, as the command line and the summary name it
            # (the wizard showed 4 unpriced BR104 at "at least 18.04 万元" where they named 48 × T4)
            short = budget_short(result)
            closest = short or result.below_line[0]
            est, reasons, chosen_by = closest.estimate, closest.reasons, "closest" if short is None else "over-budget"
            ranked = len(result.below_line)
        elif best is None:  # nothing fits: show the current card's attempt, which says why
            card = catalog.get(answers.card_id)
            est, reasons, chosen_by = estimate(plannable(scenario, card), card), (), "recommender"
        else:
            est, reasons, chosen_by = best.estimate, best.reasons, "recommender"
        yield replace(_decided(answers, est, reasons, chosen_by, ranked, owned, precision_given, book,
                               None if step.final else (step.done, step.total)), objective=by)


def _chosen(answers: Scenario, catalog: Catalog, card_id: str, owned: int | None, precision_given: bool) -> Estimate:
    """The estimate of the card the buyer picked: the cards owned laid out, else the count the
    recommendation would rank for it."""
    card = catalog.get(card_id)
    precision = None if precision_given else default_precision(card)
    scenario = with_planner_choices(updated(answers, card_id=card_id), precision)
    if owned and not scenario.workload.is_graphics:
        return estimate(plannable(updated(scenario, count=owned), card), card)
    chosen = suggest(scenario, card) if not owned else updated(scenario, count=owned)
    return estimate(chosen, card)


def _owned_alone(answers: Scenario, catalog: Catalog, card_id: str, owned: int,
                 precision_given: bool) -> Message | None:
    """What the ``owned`` [cards] of ``card_id`` carry alone where the configuration the
    recommendation would rank for that card (:func:`suggest`) needs more of them, and whether that
    configuration meets every constraint set (else the first it breaks)."""
    if not asks_owned_alone(answers):  # serving to users at once, a job that ends, running graphics work
        return None
    card = catalog.get(card_id)
    precision = None if precision_given else default_precision(card)
    scenario = with_planner_choices(updated(answers, card_id=card_id, economics={"owned_cards": owned}), precision)
    full = estimate(suggest(scenario, card), card)  # the owned counted as the ranking counts them (--owned)
    if full.scenario.count <= owned:
        return None
    broken = full.violations
    then = msg("owned-topup-breaks", why=broken[0].message) if broken else msg("owned-topup-meets")
    return owned_alone(full, owned, then)


def _decided(answers: Scenario, est: Estimate, reasons: tuple[Message, ...], chosen_by: str, ranked: int,
             owned: int | None, precision_given: bool, book: PriceBook,
             partial: tuple[int, int] | None = None) -> Decision:
    """The decision on ``est``: its cost and every given number it holds differently; final (not ``partial``),
    a deadline met or a request rate carried at the estimate that the slow end misses names the fewest cards
    that meet it there (:func:`~configurator.core.slow_end_count.with_slow_end_asked`; the ranking's first
    has it already, a card picked or owned gets it here)."""
    if partial is None:
        est = with_slow_end_asked(est)
    try:
        cost = deployment_cost(est, book)
    except (ValueError, KeyError):
        cost = None
    changes = changes_made(answers, est, precision_given)
    if owned and est.scenario.count != owned:
        changes += (Change("count", owned, est.scenario.count, "owned"),)
    cautions = card_cautions(reasons, est.card, est.scenario.economics.amortisation_years)
    reasons = tuple(m for m in reasons if m not in cautions)
    # applied as the panel and the command line apply a ranked configuration (:func:`applied`): the job's global
    # batch is the question's, not the one the planner moved it to on this count, else the proposal asks another
    # question (Llama 2 7B on A100: 2,064,384 tokens moved from 2,097,152 on 112 cards; `suggest` of that batch
    # lands on 96, where 480 sequences lie within BATCH_ROUNDING of 504 but not of 512)
    return Decision(answers, applied(est, answers), est, cost, book.price_date, reasons, changes, chosen_by,
                    ranked, partial, cautions)
