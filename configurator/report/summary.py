"""The configuration summary as data: built once from an Estimate and its alternatives.

Renderers (:mod:`configurator.report.render`) turn it into HTML (for the printed/PDF
document), Markdown, CSV and JSON. No Qt here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date

from configurator import __version__
from configurator.core.catalog import Card, Catalog
from configurator.core.economics import host_watts
from configurator.core.estimate import Estimate, carrying_whole_load, estimate
from configurator.core.graphics import boards_needed, graphics_unsuitable, servers_needed
from configurator.core.recommend import DEFAULT_CLASSES
from configurator.core.units import GIB
from configurator.report.language import CLASS_LABELS, VGPU_LABELS, WORKLOAD_LABELS, Words

MAX_ALTERNATIVES = 5


@dataclass(frozen=True)
class Table:
    """A titled table; ``image`` names a chart to draw below it."""

    key: str
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    image: str | None = None


@dataclass(frozen=True)
class Summary:
    """Everything the summary says, already in the chosen language."""

    language: str
    title: str
    meta: tuple[tuple[str, str], ...]
    recommendation: str
    tables: tuple[Table, ...]
    warnings: tuple[str, ...]
    estimate: Estimate
    alternatives: tuple[Estimate, ...] = field(default=())


# ---- number formatting ----------------------------------------------------------------


def num(value: float | None, digits: int = 3) -> str:
    """About ``digits`` significant digits with thousands separators; '—' for unknown."""
    if value is None:
        return "—"
    if value == 0:
        return "0"
    magnitude = len(str(int(abs(value)))) if abs(value) >= 1 else 0
    return f"{value:,.{max(0, digits - magnitude)}f}"


def count(value: float | None) -> str:
    """A whole number with thousands separators; '—' for unknown."""
    return "—" if value is None else f"{round(value):,}"


def money(value: float | None, currency: str) -> str:
    return "—" if value is None else f"{value:,.{2 if abs(value) < 100 else 0}f} {currency}"


def duration(hours: float | None, w: Words) -> str:
    if hours is None:
        return "—"
    if hours < 1:
        return f"{num(hours * 60)} {w('min')}"
    if hours < 48:
        return f"{num(hours)} {w('h')}"
    return f"{num(hours / 24)} {w('days')} ({num(hours, 4)} {w('h')})"


def gib(n_bytes: float) -> str:
    return f"{num(n_bytes / GIB)} GiB"


# ---- alternatives -----------------------------------------------------------------------


def _cost(est: Estimate, basis: str | None = None) -> float | None:
    """Job cost (training), cost per million tokens (inference) or per graphics unit; None
    without a price, or when ``basis`` is given and the estimate's prices are of another kind
    (cloud vs owned)."""
    if est.graphics is not None:
        per_unit = est.costs.per_unit
        return None if per_unit is None or (basis is not None and est.costs.basis != basis) else per_unit
    per_million = est.costs.per_million_tokens
    if per_million is None or (basis is not None and est.costs.basis != basis):
        return None
    return per_million * est.scenario.training.tokens / 1e6 if est.training else per_million


def alternatives(chosen: Estimate, catalog: Catalog, limit: int = MAX_ALTERNATIVES) -> tuple[Estimate, ...]:
    """The best other cards for the same scenario and count: those that fit, cheapest first on
    the same price basis as the recommendation (cloud or owned), then fastest."""
    others = [_alternative(chosen, card) for card in catalog.cards if card.id != chosen.card.id]
    fitting = [e for e in others if e is not None and e.usable and e.throughput]
    basis = chosen.costs.basis

    def rank(e: Estimate) -> tuple:
        cost = _cost(e, basis)
        return cost is None, cost or 0.0, -(e.tokens_per_s or 0.0)

    fitting.sort(key=rank)
    return tuple(fitting[:limit])


def _alternative(chosen: Estimate, card: Card) -> Estimate | None:
    """The chosen scenario on ``card``: same count, or (desktops, streams) as many cards as
    the whole load needs; for graphics work only the classes the recommendation considers
    (no training or consumer cards)."""
    est = estimate(chosen.scenario, card)
    g = est.graphics
    if g is None:
        return est
    if card.is_consumer or graphics_unsuitable(g.workload, card) or card.category not in DEFAULT_CLASSES[g.workload]:
        return None
    return carrying_whole_load(est)


def comparison_reason(alt: Estimate, chosen: Estimate, w: Words) -> str:
    """How an alternative compares with the chosen configuration, in numbers."""
    reasons = []
    if alt.training and chosen.training:
        ratio = alt.training.hours / chosen.training.hours
        reasons.append(w("{x}× the time", x=f"{ratio:.2f}"))
    elif alt.inference and chosen.inference:
        ratio = alt.inference.tpot_s / chosen.inference.tpot_s
        reasons.append(w("{x}× the time", x=f"{ratio:.2f}"))
    elif alt.hours and chosen.hours:
        reasons.append(w("{x}× the time", x=f"{alt.hours / chosen.hours:.2f}"))
    alt_cost, chosen_cost = _cost(alt, chosen.costs.basis), _cost(chosen)
    if alt_cost is None:
        priced = alt.costs.per_unit if alt.graphics else alt.costs.per_million_tokens
        reasons.append(w("no comparable price") if priced else w("no price known"))
    elif chosen_cost:
        reasons.append(w("{x}× the cost", x=f"{alt_cost / chosen_cost:.2f}"))
    if alt.card.confidence == "low":
        reasons.append(w("low-confidence specifications"))
    return "; ".join(reasons)


# ---- the summary ------------------------------------------------------------------------


def _recommendation(est: Estimate, w: Words) -> str:
    s = est.scenario
    head = w("{count} × {card} ({nodes} node(s))", count=s.count, card=est.card.name, nodes=s.nodes)
    if est.fits:
        fit = w("fits with {headroom} headroom", headroom=f"{100 * est.memory.headroom:.0f} %")
    else:
        fit = w("does NOT fit: {short} short per card", short=gib(est.memory.total - est.memory.budget))
    if est.graphics is not None:
        return f"{head} — {fit}; {graphics_verdict(est, w)}"
    if est.training:
        speed = w("{time} for {tokens} tokens", time=duration(est.training.hours, w),
                  tokens=num(s.training.tokens / 1e9) + " B")
    elif est.inference:
        speed = w("{rps} requests/s, {tpot} per output token", rps=num(est.inference.requests_per_s),
                  tpot=f"{num(est.inference.tpot_s * 1000)} ms")
    else:
        speed = "—"
    return f"{head} — {fit}; {speed}"


def graphics_verdict(est: Estimate, w: Words) -> str:
    """One line: how much of the load the cards carry, or how long the render takes."""
    g = est.graphics
    if g.workload.value == "render":
        return w("{minutes} per frame, {time} for {frames} frames", minutes=f"{num(g.minutes_per_frame)} {w('min')}",
                 time=duration(g.hours, w), frames=count(g.demand))
    return w("{served} of {demand} {unit}, {per_card} per card (limited by {limit})", served=count(g.served),
             demand=count(g.demand), unit=w(g.unit), per_card=count(g.per_card), limit=w(g.limiting))


def _graphics_workload_rows(est: Estimate, w: Words) -> list[tuple[str, str]]:
    g, kind = est.scenario.graphics, est.scenario.workload.value
    if kind == "vdi":
        return [(w("Users"), count(g.users)), (w("vGPU profile"), f"{g.profile_gib:g} GiB"),
                (w("Shading load per user"), f"{num(g.shading_tflops_per_user)} TFLOP/s FP32")]
    if kind == "transcode":
        video = f"{g.resolution} {num(g.fps)} fps {g.codec.value.upper()} {g.preset.value.upper()}"
        return [(w("Streams"), count(g.streams)), (w("Video"), video),
                (w("Decoded on the card"), w("yes") if g.decode else w("no"))]
    return [(w("Scene"), f"{num(g.scene_gib)} GiB"), (w("Frames"), count(g.frames)),
            (w("Reference"), w("{minutes} per frame on {card} ({tflops} TFLOP/s FP32)",
                               minutes=f"{num(g.reference_minutes_per_frame)} {w('min')}", card=g.reference_card,
                               tflops=num(g.reference_fp32_tflops))),
            (w("Output"), f"{g.render_width} × {g.render_height}, {g.render_layers} {w('layers')}")]


def _workload_table(est: Estimate, w: Words) -> Table:
    s, m = est.scenario, est.scenario.model
    if s.workload.is_graphics:
        rows = [(w("Workload"), w(WORKLOAD_LABELS[s.workload.value])), *_graphics_workload_rows(est, w)]
        return Table("workload", w("Workload"), ("", ""), tuple(rows))
    p = s.parallelism
    workload = w(WORKLOAD_LABELS[s.workload.value])
    rows = [
        (w("Workload"), workload),
        (w("Model"), m.name),
        (w("Parameters"), f"{num(m.total_params() / 1e9, 4)} B" + (
            f" ({num(m.active_params() / 1e9)} B active)" if m.is_moe else "")),
        (w("Architecture"), m.summary()),
        (w("Precision"), f"{est.plan.requested.value.upper()} → "
                         f"{est.plan.math.value.upper() if est.plan.math else '—'}"),
        (w("Parallelism"), f"{w('tensor parallel')} {p.tp}, {w('pipeline parallel')} {p.pp}, "
                           f"{w('data parallel')} {s.data_parallel}, {w('ZeRO stage')} {p.zero}"),
    ]
    if s.workload.is_training:
        t = s.training
        rows += [
            (w("Recipe"), f"{t.recipe.value}, {t.optimizer.value}, {w('recomputation')} {t.recompute.value}"),
            (w("Batch"), f"{w('micro-batch')} {t.micro_batch}, {w('sequence')} {t.seq_len} {w('tokens')}, "
                         f"{w('gradient accumulation')} {t.grad_accum}"),
        ]
    else:
        v = s.serving
        rows.append((w("Serving load"), f"{w('context')} {v.context}, {w('concurrency')} {v.concurrency}, "
                                        f"{w('prompt')} {v.prompt_tokens}, {w('answer')} {v.output_tokens}"))
    return Table("workload", w("Workload and model"), ("", ""), tuple(rows))


def _card_table(est: Estimate, w: Words) -> Table:
    c = est.card
    peak = c.peak_tflops(est.plan.math) if est.plan.math else None
    unit = "TOPS" if est.plan.math and est.plan.math.value.startswith("int") else "TFLOP/s"
    link = c.interconnect
    if est.graphics is not None:
        return Table("card", w("Card"), ("", ""), tuple(_graphics_card_rows(est, w)))
    rows = (
        (w("Card"), f"{c.vendor} {c.name}"),
        (w("Class"), w(CLASS_LABELS[c.category])),
        (w("Memory"), f"{c.memory_gb:g} GB {c.memory_type or ''} ({gib(est.memory.capacity)} usable)"),
        (w("Memory bandwidth"), f"{num(c.bandwidth_gbps)} GB/s" if c.bandwidth_gbps else "—"),
        (w("Peak at {precision}", precision=est.plan.math.value.upper() if est.plan.math else "—"),
         f"{num(peak)} {unit} (dense)" if peak else "—"),
        (w("Board power"), f"{num(c.tdp_w)} W" if c.tdp_w else "—"),
        (w("Card-to-card link"), f"{link.link}, {num(link.link_gbps)} GB/s" if link.link_gbps else link.link),
        (w("Confidence"), c.confidence),
        (w("Sources"), "; ".join(c.sources[:3]) + (f" (+{len(c.sources) - 3})" if len(c.sources) > 3 else "")),
    )
    return Table("card", w("Card"), ("", ""), rows)


def _yes_no(value: bool | None, w: Words) -> str:
    return "—" if value is None else (w("yes") if value else w("no"))


def _graphics_card_rows(est: Estimate, w: Words) -> list[tuple[str, str]]:
    c, v = est.card, est.card.video
    engines = f"{count(v.nvenc)} NVENC" + (f" ({w('gen.')} {v.nvenc_generation})" if v.nvenc_generation else "")
    engines += f", {count(v.nvdec)} NVDEC" + (f" ({w('gen.')} {v.nvdec_generation})" if v.nvdec_generation else "")
    engines += f", AV1 {w('encode')}: {_yes_no(v.av1_encode, w)}"
    board = f" ({c.gpus_per_board} {w('GPUs per board')})" if c.gpus_per_board > 1 else ""
    return [
        (w("Card"), f"{c.vendor} {c.name}{board}"),
        (w("Class"), w(CLASS_LABELS[c.category])),
        (w("Memory"), f"{c.memory_gb:g} GB {c.memory_type or ''}"),
        (w("FP32 shading"), f"{num(c.fp32_tflops)} TFLOP/s" if c.fp32_tflops else "—"),
        (w("Ray-tracing cores"), count(c.rt_cores) if c.rt_cores is not None else "—"),
        (w("Video engines"), engines),
        (w("Display outputs"), count(c.display_outputs) if c.display_outputs is not None else "—"),
        (w("vGPU"), w(VGPU_LABELS[c.vgpu]) if c.vgpu else "—"),
        (w("ECC"), _yes_no(c.ecc, w)),
        (w("Board power"), f"{num(c.tdp_w)} W" if c.tdp_w else "—"),
        (w("Confidence"), c.confidence),
        (w("Sources"), "; ".join(c.sources[:3]) + (f" (+{len(c.sources) - 3})" if len(c.sources) > 3 else "")),
    ]


GRAPHICS_MEMORY_LABELS = {"vdi": "vGPU frame buffers", "transcode": "Video surfaces", "render": "Scene and output"}


def _memory_table(est: Estimate, w: Words) -> Table:
    m = est.memory
    if est.graphics is not None:
        rows = (
            (w(GRAPHICS_MEMORY_LABELS[est.scenario.workload.value]), gib(m.graphics)),
            (w("Overhead"), gib(m.overhead)),
            (w("Total"), gib(m.total)),
            (w("Allowed"), f"{gib(m.budget)} — {w('Fits')}: {w('yes') if m.fits else w('no')}"),
        )
        return Table("memory", w("Memory per card"), ("", ""), rows, image="memory")
    rows = (
        (w("Weights"), gib(m.weights)),
        (w("Gradients"), gib(m.gradients)),
        (w("Optimizer states"), gib(m.optimizer)),
        (w("Activations"), gib(m.activations)),
        (w("KV cache"), gib(m.kv_cache)),
        (w("Overhead"), gib(m.overhead)),
        (w("Not at the same time"), ("−" if m.not_concurrent else "") + gib(m.not_concurrent)),
        (w("Total"), gib(m.total)),
        (w("Allowed"), f"{gib(m.budget)} — {w('Fits')}: {w('yes') if m.fits else w('no')}"),
    )
    return Table("memory", w("Memory per card"), ("", ""), rows, image="memory")


def _graphics_speed_rows(est: Estimate, w: Words) -> tuple[tuple[str, str], ...]:
    g = est.graphics
    if g.workload.value == "render":
        return ((w("Time per frame"), f"{num(g.minutes_per_frame)} {w('min')}"),
                (w("Frames per hour"), num(g.served)),
                (w("Time for the job"), duration(g.hours, w)))
    unit = w(g.unit)
    rows = [(w("Per card"), f"{count(g.per_card)} {unit}"), (w("Limited by"), w(g.limiting))]
    rows += [(f"— {w(name)}", f"{count(value)} {unit}" if value is not None else "—") for name, value in g.capacities]
    rows += [(w("Carried"), f"{count(g.served)} / {count(g.demand)} {unit}"),
             (w("Cards needed"), count(g.cards_needed) if g.cards_needed else "—"),
             (w("Servers needed"), w("{n} at {per} cards each", n=count(servers_needed(
                 g.cards_needed, est.scenario.parallelism.cards_per_node)),
                 per=est.scenario.parallelism.cards_per_node) if g.cards_needed else "—")]
    if est.card.gpus_per_board > 1:
        rows.append((w("Boards needed"), count(boards_needed(g.cards_needed, est.card))))
    if g.tflops_per_user is not None:
        rows.append((w("FP32 per user"), f"{num(g.tflops_per_user)} TFLOP/s"))
    return tuple(rows)


def _speed_table(est: Estimate, w: Words) -> Table:
    if est.graphics is not None:
        return Table("speed", w("Capacity"), ("", ""), _graphics_speed_rows(est, w), image="scaling")
    if est.training:
        t = est.training
        rows = (
            (w("Throughput"), w("{n} tokens/s", n=num(t.tokens_per_s))),
            (w("Per card"), w("{n} tokens/s", n=num(t.tokens_per_s_per_card))),
            (w("Step time"), f"{num(t.step_time_s)} s"),
            (w("MFU"), f"{100 * t.mfu:.1f} %"),
            (w("Time for the token budget"), duration(t.hours, w)),
            (w("GPU-hours"), f"{num(t.gpu_hours, 4)} GPU-h"),
        )
    elif est.inference:
        i = est.inference
        rows = (
            (w("Time to first token"), f"{num(i.ttft_s * 1000)} ms"),
            (w("Time per output token"), f"{num(i.tpot_s * 1000)} ms"),
            (w("Throughput"), w("{n} tokens/s", n=num(i.tokens_per_s))),
            (w("Requests"), w("{n} requests/s", n=num(i.requests_per_s))),
        )
    else:
        rows = ((w("Throughput"), "—"),)
    return Table("speed", w("Speed and time"), ("", ""), rows, image="scaling")


def _money_table(est: Estimate, w: Words) -> Table:
    job = est.training or (est.graphics and est.graphics.workload.value == "render")
    c, period = est.costs, w("per job") if job else w("per hour")
    power = est.power
    rows = (
        (w("Board power"), f"{num(power.board_watts)} W" if power else "—"),
        (w("Facility power"), f"{num(power.facility_watts)} W" if power else "—"),
        (f"{w('Energy')} ({period})", f"{num(est.energy_kwh)} kWh" if est.energy_kwh is not None else "—"),
        (w("Purchase (cards only)"), money(c.purchase, c.currency)),
        (f"{w('Cloud')} ({period})", money(c.cloud, c.currency)),
        (f"{w('Electricity')} ({period})", money(c.energy, c.currency)),
        (w(PER_UNIT_LABELS.get(est.scenario.workload.value, "Per million tokens")),
         money(c.per_unit if est.graphics else c.per_million_tokens, c.currency)
         + (f" ({c.basis})" if c.basis else "")),
        (w("Prices"), w("card {card}, cloud {cloud}", card=c.prices.card_price_date or "—",
                        cloud=c.prices.cloud_price_date or "—") + "; " + w("midpoints of quoted price ranges")),
    )
    return Table("money", w("Power, energy and cost"), ("", ""), rows)


def _alternatives_table(chosen: Estimate, alts: Sequence[Estimate], w: Words) -> Table:
    header = (w("Card"), w("Class"), w("Time"), w("Cost"), w("Power"), w("Compared with the recommendation"))
    rows = []
    for alt in alts:
        time = duration(alt.hours, w) if alt.hours is not None else (
            f"{num(alt.inference.tpot_s * 1000)} ms" if alt.inference else "—")
        rows.append((f"{alt.scenario.count} × {alt.card.name}", w(CLASS_LABELS[alt.card.category]), time,
                     money(_cost(alt, chosen.costs.basis), alt.costs.currency),
                     f"{num(alt.power.board_watts)} W" if alt.power else "—",
                     comparison_reason(alt, chosen, w)))
    return Table("alternatives", w("Alternatives"), header, tuple(rows))


def _facility_row(est: Estimate, w: Words) -> tuple[str, str]:
    e = est.scenario.economics
    return (w("Facility"), f"PUE {e.pue:g}, {w('average board power')} {e.power_fraction:.0%} TDP, "
                           f"{w('servers')} {num(host_watts(est.card, est.scenario))} W, {w('Electricity')} "
                           f"{e.electricity_per_kwh:g} {e.currency}/kWh, "
                           f"{w('amortised over {years} years', years=f'{e.amortisation_years:g}')}")


PER_UNIT_LABELS = {"vdi": "Per user-month", "transcode": "Per stream-hour", "render": "Per frame"}


def _assumptions_table(est: Estimate, w: Words) -> Table:
    a = est.scenario.assumptions
    if est.graphics is not None:
        rows = (
            (w("Video engines"), w("{enc} 1080p frames/s per encoder at P4, {dec} per decoder, {n} surfaces per stream",
                                   enc=num(a.encoder_fps_1080p), dec=num(a.decoder_fps_1080p),
                                   n=a.video_surfaces_per_stream)),
            (w("vGPU"), w("at most {n} vGPUs per GPU; consumer cards {s} encode sessions per server",
                          n=a.max_vgpus_per_gpu, s=a.consumer_encode_sessions)),
            _facility_row(est, w),
        )
        return Table("assumptions", w("Assumptions"), ("", ""), rows)
    rows = (
        (w("Efficiencies"), f"{w('matrix products')} {a.matmul_efficiency:.0%}, "
                            f"attention {a.attention_efficiency:.0%}, "
                            f"{w('decode bandwidth')} {a.decode_bandwidth_efficiency:.0%}, "
                            f"{w('prefill')} {a.prefill_efficiency:.0%}, {w('links')} {a.link_efficiency:.0%}"),
        (w("Overhead"), f"CUDA context {a.cuda_context_gib:g} GiB, allocator {a.allocator_overhead:.0%} "
                        f"({a.allocator_overhead_recompute:.0%} with full recomputation)"),
        _facility_row(est, w),
    )
    return Table("assumptions", w("Assumptions"), ("", ""), rows)


def build_summary(est: Estimate, catalog: Catalog, language: str = "en", today: date | None = None) -> Summary:
    """The whole summary of ``est`` in ``language`` ("en" or "zh_CN")."""
    w = Words(language)
    alts = alternatives(est, catalog)
    meta = (
        (w("Date"), (today or date.today()).isoformat()),
        (w("App version"), __version__),
        (w("Catalog"), f"{catalog.version} ({catalog.date})"),
        (w("Scenario"), est.scenario.name),
    )
    tables = (
        _workload_table(est, w), _card_table(est, w), _memory_table(est, w), _speed_table(est, w),
        _money_table(est, w), _alternatives_table(est, alts, w), _assumptions_table(est, w),
    )
    warnings = tuple(w.message(m) for m in est.messages) or (w("None"),)
    return Summary(language, w("Configuration summary"), meta, _recommendation(est, w), tables, warnings, est, alts)
