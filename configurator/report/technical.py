"""The technical tables of the configuration summary: workload, card, memory and speed —
what the estimate says, in the summary's language."""

from __future__ import annotations

import re

from configurator.core.estimate import Estimate
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.rows import BAND_KINDS, BAND_SCALES, Section, View, label, write
from configurator.core.workloads import family_of
from configurator.core.uncertainty import Band, error_bands, headline_bands
from configurator.core.view.numbers import span
from configurator.report.language import (
    CLASS_LABELS,
    LINK_LABELS,
    OPTIMIZER_LABELS,
    RECIPE_LABELS,
    RECOMPUTE_LABELS,
    VGPU_LABELS,
    WORKLOAD_LABELS,
    Words,
)
from configurator.report.parts import (
    SourceList,
    Table,
    count,
    gib,
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
        text += ", " + w("{n} experts, {k} per token", n=m.n_experts, k=m.experts_per_token)
    return text


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
        (w("Parallelism"), f"{w('tensor parallel')} {p.tp}, {w('pipeline parallel')} {p.pp}, "
                           f"{w('data parallel')} {s.data_parallel}, {w('ZeRO stage')} {p.zero}"),
    ]


def _training_workload(est: Estimate, w: Words) -> Table:
    t = est.scenario.training
    rows = [
        *_model_rows(est, w),
        (w("Token budget"), w("{n} tokens", n=tokens_text(t.tokens))),
        (w("Recipe"), f"{w(RECIPE_LABELS[t.recipe.value])}, {w(OPTIMIZER_LABELS[t.optimizer.value])}, "
                      f"{w('recomputation')} {w(RECOMPUTE_LABELS[t.recompute.value])}"),
        (w("Batch"), f"{w('micro-batch')} {t.micro_batch}, {w('sequence')} {t.seq_len} {w('tokens')}, "
                     f"{w('gradient accumulation')} {t.grad_accum}"),
    ]
    return Table("workload", w("Workload and model"), ("", ""), tuple(rows))


def _serving_workload(est: Estimate, w: Words) -> Table:
    v = est.scenario.serving
    rows = [*_model_rows(est, w),
            (w("Serving load"), f"{w('context')} {v.context} {w('tokens')}, {w('users')} {v.concurrency}, "
                                f"{w('prompt')} {v.prompt_tokens} {w('tokens')}, {w('answer')} "
                                f"{v.output_tokens} {w('tokens')}")]
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


def _memory_type(card) -> str:
    match = re.match(r"[A-Za-z]+\d*[A-Za-z]?", card.memory_type or "")
    return match.group(0) if match and match.group(0).lower() != "not" else ""


def _card_rows(est: Estimate, w: Words, sources: SourceList, usable: bool) -> list[tuple[str, str]]:
    c, link = est.card, est.card.interconnect
    board = f" ({c.gpus_per_board} {w('GPUs per board')})" if c.gpus_per_board > 1 else ""
    cited = " ".join(filter(None, (sources.cite(s) for s in c.sources[:4])))
    return [
        (w("Card"), f"{c.vendor} {c.name}{board}"),
        (w("Class"), w(CLASS_LABELS[c.category])),
        (w("Memory"), f"{c.memory_gb:g} GB {_memory_type(c)}".rstrip()
         + (f" ({w('{n} usable', n=gib(est.memory.capacity))})" if usable else "")),
        (w("Board power"), f"{num(c.tdp_w)} W" if c.tdp_w else "—"),
        (w("Card-to-card link"), w(LINK_LABELS.get(link.link, link.link))
         + (f", {num(link.link_gbps)} GB/s" if link.link_gbps else "")),
        (w("Confidence"), w(c.confidence)),
        (w("Sources"), cited or "—"),
    ]


def _compute_card(est: Estimate, w: Words, sources: SourceList) -> list[tuple[str, str]]:
    """The card for AI work: memory it leaves usable, bandwidth and the peak at the math precision."""
    c, rows = est.card, _card_rows(est, w, sources, usable=True)
    peak = c.peak_tflops(est.plan.math) if est.plan.math else None
    unit = "TOPS" if est.plan.math and est.plan.math.value.startswith("int") else "TFLOP/s"
    rows[3:3] = [
        (w("Memory bandwidth"), f"{num(c.bandwidth_gbps)} GB/s" if c.bandwidth_gbps else "—"),
        (w("Peak at {precision}", precision=est.plan.math.value.upper() if est.plan.math else "—"),
         f"{num(peak)} {unit} ({w('dense')})" if peak else "—"),
    ]
    return rows


def _graphics_card(est: Estimate, w: Words, sources: SourceList) -> list[tuple[str, str]]:
    """The card for graphics work: FP32 shading, video engines, vGPU and ECC."""
    c, rows = est.card, _card_rows(est, w, sources, usable=False)
    v = c.video
    engines = f"{count(v.nvenc)} NVENC, {count(v.nvdec)} NVDEC, AV1 {w('encode')}: {_yes_no(v.av1_encode, w)}"
    rows[4:4] = [
        (w("FP32 shading"), f"{num(c.fp32_tflops)} TFLOP/s" if c.fp32_tflops else "—"),
        (w("Video engines"), engines),
        (w("vGPU"), w(VGPU_LABELS[c.vgpu]) if c.vgpu else "—"),
        (w("ECC"), _yes_no(c.ecc, w)),
    ]
    return rows


CARD_ROWS = {"training": _compute_card, "serving": _compute_card, "desktops": _graphics_card,
             "video": _graphics_card, "rendering": _graphics_card}
"""The card's specs that matter to each family."""


def card_table(est: Estimate, w: Words, sources: SourceList) -> Table:
    rows = CARD_ROWS[family_of(est.scenario.workload).name](est, w, sources)
    return Table("card", w("Card"), ("", ""), tuple(rows))


def _yes_no(value: bool | None, w: Words) -> str:
    return "—" if value is None else (w("yes") if value else w("no"))


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
    the rows (benchmarks/accuracy.py ids); graphics: no calibration data."""
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
        rows.append((what, numbers, ", ".join(band.row_ids)))
    note = w("Likely: 80 % of the calibration rows were measured within the range (10th to 90th percentile of "
             "measured / predicted; calibration data of {date}); where the rows were all off the same way, the "
             "range need not hold the estimate.", date=error_bands()["data_date"] or "—")
    return Table("bands", w("How far the numbers can be trusted"),
                 (w("Calibration rows"), w("Numbers"), w("Rows")), tuple(rows), note=note)


def speed_table(est: Estimate, w: Words, view: View | None = None) -> Table:
    """The speed (training, serving) or capacity (graphics) rows of the estimate's view model."""
    return view_table((view or estimate_view(est)).section("speed"), w.language)
