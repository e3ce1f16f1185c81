"""The summary's money: each configuration priced on the objective's basis (:class:`Option`), the
bill of materials, the total cost of ownership and the rent-or-buy chart, and the prices the ranking
uses with whether price decides it (issue 25). No Qt here; :mod:`configurator.report.summary` puts
them in the document."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from configurator.core.cjk_spacing import cjk_joined
from configurator.core.estimate import Estimate
from configurator.core.job_alone import job_alone
from configurator.core.messages import Message, msg
from configurator.core.procurement.bom import BomLine
from configurator.core.procurement.deployment import DeploymentCost, deployment_cost, work_over_years
from configurator.core.procurement.price_decides import PriceDecision, PricedOption, price_decision
from configurator.core.procurement.prices import QUOTE_COLUMNS, PriceBook, price_book_for, quote_vendor
from configurator.core.procurement.tco import rent_vs_buy_curve
from configurator.core.recommend import Objective, oversized_fleet
from configurator.core.recommend_costs import (cloud_per_million, rent_licences_message, rent_month,
                                               rented_message)
from configurator.core.region import import_message
from configurator.core.system_price import system_price_line
from configurator.core.view import price_view
from configurator.core.view.assumptions_view import electricity_price as assumed_electricity_price
from configurator.core.view.bom_names import kind_label, line_kind
from configurator.core.view.card_names import card_name
from configurator.core.view.card_view import CONFIDENCE, PRICE_KINDS
from configurator.core.desks import at_desks, charges_left_out
from configurator.core.procurement.host import in_office
from configurator.core.view.constraints_view import shortfall
from configurator.core.view.estimate_view import JOB_ALONE_BASIS, JOB_ALONE_SHORT, job_alone_label
from configurator.core.view.cost_bases import PER_UNIT, basis_label, per_unit_label, period
from configurator.core.view.ranking_view import ranking_cost_heading
from configurator.core.view.rows import Amount, Phrase, range_phrase, write
from configurator.core.workloads import family_of
from configurator.report.language import Words, item_name, price_per, quantity_unit
from configurator.core.view.numbers import axis_currency, column_top, money, unit_cost
from configurator.report.parts import Chart, SourceList, Table, count, num, percent
from configurator.report.summary_sums import printed_step, printed_sum_holds, summing_amounts
from configurator.report.summary_unpriced import why_unranked, without_price
from configurator.core.message_numbers import money_text

ENERGY_ROW = {False: "Energy and cooling (PUE {pue}, {price})", True: "Energy (office, no PUE, {price})"}
"""The TCO table's energy row (label ids): a data hall's with its cooling (PUE), or an office's at the users'
desks, no PUE (:func:`~configurator.core.desks.applied_pue`)."""

NO_PUBLIC_PRICE = "No dated public price: ask the vendor or a distributor for a quote"
"""What the prices table says of a card without a price (the catalog's own note, in English only, is
in the card view)."""


def per_unit_name(est: Estimate, w: Words, basis: str = "tco", office: bool | None = None) -> str:
    """The cost per unit of work with its basis named: the summary's is the bill of materials' TCO
    (cloud rent when the ranking is by rent, with the licence it adds or includes); the window's
    estimate and ranking name theirs too. ``office``: whether the bills named are all in an office
    (workstations: :func:`~configurator.core.procurement.host.in_office`); None: ``est``'s own."""
    family = family_of(est.scenario.workload)
    licence = est.costs.licence_per_unit if basis == "cloud" else None
    office = in_office(est.scenario, est.card) if office is None else office
    return write(per_unit_label(family.cost_unit, basis, est.scenario.economics.amortisation_years,
                                family.pace, licence, office), w.language)


def per_unit_glance(est: Estimate, w: Words, basis: str = "tco") -> tuple[str, str]:
    """:func:`per_unit_name` in two, for the first page's two columns: the cost per unit of work
    ('Cost per million tokens') and its basis ('total cost of ownership: cards, servers, network, power,
    support — over 4 years, if the cards train at this pace all 4 years'), the basis read beside the
    figure. The whole name as the row's label wrapped to six lines in the first page's narrow label
    column, its figure alone beside them (session 47, look)."""
    family = family_of(est.scenario.workload)
    licence = est.costs.licence_per_unit if basis == "cloud" else None
    named = basis_label(basis, est.scenario.economics.amortisation_years, family.cost_unit, family.pace, licence,
                        in_office(est.scenario, est.card))
    return write(per_unit_label(family.cost_unit, None), w.language), write(named, w.language)


