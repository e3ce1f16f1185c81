"""The training layout search's answer (:mod:`~configurator.core.workloads.training.search`): each
layout it evaluated (:class:`Layout`: its fields, memory and step), one card and count's plan
(:class:`TrainingPlan`: the fastest that fit, or why none does), the lightest layout kept untimed
when none fits (:class:`LightestRow`), the fastest rows of a grid said as layouts, and the plan as
JSON."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

import numpy as np

from configurator.core.catalog import Card
from configurator.core.layout_json import searched_layout_to_dict
from configurator.core.scenario import Recompute, Scenario
from configurator.core.workloads.training.layout_speed import RECOMPUTE, layout_speed
from configurator.core.workloads.training.stage_tables import StageTable


@dataclass(frozen=True)
class Layout:
    """One evaluated layout with its predicted step and memory."""

    tp: int
    pp: int
    vp: int
    cp: int
    ep: int
    zero: int
    recompute: Recompute
    micro_batch: int
    grad_accum: int
    dp: int
    fits: bool
    memory_bytes: float
    step_s: float
    tokens_per_s: float
    mfu: float
    bubble_s: float
    exposed_comm_s: float
    recompute_s: float
    loses_by: str | None = None
    """Why it is slower than the winner (``bubble``, ``communication``, ``recomputation``,
    ``compute``, or ``tie`` when as fast but more complex), None for the winner."""

    def as_changes(self, global_batch_tokens: int | None) -> dict:
        """The layout as nested changes of a scenario (``global_batch_tokens`` None when the
        accumulation is pinned and the batch follows from it)."""
        return {"parallelism": {"tp": self.tp, "pp": self.pp, "virtual_stages": self.vp, "cp": self.cp, "ep": self.ep,
                                "zero": self.zero},
                "training": {"recompute": self.recompute.value, "micro_batch": self.micro_batch,
                             "grad_accum": self.grad_accum, "global_batch_tokens": global_batch_tokens}}


@dataclass(frozen=True)
class TrainingPlan:
    """The search's answer for one card and count."""

    layouts: tuple[Layout, ...]
    """Fitting layouts, fastest first (at most ``top``); empty when none fits."""
    global_batch_tokens: int
    candidates: int
    fitting: int
    problem: str | None = None
    """Why nothing could be planned: ``batch-does-not-divide``, ``no-layout-fits`` or ``no-rate``."""
    problem_values: dict = field(default_factory=dict)
    lightest_row: LightestRow | None = field(default=None, repr=False, compare=False)
    """When no layout fits: the grid row of :attr:`lightest`, timed when that is first read."""

    @cached_property
    def lightest(self) -> Layout | None:
        """When no layout fits: the one that needs the least memory per card (``fits`` False, timed),
        the closest to fitting; the estimate reports its shortfall rather than a plainer layout's.
        Timed when first read (:class:`LightestRow`): a catalog pass reads only its fields, through
        the estimate of the count (issue 28)."""
        return None if self.lightest_row is None else self.lightest_row.timed()

    @property
    def best(self) -> Layout | None:
        return self.layouts[0] if self.layouts else None

    def __eq__(self, other: object) -> bool:
        """Equal fields, the lightest layout's timing among them."""
        if not isinstance(other, TrainingPlan):
            return NotImplemented
        return (self.layouts, self.global_batch_tokens, self.candidates, self.fitting, self.problem,
                self.problem_values, self.lightest) == (other.layouts, other.global_batch_tokens, other.candidates,
                                                        other.fitting, other.problem, other.problem_values,
                                                        other.lightest)


@dataclass(frozen=True, eq=False)
class LightestRow:
    """The layout of a grid that needs the least memory, kept untimed (:attr:`TrainingPlan.lightest`):
    its one row of the grid (``grid``, ``at``: its place in ``table``) with what timing it reads."""

    scenario: Scenario
    card: Card
    grid: dict[str, np.ndarray]
    table: StageTable
    at: tuple[np.ndarray, np.ndarray]
    memory_bytes: float

    @cached_property
    def untimed(self) -> Layout:
        """The layout with its memory, not timed (its times NaN): what a scenario at it reads."""
        one, nan = self.grid, float("nan")
        return Layout(tp=int(one["tp"][0]), pp=int(one["pp"][0]), vp=int(one["vp"][0]), cp=int(one["cp"][0]),
                      ep=int(one["ep"][0]), zero=int(one["zero"][0]), recompute=RECOMPUTE[int(one["rc"][0])],
                      micro_batch=int(one["mb"][0]), grad_accum=int(one["accum"][0]), dp=int(one["dp"][0]),
                      fits=False, memory_bytes=self.memory_bytes, step_s=nan, tokens_per_s=nan, mfu=nan,
                      bubble_s=nan, exposed_comm_s=nan, recompute_s=nan)

    def timed(self) -> Layout:
        """The layout, timed (:func:`layout_speed` of its row alone: every array one element, the
        same operations on the same values as on the row within its whole grid), marked as not fitting."""
        speed = {k: float(v[0]) for k, v in layout_speed(self.scenario, self.card, self.grid, self.table, self.at,
                                                          np.array([0])).items()}
        return replace(self.untimed, step_s=speed["step_s"], tokens_per_s=speed["tokens_per_s"], mfu=speed["mfu"],
                       bubble_s=speed["bubble_s"], exposed_comm_s=speed["comm_s"], recompute_s=speed["recompute_s"])


