"""Leave-one-source-out: each publication's rows predicted with the defaults set without them.

Most defaults are not fitted to the calibration rows: they are measured ceilings, published
figures or stated assumptions (``configurator/core/formulas/efficiency.py``), the same whichever
rows are held out; for their rows the leave-one-source-out error *is* the in-sample error, and
the report says "not fitted". The defaults that are fitted — solved from named rows by a rule —
are listed in :data:`FITS`. For a publication whose rows set one of them, the constant is solved
again by the same rule from the fitting rows of the *other* publications and passed in through
the public ``Serving.engine_profile`` (``accuracy_base.profiles_in_force``); where no other
publication has fitting rows, the rows that depend on the constant have no out-of-source
prediction ("n/a"), and are counted as such rather than given one from a guess.

Defaults chosen by judgement with a source's rows in view, without a rule that could be re-run
(:data:`INFORMED`), cannot be refitted: their rows keep the in-sample error, and the report
names them, so the reader knows those rows are not out of sample.

Usage: ``.venv/bin/python benchmarks/loso.py`` prints the fits, the shipped values, the values
their rule gives today, and the informed defaults; ``benchmarks/accuracy.py`` prints the errors.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from accuracy_base import H200_RIG, Row, profiles_in_force
from pydantic import ValidationError

from configurator.core.engines import PROFILES, Engine, EngineProfile

# ---- the fitted defaults ----------------------------------------------------------------------


@dataclass(frozen=True)
class Fit:
    """A default solved from named calibration rows by a stated rule: engine-profile fields,
    found so that the rows' predictions meet their measurements (least squares on the log error,
    exact when there are as many rows as fields)."""

    name: str
    engine: Engine
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

    def shipped(self) -> dict[str, float]:
        """The solved fields' values in the shipped profile."""
        profile = PROFILES[self.engine]
        return {name: float(getattr(profile, name)) for name in self.solved}

    def profile(self, values: Mapping[str, float]) -> EngineProfile:
        """The shipped profile with ``values`` and the fields tied to them (validated)."""
        data = PROFILES[self.engine].model_dump()
        data.update(values)
        data.update(self.tied(values))
        return EngineProfile.model_validate(data)


LLAMA_CPP_GRAPHS_SAVING_S = 4.0e-5
"""Per-layer time CUDA graphs save in llama.cpp, the relation ``configurator/core/engines.py``
ties the graphs figure to the eager one with (NVIDIA blog on CUDA graphs in llama.cpp) [s]."""

LLAMA_CPP_TG512_TAGS = ("4080", "3090", "4090", "a6000", "6000ada", "a40", "l40s", "a100pcie", "a100sxm", "h100p")
"""The cards whose 8B tg512 rows (Q4_K_M and F16) set llama.cpp's decode profile: every single-card row of
XiongjieDai's LLaMA 3 tables on a card in the catalog (benchmarks/accuracy.py, LLAMA_CPP_TG512_CARDS)."""

LLAMA_CPP_PP512_CARDS = ("a6000", "6000ada", "l40s", "a100pcie", "a100sxm", "h100p")
"""The pp512 rows the prompt-processing share is solved from: every single-card row of the table on a card
whose catalog FP16 rate is the rate llama.cpp's prompt GEMMs run at (not GeForce: see the held note)."""

LLAMA_CPP_PP512_HELD = (
    "the profile's other fields stay as shipped. The table's GeForce rows (RTX 3090 4,030, 4080 5,390, "
    "4090 7,139 tokens/s) are held out (benchmarks/data/held-out.json, within_source): llama.cpp's May 2024 "
    "cuBLAS prompt GEMMs accumulate in FP16 (CUBLAS_COMPUTE_16F; engines.LLAMA_CPP_BUILDS), which GeForce "
    "cards run at twice the FP32-accumulate rate (catalog fp16_acc16_tflops); predicted with it they are "
    "+33/+107/+66 % slow (at the FP32-accumulate rate +157/+298/+216 %). Fitted with the six they would "
    "move the share to 0.68 and the leave-one-row-out error from 24 % median (44 % worst) to 25 % (85 % "
    "worst, the RTX 4080), so they are not fitting rows")