def per_unit_heading(est: Estimate, w: Words, objective: Objective, office: bool | None = None) -> tuple[str, str]:
    """The alternatives' cost column as a table heads it, short as the window's and the command line's
    rankings head it ('TCO/frame', 'Rent/M tokens':
    :func:`~configurator.core.view.ranking_view.ranking_cost_heading`), and the sentence under the
    table that names it in full (:func:`per_unit_name`). The full name as the heading wrapped to seven
    lines on the summary's second page (session 37)."""
    basis = "cloud" if objective is Objective.CLOUD else "tco"
    short = write(ranking_cost_heading(Objective.CLOUD if basis == "cloud" else Objective.TCO, est.scenario),
                  w.language)
    return short, w("{short}: {full}.", short=short, full=per_unit_name(est, w, basis, office))


def job_alone_rows(est: Estimate, cost: DeploymentCost, w: Words, glance: bool = False) -> tuple[tuple[str, str], ...]:
    """A job that ends, usable: what this job alone costs per unit of its work with its cards and servers
    bought for it (:func:`configurator.core.job_alone.job_alone`), beside the TCO per unit spread over the
    years; none for work that runs on. ``glance``: the first page's row, its label short and what the figure
    covers beside it (:func:`per_unit_glance`)."""
    job = job_alone(est, cost) if est.usable else None
    if job is None:
        return ()
    family = family_of(est.scenario.workload)
    value = unit_cost(job.bought_per_unit, cost.bom.currency, w.language)
    if not glance:
        return ((write(job_alone_label(family), w.language), value),)
    return ((write(Phrase(JOB_ALONE_SHORT, {"per": PER_UNIT[family.cost_unit]}), w.language),
             w("{value} — {note}", value=value, note=w(JOB_ALONE_BASIS))),)


@dataclass(frozen=True)
class Option:
    """One configuration in the ranking: the estimate, what it costs over the years and per
    unit of work on the objective's price basis (None: no price there)."""

    estimate: Estimate
    cost: DeploymentCost
    per_unit: float | None
    score: float | None
    reason: Message | None = None
    """Why an unranked configuration has no score: the recommendation's own reason (``no-price``,
    ``no-price-items``, ``no-power-tco``, a rent only in another market …); None when ranked or
    not told (then read as no price)."""


# ---- money per unit of work -------------------------------------------------------------


def work_per_year(est: Estimate) -> float | None:
    """Work a deployment does in a year at the scenario's utilisation, in the unit costs are
    quoted per: million tokens, user-months, stream-hours or frames (the TCO's work,
    :func:`~configurator.core.procurement.deployment.work_over_years`, over its years)."""
    work = work_over_years(est)
    return None if work is None else work / est.scenario.economics.amortisation_years


def rent_cost_per_unit(est: Estimate, cost: DeploymentCost) -> float | None:
    """Rent per unit of work, the recommendation's own figure
    (:func:`~configurator.core.recommend_costs.cloud_per_million`: an hour's rent over an hour's work);
    None without a cloud price or work. Rented cards are paid while they work: a year's rent over a
    year's work at the pace a deadline asks charged a job of 12.9 h in 5 days for all 5 — 0.468 USD
    per million tokens on page 1 where the command line ranked it at 0.0504, and the rows in another
    order (persona check, December 2026)."""
    return None if cost.rent_per_year is None else cloud_per_million(est)


def _cost_per_unit(est: Estimate, cost: DeploymentCost, objective: Objective) -> float | None:
    """TCO (or, ranking by cloud cost, rent) per unit of work; None without the prices for it
    (the TCO: :attr:`DeploymentCost.ranked_per_unit`, the figure the recommendation ranks on)."""
    if objective is Objective.CLOUD:
        return rent_cost_per_unit(est, cost)
    return cost.ranked_per_unit


def tco_per_unit_of(est: Estimate, mine: Option) -> float | None:
    """The TCO per unit of work whatever the ranking's basis (the headline and the TCO table say TCO)."""
    return _cost_per_unit(est, mine.cost, Objective.TCO)


