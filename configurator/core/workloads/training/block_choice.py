"""The planner's block recomputation: the fewest layers of each model chunk recomputed in full that
let the chosen layout fit (Megatron-LM ``--recompute-method block --recompute-num-layers N``,
:mod:`configurator.core.formulas.block_recompute`), kept when that trains faster than the
recomputation the search chose.

The vectorised search (:mod:`~configurator.core.workloads.training.search`) tries none, selective
and full recomputation of every layer. When it chose to recompute and the recomputation is left to
the planner (``"recompute"`` in ``auto_layout``, ``training.recompute_layers`` not stated), the
layout it chose is tried with full recomputation of its first ``N`` layers a chunk: the memory
falls as ``N`` grows (each recomputed layer keeps its input alone, the rest all they save;
``memory.stage_stored_bytes``), so the smallest ``N`` that fits is found by bisection on the exact
memory, and the step time at that ``N`` is the exact estimate's (``training_speed.micro_batch_timing``
mixes the timings of none and full by the share recomputed). The MLPerf Training Llama 2 70B LoRA
runs on 8 × MI300X recompute 21 of 80 layers this way (``ACM=block ACL=21``,
``benchmarks/data/notes-recompute-layers-2026-12-06.md``).

Not covered: the search's other layouts are not tried with ``N`` (a layout whose none does not fit
and that the search ranked below the winner's full or selective may win with ``N``); the estimate
of the chosen layout alone is refined.
"""

from __future__ import annotations

import math

from configurator.core.catalog import Card
from configurator.core.memory import TIGHT_FIT_HEADROOM, usable_capacity_bytes
from configurator.core.messages import Message, msg
from configurator.core.precision import plan_training
from configurator.core.scenario import Recompute, Scenario
from configurator.core.training_stage_memory import stage_memories, training_memory
from configurator.core.workloads.layout import with_layout
from configurator.core.workloads.training.estimate import layout_basis, layout_outcome


def chunk_layers(scenario: Scenario) -> int:
    """Layers of one model chunk of the fullest pipeline stage ``ceil(L / (pp · vp))`` [count]: the
    most ``recompute_layers`` may be (the scenario's own check, Megatron-LM ``transformer_config.py``)."""
    par = scenario.parallelism
    return math.ceil(scenario.model.n_layers / (par.pp * par.virtual_stages))


def tries_block(scenario: Scenario, chosen: Scenario) -> bool:
    """Whether the planner tries block recomputation on ``chosen`` (a layout of ``scenario`` it
    chose): the recomputation is left to it with no layer count stated, the layout recomputes
    (full or selective: block is neither's better when nothing is recomputed), the recipe is
    Megatron-Core's (``Recipe.runs_megatron_core``: Megatron-LM and NeMo have the block method; the
    PyTorch recipes' frameworks recompute every layer or none, torchtitan has no layer count,
    ``launch/training.py``), CUDA graphs are off
    (Megatron-Core's per-layer graphs refuse full recomputation, core/training_graphs.py) and a
    chunk holds more than one layer (else ``N`` is every layer)."""
    t = chosen.training
    return (t.recompute is not Recompute.NONE and t.recipe.runs_megatron_core and scenario.training.recompute_layers
            is None and "recompute" in scenario.auto_layout and not t.cuda_graphs and chunk_layers(chosen) > 1)


def at_layers(scenario: Scenario, layers: int) -> Scenario:
    """``scenario`` with full recomputation of its first ``layers`` layers a chunk."""
    return with_layout(scenario, {}, {"recompute": Recompute.FULL, "recompute_layers": layers})


def memory_at(scenario: Scenario, card: Card, layers: int):
    """The memory on the most-loaded card of ``scenario`` at :func:`at_layers` (its exact memory, the
    estimate's ``training_memory``)."""
    s = at_layers(scenario, layers)
    return training_memory(s, stage_memories(s, card, plan_training(card, s.precision)))[0]


def fits_with(memory, card: Card, scenario: Scenario, roomy: bool) -> bool:
    """Whether ``memory`` fits the card; ``roomy``: with :data:`~configurator.core.memory.TIGHT_FIT_HEADROOM`
    free, as the search prefers (``search._search``: a layout that fits only because the allocator gives
    its cache back is chosen only when none fits with room)."""
    return memory.fits and (not roomy or memory.total <= room_limit(card, scenario, True))


