"""Training deployments: every count from the smallest that could meet the deadline, each with
its planned layout and the global batch kept, and why none is kept when the deadline is the reason."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from bisect import bisect_left
from itertools import islice

from configurator.core.catalog import Card
from configurator.core.messages import Message, deadline_msg
from configurator.core.training_packing import attention_span
from configurator.core.training_speed import model_flops_per_token
from configurator.core.precision import plan_training
from configurator.core.scenario import Scenario
from configurator.core.units import TERA
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.checks import constraint_ids
from configurator.core.workloads.layout import TRAINING_COUNTS, at_count, global_batch_tokens, plannable, valid_counts
from configurator.core.workloads.training.grid import BATCH_ROUNDING
from configurator.core.workloads.training.count_families import Family, family_fewest, families, splits_as
from configurator.core.workloads.training.offload import offload_planned_in
from configurator.core.workloads.training.plan import (WIDENED, estimated, fits_nowhere, offload_left_open,
                                                      search_counts)

BATCH_MOVES = ("batch-moved", *WIDENED)
"""Messages of an estimate planned at another global batch than the job's (each names ``batch``, the
job's, and ``used``) [message ids]."""

COUNTS_PAST_FEASIBLE = 2
"""Larger counts still tried after the first that meets every constraint (more cards cost more,
unless efficiency rises)."""

SEARCHED_TOGETHER = 4
"""Counts :func:`training_deployments` searches the layouts of at once (one evaluation of all
their layouts); it stops a little past the first count that meets every constraint (this many
counts, most often), so more would search counts it never tries."""

DEADLINE_PROBES = 3
"""Largest fitting counts timed to say how fast a card could go when no count meets the deadline."""

EIGHTHS_BETWEEN = (5, 6, 7)
"""Counts tried between the last power of two that misses a constraint and the first that meets
them all when no count of :data:`PROBES_BETWEEN` does, as eighths of the latter: 5/8, 6/8 and 7/8 of
it keep a power-of-two data-parallel width with pipeline or tensor groups of 5, 3 or 7, so they can
split a power-of-two global batch kept exactly (192 cards: 64 data-parallel groups of 3 stages);
each a whole number of servers (:func:`counts_between`) [1/8]."""


def fastest_possible_hours(scenario: Scenario, card: Card, count: int) -> float | None:
    """A lower bound on the training time: the model FLOPs at the card's full peak [h]."""
    hours = _fastest_hours(scenario, card)
    return None if hours is None else hours(count)


def training_deployments(scenario: Scenario, card: Card, all_counts: bool = False,
                         counts: Sequence[int] = TRAINING_COUNTS) -> list[Estimate]:
    """The job at each count (planned layout, global batch kept) that fits; counts that cannot
    meet the deadline even at peak are skipped, and unless ``all_counts`` the search stops a
    little past the first count that meets every constraint with the job on the cards alone (one
    the planner put the optimizer of in host memory is kept but does not stop it). The layouts of
    :data:`SEARCHED_TOGETHER` counts at a time are searched together (:func:`search_counts`). A
    card with no arithmetic precision for the job times no count: none."""
    if plan_training(card, scenario.precision).math is None:  # every count's estimate untimed
        return []
    base = offload_left_open(plannable(scenario, card))  # a planned scenario's offload chosen again per count
    tried = _counts_tried(base, card, counts)
    results, past, ahead = [], None, []
    while chunk := _next_chunk(ahead, tried, _together(past, all_counts)):
        search_counts(chunk, card)
        for place, at in enumerate(chunk):
            est = deployment_at(at, card)
            if est is None:
                continue
            if not constraint_ids(est) and past is None and not offload_planned_in(est):
                # a count that fits only with the optimizer in host memory does not stop the search: the
                # counts that fit on the cards are tried too, so the ranking weighs them
                past = 0
                # the ladder's counts tried next whatever the probes find, searched with the first of them
                ahead.extend(islice(tried, _together(len(chunk) - place - 1, all_counts)))
                results.extend(_met_between(base, card, counts, est, results, ahead))
            elif past is not None:
                past += 1
            results.append(est)
            if past is not None and past >= COUNTS_PAST_FEASIBLE and not all_counts:
                return results + _met_below_ceiling(base, card, counts, results)
    return results + _met_below_ceiling(base, card, counts, results)


