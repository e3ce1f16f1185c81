"""Whether a scenario's desktops sit at the users' desks (``graphics.local_display``): the one test the bill
(:mod:`configurator.core.procurement.workstations`), the estimate and the window's editor read. Its own module,
with nothing but the scenario under it, so the window can ask it before the estimator loads. The facility
overhead (PUE) the scenario's power is multiplied by is decided here too (:func:`applied_pue`): a data hall's,
or none in an office. What a scenario sets for a data hall that the desks set aside (a PUE typed in, a
colocation price) is named here too (:func:`pue_set_aside`, :func:`colocation_set_aside`), for the one note
that says so."""

from __future__ import annotations

from configurator.core.formulas.economics import PUE
from configurator.core.scenario import Scenario, Workload

OFFICE_PUE = 1.0
"""Facility overhead of workstations at the users' desks [facility W / IT W]: none. PUE is a data centre's
ratio, total facility power ÷ IT equipment power (The Green Grid, White Paper 49; ISO/IEC 30134-2); a
workstation under a desk draws from an office socket, with no data hall's cooling plant or power conversion
metered behind it, so its energy is its own draw (until December 2026 the scenario's data-centre PUE, 1.54 by
default, multiplied it). **Assumption**: the office's air conditioning that carries the heat away is the
building's, not the deployment's, and is not counted."""

PASSIVE_AT_DESK = "passive-at-desk"
"""The id of the warning that a passive data-centre board sits in a desk's workstation
(:func:`configurator.core.graphics.card_fit_messages`), which the ranking's rows below the first repeat
(:func:`configurator.core.recommend_reasons.with_reasons`, :mod:`configurator.core.view.ranking_view`)."""


DISPLAY_OUTPUTS_OFF = "display-outputs-off"
"""The id of the warning that desks are cabled to a card whose display outputs ship switched off
(:func:`configurator.core.graphics.card_fit_messages`), repeated on the ranking's rows below the first as
:data:`PASSIVE_AT_DESK` is."""

def desktops(scenario: Scenario) -> bool:
    """Whether ``scenario``'s work is virtual desktops: served from a data centre's vGPU hosts, or at the users'
    desks (:func:`at_desks`); never a single deskside workstation's job
    (:func:`~configurator.core.procurement.host.at_a_workstation`)."""
    return scenario.workload is Workload.VDI


def at_desks(scenario: Scenario) -> bool:
    """Whether ``scenario``'s desktops are workstations at the users' desks: virtual-desktop work
    (:func:`desktops`) with the monitors cabled to the card (``graphics.local_display``)."""
    return desktops(scenario) and scenario.graphics.local_display


def applied_pue(scenario: Scenario, office: bool = False) -> float:
    """The facility overhead ``scenario``'s IT power is multiplied by [facility W / IT W]: :data:`OFFICE_PUE`
    at the users' desks (:func:`at_desks`) or where the caller's card sits in a deskside workstation
    (``office``: :func:`~configurator.core.procurement.host.in_office`), else the scenario's data-centre PUE
    (``economics.pue``). The one place the facility power, the energy's cost and the power cap's basis take it
    from."""
    return OFFICE_PUE if office or at_desks(scenario) else scenario.economics.pue


def pue_set_aside(scenario: Scenario) -> float | None:
    """The data-centre PUE ``scenario`` sets that is not applied [facility W / IT W]: ``economics.pue`` at the
    users' desks (:func:`at_desks`) where it is not the default (:data:`~configurator.core.formulas.economics.PUE`,
    which the assumptions' facility row already says is not applied), so ``--pue 1.6 --local-display`` says
    why its 1.6 changes nothing (until December 2026 it was dropped unsaid); None elsewhere."""
    pue = scenario.economics.pue
    return pue if at_desks(scenario) and pue != PUE else None


def applied_colocation(scenario: Scenario, office: bool = False) -> float | None:
    """The colocation price ``scenario``'s IT load is charged [currency / (kW·month)]: none at the users' desks
    (:func:`at_desks`: workstations in an office, no rented data-hall space; until December 2026 a scenario
    file's ``economics.colocation_per_kw_month`` was charged on the desks' cards), else the scenario's
    (``None``: its own facility, electricity only); none either in a deskside workstation (``office``,
    :func:`~configurator.core.procurement.host.in_office`). The one place the ownership cost takes it from."""
    return None if office or at_desks(scenario) else scenario.economics.colocation_per_kw_month


def colocation_set_aside(scenario: Scenario) -> float | None:
    """The colocation price ``scenario`` sets that the desks do not charge [currency / (kW·month)]
    (:func:`applied_colocation`); None where none is set, or off the desks (charged there)."""
    price = scenario.economics.colocation_per_kw_month
    return price if at_desks(scenario) and price else None


def charges_left_out(scenario: Scenario, licences_per_year: float, office: bool = False) -> frozenset[str]:
    """The ownership charges ``scenario``'s TCO has none of by the desks' rule, so the bill's panel and the
    summary's TCO table leave their rows out: ``"colocation"`` at the users' desks or in a deskside workstation
    (``office``: :func:`applied_colocation`), and ``"licences"`` there while ``licences_per_year``
    [currency / year] is zero (no vGPU licence without a remote session:
    :func:`~configurator.core.graphics.vgpu_licence`); a licence charged there keeps its row. Empty in a data
    hall (until December 2026 the desks' TCO read "Licences 0 USD / year", tidy44)."""
    if not (office or at_desks(scenario)):
        return frozenset()
    return frozenset({"colocation", *(() if licences_per_year else ("licences",))})
