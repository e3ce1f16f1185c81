"""The bill's host: a deskside workstation or rack servers — one rule for every surface (``recommend``,
``estimate``, ``report``, ``what-fits`` and the window all bill through
:func:`~configurator.core.procurement.bom.bill_of_materials`, which asks :func:`at_a_workstation`).

One or two graphics or workstation boards with their own fans (:func:`~configurator.core.procurement.servers.
deskside_board`: an RTX 4090, an RTX A6000) are bought in one deskside workstation, not a 2U server and a 42U
rack: until December 2026 ``estimate --card rtx-4090 --count 1`` billed 1,599 USD of card in a rack server with
its rack, installation and colocation (what-fits alone billed it at a desk, cards44). Passive data-centre
boards, modules and more than two cards stay in servers. The workstation is the price file's
``workstation-1gpu`` item, unpriced (null, the search on record) until the buyer's quote: the capex excludes it
and says so, and the ranking ranks on the priced part (:func:`~configurator.core.procurement.workstations.
workstations_unpriced`), as at the users' desks.

**Assumption**: a deskside workstation stands in an office or lab, on an office socket — whatever its job (a
fine-tune, a model served to a team): its energy takes no data hall's PUE (:data:`~configurator.core.desks.
OFFICE_PUE`) and no colocation is charged (:func:`in_office`); its own power is not on file, so the IT load is
the cards' board power, as at the users' desks. A buyer who racks the workstation in a data hall sets a PUE the
summary says is not applied."""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.desks import at_desks, desktops
from configurator.core.procurement.servers import CARDS_PER_DESKSIDE, deskside_board, rack_server_boards
from configurator.core.scenario import Scenario, updated
from configurator.core.verdicts import Verdict


def at_a_workstation(scenario: Scenario, card: Card) -> bool:
    """Whether ``scenario``'s ``card`` cards are bought in one deskside workstation (:func:`deskside_board`:
    one or two actively cooled graphics or workstation boards), not rack servers. Not for virtual desktops
    (served from a data centre, or at the users' desks one card each: :func:`~configurator.core.desks.at_desks`)
    nor for cards already owned (they are housed already: ``economics.owned_cards``)."""
    return (not desktops(scenario) and not scenario.economics.owned_cards
            and deskside_board(card, scenario.count))


def in_office(scenario: Scenario, card: Card) -> bool:
    """Whether ``scenario``'s cards draw from an office socket, not a data hall: workstations at the users'
    desks (:func:`~configurator.core.desks.at_desks`) or one deskside workstation (:func:`at_a_workstation`).
    There the energy takes no PUE and no colocation is charged (:func:`~configurator.core.desks.applied_pue`,
    :func:`~configurator.core.desks.applied_colocation`)."""
    return at_desks(scenario) or at_a_workstation(scenario, card)


def refused_in_servers(scenario: Scenario, card: Card) -> bool:
    """Whether ``scenario``'s bill would put boards in rack servers that a rack server does not take
    (:func:`~configurator.core.procurement.servers.rack_server_boards`: a workstation board whose fans blow
    into the case, none in a standard rack server): cards bought (more than those owned, which are housed
    already), neither at the users' desks nor in one deskside workstation (:func:`in_office`), nor rented
    (``budget_basis`` "rent": the provider houses them; RunPod rents the Workstation Edition by the GPU-hour).
    8 × RTX PRO 6000 Blackwell Workstation Edition: refused; 2 of them (one deskside workstation), 8 of its
    Server Edition or Max-Q (blower): not."""
    return (rack_server_boards(card) == 0 and scenario.economics.owned_cards < scenario.count
            and scenario.constraints.budget_basis != "rent" and not in_office(scenario, card))


def housing_verdict(scenario: Scenario, card: Card) -> Verdict | None:
    """The rule verdict (``housing``) of a bill that cannot be built (:func:`refused_in_servers`): not met,
    ``target`` the boards one deskside workstation takes (:data:`~configurator.core.procurement.servers.
    CARDS_PER_DESKSIDE`), ``actual`` the cards; its words name the vendor's rack edition where the catalog
    names one (``cooling.rack_edition``). None where the bill can be built."""
    if not refused_in_servers(scenario, card):
        return None
    edition = card.cooling.rack_edition if card.cooling is not None else None
    return Verdict("housing", CARDS_PER_DESKSIDE, scenario.count, "cards", False,
                   params={"card": card.name, "count": scenario.count, "edition": edition,
                           "edition_name": bundled_card_name(edition)})


def bundled_card_name(card_id: str | None) -> str | None:
    """The bundled catalog's name of ``card_id`` (a rack edition the words name), else None."""
    if card_id is None:
        return None
    from configurator.core.catalog import load_bundled_catalog  # parsed once; read only where a bill is refused

    found = next((c for c in load_bundled_catalog().cards if c.id == card_id), None)
    return found.name if found is not None else None


def rented_by_rent(scenario: Scenario, card: Card, by_rent: bool) -> Scenario:
    """``scenario`` as a ranking by rent (``by_rent``) weighs it for a card the housing rule refuses in rack
    servers (:func:`refused_in_servers`, at whatever count the ranking tries): the cards rented (``budget_basis``
    "rent"), the provider housing them — RunPod rents the RTX PRO 6000 Blackwell Workstation Edition by the
    GPU-hour, and the render farm's rent ranking put it first (0.0956 USD a frame) until the rule refused it there
    too. Unchanged otherwise, and where a budget is
    set (a capex budget says the buyer buys, as :func:`~configurator.core.recommend_pricing.rented_for` reads it)."""
    if not by_rent or scenario.constraints.budget is not None or rack_server_boards(card) != 0:  # any count
        return scenario
    return updated(scenario, constraints={"budget_basis": "rent"})
