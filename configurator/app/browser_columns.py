"""The card browser's table columns (:mod:`configurator.app.browser`): each column's header, sort value
and shown text, and the words of a card they show (its export status, how far its figures and prices can
be trusted, its software stack), which the comparison (:mod:`configurator.app.browser_compare`) shows too."""

from __future__ import annotations

from collections.abc import Callable

from configurator.app import format as fmt
from configurator.app.browser_prices import PRICE_COLUMN, PriceTerms, card_name_text, price_column
from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.app.labels import named, vgpu_names
from configurator.core.catalog import Card
from configurator.core.procurement import card_price
from configurator.core.procurement.card_price import price_entry
from configurator.core.view.card_classes_view import class_label_brief
from configurator.core.view.card_view import CONFIDENCE, EXPORT, LINKS
from configurator.core.view.rows import label, write


def export_names() -> dict[str | None, str]:
    """The US export status for mainland China (the card view's words), '—' where not rated."""
    return {**named(EXPORT), None: "—"}


def confidence_names() -> dict[str | None, str]:
    """How far a card's specifications or a price can be trusted (the card view's words)."""
    return named(CONFIDENCE)


def stack_text(card: Card) -> str:
    """'CUDA — 13.x (sm_90)' (the stack and its version in the window's language) or '—'."""
    sw = card.software
    if sw is None:
        return "—"
    stack = label(sw.stack, current_language())
    return f"{stack} — {label(sw.version, current_language())}" if sw.version else stack


def china_text(card: Card) -> str:
    return export_names()[card.export_control.china if card.export_control else None]


def price_confidence_text(card: Card, accept_used: bool = False) -> str:
    """Confidence of the purchase and cloud prices the estimate uses, or the price note's absence
    (``accept_used``: the buyer takes used cards, so a used card's price may be the purchase price)."""
    names = confidence_names()
    bought = card_price.bought_purchase_price(card, accept_used)
    parts = [f"{basis}: {names[p.confidence]}" for basis, p in
             ((_tc("browser", "purchase"), bought.entry if bought else None),
              (_tc("browser", "cloud"), price_entry(card, "cloud-hourly")))
             if p is not None]
    return ", ".join(parts) or _tc("browser", "no price")


def catalog_columns(terms: Callable[[], PriceTerms] = PriceTerms
             ) -> list[tuple[str, Callable[[Card], object], Callable[[Card], str]]]:
    """(header, sort value, shown text) per column; ``terms``: what the price column is shown on now
    (whether the buyer takes used cards, the scenario's currency: :func:`ranked_price_text`)."""
    def num(getter, unit: str = ""):
        def shown(card: Card) -> str:  # a whole spec number whole: "24", not "24.0" above "128" (GB)
            value = getter(card)
            text = fmt.whole(value) if value is not None and float(value).is_integer() else fmt.significant(value)
            return "—" if value is None else f"{text}{unit}"
        return shown

    links = named(LINKS)
    columns = [
        (_tc("browser", "Card"), lambda c: c.name, card_name_text),
        (_tc("browser", "Vendor"), lambda c: c.vendor, lambda c: label(c.vendor, current_language())),  # 华为昇腾
        # the class alone, marked where the vendor also positions the card for more ('Inference card …'): the
        # whole label ran the price column 62-146 px past the table's edge (session 47); whole in its tooltip
        (_tc("browser", "Class"), lambda c: c.category, lambda c: write(class_label_brief(c), current_language())),
        (_tc("browser", "Memory [GB]"), lambda c: c.memory_gb, num(lambda c: c.memory_gb)),
        (_tc("browser", "Bandwidth [GB/s]"), lambda c: c.bandwidth_gbps or 0, num(lambda c: c.bandwidth_gbps)),
        (_tc("browser", "BF16 [TFLOP/s]"), lambda c: c.bf16_tflops or 0, num(lambda c: c.bf16_tflops)),
        (_tc("browser", "FP8 [TFLOP/s]"), lambda c: c.fp8_tflops or 0, num(lambda c: c.fp8_tflops)),
        (_tc("browser", "INT8 [TOPS]"), lambda c: c.int8_tops or 0, num(lambda c: c.int8_tops)),
        (_tc("browser", "FP4 [TFLOP/s]"), lambda c: c.fp4_tflops or 0, num(lambda c: c.fp4_tflops)),
        (_tc("browser", "Board power [W]"), lambda c: c.tdp_w or 0, num(lambda c: c.tdp_w)),
        (_tc("browser", "FP32 [TFLOP/s]"), lambda c: c.fp32_tflops or 0, num(lambda c: c.fp32_tflops)),
        (_tc("browser", "NVENC"), lambda c: c.video.nvenc or 0, num(lambda c: c.video.nvenc)),
        (_tc("browser", "RT cores"), lambda c: c.rt_cores or 0, num(lambda c: c.rt_cores)),
        (_tc("browser", "vGPU"), lambda c: c.vgpu or "", lambda c: vgpu_names().get(c.vgpu, "—")),
        (_tc("browser", "Card link"), lambda c: c.interconnect.link,
         lambda c: links.get(c.interconnect.link, c.interconnect.link)),
        (_tc("browser", "Link [GB/s]"), lambda c: c.interconnect.link_gbps or 0,
         num(lambda c: c.interconnect.link_gbps)),
        (_tc("browser", "Year"), lambda c: c.year or 0, lambda c: str(c.year or "—")),
        (_tc("browser", "Confidence"), lambda c: c.confidence, lambda c: confidence_names()[c.confidence]),
        (_tc("browser", "Software stack"), lambda c: c.software.stack if c.software else "",
         lambda c: label(c.software.stack, current_language()) if c.software else "—"),
        (_tc("browser", "Export to China"), lambda c: c.export_control.china if c.export_control else "", china_text),
    ]
    columns.insert(PRICE_COLUMN, price_column(terms))
    return columns
