"""Power, energy and money: purchase vs cloud, electricity, cost per million tokens (the per-card prices
used, with where they came from: :mod:`configurator.core.price_basis`, its names re-exported here)."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog import Card
from configurator.core.desks import applied_pue
from configurator.core.procurement.host import in_office
from configurator.core.formulas import economics as formulas
from configurator.core.formulas.economics import HOURS_PER_YEAR  # noqa: F401  (re-exported for callers)
from configurator.core.frozen_record import fast_init
from configurator.core.graphics import host_cards_per_server
from configurator.core.messages import Message
from configurator.core.price_basis import (  # noqa: F401 - the price basis, re-exported for callers
    BOUGHT_USED,
    BOUGHT_USED_CARD,
    PriceBasis,
    bought_used,
    bought_used_flag,
    clear_price_basis_memo,
    converted,
    latest_convertible,
    no_purchase_message,
    no_rent_message,
    price_basis,
    price_day,
    rent_held_by,
    system_priced,
    used_params,
)
from configurator.core.procurement.prices import PriceBook, price_book_for
from configurator.core.procurement.servers import (
    ServerType,
    host_power_w,
    idle_module_w,
    idle_modules,
    server_power_w,
    server_type,
    servers_needed,
)
from configurator.core.scenario import Economics, Scenario


@fast_init
@dataclass(frozen=True)
class Power:
    """Board and facility power of the deployment."""

    board_watts: float
    """Sum of the cards' board power (TDP) [W]."""
    facility_watts: float
    """Average draw of the facility: cards at ``power_fraction`` of TDP plus hosts (IT power), times
    PUE [W]."""


HOST_POWER_FALLBACK_W = 1200.0
"""A server's own power when neither the user nor the price file gives one [W] (two CPUs,
memory, NICs and fans of a PCIe server). **Assumption**: no measurement or vendor figure in the
repository fixes it."""


def host_watts(card: Card, scenario: Scenario, book: PriceBook | None = None, kind: ServerType | None = None
               ) -> float:
    """Power of one server besides its cards at full load: the user's figure, else the server
    type's from the price book ``book`` (``procurement.servers.host_power_w``; None: the
    scenario's own, :func:`~configurator.core.procurement.prices.price_book_for`) [W]. ``kind``:
    the scenario's server type, when already worked out."""
    return _host_watts(card, scenario.economics, host_cards_per_server(scenario, card), scenario.count, book, kind)


def _host_watts(card: Card, economics: Economics, cards_per_node: int, count: int, book: PriceBook | None,
                kind: ServerType | None) -> float:
    """:func:`host_watts` from the scenario's fields it reads, read once by the caller [W]."""
    watts = economics.host_power_w_per_node
    if watts is not None:
        return watts
    book = price_book_for(economics) if book is None else book
    watts = host_power_w(card, cards_per_node, count, book, kind)
    return HOST_POWER_FALLBACK_W if watts is None else watts


def server_count(card: Card, scenario: Scenario) -> int:
    """Servers (or rack-scale systems) the cards are bought in [count]."""
    return servers_needed(card, host_cards_per_server(scenario, card), scenario.count)


def deployment_power(card: Card, scenario: Scenario, book: PriceBook | None = None) -> Power | None:
    """Power of ``count`` cards in their servers (:func:`formulas.facility_watts`: (cards × TDP + the
    idle modules of a baseboard bought full at idle power, :func:`~configurator.core.procurement.servers.
    idle_module_w`, + servers × their own power, from ``book``: :func:`host_watts`) × average share of
    maximum × PUE, :func:`~configurator.core.desks.applied_pue`). In workstations at the users' desks
    (``--local-display``; :func:`~configurator.core.desks.at_desks`) the cards' board power alone, in an office:
    no facility overhead (PUE 1, :data:`~configurator.core.desks.OFFICE_PUE`); the workstations' own power is
    not counted, no sourced figure for a deskside workstation without its card being on file, and a rack
    server's (:func:`host_watts`, counted until December 2026 as "a rack server's: no workstation figure on
    file") is not one — unknown, never a guess. So too for one or two boards in a deskside workstation
    (:func:`~configurator.core.procurement.host.in_office`)."""
    tdp = card.tdp_w
    if tdp is None:
        return None
    e, count = scenario.economics, scenario.count  # each field read once
    office = in_office(scenario, card)  # at the desks or in one deskside workstation (procurement.host)
    board, pue = tdp * count, applied_pue(scenario, office)
    if office:  # no server: no host, no idle modules
        return Power(board, formulas.facility_watts(board, 0.0, 0, e.power_fraction, pue))
    cards_per_node = host_cards_per_server(scenario, card)  # virtual desktops: as many as a host's CPUs use
    kind = server_type(card, cards_per_node, count)  # once, for the host's power and the servers
    servers = servers_needed(card, cards_per_node, count, kind)
    idle = idle_modules(card, count, servers, kind, e.owned_cards) * idle_module_w(card)  # unused places
    facility = formulas.facility_watts(board + idle, _host_watts(card, e, cards_per_node, count, book, kind),
                                       servers, e.power_fraction, pue)
    return Power(board, facility)  # board_watts, facility_watts


