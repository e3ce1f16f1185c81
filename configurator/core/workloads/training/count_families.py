"""A training layout family's time at another card count, by arithmetic from a deployment already
timed: the counts the fewest-count search (:mod:`~configurator.core.workloads.training.deployment`)
tries below the fewest it found, with no layout search of a count the arithmetic rules out.

A family is (tensor, pipeline, context degrees, micro-batch, the grain of its accumulation, the
virtual stages its step is read with). Its time at another count follows from its step: the job's
batch over the new data-parallel width gives the micro-batches a step, the pipelined part of the step
scales with the slots ``m·(1 + b)`` (Narayanan et al. 2021 §2.2.1), and the exposed gradient
exchange, optimizer step and offload stay the same a step; the batch is the same, so the time
scales with the step.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence

from configurator.core.catalog import Card
from configurator.core.formulas.dualpipe import schedule_bubble_fraction
from configurator.core.pipeline_schedule import PipelineSchedule, most_model_chunks, round_size
from configurator.core.scenario import Scenario
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.layout import at_count, global_batch_tokens
from configurator.core.workloads.training.grid import (
    BATCH_ROUNDING,
    VIRTUAL_STAGES,
    virtual_stage_options,
    wider_batches,
)

Family = tuple[int, int, int, int, int, int]
"""(tp, pp, cp, micro-batch, accumulation grain, virtual stages) [count]."""


def families(base: Scenario, timed: Iterable[Estimate | None], spent: set[Family]) -> dict[Family, list[Estimate]]:
    """The timed estimates of ``timed`` by layout family (:data:`Family`), but for the families
    ``spent``. A pipelined estimate run without interleaving under Megatron-LM's schedule, with the
    virtual stages left to the planner, stands for its interleaved family too (:func:`_interleaved`):
    its stretch of counts runs at an accumulation no multiple of the pipeline degree, while the
    counts whose accumulation is run interleaved, its bubble cut ``v``-fold (336 H100 PCIe on the
    README's 70B question: tp 2 pp 12 at 72 micro-batches, vp 4, 2,099 h; the probes' 360 and 368
    at vp 1 missed the 2,160 h, the stretch's 384 at 64 micro-batches, vp 1, met)."""
    found: dict[Family, list[Estimate]] = {}
    for est in timed:
        if est is None or est.training is None:
            continue
        p, micro_batch = est.scenario.parallelism, est.scenario.training.micro_batch
        keys = [(p.tp, p.pp, p.cp, micro_batch, _accumulation_grain(est), p.virtual_stages)]
        if (most := _interleaved(base, est)) > 1:
            keys.append((p.tp, p.pp, p.cp, micro_batch, p.pp, most))
        for key in keys:
            if key not in spent:
                found.setdefault(key, []).append(est)
    return found


def _accumulation_grain(est: Estimate) -> int:
    """Micro-batches a step of ``est``'s layout comes in multiples of: the pipeline degree under
    Megatron-LM's interleaved schedule (``vp`` > 1, :mod:`~configurator.core.pipeline_schedule`),
    else 1 [count]."""
    par = est.scenario.parallelism
    interleaved = par.virtual_stages > 1 and par.pipeline_schedule is PipelineSchedule.MEGATRON
    return par.pp if interleaved else 1


def _interleaved(base: Scenario, est: Estimate) -> int:
    """The most virtual stages the planner may give ``est``'s pipeline degree (the grid's rule:
    at most :func:`~configurator.core.pipeline_schedule.most_model_chunks` chunks, beyond
    :data:`~configurator.core.workloads.training.grid.VIRTUAL_STAGES` equal ones only) when ``est``
    runs its stages without interleaving under Megatron-LM's schedule and the planner picks the
    virtual stages; else 1 [count]."""
    par, n_layers = est.scenario.parallelism, base.model.n_layers
    if par.pp < 2 or par.virtual_stages > 1 or par.pipeline_schedule is not PipelineSchedule.MEGATRON \
            or "vp" not in base.auto_layout:
        return 1
    per_stage, chunks = -(-n_layers // par.pp), most_model_chunks(n_layers, par.pp)
    return max(v for v in virtual_stage_options(n_layers, (par.pp,))
               if par.pp * v <= chunks and (v <= max(VIRTUAL_STAGES) or per_stage % v == 0))


def _pipelined_slots(est: Estimate, micro_batches: float, virtual_stages: int) -> float:
    """Micro-batch times a step of ``est``'s layout takes with ``micro_batches`` a step over
    ``virtual_stages`` model chunks a stage, the schedule's bubble included: ``m·(1 + b)``
    (Narayanan et al. 2021 §2.2.1; :func:`~configurator.core.formulas.dualpipe.schedule_bubble_fraction`)
    [count]."""
    par, train = est.scenario.parallelism, est.scenario.training
    bubble = schedule_bubble_fraction(train.pipeline_algorithm, par.pp, micro_batches, virtual_stages,
                                      round_size(par.pipeline_schedule, par.pp, micro_batches))
    return micro_batches * (1.0 + float(bubble))


def family_hours(base: Scenario, est: Estimate, count: int, virtual_stages: int) -> float:
    """The training time of ``est``'s layout at ``count`` cards with ``virtual_stages`` model chunks
    a stage, read from ``est``'s step: the job's batch over a data-parallel width of ``count`` /
    group gives the micro-batches a step, the pipelined part of the step scales with their slots
    (:func:`_pipelined_slots`), and the exposed gradient exchange, optimizer step and offload are
    the same a step; the batch is the same, so the time scales with the step [h]."""
    return _hours_at(est, job_sequences(base), count, virtual_stages)


def _hours_at(est: Estimate, sequences: float, count: int, virtual_stages: int, own: float | None = None) -> float:
    """:func:`family_hours` with the job's batch ``sequences`` read once, and ``own``, the slots of
    ``est``'s own step (:func:`_pipelined_slots` at its accumulation), when known [h]."""
    speed, train, par = est.training, est.scenario.training, est.scenario.parallelism
    group = est.scenario.count // est.scenario.data_parallel
    micro_batches = max(sequences / (count // group * train.micro_batch), 1.0)
    fixed = speed.data_parallel_s + speed.optimizer_s + speed.offload_s
    if own is None:
        own = _pipelined_slots(est, train.grad_accum, par.virtual_stages)
    piped = (speed.step_time_s - fixed) * _pipelined_slots(est, micro_batches, virtual_stages) / own
    return speed.hours * (piped + fixed) / speed.step_time_s


def job_sequences(base: Scenario) -> float:
    """Sequences of the job's global batch [count]."""
    return global_batch_tokens(base) / base.training.seq_len


def family_fewest(base: Scenario, card: Card, left: Sequence[int], found: dict[Family, list[Estimate]],
                  deadline: float) -> tuple[int | None, set[Family]]:
    """The fewest of ``left`` (ascending) that a layout family of ``found`` could meet ``deadline``
    [h] with (:func:`family_hours` of any of its estimates) and can take (:func:`splits_as`), and
    the families that propose it; (None, empty) when none can [count]. A family's time falls as the
    count rises (fewer micro-batches a step: ``m + (p − 1)/v`` slots, and ``m·(1 + b)`` under every
    schedule grows with ``m``), so its first count within the deadline is bisected: a few of its
    counts timed by arithmetic, not every one (on the README's 70B question 1,741 candidate counts
    over the cards, 13 ms, before)."""
    fewest, keys = None, set()
    sequences = job_sequences(base)
    whole = global_batch_tokens(base) // base.training.seq_len
    own: dict[int, float] = {}  # each estimate's own step slots, worked out once

    def hours(est: Estimate, count: int, vp: int) -> float:
        if id(est) not in own:
            train, par = est.scenario.training, est.scenario.parallelism
            own[id(est)] = _pipelined_slots(est, train.grad_accum, par.virtual_stages)
        return _hours_at(est, sequences, count, vp, own[id(est)])

    for key, timed in found.items():
        tp, pp, cp, micro_batch, grain, vp = key
        group = tp * pp * cp
        fits = [n for n in left if not n % group and (fewest is None or n <= fewest)]
        first = bisect_left(range(len(fits)), True, key=lambda i: min(hours(e, fits[i], vp) for e in timed) <= deadline)
        first = next((n for n in fits[first:] if _splits(base, card, n, group, micro_batch * grain, whole)), None)
        if first is not None:
            keys = {key} if first != fewest else keys | {key}
            fewest = first
    return fewest, keys


def splits_as(base: Scenario, card: Card, count: int, group: int, micro_batch: int) -> bool:
    """Whether ``count`` cards can take a layout of ``group`` cards a model replica (tensor × pipeline
    × context) at ``micro_batch`` sequences a rank: the group divides the count, and the
    data-parallel width there times the micro-batch divides a batch the planner tries (the job's,
    or one of :func:`~configurator.core.workloads.training.grid.wider_batches`, all within
    :data:`~configurator.core.workloads.training.grid.BATCH_ROUNDING` of it: none where no multiple
    of that grain lies so near)."""
    return _splits(base, card, count, group, micro_batch, global_batch_tokens(base) // base.training.seq_len)


def _splits(base: Scenario, card: Card, count: int, group: int, micro_batch: int, sequences: int) -> bool:
    """:func:`splits_as` with the job's batch ``sequences`` read once."""
    if count % group:
        return False
    grain = count // group * micro_batch
    if sequences % grain == 0:
        return True
    if int(sequences * (1 + BATCH_ROUNDING)) // grain * grain < sequences * (1 - BATCH_ROUNDING):
        return False  # no batch within the rounding splits: none of the wider ones either
    return any(b % grain == 0 for b in wider_batches(at_count(base, count), card, sequences))