def ranked_option(est: Estimate, objective: Objective, book: PriceBook) -> Option:
    cost = deployment_cost(est, book)
    per_unit = _cost_per_unit(est, cost, objective)
    if objective in (Objective.TCO, Objective.CLOUD):
        score = per_unit
    elif objective is Objective.FASTEST:
        family = family_of(est.scenario.workload)
        score = family.speed_figure(est) if family.can_rank(est) else None
    elif objective is Objective.ENERGY:
        work = work_per_year(est)
        energy = cost.ownership.energy_per_year
        score = None if not work or energy is None else energy / work
    else:
        score = float(est.scenario.count)
    return Option(est, cost, per_unit, score)


# ---- bill of materials and TCO ----------------------------------------------------------


def _bom_row(line: BomLine, currency: str, w: Words, sources: SourceList, card_price=None,
             tops: tuple[float, float] = (0.0, 0.0), shown_total: float | None = None) -> tuple[str, ...]:
    """One line of the bill of materials; the cards' source is ``card_price`` (the price the cards
    are bought at in full: kind, date, confidence, source, flags) where given; ``tops``: the amounts
    that decide the unit of the unit-price and the total column (:func:`~configurator.core.view.numbers.column_top`);
    ``shown_total``: the line's total as printed, so that the lines add up to the capex
    (:func:`~configurator.report.summary_sums.summing_amounts`; None: the line's own). A unit price
    that, rounded, would not multiply to the total is printed in cents (19 T4 at 803.50 USD read
    "804 USD" beside 15,267 USD until December 2026)."""
    unit = quantity_unit(line.unit, w, line.quantity)
    amount = count(line.quantity) if float(line.quantity).is_integer() else num(line.quantity)
    quantity = f"{amount} {unit}".strip()
    if line.unit_price is None:  # a price-file item is quoted by its id: the summary names the id to type
        quotable = line.kind != "accelerator" and not line.item_id.startswith("installation")
        price = w.message(msg("quote-item", item=line.item_id)) if quotable else w("no price — enter a quote")
        total, source = "—", "—"
    else:
        per = unit_price_text(line, currency, w.language, tops[0], tops[1])
        price = per + price_per(line.unit) + (f" / {w('year')}" if line.yearly else "")  # '458 USD/TB'
        total = money(line.total if shown_total is None else shown_total, currency, w.language, like=tops[1]) \
            + (f" / {w('year')}" if line.yearly else "")
        vendor = quote_vendor(line.source)
        if vendor is not None:  # the buyer's quote: its vendor named in the row, in either language
            origin = w("your quote: {vendor}", vendor=vendor) if vendor else w("your quote")
        else:
            cited = sources.cite(line.source) if line.source not in ("catalog", "user") else ""
            origin = {"catalog": w("card catalog"), "user": w("your price")}.get(line.source, cited)
        source = " ".join(part for part in (origin, line.date, w(line.confidence) if line.confidence not in
                                            ("catalog", "user", "quote") else "") if part)
        if card_price is not None and line.kind == "accelerator" and line.source in ("catalog", "user"):
            source = write(card_price, w.language)
        if line.role == "owned":  # not bought: no price, date or source to cite
            source = w("yours, already owned")
    return (kind_label(line_kind(line), w), item_name(line, w), quantity, price, total, source)


def unit_price_text(line: BomLine, currency: str, language: str, like: float = 0.0,
                    total_like: float | None = None) -> str:
    """A priced ``line``'s unit price as the bill prints it: in its column's unit (``like``, the
    column's largest), unless that, times the quantity, misses the line's total by half a printed step
    of the total column (``total_like``) or more; then in the price's own unit, and in cents where
    that still misses, in whole units (80,728 元, not 8.07 万元 beside 7 servers' 56.51 万元), and in
    cents where that still misses (19 T4 at 803.50 USD read "804 USD" beside 15,267 USD, and in Chinese
    300 vGPU licences at "0.04 万元" a year beside 10.53 万元, until December 2026)."""
    price, quantity = line.unit_price, line.quantity
    if line.total is None or not quantity:
        return money(price, currency, language, like=like)
    half = printed_step(line.total, currency, language, total_like) / 2

    def misses(step: float) -> bool:
        return abs(round(price / step) * step * quantity - line.total) >= half

    for unit_like in (like, None, 1.0):  # the column's unit, the price's own, whole units (元, not 万元)
        if not misses(printed_step(price, currency, language, unit_like)):
            return money(price, currency, language, like=unit_like)
    return money_text(price, currency, language, decimals=2, like=1.0)


