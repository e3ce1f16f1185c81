"""The fitted defaults' machinery for leave-one-source-out (``loso.py``): :class:`Fit` (a default solved from
named rows by a rule), :class:`Defaults` in force while rows are built, and evaluating rows with other defaults —
refitting a fit from a set of rows, and leaving one fitting row out. Split from ``loso.py`` (2026-12-06), which
lists the fits (``loso.FITS``) and leaves each source out. A part of the benchmark, not a tool of its own."""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from accuracy_base import Row, assumptions_in_force, profiles_in_force
from pydantic import ValidationError

from configurator.core.engines import PROFILES, Engine, EngineProfile
from configurator.core.formulas.efficiency import ASSUMPTION_DEFAULTS
from configurator.core.scenario import Assumptions


@dataclass(frozen=True)
class Defaults:
    """Defaults in force in place of the shipped ones while rows are built: engine profiles
    (``accuracy_base.profiles_in_force``) and ``Assumptions`` fields (``assumptions_in_force``)."""

    profiles: Mapping[Engine, EngineProfile] = field(default_factory=dict)
    assumptions: Mapping[str, float] = field(default_factory=dict)

    def __or__(self, other: Defaults) -> Defaults:
        """These defaults with ``other``'s over them."""
        return Defaults({**self.profiles, **other.profiles}, {**self.assumptions, **other.assumptions})


SHIPPED = Defaults()
"""The shipped defaults."""


@dataclass(frozen=True)
class Fit:
    """A default solved from named calibration rows by a stated rule: engine-profile fields or
    ``Assumptions`` fields (the defaults of ``configurator/core/formulas/efficiency.py``), found
    so that the rows' predictions meet their measurements (least squares on the log error, exact
    when there are as many rows as fields), or by a rule on the rows' measurements alone
    (``measured``)."""

    name: str
    engine: Engine | None
    """The engine whose profile fields are solved; None: the fields are ``Assumptions`` fields."""
    kind: str
    """The kind of the fitting rows (a row's key and kind name it)."""
    solved: tuple[str, ...]
    """The profile fields the rule solves for."""
    rows: tuple[str, ...]
    """The fitting rows, by key (``source:row_id``)."""
    rule: str
    """The rule, in words, and where the code states it."""
    tied: Callable[[Mapping[str, float]], dict[str, float]] = field(default=lambda values: {})
    """Fields set from the solved ones by a sourced relation (not fitted themselves)."""
    held: str = ""
    """Fields of the profile the rule leaves at their shipped value, and why."""
    measured: Callable[[Sequence[Row]], dict[str, float]] | None = None
    """The rule, when it solves the fields from the fitting rows' measurements alone (not from
    their predictions): the rows in, the fields' values out."""
    other_kinds: Mapping[str, str] = field(default_factory=dict)
    """Fitting rows of a kind other than :attr:`kind`, by key (a published reserve row beside the
    H200 rig's memory rows)."""
    grid: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """Integer fields solved by trying each listed value, the :attr:`solved` ones solved by the rule at
    each: the value whose solution has the least squared log error over the rows wins."""
    ceilings: Mapping[str, float] = field(default_factory=dict)
    """Physical upper bounds on solved fields: a solution over one is no solution (issue 27, part 6)."""
    tied_to_profile: Callable[[Mapping[str, float], EngineProfile], dict[str, float]] | None = None
    """Fields set from the solved ones and the engine's profile in force before them (a relation another fit
    sets: the graphs per-layer time less than the eager one by the fitted CUDA-graphs saving)."""
    measured_on_profile: bool = False
    """:attr:`measured` takes the engine's profile in force too (``measured(rows, profile)``)."""
    depends_on: tuple[str, ...] = ()
    """Fits (by name) this one is solved over: refitted without a source's rows whenever one of them is."""
    left_out: Callable[[Sequence[Row]], dict[str, float | None]] | None = None
    """The rule's own cross-validation from its rows (by key: error [%] or None), in place of
    :func:`leave_one_row_out` where rows come in pairs."""
    stand_in: tuple[str, ...] = ()
    """Rows of a held-out set (by key) that join the other sources' fitting rows when those alone cannot solve the
    fit with a source left out, so that source's rows get an out-of-source figure; never read by the shipped fit."""

    def kind_of(self, key: str) -> str:
        """The kind of the fitting row ``key``."""
        return self.other_kinds.get(key, self.kind)

    def shipped(self) -> dict[str, float]:
        """The solved fields' values as shipped (profile, or ``formulas/efficiency.py``)."""
        if self.engine is None:
            return {name: float(ASSUMPTION_DEFAULTS[name]) for name in self.solved}
        profile = PROFILES[self.engine]
        return {name: float(getattr(profile, name)) for name in (*self.solved, *self.grid)}

    def profile(self, values: Mapping[str, float], base: Defaults | None = None) -> EngineProfile:
        """The engine's profile in ``base`` (the shipped one when it holds none) with ``values`` and the
        fields tied to them (validated)."""
        in_base = base.profiles.get(self.engine) if base is not None else None
        data = (in_base or PROFILES[self.engine]).model_dump()
        data.update(values)
        data.update(self.tied(values))
        if self.tied_to_profile is not None:
            data.update(self.tied_to_profile(values, in_base or PROFILES[self.engine]))
        return EngineProfile.model_validate(data)

    def in_force(self, values: Mapping[str, float], base: Defaults | None = None) -> Defaults:
        """The defaults that put ``values`` in force over ``base``'s profile of the engine, so that
        fields other fits of the engine set there stay (validated: ``ValidationError`` outside the
        fields' ranges)."""
        if self.engine is not None:
            return Defaults(profiles={self.engine: self.profile(values, base)})
        Assumptions.model_validate({**values, **self.tied(values)})
        return Defaults(assumptions={**values, **self.tied(values)})


