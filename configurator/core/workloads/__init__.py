"""Workload families as packages (issue 26): ``training/``, ``serving/`` and ``graphics/``
(desktops, video and rendering), each behind :class:`~configurator.core.workloads.base.WorkloadFamily`
and each with its floors: family → deployment → plan → estimate, over what they share
(:mod:`.base`, :mod:`.layout`, :mod:`.checks`, :mod:`.memo`). No family imports another.

``family_of(workload)`` is the one place a :class:`Workload` value is mapped to the code
that handles it; a new workload is one new package and one entry in :data:`FAMILIES`.
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
from configurator.core.workloads.graphics.desktops import DesktopsFamily
from configurator.core.workloads.graphics.rendering import RenderingFamily
from configurator.core.workloads.graphics.video import VideoFamily
from configurator.core.workloads.serving.family import ServingFamily
from configurator.core.workloads.training.family import TrainingFamily

FAMILIES: tuple[WorkloadFamily, ...] = (TrainingFamily(), ServingFamily(), DesktopsFamily(), VideoFamily(),
                                        RenderingFamily())
"""Every family, once."""

_BY_WORKLOAD = {workload: family for family in FAMILIES for workload in family.workloads}


def family_of(workload: Workload) -> WorkloadFamily:
    """The family that handles ``workload``."""
    return _BY_WORKLOAD[workload]


__all__ = ["FAMILIES", "MILLION_TOKENS", "TIGHT_HEADROOM", "CatalogPoint", "CostBasis", "MemoryCurve", "WorkloadFamily",
           "family_of"]
