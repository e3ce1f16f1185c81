"""What one job that ends (a render, a training run) costs on its own: the cards and servers bought
for it plus its energy, and the same cards rented for its hours — beside the ranking's total cost
of ownership per unit of work, which spreads the purchase over every year of the TCO at the pace
the job asks (:func:`configurator.core.procurement.deployment.work_over_years`).

The rule is the family's ``one_off_job`` attribute (training and rendering alike), not a branch on the
workload. Persona check, session 35: 20,000 frames in 72 h on 16 RTX PRO 6000 cards read "0.0374 USD
per frame" while the capex alone, USD 230,800, is 11.5 USD a frame of this job; the TCO figure holds only
if the farm renders such jobs back to back for all 4 years.
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.estimate import Estimate
from configurator.core.messages import Message, msg, pace_msg
from configurator.core.procurement.bom import BillOfMaterials
from configurator.core.procurement.deployment import DeploymentCost
from configurator.core.recommend_costs import rented_not_bought
from configurator.core.workloads import family_of


@dataclass(frozen=True)
class JobAlone:
    """One job's own costs [currency] and its work [the family's ``cost_unit``]."""

    work: float
    """The job's work: its frames, or its tokens in millions [cost unit]."""
    capex: float
    """The bill of materials bought for it: cards, servers, network, installation [currency]."""
    energy: float
    """The job's electricity, facility power over its hours [currency]."""
    rented: float | None
    """The same cards rented for the job's hours [currency]; None without a cloud price."""

    @property
    def bought(self) -> float:
        """Capex plus the job's energy [currency]."""
        return self.capex + self.energy

    @property
    def bought_per_unit(self) -> float:
        """:attr:`bought` per unit of the job's work [currency per cost unit]."""
        return self.bought / self.work

    @property
    def rented_per_unit(self) -> float | None:
        """:attr:`rented` per unit of the job's work [currency per cost unit]."""
        return None if self.rented is None else self.rented / self.work


def job_alone(est: Estimate, cost: DeploymentCost) -> JobAlone | None:
    """The job's own costs (:class:`JobAlone`) for a family whose work ends (``one_off_job``); None for
    work that runs on, a job without a time or energy figure, a bill with an unpriced line, or cards rented that
    could not be bought (:func:`~configurator.core.recommend_costs.rented_not_bought`: 48 × RTX PRO 6000 Blackwell
    Workstation Edition read "this job alone, its cards and servers bought for it: 35.00 USD per frame" until
    December 2026, refusedbill51)."""
    family = family_of(est.scenario.workload)
    hours = est.hours
    if not family.one_off_job or not hours or est.costs.energy is None or not cost.bom.complete \
            or rented_not_bought(est) is not None:
        return None
    work = family.work_paid_for(est, hours) / family.unit_scale
    if not work:
        return None
    return JobAlone(work, cost.ownership.capex, est.costs.energy, est.costs.cloud)


def bought_words(bom: BillOfMaterials) -> dict[str, Message | str]:
    """What the job's capex buys and what it leaves out as already owned (``Economics.owned_cards``):
    ``what`` "its cards and servers" where nothing is owned, "its servers" where every card is, "its other
    cards and its servers" where some are, "what else it needs" where the owned cards fill servers of
    their own too; ``owned`` "; the 8 cards already owned not counted" (with the servers they fill), or
    nothing. Until December 2026 a job on 8 owned cards read "with its cards and servers bought for it"
    beside a capex that counted no card (persona check, session 39)."""
    cards, servers = bom.cards_owned, bom.servers_owned
    if not cards:
        return {"what": msg("job-bought-cards-servers"), "owned": ""}
    if bom.accelerators_as_bought:  # the others into the owned servers' empty places: no server bought
        what = msg("job-bought-other-cards-rest" if servers >= bom.servers else "job-bought-other-cards")
    else:
        what = msg("job-bought-the-rest" if servers else "job-bought-servers")
    if servers > 1:
        owned = msg("job-owned-cards-servers", cards=cards, servers=servers)
    elif servers:
        owned = msg("job-owned-card-server") if cards == 1 else msg("job-owned-cards-server", cards=cards)
    else:
        owned = msg("job-owned-cards-one" if cards == 1 else "job-owned-cards", cards=cards)
    return {"what": what, "owned": owned}


def job_alone_reason(est: Estimate, cost: DeploymentCost) -> Message | None:
    """'This job alone: 11.54 USD per frame with its cards and servers bought for it (230,800 USD + 94 USD
    of energy), 0.0955 USD per frame rented; the total cost of ownership per frame holds only if the cards
    render at this pace all 4 years' (the family's ``job_pace``: "train" for a training run; message
    ``reason-job-alone``, ``-no-rent`` without a cloud price); None where :func:`job_alone` is None."""
    job = job_alone(est, cost)
    if job is None:
        return None
    family = family_of(est.scenario.workload)
    said = {"currency": cost.bom.currency, "unit": family.cost_unit, "pace": pace_msg(family.pace),
            "bought": job.bought_per_unit, "capex": job.capex, "energy": job.energy,
            "years": cost.ownership.years, **bought_words(cost.bom)}
    if job.rented_per_unit is None:
        return msg("reason-job-alone-no-rent", **said)
    return msg("reason-job-alone", rented=job.rented_per_unit, **said)