# ---- evaluating rows with other defaults -----------------------------------------------------

RowSource = Callable[..., list[Row]]
"""Rows for keys: ``source(keys, kinds=kinds)`` evaluates the rows named (of ``kinds`` only, a
set of kind names), with the defaults in force when called."""


Ident = tuple[str, str]
"""A row's key and kind: the key alone names both rows of a measurement that gives two (time
and memory)."""


def ident(row: Row) -> Ident:
    return row.key, row.kind


def publication_of_key(key: str, rows: Sequence[Row]) -> str:
    """The publication of the row ``key`` among ``rows``."""
    for r in rows:
        if r.key == key:
            return r.publication
    raise KeyError(key)


def _predictions(wanted: Sequence[Ident], source: RowSource, defaults: Defaults = SHIPPED) -> list[Row]:
    """The rows ``wanted`` built with ``defaults`` in force (each must exist: a fit's rows)."""
    found = _predictions_if_any(wanted, source, defaults)
    missing = [w for w, row in zip(wanted, found, strict=True) if row is None]
    if missing:
        raise KeyError(missing[0])
    return found


def _predictions_if_any(wanted: Sequence[Ident], source: RowSource, defaults: Defaults = SHIPPED) -> list[Row | None]:
    """The rows ``wanted`` built with ``defaults`` in force, None for a row those defaults do not build (an
    MLPerf server run's latencies are built under every default: where the predicted capacity cannot carry the
    run's rate, as capacity misses, ``accuracy_base.CAPACITY_MISS``)."""
    with profiles_in_force(defaults.profiles), assumptions_in_force(defaults.assumptions):
        found = {ident(r): r for r in source({key for key, _ in wanted}, kinds={kind for _, kind in wanted})}
    return [found.get(w) for w in wanted]


