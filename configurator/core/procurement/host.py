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
from configurator.core.procurement.servers import deskside_board
from configurator.core.scenario import Scenario


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