def _card_price_source(est: Estimate, sources: SourceList):
    """The cards' price as the bill of materials cites it: "card catalog: street price 71,000–
    106,500 CNY, 2026-03, confidence: low; [1]" (a quoted range in the scenario's currency) with
    its flags and a * (list or launch price, older than 18 months), or the user's own figure;
    None without a price."""
    prices = est.costs.prices
    chosen, flags = prices.card, prices.card_flags
    if prices.card_price is None:
        return None
    if chosen is None:
        return price_view.joined(["the price you entered in the scenario", *flags])
    e, currency = chosen.entry, est.costs.currency
    rate = prices.card_price / e.midpoint
    amount = Amount(prices.card_price, currency, money=True) if not e.amount_high else range_phrase(
        Amount(e.amount * rate, currency, money=True), Amount(e.amount_high * rate, currency, money=True))
    head = Phrase("{kind} {amount}, {date}, confidence: {confidence}", {
        "kind": PRICE_KINDS[e.kind], "amount": amount, "date": e.date, "confidence": CONFIDENCE[e.confidence]})
    return Phrase("{origin}: {price}{mark}", {
        "origin": "your price" if chosen.user else "card catalog",
        "mark": price_view.FLAG_MARK if price_view.warns(flags) else "",
        "price": price_view.joined([head, sources.cite(e.source), *(f for f in flags if f.id != "price-user")])})


def bom_table(mine: Option, w: Words, sources: SourceList) -> Table:
    bom, own = mine.cost.bom, mine.cost.ownership
    header = (w("Kind"), w("Item"), w("Quantity"), w("Unit price"), w("Total"), w("Source"))
    card_price = _card_price_source(mine.estimate, sources)
    tops = (column_top(line.unit_price for line in bom.lines),  # one unit per column: 万元 from one amount of 1万 up
            column_top([*(line.total for line in bom.lines), own.capex, bom.licences_per_year]))
    in_capex = [line.total if line.total is not None and not line.yearly else None for line in bom.lines]
    shown = summing_amounts(in_capex, own.capex, bom.currency, w.language, like=tops[1],
                            last=[line.quantity == 1 for line in bom.lines])
    rows = [_bom_row(line, bom.currency, w, sources, card_price, tops, total)
            for line, total in zip(bom.lines, shown, strict=True)]
    rows.append(("", w("Capex (sum of the priced purchases)"), "", "",
                 money(own.capex, bom.currency, w.language, like=tops[1]), ""))
    if bom.licences_per_year:
        licences = money(bom.licences_per_year, bom.currency, w.language, like=tops[1])
        rows.append(("", w("Licences per year"), "", "", f"{licences} / {w('year')}",
                     ""))
    power = f"{num(bom.it_kw)} kW" if bom.it_kw is not None else "—"
    cooling = w("no rack") if not bom.racks else w.message(msg("cooling-unpublished")) if bom.liquid_cooled is None \
        else w("liquid-cooled racks") if bom.liquid_cooled else w("air-cooled racks")  # a desktop unit: no rack
    note = w("IT load at full power {power}; {cooling}; prices dated {date}.", power=power, cooling=cooling,
             date=price_book_for(mine.estimate.scenario.economics).price_date)
    stance = import_message(mine.estimate.card, mine.estimate.scenario.constraints.region)  # China's word on the cards
    for said in (*bom.notes, *((stance,) if stance is not None else ())):  # the spares bought, or why none
        note += (" " if w.language == "en" else "") + w.message(said) + ("." if w.language == "en" else "。")
    book = price_book_for(mine.estimate.scenario.economics)
    quotable = [line.item_id for line in bom.lines if line.kind != "accelerator" and book.item(line.item_id)]
    if quotable:  # where the buyer enters a quote, and the ids it is entered by (the unpriced line names its own)
        english = w.language == "en"
        how = w.message(msg("quote-how", items=", ".join(dict.fromkeys(quotable)), columns=", ".join(QUOTE_COLUMNS)))
        note += (" " if english else "") + how + ("." if english else "。")
    return Table("bom", w("Bill of materials"), header, tuple(rows), note=note)


