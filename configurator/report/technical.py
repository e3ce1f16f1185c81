"""The technical tables of the configuration summary: workload, card, memory and speed —
what the estimate says, in the summary's language."""

from __future__ import annotations

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
from configurator.core.workloads import family_of
from configurator.core.uncertainty import Band, error_bands, headline_bands
from configurator.core.view.numbers import span
from configurator.report.language import (
    OPTIMIZER_LABELS,
    RECIPE_LABELS,
    RECOMPUTE_LABELS,
    WORKLOAD_LABELS,
    Words,
)
from configurator.report.parts import (
    SourceList,
    Table,
    count,
    model_name,
    num,
    tokens_text,
)


def _precision_text(est: Estimate) -> str:
    math = est.plan.math.value.upper() if est.plan.math else "—"
    return f"{est.plan.requested.value.upper()} → {math}"


def _architecture(est: Estimate, w: Words) -> str:
    m = est.scenario.model
    text = w("{layers} layers, hidden size {hidden}, {heads} attention heads ({kv} KV), FFN {ffn}, vocabulary {vocab}",
             layers=m.n_layers, hidden=m.hidden, heads=m.n_heads, kv=m.kv_heads, ffn=m.ffn, vocab=f"{m.vocab:,}")
    if m.is_moe:
        text += w(", ") + w("{n} experts, {k} per token", n=m.n_experts, k=m.experts_per_token)
    return text


def _listed(w: Words, *parts: str) -> str:
    """``parts`` joined as a list in the summary's language (", " in English, "、" in Chinese)."""
    return w(", ").join(parts)


def _model_rows(est: Estimate, w: Words) -> list[tuple[str, str]]:
    """The workload, the model and how it is laid out (training and serving)."""
    s, m, p = est.scenario, est.scenario.model, est.scenario.parallelism
    return [
        (w("Workload"), w(WORKLOAD_LABELS[s.workload.value])),
        (w("Model"), model_name(m.name)),
        (w("Parameters"), f"{num(m.total_params() / 1e9, 4)} B" + (
            f" ({w('{n} B active', n=num(m.active_params() / 1e9))})" if m.is_moe else "")),
        (w("Architecture"), _architecture(est, w)),
        (w("Precision"), _precision_text(est)),
        (w("Parallelism"), _listed(w, f"{w('tensor parallel')} {p.tp}", f"{w('pipeline parallel')} {p.pp}",
                                   f"{w('data parallel')} {s.data_parallel}", f"{w('ZeRO stage')} {p.zero}")),
    ]


def _training_workload(est: Estimate, w: Words) -> Table:
    t = est.scenario.training
    rows = [
        *_model_rows(est, w),
        (w("Token budget"), w("{n} tokens", n=tokens_text(t.tokens))),
        (w("Recipe"), _listed(w, w(RECIPE_LABELS[t.recipe.value]), w(OPTIMIZER_LABELS[t.optimizer.value]))),
        (w("Recomputation"), w(RECOMPUTE_LABELS[t.recompute.value])),
        (w("Batch"), _listed(w, f"{w('micro-batch')} {t.micro_batch}", f"{w('sequence')} {t.seq_len} {w('tokens')}",
                             f"{w('gradient accumulation')} {t.grad_accum}")),
    ]
    return Table("workload", w("Workload and model"), ("", ""), tuple(rows))


def _serving_workload(est: Estimate, w: Words) -> Table:
    v = est.scenario.serving
    rows = [*_model_rows(est, w),
            (w("Serving load"), _listed(w, f"{w('context')} {v.context_tokens} {w('tokens')}", f"{w('users')} {v.users}",
                                        f"{w('prompt')} {v.prompt_tokens} {w('tokens')}",
                                        f"{w('answer')} {v.output_tokens} {w('tokens')}"))]
    return Table("workload", w("Workload and model"), ("", ""), tuple(rows))


def _graphics_workload(rows):
    """A graphics family's workload table from its own rows."""
    def table(est: Estimate, w: Words) -> Table:
        head = (w("Workload"), w(WORKLOAD_LABELS[est.scenario.workload.value]))
        return Table("workload", w("Workload"), ("", ""), (head, *rows(est.scenario.graphics, w)))
    return table


