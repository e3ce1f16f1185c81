"""The configuration summary as data: built once from an Estimate, its bill of materials and
its ranked alternatives, for procurement staff to approve.

Renderers (:mod:`configurator.report.render`) turn it into HTML (for the printed/PDF
document), Markdown, CSV and JSON. No Qt here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date

from configurator import __version__
from configurator.core.catalog import Catalog
from configurator.core.estimate import Estimate
from configurator.core.fit_suggestions import what_would_fit
from configurator.core.mismatch import mismatch, said_beside
from configurator.core.procurement.deployment import DeploymentCost
from configurator.core.procurement.host import in_office
from configurator.core.procurement.partial import cards_unpriced
from configurator.core.recommend_costs import rented_not_bought
from configurator.core.procurement.prices import PriceBook, price_book_for
from configurator.core.workloads.layout import unpinned
from configurator.core.training_mistake import TRAINING_TIME_SLACK, at_the_pace_asked, comparable_scenario
from configurator.core.recommend import Filters, Objective, Result, recommend
from configurator.core.ranking_basis import ranked_said
from configurator.core.recommend_budget import budget_covered
from configurator.core.recommend_filters import vendors_verdict
from configurator.core.scenario import Scenario
from configurator.core.serving_use import asked_scenario
from configurator.core.slow_end_count import with_slow_end
from configurator.core.view.constraints_view import (
    shortfall,
    STATE_TITLES,
    does_not_run,
    shown_met,
    verdict_brief,
)
from configurator.core.view.estimate_view import estimate_view, headline_verdict, plain, speed_row
from configurator.core.view.latency_column import column_percentile
from configurator.core.view.cost_bases import period
from configurator.core.view.card_classes_view import class_label
from configurator.core.view.ranking_view import NONE_MEETS, none_ranked
from configurator.core.view.rows import label, write
from configurator.core.view.suggestions_view import suggestions_section
from configurator.core.view.family_view import view_of
from configurator.core.workloads import family_of
from configurator.report.language import sentences as _sentences
from configurator.report.language import (
    OBJECTIVE_LABELS,
    Words,
    sentence,
)
from configurator.report.parts import (  # noqa: F401 - gib and num are re-exported (tests import them from here)
    Chart,
    PointChart,
    SourceList,
    Table,
    count,
    gib,
    num,
    percent,
)
from configurator.core.view.numbers import column_top, column_units, money, unit_cost
from configurator.report.summary_configuration import configuration_text  # noqa: F401 - tests import it from here
from configurator.report.technical import bands_table, card_table, memory_table, speed_table, workload_table
from configurator.report.summary_money import Option, per_unit_heading, ranked_option, work_per_year
from configurator.report.summary_prices import price_decides_table, price_mark, prices_table, summary_price_decision
from configurator.report.summary_bill import bom_table, rent_chart, saving_basis, tco_table
from configurator.report.summary_filters import filters_note
from configurator.report.summary_headline import headline, load_headline, price_headline, speed_heading
from configurator.report.summary_headline import users_read_headline
from configurator.report.summary_tables import approval_table, assumptions_table, power_table
from configurator.report.summary_front import constraints_table
from configurator.report.summary_partial import (INCOMPLETE_TOTAL, configuration, excluded_note, in_ranking_order,
                                               incomplete, recommended_sentence)
from configurator.report.summary_open_ranking import open_ranking_first, open_ranking_sentence
from configurator.report.summary_rents import rent_tiers_note
from configurator.report.summary_unpriced import (quote_ranks, unpriced_note, unpriced_rows, unpriced_sentence,
                                                  why_unranked, with_reason)
from configurator.report.summary_below_line import below_line_table
from configurator.report.summary_cautions import precision_note, support_cautions
from configurator.report.tradeoff import tradeoff_section

MAX_ALTERNATIVES = 6
"""Priced alternatives listed (cards without a price are listed after them)."""


WRONG_CLASS = "wrong class"
"""The summary's state where the buyer's card is of the wrong class for the work
(:func:`~configurator.core.mismatch.mismatch`): red, as a configuration that does not meet what was asked."""


@dataclass(frozen=True)
class Summary:
    """Everything the summary says, already in the chosen language."""

    language: str
    title: str
    meta: tuple[tuple[str, str], ...]
    recommendation: str
    """The verdict: your choice, the recommended option and the saving."""
    tables: tuple[Table, ...]
    warnings: tuple[str, ...]
    estimate: Estimate
    alternatives: tuple[Estimate, ...] = field(default=())
    headline: tuple[tuple[str, str], ...] = ()
    charts: tuple[Chart | PointChart, ...] = ()
    sources: tuple[str, ...] = ()
    approval: tuple[tuple[str, ...], ...] = ()
    """(label, value) fields for the approver; empty values are left blank to fill in."""
    headings: dict[str, str] = field(default_factory=dict)
    cost: DeploymentCost | None = None
    status: str = ""
    """The verdict in one line, as the window's headline says it: whether it fits (or carries the
    load) and what the constraints set come to — each broken one by how much, each that cannot be
    checked and why (:func:`~configurator.core.view.estimate_view.headline_verdict`)."""
    state: str = "met"
    """The status's state: ``met`` (green), ``cannot be checked`` (amber) or ``not met`` (red) (label ids)."""
    first_page: tuple[Table, ...] = ()
    """Tables under the headline on the first page: the constraints set and whether each is met."""
    cautions: tuple[str, ...] = ()
    """Under the status, before any figure: the chosen card's vendor software is past its support
    (:func:`~configurator.core.software.past_support_caution`) — the headline, then what it means —
    and the recommended card's headline where it is another card past support."""


