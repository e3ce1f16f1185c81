"""The first page's figures for two buyers the capex-first headline misread: one who rents (ranked
by rent, ``--objective cloud``, or a budget that caps the rent, ``--budget-basis rent``) reads the
rent first — per hour, per month and over the TCO's years for work that runs on, for the whole job
otherwise — with the purchase's capex and TCO further down as a comparison; one who already owns
cards (``--owned ID:COUNT``) reads which cards are owned and that the capex is the new spend (renting, that they are not used). No Qt
here; :mod:`configurator.report.summary` puts the rows in its headline. Also the first page's table of the
constraints set (:func:`constraints_table`, moved here from the summary in session 38)."""

from __future__ import annotations

from configurator.core.estimate import Estimate
from configurator.core.messages import MONTHS_PER_YEAR, msg
from configurator.core.procurement.deployment import DeploymentCost
from configurator.core.recommend import Objective
from configurator.core.recommend_filters import Filters, vendors_verdict
from configurator.core.view.card_names import card_name
from configurator.core.view.constraints_view import (CONSTRAINT_HEADINGS, constraints_columns, unset_constraints,
                                                      verdict_state)
from configurator.core.view.cost_bases import period
from configurator.core.view.rows import Amount, write
from configurator.core.workloads import family_of
from configurator.report.language import Words
from configurator.core.view.numbers import money
from configurator.report.parts import Table, count, percent

def rented(est: Estimate, objective: Objective) -> bool:
    """Whether the buyer rents: ranked by rent, or a budget that caps the rent."""
    return objective is Objective.CLOUD or est.scenario.constraints.budget_basis == "rent"


def rent_per_hour(est: Estimate) -> float | None:
    """The configuration's rent: every card at the cloud price a ranking uses [currency/h]; None
    without a cloud price."""
    hourly = est.costs.prices.cloud_per_hour
    return None if hourly is None else hourly * est.scenario.count


def rent_text(est: Estimate, w: Words, cost: DeploymentCost) -> str | None:
    """'12.40 USD per hour · 7,246 USD a month · 21,740 USD over 3 months, at 80 % utilisation as
    the total cost of ownership counts it' for work that runs on (serving, desktops, streams): the
    rent over the years the purchase's TCO beside it counts (``cost``'s), on the TCO's basis —
    :attr:`DeploymentCost.rent_per_year`, the cards rented for the utilisation's share of the hours
    (the TCO table's "Renting the same cards" rows rent the GPUs the bill buys, with its licences,
    :attr:`DeploymentCost.compared`: the same figure where the bill buys the cards themselves and no
    licences; 8 where 1 H100 SXM comes in an 8-GPU server) — so that a buyer asking "rent or
    buy for three months" reads one rent for the period (page 1 said it around the clock, the TCO
    table at 80 % utilisation, until December 2026: 363,055 against 290,444 CNY for the same three
    months); '5,000 USD for the job (72 h at 69.44 USD per hour)' for a job (training, rendering);
    None without a cloud price."""
    hourly = rent_per_hour(est)
    if hourly is None:
        return None
    currency = est.costs.currency
    if family_of(est.scenario.workload).one_off_job and est.costs.cloud is not None and est.hours:
        return w("{job} for the job ({hours} at {hourly} per hour)", job=money(est.costs.cloud, currency, w.language),
                 hours=write(Amount(est.hours, "h"), w.language), hourly=money(hourly, currency, w.language))
    if cost.rent_per_year is None:
        return None
    own = cost.ownership
    return w("{hourly} per hour · {month} a month · {total} over {period}, at {u} utilisation as the total cost of "
             "ownership counts it", hourly=money(hourly, currency, w.language),
             month=money(cost.rent_per_year / MONTHS_PER_YEAR, currency, w.language),
             total=money(cost.rent_per_year * own.years, currency, w.language),
             period=write(period(own.years), w.language), u=percent(own.utilisation, w.language))


def rented_configuration(est: Estimate, w: Words) -> str:
    """'8 × H100 SXM5 80GB, rented by the card-hour': no servers or racks to buy."""
    return w("{count} × {card}, rented by the card-hour", count=count(est.scenario.count),
             card=card_name(est.card.name, w.language))


def owned_text(cost: DeploymentCost, est: Estimate, w: Words) -> str | None:
    """Which cards are already owned and what that leaves out ('8 × A100 SXM4 80GB and the 1 server
    they fill, not bought: the capex below is the new spend …'); None without owned cards."""
    cards, servers = cost.bom.cards_owned, cost.bom.servers_owned
    if not cards:
        return None
    card = card_name(est.card.name, w.language)
    said = msg("summary-owned-servers", owned=cards, card=card, servers=servers) if servers else \
        msg("summary-owned", owned=cards, card=card)
    return w.message(said)


def owned_rented_text(cost: DeploymentCost, est: Estimate, w: Words) -> str | None:
    """For a buyer who rents (:func:`rented`) and owns cards of the configuration's card: that the
    owned cards are not used when renting — one deployment does not run across owned and rented
    cards — and that buying instead uses them ('your 16 and 24 bought'), its new spend below; None
    without owned cards."""
    owned = cost.bom.cards_owned
    if not owned:
        return None
    extra = est.scenario.count - owned
    using = msg("owned-rent-using-some", owned=owned, extra=extra) if extra > 0 else \
        msg("owned-rent-using-all", owned=owned)
    return w.message(msg("summary-owned-rented", owned=owned, card=card_name(est.card.name, w.language),
                         using=using))


def vendor_row(est: Estimate, w: Words, filters: Filters | None) -> tuple[str, str, str, str] | None:
    """The row of the vendors the buyer narrowed the cards to (``--domestic-only``, ``--vendor``, the panel's
    domestic switch), with whether the configured card is of one (:func:`vendors_verdict`, the verdict the
    headline counts with the others); None where they did not. Until December 2026 the first page's table left
    it out: a buyer who asked for domestic cards read it only on page 2."""
    verdict = vendors_verdict(est.card, filters)
    if verdict is None:
        return None
    card, vendor = card_name(est.card.name, w.language), w.label(est.card.vendor)
    asked = w("Mainland-China vendors only") if filters.domestic_only else \
        w.label(", ").join(w.label(v) for v in filters.vendors)
    result = w("{card} is made by {vendor}", card=card, vendor=vendor)
    return w("Vendors"), asked, result, w(verdict_state(verdict))


def constraints_table(est: Estimate, w: Words, filters: Filters | None = None) -> Table:
    """The constraints the buyer set, on the first page: for serving work the use and the latency
    targets it holds to (and whose: "default for interactive chat"), then each constraint — what
    was set, with its basis (a capex or a rent ceiling, a percentile), the verdict in words and
    met / not met / cannot be checked — the vendors the cards were narrowed to (``filters``: :func:`vendor_row`)
    and, last, those left open (nothing checked against them)."""
    language = w.language
    columns = constraints_columns(est)
    unset = w.label(", ").join(w(name) for name in unset_constraints(est))
    vendors = vendor_row(est, w, filters)
    if columns is None and vendors is None:  # nothing set: one line that says so
        return Table("constraints", w("Your constraints"), ("", ""),
                     ((w("Not set"), w("{names} — nothing checked against them", names=unset)),))
    rows = [tuple(write(cell, language) for cell in row) for row in (columns.rows if columns else ())]
    rows += [vendors] if vendors else []
    if unset:
        rows.append((w("Not set"), unset, w("nothing checked against them"), ""))
    return Table("constraints", w("Your constraints"), tuple(w(h) for h in CONSTRAINT_HEADINGS), tuple(rows))