"""What the prompt-processing fit leaves out, and why."""


FITS = (
    Fit("transformers decode profile", Engine.TRANSFORMERS, "decode", ("weight_stream_share", "kv_read_share"),
        ("h200:decode llama3-8b b1 ctx2048", "h200:decode llama3-8b b32 ctx2048"),
        "the H200 Llama 3 8B decode rows at batch 1 and 32 separate the weight and KV terms: two rows, "
        "two shares, solved exactly (configurator/core/engines.py, TRANSFORMERS)",
        held="the per-layer term (a kernel count × the graph gap, first principles) and kv_half_context (850: "
             "rows at one context cannot separate it from kv_read_share) stay as shipped"),
    Fit("llama.cpp profile", Engine.LLAMA_CPP, "decode",
        ("weight_stream_share", "hbm_decode_factor", "layer_overhead_eager_s"),
        tuple(f"published:it-llamacpp-l3-8b-{tag}-{fmt}-tg512"
              for tag in LLAMA_CPP_TG512_TAGS for fmt in ("q4km", "f16")),
        "llama-bench tg512 of Llama 3 8B in Q4_K_M and F16 on ten cards (seven GDDR6/6X, three "
        "HBM2e) of one table (XiongjieDai, May 2024, with CUDA graphs): the two formats on each card separate the "
        "byte term from the per-layer term, the cards the GDDR share from the HBM factor; three constants, least "
        "squares on the log error (configurator/core/engines.py, LLAMA_CPP)",
        tied=lambda v: {"kv_read_share": v["weight_stream_share"],
                        "layer_overhead_graphs_s": v["layer_overhead_eager_s"] - LLAMA_CPP_GRAPHS_SAVING_S},
        held="kv_read_share is set equal to the weight share and the graphs figure to the eager one less 40 µs, "
             "as shipped; prefill_share is the next fit's. The table's 70B Q4_K_M rows (seven cards) are held out "
             "(benchmarks/data/held-out.json, within_source) to test the byte/per-layer split at 80 layers; the "
             "LLaMA 2 rows of December 2023 (eager, an older build) are predicted, not fitted"),
    Fit("llama.cpp prompt processing", Engine.LLAMA_CPP, "prefill", ("prefill_share",),
        tuple(f"published:ip-llamacpp-l3-8b-{card}-pp512" for card in LLAMA_CPP_PP512_CARDS),
        "llama-bench pp512 of Llama 3 8B Q4_K_M on the single-GPU rows of one table (XiongjieDai, May 2024): one "
        "share, least squares on the log error (configurator/core/engines.py, LLAMA_CPP)",
        held=LLAMA_CPP_PP512_HELD),
)
"""Every default solved from calibration rows by a rule (searched: engines.py, formulas/efficiency.py,
memory.py, serving_speed.py, benchmarks/data/README.md, shared/reference/README.md)."""


@dataclass(frozen=True)
class Informed:
    """A default chosen by judgement with a publication's rows in view, by no rule a
    benchmark could re-run: it cannot be refitted without those rows."""

    default: str
    publication: str
    how: str


INFORMED = (
    Informed("allocator_overhead = 0.06", H200_RIG,
             "'informed by' reserved/peak of the H200 training rows without recomputation (median 4.2 %, "
             "range 1.4–11.6 %; formulas/efficiency.py)"),
    Informed("allocator_overhead_recompute = 0.20", H200_RIG,
             "'informed by' the two H200 rows with recomputation (24.1 %, 25.8 %)"),
    Informed("layer_overhead_s = 1.3e-4 s", H200_RIG,
             "introduced with the H200 rows (eager PyTorch); the prefill rows 'argue against' changing it"),
    Informed("eager loss: 3 fp32 vocabulary-wide tensors", H200_RIG,
             "the full-recomputation H200 rows 'match 12 B per vocabulary entry' (memory.py, FP32_LOSS_COPIES)"),
    Informed("transformers kv_half_context = 850 tokens", H200_RIG,
             "not separable at the one context (2,048) of the rows; no derivation given"),
    Informed("matmul_efficiency = 0.70 of the GEMM rate by shape", "every training source",
             "the former 0.55 of peak restated over the H200's measured large-GEMM rate (0.55 / 0.786); the "
             "training rows were scanned at 0.60–0.80 beside it (formulas/efficiency.py) and it was kept"),
    Informed("prefill_efficiency = 0.85 of the GEMM rate by shape", "every serving source",
             "chosen between 0.75 and 1.0 with the prefill, serving-throughput, MLPerf and latency rows in view "
             "(formulas/efficiency.py lists the scan); no rule"),
    Informed("TensorRT-LLM profile (weight 0.92, KV 0.90, 20/50 µs per layer)", "tensorrt-llm-performance",
             "'TensorRT-LLM = performance.md tables' (commit 4804a17); no rule stated; the same tables are the "
             "TTFT and static-batch rows"),
)
"""Defaults whose rows are in sample whatever is held out (the report names them)."""