# ---- the title ----------------------------------------------------------------------------


def job_description(scenario: Scenario, w: Words) -> str:
    """The job in a few words: 'Serve Llama 3 70B to 200 users at once', 'Pre-train Llama 3 70B on 2T tokens'
    (the family's view words it: :attr:`~configurator.core.view.family_view.FamilyView.job`)."""
    return view_of(scenario.workload).job(scenario, w)


def summary_title(scenario: Scenario, w: Words) -> str:
    """The scenario's name, or (while it is the default "Untitled") a description of the job."""
    name = scenario.name.strip()
    return name if name and name != Scenario.model_fields["name"].default else job_description(scenario, w)


# ---- the ranking the alternatives come from ------------------------------------------------


def ranking(chosen: Estimate, catalog: Catalog, objective: Objective = Objective.TCO,
            filters: Filters | None = None) -> Result:
    """The ranking the alternatives come from: every card ``filters`` allows (None: every card the
    workload's classes hold, as :func:`~configurator.core.recommend.recommend` without filters) on
    the chosen job (training without a deadline: finishing within ``TRAINING_TIME_SLACK`` of the
    chosen time)."""
    # each card at its own best layout: the user's pins were chosen for their card and count
    return recommend(unpinned(comparable_scenario(chosen)), catalog, objective, filters or Filters(),
                     limit=MAX_ALTERNATIVES + 2)


def _paced_as_asked(alternative: Estimate, chosen: Estimate) -> Estimate:
    """``alternative`` costed at the pace ``chosen``'s buyer asked
    (:func:`~configurator.core.training_mistake.at_the_pace_asked`)."""
    scenario = at_the_pace_asked(alternative.scenario, chosen.scenario)
    return alternative if scenario is alternative.scenario else replace(alternative, scenario=scenario)