def electricity_price(est: Estimate, language: str) -> str:
    """The electricity price [currency/kWh] as the assumptions row writes it
    (:func:`configurator.core.view.assumptions_view.electricity_price`: the power table wrote a tariff
    converted to EUR "0.079212 EUR/kWh" beside the assumptions' "0.079 EUR/kWh" until December 2026)."""
    return f"{write(assumed_electricity_price(est.scenario.economics), language)}/kWh"


SAVING_BASIS_FROM = 0.01
"""Share of the buyer's TCO by which the saving per unit of work, at the buyer's work, may differ from
the difference of the two TCOs before the summary says both [1]."""


def saving_basis(mine: Option, best: Option, saving: float, w: Words) -> tuple[str, ...]:
    """The sentence after the verdict's saving where the two configurations' own TCOs differ by another
    amount: the saving is the cost per unit of work at the buyer's work, and a faster (or slower)
    configuration does more (or less) work in the same years (8 owned and bought H100 against 8 × Gaudi 3:
    "52,222 USD less over 4 years" beside TCOs of 243,750 and 238,611 USD until December 2026, which an
    approver read as an error); empty where they agree."""
    own, theirs = mine.cost.ownership, best.cost.ownership
    if abs((own.tco - theirs.tco) - saving) < SAVING_BASIS_FROM * abs(own.tco):
        return ()
    currency, years = mine.cost.bom.currency, write(period(own.years), w.language)
    return (w("Its own total cost of ownership over {period} is {theirs}, your choice's {mine}: the saving is "
              "the cost per unit of work times the work your choice does.", period=years,
              theirs=money(theirs.tco, currency, w.language), mine=money(own.tco, currency, w.language)),)


def energy_unknown(est: Estimate, cost: DeploymentCost):
    """Why a TCO has no energy: neither the card nor its rack-scale system has a published power
    (the system's item named), or the card has none."""
    card, system = est.card.name, cost.bom.system
    if system is not None:
        return msg("energy-unknown-system", card=card, item=system.item_id)
    return msg("energy-unknown", card=card)


def tco_table(est: Estimate, mine: Option, w: Words) -> Table:
    """The total cost of ownership over the period: capex, each year's opex, the residual value, the TCO and
    its cost per unit of work; off the desks, renting the same cards beside it with the break-even
    utilisation; a note on the utilisation, rounding, paced energy and cards owned. One unit of money for the
    whole column (:func:`_tco_column_top`)."""
    cost = mine.cost
    top = _tco_column_top(cost)
    rows = _ownership_rows(est, mine, w, top)
    if not at_desks(est.scenario):  # at the desks no rent applies (workstations.without_rent): said once, below
        rows += _renting_rows(cost, w, top)
    return Table("tco", w("Total cost of ownership"), ("", ""), tuple(rows),
                 image="rent" if _rent_per_year(cost) else None, note=_tco_note(est, cost, w, top))


def _rent_per_year(cost: DeploymentCost) -> float | None:
    """The rent of the GPUs the bill buys, with its licences (``DeploymentCost.compared``: both sides one
    unit) [currency/year]; None without a cloud price."""
    return cost.compared.per_year if cost.compared is not None else None


def _tco_column_top(cost: DeploymentCost) -> float:
    """The amount that decides the TCO column's unit of money (:func:`~configurator.core.view.numbers.column_top`)
    over every amount it prints, the rent over the period included (not its cost per unit of work) [currency]."""
    own, rent = cost.ownership, _rent_per_year(cost)
    rent_total = None if rent is None else rent * own.years
    return column_top([own.capex, own.energy_per_year, own.support_per_year, own.licences_per_year,
                       own.colocation_per_year, own.opex_per_year, own.residual, own.tco, rent, rent_total])


def _column_amount(value: float | None, currency: str, w: Words, top: float) -> str:
    """An amount in the TCO column's unit (``top``: :func:`_tco_column_top`)."""
    return money(value, currency, w.language, like=top)


