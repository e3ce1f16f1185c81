"""A ranked configuration and what the ranking minimises: the records the ranking
(:mod:`configurator.core.recommend`) and its reasons (:mod:`configurator.core.recommend_reasons`)
share, re-exported by the ranking."""

from __future__ import annotations

from dataclasses import dataclass, field

from configurator.core.catalog import Card
from configurator.core.estimate import Estimate
from configurator.core.messages import Message
from configurator.core.scenario_ranking import Objective  # one home: the scenario's ranking question
from configurator.core.workloads import CostBasis, family_of

__all__ = ["Objective", "Recommendation", "cost_basis", "speed_of"]


@dataclass(frozen=True)
class Recommendation:
    """One ranked configuration with the numbers it was ranked on and its reasons.

    Costs are in the scenario's currency per :attr:`cost_unit` (a million tokens, a
    user-month, a stream-hour or a frame); energy in kWh per :attr:`cost_unit`."""

    estimate: Estimate
    score: float
    ownership_per_unit: float | None
    cloud_per_unit: float | None
    energy_kwh_per_unit: float | None
    reasons: tuple[Message, ...] = field(default=())

    @property
    def card(self) -> Card:
        return self.estimate.card

    @property
    def count(self) -> int:
        return self.estimate.scenario.count

    @property
    def cost_unit(self) -> str:
        """What the costs are per: ``million tokens``, ``user-month``, ``stream-hour`` or ``frame``."""
        return family_of(self.estimate.scenario.workload).cost_unit

    def cost_on(self, basis: CostBasis) -> float | None:
        """The cost per :attr:`cost_unit` on ``basis`` (owning or renting the cards)."""
        return self.cloud_per_unit if basis is CostBasis.CLOUD else self.ownership_per_unit

    @property
    def speed_figure(self) -> float:
        """What is ranked when speed is the objective, in :attr:`speed_unit`; lower is faster:
        hours for the job (training, rendering), seconds per output token (serving), 1 / the
        FP32 TFLOP/s a desktop user gets (desktops), or cards (video)."""
        return speed_of(self.estimate)

    @property
    def speed_unit(self) -> str:
        return family_of(self.estimate.scenario.workload).speed_unit

    @property
    def speed_percentile(self) -> int | None:
        """The percentile of requests :attr:`speed_figure` is at (serving: 50, the median); None where
        it is not a latency (:attr:`~configurator.core.workloads.base.WorkloadFamily.speed_percentile`)."""
        return family_of(self.estimate.scenario.workload).speed_percentile


def speed_of(est: Estimate) -> float:
    """The speed a configuration is ranked on when speed is the objective (lower is better;
    the family's :meth:`~configurator.core.workloads.base.WorkloadFamily.speed_figure`)."""
    return family_of(est.scenario.workload).speed_figure(est)



def cost_basis(objective: Objective) -> CostBasis:
    """Which cost the Pareto chart uses: cloud rent when ranking by it, ownership otherwise."""
    return CostBasis.CLOUD if objective is Objective.CLOUD else CostBasis.OWNERSHIP