def _next_chunk(ahead: list[Scenario], tried: Iterator[Scenario], size: int) -> list[Scenario]:
    """The next ``size`` counts :func:`training_deployments` tries: those taken ahead of their
    turn first (``ahead``, emptied of them; their layouts searched already), then from ``tried``."""
    chunk = ahead[:size]
    del ahead[:size]
    return chunk + list(islice(tried, size - len(chunk)))


def _together(past: int | None, all_counts: bool) -> int:
    """How many counts :func:`training_deployments` searches at once next: :data:`SEARCHED_TOGETHER`;
    once a count meets every constraint (``past``: the deployments tried since, None before) and
    the search is to stop :data:`COUNTS_PAST_FEASIBLE` past it, only those still to try (with
    ``past`` the counts of a chunk left after that count: at most those that the next chunk
    holds, searched with the first probe below it, :func:`_met_between`). A count's
    search is its own whatever it is searched with, and its cost is mostly its own (its grid, its
    memory, its batches near the job's): a count searched only to be left untried cost as much as
    one tried (2,048 TPU v6e was searched with 4,096 to 16,384 on the README's 70B question) [count]."""
    if past is None or all_counts:
        return SEARCHED_TOGETHER
    return max(COUNTS_PAST_FEASIBLE - past, 0)


def deployment_at(at: Scenario, card: Card) -> Estimate | None:
    """The estimate of ``at`` (its layout planned) when it is a deployment of the job: it fits, is
    timed and keeps the job's recipe; else None."""
    if fits_nowhere(at, card):  # its estimate would not fit: not made only to be dropped
        return None
    est = estimated(at, card)
    if not est.fits or est.training is None or _recipe_moved(est):
        return None
    return est


