"""Workload families as packages (issue 26): ``training/``, ``serving/`` and ``graphics/``
(desktops, video and rendering), each behind :class:`~configurator.core.workloads.base.WorkloadFamily`
and each with its floors: family → deployment → plan → estimate, over what they share
(:mod:`.base`, :mod:`.layout`, :mod:`.checks`, :mod:`.memo`). No family imports another.

``family_of(workload)`` is the one place a :class:`Workload` value is mapped to the code
that handles it; a new workload is one new package and one entry in :data:`FAMILIES` (or, for a
family kept outside the core, one call of :func:`register_family`: ``tests/test_toy_family.py``).
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
from configurator.core.workloads.memo import clear_memo
from configurator.core.workloads.graphics.desktops import DesktopsFamily
from configurator.core.workloads.graphics.rendering import RenderingFamily
from configurator.core.workloads.graphics.video import VideoFamily
from configurator.core.workloads.serving.family import ServingFamily
from configurator.core.workloads.training.family import TrainingFamily

FAMILIES: tuple[WorkloadFamily, ...] = (TrainingFamily(), ServingFamily(), DesktopsFamily(), VideoFamily(),
                                        RenderingFamily())
"""Every family, once."""

_ADDED: list[WorkloadFamily] = []
"""Families registered at run time (:func:`register_family`), after :data:`FAMILIES`."""

_BY_WORKLOAD = {workload: family for family in FAMILIES for workload in family.workloads}


def families() -> tuple[WorkloadFamily, ...]:
    """Every family: :data:`FAMILIES`, then those added by :func:`register_family`."""
    return (*FAMILIES, *_ADDED)


def family_of(workload: Workload) -> WorkloadFamily:
    """The family that handles ``workload``."""
    return _BY_WORKLOAD[workload]


def register_family(family: WorkloadFamily) -> WorkloadFamily:
    """Add ``family`` (a :class:`WorkloadFamily` of workload values no family serves yet, made by
    :func:`configurator.core.scenario.added_workload`) to the registry: from now on
    :func:`family_of` maps its workloads to it, so the estimate, the ranking, the JSON, the view
    models and the summary handle it. Returns ``family``; :func:`unregister_family` undoes it."""
    taken = [w.value for w in family.workloads if w in _BY_WORKLOAD]
    if taken:
        raise ValueError(f"workloads {', '.join(taken)} already have a family")
    if set(family.default_classes) != set(family.workloads):
        raise ValueError(f"family {family.name!r} must name the default card classes of exactly its workloads")
    _ADDED.append(family)
    _BY_WORKLOAD.update(dict.fromkeys(family.workloads, family))
    return family


def unregister_family(family: WorkloadFamily) -> None:
    """Remove a family added by :func:`register_family` (its estimates in the memo are forgotten)."""
    _ADDED.remove(family)
    for workload in family.workloads:
        del _BY_WORKLOAD[workload]
    clear_memo()


__all__ = ["FAMILIES", "MILLION_TOKENS", "TIGHT_HEADROOM", "CatalogPoint", "CostBasis", "MemoryCurve", "WorkloadFamily",
           "families", "family_of", "register_family", "unregister_family"]
