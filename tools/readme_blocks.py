"""Write the README's generated blocks from what the tools print.

``.venv/bin/python tools/readme_blocks.py`` rewrites every block of README.md between
``<!-- NAME:start -->`` and ``<!-- NAME:end -->``:

- ``catalog-table``: cards per vendor and class (``tools/catalog_table.py``);
- ``planner-answers``: the README's example questions, each as the ``gpu-configurator recommend``
  command and what it ranks first (run in this process, ``--json``);
- ``serving-example``: the latency and rate of the serving example (``gpu-configurator estimate``);
- ``accuracy-table``: ``benchmarks/accuracy.py``'s summary per kind (in sample, leave one source out,
  held out), with the footnotes (⁶: the held-out kinds split by engine generation, as ``--summary`` prints them);
- ``accuracy-out-of-sample``: the held-out rows' median errors per kind, within the accuracy statement, split by
  engine generation where a superseded one has rows of the kind;
- ``cny-rate``: the price file's dated CNY rate the Chinese window converts at;
- ``published-layouts``: DeepSeek-V3 and Llama 3.1 405B at their published layouts and planned
  (``tools/readme_published_layouts.py``, the scenarios the training tests check; about 1 s).

``--check`` writes nothing and exits 1 naming the blocks that differ (tests/test_readme.py runs
it); ``--block NAME`` does one block. Prices, the catalog and the estimator all move these
numbers: regenerate after changing any of them and read the diff.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
for folder in (ROOT, ROOT / "tools", ROOT / "benchmarks"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))


def markers(name: str) -> tuple[str, str]:
    return f"<!-- {name}:start -->", f"<!-- {name}:end -->"


def with_block(text: str, name: str, body: str) -> str:
    """``text`` with the block ``name`` holding ``body`` (on lines of its own, or within the line
    for a one-line body); a README without the markers is an error."""
    start, end = markers(name)
    if start not in text or end not in text:
        raise KeyError(f"README.md has no block '{name}' ({start} … {end})")
    before, rest = text.split(start, 1)
    _, after = rest.split(end, 1)
    return f"{before}{start}{body}{end}{after}" if name in INLINE else f"{before}{start}\n{body}\n{end}{after}"


def block(text: str, name: str) -> str:
    """The body of the block ``name`` in ``text``."""
    start, end = markers(name)
    return text.split(start, 1)[1].split(end, 1)[0].strip("\n")


# ---- catalog-table ----------------------------------------------------------------------------

def catalog_table() -> str:
    from catalog_table import table

    return table()


# ---- planner-answers --------------------------------------------------------------------------

@dataclass(frozen=True)
class Question:
    """One of the README's example questions: in words, and as the command that answers it."""

    words: str
    argv: tuple[str, ...]


QUESTIONS = (
    Question("Llama 2 7B on 1T tokens within 30 days",
             ("recommend", "--workload", "pretrain", "--model", "llama2-7b", "--tokens", "1T", "--seq", "4096",
              "--recipe", "megatron-mixed", "--deadline", "30d")),
    Question("Llama 3 70B on 2T tokens within 90 days",
             ("recommend", "--workload", "pretrain", "--model", "llama3-70b", "--tokens", "2T", "--seq", "4096",
              "--recipe", "megatron-mixed", "--deadline", "90d")),
    Question("Llama 3 70B served to 200 users, 20 requests/s, under 50 ms per token, on cloud rent",
             ("recommend", "--workload", "inference", "--model", "llama3-70b", "--concurrency", "200",
              "--requests-per-s", "20", "--tpot-ms", "50", "--objective", "cloud")),
)
"""The questions the README answers with the planner (section "Which card, and how many")."""

RUNNERS_UP = 2
"""Runners-up named after the first."""


def printed_json(argv: tuple[str, ...]) -> dict:
    """What ``gpu-configurator <argv> --json`` prints, run in this process."""
    from configurator.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main([*argv, "--json", "--limit", str(1 + RUNNERS_UP)])
    if status != 0:
        raise RuntimeError(f"gpu-configurator {' '.join(argv)} exited with {status}")
    return json.loads(out.getvalue())