def ranked_options(chosen: Estimate, catalog: Catalog, objective: Objective = Objective.TCO,
                   book: PriceBook | None = None, result: Result | None = None, filters: Filters | None = None
                   ) -> tuple[Option, tuple[Option, ...], tuple[Option, ...]]:
    """(your choice, the other cards' best configurations ranked by ``objective`` on one price
    basis, the cards that have no price on that basis), from ``result`` (else :func:`ranking` of
    the cards ``filters`` allows)."""
    book = price_book_for(chosen.scenario.economics) if book is None else book
    mine = ranked_option(chosen, objective, book)
    result = result or ranking(chosen, catalog, objective, filters)
    others = [ranked_option(_paced_as_asked(rec.estimate, chosen), objective, book) for rec in result.ranked
              if (rec.card.id, rec.count) != (chosen.card.id, chosen.scenario.count)]
    # in the ranking's order, not sorted again: a partial total after every complete one (ranked_after_complete)
    priced = [o for o in others if o.score is not None]
    unpriced = [o for o in others if o.score is None]
    unpriced += [replace(ranked_option(rec.estimate, objective, book), reason=next(iter(rec.reasons), None))
                 for rec in getattr(result, "unpriced", ())  # why each is unranked, as the command line says
                 if (rec.card.id, rec.count) != (chosen.card.id, chosen.scenario.count)]
    return mine, tuple(priced[:MAX_ALTERNATIVES]), tuple(unpriced)


# ---- the headline -----------------------------------------------------------------------


def choice_problems(est: Estimate, w: Words, filters: Filters | None = None) -> tuple[str, ...]:
    """Why a configuration cannot be recommended, in the headline's words: it does not fit (AI) or
    carry the load (graphics), each constraint it breaks by how much or cannot be checked
    (a budget without every price aside: the ranking lists such a card with "enter a quote"), and a
    card not made by a vendor ``filters`` narrowed the cards to
    (:func:`~configurator.core.recommend_filters.vendors_verdict`, last, as the headline lists it: 2 × H20
    for a buyer of domestic cards only read "cannot be recommended: over budget …; first token …" without it
    until December 2026, persona46c); empty when nothing stands in the way."""
    problems = []
    if not est.usable:
        problems.append(w(shortfall(est)))
    runs = not does_not_run(est)  # a speed constraint of a configuration that does not run is broken
    vendors = vendors_verdict(est.card, filters)
    problems += [write(verdict_brief(v, runs), w.language) for v in (*est.verdicts, *filter(None, (vendors,)))
                 if v in est.violations or shown_met(v, runs) is False]
    return tuple(problems)


def choice_ranked(est: Estimate, w: Words, recommended: bool = False, filters: Filters | None = None) -> bool:
    """Whether the summary ranks the buyer's configuration ``est`` among the others: not where it breaks a
    constraint (:func:`choice_problems`), as recommend lists such a configuration below the line (8 x H20 to
    mainland China stood '#1 (your choice)' in the alternatives and decided 'whether price decides' until December
    2026); the recommendation itself (``recommended``) always."""
    return recommended or not choice_problems(est, w, filters)


def _none_ranked_first(result: Result | None, w: Words) -> str | None:
    """Where ``result`` ranks nothing for want of a figure (:func:`~configurator.core.view.ranking_view.none_ranked`
    is not :data:`~configurator.core.view.ranking_view.NONE_MEETS`), the ranking's own first sentence, as the
    command line and the window's panel say it; else None."""
    if result is None or result.ranked:
        return None
    said = none_ranked(result)
    return None if said == NONE_MEETS else write(said, w.language)


