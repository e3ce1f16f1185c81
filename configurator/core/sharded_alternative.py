"""Why the planner splits a model with tensor parallelism over PCIe where a practitioner would first
reach for FSDP (ZeRO 3 over every card): the sharded layout's own estimate, said beside the choice.

Session 49 (l40sft49, ``benchmarks/data/notes-l40s-finetune-2026-12-06.md``): a full fine-tune of
Llama 3 8B on 4 × L40S is planned as TP 2 · PP 2 (34.4 s a step), while torchtune's
``llama3/8B_full`` config runs it as FSDP over the 4 cards. Sharded over 4 cards without tensor or
pipeline parallelism, the cards gather the 16-bit weights for forward and again for backward and
reduce-scatter the gradients every micro-batch
(:func:`~configurator.core.formulas.communication.gradient_sync_seconds`, re-gathered per micro-batch
by :func:`~configurator.core.formulas.communication.zero3_regathers`): 45.0 s a step, 15.3 s of it
exposed over PCIe. The reason is the traffic, so the line states both layouts' step times and
exposed communication rather than a verdict.
"""

from __future__ import annotations

from configurator.core.estimate import estimate
from configurator.core.messages import Message, msg
from configurator.core.scenario_choices import OFFLOAD_LAYOUT
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.layout import global_batch_tokens

SHARDED_FIELDS: tuple[str, ...] = ("tp", "pp", "vp", "cp", "zero")
"""Layout fields the sharded alternative fixes (tensor, pipeline, virtual stages, context: 1;
ZeRO 3); the planner still chooses micro-batch, accumulation and recomputation."""

OVER_PCIE = "tp-over-pcie"
"""The warning (:func:`configurator.core.training_speed.tensor_parallel_messages`) that marks a layout
whose tensor parallelism crosses PCIe: the case this module explains."""


def sharded_scenario(est: Estimate):
    """``est``'s scenario laid out as FSDP over every card: TP 1, PP 1, CP 1, ZeRO 3, the planner's global
    batch kept (:func:`~configurator.core.workloads.layout.global_batch_tokens`) and the other layout
    fields left to it but the optimizer's CPU offload, kept as ``est`` has it (the same job on the cards)."""
    s = est.scenario
    par = s.parallelism.model_copy(update={"tp": 1, "pp": 1, "virtual_stages": 1, "cp": 1, "zero": 3})
    training = s.training.model_copy(update={"global_batch_tokens": global_batch_tokens(s)})
    auto = tuple(f for f in s.auto_layout if f not in SHARDED_FIELDS and f != OFFLOAD_LAYOUT)
    return s.model_copy(update={"parallelism": par, "training": training, "auto_layout": auto})


def sharded_alternative(est: Estimate) -> Message | None:
    """The line that says why a planned tensor-parallel layout over PCIe beat FSDP, or None.

    Said only where the planner chose the layout (nothing pinned but, at most, the CPU offload), the
    first's tensor parallelism crosses PCIe (:data:`OVER_PCIE`), no experts are split, neither its
    optimizer nor its parameters are in host memory (the sharded layout's step then holds host-link time
    the line does not name: its "0.0 s" of exposed traffic read as a free FSDP, session 51, offload51), and
    the sharded layout fits, is slower and exposes more traffic than the first's tensor parallelism (the
    reason the line gives; a faster one would have been chosen, were it in the grid; then nothing is said).
    Values: the
    sharded step time and its exposed data-parallel time [s], the chosen step time and its exposed
    tensor-parallel time [s], and the sharded layout's time for the job [h].
    """
    s, t = est.scenario, est.training
    if t is None or not est.fits or set(s.pinned) - {OFFLOAD_LAYOUT} or s.parallelism.tp <= 1 or s.parallelism.ep > 1 \
            or s.training.offload_optimizer or s.training.offload_params:
        return None
    if not any(m.id == OVER_PCIE for m in est.messages):
        return None
    alt = estimate(sharded_scenario(est), est.card)
    if alt.training is None or not alt.fits or alt.training.step_time_s <= t.step_time_s \
            or alt.training.data_parallel_s <= t.tensor_parallel_s:
        return None
    a = alt.training
    return msg("sharded-over-pcie-slower", count=s.count, card=est.card.name, alt_step_s=a.step_time_s,
               alt_dp_s=a.data_parallel_s, step_s=t.step_time_s, tp_s=t.tensor_parallel_s, alt_hours=a.hours,
               hours=t.hours)