# ---- evaluating rows with other defaults -----------------------------------------------------

RowSource = Callable[[Iterable[str]], list[Row]]
"""Rows for keys: evaluates the rows named, with the profiles in force when called."""


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


def _predictions(wanted: Sequence[Ident], source: RowSource, profiles: Mapping[Engine, EngineProfile]) -> list[Row]:
    with profiles_in_force(profiles):
        found = {ident(r): r for r in source({key for key, _ in wanted})}
    return [found[w] for w in wanted]


def refit(fit: Fit, keys: Sequence[str], source: RowSource,
          profiles: Mapping[Engine, EngineProfile] | None = None) -> dict[str, float] | None:
    """The fit's fields solved from the rows ``keys`` by its rule (Gauss–Newton on the log
    errors, from the shipped values); None with fewer rows than fields or no solution inside
    the fields' ranges."""
    if len(keys) < len(fit.solved):
        return None
    others = dict(profiles or {})
    names = fit.solved
    x = np.array([fit.shipped()[n] for n in names])

    def residuals(values: np.ndarray) -> np.ndarray | None:
        try:
            profile = fit.profile(dict(zip(names, values.tolist(), strict=True)))
        except ValidationError:
            return None
        rows = _predictions([(k, fit.kind) for k in keys], source, {**others, fit.engine: profile})
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
        row = _predictions([(key, fit.kind)], source, {fit.engine: fit.profile(values)})[0]
        errors[key] = row.error_pct
    return errors


# ---- leave one source out ------------------------------------------------------------------


@dataclass(frozen=True)
class Held:
    """One row predicted without its publication's rows."""

    row: Row
    predicted: float | None
    """The prediction with the defaults set without the row's publication (None: n/a)."""
    status: str
    """'not fitted', 'refitted: <fits>', or 'n/a: <fit> is set only from this source'."""

    @property
    def error_pct(self) -> float | None:
        return None if self.predicted is None else 100.0 * (self.predicted - self.row.measured) / self.row.measured


NOT_FITTED = "not fitted"


def leave_one_source_out(rows: Sequence[Row], source: RowSource, fits: Sequence[Fit] = FITS) -> dict[Ident, Held]:
    """Every row of ``rows`` predicted with the defaults set without its publication's rows.

    ``source(keys)`` evaluates rows by key with the profiles then in force. A publication no fit
    uses keeps its in-sample predictions; for one that holds fitting rows, each fit is solved from
    the other publications' fitting rows (:func:`refit`), and where none are left the rows whose
    prediction moves with the fit are n/a."""
    by_key = {r.key: r for r in rows}
    held: dict[Ident, Held] = {}
    for publication in sorted({r.publication for r in rows}):
        members = [r for r in rows if r.publication == publication]
        touching = [f for f in fits if any(by_key[k].publication == publication for k in f.rows if k in by_key)]
        if not touching:
            held.update({ident(r): Held(r, r.predicted, NOT_FITTED) for r in members})
            continue
        profiles: dict[Engine, EngineProfile] = {}
        missing: list[Fit] = []
        for fit in touching:
            others = [k for k in fit.rows if k in by_key and by_key[k].publication != publication]
            values = refit(fit, others, source)
            if values is None:
                missing.append(fit)
            else:
                profiles[fit.engine] = fit.profile(values)
        wanted = [ident(r) for r in members]
        again = _predictions(wanted, source, profiles)
        lost: dict[Ident, str] = {}
        for fit in missing:  # the rows that move with the fit have no out-of-source value
            moved = {name: value * 0.9 for name, value in fit.shipped().items()}  # inside every upper bound
            shifted = _predictions(wanted, source, {**profiles, fit.engine: fit.profile(moved)})
            for before, after in zip(again, shifted, strict=True):
                if not math.isclose(before.predicted, after.predicted, rel_tol=1e-9):
                    lost.setdefault(ident(before), f"n/a: the {fit.name} is set only from this source")
        refitted = "refitted: " + ", ".join(f.name for f in touching if f not in missing)
        for r, again_row in zip(members, again, strict=True):
            if ident(r) in lost:
                held[ident(r)] = Held(r, None, lost[ident(r)])
            else:
                held[ident(r)] = Held(r, again_row.predicted, refitted if profiles else NOT_FITTED)
    return held


