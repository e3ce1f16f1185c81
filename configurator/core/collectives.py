"""Collective communication times: the formulas live in :mod:`configurator.core.formulas.collectives`
(plain quantities, array-friendly); this module keeps the names its callers import."""

from __future__ import annotations

from configurator.core.formulas.collectives import (  # noqa: F401  (re-exported)
    COLLECTIVE_LATENCY_S,
    all_to_all_seconds,
    allreduce_seconds,
    point_to_point_seconds,
    reduce_scatter_seconds,
    ring_fraction,
)
