"""The bill of one deskside workstation (:func:`~configurator.core.procurement.host.at_a_workstation`: one or two
desktop boards): the desks' bill at two cards a workstation, and what the scenario set for a data hall that it
leaves out, said in the desks' words. Apart from :mod:`.host`, which the power and the TCO read below the bill."""

from __future__ import annotations

from dataclasses import replace

from configurator.core.catalog import Card
from configurator.core.economics import PriceBasis
from configurator.core.formulas.economics import PUE
from configurator.core.messages import Message, msg
from configurator.core.procurement.bom_lines import BillOfMaterials
from configurator.core.procurement.prices import PriceBook
from configurator.core.procurement.servers import CARDS_PER_DESKSIDE
from configurator.core.procurement.workstations import workstation_bill
from configurator.core.scenario import Scenario


def set_aside_messages(scenario: Scenario) -> tuple[Message, ...]:
    """What ``scenario`` sets for a data hall that one deskside workstation leaves out, one sentence each, in the
    desks' words (:func:`~configurator.core.procurement.workstations.desk_set_aside_messages`): a PUE typed in
    (not the default :data:`~configurator.core.formulas.economics.PUE`, which the assumptions' site row already
    says is not applied), a colocation price (not charged) and a power per server (not checked: no server)."""
    e, said = scenario.economics, []
    if e.pue != PUE:
        said.append(msg("desks-pue-not-applied", pue=e.pue))
    if e.colocation_per_kw_month:
        said.append(msg("desks-no-colocation", price=e.colocation_per_kw_month, currency=e.currency))
    if scenario.constraints.rack_power_kw:
        said.append(msg("desks-no-server-power", kw=scenario.constraints.rack_power_kw))
    return tuple(said)


def deskside_bill(scenario: Scenario, card: Card, book: PriceBook, basis: PriceBasis) -> BillOfMaterials:
    """The bill of one deskside workstation holding ``scenario.count`` × ``card`` (:func:`~configurator.core.procurement.host.at_a_workstation`):
    the desks' bill (:func:`~configurator.core.procurement.workstations.workstation_bill`) at
    :data:`~configurator.core.procurement.servers.CARDS_PER_DESKSIDE` cards a workstation, its notes saying
    what the scenario set for a data hall that is left out (:func:`set_aside_messages`)."""
    bill = workstation_bill(scenario, card, book, basis, CARDS_PER_DESKSIDE)
    return replace(bill, notes=(*bill.notes, *set_aside_messages(scenario)))
