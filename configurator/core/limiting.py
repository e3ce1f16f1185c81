"""What limits a configuration, as one factor: memory, compute, bandwidth, network, pipeline
bubble, host link, video engines or a vGPU/driver limit. The recommendation panel's "Limited by"."""

from __future__ import annotations

from configurator.core.estimate import Estimate
from configurator.core.workloads import TIGHT_HEADROOM, family_of

__all__ = ["TIGHT_HEADROOM", "limiting_factor"]


def limiting_factor(est: Estimate) -> str:
    """The one factor that bounds ``est``: for training the largest part of the step (compute,
    memory traffic, exposed communication, the pipeline bubble or CPU-offload traffic); for
    serving the decode step's bound (bandwidth or compute) unless memory is nearly full
    (:data:`TIGHT_HEADROOM`); for graphics the per-card limit the estimate names. Each
    family's :meth:`~configurator.core.workloads.base.WorkloadFamily.limiting_factor`."""
    return family_of(est.scenario.workload).limiting_factor(est)