def _answer(ranked: dict, objective: str) -> str:
    """The first configuration in words: cards, and the figures its ranking rests on."""
    from configurator.core.view import numbers

    cost = ranked["cost"]
    performance, time = ranked["performance"], ranked["time"]
    facts = []
    if performance.get("mfu") is not None:
        facts.append(f"{numbers.percent(performance['mfu'], decimals=0)} MFU")
    if time.get("hours") is not None:
        facts.append(numbers.duration(time["hours"]))
    if performance.get("tpot_s") is not None and time.get("hours") is None:
        facts.append(f"{numbers.milliseconds(performance['tpot_s'])} per token")
    basis = "cloud" if objective == "cloud" else "tco"
    per_million = ranked.get(f"{basis}_per_million_tokens")
    if per_million is not None:
        label = "cloud" if basis == "cloud" else "TCO"
        facts.append(f"{numbers.money(per_million, cost['currency'])} {label} per million tokens")
    return f"{ranked['count']} × {ranked['card']['name']}: {', '.join(facts)}"


def planner_answers(catalog_version: str | None = None) -> str:
    """The commands, then a table of what each ranks first and the runners-up."""
    from configurator.core.catalog import load_bundled_catalog

    version = catalog_version or load_bundled_catalog().version
    lines = ["```sh", *(f".venv/bin/gpu-configurator {' '.join(q.argv)}" for q in QUESTIONS), "```", "",
             f"What it answers (catalog {version}, default efficiencies, ranked by the objective):", "",
             "| question | first | then |", "|---|---|---|"]
    for question in QUESTIONS:
        result = printed_json(question.argv)
        ranked = result["ranked"]
        if not ranked:
            lines.append(f"| {question.words} | nothing meets the constraints | |")
            continue
        then = ", ".join(f"{r['count']} × {r['card']['name']}" for r in ranked[1:1 + RUNNERS_UP])
        lines.append(f"| {question.words} | {_answer(ranked[0], result['objective'])} | {then} |")
    return "\n".join(lines)


# ---- serving-example (within a sentence) ------------------------------------------------------

SERVING_EXAMPLE = ("estimate", "--workload", "inference", "--model", "llama3-70b", "--card", "h100-sxm", "--count", "8",
                   "--concurrency", "200", "--output-tokens", "256")
"""Without a request rate the users send requests back to back (README, "Serving as engines serve")."""


def serving_example() -> str:
    """The time per output token and the request rate the serving example shows."""
    from configurator.cli import main
    from configurator.core.view import numbers

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        if main([*SERVING_EXAMPLE, "--json"]) != 0:
            raise RuntimeError(f"gpu-configurator {' '.join(SERVING_EXAMPLE)} failed")
    performance = json.loads(out.getvalue())["performance"]
    return (f"8 × H100 serving Llama 3 70B to 200 users with 256-token answers shows "
            f"{numbers.milliseconds(performance['tpot_s'])} per token at "
            f"{numbers.significant(performance['requests_per_s'])} requests/s")


# ---- cny-rate (within a sentence) -------------------------------------------------------------

def cny_rate() -> str:
    """The price file's dated rate the Chinese window converts at (core/currency.py)."""
    from configurator.core.currency import dated_rate

    rate = dated_rate("CNY")
    return f"{rate.per_usd:g} CNY per USD, dated {rate.date}" if rate.date else f"{rate.per_usd:g} CNY per USD"


# ---- accuracy-table ---------------------------------------------------------------------------

