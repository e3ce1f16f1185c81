"""The summary's bill of materials, total cost of ownership and rent-or-buy chart for the chosen
configuration (an :class:`~configurator.report.summary_money.Option`). Moved out of
:mod:`configurator.report.summary_money`. No Qt here; :mod:`configurator.report.summary` puts them in
the document."""

from __future__ import annotations

from configurator.core.estimate import Estimate
from configurator.core.messages import msg
from configurator.core.procurement.bom import BomLine
from configurator.core.procurement.deployment import DeploymentCost
from configurator.core.procurement.prices import QUOTE_COLUMNS, price_book_for, quote_vendor
from configurator.core.procurement.tco import rent_vs_buy_curve
from configurator.core.recommend_costs import (dearer_by_resale_only, rent_licences_message, rent_month,
                                               rented_message, rented_not_bought)
from configurator.core.region import import_message
from configurator.core.view import price_view
from configurator.core.view.assumptions_view import electricity_price as assumed_electricity_price
from configurator.core.view.bom_names import kind_label, line_kind
from configurator.core.view.card_names import card_name, counts_chips
from configurator.core.view.card_view import CONFIDENCE, PRICE_KINDS
from configurator.core.desks import at_desks, charges_left_out
from configurator.core.procurement.host import in_office
from configurator.core.view.constraints_view import shortfall
from configurator.core.view.cost_bases import period
from configurator.core.view.rows import Amount, Phrase, range_phrase, write
from configurator.report.language import Words, item_name, line_card, price_per, quantity_unit
from configurator.core.view.numbers import (axis_currency, column_top, money, price_makes_total, unit_cost,
                                            unit_price_top)
from configurator.report.parts import Chart, SourceList, Table, count, num, percent
from configurator.report.summary_sums import printed_sum_holds, summing_amounts
from configurator.core.message_numbers import money_text
from configurator.report.summary_money import Option, job_alone_rows, per_unit_name, tco_per_unit_of

ENERGY_ROW = {False: "Energy and cooling (PUE {pue}, {price})", True: "Energy (office, no PUE, {price})"}
"""The TCO table's energy row (label ids): a data hall's with its cooling (PUE), or an office's at the users'
desks, no PUE (:func:`~configurator.core.desks.applied_pue`)."""


def _bom_row(line: BomLine, currency: str, w: Words, sources: SourceList, card_price=None,
             tops: tuple[float, float] = (0.0, 0.0), shown_total: float | None = None) -> tuple[str, ...]:
    """One line of the bill of materials; the cards' source is ``card_price`` (the price the cards
    are bought at in full: kind, date, confidence, source, flags) where given; ``tops``: the amounts
    that decide the unit of the unit-price and the total column (:func:`~configurator.core.view.numbers.column_top`);
    ``shown_total``: the line's total as printed, so that the lines add up to the capex
    (:func:`~configurator.report.summary_sums.summing_amounts`; None: the line's own). A unit price
    that, rounded, would not multiply to the total is printed in cents (19 T4 at 803.50 USD read
    "804 USD" beside 15,267 USD until December 2026)."""
    unit = quantity_unit(line.unit, w, line.quantity, line_card(line))
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
    """A priced ``line``'s unit price as the bill prints it: in its column's unit (``like``:
    :func:`~configurator.core.view.numbers.unit_price_top`, one unit for the whole column), in cents where
    the whole unit, times the quantity, misses the line's total as printed in its column (``total_like``:
    19 T4 at 803.50 USD read "804 USD" beside 15,267 USD until December 2026)."""
    price, quantity = line.unit_price, line.quantity
    if line.total is None or not quantity or price_makes_total(price, quantity, line.total, currency, language,
                                                                like, total_like):
        return money(price, currency, language, like=like)
    return money_text(price, currency, language, decimals=2, like=like)


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
    total_top = column_top([*(line.total for line in bom.lines), own.capex, bom.licences_per_year])
    tops = (unit_price_top(((line.unit_price, line.quantity, line.total) for line in bom.lines), bom.currency,
                           w.language, total_top), total_top)  # one unit per column: 万元 or 元 throughout
    in_capex = [line.total if line.total is not None and not line.yearly else None for line in bom.lines]
    shown = summing_amounts(in_capex, own.capex, bom.currency, w.language, like=tops[1],
                            last=[line.quantity == 1 for line in bom.lines])
    rows = [_bom_row(line, bom.currency, w, sources, card_price, tops, total)
            for line, total in zip(bom.lines, shown, strict=True)]
    # a bill the housing rule refuses: no capex of it; why: the TCO table
    refused = rented_not_bought(mine.estimate) is not None
    rows.append(("", w("Capex (sum of the priced purchases)"), "", "",
                 w("cannot be built") if refused else money(own.capex, bom.currency, w.language, like=tops[1]), ""))
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
    approver read as an error); empty where they agree, or where either bill cannot be built
    (:func:`~configurator.core.recommend_costs.rented_not_bought`: it named the TCO of 48 × RTX PRO 6000 Blackwell
    Workstation Edition bought, a bill the housing rule refuses, until December 2026)."""
    own, theirs = mine.cost.ownership, best.cost.ownership
    if any(rented_not_bought(o.estimate) is not None for o in (mine, best)):  # no TCO of a bill never built
        return ()
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
    whole column (:func:`_tco_column_top`). Cards rented that could not be bought
    (:func:`~configurator.core.recommend_costs.rented_not_bought`): "Buying instead: cannot be built: …" and the
    rent alone, no capex, TCO, break-even or chart (48 × RTX PRO 6000 Blackwell Workstation Edition read a TCO of
    882,475 USD and "break-even 28 %" beside "cannot be built" until December 2026, refusedbill51)."""
    cost = mine.cost
    top = _tco_column_top(cost)
    refused = rented_not_bought(est)
    if refused is not None:  # cards rented that could not be bought: the rent alone, and why buying cannot be built
        rows = [(w("Buying instead"), w("cannot be built: {why}", why=w.message(refused.message))),
                *_renting_rows(cost, w, top, est.card.name, buyable=False)]
        return Table("tco", w("Total cost of ownership"), ("", ""), tuple(rows),
                     note=w("At {u} utilisation.", u=percent(cost.ownership.utilisation, w.language)))
    rows = _ownership_rows(est, mine, w, top)
    if not at_desks(est.scenario):  # at the desks no rent applies (workstations.without_rent): said once, below
        rows += _renting_rows(cost, w, top, est.card.name)
    return Table("tco", w("Total cost of ownership"), ("", ""), tuple(rows),
                 image="rent" if _rent_per_year(cost) and not cost.no_break_even else None,
                 note=_tco_note(est, cost, w, top))


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
        (w("Residual value after {period}", period=years),  # a credit taken off; nothing to take off: "0 元"
         ("−" if own.residual > 0 else "") + _column_amount(own.residual, c, w, top)),
        (w("Total cost of ownership over {period}", period=years), _tco_cell(cost, w, top)),
        (per_unit_name(est, w),
         unit_cost(tco_per_unit_of(est, mine), c, w.language) if est.usable else "— " + w(shortfall(est))),
        *job_alone_rows(est, cost, w),
    ]


