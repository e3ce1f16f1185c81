"""The serving trade-off as the window and the summary show it (issue 29, part 1): the chart's
title, axes, series and note, each layout's name, and the front as a table, in either language;
the whole chart as one model (:func:`tradeoff_chart`) that the window's chart
(``app/tradeoff_chart.py``) and the summary's image (``report/tradeoff_image.py``) both draw.

Axes as NVIDIA's aiconfigurator draws them: x the speed one user sees (tokens/s per user, ``1 /
TPOT`` at the targets' percentile), y the throughput one card earns (tokens/s per GPU). The TPOT
target is a vertical line at ``1000 / tpot_ms``; the TTFT target has no axis, so layouts that miss
it (or the TPOT target, or the request rate) are drawn hollow, and the chart says so. Qt-free.
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.view import numbers
from configurator.core.view.card_names import card_name
from configurator.core.view.printable import display_width
from configurator.core.view.words import Words
from configurator.core.workloads.serving.pareto import ServingTradeoff, TradeoffPoint

AGGREGATED_COLOUR = "#1f77b4"
DISAGGREGATED_COLOUR = "#d62728"
FRONT_COLOUR = "#333333"
TARGET_COLOUR = "#2ca02c"
CHOSEN_COLOUR = "#ffbf00"
"""The chart's colours, the window's and the summary's: aggregated blue circles, disaggregated red
squares, the front a dark dashed line, the targets green, the chosen layout an amber star."""

AGGREGATED = "Aggregated (shared copies)"
DISAGGREGATED = "Disaggregated (prefill + decode pools)"
FRONT = "Pareto front"
CHOSEN = "Chosen layout"
MISSES = "Misses a target (hollow)"

OFF_FRONT = {
    "closest-to-targets": "The chosen layout is off the front: no layout meets the targets, and the planner chose "
                          "the one that misses them least (TTFT has no axis here).",
    "better-miss-targets": "The chosen layout is off the front: every layout that beats it on both axes misses a "
                           "target it meets.",
    "first-that-meets": "The chosen layout is off the front: with users alone (no request rate) the planner keeps "
                        "its first layout that meets every target; the layouts beyond it were weighed here "
                        "only.",
    "ranked-otherwise": "The chosen layout is off the front: the planner ranks by requests carried within the "
                        "targets.",
    "chosen-not-weighed": "The chosen layout was not among those weighed (no speed, or it does not fit).",
}
"""What the chart says when the chosen layout is off the front, by :attr:`ServingTradeoff.why_off_front`."""


NOTHING_DRAWN = {
    "no-layout-fits": "None of the {n} layouts weighed for {count} × {card} fits in memory: more cards, or a card "
                      "with more memory, would.",
    "no-layout-weighed": "No layout was weighed for {count} × {card}: there is nothing to draw.",
    "closest-breaks": "No configuration meets the constraints you set, so there is no layout to draw. The closest, "
                      "{config}, breaks: {reason}. Select it below the line to see its layouts, or loosen that "
                      "constraint.",
    "no-card-carries": "No card carries this load within the constraints you set, so there is no layout to draw: "
                       "loosen a constraint, or lighten the load.",
    "select-one": "Select a configuration in the table to see the layouts weighed for it.",
}
"""What the chart area says when it draws no layout, by why (the reason a buyer can act on, where
one is known): :func:`no_layout_text` for a trade-off without a point, :func:`nothing_selected_text`
for a ranking without a selected configuration."""


def no_layout_text(t: ServingTradeoff, w: Words) -> str:
    """What the chart says in place of its points when no layout weighed fits ('' when one does)."""
    if t.points:
        return ""
    names = {"count": numbers.count(t.count, w.language), "card": card_name(t.card_name, w.language)}
    if t.not_fitting:
        return w(NOTHING_DRAWN["no-layout-fits"], n=numbers.count(t.not_fitting, w.language), **names)
    return w(NOTHING_DRAWN["no-layout-weighed"], **names)


def nothing_selected_text(w: Words, ranked: bool, closest: tuple[int, str, str] | None = None) -> str:
    """What the chart says when no configuration is selected: with a ranking, to select one; with
    none, the closest configuration below the line — ``closest`` (count, card's name, the first
    constraint it breaks, written) — and what it breaks, else that no card carries the load."""
    if ranked:
        return w(NOTHING_DRAWN["select-one"])
    if closest is None:
        return w(NOTHING_DRAWN["no-card-carries"])
    count, card, reason = closest
    return w(NOTHING_DRAWN["closest-breaks"], config=f"{numbers.count(count, w.language)} × {card}",
             reason=reason.rstrip(".。"))


ONE_POINT = 0.02
"""Layouts this close on both axes (a share) are one point to the eye: the chart says there is nothing to trade."""


@dataclass(frozen=True)
class TradeoffChartText:
    """The chart's words in one language."""

    title: str
    x_axis: str
    y_axis: str
    aggregated: str
    disaggregated: str
    front: str
    chosen: str
    tpot_line: str | None
    """The TPOT target line's label (None without a TPOT target)."""
    note: str
    """How TTFT is applied, what is not drawn, why the chosen point is off the front."""