KIND_NAMES = {
    "memory": "memory (vs measured `reserved`, published sizes)",
    "memory-reserve": "allocator reserve alone (published FSDP runs' `reserved` from their measured peak active)",
    "prefill-memory": "prefill working set alone (H200 rig: the peak over the weights of one eager PyTorch forward "
                      "of b prompts)",
    "train-throughput": "training throughput (H200, Megatron-LM, llm-foundry, TinyLlama, LLaMA, Llama 3 405B, DeepSeek-V3), "
                        "stated layouts",
    "train-planner": "training throughput, **planner mode** (only model, card, count, sequence, tokens, global "
                     "batch given)",
    "train-time": "training time",
    "prefill": "prefill / TTFT (H200, TensorRT-LLM, llama.cpp pp512)",
    "decode": "decode (H200, llama.cpp), each with its engine's profile ¹",
    "serving-throughput": "serving throughput (TensorRT-LLM static batch, SGLang offline)",
    "serving-server": "MLPerf Inference server scenario, Llama 2 70B (held out also Llama 3.1 8B and 405B; p99 "
                      "targets; the dataset's mean prompt)",
    "serving-offline": "MLPerf Inference offline scenario, Llama 2 70B (held out also Llama 3.1 8B and 405B; the "
                       "dataset's mean prompt)",
    "serving-latency": "TTFT and TPOT under a request rate (SGLang, vLLM, MLPerf server on TensorRT-LLM) ⁵",
}
"""How the README names each kind of accuracy.py's rows; a new kind needs a name here."""

def _profile_rows() -> tuple[str, ...]:
    """Decode rows that set the engine profiles they are checked with (the fitting rows of
    ``benchmarks/loso.py``'s decode fits: the H200 rows transformers', the LLaMA 3 tg512 rows llama.cpp's)."""
    import loso

    return tuple(k for fit in loso.FITS if fit.kind == "decode" for k in fit.rows)


HELD_OUT_KINDS = {
    "train-throughput": "training throughput at the stated layout", "memory": "training memory",
    "prefill": "prefill / TTFT", "decode": "decode", "serving-throughput": "serving throughput",
    "serving-latency": "TTFT and TPOT under load",
}
"""How the out-of-sample sentence names the kinds the held-out set has rows of."""


def _accuracy_figures():
    """accuracy.py's calibration rows, their leave-one-source-out predictions and the held-out rows."""
    import accuracy

    rows = accuracy.all_rows()
    return accuracy, rows, accuracy.out_of_source(rows), accuracy.held_out()