def _yearly_amount(value: float | None, currency: str, w: Words, top: float) -> str:
    """A yearly amount in the column's unit, "/ year" after it; "—" for none."""
    return "—" if value is None else _column_amount(value, currency, w, top) + f" / {w('year')}"


def _ownership_rows(est: Estimate, mine: Option, w: Words, top: float) -> list[tuple[str, str]]:
    """Capex, energy and cooling (with the PUE and the tariff), support, licences and colocation (where charged
    by the desks' rule: :func:`~configurator.core.desks.charges_left_out`), opex, the residual value, the TCO
    over the period, its cost per unit of work and a job's cost alone."""
    cost, own = mine.cost, mine.cost.ownership
    c, years = own.currency, write(period(own.years), w.language)  # "3 months" under a year
    support = own.support_per_year / own.capex if own.capex else None
    none = charges_left_out(est.scenario, own.licences_per_year, office=in_office(est.scenario, est.card))
    return [
        (w("Capex"), _column_amount(own.capex, c, w, top)),
        # the tariff beside the PUE: the approver checks the energy line without turning to the power table;
        # in an office (at the desks, a deskside workstation) no PUE (core.desks.applied_pue, procurement.host)
        (w(ENERGY_ROW[in_office(est.scenario, est.card)], pue=f"{est.scenario.economics.pue:g}",
           price=electricity_price(est, w.language)),
         _yearly_amount(own.energy_per_year, c, w, top) if own.energy_per_year is not None
         else w.message(energy_unknown(est, cost))),
        (w("Support ({share} of capex a year)", share=percent(support, w.language)),
         _yearly_amount(own.support_per_year, c, w, top)),
        # none at the desks (an office: no rented data-hall space, no vGPU licence): no row (core.desks)
        *([] if "licences" in none else [(w("Licences"), _yearly_amount(own.licences_per_year, c, w, top))]),
        *([] if "colocation" in none else [(w("Colocation"), _yearly_amount(own.colocation_per_year, c, w, top))]),
        (w("Opex"), _yearly_amount(own.opex_per_year, c, w, top)),
        (w("Residual value after {period}", period=years), "−" + _column_amount(own.residual, c, w, top)),
        (w("Total cost of ownership over {period}", period=years), _column_amount(own.tco, c, w, top)),
        (per_unit_name(est, w),
         unit_cost(tco_per_unit_of(est, mine), c, w.language) if est.usable else "— " + w(shortfall(est))),
        *job_alone_rows(est, cost, w),
    ]


def _renting_rows(cost: DeploymentCost, w: Words, top: float) -> list[tuple[str, str]]:
    """Renting the same cards instead: the GPUs rented (:func:`rent_basis_rows`' first), the rent a year and
    over the TCO's period at the utilisation, the break-even utilisation, then the rest of the basis."""
    own, rent = cost.ownership, _rent_per_year(cost)
    c, years = own.currency, write(period(own.years), w.language)
    u = percent(own.utilisation, w.language)  # in the page's language: "80 %", "80%"
    basis = rent_basis_rows(cost, w, years)
    return [
        *basis[:1],
        (w("Renting the same cards, at {u} utilisation", u=u), _yearly_amount(rent, c, w, top)),
        # the rent over the TCO's years, beside the TCO (a 0.25-year TCO stood against a year's rent)
        (w("Renting the same cards over {period}, at {u} utilisation", period=years, u=u),
         "—" if rent is None else _column_amount(rent * own.years, c, w, top)),
        (w("Break-even utilisation"), percent(cost.break_even_utilisation, w.language)
         if cost.break_even_utilisation is not None
         else w("none: renting costs less at every utilisation") if rent else w("no cloud price")),
        *basis[1:],
    ]


