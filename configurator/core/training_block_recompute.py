"""The scenario's side of recomputing the first N layers of each stage (``Training.recompute_layers``).

The physics is :mod:`configurator.core.formulas.block_recompute`; this module reads the scenario
(which layers a model chunk holds, whether full recomputation is on) and mixes the figures the
estimate works out with every layer recomputed and with none. It imports no estimate module, so
the memory model and the step time both call it.
"""

from __future__ import annotations

import math
from dataclasses import fields, replace

from configurator.core.formulas.block_recompute import (  # noqa: F401 (block_recompute_value re-exported)
    block_recompute_value,
    recomputed_layer_share,
)
from configurator.core.scenario import Scenario
from configurator.core.scenario_choices import Recompute


def block_share(scenario: Scenario, stage_layers) -> float:
    """Share of a stage's layers recomputed in full [1]: 1 under full recomputation of every layer
    (``recompute_layers`` None) and whenever recomputation is not full (the field is read with full
    recomputation only); else ``N`` over the layers of one of the stage's ``virtual_stages`` model
    chunks (Megatron-LM counts ``--recompute-num-layers`` per chunk), ``stage_layers`` [count]
    (:func:`~configurator.core.formulas.block_recompute.recomputed_layer_share`)."""
    t = scenario.training
    if t.recompute is not Recompute.FULL or t.recompute_layers is None:
        return 1.0
    chunk = math.ceil(int(stage_layers) / max(1, scenario.parallelism.virtual_stages))
    return float(recomputed_layer_share(t.recompute_layers, chunk))


def without_recompute(scenario: Scenario) -> Scenario:
    """``scenario`` with no recomputation (validated): the layers the block method leaves alone."""
    data = scenario.model_dump(mode="json")
    data["training"] = {**data["training"], "recompute": Recompute.NONE.value, "recompute_layers": None}
    return Scenario.model_validate(data)


def with_every_layer(scenario: Scenario) -> Scenario:
    """``scenario`` with every layer recomputed in full (validated): the layers the block method recomputes."""
    data = scenario.model_dump(mode="json")
    data["training"] = {**data["training"], "recompute_layers": None}
    return Scenario.model_validate(data)


TIMING_SECONDS = ("compute_s", "traffic_s", "tensor_parallel_s", "total_s", "context_parallel_s",
                  "expert_parallel_s", "offload_s", "overlap_window_s")
"""The seconds of a micro-batch's timing that recomputation changes, mixed by the share recomputed."""


def block_timing(none_timing, full_timing, share: float):
    """One micro-batch's timing (``training_stage_work.MicroBatchTiming``) with ``share`` of the stage's
    layers recomputed: each of :data:`TIMING_SECONDS` mixed between ``none_timing`` and
    ``full_timing`` (:func:`~configurator.core.formulas.block_recompute.block_recompute_value`) [s];
    the rest (peak, parameters, states, messages) as the full one's."""
    names = {f.name for f in fields(full_timing)} & set(TIMING_SECONDS)
    return replace(full_timing, **{name: float(block_recompute_value(
        getattr(none_timing, name), getattr(full_timing, name), share)) for name in names})
