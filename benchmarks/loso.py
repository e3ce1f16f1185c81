"""Leave-one-source-out: each publication's rows predicted with the defaults set without them.

Most defaults are not fitted to the calibration rows: they are measured ceilings, published
figures or stated assumptions (``configurator/core/formulas/efficiency.py``), the same whichever
rows are held out; for their rows the leave-one-source-out error *is* the in-sample error, and
the report says "not fitted". The defaults that are fitted — solved from named rows by a rule —
are listed in :data:`FITS`: engine-profile fields and module defaults of ``formulas/efficiency.py``
(``Assumptions`` fields). For a publication whose rows set one of them, the constant is solved
again by the same rule from the fitting rows of the *other* publications and put in force while
the held-out rows are built: a profile through the public ``Serving.engine_profile``
(``accuracy_base.profiles_in_force``), a module default as the rows' scenarios'
``Assumptions`` field (``accuracy_base.assumptions_in_force``), both as a user would set them;
where no other publication has fitting rows, or theirs solve it only above a physical ceiling
(:attr:`Fit.ceilings`: a weight share over the card's peak bandwidth), the rows that depend on the constant
have no out-of-source prediction ("n/a"), and are counted as such rather than given one from a guess.
A fit whose other sources' rows cannot solve it may name a held-out set that joins them when a source is left
out (:attr:`Fit.stand_in`: the transformers decode profile, with the H200 grid left out, solved from the first
campaign's two rows and the H100 rig's sixteen, a second card); the shipped fit never reads it.
A publication that holds no fitting row keeps its in-sample prediction, which is out of source
for every fitted default it depends on ("fitted without this source").

Defaults chosen by judgement with a source's rows in view, without a rule that could be re-run
(:data:`INFORMED`, listed in ``defaults_registry.py``), cannot be refitted: their rows keep the in-sample error, and the report
names them, so the reader knows those rows are not out of sample.

Usage: ``.venv/bin/python benchmarks/loso.py`` prints the fits, the shipped values, the values
their rule gives today, and the informed defaults; ``benchmarks/accuracy.py`` prints the errors.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from accuracy_base import Row
from accuracy_reserve import RESERVE_KIND
from loso_rows import (  # noqa: F401 (the fits' rows and rules, used by FITS below and by callers)
    LLAMA_CPP_GRAPHS_PAIRS,
    LLAMA_CPP_GRAPHS_RULE,
    graphs_saving,
    graphs_saving_left_out,
    LLAMA_CPP_TG512_TAGS,
    LLAMA_CPP_HBM_TAGS,
    LLAMA_CPP_GDDR_DECODE_ROWS,
    LLAMA_CPP_HBM_DECODE_ROWS,
    LLAMA_CPP_PP512_CARDS,
    LLAMA_CPP_PP512_HELD,
    LLAMA_CPP_MMQ_ROWS,
    H200_TRAINING,
    PUBLISHED_TRAINING,
    TRAINING_ROWS,
    MATMUL_RULE,
    PREFILL_ROWS,
    PREFILL_RULE,
    SERVING_EFFICIENCY_RULE,
    SERVING_EFFICIENCY_HELD,
    PREFILL_HELD,
    H200_DECODE_ROWS,
    H100_DECODE_ROWS,
    ALLOCATOR_ROWS,
    ALLOCATOR_RECOMPUTE_H200,
    ALLOCATOR_RECOMPUTE_PUBLISHED,
    ALLOCATOR_HELD,
    median_reserve,
)
from defaults_registry import DERIVED, INFORMED, Informed  # noqa: F401 (listed in defaults_registry.py)
from loso_refit import SHIPPED, Defaults, Fit, Ident, RowSource, _predictions_if_any, ident, refit

from configurator.core.engines import Engine
from configurator.core.formulas.efficiency import DECODE_BANDWIDTH_EFFICIENCY, PROMPT_OVERLAP

# ---- the fitted defaults ----------------------------------------------------------------------


FITS = (
    Fit("allocator reserve (training)", None, "memory", ("allocator_overhead",), ALLOCATOR_ROWS,
        "the median over sources of each source's median measured reserved / peak allocated − 1, H200 training runs "
        "without recomputation at the allocator's defaults (17 runs of two campaigns; "
        "configurator/core/formulas/efficiency.py, ALLOCATOR_OVERHEAD)",
        held=ALLOCATOR_HELD, measured=lambda rows: {"allocator_overhead": median_reserve(rows)}),
    Fit("allocator reserve with recomputation", None, "memory", ("allocator_overhead_recompute",),
        (*ALLOCATOR_RECOMPUTE_H200, *ALLOCATOR_RECOMPUTE_PUBLISHED),
        "the median over sources of each source's median measured reserved / peak allocated − 1, training runs with "
        "full or per-op selective recomputation that give both figures: the H200 rig's first campaign (2), its grid "
        "(19) and llama-recipes pull request 41 (3: FSDP LoRA, reserved over peak active) "
        "(configurator/core/formulas/efficiency.py, ALLOCATOR_OVERHEAD_RECOMPUTE)",
        held="a property of PyTorch's caching allocator, measured, not a fit to the predicted peak; the published "
             "runs are FSDP runs on four cards, whose all-gather buffers the H200 rig's single-card runs do not have",
        measured=lambda rows: {"allocator_overhead_recompute": median_reserve(rows)},
        other_kinds={key: RESERVE_KIND for key in ALLOCATOR_RECOMPUTE_PUBLISHED}),
    Fit("matrix-product efficiency and per-layer time (training)", None, "train-throughput",
        ("matmul_efficiency", "layer_overhead_s"), TRAINING_ROWS, MATMUL_RULE,
        held="the other training defaults (attention by kernel and card from published kernel benchmarks, "
             "formulas/attention_kernels.py, 0.45 where none is listed; bandwidth 0.80, links 0.75, overlap 0.7) are "
             "first principles or sourced assumptions, held as shipped; the planner rows (train-planner) are the same "
             "runs with the layout left to the planner, predicted, not fitted"),
    Fit("prefill efficiency (serving)", None, "prefill", ("prefill_efficiency",), PREFILL_ROWS,
        SERVING_EFFICIENCY_RULE, tied=lambda v: {"prompt_efficiency": v["prefill_efficiency"], "prompt_overlap": 0.0},
        held=SERVING_EFFICIENCY_HELD),
    Fit("prompt efficiency (prefill)", None, "prefill", ("prompt_efficiency", "prefill_layer_overhead_s"), PREFILL_ROWS,
        PREFILL_RULE,
        tied=lambda v: {"prompt_overlap": PROMPT_OVERLAP}, depends_on=("prefill efficiency (serving)",),
        held=PREFILL_HELD),

    Fit("transformers decode profile", Engine.TRANSFORMERS, "decode", ("weight_stream_share", "kv_read_share"),
        H200_DECODE_ROWS,
        "the H200 decode rows (plain PyTorch replayed from a CUDA graph: the first campaign's Llama 3 8B at batch "
        "1 and 32 x 2,048 tokens, the grid's 8B at 1-128 sequences x 512-32,768 tokens and the 1B and 3B): the two "
        "shares by least squares on the log error at each half-context of 0-1,024 tokens in steps of 128, the "
        "half-context whose solution errs least with the KV share at most 1 (the copy kernel's share: a read "
        "cannot outrun the measured copy) (configurator/core/engines.py, TRANSFORMERS)",
        held="the per-layer term (a kernel count × the graph gap, first principles) stays as shipped",
        grid={"kv_half_context": tuple(range(0, 1025, 128))}, ceilings={"kv_read_share": 1.0},
        stand_in=H100_DECODE_ROWS),
    Fit("llama.cpp CUDA-graphs saving", Engine.LLAMA_CPP, "decode", ("layer_overhead_graphs_s",),
        tuple(key for pair in LLAMA_CPP_GRAPHS_PAIRS for key in pair), LLAMA_CPP_GRAPHS_RULE,
        held="the eager per-layer time is the next fit's (this one sets the graphs figure that much below it); the "
             "pairs' own predictions are not fitted: their eager rows are the GDDR and HBM fits' to predict",
        measured=lambda rows, profile: {
            "layer_overhead_graphs_s": profile.layer_overhead_eager_s - graphs_saving(rows)},
        measured_on_profile=True, left_out=graphs_saving_left_out),
    Fit("llama.cpp decode on GDDR", Engine.LLAMA_CPP, "decode", ("weight_stream_share", "layer_overhead_eager_s"),
        LLAMA_CPP_GDDR_DECODE_ROWS,
        "llama-bench decode rows of Llama 3 8B (and 3.2 3B, LLaMA 2 7B) on GDDR cards, four publications: "
        "XiongjieDai's tg512 in Q4_K_M and F16 on seven GDDR6/6X cards (May 2024, with CUDA graphs), llama.cpp "
        "pull request 19053's tg128 of 8B Q4_0 and 3B Q4_K_M on the RTX 6000 Ada (2026 build) and pull request "
        "4766's tg128 of LLaMA 2 7B F16 and Q4_0 on the RTX 3090 and F16 and Q8_0 on the RTX 4090 (January 2024, "
        "eager) and pull request 6766's ./main generation of LLaMA 2 7B Q4_0 on the RTX 3090 and 4090, eager and with "
        "CUDA graphs (April 2024; the CUDA-graphs saving's pairs): the two formats (or models) on a card separate the byte term from the per-layer term; two "
        "constants, least squares on the log error, the weight share at most the card's peak bandwidth "
        "(1/DECODE_BANDWIDTH_EFFICIENCY of the achievable) (configurator/core/engines.py, LLAMA_CPP)",
        tied=lambda v: {"kv_read_share": v["weight_stream_share"]},
        tied_to_profile=lambda v, profile: {"layer_overhead_graphs_s": v["layer_overhead_eager_s"] - (
            profile.layer_overhead_eager_s - profile.layer_overhead_graphs_s)},
        depends_on=("llama.cpp CUDA-graphs saving",),
        held="kv_read_share is set equal to the weight share and the graphs figure to the eager one less the "
             "CUDA-graphs saving (the previous fit's); hbm_decode_factor is the next fit's, prefill_share the one "
             "after. The table's 70B "
             "Q4_K_M rows (seven cards) are held out (benchmarks/data/held-out.json, within_source) to test the "
             "byte/per-layer split at 80 layers; the LLaMA 2 rows of December 2023 (eager, an older build) are "
             "predicted, not fitted",
        ceilings={"weight_stream_share": 1.0 / DECODE_BANDWIDTH_EFFICIENCY}),
    Fit("llama.cpp HBM decode factor", Engine.LLAMA_CPP, "decode", ("hbm_decode_factor",),
        LLAMA_CPP_HBM_DECODE_ROWS,
        "llama.cpp decode at batch 1 on HBM2e cards, three publications: XiongjieDai's tg512 of Llama 3 8B in "
        "Q4_K_M and F16 on A100 PCIe and SXM and H100 PCIe (May 2024, CUDA graphs), pull request 6017's tg128 of "
        "LLaMA 2 7B F16 on an A100 PCIe (March 2024, eager) and issue 6763's 128 tokens of LLaMA 2 7B Q4_K_M on an "
        "H100 PCIe (April 2024, eager and with CUDA graphs), with the GDDR fit's share and per-layer time in force: "
        "one factor, least squares on the log error (configurator/core/engines.py, LLAMA_CPP)",
        held="the per-layer times are the GDDR fit's (graphs = eager less the fitted CUDA-graphs saving); the "
             "eager rows of pull "
             "request 6017 and issue 6763 weigh that per-layer time as the GDDR rows set it"),
    Fit("llama.cpp prompt processing", Engine.LLAMA_CPP, "prefill", ("prefill_share",),
        (*(f"published:ip-llamacpp-l3-8b-{card}-pp512" for card in LLAMA_CPP_PP512_CARDS),
         "published:ip-llamacpp-pr6017-a100pcie-7b-f16-pp512", "published:ip-llamacpp-pr6017-a100pcie-7b-q8_0-pp512"),
        "llama-bench pp512 on the cuBLAS prompt path of builds before June 2024, two publications: Llama 3 8B "
        "Q4_K_M on the single-GPU rows of XiongjieDai's table (May 2024) and LLaMA 2 7B F16 and Q8_0 on one A100 "
        "PCIe (llama.cpp pull request 6017, March 2024): one share, least squares on the log error "
        "(configurator/core/engines.py, LLAMA_CPP)",
        held=LLAMA_CPP_PP512_HELD),
    Fit("llama.cpp INT8 (MMQ) prompt processing", Engine.LLAMA_CPP, "prefill", ("prompt_int8_share",),
        LLAMA_CPP_MMQ_ROWS,
        "llama-bench prompt rows of llama.cpp's INT8 tensor-core MMQ kernels as their pull requests published them "
        "(June 2024: #7676 RTX 4090 Q4_0 pp512, #7860 RTX 4090 Q4_K_S and RTX 3090 Q6_K pp2048, micro-batch 512), "
        "predicted with that build's prompt path at the card's INT8 rate: one share, least squares on the log error "
        "(configurator/core/engines.py, LLAMA_CPP)",
        held="prefill_share (the cuBLAS prompt path's) is the previous fit's and stays as shipped; the later rows of "
             "llama.cpp pull request 19053 (2026 builds, RTX 6000 Ada and RTX PRO 6000 Blackwell) are held out "
             "(benchmarks/data/held-out.json) and set nothing"),
)
"""Every default solved from calibration rows by a rule (searched: engines.py, formulas/efficiency.py,
memory.py, serving_speed.py, benchmarks/data/README.md, shared/reference/README.md)."""


# ---- leave one source out ------------------------------------------------------------------


@dataclass(frozen=True)
class Held:
    """One row predicted without its publication's rows."""

    row: Row
    predicted: float | None
    """The prediction with the defaults set without the row's publication (None: n/a)."""
    status: str
    """'not fitted', 'refitted: <fits>' (then '; <fit> (on its stand-in rows)' for each fit that moves the row and was
    solved with :attr:`Fit.stand_in`), or 'n/a: <fit> is set only from this source' (and why, where the other
    sources have rows enough but no solution under the fit's ceilings)."""

    @property
    def error_pct(self) -> float | None:
        return None if self.predicted is None else 100.0 * (self.predicted - self.row.measured) / self.row.measured


