"""Layout edits and card counts every family shares: a scenario at another layout or count, the
counts a pinned layout splits into, the counts a buyer can order, and the scenario with its
layout left to the planner. Below the families; no family is named here (``has_layout`` is the
family's :attr:`~configurator.core.workloads.base.WorkloadFamily.has_layout`, passed in)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from configurator.core.batch import default_global_batch_tokens
from configurator.core.catalog import Card
from configurator.core.link_domains import RACK_SCALE_DOMAIN
from configurator.core.procurement.servers import purchase_unit, server_type
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, Workload
from configurator.core.scenario_choices import OFFLOAD_LAYOUT

TRAINING_COUNTS = tuple(2**k for k in range(15))
"""Card counts tried for training: powers of two from 1 to 16,384, as clusters are built."""


def with_layout(scenario: Scenario, parallelism: dict, training: dict | None = None) -> Scenario:
    """``scenario`` with a layout the planner built valid (divides the count, fits the model's
    layers and heads); nested copies skip the full re-validation on this hot path."""
    par = scenario.parallelism.model_copy(update=parallelism)
    updates = {"parallelism": par}
    if training:
        updates["training"] = scenario.training.model_copy(update=training)
    return scenario.model_copy(update=updates)


def unplanned(scenario: Scenario) -> Scenario:
    """The scenario with every Auto field at its plainest value (when no plan exists)."""
    auto = set(scenario.auto_layout)
    par = {k: 1 for k, f in (("tp", "tp"), ("pp", "pp"), ("virtual_stages", "vp"), ("cp", "cp"), ("ep", "ep"))
           if f in auto}
    if "zero" in auto:
        par["zero"] = 0
    return with_layout(scenario, par)


def pinned_model_parallel(scenario: Scenario, has_layout: bool = True) -> int:
    """Cards a valid count must be a multiple of: the pinned tensor × pipeline × context degrees
    and the pinned expert degree, which splits the data-parallel width (Auto counts as 1); serving,
    the pinned expert degree [cards] times the pinned stages, the copies sharing one set of experts
    dividing the copies (:attr:`~configurator.core.scenario.Scenario.expert_copies`: DeepSeek-V3 at
    TP 1 × EP 8 holds no layout on 12 cards, where the search for the cards that meet the targets
    asked it until session 49 and stopped on an empty list); 1 for a deployment without a parallel
    layout (``has_layout`` False)."""
    if not has_layout:
        return 1
    auto = scenario.auto_layout
    par = scenario.parallelism
    cp = par.cp if scenario.workload.is_training and "cp" not in auto else 1
    ep = par.ep if scenario.workload.is_training and "ep" not in auto else 1
    tp, pp = 1 if "tp" in auto else par.tp, 1 if "pp" in auto else par.pp
    if not scenario.workload.is_training and "ep" not in auto and par.ep > 1:
        return math.lcm(tp * pp, par.ep * pp)
    return tp * pp * cp * ep


def valid_counts(scenario: Scenario, counts: Iterable[int], has_layout: bool = True) -> list[int]:
    """The counts the scenario's pinned tensor × pipeline layout can be split into."""
    group = pinned_model_parallel(scenario, has_layout)
    return [n for n in counts if n >= group and n % group == 0]


def at_count(scenario: Scenario, count: int, has_layout: bool = True) -> Scenario:
    """The scenario at another card count.

    Only the count changes (and Auto tensor/pipeline degrees go back to 1 for the planner to
    choose again), and ``valid_counts`` keeps it a multiple of the pinned tp × pp, the one rule
    the count takes part in; so the (slow) full re-validation is skipped here.
    """
    if count < 1 or count % pinned_model_parallel(scenario, has_layout):
        raise ValueError(f"{count} cards do not split into the scenario's tp × pp groups")
    if scenario.auto_layout and has_layout:
        scenario = unplanned(scenario)
    return scenario.model_copy(update={"count": count})


def global_batch_tokens(scenario: Scenario) -> int:
    """The global batch the plan keeps: stated, else the pinned micro-batch × accumulation ×
    data-parallel width, else the published default for the model's size (a fine-tune's for
    full, LoRA and QLoRA fine-tuning) [tokens]."""
    t = scenario.training
    if t.global_batch_tokens is not None:
        return t.global_batch_tokens
    if "grad_accum" not in scenario.auto_layout and "micro_batch" not in scenario.auto_layout:
        return scenario.global_batch_tokens
    fine_tune = scenario.workload.is_training and scenario.workload is not Workload.PRETRAIN
    model = scenario.model
    sequences = max(1, round(default_global_batch_tokens(model.total_params(), fine_tune, model.is_moe) / t.seq_len))
    return sequences * t.seq_len


def whole_system_counts(card: Card, counts: Sequence[int]) -> tuple[int, ...]:
    """Counts a buyer can order: for rack-scale systems (an NVL72 rack is sold whole) the rack's
    cards times 1, 2, 4 … up to the largest of ``counts``; for modules sold only in their server
    (:func:`~configurator.core.procurement.servers.purchase_unit`: 8 H100 SXM on an HGX baseboard, 8
    Ascend 910B in an Atlas 800T A2) ``counts`` rounded up to whole servers, each once (1, 2, 4, 8,
    16 -> 8, 16; until December 2026 1 × H100 SXM was ranked, billed with a server of 7 empty
    places); other cards ``counts`` as given."""
    kind = server_type(card, RACK_SCALE_DOMAIN, 1)
    if kind.rack_scale:
        unit = kind.gpus
        return tuple(unit * 2**k for k in range(20) if unit * 2**k <= max(max(counts), unit))
    unit = purchase_unit(card)
    if unit == 1:
        return tuple(counts)
    return tuple(dict.fromkeys(-(-n // unit) * unit for n in counts))  # whole servers, in order, each once


def plannable(scenario: Scenario, card: Card) -> Scenario:
    """``scenario`` on ``card`` with every layout field the user did not pin left to the planner.

    A scenario without Auto fields (built in code, or an old file) has its whole layout
    planned, with the global batch it states kept.
    """
    auto = scenario.auto_layout or LAYOUT_FIELDS
    training = {}
    if scenario.workload.is_training and scenario.training.global_batch_tokens is None and not scenario.auto_layout:
        training = {"global_batch_tokens": scenario.global_batch_tokens}
    planned = scenario.model_copy(update={"card_id": card.id, "auto_layout": tuple(auto)})
    if training:
        planned = planned.model_copy(update={"training": scenario.training.model_copy(update=training)})
    return planned


def unpinned(scenario: Scenario) -> Scenario:
    """``scenario`` with every layout field left to the planner but a CPU offload the user pinned,
    the training recipe's global batch kept: how another card (or count) is laid out when the
    user's pins were chosen for their own (a tensor degree of 8 does not split 2 cards, a
    micro-batch sized for 80 GiB overflows 24)."""
    training = {}
    if scenario.workload.is_training and scenario.training.global_batch_tokens is None:
        training = {"global_batch_tokens": global_batch_tokens(scenario)}
    # the optimizer's CPU offload stays as the user pinned it: host memory is the server's, not the card's
    kept = OFFLOAD_LAYOUT in scenario.pinned and bool(scenario.auto_layout)
    free = scenario.model_copy(update={"auto_layout": tuple(f for f in LAYOUT_FIELDS
                                                            if f != OFFLOAD_LAYOUT or not kept)})
    if training:
        free = free.model_copy(update={"training": scenario.training.model_copy(update=training)})
    return free