TTFT_ON_CHART = ("TTFT target {ms} ms (p{p}) has no axis here: layouts that miss it, the TPOT target or the request "
                 "rate are drawn hollow.",
                 "No TTFT target: layouts that miss the TPOT target or the request rate are drawn hollow.")
TTFT_IN_TABLE = ("TTFT target {ms} ms (p{p}) has no axis here: the last column says whether a layout meets it, the "
                 "TPOT target and the request rate.",
                 "No TTFT target: the last column says whether a layout meets the TPOT target and the request rate.")
"""How TTFT is applied, said under the chart and under the summary's table (with a target, without)."""


def chart_text(t: ServingTradeoff, w: Words, table: bool = False) -> TradeoffChartText:
    """The chart's title, axes (with units), series names, target line and note in ``w``'s language
    (``table``: the note for the summary's table of the front, which draws no points)."""
    p = t.percentile
    with_target, without = TTFT_IN_TABLE if table else TTFT_ON_CHART
    notes = [w(with_target, ms=numbers.significant(t.ttft_target_ms, 3, w.language), p=p) if t.ttft_target_ms
             else w(without)]
    if len(t.points) == 1:
        notes.append(w("One layout weighed: the layout is set, or no other fits this card and load."))
    elif t.points and all(max(v) <= (1 + ONE_POINT) * min(v) for v in
                          ([q.per_gpu for q in t.points], [q.per_user for q in t.points])):
        notes.append(w("The {n} layouts weighed lie within 2 % of one another: at this load there is nothing to "
                       "trade.", n=numbers.count(len(t.points), w.language)))
    if t.not_fitting:
        notes.append(w("Layouts weighed that do not fit in memory (not listed): {n}." if table else
                       "Layouts weighed that do not fit in memory (not drawn): {n}.",
                       n=numbers.count(t.not_fitting, w.language)))
    if t.why_off_front:
        notes.append(w(OFF_FRONT[t.why_off_front]))
    return TradeoffChartText(
        title=w("{count} × {card}: every layout weighed",
                count=numbers.count(t.count, w.language), card=card_name(t.card_name, w.language)),
        x_axis=w("Per user [tokens/s = 1 / TPOT p{p}]", p=p),
        y_axis=w("Per card [tokens/s per {chip}]", chip=t.chip_word),
        aggregated=w(AGGREGATED), disaggregated=w(DISAGGREGATED), front=w(FRONT), chosen=w(CHOSEN),
        tpot_line=w("TPOT target {ms} ms (p{p})", ms=numbers.significant(t.tpot_target_ms, 3, w.language), p=p)
        if t.tpot_target_ms else None,
        note=("" if w.language == "zh_CN" else " ").join(notes))  # Chinese sentences end in 。 and run on


def layout_name(p: TradeoffPoint, count: int, w: Words) -> str:
    """One layout in words: 'TP 4, batch 200, 8,192 tokens/step, KV engine default, prefill 12 +
    decode 4 cards' (pipeline and expert degrees named when above 1: 'TP 8 × PP 2')."""
    pools = w("prefill {prefill} + decode {decode} cards", prefill=p.prefill_cards, decode=count - p.prefill_cards) \
        if p.disaggregated else w("aggregated")
    parallel = " × ".join(f"{name} {n}" for name, n in (("TP", p.tp), ("PP", p.pp), ("EP", p.ep))
                          if n > 1 or name == "TP")
    return w("{parallel}, batch {batch}, {chunk} tokens/step, KV {kv}, {pools}",
             parallel=parallel, batch=numbers.count(p.batch, w.language),
             chunk=numbers.count(p.tokens_per_step, w.language),
             kv=p.kv_precision.upper() if p.kv_precision else w("engine default"), pools=pools)