def accuracy_table() -> str:
    """accuracy.py's summary per kind: in sample, leave one source out, held out (rows, median
    error, within target), with the footnotes."""
    import loso
    import loso_refit

    accuracy, rows, held, outside = _accuracy_figures()
    split = _by_generation(outside)
    lines = ["| kind | rows | in sample | leave one source out ² | within target (in sample) | held out ³: rows | "
             "held out: median |", "|---|---|---|---|---|---|---|"]
    for kind, target in accuracy.TARGETS.items():
        errors = [abs(r.error_pct) for r in rows if r.kind == kind]
        if not errors:
            continue
        if kind not in KIND_NAMES:
            raise KeyError(f"benchmarks/accuracy.py has a new kind '{kind}': name it in KIND_NAMES")
        within = sum(e <= target for e in errors)
        others = [abs(r.error_pct) for r in outside if r.kind == kind]
        figure = loso.describe(loso.kind_summary(held.values(), kind), " %")
        lines.append(f"| {kind_cell(kind, split)} | {len(errors)} | {_median(errors)} | {figure} | "
                     f"{within}/{len(errors)} within ±{target:.0f} % | {len(others) or '—'} | "
                     f"{_median(others) if others else '—'} |")
    decode = [r for r in rows if r.kind == "decode"]
    setting = [r for r in decode if r.key in _profile_rows()]
    others = [r for r in decode if r not in setting]
    llama_fits = [f for f in loso.FITS if f.kind == "decode" and f.engine is not None and f.engine.value == "llama.cpp"]
    crossed = [abs(e) for fit in llama_fits for e in loso_refit.leave_one_row_out(fit, accuracy.rows_for_keys).values()
               if e is not None]
    llama_rows = {k for fit in llama_fits for k in fit.rows}
    publications = sorted({r.publication for r in outside})
    within = [r for r in outside if r.publication in {c.publication for c in rows}]
    by_key = {r.key: r.publication for r in rows}
    from defaults_registry import single_source_fits

    alone = [f"the {name}" for name, _ in single_source_fits(rows)]
    fitted = "; ".join(f"the {fit.name} ({_words(len(fit.rows))} rows of "
                          f"{', '.join(sorted({by_key[k] for k in fit.rows}))})" for fit in loso.FITS)
    lines += ["", f"¹ {_words(len(setting)).capitalize()} of the {_words(len(decode))} decode rows set the profiles "
              f"they are checked with (the H200 rows the transformers profile; llama.cpp's, {len(llama_rows)} "
              "rows: XiongjieDai's LLaMA 3 8B tg512 rows of ten cards, llama.cpp pull request 19053's two tg128 "
              "rows and pull request 4766's four, a share and a per-layer time from the GDDR rows of the three, "
              "an HBM factor from the HBM rows of "
              "XiongjieDai's, pull request 6017's and issue 6763's: each left out in turn and predicted by the fit the other rows give is off by "
              f"{statistics.median(crossed):.1f} % median, {max(crossed):.1f} % worst); the other "
              f"{_words(len(others))}, LLaMA 2 rows of December 2023 on an older, eager llama.cpp "
              f"build, are within {max(abs(r.error_pct) for r in others):.1f} %.",
              "",
              "² Each source's rows predicted with the defaults set without that source's rows "
              "(`benchmarks/loso.py`). \"not fitted\": no default those rows depend on is fitted to calibration "
              "rows (measured ceilings, published figures, stated assumptions), so the figure is the in-sample one; "
              "a source that holds no fitting row keeps its in-sample figure too, which is then out of source (the "
              "fitted defaults were set without it). "
              f"{_words(len(loso.FITS)).capitalize()} defaults are fitted: {fitted}. Held out with its source, a fit "
              "is solved again from the other sources' fitting rows; where none are left, the rows that depend on it "
              "have no out-of-source figure (n/a)"
              + (f": {_words(len(alone))} {'fit has' if len(alone) == 1 else 'fits have'} one source "
                 f"({'; '.join(alone)}), why {'it has' if len(alone) == 1 else 'each has'} no second is in "
                 "`benchmarks/defaults_registry.py`. " if alone else ". ")
              + "".join(f"Where the other sources' rows cannot solve the {fit.name}, {_words(len(fit.stand_in))} "
                        "held-out rows of another rig join them (`loso.Fit.stand_in`; the shipped fit does not read "
                        "them). " for fit in loso.FITS if fit.stand_in)
              + (("Defaults chosen with a source's rows in view but by no rule "
                  f"({_words(len(loso.INFORMED))}, listed by `benchmarks/defaults_registry.py`) cannot be refitted: "
                  "their rows stay in sample.") if loso.INFORMED else
                 "No default is chosen with a source's rows in view by no rule: each is fitted by a rule, measured, "
                 "sourced or derived (`benchmarks/defaults_registry.py`)."),
              "",
              f"³ {len(outside)} published rows that set nothing in the project, from {_words(len(publications))} "
              f"publications ({', '.join(publications)}; `benchmarks/data/held-out.json`, each with its URL, date and "
              "what was measured), predicted with the shipped defaults"
              + (f"; {_words(len(within))} of them from a table whose other rows set a default, left out of its fit "
                 "(each says why)." if within else ".")]
    lines += ["", rig_held_out_note(accuracy, rows), "", latency_held_out_note(outside)]
    if split:
        lines += ["", generation_note(split)]
    return "\n".join(lines)


def kind_cell(kind: str, split) -> str:
    """The table's name of ``kind`` (:data:`KIND_NAMES`), marked ⁶ where footnote ⁶ splits its held-out rows
    by engine generation (``split``, :func:`_by_generation`)."""
    return KIND_NAMES[kind] + (" ⁶" if kind in split else "")