def node_power_kw(card: Card, scenario: Scenario, book: PriceBook | None = None) -> float | None:
    """IT power of one full server at full load, what it draws at the rack's PDU: its cards at TDP, the
    idle modules of a baseboard bought full at idle power and itself (from ``book``: :func:`host_watts`)
    [kW] (:func:`~configurator.core.procurement.servers.server_power_w`). No PUE: a rack's power budget
    (PDU, circuit) is IT power, and cooling does not pass through the server's plug (The Green Grid,
    White Paper 49); NVIDIA's DGX H100 User Guide gives 10.2 kW maximum for the system."""
    if card.tdp_w is None:
        return None
    kind = server_type(card, host_cards_per_server(scenario, card), scenario.count)
    return server_power_w(card, scenario.count, kind, host_watts(card, scenario, book, kind),
                          scenario.economics.owned_cards) / 1000


def energy_kwh(power: Power, hours: float) -> float:
    """Facility energy over ``hours`` [kWh] (:func:`formulas.energy_kwh`)."""
    return formulas.energy_kwh(power.facility_watts, hours)



@fast_init
@dataclass(frozen=True)
class Costs:
    """Money for the configuration, in ``currency``."""

    currency: str
    purchase: float | None
    energy: float | None
    cloud: float | None
    per_million_tokens: float | None
    basis: str | None
    prices: PriceBasis
    messages: tuple[Message, ...]
    total: float | None = None
    """The job (or hour) on the basis used: cloud rent, else amortised purchase plus electricity."""
    per_unit: float | None = None
    """Graphics: cost per user-month (VDI), per stream-hour (transcoding) or per frame (rendering)."""
    licence_per_unit: float | None = None
    """The per-user software licence (a desktop's vGPU licence) in :attr:`per_unit` on the cloud rent
    [currency per unit]; 0.0 where the rent's price includes it; None where the work needs none or the
    basis is not the rent (the TCO's bill holds the licences)."""
    rented_from: str | None = None
    """The provider the cards are rented from in the delivery region, nothing delivered: renting
    (``Constraints.budget_basis`` "rent"; a ranking by rent ranks so) at a rent of cards that provider
    holds there (:attr:`PriceBasis.rent_held_by`); None when buying, at the user's own rent, or at a
    rent of another market. The one fact the region verdict, the ranking's order and the summary read."""


def ownership_cost_per_hour(basis: PriceBasis, count: int, economics: Economics) -> float | None:
    """Purchase price spread evenly over the amortisation period [currency/h]
    (:func:`formulas.amortised_cost_per_hour`)."""
    if basis.card_price is None:
        return None
    return formulas.amortised_cost_per_hour(basis.card_price, count, economics.amortisation_years)


def priced_kind(basis: PriceBasis) -> str | None:
    """The basis a job's costs take from these prices alone: ``"cloud"`` wherever the card has a
    cloud price, else ``"ownership"`` where it has a purchase price (amortised, plus electricity),
    else None (:func:`job_costs`)."""
    if basis.cloud_per_hour is not None:
        return "cloud"
    return "ownership" if basis.card_price is not None else None


def job_costs(
    scenario: Scenario, basis: PriceBasis, power: Power | None, hours: float | None, tokens: float | None,
    units: int | None = None,
) -> Costs:
    """Costs of a job of ``hours`` that processes ``tokens`` at the prices of ``basis``.

    Cost per million tokens uses the cloud price where known, else ownership (amortised
    purchase) plus electricity. ``units``: what the card price buys where not one card each (the
    boards of a multi-GPU board: 32 A16 GPUs are 8–11 boards at a board's price; until December 2026
    "Purchase (cards only)" counted 32 boards); the cloud rent stays per card.
    """
    e, count = scenario.economics, scenario.count  # each field read once
    bought = count if units is None else units
    purchase = basis.card_price * bought if basis.card_price is not None else None
    energy = cloud = per_million = None
    kind = None
    if hours is not None:
        if power is not None:
            energy = energy_kwh(power, hours) * e.electricity_per_kwh
        if basis.cloud_per_hour is not None:
            cloud = basis.cloud_per_hour * count * hours
        priced = priced_kind(basis)
        if priced == "cloud":
            job, kind = cloud, "cloud"
        elif priced == "ownership" and energy is not None:  # the amortised purchase worked out only here
            job, kind = ownership_cost_per_hour(basis, bought, e) * hours + energy, "ownership"
        else:
            job = None
        if job is not None and tokens:
            per_million = formulas.cost_per_million(job, tokens)
    else:
        job = None
    rented = basis.rent_held_by if scenario.constraints.budget_basis == "rent" else None
    return Costs(e.currency, purchase, energy, cloud, per_million, kind, basis, basis.messages, job,
                 rented_from=rented)