def _tco_note(est: Estimate, cost: DeploymentCost, w: Words, top: float) -> str:
    """The TCO table's note: the utilisation and depreciation; that the printed amounts, rounded, can miss the
    total (where capex + years × opex − residual as printed does); energy paced by the job; what the TCO counts
    of the cards already owned."""
    own = cost.ownership
    english = w.language == "en"  # a sentence after a Chinese full stop takes no space
    note = w("At {u} utilisation; straight-line depreciation to the residual value.",
             u=percent(own.utilisation, w.language))
    if not printed_sum_holds((own.capex, own.opex_per_year, -own.residual), (1.0, own.years, 1.0), own.tco,
                             own.currency, w.language, top):  # the approver's capex + years × opex − residual
        note += (" " if english else "") + w("Each amount is rounded as printed; the total is summed "
                                             "before rounding, so the printed figures can miss it by a "
                                             "few units of the last digit.")
    paced = price_view.paced_energy(est)
    if paced is not None:
        note += (" " if english else "") + paced.text_in(w.language) + ("." if english else "。")
    owned = cost.bom.cards_owned
    if owned:  # what the TCO counts of the cards already owned, as the ranking's "why the first" says it
        said = msg("owned-tco-basis", owned=owned, card=card_name(est.card.name, w.language))
        note += (" " if english else "") + said.text_in(w.language) + ("." if english else "。")
    return note


def rent_basis_rows(cost: DeploymentCost, w: Words, years: str) -> list[tuple[str, str]]:
    """What the TCO table's rent rows count, beside them: first the GPUs rented and bought (the bill's,
    in its purchase unit: :func:`~configurator.core.recommend_costs.rented_message`; above the rent),
    then the month from which renting has cost more than buying and running, and where the bill's
    licences count (below the break-even); none without a cloud price."""
    compared = cost.compared
    if compared is None or compared.per_year is None:
        return []
    month = rent_month(compared)
    rows = [(w("Rented and bought"), w.message(rented_message(compared))),
            (w("Renting costs more than buying and running"),
             w("from month {n}", n=month) if month is not None else w("not within {period}", period=years))]
    licences = rent_licences_message(compared, cost.ownership.currency)
    if licences is not None:
        rows.append((w("Licences, renting"), w.message(licences)))
    return rows


def rent_chart(est: Estimate, mine: Option, w: Words) -> Chart | None:
    cost = mine.cost
    if cost.compared is None or cost.compared.per_year is None:
        return None
    curve = rent_vs_buy_curve(cost.ownership, est.card, est.scenario, cost.compared)
    own = tuple((100 * u, o) for u, o, _ in curve)
    rent = tuple((100 * u, r) for u, _, r in curve if r is not None)
    marker = cost.break_even_utilisation
    return Chart("rent", w("Cost per year against utilisation"), w("Utilisation [%]"),
                 w("Cost per year [{currency}]", currency=axis_currency(cost.bom.currency, w.language)),
                 ((w("Own"), own), (w("Rent"), rent)),
                 None if marker is None else 100 * marker,
                 "" if marker is None else w("break-even {u}", u=percent(marker, w.language)))


# ---- prices: marks, cards without a price, when price decides (issue 25) ---------------------


def _priced_option(option: Option, objective: Objective, book: PriceBook) -> PricedOption | None:
    """``option`` as the price-decides analysis sees it: the summary's own score (the whole bill of
    materials over the years, per unit of work — the recommendation's figure), its slope in the card
    price (rent: proportional; ownership: :attr:`DeploymentCost.per_unit_per_card_price`, the
    recommendation's slope too) and its range."""
    est, prices = option.estimate, option.estimate.costs.prices
    if option.score is None:
        return None
    if objective is Objective.CLOUD:
        price, price_range = prices.cloud_per_hour, prices.cloud_range
        slope = option.score / price if price else 0.0
    else:
        price, price_range = prices.card_price, prices.card_range
        slope = option.cost.per_unit_per_card_price
    if price is None or price_range is None:
        return None
    per = "" if objective is Objective.CLOUD else est.card.priced_per  # an A16's price is its board's
    return PricedOption(est.card.id, est.card.name, option.score, max(0.0, slope), price, *price_range, per)


def summary_price_decision(options: Sequence[Option], objective: Objective, book: PriceBook | None = None
                           ) -> PriceDecision | None:
    """Whether price decides the summary's ranking of ``options`` (:func:`price_decision` over their
    scores on the summary's basis); None for objectives that do not rank by price."""
    if objective not in (Objective.TCO, Objective.CLOUD):
        return None
    ordered = sorted((o for o in options if o.score is not None), key=lambda o: o.score)
    if not ordered:
        return None
    book = price_book_for(ordered[0].estimate.scenario.economics) if book is None else book
    priced = [p for p in (_priced_option(o, objective, book) for o in ordered) if p is not None]
    if not priced or priced[0].card_id != ordered[0].estimate.card.id:
        return None
    return price_decision(priced, ordered[0].cost.bom.currency,
                          per="per card-hour" if objective is Objective.CLOUD else "per card")