NOT_FITTED = "not fitted"
SET_ELSEWHERE = "fitted without this source: "
"""The status of a row whose publication holds no fitting row of the fitted defaults it depends on."""


def _moved_by(fit: Fit, wanted: Sequence[Ident], source: RowSource, defaults: Defaults,
              rows: Sequence[Row] | None = None) -> set[Ident]:
    """The rows of ``wanted`` whose prediction moves with the fit's fields (each × 0.9, inside
    every upper bound), over ``defaults`` (``rows``: the rows with ``defaults``, when built)."""
    before = rows if rows is not None else _predictions_if_any(wanted, source, defaults)
    moved = {name: value * 0.9 for name, value in fit.shipped().items()}
    after = _predictions_if_any(wanted, source, defaults | fit.in_force(moved, defaults))
    return {w for w, b, a in zip(wanted, before, after, strict=True)
            if b is None or a is None or not math.isclose(b.predicted, a.predicted, rel_tol=1e-9)}


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
        touching: list[Fit] = []
        for f in fits:  # the fits holding its rows, and those solved over one of them
            if any(by_key[k].publication == publication for k in f.rows if k in by_key) or \
                    set(f.depends_on) & {t.name for t in touching}:
                touching.append(f)
        if not touching:  # the fitted defaults were set without these rows: in sample is out of source
            wanted = [ident(r) for r in members]
            using = {w: [f.name for f in fits if w in _moved_by(f, wanted, source, SHIPPED)] for w in wanted}
            held.update({ident(r): Held(r, r.predicted, SET_ELSEWHERE + ", ".join(using[ident(r)])
                                        if using[ident(r)] else NOT_FITTED) for r in members})
            continue
        refitted_defaults = SHIPPED
        missing: dict[str, tuple[Fit, str]] = {}
        stood_in: list[str] = []
        for fit in touching:  # in FITS order, each solved over the fits refitted before it, as its rule states
            others = [k for k in fit.rows if k in by_key and by_key[k].publication != publication]
            values = refit(fit, others, source, refitted_defaults)
            if values is None and fit.stand_in:  # the other sources cannot solve it: its held-out set joins them
                others, stood_in = [*others, *fit.stand_in], [*stood_in, fit.name]
                values = refit(fit, others, source, refitted_defaults)
            if values is None:
                enough = len(others) >= len(fit.solved) + len(fit.grid)
                missing[fit.name] = fit, (" (the other sources' rows give no solution inside its ranges and ceilings)"
                                      if enough else "")
            else:
                refitted_defaults = refitted_defaults | fit.in_force(values, refitted_defaults)
        wanted = [ident(r) for r in members]
        again = _predictions_if_any(wanted, source, refitted_defaults)
        lost: dict[Ident, str] = {}
        for fit, why in missing.values():  # the rows that move with the fit have no out-of-source value
            for moved in _moved_by(fit, wanted, source, refitted_defaults, again):
                lost.setdefault(moved, f"n/a: the {fit.name} is set only from this source{why}")
        refitted = "refitted: " + ", ".join(f.name for f in touching if f.name not in missing)
        leaning: dict[Ident, str] = {}  # the rows a fit solved with its stand-in rows moves, and which fits
        for fit in (f for f in touching if f.name in stood_in and f.name not in missing):
            for moved in _moved_by(fit, wanted, source, refitted_defaults, again):
                leaning[moved] = f"{leaning.get(moved, refitted)}; {fit.name} (on its stand-in rows)"
        for r, again_row in zip(members, again, strict=True):
            if ident(r) in lost:
                held[ident(r)] = Held(r, None, lost[ident(r)])
            elif again_row is None:
                held[ident(r)] = Held(r, None, "n/a: no row built with the refitted defaults")
            else:
                held[ident(r)] = Held(r, again_row.predicted, leaning.get(ident(r), refitted)
                                      if refitted_defaults != SHIPPED else NOT_FITTED)
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
    """Whether any of the kind's rows depends on a fitted default (refitted, missing, or set
    without the row's source)."""
    misses: int = 0
    """Rows whose out-of-source prediction is a capacity miss (``accuracy_base.CAPACITY_MISS``: counted in
    :attr:`out_of_source` above every finite error)."""