def _refit_on_grid(fit: Fit, keys: Sequence[str], source: RowSource, others: Defaults) -> dict[str, float] | None:
    """:func:`refit` of a fit with :attr:`Fit.grid` fields: the solved fields at each grid value, the
    combination with the least squared log error whose solution stays under :attr:`Fit.ceilings`."""
    best: tuple[float, dict[str, float]] | None = None
    for combo in itertools.product(*fit.grid.values()):
        fixed = dict(zip(fit.grid, combo, strict=True))
        at = dataclasses.replace(fit, grid={}, tied=lambda values, fixed=fixed: {**fit.tied(values), **fixed})
        solved = refit(at, keys, source, others)
        if solved is None or any(solved[name] > ceiling for name, ceiling in fit.ceilings.items()):
            continue
        rows = _predictions([(k, fit.kind_of(k)) for k in keys], source, others | at.in_force(solved, others))
        error = sum(math.log(r.predicted / r.measured) ** 2 for r in rows)
        if best is None or error < best[0]:
            best = (error, {**solved, **{name: float(value) for name, value in fixed.items()}})
    return None if best is None else best[1]


def refit(fit: Fit, keys: Sequence[str], source: RowSource, others: Defaults = SHIPPED) -> dict[str, float] | None:
    """The fit's fields solved from the rows ``keys`` by its rule (its ``measured`` rule, else
    Gauss–Newton on the log errors from the shipped values), with ``others`` in force; None with
    fewer rows than fields or no solution inside the fields' ranges and under :attr:`Fit.ceilings`."""
    if len(keys) < len(fit.solved) + len(fit.grid):
        return None
    if fit.grid:
        return _refit_on_grid(fit, keys, source, others)
    if fit.measured is not None:
        rows = _predictions([(k, fit.kind_of(k)) for k in keys], source, others)
        if fit.measured_on_profile:
            return fit.measured(rows, others.profiles.get(fit.engine) or PROFILES[fit.engine])
        return fit.measured(rows)
    solved = _least_squares(fit, keys, source, others)
    if solved is None or any(solved[name] > ceiling for name, ceiling in fit.ceilings.items()):
        return None
    return solved


def _least_squares(fit: Fit, keys: Sequence[str], source: RowSource, others: Defaults) -> dict[str, float] | None:
    """The fit's fields by Gauss–Newton on the rows' log errors from the shipped values (None: no solution inside
    the fields' ranges)."""
    names = fit.solved
    x = np.array([fit.shipped()[n] for n in names])

    def residuals(values: np.ndarray) -> np.ndarray | None:
        try:
            mine = fit.in_force(dict(zip(names, values.tolist(), strict=True)), others)
        except ValidationError:
            return None
        rows = _predictions([(k, fit.kind_of(k)) for k in keys], source, others | mine)
        return np.array([math.log(r.predicted / r.measured) for r in rows])

    r = residuals(x)
    if r is None:
        return None
    for _ in range(40):
        jacobian = np.empty((len(keys), len(names)))
        for j in range(len(names)):
            moved = x.copy()
            moved[j] *= 1.0 + 1e-4
            rj = residuals(moved)
            if rj is None:
                return None
            jacobian[:, j] = (rj - r) / (x[j] * 1e-4)
        step = np.linalg.lstsq(jacobian, r, rcond=None)[0]
        for _ in range(20):  # halve the step until the error falls and the values stay valid
            trial = x - step
            rt = residuals(trial) if np.all(trial > 0) else None
            if rt is not None and float(rt @ rt) <= float(r @ r):
                break
            step = step / 2
        else:
            break
        x, r = trial, rt
        if np.max(np.abs(step / x)) < 1e-7:
            break
    return dict(zip(names, x.tolist(), strict=True))


def leave_one_row_out(fit: Fit, source: RowSource) -> dict[str, float | None]:
    """Each fitting row's error [%] with the fit solved from the other fitting rows (None where
    they are too few): the cross-validated error of a fit whose rows share one source, which
    leaving the source out cannot give."""
    errors: dict[str, float | None] = {}
    for key in fit.rows:
        values = refit(fit, [k for k in fit.rows if k != key], source)
        if values is None:
            errors[key] = None
            continue
        row = _predictions([(key, fit.kind_of(key))], source, fit.in_force(values))[0]
        errors[key] = row.error_pct
    return errors


def main() -> int:
    import argparse

    argparse.ArgumentParser(description=__doc__.splitlines()[0],
                            epilog="Run .venv/bin/python benchmarks/loso.py for the benchmark.").parse_args()
    print("part of benchmarks/loso.py: run .venv/bin/python benchmarks/loso.py")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
