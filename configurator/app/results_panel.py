"""Headline numbers and warnings of the current estimate."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QGroupBox,
    QLabel,
    QListWidget,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from configurator.app import format as fmt
from configurator.app.i18n import message_text
from configurator.app.labels import (
    batching_names,
    comm_kind_names,
    engine_names,
    limit_names,
    offload_names,
    unit_names,
    weight_format_names,
)
from configurator.core.analysis import Analysis
from configurator.core.estimate import Estimate
from configurator.core.formats import FORMATS
from configurator.core.graphics import boards_needed, servers_needed
from configurator.core.uncertainty import Band, headline_bands, range_text

PERCENTILES_SHOWN = (50, 99)
"""Latency percentiles the key numbers show (the median and MLPerf's tail), with the one the
targets hold for when it is another."""


def _unbroken(text: str) -> str:
    """``text`` with no line break between a number and its unit, nor inside a hyphenated unit
    ("GPU-h"): no-break spaces and no-break hyphens (U+2011)."""
    return _UNIT_HYPHEN.sub("\u2011", text.replace(" ", "\u00a0"))


_UNIT_HYPHEN = re.compile(r"(?<=[A-Za-z])-(?=[A-Za-z])")
"""A hyphen between letters (a unit such as GPU-h), not a minus sign."""


class _NumbersArea(QScrollArea):
    """Asks for the whole height of its contents, so it scrolls only when the window is short."""

    def sizeHint(self):  # noqa: N802 - Qt's name
        hint = super().sizeHint()
        inner = self.widget()
        if inner is not None:  # wrapped labels are taller at the panel's width than their plain hint
            height = max(inner.sizeHint().height(), inner.heightForWidth(self.viewport().width()))
            hint.setHeight(height + 2 * self.frameWidth())
        return hint


class ResultsPanel(QWidget):
    """Right-hand panel: does it fit, how fast, how much power and money, and what to watch."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QVBoxLayout(self)
        # the numbers scroll rather than being squeezed: a long training estimate has more rows
        # (the exposed-communication breakdown) than a short window has room for
        numbers = QWidget()
        layout = QVBoxLayout(numbers)
        layout.setContentsMargins(0, 0, 0, 0)
        self.numbers_area = _NumbersArea()
        self.numbers_area.setWidget(numbers)
        self.numbers_area.setWidgetResizable(True)
        self.numbers_area.setFrameShape(QFrame.Shape.NoFrame)
        self.numbers_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Preferred, not Maximum: a Maximum item beside the warnings' stretch was squeezed to a line or two
        self.numbers_area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        outer.addWidget(self.numbers_area, 3)  # the numbers first, up to their height; then the warnings
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        font = self.verdict.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.verdict.setFont(font)
        layout.addWidget(self.verdict)
        self.layout_label = QLabel()
        self.layout_label.setWordWrap(True)
        self.layout_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.layout_label.setToolTip(self.tr("The parallel layout of this estimate: the planner's choices where "
                                             "a field is Auto, your values where you pinned them"))
        layout.addWidget(self.layout_label)
        self.values: dict[str, QLabel] = {}
        self.form_group = QGroupBox(self.tr("Key numbers"))
        self.form = QFormLayout(self.form_group)
        # a value too wide beside its label (a likely range) goes below it instead of past the panel's edge
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        layout.addWidget(self.form_group)
        layout.addStretch(1)
        warnings_group = QGroupBox(self.tr("Warnings"))
        warnings_layout = QVBoxLayout(warnings_group)
        self.warnings = QListWidget()
        self.warnings.setWordWrap(True)
        self.warnings.setAccessibleName(self.tr("Warnings"))
        warnings_layout.addWidget(self.warnings)
        self.warnings.setMinimumHeight(4 * self.warnings.fontMetrics().height())
        self.warnings.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)  # what the numbers leave
        outer.addWidget(warnings_group, 1)
        self.setMinimumWidth(280)

    def _graphics_rows(self, est: Estimate) -> list[tuple[str, str]]:
        g, c = est.graphics, est.costs
        if g.workload.value == "render":
            return [
                (self.tr("Time per frame"), fmt.duration(g.minutes_per_frame / 60) if g.minutes_per_frame else "—"),
                (self.tr("Frames per hour"), fmt.significant(g.served)),
                (self.tr("Time for the job"), fmt.duration(g.hours)),
                (self.tr("Per frame"), fmt.money(c.per_unit, c.currency)),
            ]
        unit, per_server = unit_names()[g.unit], est.scenario.parallelism.cards_per_node
        rows = [
            (self.tr("Per card"), f"{fmt.whole(g.per_card)} {unit}"),
            (self.tr("Limited by"), limit_names().get(g.limiting, g.limiting)),
            (self.tr("Carried"), self.tr("{served} of {demand} {unit}").format(
                served=fmt.whole(g.served), demand=fmt.whole(g.demand), unit=unit)),
            (self.tr("Cards needed"), fmt.whole(g.cards_needed)),
            (self.tr("Servers needed"), self.tr("{n} at %n card(s) each", "", per_server).format(
                n=fmt.whole(servers_needed(g.cards_needed, per_server)))),
        ]
        if est.card.gpus_per_board > 1:
            rows.append((self.tr("Boards needed"), fmt.whole(boards_needed(g.cards_needed, est.card))))
        if g.tflops_per_user is not None:
            rows.append((self.tr("FP32 per user"), self.tr("{0} TFLOP/s").format(fmt.significant(g.tflops_per_user))))
        per_unit = self.tr("Per user-month") if g.workload.value == "vdi" else self.tr("Per stream-hour")
        rows.append((per_unit, fmt.money(c.per_unit, c.currency)))
        return rows

    def layout_text(self, est: Estimate) -> str:
        """The layout the estimate uses (the planner's choices where Auto), on one line."""
        s = est.scenario
        par, t = s.parallelism, s.training
        parts = [self.tr("TP {0}").format(par.tp), self.tr("PP {0}").format(par.pp)]
        if par.virtual_stages > 1:
            parts.append(self.tr("interleave {0}").format(par.virtual_stages))
        if est.training:
            if par.cp > 1:
                parts.append(self.tr("CP {0}").format(par.cp))
            if par.ep > 1:
                parts.append(self.tr("EP {0}").format(par.ep))
            parts += [self.tr("DP {0}").format(s.data_parallel), self.tr("ZeRO {0}").format(par.zero)]
            offloaded = [name for field, name in offload_names().items() if getattr(t, field)]
            if offloaded:
                parts.append(self.tr("CPU offload: {0}").format(self.tr(", ").join(offloaded)))
            if t.recompute.value != "none":
                parts.append(self.tr("full recomputation") if t.recompute.value == "full"
                             else self.tr("selective recomputation"))
            parts += [self.tr("micro-batch {0} × {1}").format(t.micro_batch, t.grad_accum),
                      self.tr("global batch {0} M tokens").format(fmt.significant(s.global_batch_tokens / 1e6))]
        else:
            copies = s.data_parallel
            parts.append(self.tr("{prefill} prefill + {decode} decode copies").format(
                prefill=s.prefill_copies, decode=copies - s.prefill_copies) if s.prefill_copies
                else self.tr("%n copy(s)", "", copies))
            if s.parallelism.ep > 1:
                parts.append(self.tr("EP {0}").format(s.parallelism.ep))
            parts += [self.tr("batch {0} per copy").format(s.sequences_per_replica),
                      self.tr("step {0} tokens").format(s.serving.max_batched_tokens)]
        return " · ".join(parts)

    def _comm_rows(self, t) -> list[tuple[str, str]]:
        """One row per kind of exposed communication that takes at least 0.1 % of a step: its time
        per step and its share of the step."""
        names, step = comm_kind_names(), t.step_time_s
        return [(self.tr("· {0}").format(names[kind]),
                 self.tr("{time} ({share})").format(time=_unbroken(fmt.seconds(value)),
                                                    share=_unbroken(fmt.percent(value / step))))
                for kind, value in t.exposed_comm_seconds_by_kind.items() if value >= 0.001 * step]

    def _latency(self, percentiles: dict[int, float], median: float, target: int) -> str:
        """``p50 120 ms · p99 450 ms`` under the load, or the one figure where the core gives no spread."""
        if not percentiles:
            return fmt.seconds(median)
        return "\u00a0· ".join(_unbroken(self.tr("p{p} {time}").format(p=p, time=fmt.seconds(percentiles[p])))
                          for p in sorted({*PERCENTILES_SHOWN, target}) if p in percentiles)

    def _decode_tip(self, est: Estimate) -> str:
        """The decode-bandwidth assumption behind the decode speed, with its source."""
        serving, a = est.scenario.serving, est.scenario.assumptions
        profile = serving.profile
        engine = engine_names().get(serving.engine.value, serving.engine.value)
        # the two shares multiply as in serving_speed.decode_step_seconds (weights over bandwidth × c × s_w)
        return self.tr(
            "Decode reads the weights at {share} of the card's peak memory bandwidth ({peak} GB/s): {engine}'s "
            "kernels reach {stream} of the {achievable} a streaming copy achieves on the card (assumption "
            "'Decode bandwidth'); long KV caches are read at {kv}.\nEngine profile source: {source}").format(
            share=fmt.percent(a.decode_bandwidth_efficiency * profile.weight_stream_share),
            peak=fmt.significant(est.card.bandwidth_gbps), engine=engine,
            stream=fmt.percent(profile.weight_stream_share), achievable=fmt.percent(a.decode_bandwidth_efficiency),
            kv=fmt.percent(profile.kv_read_share), source=profile.source)

    def _serving_rows(self, est: Estimate) -> list[tuple[str, str] | tuple[str, str, str]]:
        i, serving, plan = est.inference, est.scenario.serving, est.plan
        engine = engine_names().get(serving.engine.value, serving.engine.value)
        if serving.engine_profile is not None:
            engine = self.tr("{0} (your profile)").format(engine)
        formats = weight_format_names()
        weights = "—" if plan.weight_format is None else self.tr("{format} · {bits} bit/weight").format(
            format=formats.get(plan.weight_format.value, plan.weight_format.value),
            bits=f"{plan.weight_bits or 0.0:.3g}")
        load = self.tr("Under a load of {0} requests/s (Poisson arrivals); batching: {1}").format(
            fmt.significant(i.load_per_s), batching_names().get(i.batching, i.batching)) \
            if i.load_per_s is not None else self.tr("On an idle copy")
        decode_tip = self._decode_tip(est)
        target = est.scenario.constraints.latency_percentile
        return [
            (self.tr("Engine"), engine, serving.profile.source),
            (self.tr("Weights"), weights, FORMATS[plan.weight_format].source if plan.weight_format else ""),
            (self.tr("Time to first token"), self._latency(i.ttft_percentiles_s, i.ttft_s, target), load),
            (self.tr("Time per output token"), self._latency(i.tpot_percentiles_s, i.tpot_s, target),
             load + "\n\n" + decode_tip),
            (self.tr("Output throughput"), fmt.tokens_per_s(i.tokens_per_s), decode_tip),
            (self.tr("Requests"), self.tr("{0} requests/s").format(fmt.significant(i.requests_per_s))),
            (self.tr("Largest concurrency that fits"), str(est.limits.max_concurrency)),
        ]

    def _rows(self, est: Estimate) -> list[tuple[str, str]]:
        m, c = est.memory, est.costs
        rows = [
            (self.tr("Memory per card"), self.tr("{need} of {allowed}").format(need=fmt.gib(m.total),
                                                                                 allowed=fmt.gib(m.budget))),
            (self.tr("Headroom"), fmt.percent(m.headroom)),
        ]
        if est.graphics is not None:
            rows += self._graphics_rows(est)
        elif est.training:
            t = est.training
            rows += [
                (self.tr("Throughput"), fmt.tokens_per_s(t.tokens_per_s)),
                (self.tr("Per card"), fmt.tokens_per_s(t.tokens_per_s_per_card)),
                (self.tr("Step time"), fmt.seconds(t.step_time_s)),
                (self.tr("MFU"), fmt.percent(t.mfu)),
                (self.tr("Exposed communication"), fmt.percent(t.exposed_comm_fraction)),
                *self._comm_rows(t),
                (self.tr("Time for the token budget"), fmt.duration(t.hours)),
                (self.tr("GPU-hours"), _unbroken(self.tr("{0} GPU-h").format(fmt.significant(t.gpu_hours)))),
                (self.tr("Largest micro-batch that fits"), str(est.limits.max_micro_batch)),
            ]
        elif est.inference:
            rows += self._serving_rows(est)
        period = self.tr("job") if est.hours is not None else self.tr("hour")
        tokens = [] if est.graphics is not None else [
            (self.tr("Per million tokens"), fmt.money(c.per_million_tokens, c.currency))]
        rows += [
            (self.tr("Board power"), fmt.watts(est.power.board_watts if est.power else None)),
            (self.tr("Energy per {0}").format(period), fmt.kwh(est.energy_kwh)),
            (self.tr("Purchase (cards only)"), fmt.money(c.purchase, c.currency)),
            (self.tr("Cloud per {0}").format(period), fmt.money(c.cloud, c.currency)),
            (self.tr("Electricity per {0}").format(period), fmt.money(c.energy, c.currency)),
            *tokens,
            (self.tr("Prices dated"), self.tr("card {card}, cloud {cloud}").format(
                card=c.prices.card_price_date or "—", cloud=c.prices.cloud_price_date or "—")),
        ]
        return self._with_bands(est, rows)

    def _band_tip(self, band: Band) -> str:
        """What the likely range is and the calibration rows behind it."""
        lines = [""]
        for row in band.row_ids:  # lines of about 100 characters, broken between rows only
            lines[-1] += (", " if lines[-1] else "") + row
            if len(lines[-1]) > 100:
                lines.append("")
        rows = ",\n".join(filter(None, lines))
        kinds = {"train-throughput": self.tr("training throughput"), "memory": self.tr("memory per card"),
                 "prefill": self.tr("prefill (time to first token)"),
                 "decode": self.tr("decode (time per output token)"), "serving-throughput": self.tr("serving throughput")}
        scales = {"1": self.tr("one card"), "2-64": self.tr("2 to 64 cards"), ">64": self.tr("more than 64 cards")}
        text = self.tr("Likely range: {n} calibration rows ({kind}, {scale}); 80 % of them were measured within "
                       "it (10th to 90th percentile of measured / predicted).").format(
            n=band.rows, kind=kinds.get(band.kind, band.kind), scale=scales.get(band.scale, band.scale))
        if band.scale_rows is not None:
            text += " " + self.tr("Only {0} rows at this scale: the range is the one over all scales.").format(
                band.scale_rows)
        if band.few_rows:
            text += " " + self.tr("Few rows: the range itself is uncertain.")
        return text + "\n" + self.tr("Rows: {0}").format(rows)

    def _with_bands(self, est: Estimate, rows: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
        """``rows`` with each headline number's likely range beside it and its rows in the tooltip
        (issue 14, part 9); graphics numbers say they have no calibration data."""
        bands, t, i = headline_bands(est), est.training, est.inference
        banded = {self.tr("Memory per card"): ("memory_total", fmt.gib, est.memory.total)}
        if est.graphics is not None:
            banded = {}
        elif t is not None:
            banded |= {self.tr("Throughput"): ("tokens_per_s", fmt.tokens_per_s, t.tokens_per_s),
                       self.tr("Per card"): ("tokens_per_s_per_card", fmt.tokens_per_s, t.tokens_per_s_per_card),
                       self.tr("Time for the token budget"): ("hours", fmt.duration, t.hours)}
        elif i is not None:
            banded |= {self.tr("Time to first token"): ("ttft_s", fmt.seconds, i.ttft_s),
                       self.tr("Time per output token"): ("tpot_s", fmt.seconds, i.tpot_s),
                       self.tr("Output throughput"): ("tokens_per_s", fmt.tokens_per_s, i.tokens_per_s)}
        out = []
        for label, text, *tip in rows:
            if est.graphics is not None and label == self.tr("Memory per card"):
                tip = [*tip, self.tr("No calibration data for graphics workloads: their numbers carry no "
                                     "likely range")]
            elif label in banded and banded[label][0] in bands:
                name, formatter, value = banded[label]
                band, shown = bands[name], formatter(value)
                if shown in text:  # the range beside the number
                    ends = range_text(formatter(band.low), formatter(band.high))
                    likely = self.tr("(likely {0})").format(_unbroken(ends))
                    text = text.replace(shown, f"{shown} {likely}", 1)
                else:  # a row of several figures (latency percentiles): the range as shares of each
                    text += " " + self.tr("(likely {low} to {high} of each)").format(
                        low=fmt.percent(band.low / value), high=fmt.percent(band.high / value))
                tip = [*tip, self._band_tip(band)]
            out.append((label, text, "\n\n".join(filter(None, tip))) if tip else (label, text))
        return out

    def update_from(self, analysis: Analysis) -> None:
        est = analysis.estimate
        count, name = est.scenario.count, est.card.name
        g = est.graphics
        if g is not None and est.fits and not g.meets_demand:
            text = (self.tr("{count} × {card} carries {served} of {demand} {unit}: %Ln card(s) needed", "",
                            g.cards_needed) if g.cards_needed is not None
                    else self.tr("{count} × {card} carries {served} of {demand} {unit}: no number of these cards "
                                 "carries it")).format(count=count, card=name, served=fmt.whole(g.served),
                                                       demand=fmt.whole(g.demand), unit=unit_names()[g.unit])
            colour = "#b00020"
        elif g is not None and est.fits:
            text = self.tr("{count} × {card} carries the load: {per_card} {unit} per card").format(
                count=count, card=name, per_card=fmt.whole(g.per_card) if g.workload.value != "render"
                else fmt.significant(g.per_card), unit=unit_names()[g.unit] if g.workload.value != "render"
                else self.tr("frames/h"))
            colour = "#1b7f3b"
        elif est.fits:
            text = self.tr("{count} × {card} fits, {headroom} headroom").format(
                count=count, card=name, headroom=_unbroken(fmt.percent(est.memory.headroom)))
            colour = "#1b7f3b"
        else:
            text = self.tr("{count} × {card} does not fit: {short} short per card").format(
                count=count, card=name, short=_unbroken(fmt.gib(est.memory.total - est.memory.budget)))
            colour = "#b00020"
        self.verdict.setText(text)
        self.layout_label.setVisible(g is None)
        if g is None:
            self.layout_label.setText(self.tr("Layout: {0}").format(self.layout_text(est)))
        if self.verdict.property("colour") != colour:  # a style sheet re-polishes the label: only on change
            self.verdict.setProperty("colour", colour)
            self.verdict.setStyleSheet(f"color: {colour};")
        rows = self._rows(est)
        if [row[0] for row in rows] != list(self.values):
            while self.form.rowCount():
                self.form.removeRow(0)
            self.values = {}
            for label, *_ in rows:
                field = QLabel()
                field.setWordWrap(True)
                field.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                self.values[label] = field
                self.form.addRow(label, field)
        for label, value, *tip in rows:  # a third element: the value's tooltip (its basis or source)
            self.values[label].setText(value)
            self.values[label].setToolTip(tip[0] if tip else "")
        warnings = [message_text(m) for m in est.messages] or [self.tr("No warnings")]
        if warnings != [self.warnings.item(i).text() for i in range(self.warnings.count())]:
            self.warnings.clear()
            self.warnings.addItems(warnings)
        self.numbers_area.updateGeometry()  # its height follows the rows