def kind_summary(held: Iterable[Held], kind: str) -> KindSummary | None:
    members = [h for h in held if h.row.kind == kind]
    if not members:
        return None
    valued = [abs(h.error_pct) for h in members if h.error_pct is not None]
    return KindSummary(len(members), statistics.median(abs(h.row.error_pct) for h in members),
                       statistics.median(valued) if valued else None, len(valued),
                       any(h.status != NOT_FITTED for h in members), sum(math.isinf(e) for e in valued))


@dataclass(frozen=True)
class SourceSummary:
    """One publication's rows of one kind: in-sample and leave-one-source-out medians [%]."""

    publication: str
    rows: int
    in_sample: float
    out_of_source: float | None
    """Median |error| over the rows with an out-of-source prediction (None: none has one)."""
    with_value: int
    misses: int = 0
    """Rows that are capacity misses in sample (``accuracy_base.CAPACITY_MISS``)."""
    out_of_source_misses: int = 0
    """Rows whose out-of-source prediction is a capacity miss."""


def by_publication(held: Iterable[Held], kind: str) -> list[SourceSummary]:
    """Each publication's rows of ``kind``, most rows first: which sources carry a kind's out-of-source error
    (``accuracy.py --by-source`` prints it)."""
    members: dict[str, list[Held]] = {}
    for h in held:
        if h.row.kind == kind:
            members.setdefault(h.row.publication, []).append(h)
    out = []
    for publication, items in members.items():
        valued = [abs(h.error_pct) for h in items if h.error_pct is not None]
        out.append(SourceSummary(publication, len(items), statistics.median(abs(h.row.error_pct) for h in items),
                                 statistics.median(valued) if valued else None, len(valued),
                                 sum(h.row.capacity_miss for h in items), sum(math.isinf(e) for e in valued)))
    return sorted(out, key=lambda x: (-x.rows, x.publication))


def describe(summary: KindSummary | None, unit: str = "") -> str:
    """The leave-one-source-out figure as the reports print it (``unit`` after the number; ``miss`` for a median
    that lands on a capacity miss, and how many rows miss)."""
    if summary is None:
        return ""
    if summary.out_of_source is None:
        return f"n/a (0/{summary.rows}: fitted on own source)"
    figure = "miss" if math.isinf(summary.out_of_source) else f"{summary.out_of_source:.1f}{unit}"
    missed = f"{summary.misses} capacity miss{'es' if summary.misses > 1 else ''}" if summary.misses else ""
    if not summary.fitted:
        return f"{figure} (not fitted{', ' + missed if missed else ''})"
    if summary.with_value < summary.rows:
        return f"{figure} ({summary.with_value}/{summary.rows} rows{', ' + missed if missed else ''})"
    return f"{figure} ({missed})" if missed else figure


def main() -> int:
    import argparse

    import accuracy

    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    from loso_report import print_fits

    print_fits(accuracy.rows_for_keys, accuracy.all_rows())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