def room_limit(card: Card, scenario: Scenario, roomy: bool) -> float:
    """The most bytes on the most-loaded card that fit [B]: the card's usable memory, less
    :data:`~configurator.core.memory.TIGHT_FIT_HEADROOM` of it when ``roomy``."""
    return usable_capacity_bytes(card, scenario.assumptions) * (1 - (TIGHT_FIT_HEADROOM if roomy else 0.0))


def fits_at(scenario: Scenario, card: Card, layers: int, roomy: bool) -> bool:
    """Whether ``scenario`` at :func:`at_layers` fits the card (:func:`memory_at`, :func:`fits_with`)."""
    return fits_with(memory_at(scenario, card, layers), card, scenario, roomy)


def linear_guess(one_total: float, every_total: float, chunk: int, limit: float) -> int:
    """The fewest layers ``N`` whose memory falls to ``limit`` [count] on the line through ``N`` = 1
    (``one_total`` [B]) and every layer of the ``chunk`` (``every_total`` [B]): each recomputed layer
    gives up the same bytes (its stored activations less its input), so the exact memory lies on or
    near that line; the guess is only where the search for the exact count starts."""
    drop = (one_total - every_total) / max(chunk - 1, 1)  # bytes each further layer recomputed gives up
    return 1 + math.ceil((one_total - limit) / drop) if drop > 0 else chunk


def fewest_layers(scenario: Scenario, card: Card, roomy: bool, every_total: float | None = None) -> int | None:
    """The fewest layers a chunk ``N`` in ``1 … L_chunk − 1`` recomputed in full with which ``scenario``
    fits [count] (``roomy``: with room, :func:`fits_with`); None when even ``L_chunk − 1`` does not fit
    (then only every layer, the search's full, may). The memory falls as ``N`` grows, so the count is
    found by bisection on the exact memory, started at :func:`linear_guess` (``every_total``: the memory
    with every layer recomputed [B] when known): the guess and the count below it confirm it in two
    exact memories where the bisection takes about log2 of the chunk's layers."""
    high = chunk_layers(scenario) - 1
    if high < 1:
        return None
    one = memory_at(scenario, card, 1)
    if fits_with(one, card, scenario, roomy):
        return 1
    if every_total is None:
        every_total = memory_at(scenario, card, high + 1).total
    guess = min(max(linear_guess(one.total, every_total, high + 1, room_limit(card, scenario, roomy)), 2), high)
    if fits_at(scenario, card, guess, roomy):
        if guess == 2 or not fits_at(scenario, card, guess - 1, roomy):
            return guess
        low, top = 2, guess - 1
    else:
        if guess == high or not fits_at(scenario, card, high, roomy):
            return None
        low, top = guess + 1, high
    while low < top:  # invariant: top fits, low − 1 does not
        middle = (low + top) // 2
        if fits_at(scenario, card, middle, roomy):
            top = middle
        else:
            low = middle + 1
    return top


PLANNED_MESSAGES = {Recompute.FULL: "recompute-layers-planned",
                    Recompute.SELECTIVE: "recompute-layers-planned-selective"}
"""The message that says the planner recomputes ``N`` layers, by the recomputation it replaced."""


def with_block_recompute(scenario: Scenario, card: Card, candidate: tuple) -> tuple[tuple, tuple[Message, ...]]:
    """``candidate`` (the layout the planner chose: its scenario, layout basis and
    :func:`~.estimate.layout_outcome`) or the same layout with the fewest layers recomputed that
    fit (:func:`fewest_layers`) when :func:`tries_block` and that trains faster, with the message
    that says so (none when kept as it was)."""
    chosen, _, outcome = candidate
    if not outcome[0].fits or outcome[2] is None or not tries_block(scenario, chosen):
        return candidate, ()
    roomy = outcome[0].total <= room_limit(card, chosen, True)  # a choice that fits with room is replaced by one
    every = outcome[0].total if chosen.training.recompute is Recompute.FULL else None  # that does
    layers = fewest_layers(chosen, card, roomy, every)
    if layers is None:
        return candidate, ()
    block = at_layers(chosen, layers)
    laid = layout_basis(block, card)
    found = layout_outcome(block, card, laid)
    if not found[0].fits or found[2] is None or found[2].tokens_per_s <= outcome[2].tokens_per_s:
        return candidate, ()
    said = msg(PLANNED_MESSAGES[chosen.training.recompute], layers=layers, chunk=chunk_layers(block),
               faster=found[2].tokens_per_s / outcome[2].tokens_per_s - 1)
    return (block, laid, found), (said,)