def hover_text(p: TradeoffPoint, count: int, w: Words, chip: str = "GPU") -> str:
    """A point's hover: its layout, both axes with units (``chip``: the card's word for one chip,
    :attr:`ServingTradeoff.chip_word`), its TTFT and whether it meets the targets."""
    lines = [layout_name(p, count, w),
             w("{per_gpu} tokens/s per {chip}, {per_user} tokens/s per user", chip=chip,
               per_gpu=numbers.significant(p.per_gpu, 3, w.language),
               per_user=numbers.significant(p.per_user, 3, w.language)),
             w("TTFT {ttft} · meets targets: {answer}", ttft=ttft_cell(p, w),
               answer=w("yes") if p.meets_targets else w("no"))]
    if p.chosen:
        lines.insert(0, w(CHOSEN))
    return "\n".join(lines)


def ttft_cell(p: TradeoffPoint, w: Words, unit: bool = True) -> str:
    """A layout's time to first token [ms] (with its unit, or bare under a heading that has it); where the
    request rate exceeds what the layout carries, that its queue grows without bound, not a figure."""
    if p.overloaded:
        return w("queue grows without bound (rate over capacity)")
    if p.ttft_s >= 1e6:
        return "—"
    ms = numbers.significant(p.ttft_s * 1e3, 3, w.language)
    return w("{ms} ms", ms=ms) if unit else ms


def front_table(t: ServingTradeoff, w: Words) -> tuple[list[str], list[list[str]]]:
    """The front as a table: heading and rows (layout, tokens/s per GPU, per user, TTFT, targets met),
    fastest per user last; the chosen layout marked (and listed last when it is off the front);
    layouts at the same point one row (the chosen, else the shortest TTFT), with how many more lie there."""
    heading = [w("Layout"), w("tokens/s per {chip}", chip=t.chip_word), w("tokens/s per user"),
               w("TTFT p{p} [ms]", p=t.percentile),
               w("Meets targets")]
    alike: dict[tuple[float, float], list[TradeoffPoint]] = {}
    listed = [*t.front, *((t.chosen,) if t.chosen is not None and not t.chosen.on_front else ())]
    for p in listed:  # layouts the axes cannot tell apart (another engine step, same decode): one row
        alike.setdefault((round(p.per_gpu, 6), round(p.per_user, 6)), []).append(p)
    rows = []
    for group in alike.values():
        p = min(group, key=lambda q: (not q.chosen, q.ttft_s))
        name = layout_name(p, t.count, w) + (w(" (chosen)") if p.chosen and p.on_front else
                                             w(" (chosen, off the front)") if p.chosen else "")
        if len(group) > 1:
            name += w(" (+{n} alike on both axes)", n=len(group) - 1)
        rows.append([name, numbers.significant(p.per_gpu, 3, w.language),
                     numbers.significant(p.per_user, 3, w.language),
                     ttft_cell(p, w, unit=False), w("yes") if p.meets_targets else w("no")])
    return heading, rows


def front_text(t: ServingTradeoff, w: Words) -> str:
    """The front as plain text for the command line: a title, the table (columns aligned for wide
    CJK characters too), the note."""
    heading, rows = front_table(t, w)
    text = chart_text(t, w, table=True)
    widths = [max(display_width(r[i]) for r in [heading, *rows]) for i in range(len(heading))]
    lines = [text.title]
    if text.tpot_line:
        lines.append(text.tpot_line)
    lines += ["  ".join(c + " " * (widths[i] - display_width(c)) for i, c in enumerate(r)).rstrip()
              for r in [heading, *rows]]
    lines.append(text.note)
    return "\n".join(lines)


# ---- the chart as one model: the window draws it, the summary paints it ------------------------


@dataclass(frozen=True)
class ChartPoint:
    """One layout on the chart."""

    x: float
    """Speed one user sees [tokens/s per user]."""
    y: float
    """Throughput one card earns [tokens/s per GPU]."""
    filled: bool
    """Meets every target (drawn filled; hollow when it misses one)."""
    on_front: bool
    """On the Pareto front (drawn larger)."""
    hover: str
    """The layout in words, both axes with units, its TTFT (:func:`hover_text`)."""


