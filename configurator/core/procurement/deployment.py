"""Everything a buyer signs for one estimate: its bill of materials, what owning it costs over
the years, rent against buy, and cost per unit of work on that total.

The cost per unit of work here is the one ownership figure of the program: the summary's TCO
per unit and the recommendation's ranking both read :attr:`DeploymentCost.ranked_per_unit`
(the whole bill of materials — cards, servers, network, storage, racks, installation — owned
over the years with its energy, support, licences and colocation, less its resale value,
divided by the work done over those years), and its slope in the card price
(:attr:`DeploymentCost.per_unit_per_card_price`) is what "price decides" varies.
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.estimate import Estimate
from configurator.core.messages import Message
from configurator.core.formulas.economics import HOURS_PER_YEAR
from configurator.core.procurement.bom import BillOfMaterials, bill_of_materials
from configurator.core.procurement.prices import PriceBook, price_book_for
from configurator.core.procurement.partial import items_unpriced, no_break_even, unpriced_names
from configurator.core.procurement.tco import (
    OwnershipCost,
    RentAgainstBuy,
    ownership_cost,
    rent_against_buy,
    rent_per_year_at,
)
from configurator.core.stated import significant
from configurator.core.workloads import MILLION_TOKENS, family_of


@dataclass(frozen=True)
class DeploymentCost:
    bom: BillOfMaterials
    ownership: OwnershipCost
    rent_per_year: float | None
    """Renting the configuration's cards (the scenario's count) at the scenario's utilisation, what a
    buyer who rents pays [currency/year]; the rent compared with buying is :attr:`compared`'s."""
    break_even_utilisation: float | None
    """Utilisation above which buying costs less than renting the same GPUs (:attr:`compared`'s)."""
    per_million_tokens: float | None
    """TCO per million tokens processed over the years at the utilisation [currency]."""
    per_unit: float | None = None
    """Graphics: TCO per user-month (desktops), stream-hour (video) or frame (rendering) [currency]."""
    unit: str | None = None
    """What ``per_unit`` is per: ``user-month``, ``stream-hour`` or ``frame``."""
    work: float | None = None
    """Work done over the years, in the family's cost unit (:func:`work_over_years`)."""
    per_unit_per_card_price: float = 0.0
    """How much the TCO per unit of work rises per unit of card price [cost per unit / currency]:
    the cards bought at that price (spares included, those owned or priced within a system left
    out) × (1 + the installation share) × the TCO per unit of capex, over the work; 0 without work."""
    compared: RentAgainstBuy | None = None
    """Rent against buy on one basis: the GPUs the bill buys, in its purchase unit, rented with its
    licences (:func:`~configurator.core.procurement.tco.rent_against_buy`)."""

    @property
    def tco_per_unit(self) -> float | None:
        """The TCO per unit of work (per million tokens, user-month, stream-hour or frame),
        whatever is priced [currency]."""
        return self.per_million_tokens if self.per_million_tokens is not None else self.per_unit

    @property
    def ranked_per_unit(self) -> float | None:
        """The TCO per unit of work a ranking compares: None unless every line of the bill of
        materials has a price (a total without the servers, or without the cards, would favour
        the configuration whose prices are missing) — save a partial total, its cards priced and another item
        not (a deskside workstation, a host node, a rack-scale system's infrastructure), ranked on the priced part
        after every complete one and said so (:func:`~configurator.core.procurement.partial.items_unpriced`),
        as is a total without its energy where the board power is not published
        (:func:`~configurator.core.procurement.partial.excluded_message`) [currency]."""
        if not (self.bom.complete or items_unpriced(self.bom)):
            return None
        return self.tco_per_unit

    @property
    def no_break_even(self) -> str | None:
        """Why rent is not compared with buying this bill (a label id: no purchase price for the cards, or a total
        without its energy), None where it is (:func:`~configurator.core.procurement.partial.no_break_even`)."""
        return no_break_even(self.bom, self.ownership.energy_per_year is not None)

    @property
    def missing_prices(self) -> tuple[str | Message, ...]:
        """What keeps the TCO from being compared: the names of the unpriced lines (the price
        file's name up to its first colon, or the line's own message where the program names it:
        :attr:`~configurator.core.procurement.bom.BomLine.said`), in the bill's order, each once."""
        return unpriced_names(self.bom.unpriced)


def work_over_years(est: Estimate) -> float | None:
    """The work a deployment does over the TCO's years, in its family's cost unit (million
    tokens, user-months, stream-hours, frames): a job that ends (training, rendering) at its
    throughput, or with a deadline at most the job every deadline; work that runs on at its
    stated load (a serving deployment's tokens at the request rate asked for — capacity beyond
    it is paid for but idle); times the utilisation
    (desktops are paid for by the month, used or not) and the years. None without a figure."""
    family = family_of(est.scenario.workload)
    per_year = family.work_per_year(est)  # full use (a job with a deadline: its pace); None without figures
    if not per_year:
        return None
    if not family.one_off_job:
        per_year = family.work_paid_for(est, HOURS_PER_YEAR)
    e = est.scenario.economics
    share = 1.0 if family.billed_regardless_of_use else e.utilisation
    work = per_year / family.unit_scale * share * e.amortisation_years
    return work if work > 0 else None


