"""Whether a scenario's desktops sit at the users' desks (``graphics.local_display``): the one test the bill
(:mod:`configurator.core.procurement.workstations`), the estimate and the window's editor read. Its own module,
with nothing but the scenario under it, so the window can ask it before the estimator loads."""

from __future__ import annotations

from configurator.core.scenario import Scenario, Workload


def at_desks(scenario: Scenario) -> bool:
    """Whether ``scenario``'s desktops are workstations at the users' desks: virtual-desktop work with the
    monitors cabled to the card (``graphics.local_display``)."""
    return scenario.workload is Workload.VDI and scenario.graphics.local_display
