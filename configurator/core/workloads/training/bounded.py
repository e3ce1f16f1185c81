"""The training search's layouts timed in full only where they can be among the fastest
(issue 28): a cheap upper bound on every layout's tokens per second
(:func:`~configurator.core.workloads.training.layout_speed.speed_bound`); the layouts of the
highest bounds timed exactly; every layout whose bound falls below the ``top``-th fastest of
those left untimed — it is slower than ``top`` layouts already timed, so it cannot be among the
``top`` fastest, and the search's answer is the one of timing every layout, to the last bit."""

from __future__ import annotations

import numpy as np

from configurator.core.catalog import Card
from configurator.core.memo import LruMemo
from configurator.core.scenario import Scenario
from configurator.core.workloads.training.layout_speed import (
    PASS_FIELDS,
    Groups,
    Tier,
    layout_speed,
    own_rows,
    pass_seconds,
    speed_bound,
    step_slots,
)

SAMPLED = 128
"""Layouts of the highest bounds timed exactly first, per count: the ``top``-th fastest of them
is the bar every other layout's bound must reach to be timed [count]. A timing costs ~0.4 ms
whatever its rows and ~0.2 µs a row more (one call of :func:`layout_speed` on 8 to 2,048 rows of
the panel's fine-tune grid: 0.43-0.86 ms), and every layout that reaches the bar was in a sample
of 128 in ~80 % of the searches of the README's training questions and the panel's default
(8 layouts: ~3 %), so the second timing is most often not needed (:func:`_within`); the
search's time in this function, least of 4 cold passes: 8 → 128 layouts 109 → 104, 147 → 123
and 183 → 170 ms."""

ONE_BY_ONE_SHARE = 0.25
"""Most share of the layouts timed one by one (:func:`layout_speed` without groups); past it every
layout is timed through the grid's groups instead (the same numbers, fewer operations when most
layouts are timed) [-]."""


_STEPS: LruMemo[tuple] = LruMemo(16)
""":func:`step_slots` of each grid, kept for the cards that share the grid (by the grid object; two
arrays of a joined grid's rows, ~0.4 MiB each: ~6 MiB at most)."""


def clear_bounds() -> None:
    """Forget every grid's kept slots and tokens per step."""
    _STEPS.clear()


def fastest_speeds(scenario: Scenario, card: Card, g: dict[str, np.ndarray], table, at, segments: list[np.ndarray],
                   groups: Groups, top: int) -> list[tuple[np.ndarray, dict[str, np.ndarray]]]:
    """:func:`layout_speed` of the layouts of ``segments`` (each count's rows of the grid ``g`` that
    may be chosen, ascending) that can be among each count's ``top`` fastest: per segment, the
    places in it of the layouts timed (ascending: the rows' order kept for the ties) and their
    speed, in that order. Every layout whose exact tokens per second could reach the ``top``-th
    fastest of the segment is timed (:mod:`bounded`'s argument); arguments as :func:`layout_speed`'s."""
    rows = np.concatenate(segments)
    one = groups(PASS_FIELDS)
    passes = pass_seconds(scenario, card, g, table, at, one)
    steps = _STEPS.get(("steps", scenario.parallelism.pipeline_schedule, scenario.training.seq_len), (g,))
    if steps is None:
        steps = _STEPS.put(("steps", scenario.parallelism.pipeline_schedule, scenario.training.seq_len),
                           step_slots(scenario, g), (g,))
    bounds = _cut(speed_bound(rows, one, passes, steps), _ends(segments))
    samples = [_highest(b, SAMPLED) for b in bounds]

    def alone(chosen: np.ndarray) -> dict[str, np.ndarray]:  # the pass groups shared, the rest row by row
        own = own_rows(chosen)
        return layout_speed(scenario, card, g, table, at, chosen,
                            lambda fields: one if fields == PASS_FIELDS else own, passes)

    sampled = alone(np.concatenate([s[p] for s, p in zip(segments, samples, strict=True)]))
    kept = []
    for bound, tokens in zip(bounds, _cut(sampled["tokens_per_s"], _ends(samples)), strict=True):
        tokens = tokens[~np.isnan(tokens)]
        if len(tokens) < top:  # too few timed to set a bar: every layout timed
            kept.append(np.arange(len(bound)))
            continue
        bar = np.partition(tokens, len(tokens) - top)[len(tokens) - top]  # the top-th fastest timed
        kept.append(np.flatnonzero(~(bound < bar)))  # a NaN bound kept
    if sum(len(k) for k in kept) > ONE_BY_ONE_SHARE * len(rows):
        return [(np.arange(len(s)), speed) for s, speed in
                zip(segments, _split(layout_speed(scenario, card, g, table, at, rows, groups, passes),
                                     _ends(segments)), strict=True)]
    within = _within(kept, samples)
    if within is not None:  # every layout to time was timed in the sample: its speed read from there
        return list(zip(kept, _split({k: v.take(within) for k, v in sampled.items()}, _ends(kept)),
                        strict=True))
    timed = alone(np.concatenate([s[k] for s, k in zip(segments, kept, strict=True)]))
    return list(zip(kept, _split(timed, _ends(kept)), strict=True))