def _verdict(mine: Option, best: Option | None, objective: Objective, w: Words, recommended: bool = False,
             unranked: bool = False, filters: Filters | None = None, result: Result | None = None) -> str:
    """"Your choice" beside "Recommended", with the saving when they differ; a choice that does not
    fit or breaks a constraint set is never called the recommended option: what stands in the way
    is said first. ``recommended``: no card was chosen and ``mine`` is the recommendation, said as such;
    ``unranked``: cards that meet every constraint are left unranked (no price), so "no other" is
    said of those that can be ranked (the next sentence names the others); ``filters``: the ranking's, whose
    vendors the choice is judged against too (:func:`choice_problems`)."""
    currency = mine.cost.bom.currency
    years = write(period(mine.cost.ownership.years), w.language)  # "3 months" under a year
    by = w(OBJECTIVE_LABELS[objective.value])
    mine_text = configuration(mine.estimate, w)
    problems = choice_problems(mine.estimate, w, filters)
    first = _none_ranked_first(result, w) if recommended else None
    if recommended and problems:  # no card named, nothing ranked: the nearest (cli: budget_short), and the
        text = w("No configuration meets every constraint set. The nearest, {mine}, breaks: {problems}.",
                 mine=mine_text, problems=w.label("; ").join(problems)) if first is None else _sentences(
            w, first, w("The nearest, {mine}, breaks: {problems}.", mine=mine_text,
                        problems=w.label("; ").join(problems)))  # share of it the budget covers
        covered = budget_covered(mine.estimate)
        return text if covered is None else _sentences(w, text, w(
            "The budget covers {share} of it: raise the budget or lower the requirements.",
            share=percent(covered, w.language)))
    if recommended and mine.score is None:  # nothing ranked; this one meets every constraint (unranked_meeting_all)
        return _sentences(w, *filter(None, (first,)), w("{mine} meets every constraint set; it is not ranked: {why}.",
                                                         mine=mine_text, why=why_unranked(mine, w)))
    if recommended:
        return recommended_sentence(w, by, mine_text, mine)
    if problems:
        text = w("Your choice, {mine}, cannot be recommended: {problems}.", mine=mine_text,
                 problems=w.label("; ").join(problems))
        if best is None:
            return _sentences(w, text, w("No other card that can be ranked meets every constraint set either."
                                         if unranked else "No other card's configuration meets every constraint set "
                                         "either."))
        best_text = configuration(best.estimate, w)
        return _sentences(w, text, recommended_sentence(w, by, best_text, best))
    if best is None or (mine.score is not None and mine.score <= best.score):
        if mine.score is None and not quote_ranks(mine):  # no board power: no quote ranks it (with_reason)
            return w("Your choice: {mine}. It cannot be ranked by {by}: {why}.", mine=mine_text, by=by,
                     why=why_unranked(mine, w))
        if mine.score is None:
            return w("Your choice: {mine}. It cannot be ranked by {by}: it has no price on that basis — enter a "
                     "quote.", mine=mine_text, by=by)
        return w("Your choice, {mine}, is the recommended option by {by}.", mine=mine_text, by=by)
    best_text = configuration(best.estimate, w)
    text = w("Your choice: {mine}. Recommended by {by}: {best}.", mine=mine_text, by=by, best=best_text)
    if objective in (Objective.TCO, Objective.CLOUD) and mine.score is not None and mine.per_unit:
        ratio = best.per_unit / mine.per_unit
        work = work_per_year(mine.estimate) * mine.cost.ownership.years
        saving = (mine.per_unit - best.per_unit) * work
        # the share is of the cost per unit of work: "… 2,015,662 USD less (40 % of your choice's cost)" read
        # as the saving's share, which was 60 % (December 2026)
        text = _sentences(w, text, w("It does the same work for {saving} less over {period}, at {share} of your "
                                     "choice's cost per unit of work.", saving=money(saving, currency, w.language),
                                     period=years, share=percent(ratio, w.language)),
                          *saving_basis(mine, best, saving, w))
    return text


def recommended_instead(mine: Option, best: Option | None, recommended: bool, w: Words,
                        filters: Filters | None = None) -> Option | None:
    """The other configuration :func:`_verdict` names as the recommended option, None where it names
    the buyer's own (``recommended``, or ``mine`` ranks at least as well as ``best``) or none: the
    first page's cautions say "the recommended option" only of the one the verdict recommends (the
    render farm recommended as 31 × RTX PRO 6000 Blackwell Max-Q read until December 2026 "The
    recommended option, 29 × RTX PRO 6000 Blackwell Workstation Edition: … flow-through cooler",
    the runner-up's caution)."""
    if best is None or choice_problems(mine.estimate, w, filters):
        return best
    if recommended or (mine.score is not None and mine.score <= best.score):
        return None
    return best


