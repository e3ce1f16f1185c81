"""Workload families as modules (issue 14, part 6): training, serving, desktops, video and
rendering, each behind :class:`~configurator.core.workloads.base.WorkloadFamily`.

``family_of(workload)`` is the one place a :class:`Workload` value is mapped to the code
that handles it; a new workload is one new module and one entry in :data:`FAMILIES`.
"""

from __future__ import annotations

from configurator.core.scenario import Workload
from configurator.core.workloads.base import (
    MILLION_TOKENS,
    TIGHT_HEADROOM,
    CatalogPoint,
    CostBasis,
    MemoryCurve,
    WorkloadFamily,
)
from configurator.core.workloads.desktops import DesktopsFamily
from configurator.core.workloads.rendering import RenderingFamily
from configurator.core.workloads.serving import ServingFamily
from configurator.core.workloads.training import TrainingFamily
from configurator.core.workloads.video import VideoFamily

FAMILIES: tuple[WorkloadFamily, ...] = (TrainingFamily(), ServingFamily(), DesktopsFamily(), VideoFamily(),
                                        RenderingFamily())
"""Every family, once."""

_BY_WORKLOAD = {workload: family for family in FAMILIES for workload in family.workloads}


def family_of(workload: Workload) -> WorkloadFamily:
    """The family that handles ``workload``."""
    return _BY_WORKLOAD[workload]


__all__ = ["FAMILIES", "MILLION_TOKENS", "TIGHT_HEADROOM", "CatalogPoint", "CostBasis", "MemoryCurve", "WorkloadFamily",
           "family_of"]