def price_mark(est: Estimate, objective: Objective) -> str:
    """' *' after a cost ranked on a list or launch price or one older than 18 months."""
    flags = price_view.shown_flags(est, objective)
    return price_view.FLAG_MARK if price_view.warns(flags) else ""


def prices_table(options: Sequence[Option], unpriced: Sequence[Option], objective: Objective,
                 decision: Sequence, w: Words, sources: SourceList) -> Table:
    """The price each configuration is ranked at (kind, date, whose, a * where the buyer must be
    told something, and what), the cards without a price in one row ("enter a quote"), then whether price
    decides the ranking, in numbers; the ranges' assumption as the note."""
    rows = []
    like = price_view.price_top([o.estimate for o in (*options, *unpriced)], objective)  # one unit: 万元 or 元
    for option in options:
        est = option.estimate
        amount, chosen, flags = price_view.ranked_price(est.costs.prices, objective)
        told = price_view.joined([f for f in flags if f.id != "price-user"])
        system = system_price_line(est) if objective is not Objective.CLOUD else None
        # cited only when shown: a card's figure cited, then replaced by its system's, was listed in the
        # sources and cited nowhere (session 42: GB300's [13] of the English training example)
        source = "" if chosen is None or system is not None else sources.cite(chosen.entry.source)
        if system is not None:  # the cards are priced by their system: its source, not the card's own figure
            vendor = quote_vendor(system.source)
            told, source = None, (sources.cite(system.source) if vendor is None else
                                  w("your quote: {vendor}", vendor=vendor) if vendor else w("your quote"))
            if vendor is None and system.confidence not in ("", "catalog", "user", "quote"):  # its kind, as the
                source = f"{source} {w(system.confidence)}"  # bill's line says it ("[13] 2025 estimate")
        rows.append((f"{count(est.scenario.count)} × {card_name(est.card.name, w.language)}",
                     write(price_view.price_value(est, objective, like), w.language),
                     cjk_joined(" ".join(p for p in (write(told, w.language) if told else "", source) if p),
                                w.language)))  # no space after a closing "）" before "[1]"
    # what a buyer could sign only: a fleet the latency targets size, many times the load ("1,240 × Tesla V100",
    # session 35), is no purchase to price nor to ask a quote for, whether its cards have no price or only a used
    # one's (the alternatives say why, core.recommend.oversized_fleet)
    signable = [o for o in unpriced if oversized_fleet(o.estimate) is None]
    for option in (o for o in signable if not without_price(o)):  # priced, unranked for another reason: its price
        est = option.estimate
        rows.append((f"{count(est.scenario.count)} × {card_name(est.card.name, w.language)}",
                     write(price_view.price_value(est, objective, like), w.language), why_unranked(option, w)))
    unquoted = [o for o in signable if without_price(o)]
    if unquoted:  # one row: the same price and note repeated per card filled a page (25 cards, session 22)
        rows.append((w.label("; ").join(f"{count(o.estimate.scenario.count)} × "
                                        f"{card_name(o.estimate.card.name, w.language)}"
                                        for o in unquoted), w(price_view.NO_PRICE), w(NO_PUBLIC_PRICE)))
    header = (w("Configuration"), w(price_view.PRICE_HEADING[objective is Objective.CLOUD]), w("What to know"))
    return Table("prices", w("Prices the ranking uses"), header, tuple(rows))


def price_decides_table(decision: Sequence, w: Words) -> Table | None:
    """Whether price decides the ranking, one line each, the ranges' assumption as the note (None
    for objectives that do not rank by price)."""
    if not decision:
        return None
    rows = tuple((w.label("Price decides?") if i == 0 else "", w.message(m)) for i, m in enumerate(decision[:-1]))
    return Table("price_decides", w("When price decides"), ("", ""), rows, note=w.message(decision[-1]))