def _desktop_rows(g, w: Words) -> list[tuple[str, str]]:
    return [(w("Users"), count(g.users)), (w("vGPU profile"), f"{g.profile_gib:g} GiB"),
            (w("Shading load per user"), f"{num(g.shading_tflops_per_user)} TFLOP/s FP32")]


def _video_rows(g, w: Words) -> list[tuple[str, str]]:
    video = f"{g.resolution} {num(g.fps)} fps {g.codec.value.upper()} {g.preset.value.upper()}"
    return [(w("Streams"), count(g.streams)), (w("Video"), video),
            (w("Decoded on the card"), w("yes") if g.decode else w("no"))]


def _render_rows(g, w: Words) -> list[tuple[str, str]]:
    return [(w("Scene"), f"{num(g.scene_gib)} GiB"), (w("Frames"), count(g.frames)),
            (w("Reference"), w("{minutes} per frame on {card} ({tflops} TFLOP/s FP32)",
                               minutes=f"{num(g.reference_minutes_per_frame)} {w('min')}", card=g.reference_card,
                               tflops=num(g.reference_fp32_tflops))),
            (w("Output"), f"{g.render_width} × {g.render_height} px, {g.render_layers} {w('layers')}")]


WORKLOAD_TABLES = {"training": _training_workload, "serving": _serving_workload,
                   "desktops": _graphics_workload(_desktop_rows), "video": _graphics_workload(_video_rows),
                   "rendering": _graphics_workload(_render_rows)}
"""The workload table of each family: the model and its layout, or the graphics load."""


def workload_table(est: Estimate, w: Words) -> Table:
    return WORKLOAD_TABLES[family_of(est.scenario.workload).name](est, w)


CARD_KEYS = {
    "compute": ("vendor", "category", "memory_gb", "usable_memory_gib", "bandwidth_gbps", "rate", "tdp_w",
                "link", "link_gbps", "gpus_per_board"),
    "graphics": ("vendor", "category", "memory_gb", "fp32_tflops", "tdp_w", "video_engines", "av1_encode", "vgpu", "ecc",
                 "link", "link_gbps", "gpus_per_board"),
}
"""The rows of the card's view model (:func:`configurator.core.view.card_view.card_view`, by key)
that matter to each kind of work: for AI work the memory, bandwidth and the dense peak at the
plan's math precision ("rate"), for graphics FP32 shading, the video engines, vGPU and ECC."""

CARD_FAMILIES = {"training": "compute", "serving": "compute", "desktops": "graphics", "video": "graphics",
                 "rendering": "graphics"}


def card_keys(est: Estimate) -> tuple[str, ...]:
    """The keys of the card view's rows in the summary's card table, in order ("rate" resolved to
    the field of the plan's math precision; a single-GPU board's GPU count left out)."""
    keys = CARD_KEYS[CARD_FAMILIES[family_of(est.scenario.workload).name]]
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
    """The calibration behind each likely range: per kind and scale, the numbers it covers and
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
        what = w("{kind}, {scale}: {n} rows", kind=w(BAND_KINDS[kind]), scale=w(BAND_SCALES[scale]),
                 n=band.rows)
        if band.scale_rows is not None:
            what += w("; ") + w("only {n} at this scale: the range over all scales", n=band.scale_rows)
        if band.few_rows:
            what += w("; ") + w("few rows: the range itself is uncertain")
        numbers = w(", ").join(dict.fromkeys(label(labels[n], w.language) for n in names))
        rows.append((what, numbers, w("; ").join(named_rows(band, w.language))))
    note = w("Likely: 80 % of the calibration rows were measured within the range (10th to 90th percentile of "
             "measured / predicted; calibration data of {date}); where the rows were all off the same way, the "
             "range need not hold the estimate.", date=error_bands()["data_date"] or "—")
    return Table("bands", w("How far the numbers can be trusted"),
                 (w("Calibration rows"), w("Numbers"), w("Rows")), tuple(rows), note=note)


def speed_table(est: Estimate, w: Words, view: View | None = None) -> Table:
    """The speed (training, serving) or capacity (graphics) rows of the estimate's view model."""
    return view_table((view or estimate_view(est)).section("speed"), w.language)
