"""A chart's legend named in place: the same entries renamed, rather than built again."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pyqtgraph as pg

from configurator.core.cjk_spacing import CJK


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



def fit_columns(legend: pg.LegendItem, width_px: float, height_px: float, columns: int = 2) -> int:
    """Lay ``legend`` out in ``columns`` columns where they fit ``width_px`` (the view's width less the
    legend's offset [px]), else in one column where that fits ``height_px`` [px]; return the columns
    used. The memory chart's two columns were wider than its view at a 1200-pixel window and cut
    "Optimizer states", "Gradients (extra)" and "Usable capacity" at the view's edge; one column is
    taller, kept only where the view is tall enough for it (the short chart of a window with the
    recommendation panel open keeps two). Each layout's size is measured once per set of names: a
    layout changed back and forth at every resize cost ~3 ms of it."""
    wide, tall = _size(legend, columns), _size(legend, 1)
    chosen = columns if wide[0] <= width_px or not (tall[0] <= width_px and tall[1] <= height_px) else 1
    if legend.columnCount != chosen:
        legend.setColumnCount(chosen)
        legend.layout.activate()
    return chosen


def _size(legend: pg.LegendItem, columns: int) -> tuple[float, float]:
    """The (width, height) of ``legend`` laid out in ``columns`` columns [px], measured once per set
    of names (the legend is left in the layout it had)."""
    key = (tuple(label.text for _, label in legend.items), columns)
    sizes = getattr(legend, "sizes_by_columns", None)
    if sizes is None:
        sizes = legend.sizes_by_columns = {}
    if key not in sizes:
        shown = legend.columnCount
        legend.setColumnCount(columns)
        legend.layout.activate()
        sizes[key] = (legend.boundingRect().width(), legend.boundingRect().height())
        legend.setColumnCount(shown)
        legend.layout.activate()
    return sizes[key]


def legend_fits(legend: pg.LegendItem, width_px: float, height_px: float, columns: int = 2) -> bool:
    """Whether ``legend`` fits a view's corner in one of the layouts :func:`fit_columns` chooses between, within
    ``width_px`` × ``height_px`` [px]: ``columns`` columns, or one column (a legend taller than that covered the
    bars' counts and capacity lines of the memory chart in a Chinese window at 1280 × 720 with a dock open)."""
    layouts = (_size(legend, columns), _size(legend, 1))
    return any(width <= width_px and height <= height_px for width, height in layouts)


def title_key(entries: Sequence[tuple[str, str, str]]) -> str:
    """A chart's key as a line of rich text under its title, for a chart too small for its legend: each entry
    (colour, mark, name) as the mark in its colour and the name, a line breaking only between entries (the cost
    chart's key of card classes, the memory chart's parts where its legend would cover the bars)."""
    return " ".join(f"<span style='color:{colour}'>{mark}</span>&nbsp;{_unbroken(name)}"
                    for colour, mark, name in entries)


WORD_JOINER = "\u2060"
"""Between the characters of a key's name: no line break there (U+2060; Qt breaks Chinese between any two
characters, and a name's spaces are no-break spaces)."""


def _unbroken(name: str) -> str:
    """``name`` that no line breaks inside: no-break spaces, and a word joiner between the characters of a
    Chinese one."""
    name = name.replace(" ", "\u00a0")
    return WORD_JOINER.join(name) if re.search(f"[{CJK}]", name) else name


PHRASE_BREAK = re.compile(r"((?<=·) |(?<=[:,;]) |(?<=\)) | (?=\()|(?<=[，：；、])|(?=（)|(?<=）)(?![，：；、。）]))")
"""Where a caption's line may break: after a list's dot, a colon, comma or semicolon, around a bracket (a space
in English; in Chinese after '，：；、', before '（' and after '）' unless punctuation follows it)."""


def phrased(caption: str) -> str:
    """``caption`` that breaks only between its phrases (:data:`PHRASE_BREAK`), never inside one: a chart's
    line under its title. Qt breaks Chinese between any two characters: the scaling chart's caption read
    '每副本批|量 64' and '副|本数随卡数增减' in a Chinese window (session 51, look51)."""
    parts = PHRASE_BREAK.split(caption)
    return "".join(_unbroken(part) if index % 2 == 0 else part for index, part in enumerate(parts))
