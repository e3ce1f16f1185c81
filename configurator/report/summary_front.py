"""The first page's figures for two buyers the capex-first headline misread: one who rents (ranked
by rent, ``--objective cloud``, or a budget that caps the rent, ``--budget-basis rent``) reads the
rent first — per hour, per month and over the TCO's years for work that runs on, for the whole job
otherwise — with the purchase's capex and TCO further down as a comparison; one who already owns
cards (``--owned ID:COUNT``) reads which cards are owned and that the capex is the new spend (renting, that they are not used). No Qt
here; :mod:`configurator.report.summary` puts the rows in its headline."""

from __future__ import annotations

from configurator.core.constraints import HOURS_PER_MONTH
from configurator.core.formulas.economics import HOURS_PER_YEAR
from configurator.core.estimate import Estimate
from configurator.core.messages import msg
from configurator.core.procurement.deployment import DeploymentCost
from configurator.core.recommend import Objective
from configurator.core.view.card_names import card_name
from configurator.core.view.cost_bases import period
from configurator.core.view.rows import Amount, write
from configurator.core.workloads import family_of
from configurator.report.language import Words
from configurator.report.parts import count, money

def rented(est: Estimate, objective: Objective) -> bool:
    """Whether the buyer rents: ranked by rent, or a budget that caps the rent."""
    return objective is Objective.CLOUD or est.scenario.constraints.budget_basis == "rent"


def rent_per_hour(est: Estimate) -> float | None:
    """The configuration's rent: every card at the cloud price a ranking uses [currency/h]; None
    without a cloud price."""
    hourly = est.costs.prices.cloud_per_hour
    return None if hourly is None else hourly * est.scenario.count


def rent_text(est: Estimate, w: Words, years: float) -> str | None:
    """'12.40 USD per hour · 9,057 USD a month · 27,175 USD over 3 months' for work that runs on
    (serving, desktops, streams): the rent over the ``years`` [years] the purchase's TCO beside it
    counts, on the month's basis (the cards rented around the clock), so that a buyer asking "rent or
    buy for three months" reads both for the same period (the rent stood an hour and a month only,
    the purchase's TCO over the years, until December 2026, persona finding); '5,000 USD for the job
    (72 h at 69.44 USD per hour)' for a job (training, rendering); None without a cloud price."""
    hourly = rent_per_hour(est)
    if hourly is None:
        return None
    currency = est.costs.currency
    if family_of(est.scenario.workload).one_off_job and est.costs.cloud is not None and est.hours:
        return w("{job} for the job ({hours} at {hourly} per hour)", job=money(est.costs.cloud, currency),
                 hours=write(Amount(est.hours, "h"), w.language), hourly=money(hourly, currency))
    return w("{hourly} per hour · {month} a month · {total} over {period}", hourly=money(hourly, currency),
             month=money(hourly * HOURS_PER_MONTH, currency),
             total=money(hourly * HOURS_PER_YEAR * years, currency),
             period=write(period(years), w.language))


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