def _loses_by(best: dict, other: dict) -> str:
    """The part of the step that makes ``other`` slower than ``best``."""
    gaps = {"bubble": other["bubble_s"] - best["bubble_s"],
            "communication": other["comm_s"] - best["comm_s"],
            "recomputation": other["recompute_s"] - best["recompute_s"]}
    if other["step_s"] <= best["step_s"] * 1.001:
        return "tie"
    reason, gap = max(gaps.items(), key=lambda kv: kv[1])
    return reason if gap > 0.25 * (other["step_s"] - best["step_s"]) else "compute"


def fastest_layouts(g: dict[str, np.ndarray], memory: np.ndarray, ranked: np.ndarray, speed: dict[str, np.ndarray],
                    top: int) -> tuple[Layout, ...]:
    """The ``top`` fastest of the grid rows ``ranked`` (``speed``: theirs, in their order)."""
    chosen = np.array(_fastest_rows(g, ranked, -speed["tokens_per_s"], top), dtype=np.int64)
    rows = ranked.take(chosen)  # the chosen rows' fields and speeds read as Python numbers at once
    f = {k: g[k].take(rows).tolist() for k in ("tp", "pp", "vp", "cp", "ep", "zero", "rc", "mb", "accum", "dp")}
    s = {k: v.take(chosen).tolist() for k, v in speed.items()}
    held = memory.take(rows).tolist()
    best = {k: v[0] for k, v in s.items()}
    layouts = []
    for n in range(len(chosen)):
        other = {k: v[n] for k, v in s.items()}
        layouts.append(Layout(
            tp=f["tp"][n], pp=f["pp"][n], vp=f["vp"][n], cp=f["cp"][n], ep=f["ep"][n], zero=f["zero"][n],
            recompute=RECOMPUTE[f["rc"][n]], micro_batch=f["mb"][n], grad_accum=f["accum"][n], dp=f["dp"][n],
            fits=True, memory_bytes=held[n], step_s=other["step_s"], tokens_per_s=other["tokens_per_s"],
            mfu=other["mfu"], bubble_s=other["bubble_s"], exposed_comm_s=other["comm_s"],
            recompute_s=other["recompute_s"], loses_by=None if n == 0 else _loses_by(best, other)))
    return tuple(layouts)


def _fastest_rows(g: dict, ranked: np.ndarray, slowness: np.ndarray, top: int) -> list[int]:
    """The first ``top`` of the grid rows ``ranked`` (their places in it) in the order of
    ``np.lexsort((ep, cp, pp, tp, rc, zero, slowness))`` (the least ``slowness``, one per row of
    ``ranked``, first, ties to fewer ZeRO stages, less recomputation, narrower layouts, then the
    grid's order): sorted among the rows no slower than the ``top``-th alone, which give the same
    first rows as sorting them all."""
    keys = lambda rows: (*(g[k].take(ranked[rows]) for k in ("ep", "cp", "pp", "tp", "rc", "zero")),  # noqa: E731
                         slowness[rows])
    n = min(top, len(slowness))
    if n < len(slowness):
        bound = np.partition(slowness, n - 1)[n - 1]
        rows = np.flatnonzero(slowness <= bound)  # ascending: the grid's order kept for full ties
        if len(rows) >= n:  # else a NaN among the fastest: sorted whole below
            return rows[np.lexsort(keys(rows))[:top]].tolist()
    return np.lexsort(keys(slice(None)))[:top].tolist()


def lightest_row(scenario: Scenario, card: Card, g: dict, table: StageTable, at, memory: np.ndarray,
                 row: int) -> LightestRow:
    """The layout of grid row ``row`` (the one needing the least memory), to be timed when read,
    marked as not fitting (its row alone kept: the grid's other rows are not read)."""
    return LightestRow(scenario, card, {k: v[row:row + 1] for k, v in g.items()}, table,
                       (at[0][row:row + 1], at[1][row:row + 1]), float(memory[row]))


def plan_to_dict(plan: TrainingPlan, chosen_json: dict, chosen_fits: bool) -> dict:
    """The search and the exact estimate of the layout chosen (``chosen_json``: that estimate's
    JSON, :func:`configurator.core.estimate_json.estimate_to_dict`)."""
    return {"global_batch_tokens": plan.global_batch_tokens, "candidates": plan.candidates, "fitting": plan.fitting,
            "problem": plan.problem, "layouts": [searched_layout_to_dict(x) for x in plan.layouts],
            "lightest": None if plan.lightest is None else searched_layout_to_dict(plan.lightest),
            "chosen": chosen_json, "chosen_fits": chosen_fits}
