"""The parameters each pipeline rank of a training layout holds, before tensor parallelism: its stage's
(:func:`stage_rank_params`), under DualPipe its mirror stage's too (:func:`rank_params`), and the routed
experts among them (:func:`rank_routed_params`). Split from :mod:`configurator.core.training_stage_memory`,
which reads them per stage."""

from __future__ import annotations

from configurator.core.architecture import ModelArchitecture
from configurator.core.formulas.dualpipe import mirror_rank, runs_dualpipe
from configurator.core.memory import routed_expert_params, scenario_stage_layers, stage_params
from configurator.core.scenario import Scenario
from configurator.core.training_mtp import mtp_params, mtp_routed_expert_params


def stage_rank_params(model: ModelArchitecture, pp: int, rank: int, layers: int) -> float:
    """Parameters on pipeline stage ``rank`` with ``layers`` layers, before tensor parallelism
    [count]: the first and last stage's from :func:`~configurator.core.memory.stage_params` (the
    embedding, the head), a middle stage's its layers' alone."""
    if rank == 0 or rank == pp - 1:
        return stage_params(model, pp, rank == 0, layers) + (mtp_params(model) if rank == pp - 1 else 0)
    return layers * model.layer_params() / model.n_layers


def rank_params(scenario: Scenario, rank: int, layers: int) -> float:
    """Parameters pipeline rank ``rank`` holds, before tensor parallelism [count]: its stage's
    (:func:`stage_rank_params`, the last with the multi-token prediction modules,
    ``training_mtp.mtp_params``), and under DualPipe the mirror stage's too
    (``formulas.dualpipe.mirror_rank``: "Parameter per device 2×")."""
    model, pp = scenario.model, scenario.parallelism.pp
    own = stage_rank_params(model, pp, rank, layers)
    if not runs_dualpipe(scenario.training.pipeline_algorithm, pp):
        return own
    mirror = mirror_rank(rank, pp)
    return own + stage_rank_params(model, pp, mirror, rank_stage_layers(scenario, pp, mirror))


def rank_routed_params(scenario: Scenario, rank: int, layers: int) -> float:
    """Routed-expert parameters of what :func:`rank_params` counts, what expert parallelism splits
    [count]."""
    model, pp = scenario.model, scenario.parallelism.pp

    def routed(stage: int, stage_layers: int) -> float:
        return routed_expert_params(model, stage_layers) + (mtp_routed_expert_params(model) if stage == pp - 1 else 0)

    own = routed(rank, layers)
    if not runs_dualpipe(scenario.training.pipeline_algorithm, pp):
        return own
    mirror = mirror_rank(rank, pp)
    return own + routed(mirror, rank_stage_layers(scenario, pp, mirror))


def rank_stage_layers(scenario: Scenario, pp: int, rank: int) -> int:
    """Layers of stage ``rank`` (:func:`~configurator.core.memory.scenario_stage_layers`) [count]."""
    first, fullest, last = scenario_stage_layers(scenario, pp)
    return first if rank == 0 else last if rank == pp - 1 else fullest