def _median(errors: list[float]) -> str:
    """A median |error| as the table writes it: ``6.2 %``, ``miss`` where it lands on a capacity miss, and how
    many of the rows are capacity misses (``accuracy_base.CAPACITY_MISS``: kept, counted above every finite
    error)."""
    middle = statistics.median(errors)
    missed = sum(math.isinf(e) for e in errors)
    figure = "miss" if math.isinf(middle) else f"{middle:.1f} %"
    return figure + (f" ({missed} capacity miss{'es' if missed > 1 else ''})" if missed else "")


def latency_held_out_note(outside) -> str:
    """Footnote ⁵: why the held-out latency rows' errors are large (the serving-latency row's name points
    to it): how many are MLPerf Server runs, and the others' median."""
    latency = [r for r in outside if r.kind == "serving-latency"]
    mlperf = [r for r in latency if r.publication.startswith("mlperf-inference")]
    others = [abs(r.error_pct) for r in latency if not r.publication.startswith("mlperf-inference")]
    rest = f"; the other {_words(len(others))} (SGLang, NVIDIA NIM) read {statistics.median(others):.1f} % median" \
        if others else ""
    missed = sum(r.capacity_miss for r in mlperf)
    misses = (f"; {_words(missed)} of these rows are capacity misses, the run's rate past the capacity predicted for "
              "its copy, where the model's queue grows without bound: kept, counted outside the target and above every "
              "finite error" if missed else "")
    return (f"⁵ {len(mlperf)} of the {len(latency)} held-out latency rows are MLPerf Inference Server runs, whose "
            "submitters run each copy near the capacity the model predicts for it (89–100 % of it where it carries "
            f"the rate{misses}): there a 1 % error in "
            "capacity moves the predicted TPOT 4–8 % and the TTFT far more (the queue), so these rows test the "
            "capacity, not the step; at the number of sequences the measured TPOT implies (Little's law) the model's "
            "step is within −5 … +20 % of the measured one (`benchmarks/data/notes-mlperf-inference-v51-2026-12-05.md`, "
            f"`notes-mlperf-llama31-2026-12-05.md`){rest}. Whether to score them at their measured operating point "
            "instead is open (`notes-mlperf-server-2026-12-05.md`).")


def rig_held_out_note(accuracy, rows) -> str:
    """Footnote ⁴: the prepared grid's rows on a card no default was set from (``accuracy_rig_heldout.by_kind``),
    per kind, beside the H200 rig's in-sample median."""
    from accuracy_rig_heldout import RIG_HELD_OUT_GLOB, by_kind, rig_held_out_rows

    parts = [f"{KIND_NAMES[k.kind].split(' (')[0]} {_words(len(k.rows))} rows {k.median:.1f} % median, "
             f"{max(k.errors):.1f} % worst"
             + (f" (H200 rig in sample {k.reference_median:.1f} %)" if k.reference else "")
             for k in by_kind(rig_held_out_rows(accuracy.DATA), rows)]
    return ("⁴ Held out on a second card: the prepared grid (`benchmarks/gpu_grid.py`) run on an H100 SXM 80GB on "
            f"2026-12-05 (`benchmarks/data/{RIG_HELD_OUT_GLOB}`), each row predicted on the H100 with the defaults "
            "set on the H200 rig, none refitted (`benchmarks/accuracy.py --summary`, \"held out: H100 rig\"): "
            + "; ".join(parts) + ".")


def _by_generation(outside) -> dict[str, dict[str, tuple[int, int, float, float]]]:
    """The held-out kinds with a superseded engine generation's rows, split by generation: the figures
    ``benchmarks/accuracy.py --summary`` prints under "Held out by engine generation"
    (``accuracy_sections.held_out_by_generation``: per generation, today's engines first, rows, capacity
    misses, median |error| and signed median [%])."""
    from accuracy_sections import held_out_by_generation

    return held_out_by_generation(outside)


def _signed(value: float) -> str:
    """A signed median as the README writes it: ``+28.9 %``, ``−0.8 %``, ``miss`` on a capacity miss."""
    return "miss" if math.isinf(value) else f"{value:+.1f} %".replace("-", "−")


def _percent(value: float, digits: int = 1) -> str:
    """A median |error| as the README writes it: ``28.9 %``, ``miss`` where it lands on a capacity miss."""
    return "miss" if math.isinf(value) else f"{value:.{digits}f} %"


