"""The cost figures a recommendation ranks on: owning the configuration (its whole bill of
materials over the years, :func:`ownership_cost`), renting it (:func:`cloud_cost`) and its energy,
each per million tokens or graphics unit of the work done."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from configurator.core.estimate import Estimate
from configurator.core.messages import Message, msg
from configurator.core.procurement.deployment import DeploymentCost, deployment_cost
from configurator.core.procurement.host import bundled_card_name, housing_verdict
from configurator.core.procurement.prices import PriceBook
from configurator.core.procurement.tco import OwnershipCost, RentAgainstBuy
from configurator.core.procurement.partial import cards_unpriced, excluded_message
from configurator.core.recommend_filters import Filters
from configurator.core.scenario import updated
from configurator.core.verdicts import Verdict
from configurator.core.view.card_names import counts_chips
from configurator.core.workloads import family_of

if TYPE_CHECKING:
    from configurator.core.recommend_record import Recommendation


def ownership_cost(est: Estimate, book: PriceBook | None = None) -> DeploymentCost:
    """What owning the configuration costs: its whole bill of materials priced from ``book`` over the
    years (:func:`configurator.core.procurement.deployment.deployment_cost`, the summary's figure; the
    cards already owned are the scenario's ``economics.owned_cards``, set by :func:`priced_for`).
    ``book`` None: the scenario's own (:func:`~configurator.core.procurement.prices.price_book_for`)."""
    return deployment_cost(est, book)


def partial_total(est: Estimate, book: PriceBook | None = None) -> Message | None:
    """What the total ranked for ``est`` leaves out where it is ranked though partial: "The total excludes
    4 workstations (not priced: enter a quote for workstation-1gpu)", its cards priced and another line not
    (:func:`~configurator.core.procurement.partial.items_unpriced`, the one place that decides it), or its energy
    where the board power is not published ("The total excludes energy (no published board power)"); None for a
    bill priced in full with its energy, or one whose cards lack a price."""
    cost = ownership_cost(est, book)
    return excluded_message(cost.bom, cost.ownership.energy_per_year is not None)


def cloud_cost(est: Estimate) -> float | None:
    """Cloud rental for the training job, or per hour of serving."""
    return est.costs.cloud


def tco_per_million(est: Estimate, filters: Filters | None = None, book: PriceBook | None = None) -> float | None:
    """The total cost of ownership per million tokens or per graphics unit: the whole bill of
    materials owned over the years with its energy, support and licences, less its resale value,
    over the work done in those years (:attr:`DeploymentCost.ranked_per_unit`); None while a line
    of the bill has no price or the power is unknown."""
    return ownership_cost(est, book).ranked_per_unit


def _per_unit(cost: float, est: Estimate, hours: float) -> float | None:
    """``cost`` per million tokens or graphics unit; None when the deployment does no work
    (the family's work over ``hours`` and its units per cost unit)."""
    family = family_of(est.scenario.workload)
    work = family.work_paid_for(est, hours)
    return cost / work * family.unit_scale if work > 0 else None


def cloud_per_million(est: Estimate) -> float | None:
    """Cloud rental per million tokens or graphics unit (serving: one hour's rent over one
    hour's work), with the per-user licence the rent does not include
    (:attr:`~configurator.core.economics.Costs.licence_per_unit`: a desktop's vGPU licence)."""
    cost = cloud_cost(est)
    per_unit = None if cost is None else _per_unit(cost, est, 1.0)
    return None if per_unit is None else per_unit + (est.costs.licence_per_unit or 0.0)


def energy_per_million(est: Estimate) -> float | None:
    if est.energy_kwh is None:
        return None
    return _per_unit(est.energy_kwh, est, 1.0)


def rented_message(compared: RentAgainstBuy, chips: bool = False) -> Message:
    """What rent and buy both count, as the line and the summary's TCO table say it: "the same 8 cards"
    ("the same 8 NPUs", "同样的 8 颗 NPU" for a card counted in chips, ``chips``:
    :func:`~configurator.core.view.card_names.counts_chips`; "同样的 8 张卡" beside "8 颗" in the bill until
    December 2026, persona50),
    or "the 72 GPUs the bill buys in whole rack-scale systems (the configuration uses 2)" where the bill
    buys more GPUs than the configuration uses (:func:`~configurator.core.procurement.servers.gpus_bought`),
    or "the 4 GPUs the bill buys beyond the 4 already owned (…)" where some are owned: only those are
    rented, the owned ones work either way (:func:`~configurator.core.procurement.tco.rent_against_buy`)."""
    if compared.owned:
        return msg("rented-beyond-owned", gpus=compared.gpus, owned=compared.owned, chip=compared.chip_word)
    if compared.gpus == compared.used:
        return msg("rented-same-chips", gpus=compared.gpus, chip=compared.chip_word) if chips else \
            msg("rented-same", gpus=compared.gpus)
    return msg(f"rented-{compared.unit}", gpus=compared.gpus, used=compared.used, chip=compared.chip_word)


def rent_licences_message(compared: RentAgainstBuy, currency: str) -> Message | None:
    """Where the bill's yearly licences are counted: on the rent too (its price's source does not include
    them), or on buying only (the rent's price includes the vGPU licence, its provider named); None
    for a bill without licences."""
    if compared.licences_in_rent:
        return msg("rent-licences-included", provider=compared.rent_provider or "—",
                   licences=compared.licences_in_rent, currency=currency)
    if compared.licences_per_year:
        return msg("rent-licences-added", licences=compared.licences_per_year, currency=currency)
    return None


def rent_month(compared: RentAgainstBuy) -> int | None:
    """The month from which renting has cost more than buying and running, whole (the payback month
    rounded up, :func:`~configurator.core.procurement.tco.break_even_month`); None beyond the years."""
    if compared.break_even_month is None:
        return None
    return max(1, math.ceil(compared.break_even_month - 1e-9))


def dearer_by_resale_only(compared: RentAgainstBuy, own: OwnershipCost) -> bool:
    """Whether renting costs more than buying and running over the TCO's years only by the resale value
    at their end: no month within them from which renting has cost more (:func:`rent_month`, a payback
    month: the resale value comes back only when the hardware is sold), yet the rent over the years above
    the TCO, which counts it. The one rule the rent-or-buy line and the summary's rent rows say it by (the
    summary read "renting costs more than buying and running: not within 4 years" beside a 4-year rent of
    97,057 USD and a TCO of 79,035 USD until December 2026, persona48)."""
    if compared.per_year is None or rent_month(compared) is not None:
        return False
    return compared.per_year * own.years > own.tco


def rent_month_message(compared: RentAgainstBuy) -> Message | None:
    """"From month 17 renting has cost more than buying and running them" (:func:`rent_month`); None
    when it falls beyond the years."""
    month = rent_month(compared)
    return None if month is None else msg("rent-or-buy-month", month=month)


def rent_only_used(cost: DeploymentCost) -> Message | None:
    """What renting only the GPUs the configuration uses (beyond those already owned, whose running costs
    count as on buying) costs over the years, where the bill buys more (a whole rack's 72 for 8 used): the
    buyer's other choice, since a cloud rents by the GPU; that it is less than buying where it is; that
    none need renting where the owned cards cover the use. None where the bill buys what it uses or there
    is no cloud price."""
    own, compared = cost.ownership, cost.compared
    if compared is None or cost.rent_per_year is None:
        return None
    needed = max(0, compared.used - compared.owned)
    if not needed and compared.gpus:  # the bill's other places (a baseboard's) are all it would rent
        return msg("rent-none-beyond-owned", used=compared.used, owned=compared.owned)
    if needed == compared.gpus or not needed:
        return None
    per_gpu = cost.rent_per_year / compared.used
    rent = (per_gpu * needed + compared.owned_running_at(own.utilisation)) * own.years
    said = {"used": needed, "rent": rent, "currency": own.currency, "chip": compared.chip_word}
    cheaper = "-cheaper" if rent < own.tco else ""
    if compared.owned:
        return msg(f"rent-only-used-beyond-owned{cheaper}", owned=compared.owned, **said)
    return msg(f"rent-only-used{cheaper}", **said)


def refused_when_bought(est: Estimate) -> Verdict | None:
    """Why ``est``'s cards, priced by rent (``budget_basis`` "rent": the provider houses them), could not be
    bought: the housing verdict of the same scenario bought (``budget_basis`` "capex",
    :func:`~configurator.core.procurement.host.housing_verdict`: 48 × RTX PRO 6000 Blackwell Workstation Edition,
    a workstation board in no standard rack server); None for a bill that can be built."""
    bought = est.scenario if est.scenario.constraints.budget_basis != "rent" else updated(
        est.scenario, constraints={"budget_basis": "capex"})
    return housing_verdict(bought, est.card)


def buying_refused(est: Estimate) -> bool:
    """Whether ``est``'s cards could not be bought (:func:`refused_when_bought`)."""
    return refused_when_bought(est) is not None


def rented_not_bought(est: Estimate) -> Verdict | None:
    """Why ``est``'s cards, rented (``budget_basis`` "rent"), could not be bought (:func:`refused_when_bought`), the
    one rule by which every place that compares renting with buying declines to price the purchase: the summary's
    bill, TCO table, alternatives and rent chart, the window's bill panel, the JSON's break-evens and a job's cost
    bought for it. None where the cards are bought (the answer is then the refused bill itself) or could be."""
    return refused_when_bought(est) if est.scenario.constraints.budget_basis == "rent" else None


def rack_edition_row(est: Estimate, ranked: Sequence[Recommendation]) -> tuple[int, Recommendation] | None:
    """The ranked row (its place from 1, the row) of the vendor's rack-server edition of ``est``'s card
    (``cooling.rack_edition``: the RTX PRO 6000 Blackwell Server Edition for the Workstation Edition), the bill a
    buyer can build where ``est``'s is refused (:func:`buying_refused`); None where the catalog names no rack
    edition or ``ranked`` lists none of it."""
    edition = est.card.cooling.rack_edition if est.card.cooling is not None else None
    return next(((place, rec) for place, rec in enumerate(ranked, start=1)
                 if edition is not None and rec.card.id == edition), None)


def rack_edition_note(est: Estimate, row: tuple[int, Recommendation] | None,
                      book: PriceBook | None = None) -> Message | None:
    """What buying instead means where ``est``'s bill is refused (:func:`buying_refused`): the rack edition's
    ranked row (``row``, :func:`rack_edition_row`) bought and run over its TCO's years against renting it, with its
    break-even utilisation (``rent-or-buy-edition-ranked``); the edition named alone where it is not ranked or its
    cards have no price; None where the catalog names no rack edition."""
    edition = est.card.cooling.rack_edition if est.card.cooling is not None else None
    if edition is None:
        return None
    if row is None:
        return msg("rent-or-buy-edition", edition=bundled_card_name(edition) or edition)
    place, rec = row
    cost = ownership_cost(rec.estimate, book)
    if cards_unpriced(cost.bom):
        return msg("rent-or-buy-edition", edition=rec.card.name)
    said = {"edition": rec.card.name, "count": rec.count, "rank": place, "tco": cost.ownership.tco,
            "currency": cost.ownership.currency}
    compared = cost.compared
    if compared is None or compared.per_year is None:
        return msg("rent-or-buy-edition-ranked-no-rent", **said)
    said["rent"] = compared.per_year * cost.ownership.years
    if compared.break_even_utilisation is None:
        return msg("rent-or-buy-edition-ranked-rent-cheaper", **said)
    return msg("rent-or-buy-edition-ranked", break_even=compared.break_even_utilisation, **said)


def rent_or_buy_refused(est: Estimate, cost: DeploymentCost, edition: Message | None) -> Message:
    """Rent or buy where ``est``'s cards can be rented but not bought (:func:`buying_refused`): the rent over the
    TCO's years at its utilisation, that buying them is refused and why, and what buying instead means
    (``edition``, :func:`rack_edition_note`). Until December 2026 the render farm's rent ranking priced buying 48
    × RTX PRO 6000 Blackwell Workstation Edition (882,475 USD, "buying pays off above 28 % utilisation"), a bill
    the housing rule refuses (rackboard51's notes)."""
    own, compared = cost.ownership, cost.compared
    said = {"years": own.years, "u": own.utilisation, "currency": own.currency, "card": est.card.name,
            "count": est.scenario.count}
    if compared is None or compared.per_year is None:
        line = msg("rent-or-buy-refused-no-rent", **said)
    else:
        line = msg("rent-or-buy-refused", rent=compared.per_year * own.years, **said)
    return line if edition is None else msg("rent-or-buy-then", said=line, notes=[edition])


def rent_or_buy(est: Estimate, cost: DeploymentCost, edition: Message | None = None) -> Message:
    """Rent or buy in one sentence, both sides on one basis (:attr:`DeploymentCost.compared`): over the
    TCO's years at its utilisation, renting the GPUs the bill buys, in its purchase unit (a whole NVL72
    rack's 72, not the 2 the configuration uses), less those already owned (they work either way, their
    running costs on both sides; every card owned: nothing to rent, the line says so), with the bill's
    licences unless the rent includes them,
    against the total cost of ownership; the break-even utilisation above which buying costs less
    (:func:`configurator.core.procurement.tco.break_even_utilisation`, the figure the printed
    summary's break-even row and rent chart read) or that renting is cheaper at any utilisation; the
    month from which renting has cost more, and where the licences count. Without a cloud price for
    ``est``'s card, that and what buying costs; without a purchase price for the cards (the TCO would leave
    them out), the rent alone and that buying cannot be compared; with a total that leaves out its energy (no
    published board power: :attr:`DeploymentCost.no_break_even`), both figures, buying's said to be without
    energy, and no break-even or month (they would favour buying by the energy left out; buyer51b). Where the cards
    can be rented but not bought (:func:`buying_refused`), that, the rent and what buying instead means
    (``edition``, :func:`rack_edition_note`; None: the rack edition named alone): :func:`rent_or_buy_refused`."""
    if buying_refused(est):
        return rent_or_buy_refused(est, cost, edition if edition is not None else rack_edition_note(est, None))
    own, compared = cost.ownership, cost.compared
    said = {"years": own.years, "u": own.utilisation, "tco": own.tco, "currency": own.currency}
    if compared is not None and compared.owned and not compared.gpus:
        return msg("rent-or-buy-all-owned", owned=compared.owned, **said)
    no_price = cards_unpriced(cost.bom)  # a TCO without the cards: it read 'buying 576,876 USD' for 32 MI325X
    if compared is None or compared.per_year is None:
        return msg("rent-or-buy-no-figures" if no_price else "rent-or-buy-no-rent", card=est.card.name, **said)
    said["rent"] = compared.per_year * own.years
    said["rented"] = rented_message(compared, counts_chips(est.card.name))
    if no_price:
        return msg("rent-or-buy-no-price", card=est.card.name, **said)
    if cost.no_break_even is not None:  # the total leaves out the energy: a lower bound beside a whole rent
        return msg("rent-or-buy-no-energy", card=est.card.name, **said)
    if compared.break_even_utilisation is None:
        line = msg("rent-or-buy-rent-cheaper", **said)
    else:
        line = msg("rent-or-buy", break_even=compared.break_even_utilisation, **said)
    month = rent_month_message(compared)
    if dearer_by_resale_only(compared, own):
        month = msg("rent-or-buy-resale", years=own.years)
    notes = [m for m in (month, rent_licences_message(compared, own.currency), rent_only_used(cost)) if m]
    return msg("rent-or-buy-then", said=line, notes=notes) if notes else line
