"""The technical tables of the configuration summary: workload, card, memory and speed —
what the estimate says, in the summary's language."""

from __future__ import annotations

from dataclasses import replace

from configurator.core.estimate import Estimate
from configurator.core.catalog import RATE_FIELDS
from configurator.core.view.card_view import CONFIDENCE, card_view
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.rows import (
    BAND_KINDS,
    BAND_SCALES,
    Amount,
    Row,
    Section,
    View,
    label,
    named_rows,
    write,
)
from configurator.core.view.family_view import view_of
from configurator.core.uncertainty import Band, error_bands, group_notes, headline_bands
from configurator.core.view.numbers import span
from configurator.report.language import Words
from configurator.report.parts import SourceList, Table


def workload_table(est: Estimate, w: Words) -> Table:
    """The workload table: the model and its layout, or the graphics load (the family's view)."""
    view = view_of(est.scenario.workload)
    return Table("workload", w(view.workload_title), ("", ""), tuple(view.workload_rows(est, w)))


CARD_KEYS = {
    "compute": ("vendor", "category", "memory_gb", "usable_memory_gib", "bandwidth_gbps", "rate", "tdp_w",
                "link", "link_gbps", "gpus_per_board"),
    "graphics": ("vendor", "category", "memory_gb", "fp32_tflops", "tdp_w", "video_engines", "av1_encode", "vgpu", "ecc",
                 "link", "link_gbps", "gpus_per_board"),
}
"""The rows of the card's view model (:func:`configurator.core.view.card_view.card_view`, by key)
that matter to each kind of work (the family view's ``card_specs``): for AI work the memory, bandwidth
and the dense peak at the plan's math precision ("rate"), for graphics FP32 shading, the video
engines, vGPU and ECC."""

def card_keys(est: Estimate) -> tuple[str, ...]:
    """The keys of the card view's rows in the summary's card table, in order ("rate" resolved to
    the field of the plan's math precision; a single-GPU board's GPU count left out)."""
    keys = CARD_KEYS[view_of(est.scenario.workload).card_specs]
    math = est.plan.math
    keys = tuple(RATE_FIELDS[math] if k == "rate" else k for k in keys if k != "rate" or math is not None)
    return tuple(k for k in keys if k != "gpus_per_board" or est.card.gpus_per_board > 1)


def card_table(est: Estimate, w: Words, sources: SourceList) -> Table:
    """The card's specs as the card browser and ``catalog show`` write them (the card's view model),
    with what the estimate adds: the memory the estimate counts as usable where no measured figure
    is in the catalog, the confidence of the specifications and the cited sources."""
    language, view = w.language, card_view(est.card)
    rows = {row.key: row for section in view.sections for row in section.rows}
    table = [(label("Card", language), write(view.heading, language))]
    for key in card_keys(est):
        row = rows[key]
        if key == "link_gbps" and row.value.value is None:  # no link: the link row already says so
            continue
        if key == "usable_memory_gib" and row.value is None:  # the estimate's own figure (core/memory.py)
            row = Row(row.label, Amount(est.memory.capacity, "B"), key=key)
        table.append((label(row.label, language), write(row.value, language)))
    cited = " ".join(filter(None, (sources.cite(s) for s in est.card.sources[:4])))
    table += [(label("Confidence", language), write(CONFIDENCE[est.card.confidence], language)),
              (label("Sources", language), cited or "—")]
    return Table("card", w("Card"), ("", ""), tuple(table))


def view_table(section: Section, language: str, image: str | None = None) -> Table:
    """A section of a view model as a two-column table, every row (breakdowns included)."""
    rows = tuple((label(r.label, language), write(r.value, language)) for r in section.shown(details=True))
    return Table(section.key, label(section.title, language), ("", ""), rows, image=image)


def memory_table(est: Estimate, w: Words, view: View | None = None) -> Table:
    """What each card holds, its total with the likely range, and what it allows."""
    return view_table((view or estimate_view(est)).section("memory"), w.language, image="memory")


# ---- likely ranges (issue 14, part 9) -----------------------------------------------------


def likely(band: Band | None, formatter, w: Words) -> str:
    """' (likely 8.5–11.2 h)' for ``band`` with its ends written by ``formatter``; '' without a band."""
    if band is None:
        return ""
    return " " + w("(likely {range})", range=span(formatter(band.low), formatter(band.high)))


BANDED_LABELS = {"memory_total": "Memory per card", "tokens_per_s": "Throughput",
                 "tokens_per_s_per_card": "Per card", "step_time_s": "Step time",
                 "hours": "Time for the token budget", "gpu_hours": "GPU-hours", "ttft_s": "Time to first token",
                 "tpot_s": "Time per output token", "requests_per_s": "Requests"}
"""The summary's label of each headline number that carries a band (uncertainty.headline_bands)."""


def bands_table(est: Estimate, w: Words, view: View | None = None) -> Table:
    """The rows behind each likely range: per kind and scale, the numbers it covers and
    the rows by name (model and cards; their benchmarks/accuracy.py ids are in the JSON);
    graphics: no calibration data."""
    bands = headline_bands(est)
    if not bands:
        return Table("bands", w("How far the numbers can be trusted"), ("", ""),
                     ((w("Likely ranges"), w("No calibration data for this workload: its numbers carry no "
                                             "likely range")),))
    shown = {row.key: row.label for section in (view or estimate_view(est)).sections for row in section.rows}
    labels = {name: shown.get(name, text) for name, text in BANDED_LABELS.items()}  # as the speed table names them
    groups: dict[tuple[str, str], list[str]] = {}
    for name, band in bands.items():
        if name in shown or name == "memory_total":  # the numbers the tables show
            groups.setdefault((band.kind, band.scale), []).append(name)
    rows = []
    for (kind, scale), names in groups.items():
        band = bands[names[0]]
        what = w("{kind}, {scale}: {n} rows ({held} held out)", kind=w(BAND_KINDS[kind]),
                 scale=w(BAND_SCALES[scale]), n=band.rows, held=band.held_out_rows)
        if band.scale_rows is not None:
            what += w("; ") + (w("none at this scale: the range over all scales") if band.scale_rows == 0 else
                               w("only {n} at this scale: the range over all scales", n=band.scale_rows))
        if band.few_rows:
            what += w("; ") + w("few rows: the range itself is uncertain")
        for note in group_notes(band):  # the scenario's engine on its stack alone, and where its runs lay
            what += w("; ") + w.message(note)
        numbers = w(", ").join(dict.fromkeys(label(labels[n], w.language) for n in names))
        behind = named_rows(band, w.language, est.card.name, est.scenario.model.name)  # the nearest named first
        rows.append((what, numbers, w("; ").join(behind)))
    note = w("Likely: 80 % of the rows were measured within the range, each predicted out of sample (a "
             "calibration row with the defaults set without its own source, a held-out row as shipped; 10th to "
             "90th percentile of measured / predicted; data of {date}); where the rows were all off the same way, "
             "the range is widened to hold the estimate.", date=error_bands()["data_date"] or "—")
    return Table("bands", w("How far the numbers can be trusted"),
                 (w("Rows behind the range"), w("Numbers"), w("Rows")), tuple(rows), note=note)


def speed_table(est: Estimate, w: Words, view: View | None = None) -> Table:
    """The speed (training, serving) or capacity (graphics) rows of the estimate's view model, the token
    budget left to the workload table above it (:func:`workload_table`)."""
    section = (view or estimate_view(est)).section("speed")
    return view_table(replace(section, rows=tuple(row for row in section.rows if row.key != "tokens")), w.language)