def counts_between(met: int, unit: int) -> tuple[int, ...]:
    """Whole-server counts tried below ``met``, the first count of the ladder that meets every
    constraint, and above half of it (the one before, which does not): :data:`EIGHTHS_BETWEEN` of
    ``met`` that are multiples of ``unit``, the cards a server (or a rack-scale system) holds [count]."""
    return tuple(met * j // 8 for j in EIGHTHS_BETWEEN if met * j % (8 * unit) == 0)


def _met_between(base: Scenario, card: Card, counts: Sequence[int], met: Estimate,
                 timed: Sequence[Estimate], ahead: Sequence[Scenario] = ()) -> list[Estimate]:
    """The fewest whole servers found to meet every constraint below ``met``, the first count of
    the ladder that does, as a deployment (more cards cost more); none where ``met`` is the
    ladder's first count or no count tried between meets. Between it and the count of the ladder
    below it (which does not), at most :data:`PROBES_BETWEEN` whole-server counts
    (:func:`server_unit`) are tried one by one, each where the deadline would be crossed as read
    from the times of the nearest counts tried on either side (:func:`_crossing`), and the fewest
    found to meet kept, or the fewest below it that could take its layout (:func:`_below_fewest`,
    else the lowest above the last that missed), tried once more; when none does, the fewest below
    ``met`` that could take its layout with the :func:`counts_between` above the last tried
    (:func:`_with_stretch`), and the counts the layouts timed so far propose, one at a time, the
    fewest first, up to the first that meets (:func:`_fewest_tried`). ``timed``: the ladder's
    deployments so far (the count below read from them); ``ahead``: the ladder's counts tried next,
    searched with the first count tried here (one evaluation: a count's search is its own whatever
    it is searched with)."""
    below = [n for n in counts if n < met.scenario.count]
    if not below:
        return []
    known: dict[int, Estimate | None] = {e.scenario.count: e for e in (*timed, met)}
    unit, floor = server_unit(base, counts), below[-1]
    between = list(_tried_counts(base, card, range(floor - floor % unit + unit, met.scenario.count, unit)))
    lo, low, hi, high = -1, known.get(floor), len(between), met
    for _ in range(PROBES_BETWEEN):
        at = _crossing(base, between[:hi], lo, low, high)
        if at >= hi and high is not met:  # read at the count found to meet: none below tried
            break
        at = min(at, hi - 1)
        if at <= lo:  # the bracket is closed
            break
        _evaluated(base, card, [between[at]], known, ahead)
        ahead = ()
        if _meets(known[between[at]]):
            hi, high = at, known[between[at]]
        else:
            lo, low = at, known[between[at]]
    if high is not met:
        left = between[lo + 1:hi]
        tried = _below_fewest(base, card, left, high) or _could_meet(base, left, high)[:1]
        return [_fewest_tried(base, card, between, known, high, tried)]
    above = between[lo] if lo >= 0 else floor
    eighths = [n for n in counts_between(met.scenario.count, max(counts[0], base.parallelism.cards_per_node))
               if n > above]
    tried = _with_stretch(eighths, _below_fewest(base, card, between[lo + 1:], met))
    fewest = _fewest_tried(base, card, between, known, met, tried, ahead)
    return [] if fewest is met else [fewest]


FAMILY_TRIES = 3
"""Counts :func:`_fewest_tried` tries alone, proposed by the layout families timed, below the fewest
found [count]. On the 585 card-questions of ``benchmarks/fewest_counts.py`` (the planned counts
then tried one at a time too) 96 first tries met 86 times, 12 second ones 8 times, 4 third ones 4
times; against base 1 try a card found fewer cards on 83 card-questions, 2 on 85, 3 on 89
(``notes-fewest-margin-2026-12-06.md``)."""


FAMILY_MARGIN = 0.97
"""Share of the deadline a layout family's time at a count, read by arithmetic
(:func:`~configurator.core.workloads.training.count_families.family_hours`), must come within for
:func:`_fewest_tried` to try that count [-]. The arithmetic leaves out what else moves with the count
(a wider batch, the interleaved chunks' sends, the planner's other fields): on the 585
card-questions of ``benchmarks/fewest_counts.py`` 65 of the 72 counts predicted within 0.97 of the
deadline met it, 39 of the 89 predicted within 0.97-1.00 did (``notes-fewest-margin-2026-12-06.md``);
a try is a layout search of its own (~5 ms CPU), so those near-even chances are left to the last
tries (:data:`LAST_TRIES`)."""


LAST_TRIES = 2
"""Counts :func:`_fewest_tried` tries alone once nothing else is left to try below the fewest found,
each the fewest that a layout family timed could meet the deadline itself at (no margin), the
families run at every smaller micro-batch too (:func:`~configurator.core.workloads.training.
count_families.families`), each family once [count]. They come after every count the search tried
before them, so they can only find fewer cards. On the 132 README card-questions of
``benchmarks/fewest_counts.py`` (session 49, probe49): 49 tries, 19 met; 24 -> 11 of the 132 off the
fewest of every count, 17 with fewer cards, none more (336 H100 PCIe on the 70B question, 2,113 h for
the 2,160: its interleaved family read 0.976 of the deadline; 104 A100 on the 7B one: tp 1 at
micro-batch 1, where the counts timed ran 3 and 4 a micro-batch); counts searched 835 -> 887; one
try found fewer cards on 10, two on 17, three on 17; on all 594 card-questions 110 -> 70 off, 42,
52, 53. Recommend CPU on the README's 7B / 70B questions +5 / +12 % (medians of 9 rounds, loaded
box; ``notes-fewest-last-2026-12-06.md``)."""


STEP_MISSES = 1
"""Counts :func:`_fewest_tried` tries below the fewest found that may miss, once nothing else is left
to try (after the :data:`LAST_TRIES`): the largest count not searched below it that could meet the
deadline at its speed per card (:func:`_could_meet`; a server below it, most often), again after
each that meets [count]. The fewest of every count often runs a layout no count searched ran, so no
family proposes it (3,896 RTX 3090 on the README's 70B question: tp 8 pp 1 over 487 ranks, 974
sequences, 1,899 h of the 2,160; the 3,904 found ran tp 8 pp 2 at 1,823 h). On the 132 README
card-questions of ``benchmarks/fewest_counts.py`` (session 50, probe50): 11 -> 6 off the fewest of
every count, 6 with fewer cards, none more (cards above the fewest summed 684 -> 624), counts
searched 887 -> 944; on all 594: 70 -> 60 off, 20 fewer, none more, 3,723 -> 3,965 counts (237
steps, 25 met, at any share of the deadline the count found took: none is set). 2 misses: 5 and 54
off, 4,168 counts; 3: 49 off, 4,366. Recommend on the README's 70B question: 84 -> 94 counts
searched (~6 % of its CPU), 7B 52 -> 53; ``benchmarks/speed.py --headline`` against base paired by
round, 9 rounds on a loaded box: 70B +7 %, 7B +1 % (medians; ``notes-fewest-probes-2026-12-07.md``)."""


def _fewest_tried(base: Scenario, card: Card, between: Sequence[int], known: dict[int, Estimate | None],
                  found: Estimate, planned: Sequence[int], ahead: Sequence[Scenario] = ()) -> Estimate:
    """``found`` (the fewest deployment found to meet every constraint), or the fewest of more counts
    tried below it, one at a time, the fewest first (the first with ``ahead``), until none is left
    below the fewest that meets: ``planned`` (:func:`_below_fewest`, :func:`_with_stretch`) and the
    counts the layouts already timed propose; a count above one that meets is not searched.
    (Searching the planned counts together, the proposals alone before them, measured 5 % slower on
    the README's 70B question, 3 more counts searched.) Each deployment of ``known`` runs a layout family
    (:func:`~configurator.core.workloads.training.count_families.families`) whose time at another
    count that can take it follows from its step by arithmetic (no layout search:
    :func:`~configurator.core.workloads.training.count_families.family_fewest`); the fewest count of
    ``between`` below ``found`` that a family could meet :data:`FAMILY_MARGIN` of the deadline at is
    proposed, at most :data:`FAMILY_TRIES` times, each family once; when nothing is left to try, the
    fewest a family could meet the deadline itself at, smaller micro-batches read too, at most
    :data:`LAST_TRIES` times (each family once more), then the count a server below the fewest found
    until :data:`STEP_MISSES` of them miss. The time is not monotonic in the
    count: the planner's layout changes from count to count (8B on 1 T tokens in 20 days, A10: 656 meets
    at tp 1 pp 2 cp 8, 664-680 miss, 688 meets), so the probes and the ladder land in one family's
    stretch while another's starts below (H100 PCIe on the README's 70B question: 360 and 368 missed,
    the stretch's 384 met at tp 2 pp 12 and 64 micro-batches; the same family interleaved, 72
    micro-batches at vp 4, meets at 336, the fewest of every count)."""
    deadline = base.constraints.deadline_hours
    spent: set[Family] = set()
    looked: set[Family] = set()
    tries, looks, misses, memo = 0, 0, 0, {}
    while True:
        left = [n for n in between if n < found.scenario.count and n not in known]
        proposed, keys = None, set()
        if deadline and tries < FAMILY_TRIES:
            proposed, keys = family_fewest(base, card, left, families(base, known.values(), spent),
                                           deadline * FAMILY_MARGIN, memo)
        queue = sorted({*[n for n in planned if n < found.scenario.count and n not in known],
                        *([proposed] if proposed is not None else [])})
        if not queue and deadline and looks < LAST_TRIES:  # nothing left to try: the last looks
            last, keys = family_fewest(base, card, left, families(base, known.values(), looked, smaller=True),
                                       deadline, memo)
            if last is not None:
                queue, looked, looks = [last], looked | keys, looks + 1
        stepped = not queue and misses < STEP_MISSES
        if stepped:  # after the last looks: a server below the fewest found
            queue = _could_meet(base, left, found)[-1:]
        if not queue:
            return found
        if queue[0] == proposed:
            spent |= keys
            tries += 1
        _evaluated(base, card, queue[:1], known, ahead)
        ahead = ()
        if _meets(known[queue[0]]):
            found = known[queue[0]]
        elif stepped:
            misses += 1


def _with_stretch(eighths: Sequence[int], stretch: Sequence[int]) -> list[int]:
    """The counts :func:`_met_between` tries when no probe meets every constraint, ascending: the
    fewest below the ladder's count that could take its layout (``stretch``, :func:`_below_fewest`;
    none: ``eighths`` alone), the ``eighths`` (:func:`counts_between`) below it and the largest above
    it; the others above it are left (its stretch runs from it to the ladder's count). The ladder's
    count found to meet often starts no stretch of its own: 1,024 a power of two, its layout's
    data-parallel width a power of two, and the width within the batch rounding of it reached a
    few servers below (976 MTT S4000 on 1 T tokens of Qwen 2.5 14B in 30 days, 1,952 A30 on the
    README's 70B question), where no eighth lies; the largest eighth kept for when the stretch count
    misses (448 A10 on the README's 7B question, 7/8 of 512, after 344 missed). On the 585
    card-questions of ``benchmarks/fewest_counts.py``: 168 -> 117 off the fewest of every count (144 ->
    104 by more than 8 cards), one worse (3,072 -> 3,584 V100 16GB on the README's 70B question: 6/8
    met, but the stretch count lay below it and missed, and of the eighths above it only 7/8 was
    tried), for 3 % more counts searched (``notes-fewest-stretch-2026-12-06.md``) [count]."""
    if not stretch:
        return list(eighths)
    below = [n for n in eighths if n < stretch[0]]
    return sorted({*below, stretch[0], *[n for n in eighths if n > stretch[0]][-1:]})


def _could_meet(base: Scenario, left: Sequence[int], found: Estimate) -> list[int]:
    """The counts of ``left`` that would meet the deadline at ``found``'s speed per card (its time
    scaled by the counts); none without a deadline or a time [count]."""
    deadline = base.constraints.deadline_hours
    if not deadline or found.training is None:
        return []
    return [n for n in left if n * deadline >= found.scenario.count * found.training.hours]


def _below_fewest(base: Scenario, card: Card, left: Sequence[int], found: Estimate) -> list[int]:
    """The fewest of ``left`` (counts below ``found``, a deployment that meets every constraint, and
    above the last count that missed) that could meet the deadline at ``found``'s speed per card
    and can take its layout
    (:func:`~configurator.core.workloads.training.count_families.splits_as`), to try: the time is not
    monotonic in the count but runs in stretches: a layout (tensor × pipeline group, micro-batch)
    splits a batch the planner tries over every count from the one where its data-parallel width
    first does, and within the stretch the time falls as the count rises; the probes between (or
    the ladder) land anywhere in it: 680 A100 80GB found by the probes on the README's 70B question,
    the stretch of 4-way tensor groups at micro-batch 3 running down to 656, the fewest of every
    count [count]."""
    group, micro_batch = found.scenario.count // found.scenario.data_parallel, found.scenario.training.micro_batch
    return next(([n] for n in _could_meet(base, left, found) if not n % group
                 and splits_as(base, card, n, group, micro_batch)), [])


PROBES_BETWEEN = 2
"""Whole-server counts :func:`_met_between` tries one by one between the ladder's count that
meets every constraint and the one below it, before the eighths of :func:`counts_between`
[count]. A count that does not split a power-of-two batch (one the 5 % batch rounding lets meet a
deadline: 144 Gaudi 3, 328 H100 PCIe on the README's 70B question) costs a layout search of its
own, ~10 ms a card, so the probes are few and placed where the deadline is crossed: on the README's
two training questions (17 cards, GB200 in NVL72 racks among them) they found the fewest whole
servers that every count tried in turn finds in 32 of 34, a few more in two (680 A100 80GB for
656, 384 Ascend 910C A3 for 328), never more than the eighths; one probe found it in 25 of 34 (with
the count below the fewest found that takes its layout, :func:`_below_fewest`, tried too since
December 2026: 656 A100 80GB, and the stretch below the ladder's count when no probe meets,
:func:`_with_stretch`: 328 Ascend 910C A3; ``benchmarks/fewest_counts.py`` compares with every count).
CPU time of the README's recommendations over the catalog, one process, best of 6 (2026-12-05):
7B 400 -> 389 ms with two probes (405 with one), 70B 613 -> 721 ms (645 with one); searching every
count down to the one below the fewest, 40-90 % slower."""


def _crossing(base: Scenario, between: Sequence[int], lo: int, low: Estimate | None, high: Estimate) -> int:
    """The place in ``between`` (ascending counts above ``low``, at place ``lo``, -1 when below
    them all, and below ``high``, a deployment that meets every constraint) of the fewest that
    would meet the deadline, reading the speed as linear in the count between ``low``'s and
    ``high``'s; from ``high``'s time alone (the same speed per card) when ``low`` was not timed or
    did not miss the deadline; their middle without a deadline, or with the speed not rising
    [place]."""
    deadline = base.constraints.deadline_hours
    hi = len(between)
    middle = (lo + hi + 1) // 2
    if not deadline or high.training is None:
        return middle
    n_hi, s_hi = high.scenario.count, 1.0 / high.training.hours
    if low is not None and low.training is not None and low.training.hours > deadline:
        n_lo, s_lo = low.scenario.count, 1.0 / low.training.hours
        if s_hi <= s_lo:
            return middle
        need = n_lo + (n_hi - n_lo) * (1.0 / deadline - s_lo) / (s_hi - s_lo)
    else:
        need = n_hi * high.training.hours / deadline
    return max(bisect_left(between, need, lo + 1, hi), lo + 1)


def _evaluated(base: Scenario, card: Card, new: Sequence[int], known: dict[int, Estimate | None],
               ahead: Sequence[Scenario] = ()) -> dict[int, Estimate | None]:
    """``known`` with the deployment (:func:`deployment_at`; None: not one) of each of ``new`` that
    :func:`_counts_tried` tries, their layouts searched together (with those of ``ahead``,
    estimated later)."""
    scenarios = list(_counts_tried(base, card, [n for n in new if n not in known]))
    search_counts([*scenarios, *ahead], card)
    for at in scenarios:
        known[at.count] = deployment_at(at, card)
    return known


def _meets(est: Estimate | None) -> bool:
    """A deployment (not None) that meets every stated constraint."""
    return est is not None and not constraint_ids(est)


def server_unit(base: Scenario, counts: Sequence[int]) -> int:
    """The cards of one server as bought, which every count tried between two of ``counts`` is a
    multiple of: the cards one node holds (:attr:`~configurator.core.scenario.Scenario.cards_in_node`:
    4 for GH200 and MI250X), or ``counts``' first when larger (a rack-scale system sold whole: 72
    for GB200 NVL72) [count]."""
    return max(counts[0], base.cards_in_node)


def _met_below_ceiling(base: Scenario, card: Card, counts: Sequence[int], results: list[Estimate]) -> list[Estimate]:
    """The counts of :func:`counts_between` that meet every constraint between the largest count of
    ``results`` that does and the next one, when that next one breaks ceilings alone (a budget, a
    power cap): the ranking weighs them (``recommend --objective fastest --budget 20M`` for 70B on
    2 T tokens read 512 Gaudi 3 in 27.4 days with 4.7 M USD of the budget left; 640 take 26.2 days
    at 19.0 M USD); none otherwise. Their layouts are searched together."""
    meeting = [e.scenario.count for e in results if not constraint_ids(e)]
    above = [e for e in results if meeting and e.scenario.count > max(meeting)]
    if not above:
        return []
    broken = min(above, key=lambda e: e.scenario.count)
    if not broken.violations or any(v.kind != "ceiling" for v in broken.violations):
        return []
    unit = max(counts[0], base.parallelism.cards_per_node)
    between = [n for n in counts_between(broken.scenario.count, unit) if n > max(meeting)]
    tried = list(_counts_tried(base, card, between))
    search_counts(tried, card)
    return [e for at in tried if (e := deployment_at(at, card)) is not None and not constraint_ids(e)]


def _counts_tried(base: Scenario, card: Card, counts: Sequence[int]) -> Iterator[Scenario]:
    """``base`` at each count :func:`training_deployments` tries (:func:`_tried_counts`), in order."""
    return (at_count(base, count) for count in _tried_counts(base, card, counts))


def _tried_counts(base: Scenario, card: Card, counts: Sequence[int]) -> Iterator[int]:
    """The counts :func:`training_deployments` tries, in order: the user's pinned tp × pp where it
    divides the count, no more cards than the batch can keep busy, none that cannot meet the
    deadline even at the card's peak (:func:`fastest_possible_hours`, its FLOPs and peak read once:
    the counts between two of the ladder's are a few hundred on the README's 70B question, 2,048 to
    4,096 MTT S4000 by 8, and only those a probe lands on are made scenarios) [count]."""
    batch_sequences = global_batch_tokens(base) // base.training.seq_len
    deadline = base.constraints.deadline_hours
    hours = _fastest_hours(base, card) if deadline else None
    for count in valid_counts(base, counts):
        if count > max(batch_sequences, 1) * base.model.n_layers * 64:
            return  # more cards than the batch can keep busy
        if hours is not None and hours(count) > deadline:  # a peak of None or 0 skips none
            continue
        yield count


def _fastest_hours(scenario: Scenario, card: Card) -> Callable[[int], float] | None:
    """:func:`fastest_possible_hours` of ``scenario`` as a function of the count (the FLOPs and the
    card's peak read once, for the counts of :func:`_tried_counts`); None without a peak [h]."""
    plan = plan_training(card, scenario.precision)
    peak = card.peak_tflops(plan.math) if plan.math else None
    if not peak:
        return None
    flops = model_flops_per_token(scenario.model, attention_span(scenario)) * scenario.training.tokens
    return lambda count: flops / (count * peak * TERA) / 3600.0


def missed_deadline(scenario: Scenario, card: Card, counts: Sequence[int] = TRAINING_COUNTS) -> Message | None:
    """When the deadline, not memory, is why no count of ``card`` is kept: the fastest it trains at
    any count tried (the largest counts that fit, timed), as a message; None when it fits nowhere,
    or the deadline is not the reason."""
    deadline = scenario.constraints.deadline_hours
    if not deadline or not scenario.workload.is_training or plan_training(card, scenario.precision).math is None:
        return None  # no arithmetic precision for the job: no count is timed
    base = offload_left_open(plannable(scenario, card))  # a planned scenario's offload chosen again per count
    timed = []
    for count in sorted(valid_counts(base, counts), reverse=True):
        if count > max(global_batch_tokens(base) // base.training.seq_len, 1) * base.model.n_layers * 64:
            continue
        at = at_count(base, count)
        if fits_nowhere(at, card):
            continue
        est = estimated(at, card)
        if est.fits and est.training is not None and not _recipe_moved(est):
            timed.append(est)
            if len(timed) == DEADLINE_PROBES:
                break
    if not timed:
        return None
    fastest = min(timed, key=lambda e: e.training.hours)
    if fastest.training.hours <= deadline:
        return None
    return deadline_msg("misses-deadline-every-count", deadline, {"hours": fastest.training.hours},
                        days=fastest.training.hours / 24, count=fastest.scenario.count)


def _recipe_moved(est: Estimate) -> bool:
    """The count does not split the global batch, so the estimate is of another recipe: not a
    deployment of this job (the global batch is kept at every count, to within
    :data:`~configurator.core.workloads.training.grid.BATCH_ROUNDING`: a batch moved that little
    to split over more ranks is the same recipe, :func:`~configurator.core.workloads.training.plan.
    planned_training`)."""
    moved = next((m for m in est.messages if m.id in BATCH_MOVES), None)
    return moved is not None and abs(moved.params["used"] / moved.params["batch"] - 1) > BATCH_ROUNDING


def deadline_out_of_reach(scenario: Scenario, card: Card, counts: Sequence[int] = TRAINING_COUNTS
                          ) -> tuple[int, float] | None:
    """When no count tried can meet the training deadline even at the card's full peak: the largest
    count the batch keeps busy and the fastest time it could take there (cards, hours); None when
    some count could, or without a deadline."""
    deadline = scenario.constraints.deadline_hours
    if not deadline or not scenario.workload.is_training:
        return None
    base = offload_left_open(plannable(scenario, card))  # a planned scenario's offload chosen again per count
    batch_sequences = global_batch_tokens(base) // base.training.seq_len
    tried = [n for n in counts if n <= max(batch_sequences, 1) * base.model.n_layers * 64]
    if not tried:
        return None
    best = fastest_possible_hours(base, card, tried[-1])
    if best is None or best <= deadline:
        return None
    return tried[-1], best