@dataclass(frozen=True)
class KindSummary:
    """In-sample and leave-one-source-out medians of one kind [%]."""

    rows: int
    in_sample: float
    out_of_source: float | None
    """Median |error| over the rows with an out-of-source prediction (None: none has one)."""
    with_value: int
    """Rows with an out-of-source prediction."""
    fitted: bool
    """Whether any of the kind's rows is predicted with a refitted or missing default."""


def kind_summary(held: Iterable[Held], kind: str) -> KindSummary | None:
    members = [h for h in held if h.row.kind == kind]
    if not members:
        return None
    valued = [abs(h.error_pct) for h in members if h.error_pct is not None]
    return KindSummary(len(members), statistics.median(abs(h.row.error_pct) for h in members),
                       statistics.median(valued) if valued else None, len(valued),
                       any(h.status != NOT_FITTED for h in members))


def describe(summary: KindSummary | None, unit: str = "") -> str:
    """The leave-one-source-out figure as the reports print it (``unit`` after the number)."""
    if summary is None:
        return ""
    if not summary.fitted:
        return f"{summary.out_of_source:.1f}{unit} (not fitted)"
    if summary.out_of_source is None:
        return f"n/a (0/{summary.rows}: fitted on own source)"
    if summary.with_value < summary.rows:
        return f"{summary.out_of_source:.1f}{unit} ({summary.with_value}/{summary.rows} rows)"
    return f"{summary.out_of_source:.1f}{unit}"


# ---- report --------------------------------------------------------------------------------


def print_fits(source: RowSource, rows: Sequence[Row]) -> None:
    """The fitted defaults with their rows and values (shipped, and what their rule gives
    today), and the defaults informed by rows without a rule."""
    print("\nFitted defaults (solved from calibration rows by a rule; refitted without the held-out source):")
    for fit in FITS:
        publications = sorted({publication_of_key(k, rows) for k in fit.rows})
        today = refit(fit, fit.rows, source)
        shipped = ", ".join(f"{k} {v:.4g}" for k, v in fit.shipped().items())
        solved = ", ".join(f"{k} {v:.4g}" for k, v in today.items()) if today else "no solution"
        print(f"  {fit.name}: {len(fit.rows)} rows of {', '.join(publications)}")
        print(f"    rule: {fit.rule}")
        print(f"    shipped: {shipped}; the rule on today's formulas: {solved}")
        crossed = [abs(e) for e in leave_one_row_out(fit, source).values() if e is not None]
        if crossed:
            print(f"    leave one row out: median |error| {statistics.median(crossed):.1f} %, "
                  f"worst {max(crossed):.1f} % over {len(crossed)} rows")
        print(f"    held: {fit.held}")
    print("\nDefaults informed by calibration rows without a rule (their rows stay in sample):")
    for item in INFORMED:
        print(f"  {item.default} [{item.publication}]: {item.how}")


def main() -> int:
    import argparse

    import accuracy

    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    rows = accuracy.all_rows()
    print_fits(accuracy.rows_for_keys, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