# ---- alternatives -----------------------------------------------------------------------


def speed_text(est: Estimate, w: Words) -> str:
    """Training: the time for the token budget; serving: time per output token; graphics:
    what one card carries or the render time (the view model's speed row, as one figure)."""
    row = speed_row(est)
    return "—" if row is None else write(plain(row.value, percentile=column_percentile(est.scenario)), w.language)


def pinned_layout(est: Estimate) -> tuple[str, ...]:
    """The layout fields the user pinned, for a family that has a layout ("tp", "micro_batch" …)."""
    if not family_of(est.scenario.workload).has_layout or not est.scenario.auto_layout:
        return ()
    return est.scenario.pinned


def _basis_note(objective: Objective, scenario: Scenario, w: Words) -> str:
    """How the budget basis bears on the ranking, as a sentence: 'Ranked by rent: the budget is rent …'
    (:func:`~configurator.core.ranking_basis.ranked_said`, the command line's and the wizard's line); empty where
    it has nothing to say (a budget on the purchase, ranked by ownership)."""
    said = ranked_said(objective, scenario)
    return "" if said is None else sentence(w, said)


def _alternatives_table(mine: Option, priced: Sequence[Option], unpriced: Sequence[Option],
                        objective: Objective, w: Words, recommended: bool = False,
                        filters: Filters | None = None) -> Table:
    currency, years = mine.cost.bom.currency, write(period(mine.cost.ownership.years), w.language)
    # short; named in full in the note, for every bill in the table (servers beside a workstation: a data hall's)
    office = all(in_office(o.estimate.scenario, o.estimate.card) for o in (mine, *priced))
    unit, unit_named = per_unit_heading(mine.estimate, w, objective, office)
    speed = speed_row(mine.estimate)  # the column says what its figure is: a job's time, a token's, a card's load
    nearest = recommended and bool(choice_problems(mine.estimate, w, filters))  # nothing met every constraint
    shown = recommended and not nearest and mine.score is None  # nothing ranked: one unranked that meets them all
    header = ("#", w("Configuration"), w("Class"), speed_heading(speed, w, column_percentile(mine.estimate.scenario))
              if speed else w("Speed"), w("Capex"),
              w("TCO over {period}", period=years), unit, w(("Against the nearest" if nearest else
                                                              "Against the one shown" if shown else
                                                              "Against the recommendation") if recommended
                                                             else "Against your choice"))
    everyone = in_ranking_order(mine, priced, objective)
    tops = [column_top(o.cost.ownership.capex for o in everyone), column_top(o.cost.ownership.tco for o in everyone),
            column_top(o.per_unit for o in everyone)]  # capex, TCO, cost per unit: one unit a column (万元 in Chinese)
    mine_unranked = not choice_ranked(mine.estimate, w, recommended, filters)  # shown with why, not numbered
    rows, rank = [], 0
    for option in everyone:
        ranked = option.score is not None and not (option is mine and mine_unranked)
        rank += ranked
        est = option.estimate
        config = configuration(est, w)
        if option is mine:
            config = w(("{config} (nearest)" if nearest else "{config} (not ranked)" if shown else
                        "{config} (recommended)") if recommended
                       else "{config} (your choice)", config=config)  # full-width brackets in Chinese
            against = w("not ranked: {why}", why=w.label("; ").join(choice_problems(est, w, filters))) \
                if mine_unranked else w("not ranked: {why}", why=why_unranked(mine, w)) if shown else "—"
        elif incomplete(option, objective):  # ranked on its priced part, after every complete total
            against = w(INCOMPLETE_TOTAL)
        elif mine.score and option.score is not None and objective in (Objective.TCO, Objective.CLOUD):
            against = w("{x}× the cost per unit of work", x=f"{option.score / mine.score:.2f}")
        elif mine.score and option.score is not None:
            against = f"{option.score / mine.score:.2f}×"
        else:
            against = "—"
        # a bill without its cards' price (ranked by rent): "no price", as an unpriced row says it, where it read a
        # capex and TCO of the servers alone beside whole bills (32 MI325X: '259.52 万元', persona50b)
        capex, tco = ((w("no price"),) * 2 if cards_unpriced(option.cost.bom) else
                      (w("cannot be built"),) * 2 if rented_not_bought(est) is not None else  # rented, never bought (refusedbill51)
                      (money(option.cost.ownership.capex, currency, w.language, like=tops[0]),
                       money(option.cost.ownership.tco, currency, w.language, like=tops[1])))
        rows.append((str(rank) if ranked else "—", config, write(class_label(est.card), w.language),
                     speed_text(est, w), capex, tco,
                     unit_cost(option.per_unit, currency, w.language, tops[2]) + price_mark(est, objective), against))
    rows += unpriced_rows(unpriced, w, speed_text)  # no rank, "no price": never read as a purchase
    basis = w("cloud rent") if objective is Objective.CLOUD else w("the bill of materials, owned")
    note = _sentences(w, w("Ranked by {by}; every cost on one basis: {basis}, in {currency}.",
                           by=w(OBJECTIVE_LABELS[objective.value]), basis=basis,
                           currency=column_units(tops, currency, w.language)), unit_named,  # "万元、元"
                      *filter(None, (_basis_note(objective, mine.estimate.scenario, w),
                                     filters_note(filters, w, mine.estimate.scenario.workload),
                                     unpriced_note(unpriced, w), excluded_note(everyone, w),
                                     precision_note(everyone, w),
                                     rent_tiers_note([o for o in everyone if o.score is not None], objective, w))))
    if mine.estimate.scenario.workload.is_training and mine.estimate.scenario.constraints.deadline_hours is None:
        note = _sentences(w, note, w("Without a deadline, alternatives finish within {x}× your choice's time.",
                                     x=f"{TRAINING_TIME_SLACK:g}"))  # no space after a Chinese full stop
    if pins := pinned_layout(mine.estimate):
        note = _sentences(w, note, w("Alternatives are laid out by the planner; your pinned {pins} apply to your "
                                     "choice only.", pins=w.label(", ").join(pins)))
    return Table("alternatives", w("Alternatives"), header, tuple(rows), note=note)