def generation_note(split) -> str:
    """Footnote ⁶: the held-out kinds split by engine generation (:func:`_by_generation`), each generation's
    rows, median |error| and signed median, today's engines first."""
    from configurator.core.engine_generations import label_of

    kinds = []
    for kind, by in split.items():
        name = KIND_NAMES[kind].split(" (")[0].split(",")[0]  # the kind's name, without its sources
        figures = "; ".join(
            f"{label_of(key)} {_words(count)} row{'s' if count > 1 else ''}, {_percent(median)} ({_signed(signed)}"
            + (f", {_words(missed)} capacity miss{'es' if missed > 1 else ''})" if missed else ")")
            for key, (count, missed, median, signed) in by.items())
        kinds.append(f"{name}: {figures}")
    return ("⁶ Held out, by engine generation (`configurator/core/engine_generations.py`; `benchmarks/accuracy.py "
            "--summary` prints the same split): a superseded generation's runs are predicted with today's engine "
            "profile and counted apart, so that an old engine's error is not read as today's. Median |error| "
            "(signed median: + where the estimate is above the measurement, optimistic for a rate and pessimistic for "
            "a latency): " + ". ".join(kinds) + ".")


def accuracy_out_of_sample() -> str:
    """The README's accuracy statement: the held-out rows' median errors per kind, split by engine generation
    where a superseded generation has rows of the kind (:func:`_by_generation`)."""
    import accuracy

    from configurator.core.engine_generations import label_of

    outside = accuracy.held_out()  # the held-out rows only: no leave-one-source-out run
    split = _by_generation(outside)
    parts = []
    for kind, words in HELD_OUT_KINDS.items():
        errors = [abs(r.error_pct) for r in outside if r.kind == kind]
        missed = sum(math.isinf(e) for e in errors)
        if errors:
            parts.append(f"{words} {statistics.median(errors):.0f} % ({len(errors)} rows"
                         + (f", {missed} of them capacity misses)" if missed else ")")
                         + (": " + ", ".join(f"{_percent(median, 0)} on {label_of(key)} ({count} rows"
                                             + (f", {lost} of them capacity misses)" if lost else ")")
                                             for key, (count, lost, median, _) in split[kind].items())
                            if kind in split else ""))
    return f"Out of sample, on published results that set nothing, the median errors are: {'; '.join(parts)}"


_SMALL = "zero one two three four five six seven eight nine ten".split()


def _words(n: int) -> str:
    """Small counts in words, as the README's prose writes them."""
    return _SMALL[n] if 0 <= n < len(_SMALL) else str(n)


def published_layouts() -> str:
    """The paragraph on the two largest published training runs (``readme_published_layouts``)."""
    from readme_published_layouts import published_layouts as paragraph

    return paragraph()


BLOCKS: dict[str, Callable[[], str]] = {
    "catalog-table": catalog_table, "planner-answers": planner_answers, "serving-example": serving_example,
    "accuracy-table": accuracy_table, "accuracy-out-of-sample": accuracy_out_of_sample, "cny-rate": cny_rate,
    "published-layouts": published_layouts}
"""Each generated block of README.md and what writes it."""

INLINE = frozenset({"serving-example", "cny-rate", "accuracy-out-of-sample"})
"""Blocks within a sentence: their markers and text on the sentence's own line."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when a block is out of date")
    parser.add_argument("--block", choices=sorted(BLOCKS), action="append", help="only this block (repeatable)")
    args = parser.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    updated = text
    for name in args.block or BLOCKS:
        updated = with_block(updated, name, BLOCKS[name]())
    if args.check:
        stale = [name for name in args.block or BLOCKS if block(updated, name) != block(text, name)]
        for name in stale:
            print(f"README.md block '{name}' is out of date: run .venv/bin/python tools/readme_blocks.py",
                  file=sys.stderr)
        return 1 if stale else 0
    if updated != text:
        README.write_text(updated, encoding="utf-8")
        print("README.md updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
