"""Plain-text tables for the command line (every number with its unit)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from configurator.core.catalog import Card, Catalog
from configurator.core.economics import host_watts
from configurator.core.estimate import Estimate
from configurator.core.units import GIB
from configurator.core.view.card_view import card_view
from configurator.core.view.estimate_view import estimate_view, plain, speed_row
from configurator.core.view.rows import View, label, write
from configurator.core.view.words import words
from configurator.core.workloads import family_of
from configurator.report.language import Words
from configurator.report.parts import duration, num
from configurator.report.parts import money as _money


ENGLISH = Words("en")


def _num(value: float | None, unit: str) -> str:
    return "—" if value is None else f"{num(value)} {unit}"


def _duration(hours: float | None) -> str:
    return duration(hours, ENGLISH)


def _rows(rows: Iterable[tuple[str, str]]) -> str:
    rows = list(rows)
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"  {k:<{width}}  {v}" for k, v in rows)


def _assumptions_ai(est: Estimate) -> list[tuple[str, str]]:
    s, c = est.scenario, est.costs
    a, e = s.assumptions, s.economics
    return [
        ("efficiencies", f"matmul {a.matmul_efficiency:.0%}, attention {a.attention_efficiency:.0%}, "
                         f"bandwidth {a.bandwidth_efficiency:.0%}, "
                         f"decode bandwidth {a.decode_bandwidth_efficiency:.0%}, "
                         f"prefill {a.prefill_efficiency:.0%}, links {a.link_efficiency:.0%}"),
        ("memory", f"CUDA context {a.cuda_context_gib:g} GiB, allocator reserve {a.allocator_overhead:.0%} "
                   f"({a.allocator_overhead_recompute:.0%} with full recompute)"),
        ("facility", f"PUE {e.pue:g}, average board power {e.power_fraction:.0%} of TDP, "
                     f"servers {host_watts(est.card, s):,.0f} W each besides their cards, electricity "
                     f"{e.electricity_per_kwh:g} {e.currency}/kWh, amortised over {e.amortisation_years:g} years"),
        ("prices", f"card {_money(c.prices.card_price, c.currency)} ({c.prices.card_price_date or 'no date'}), "
                   f"cloud {_money(c.prices.cloud_per_hour, c.currency)}/card-hour "
                   f"({c.prices.cloud_price_date or 'no date'}); midpoints of quoted ranges"),
    ]


def _assumptions_graphics(est: Estimate) -> list[tuple[str, str]]:
    a = est.scenario.assumptions
    return [("video engines", f"{a.encoder_fps_1080p:g} 1080p frames/s per NVENC at P4, "
                              f"{a.decoder_fps_1080p:g} per NVDEC, {a.video_surfaces_per_stream} surfaces/stream"),
            ("vGPU", f"at most {a.max_vgpus_per_gpu} per GPU; consumer cards {a.consumer_encode_sessions} "
                     "encode sessions per server")]


ASSUMPTIONS = {"training": _assumptions_ai, "serving": _assumptions_ai, "desktops": _assumptions_graphics,
               "video": _assumptions_graphics, "rendering": _assumptions_graphics}
"""The editable defaults behind each family's numbers (the command line's last table, in English:
the assumptions' own names, as the scenario file spells them)."""


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal: two for each wide (CJK) character."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _aligned(rows: Iterable[tuple[str, str]]) -> str:
    rows = list(rows)
    width = max(_width(k) for k, _ in rows)
    return "\n".join(f"  {k}{' ' * (width - _width(k))}  {v}" for k, v in rows)


def view_text(view: View, language: str = "en", details: bool = True) -> list[str]:
    """A view model as lines of text: the heading, the verdict, and each section's rows."""
    lines = [write(view.heading, language), write(view.verdict, language)]
    for section in view.sections:
        rows = section.shown(details)
        if rows:
            lines += [label(section.title, language),
                      _aligned((label(r.label, language), write(r.value, language)
                                + (f" ({write(r.note, language)})" if r.key == "per_unit" and r.note else ""))
                               for r in rows)]
    return lines


def estimate_table(est: Estimate, language: str = "en") -> str:
    """A readable summary of one estimate: its view model (memory, speed or capacity, power and
    cost), then the assumptions and the warnings."""
    w = words(language)
    parts = view_text(estimate_view(est), language)
    parts += [w("Assumptions (editable defaults)"),
              _rows(ASSUMPTIONS[family_of(est.scenario.workload).name](est))]
    if est.messages:
        parts += [w("Warnings"), "\n".join(f"  - {w.message(m)}" for m in est.messages)]
    return "\n".join(parts)