def deployment_cost(est: Estimate, book: PriceBook | None = None) -> DeploymentCost:
    """The bill of materials, ownership cost, rent, break-even and the TCO per unit of work
    (:func:`work_over_years`), with its slope in the card price."""
    book = price_book_for(est.scenario.economics) if book is None else book
    bom = bill_of_materials(est.scenario, est.card, book, prices=est.costs.prices)
    own = ownership_cost(bom, est.scenario, book)
    family = family_of(est.scenario.workload)
    work = work_over_years(est)
    per_million = per_unit = unit = None
    slope = 0.0
    if work:
        if family.cost_unit == MILLION_TOKENS:
            per_million = own.tco / work
        else:
            unit, per_unit = family.cost_unit, own.tco / work
        installation = book.rate("installation_share", 0.0) or 0.0
        slope = bom.cards_at_card_price * (1.0 + installation) * own.tco_per_capex / work
    prices = est.costs.prices
    compared = rent_against_buy(bom, own, est.card, est.scenario, prices)
    return DeploymentCost(bom, own, rent_per_year_at(est.card, est.scenario, own.utilisation, prices),
                          compared.break_even_utilisation, per_million, per_unit, unit, work, slope, compared)


def _money(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _significant(value: float | None, digits: int = 4) -> float | None:
    """A small amount (per token, per stream-hour) to ``digits`` significant figures."""
    return None if value is None else significant(value, digits)


def _compared_to_dict(compared: RentAgainstBuy | None, utilisation: float) -> dict | None:
    """Rent against buy as JSON: the GPUs rented (those the bill buys less those owned), the purchase unit,
    the configuration's own count, the GPUs owned and their running costs a year at ``utilisation`` (on
    both sides), the rent a year with the licences it carries, and the break-evens."""
    if compared is None:
        return None
    return {"gpus": compared.gpus, "used": compared.used, "unit": compared.unit, "owned": compared.owned,
            "owned_running_per_year": _money(compared.owned_running_at(utilisation)),
            "rent_per_year": _money(compared.per_year),
            "licences_per_year": _money(compared.licences_per_year),
            "licences_in_rent_price": _money(compared.licences_in_rent),
            "break_even_utilisation": None if compared.break_even_utilisation is None
            else round(compared.break_even_utilisation, 4),
            "break_even_month": None if compared.break_even_month is None else round(compared.break_even_month, 1)}


def deployment_cost_to_dict(cost: DeploymentCost) -> dict:
    """The ``bom`` block of ``estimate --json``: lines, capex, opex per year, years, TCO [currency], and
    what the bill says of itself (:attr:`~configurator.core.procurement.bom.BillOfMaterials.notes`: its
    id, parameters and English text each, as the summary's bill note says them)."""
    bom, own = cost.bom, cost.ownership
    return {
        "currency": bom.currency,
        "items": [{"kind": line.kind, "item": line.item_id, "name": line.name, "quantity": line.quantity,
                   "unit": line.unit, "unit_price": _money(line.unit_price), "total": _money(line.total),
                   "per_year": line.yearly, "source": line.source, "date": line.date,
                   "confidence": line.confidence, "role": line.role} for line in bom.lines],
        "unpriced": [line.item_id for line in bom.unpriced],
        "complete": own.complete,
        "host": bom.host,  # "workstation": deskside (procurement.host), its servers count the workstations
        "servers": bom.servers, "racks": bom.racks, "liquid_cooled": bom.liquid_cooled,
        "owned": {"cards": bom.cards_owned, "servers": bom.servers_owned},  # not bought: in the servers at work
        "it_kw": None if bom.it_kw is None else round(bom.it_kw, 3),
        "notes": [note.to_dict() for note in bom.notes],  # why no spare or how many, a direct-attached storage
        "capex": _money(own.capex),
        "opex_per_year": _money(own.opex_per_year),
        "opex": {"energy": _money(own.energy_per_year), "support": _money(own.support_per_year),
                 "licences": _money(own.licences_per_year), "colocation": _money(own.colocation_per_year)},
        "years": own.years, "utilisation": own.utilisation, "residual": _money(own.residual),
        "tco": _money(own.tco),
        "rent_per_year": _money(cost.rent_per_year),
        "break_even_utilisation": None if cost.break_even_utilisation is None else round(cost.break_even_utilisation, 4),
        "rent_against_buy": _compared_to_dict(cost.compared, own.utilisation),
        "tco_per_million_tokens": _significant(cost.per_million_tokens),
        "tco_per_unit": _significant(cost.per_unit), "unit": cost.unit,
        "goodput": None if bom.goodput is None else {
            "fraction": round(bom.goodput.fraction, 4),
            "interruptions_per_day": round(bom.goodput.interruptions_per_day, 3),
            "checkpoint_interval_h": round(bom.goodput.checkpoint_interval_h, 3),
            "spare_servers": bom.goodput.spare_servers},
    }
