"""The copy shapes a serving plan can choose (tensor × pipeline-parallel cards per model copy,
:func:`copy_shapes`) and a deployment with its shape pinned (:func:`pinned_to`): the deployment
search (:mod:`configurator.core.workloads.serving.deployment`) sizes separate prefill and decode
pools shape by shape, by their number of copies, before it asks the plan at the card count found.

Why per shape. Which tensor-parallel degrees a card count offers depends on what divides it
(:func:`~.layouts.serving_tensor_parallel_options`), so whether the plan at ``N`` cards carries the
load is not monotone in ``N``. With the shape pinned, the users and the request rate are spread
over more copies as copies are added, so each copy's batch, memory and step shrink: whether the
shape carries the load is taken to be monotone in its copies. Assumed, not proved, and not quite
so with separate pools: the prefill pools tried are shares of the copies, rounded
(:func:`~.pool_sizes.prefill_pool_sizes`), and the batch search of each ends where it ends — on
the README's serving question 24, 28 … 40 H100 PCIe at TP4 carry the load, 44 do not, 48 do. The
plan at the count found is asked again, and the deployment search keeps its one guess of the
sessions before beside it."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog import Card
from configurator.core.scenario import Scenario
from configurator.core.training_speed import fabric
from configurator.core.workloads.serving.edits import copied, with_parallelism
from configurator.core.workloads.serving.layouts import SERVING_PIPELINE_STAGES, domain_tensor_parallel_degrees

SHAPE_FIELDS = ("tp", "pp")
"""Layout fields a pinned shape fixes (:func:`pinned_to`); the expert degree, the batch, the KV
precision stay the planner's."""


@dataclass(frozen=True, order=True)
class CopyShape:
    """One model copy's layout: ``tp`` tensor-parallel ranks × ``pp`` pipeline stages [cards]."""

    tp: int
    pp: int

    @property
    def cards(self) -> int:
        """Cards per copy, ``tp × pp`` [cards]."""
        return self.tp * self.pp


def copy_shapes(base: Scenario, card: Card) -> list[CopyShape]:
    """The copy shapes the plan (:func:`~.plan.planned_layout`) can choose at some card count, with
    tensor and pipeline degrees both Auto: one stage at every tensor-parallel degree inside one
    fast domain that divides the heads (:func:`~.layouts.domain_tensor_parallel_degrees`), and
    :data:`~.layouts.SERVING_PIPELINE_STAGES` (at most the model's layers) at the widest of them,
    the degree the plan gives stages at a count its copies divide (a count of copies of the
    widest degree is a multiple of it). A pinned degree is kept (a pinned stage count above one
    at the widest degree, as the plan lays it out). Fewest cards per copy first."""
    auto, par = base.auto_layout, base.parallelism
    tps = (domain_tensor_parallel_degrees(base, card) or [1]) if "tp" in auto else [par.tp]
    if "pp" not in auto:
        return [CopyShape(tp, 1) for tp in tps] if par.pp == 1 else [CopyShape(max(tps), par.pp)]
    widest = max(tps)
    staged = [CopyShape(widest, pp) for pp in SERVING_PIPELINE_STAGES if pp <= base.model.n_layers]
    return sorted([CopyShape(tp, 1) for tp in tps] + staged, key=lambda s: (s.cards, s.pp))


def may_hold_weights(base: Scenario, card: Card, shape: CopyShape, least: int) -> bool:
    """Whether copies of ``shape`` may hold the weights at some count: the weights alone need
    ``least`` cards (:func:`~.deployment.fewest_cards_for_weights`), and a copy spreads them over
    its own cards, or, a mixture of experts on a fast link, its routed experts over the copies
    that share them inside one fast domain (:func:`~.layouts.serving_expert_parallel_options`),
    at most the domain's cards."""
    if shape.cards >= least:
        return True
    return base.model.is_moe and card.has_fast_link and \
        fabric(card, base.parallelism.cards_per_node, base.assumptions).domain >= least


def pinned_to(base: Scenario, shape: CopyShape) -> Scenario:
    """``base`` with ``shape`` pinned (tensor and pipeline degrees no longer Auto, one virtual
    stage and no context parallelism, as the plan lays a serving copy out), every other Auto
    field left to the planner; its card counts are multiples of :attr:`CopyShape.cards`
    (:func:`~configurator.core.workloads.layout.at_count`)."""
    auto = tuple(f for f in base.auto_layout if f not in SHAPE_FIELDS)
    return with_parallelism(copied(base, {"auto_layout": auto}),
                            {"tp": shape.tp, "pp": shape.pp, "virtual_stages": 1, "cp": 1})
