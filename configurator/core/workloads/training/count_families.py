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
from itertools import takewhile
from typing import NamedTuple

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


def families(base: Scenario, timed: Iterable[Estimate | None], spent: set[Family],
             smaller: bool = False) -> dict[Family, list[Estimate]]:
    """The timed estimates of ``timed`` by layout family (:data:`Family`), but for the families
    ``spent``. A pipelined estimate run without interleaving under Megatron-LM's schedule, with the
    virtual stages left to the planner, stands for its interleaved family too (:func:`_interleaved`):
    its stretch of counts runs at an accumulation no multiple of the pipeline degree, while the
    counts whose accumulation is run interleaved, its bubble cut ``v``-fold (336 H100 PCIe on the
    README's 70B question: tp 2 pp 12 at 72 micro-batches, vp 4, 2,113 h; the probes' 360 and 368
    at vp 1 missed the 2,160 h, the stretch's 384 at 64 micro-batches, vp 1, met). With ``smaller``,
    each family also stands for its layout at every smaller micro-batch (:func:`_hours_at`), for the
    counts whose data-parallel width splits the batch only at a smaller one (104 A100 on the README's
    7B question: tp 1 at micro-batch 1, 5 micro-batches over 104 ranks, where the counts timed ran 3
    and 4 sequences a micro-batch)."""
    found: dict[Family, list[Estimate]] = {}
    for est in timed:
        if est is None or est.training is None:
            continue
        p, micro_batch = est.scenario.parallelism, est.scenario.training.micro_batch
        keys = [(p.tp, p.pp, p.cp, micro_batch, _accumulation_grain(est), p.virtual_stages)]
        if (most := _interleaved(base, est)) > 1:
            keys.append((p.tp, p.pp, p.cp, micro_batch, p.pp, most))
        if smaller:
            keys += [(*key[:3], m, *key[4:]) for key in keys for m in range(1, micro_batch)]
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


class _Step(NamedTuple):
    """What :func:`family_hours` reads of a timed estimate, read once."""

    hours: float  # the training time [h]
    step_s: float  # one step [s]
    fixed_s: float  # its exposed gradient exchange, optimizer step and offload [s]
    own_slots: float  # its micro-batch slots, bubble included (:func:`_pipelined_slots`) [count]
    group: int  # cards a model replica [count]
    micro_batch: int  # sequences a micro-batch [count]
    pp: int  # pipeline stages [count]
    algorithm: str  # the pipeline algorithm
    schedule: PipelineSchedule  # the pipeline schedule


def _step(est: Estimate) -> _Step:
    """:data:`_Step` of ``est``."""
    speed, train, par = est.training, est.scenario.training, est.scenario.parallelism
    fixed = speed.data_parallel_s + speed.optimizer_s + speed.offload_s
    step = _Step(speed.hours, speed.step_time_s, fixed, 0.0, est.scenario.count // est.scenario.data_parallel,
                 train.micro_batch, par.pp, train.pipeline_algorithm, par.pipeline_schedule)
    return step._replace(own_slots=_pipelined_slots(step, train.grad_accum, par.virtual_stages))


def _pipelined_slots(step: _Step, micro_batches: float, virtual_stages: int) -> float:
    """Micro-batch times a step of ``step``'s layout takes with ``micro_batches`` a step over
    ``virtual_stages`` model chunks a stage, the schedule's bubble included: ``m·(1 + b)``
    (Narayanan et al. 2021 §2.2.1; :func:`~configurator.core.formulas.dualpipe.schedule_bubble_fraction`)
    [count]."""
    bubble = schedule_bubble_fraction(step.algorithm, step.pp, micro_batches, virtual_stages,
                                      round_size(step.schedule, step.pp, micro_batches))
    return micro_batches * (1.0 + float(bubble))


def family_hours(base: Scenario, est: Estimate, count: int, virtual_stages: int) -> float:
    """The training time of ``est``'s layout at ``count`` cards with ``virtual_stages`` model chunks
    a stage, read from ``est``'s step: the job's batch over a data-parallel width of ``count`` /
    group gives the micro-batches a step, the pipelined part of the step scales with their slots
    (:func:`_pipelined_slots`), and the exposed gradient exchange, optimizer step and offload are
    the same a step; the batch is the same, so the time scales with the step [h]."""
    return _hours_at(_step(est), global_batch_tokens(base) / base.training.seq_len, count, virtual_stages,
                     est.scenario.training.micro_batch)


def _hours_at(step: _Step, sequences: float, count: int, virtual_stages: int, micro_batch: int) -> float:
    """:func:`family_hours` of a :data:`_Step`, the job's batch being ``sequences``, at ``micro_batch``
    sequences a micro-batch: a micro-batch's time taken as proportional to its sequences (the slots
    ``m·(1 + b)`` of Narayanan et al. 2021 §2.2.1 each a micro-batch's forward and backward; what a
    smaller micro-batch loses of the matrix efficiency is left out, so the time read is a low one) [h]."""
    micro_batches = max(sequences / (count // step.group * micro_batch), 1.0)
    piped = ((step.step_s - step.fixed_s) * (micro_batch / step.micro_batch)
             * _pipelined_slots(step, micro_batches, virtual_stages) / step.own_slots)
    return step.hours * (piped + step.fixed_s) / step.step_s


def family_fewest(base: Scenario, card: Card, left: Sequence[int], found: dict[Family, list[Estimate]],
                  deadline: float, memo: dict | None = None) -> tuple[int | None, set[Family]]:
    """The fewest of ``left`` (ascending) that a layout family of ``found`` could meet ``deadline``
    [h] with (:func:`family_hours` of any of its estimates) and can take (:func:`splits_as`), and
    the families that propose it; (None, empty) when none can [count]. ``memo``, when given, keeps
    what is read of each estimate and each count's split for the next call on the same job and
    card. A family's time falls as the count rises (fewer micro-batches a step: ``m + (p − 1)/v``
    slots, and ``m·(1 + b)`` under every schedule grows with ``m``), so its first count within the
    deadline is bisected, and the families are scanned for a count that splits from the lowest of
    those up, each no further than the fewest found."""
    tokens = global_batch_tokens(base)
    sequences, whole = tokens / base.training.seq_len, tokens // base.training.seq_len
    memo = {} if memo is None else memo

    def hours(est: Estimate, count: int, vp: int, micro_batch: int) -> float:
        if id(est) not in memo:
            memo[id(est)] = _step(est)
        return _hours_at(memo[id(est)], sequences, count, vp, micro_batch)

    def takes(count: int, group: int, micro_batches: int) -> bool:
        if (count, group, micro_batches) not in memo:
            memo[count, group, micro_batches] = _splits(base, card, count, group, micro_batches, whole)
        return memo[count, group, micro_batches]

    starts = []
    for key, timed in found.items():
        group = key[0] * key[1] * key[2]
        fits = [n for n in left if not n % group]
        first = bisect_left(range(len(fits)), True,
                            key=lambda i: min(hours(e, fits[i], key[5], key[3]) for e in timed) <= deadline)
        if first < len(fits):
            starts.append((fits[first], key, fits[first:]))
    fewest, keys = None, set()
    for _, key, fits in sorted(starts):
        tp, pp, cp, micro_batch, grain, _vp = key
        below = fits if fewest is None else takewhile(lambda n: n <= fewest, fits)
        first = next((n for n in below if takes(n, tp * pp * cp, micro_batch * grain)), None)
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