@dataclass(frozen=True)
class PointSeries:
    """The layouts of one kind of pool, with their legend name, symbol and colour."""

    name: str
    symbol: str
    """``o`` a circle (aggregated), ``s`` a square (disaggregated)."""
    colour: str
    points: tuple[ChartPoint, ...]


@dataclass(frozen=True)
class TargetLine:
    """A target drawn as a line: ``axis`` ``x`` a vertical line at ``value`` on the x axis."""

    axis: str
    value: float
    name: str
    """The target as set: 'TPOT target 50.0 ms (p90)'."""
    bound: str
    """What it asks of the axis: 'at least 20.0 tokens/s per user'."""
    label: str
    """Both on one line, for a legend: 'TPOT target 50.0 ms (p90): at least 20.0 tokens/s per user'."""


@dataclass(frozen=True)
class TradeoffChart:
    """Everything the chart draws, in one language: the window and the summary read this."""

    text: TradeoffChartText
    series: tuple[PointSeries, ...]
    """Aggregated, then disaggregated layouts (a kind with no layout is left out)."""
    front: tuple[tuple[float, float], ...]
    """The front as (x, y) by speed per user, drawn as a line."""
    targets: tuple[TargetLine, ...]
    """The use's targets with an axis: the TPOT target as a minimum speed per user."""
    chosen: ChartPoint | None
    chosen_label: str
    """The chosen layout's short name, written beside its star ('Chosen layout: TP 4, batch 64, aggregated')."""
    misses: str
    """The legend's name for the hollow symbol (a layout that misses a target)."""
    x_max: float
    y_max: float
    """The axes' upper ends: every point and target inside [tokens/s per user, tokens/s per GPU]."""
    empty: str = ""
    """What the chart says in place of its points when no layout fits ('' when one does: :func:`no_layout_text`)."""


def chosen_label(p: TradeoffPoint, count: int, w: Words) -> str:
    """The chosen layout's short name: 'Chosen layout: TP 4, batch 64, aggregated'."""
    pools = w("prefill {prefill} + decode {decode} cards", prefill=p.prefill_cards, decode=count - p.prefill_cards) \
        if p.disaggregated else w("aggregated")
    parallel = " × ".join(f"{name} {n}" for name, n in (("TP", p.tp), ("PP", p.pp), ("EP", p.ep))
                          if n > 1 or name == "TP")
    return w("{chosen}: {parallel}, batch {batch}, {pools}", chosen=w(CHOSEN), parallel=parallel,
             batch=numbers.count(p.batch, w.language), pools=pools)


def tradeoff_chart(t: ServingTradeoff, w: Words) -> TradeoffChart:
    """The chart of ``t`` in ``w``'s language: each layout a point (x tokens/s per user, y tokens/s
    per GPU), aggregated and disaggregated apart, the front as a line, the TPOT target as a
    vertical line at its minimum speed per user, the chosen layout marked and named."""
    text = chart_text(t, w)

    def point(p: TradeoffPoint) -> ChartPoint:
        return ChartPoint(p.per_user, p.per_gpu, p.meets_targets, p.on_front, hover_text(p, t.count, w, t.chip_word))

    kinds = ((False, AGGREGATED, "o", AGGREGATED_COLOUR), (True, DISAGGREGATED, "s", DISAGGREGATED_COLOUR))
    series = tuple(PointSeries(w(name), symbol, colour, tuple(point(p) for p in t.points if p.disaggregated is pooled))
                   for pooled, name, symbol, colour in kinds)
    line = t.tpot_line
    targets = ()
    if line is not None:
        bound = w("at least {rate} tokens/s per user", rate=numbers.significant(line, 3, w.language))
        targets = (TargetLine("x", line, text.tpot_line, bound, text.tpot_line + w.label(": ") + bound),)
    chosen = t.chosen
    xs = [p.per_user for p in t.points] + ([line] if line else [])
    ys = [p.per_gpu for p in t.points]
    return TradeoffChart(
        text=text, series=tuple(s for s in series if s.points),
        front=tuple((p.per_user, p.per_gpu) for p in t.front), targets=targets,
        chosen=point(chosen) if chosen is not None else None,
        chosen_label=chosen_label(chosen, t.count, w) if chosen is not None else "",
        misses=w(MISSES), x_max=max(xs, default=1.0) * 1.1 or 1.0, y_max=max(ys, default=1.0) * 1.15 or 1.0,
        empty=no_layout_text(t, w))
