"""A card's class in words where a table or a card's details name it: its one class (``Card.category``), and the
classes its vendor also positions it for (``Card.also_classes``, each with the vendor's sentence) —
"Inference card (also training, graphics)" for the NVIDIA L40S. One phrase for the card browser, the catalog
table, the rankings and the configuration summary, in both languages."""

from __future__ import annotations

from functools import reduce

from configurator.core.card import Card, ClassPositioning
from configurator.core.view.names import CLASSES
from configurator.core.view.rows import Phrase, Row, Value

FURTHER_CLASSES = {"training": "training", "inference": "inference", "graphics": "graphics",
                   "workstation": "workstation", "edge": "edge"}
"""Label ids of a class a vendor also positions a card for, as the class label's parenthesis names it."""

FURTHER_WORK = {frozenset({"finetune", "lora", "qlora"}): "fine-tuning"}
"""Label ids of a class's work a vendor names alone (``ClassPositioning.workloads``): the L40S's fine-tunes."""

ALSO_CLASSES = "{card_class} (also {classes})"
"""The class label of a card its vendor positions for further classes: its class, then those."""

ALSO_CLASSES_BRIEF = "{card_class} …"
"""The class label of such a card where a table has no room for the further classes (the ranking at 1280 px): its
class, an ellipsis saying there is more, the whole label in the cell's tooltip."""

BOTH = "{one}, {other}"
"""Two classes of a list ('training, graphics'; '训练、图形')."""


def further_label(positioning: ClassPositioning) -> str:
    """The label id of a class a vendor also positions a card for, or of the part of its work the vendor names."""
    return FURTHER_WORK.get(frozenset(positioning.workloads), FURTHER_CLASSES[positioning.card_class])


def class_label(card: Card) -> Value:
    """``card``'s class as a table names it: its class (:data:`~configurator.core.view.names.CLASSES`), and the
    classes its vendor also positions it for (:attr:`~configurator.core.card.Card.further_classes`) where there
    are any."""
    if not card.further_classes:
        return CLASSES[card.category]
    further = [further_label(p) for p in card.also_classes]
    classes = reduce(lambda one, other: Phrase(BOTH, {"one": one, "other": other}), further)
    return Phrase(ALSO_CLASSES, {"card_class": CLASSES[card.category], "classes": classes})


def class_label_brief(card: Card) -> Value:
    """``card``'s class as a narrow table names it: its class alone, marked :data:`ALSO_CLASSES_BRIEF` where
    :func:`class_label` names further classes."""
    if not card.further_classes:
        return CLASSES[card.category]
    return Phrase(ALSO_CLASSES_BRIEF, {"card_class": CLASSES[card.category]})


def positioning_rows(card: Card) -> tuple[Row, ...]:
    """One row per class the vendor also positions ``card`` for, its sentence and source the row's note."""
    return tuple(Row("Vendor also positions it for", further_label(p),
                     note=f"“{p.quote}” ({p.source}, {p.date})", key=f"also_classes.{p.card_class}")
                 for p in card.also_classes)