def catalog_table(cards: Iterable[Card], catalog: Catalog) -> str:
    """One line per card."""
    lines = [f"Catalog {catalog.version} ({catalog.date})",
             f"{'id':16} {'class':11} {'memory':>9} {'GB/s':>7} {'BF16 TF':>8} {'TDP W':>6}  {'conf.':11} "
             f"{'stack':8} {'China':16} name"]
    for c in cards:
        stack = c.software.stack.split(" ")[0] if c.software else "n/a"
        china = c.export_control.china if c.export_control else "n/a"
        lines.append(
            f"{c.id:16} {c.category:11} {c.memory_gb:>6g} GB {c.bandwidth_gbps or 0:>7g} "
            f"{c.bf16_tflops or 0:>8g} {c.tdp_w or 0:>6g}  {c.confidence:11} {stack:8} {china:16} {c.name}"
        )
    lines.append("0 = not published or not supported")
    return "\n".join(lines)


def card_details(card: Card, language: str = "en") -> str:
    """Every spec of one card, with its prices, software, export status and sources: the card's
    view model (the card browser's details) as text; a row's note (a price's source) follows its
    value."""
    view = card_view(card)
    lines = [write(view.heading, language), write(view.verdict, language)]
    for section in view.sections:
        lines.append(label(section.title, language))
        rows = [(label(r.label, language), write(r.value, language)
                 + (f" — {write(r.note, language)}" if r.note else "")) for r in section.rows]
        if any(name for name, _ in rows):
            lines.append(_aligned((name, value) for name, value in rows if name))
        lines += [f"  - {value}" for name, value in rows if not name]  # a list: the sources
    return "\n".join(lines)


def recommendation_table(result) -> str:
    """Ranked configurations, one line each, with the winner's reasons."""
    lines = [f"Ranked by {result.objective.value} (lower is better)",
             f"{'#':>2} {'cards':>6}  {'card':34} {'class':11} {'time or TPOT':>14} {'score':>12}  limits"]
    for index, rec in enumerate(result.ranked, 1):
        est = rec.estimate
        row = speed_row(est)
        speed = "—" if row is None else write(plain(row.value))
        lines.append(f"{index:>2} {rec.count:>6}  {rec.card.name[:34]:34} {rec.card.category:11} {speed:>14} "
                     f"{rec.score:>12.4g}  {rec.reasons[0].text if rec.reasons else ''}")
    if result.ranked:
        lines.append("Why the first:")
        lines += [f"  - {m.text}" for m in result.ranked[0].reasons]
    else:
        lines.append("No card meets the scenario's constraints.")
    lines.append(f"{len(result.rejected)} cards left out; see --json for why.")
    return "\n".join(lines)


LOSES_BY = {"tie": "as fast; the simpler layout is preferred", "bubble": "more pipeline bubble", "communication": "more exposed communication",
            "recomputation": "recomputes more", "compute": "slower kernels (smaller micro-batch or more overhead)"}
"""Why a layout loses to the planner's choice, in words."""


def plan_table(plan, chosen: Estimate) -> str:
    """The planner's best layouts for one card and count, with the step-time breakdown."""
    t = chosen.training
    head = (f"{chosen.scenario.count} × {chosen.card.name}: global batch {num(plan.global_batch_tokens)} tokens, "
            f"{plan.candidates:,} layouts tried, {plan.fitting:,} fit")
    lines = [head, "", f"  {'tp':>3} {'pp':>3} {'vp':>3} {'cp':>3} {'ep':>3} {'dp':>6} {'zero':>4} {'recompute':>9} "
             f"{'mb':>4} {'accum':>5} {'memory':>10} {'step':>9} {'MFU':>6}  loses by"]
    for x in plan.layouts:
        lines.append(f"  {x.tp:>3} {x.pp:>3} {x.vp:>3} {x.cp:>3} {x.ep:>3} {x.dp:>6} {x.zero:>4} {x.recompute.value:>9} "
                     f"{x.micro_batch:>4} {x.grad_accum:>5} {x.memory_bytes / GIB:>6.1f} GiB {x.step_s:>7.3f} s "
                     f"{100 * x.mfu:>5.1f}%  {LOSES_BY.get(x.loses_by, 'chosen') if x.loses_by else 'chosen'}")
    if t is not None:
        lines += ["", "Chosen layout, step-time breakdown (exact estimate):", _rows([
            ("step", _num(t.step_time_s, "s")), ("compute", _num(t.compute_s, "s")),
            ("memory traffic", _num(t.memory_traffic_s, "s")),
            ("tensor parallel (exposed)", _num(t.tensor_parallel_s, "s")),
            ("data parallel (exposed)", _num(t.data_parallel_s, "s")),
            ("pipeline point-to-point", _num(t.pipeline_p2p_s, "s")),
            ("context parallel ring (exposed)", _num(t.context_parallel_s, "s")),
            ("expert parallel all-to-all", _num(t.expert_parallel_s, "s")),
            ("CPU offload (exposed)", _num(t.offload_s, "s")), ("optimizer", _num(t.optimizer_s, "s")),
            ("pipeline bubble", f"{100 * t.bubble_fraction:.1f} %"), ("MFU", f"{100 * t.mfu:.1f} %"),
            ("time for the job", _duration(t.hours))])]
    return "\n".join(lines)
