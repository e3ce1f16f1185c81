"""A chart's legend named in place: the same entries renamed, rather than built again."""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph as pg


def name_legend(legend: pg.LegendItem, entries: Sequence[tuple[pg.GraphicsObject, str]]) -> None:
    """``legend`` listing ``entries`` (a plot item and its name), in order. When it lists those
    items already (a language switch, a chart drawn again) each label is renamed where its name
    changed; else the legend is built again. Clearing and refilling a legend makes a label and a
    sample per entry and lays the legend out again at each: 10-12 ms of a chart's retranslation
    on the GUI thread (the memory chart, session 22), renaming its five entries ~3 ms."""
    if [sample.item for sample, _ in legend.items] != [item for item, _ in entries]:
        legend.clear()
        for item, name in entries:
            legend.addItem(item, name)
        # laid out now, not at the next turn of the event loop: the last entry's cell is placed only
        # when the layout is activated, and a chart grabbed before that (a summary's, never shown)
        # printed it at the legend's corner, over the first ("Usable capacity" over "Weights")
        legend.layout.activate()
        return
    renamed = False
    for (_, label), (_, name) in zip(legend.items, entries, strict=True):
        if label.text != name:
            label.setText(name)
            renamed = True
    if renamed:
        legend.updateSize()
        legend.layout.activate()