def _tco_cell(cost: DeploymentCost, w: Words, top: float) -> str:
    """The TCO in the column's unit with what it leaves out, as the first page says it
    (:func:`~configurator.report.summary_headline.tco_text`'s words): the unpriced items, energy without a
    published power (the row read a whole TCO under a headline '— without the unpriced items', persona50b)."""
    own = cost.ownership
    tco = _column_amount(own.tco, own.currency, w, top)
    if own.energy_per_year is None:
        return w.message(msg("tco-without-energy-unpriced" if cost.bom.unpriced else "tco-without-energy", tco=tco))
    return w("{tco} — without the unpriced items", tco=tco) if cost.bom.unpriced else tco


def _renting_rows(cost: DeploymentCost, w: Words, top: float, card: str | None = None,
                  buyable: bool = True) -> list[tuple[str, str]]:
    """Renting the same cards instead: the GPUs rented (:func:`rent_basis_rows`' first), the rent a year and
    over the TCO's period at the utilisation, the break-even utilisation, then the rest of the basis; where the
    cards could not be bought (``buyable`` False), the rent and its licences alone: no break-even or month."""
    own, rent = cost.ownership, _rent_per_year(cost)
    c, years = own.currency, write(period(own.years), w.language)
    u = percent(own.utilisation, w.language)  # in the page's language: "80 %", "80%"
    basis = rent_basis_rows(cost, w, years, card, buyable)
    if not buyable:
        return [(w("Renting the same cards, at {u} utilisation", u=u), _yearly_amount(rent, c, w, top)),
                (w("Renting the same cards over {period}, at {u} utilisation", period=years, u=u),
                 "—" if rent is None else _column_amount(rent * own.years, c, w, top)), *basis]
    return [
        *basis[:1],
        (w("Renting the same cards, at {u} utilisation", u=u), _yearly_amount(rent, c, w, top)),
        # the rent over the TCO's years, beside the TCO (a 0.25-year TCO stood against a year's rent)
        (w("Renting the same cards over {period}, at {u} utilisation", period=years, u=u),
         "—" if rent is None else _column_amount(rent * own.years, c, w, top)),
        (w("Break-even utilisation"), w(cost.no_break_even) if cost.no_break_even  # no cards' price, or no energy
         else percent(cost.break_even_utilisation, w.language) if cost.break_even_utilisation is not None
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


def rent_basis_rows(cost: DeploymentCost, w: Words, years: str, card: str | None = None,
                    buyable: bool = True) -> list[tuple[str, str]]:
    """What the TCO table's rent rows count, beside them: first the GPUs rented and bought (the bill's,
    in its purchase unit: :func:`~configurator.core.recommend_costs.rented_message`; above the rent),
    then the month from which renting has cost more than buying and running, or that it does only at the
    end of the years, by the resale value the TCO counts
    (:func:`~configurator.core.recommend_costs.dearer_by_resale_only`), and where the bill's licences count
    (below the break-even); none without a cloud price. Where the cards could not be bought (``buyable`` False:
    :func:`~configurator.core.recommend_costs.rented_not_bought`), the licences alone: nothing is bought."""
    compared = cost.compared
    if compared is None or compared.per_year is None:
        return []
    month = rent_month(compared)
    chips = card is not None and counts_chips(card)  # the card's name (English): '同样的 8 颗 NPU' as the bill counts
    rows = [(w("Rented and bought"), w.message(rented_message(compared, chips)))] if buyable else []
    if buyable and not cost.no_break_even:  # a TCO without the cards, or its energy: nothing of when renting costs more
        rows.append((w("Renting costs more than buying and running"),
                     w("from month {n}", n=month) if month is not None
                     else w("only at the end of {period}, by the resale value", period=years)
                     if dearer_by_resale_only(compared, cost.ownership) else w("not within {period}", period=years)))
    licences = rent_licences_message(compared, cost.ownership.currency)
    if licences is not None:
        rows.append((w("Licences, renting"), w.message(licences)))
    return rows


def rent_chart(est: Estimate, mine: Option, w: Words) -> Chart | None:
    cost = mine.cost
    if cost.compared is None or cost.compared.per_year is None or cost.no_break_even \
            or rented_not_bought(est) is not None:  # no (whole) owning curve: no price, no energy, or none can be built
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
