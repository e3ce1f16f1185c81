"""The summary's note on which cards its alternatives were drawn from when the buyer narrowed
the ranking (the cards named, domestic vendors only, vendors, classes, frameworks): the same filters the
recommendation used (``report --domestic-only``, the panel's switches)."""

from __future__ import annotations

from configurator.core.catalog import load_catalog
from configurator.core.recommend_filters import DOMESTIC_VENDORS, Filters
from configurator.core.scenario import Workload
from configurator.core.view.card_names import card_name
from configurator.core.workloads import family_of
from configurator.report.language import CLASS_LABELS, Words
from configurator.report.language import sentences as _sentences


def filters_note(filters: Filters | None, w: Words, workload: Workload | None = None) -> str:
    """Which cards the alternatives were drawn from when the buyer narrowed them: 'Only cards of
    vendors based in mainland China are compared.' (``--domestic-only``), 'Only cards of Huawei,
    Moore Threads are compared.' (``--vendor``), the frameworks and classes asked for (classes
    only where they are not ``workload``'s default ones, which the recommendation panel always
    names); empty without filters (every card of the workload's classes)."""
    if filters is None:
        return ""
    defaults = () if workload is None else tuple(family_of(workload).default_classes[workload])
    said = []
    if filters.domestic_only:
        said.append(w("Only cards of vendors based in mainland China are compared ({vendors}).",
                      vendors=w.label(", ").join(w.label(v) for v in sorted(DOMESTIC_VENDORS))))
    if filters.cards:  # the cards the buyer named (--cards), by the reader's name of each
        said.append(w("Only the cards named are compared: {cards}.",
                      cards=w.label(", ").join(named_cards(filters.cards, w.language))))
    if filters.vendors:  # each vendor in the reader's language (core/view/words_vendors.py)
        said.append(w("Only cards of {vendors} are compared.",
                      vendors=w.label(", ").join(w.label(v) for v in filters.vendors)))
    if filters.classes and tuple(filters.classes) != defaults:
        said.append(w("Only these card classes are compared: {classes}.",
                      classes=w.label(", ").join(w(CLASS_LABELS[c]) for c in filters.classes)))
    if filters.software:
        said.append(w("Only cards whose software runs {frameworks} are compared.",
                      frameworks=w.label(", ").join(filters.software)))
    return _sentences(w, *said)


def named_cards(card_ids, language: str) -> list[str]:
    """The reader's name of each card of ``card_ids`` ('H20 96GB (China export SKU)', '昇腾 910B'), the id
    itself for one the catalog lacks."""
    catalog = load_catalog()
    return [card_name(catalog.get(i).name, language) if i in catalog else i for i in card_ids]