def _within(kept: list[np.ndarray], samples: list[np.ndarray]) -> np.ndarray | None:
    """Where each segment's places ``kept`` are among the sample's (``samples``, both ascending per
    segment), as indices into the samples joined; None when some place kept was not sampled."""
    found, start = [], 0
    for k, s in zip(kept, samples, strict=True):
        at = np.searchsorted(s, k)
        if len(k) and (at[-1] >= len(s) or not np.array_equal(s.take(at), k)):
            return None
        found.append(at + start)
        start += len(s)
    return np.concatenate(found)


def joined_groups(each: list, starts: np.ndarray):
    """The :data:`~configurator.core.workloads.training.layout_speed.Groups` of grids joined one
    after the other (``starts``: where each begins), from each grid's own (``each``, kept for the
    cards that share the grid): a group never spans two grids, so the count (``n``) is never
    read to group them."""
    kept: dict[tuple, Tier] = {}

    def groups(fields: tuple[str, ...]) -> Tier:
        own = tuple(f for f in fields if f != "n")
        found = kept.get(own)
        if found is None:
            tiers = [of(own) for of in each]
            before = np.cumsum([0, *(len(t.rows) for t in tiers[:-1])])
            found = kept[own] = Tier(np.concatenate([t.rows + s for t, s in zip(tiers, starts, strict=True)]),
                                     np.concatenate([t.group + b for t, b in zip(tiers, before, strict=True)]))
        return found

    return groups


def _highest(values: np.ndarray, n: int) -> np.ndarray:
    """The places of ``n`` of the highest ``values`` (all of them when fewer; a NaN last), ascending."""
    if len(values) <= n:
        return np.arange(len(values))
    return np.sort(np.argpartition(-values, n - 1)[:n])


def _ends(parts: list[np.ndarray]) -> list[int]:
    """Where each of ``parts`` ends in them joined, the last left out (``np.split``'s places)."""
    ends, at = [], 0
    for p in parts[:-1]:
        at += len(p)
        ends.append(at)
    return ends


def _cut(values: np.ndarray, ends: list[int]) -> list[np.ndarray]:
    """``np.split(values, ends)`` as slices (the same views, without its per-call overhead)."""
    return [values[a:b] for a, b in zip([0, *ends], [*ends, len(values)], strict=True)]


def _split(speed: dict[str, np.ndarray], ends: list[int]) -> list[dict[str, np.ndarray]]:
    """``speed``'s columns cut at ``ends``: one dict per part."""
    return [dict(zip(speed, values, strict=True)) for values in zip(*(_cut(v, ends) for v in speed.values()),
                                                                     strict=True)]
