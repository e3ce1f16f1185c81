"""The cost chart: every catalog card that fits, cost against time or latency, and its axis' words
(:mod:`configurator.app.charts` holds the charts' common frame)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QWidget

from configurator.app import format as fmt
from configurator.app.chart_axes import log_view_range
from configurator.app.chart_legend import title_key
from configurator.app.charts import PALETTE, Chart, family_view, written
from configurator.app.labels import CLASS_COLOURS, class_names
from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.core.view.card_names import card_name
from configurator.core.view.family_view import FIRST_SHOWN
from configurator.core.view.rows import write

if TYPE_CHECKING:  # the estimator loads with the first analysis, after the window has painted
    from configurator.core.analysis import Analysis


class CostScatter(Chart):
    """Every catalog card that fits: cost against time (training) or latency (inference)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, money_sides=("left",))
        self.setLogMode(x=True, y=True)
        self.showGrid(x=False, y=False)
        self.points = pg.ScatterPlotItem(size=11, hoverable=True, hoverSize=15, tip=self._tip)
        self._brushes = {kind: pg.mkBrush(colour) for kind, colour in CLASS_COLOURS.items()}
        self.addItem(self.points)
        self.chosen = pg.ScatterPlotItem(size=20, symbol="o", brush=None, pen=pg.mkPen(PALETTE["chosen"], width=2))
        self.addItem(self.chosen)
        self.getPlotItem().vb.disableAutoRange()
        self._family = FIRST_SHOWN  # until the first analysis
        self._currency = "USD"
        self._basis: str | None = None
        self._ranking = "tco"  # the basis the ranking ranks on ('cloud' by rent: core.analysis.ranking_basis)
        self._years: float | None = None
        self._cost_unit = "job"
        self._workload = None  # the analysed workload, whose family's pace the TCO axis names
        self._desks = False  # the desktops are workstations at the users' desks: the TCO axis names their bill
        self._classes: tuple[str, ...] = tuple(CLASS_COLOURS)
        self.retranslate()

    def set_title(self, text: str) -> None:
        names = class_names()  # lines break between classes
        key = title_key([(colour, "●", names[k]) for k, colour in CLASS_COLOURS.items() if k in self._classes])
        self.setTitle(f"{text}<br><span style='font-size:7pt'>{key}</span>", size="9pt")  # the title wraps (chart_fit)

    def retranslate(self) -> None:
        self.set_title(written(self._family.charts.cost_title))
        self.setLabel("bottom", written(self._family.charts.cost_axis))
        pace = None  # before the first analysis: no workload, and the estimator not loaded (the frame paints first)
        if self._workload is not None:
            from configurator.core.workloads import family_of  # here, as view_of: loaded by the first analysis

            pace = family_of(self._workload).pace  # a job that ends: its pace
        self.setLabel("left", cost_axis_label(self._cost_unit, self._basis, self._currency, self._years))
        from configurator.core.view.cost_bases import chart_basis_note

        full = cost_axis_tooltip(self._cost_unit, self._basis, self._currency, self._years, pace, self._desks)
        self.getPlotItem().getAxis("left").setToolTip(full)
        note = chart_basis_note(self._basis, self._years, self._ranking)  # off the ranking's basis: said on hover
        self.setToolTip(full + (f"\n\n{write(note, current_language())}" if note is not None else ""))

    def _fit_view(self, positions: list[tuple[float, float]]) -> None:
        """Show every point with a margin; the range changes only when the points move out of it."""
        x_range = log_view_range([x for x, _ in positions])
        y_range = log_view_range([y for _, y in positions])
        view = (tuple(round(v, 2) for v in x_range), tuple(round(v, 2) for v in y_range))
        if view != getattr(self, "_view", None):
            self._view = view
            self.setRange(xRange=x_range, yRange=y_range, padding=0)

    def update_from(self, analysis: Analysis) -> None:
        family = family_view(analysis)
        currency = analysis.estimate.costs.currency
        classes = tuple(k for k in CLASS_COLOURS if any(p.card.category == k for p in analysis.catalog_points))
        # one basis per chart, the chosen card's (core.analysis keeps only the points on it), named on the axis
        basis = next((p.basis for p in analysis.catalog_points), analysis.estimate.costs.basis)
        unit = next((p.cost_unit for p in analysis.catalog_points), self._cost_unit)
        years = analysis.estimate.scenario.economics.amortisation_years
        from configurator.core.desks import at_desks

        from configurator.core.analysis import ranking_basis

        scenario = analysis.estimate.scenario
        shown = (family, currency, classes, basis, unit, years, scenario.workload, at_desks(scenario),
                 ranking_basis(scenario))
        if shown != (self._family, self._currency, self._classes, self._basis, self._cost_unit, self._years,
                     self._workload, self._desks, self._ranking):
            (self._family, self._currency, self._classes, self._basis, self._cost_unit, self._years,
             self._workload, self._desks, self._ranking) = shown
            self.retranslate()
        points = analysis.catalog_points
        scale = family.charts.cost_x_scale  # milliseconds per token; hours; cards
        xs = [math.log10(p.x_value * scale) for p in points]
        ys = [math.log10(p.cost) for p in points]
        # as arrays, one shared brush per class and each point's words written when it is hovered:
        # a spot dictionary, brush and tooltip text per card took most of the chart's update (issue 28)
        data = np.empty(len(points), dtype=object)
        data[:] = [(p, currency) for p in points]
        self.points.setData(x=xs, y=ys, brush=[self._brushes[p.card.category] for p in points], data=data)
        self._fit_view(list(zip(xs, ys, strict=True)))
        chosen = [i for i, p in enumerate(points) if p.card.id == analysis.estimate.card.id]
        self.chosen.setData([xs[i] for i in chosen], [ys[i] for i in chosen])

    def _tip(self, x: float, y: float, data) -> str:
        """A point's tooltip: the card and its class, its time and its cost, in the window's language."""
        point, currency = data
        time_text = written(self._family.charts.cost_x_text(point.x_value))
        shown = card_name(point.card.name, current_language())
        named = _tc("charts", "{card} ({card_class})").format(card=shown, card_class=class_names()[point.card.category])
        return f"{named}\n{time_text}, {fmt.money(point.cost, currency)}"


def cost_axis_label(cost_unit: str, basis: str | None, currency: str, years: float | None = None) -> str:
    """The cost axis with its basis named briefly ('Cost per job — TCO over 4 years [USD]',
    :func:`~configurator.core.view.cost_bases.axis_per_unit_label`), in the window's language; the full
    name in the chart's tooltip (:func:`cost_axis_tooltip`)."""
    from configurator.core.view.cost_bases import axis_per_unit_label

    return f"{write(axis_per_unit_label(cost_unit, basis, years), current_language())} [{fmt.axis_currency(currency)}]"


def cost_axis_tooltip(cost_unit: str, basis: str | None, currency: str, years: float | None = None,
                      pace: str | None = None, desks: bool = False) -> str:
    """The cost axis's full name, the chart's tooltip: on the ranking's basis the TCO over ``years``, for a
    job that ends at its family's ``pace`` "if the cards render at this pace all 4 years"; ``desks``:
    workstations at the users' desks, their bill named — the words the results panel and the summary name
    the same figure by (core.view.cost_bases), in the window's language."""
    from configurator.core.view.cost_bases import per_unit_label

    label = per_unit_label(cost_unit, basis, years, pace, desks=desks)
    return f"{write(label, current_language())} [{fmt.axis_currency(currency)}]"