# ---- what would fit, power, assumptions, approval ----------------------------------------


def suggestions_table(est: Estimate, catalog: Catalog, w: Words, filters: Filters | None = None) -> Table | None:
    """"What would fit" when the configuration does not fit or carry its load: each change with its
    number (:func:`configurator.core.fit_suggestions.what_would_fit`, another card among those ``filters``
    allows); None when it does."""
    found = what_would_fit(est, catalog, filters)
    if est.usable and not found:
        return None
    section = suggestions_section(found)
    rows = tuple((label(r.label, w.language), write(r.value, w.language)) for r in section.rows) if section else \
        ((w("Nothing tried fits: raise the count a lot, or choose a card with more memory."), ""),)
    return Table("what_would_fit", w(section.title if section else "What would fit"), ("", ""), rows)


# ---- the summary ------------------------------------------------------------------------


def build_summary(est: Estimate, catalog: Catalog, language: str = "en", today: date | None = None,
                  objective: Objective = Objective.TCO, book: PriceBook | None = None,
                  prepared_by: str = "", recommended: bool = False, filters: Filters | None = None) -> Summary:
    """The whole summary of ``est`` in ``language`` ("en" or "zh_CN"), ranked by ``objective``
    among the cards ``filters`` allows (None: every card of the workload's classes), as the
    ranking the buyer asked for (``recommended``: no card was chosen, ``est`` is the
    recommendation and is presented as such)."""
    w = Words(language)
    today = today or date.today()
    book = price_book_for(est.scenario.economics) if book is None else book
    result = ranking(est, catalog, objective, filters)
    mine, priced, unpriced = ranked_options(est, catalog, objective, book, result)
    mine = with_reason(mine, result)  # why the ranking leaves its card unranked, where it does
    ordered = in_ranking_order(mine, priced, objective, book)  # the ranking's order, the buyer's choice in its place
    decision = summary_price_decision(ordered if choice_ranked(est, w, recommended, filters) else priced,
                                      objective, book)
    decision = () if decision is None else decision.messages()
    best = priced[0] if priced else None
    sources = SourceList(language)
    meta = (
        (w("Date"), today.isoformat()),
        (w("App version"), __version__),
        (w("Catalog"), f"{catalog.version} ({catalog.date})"),
        (w("Prices"), w("{date}, with {n} of your quotes", date=book.price_date, n=count(len(book.quoted)))
         if book.quoted else book.price_date),
        (w("Currency"), mine.cost.bom.currency),
    )
    # the one the verdict recommends, None: the buyer's
    other = recommended_instead(mine, best, recommended, w, filters)
    named = None if recommended else other.estimate if other is not None else None \
        if choice_problems(est, w, filters) else est
    said = named and open_ranking_sentence(open_ranking_first(est, catalog, objective, filters), named, w, speed_text)
    verdict = _sentences(w, _verdict(mine, best, objective, w, recommended, bool(unpriced), filters, result),
                         *filter(None, (said,)), *unpriced_sentence(unpriced, w))  # page 1 says so
    view = estimate_view(est)
    status, state = headline_verdict(est, tuple(filter(None, (vendors_verdict(est.card, filters),))))
    status = write(status, language)
    # a hand-picked card of the wrong class, judged on the ranking the alternatives come from
    wrong = None if recommended else mismatch(est.scenario, catalog, objective=objective, filters=filters)
    if wrong is not None:  # what the mistake costs opens the first page, in red, before the verdict
        status, state = _sentences(w, w("{said}.", said=w.message(wrong)), status), WRONG_CLASS
    fixes = suggestions_table(est, catalog, w, filters)
    tradeoff = tradeoff_section(est, w)
    tables = (
        *((fixes,) if fixes else ()),
        bom_table(mine, w, sources), tco_table(est, mine, w),
        _alternatives_table(mine, priced, unpriced, objective, w, recommended, filters),
        *filter(None, (below_line_table(result, w),)),
        prices_table(ordered, unpriced, objective, decision, w, sources),
        *filter(None, (price_decides_table(decision, w),)),
        workload_table(est, w), card_table(est, w, sources), memory_table(est, w, view), speed_table(est, w, view),
        *((tradeoff[0],) if tradeoff else ()), bands_table(est, w, view),
        power_table(est, view, w), assumptions_table(est, mine, w, sources),
    )
    chart = rent_chart(est, mine, w)
    warnings = tuple(w.message(m) for m in said_beside(est, wrong)) or (w("None"),)  # less what it says
    headings = {"headline": w("At a glance"), "sources": w("Sources"), "warnings": w("Warnings"),
                "approval": w("Approval"),
                "state": w("Wrong card class for this work" if state == WRONG_CLASS else STATE_TITLES[state])}
    glance = load_headline(est, w) + headline(est, mine, w, objective, result) + price_headline(decision, w) + \
        users_read_headline(est, w)  # last: users read as at once (persona51)
    held = with_slow_end(est, book, objective)  # the fewest its slow end meets, on the ranking's basis
    return Summary(language, summary_title(asked_scenario(est), w), meta, verdict, tables, warnings, est,
                   tuple(o.estimate for o in priced), headline=glance,
                   charts=(*((chart,) if chart else ()), *((tradeoff[1],) if tradeoff else ())),
                   sources=tuple(sources.items),
                   approval=approval_table(w, prepared_by, today, headings["state"] + w.label(": ") + status,
                                           glance).rows,
                   headings=headings, cost=mine.cost, status=status, state=state,
                   first_page=(constraints_table(held, w, filters),), cautions=support_cautions(
                       est, recommended_instead(mine, best, recommended, w, filters), result, w))
