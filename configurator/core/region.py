"""Whether a card can be delivered to the buyer's region (US export rules for China as stored
per card in the catalog's ``export_control``: a status to show, not legal advice)."""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.messages import Message, msg

DOMESTIC_VENDORS = frozenset({"Huawei", "Cambricon", "Biren", "Moore Threads", "Iluvatar CoreX", "MetaX", "Hygon",
                              "Alibaba T-Head"})
"""Vendors designing accelerators in mainland China (the 'domestic only' filter; a card of theirs
bought in China is no export to China: :func:`domestic`)."""

REGION_FOR_LANGUAGE = {"zh_CN": "cn"}
"""The region a language starts with (editable); languages not listed start with none."""

_BLOCKING = {"licence-required": "export-licence-required", "not-permitted": "export-not-permitted",
             "unknown": "export-status-unknown"}
"""China export status -> the message id that explains why a card cannot be planned on."""


def delivery_problem(card: Card, region: str | None) -> str | None:
    """The message id that stops ``card`` from being delivered to ``region``, or None.

    Only China is modelled: a card whose stored status for China is not ``permitted`` is kept
    out (licence required, not permitted, or unknown — the buyer may hold a licence and pin the
    card by hand). A card without a stored status is treated as unknown.
    """
    if region != "cn":
        return None
    status = card.export_control.china if card.export_control is not None else "unknown"
    return _BLOCKING.get(status)


def domestic(card: Card) -> bool:
    """Whether ``card`` is designed by a vendor based in mainland China (:data:`DOMESTIC_VENDORS`):
    bought in China it is no export to China, so no US export status is said of it (the ECCN 3A090
    status is an exporter's; until December 2026 a Chinese buyer of Ascend 910B cards read "ECCN
    3A090.a, TPP 5,120 — US export status as of 2026-12")."""
    return card.vendor in DOMESTIC_VENDORS


def delivery_params(card: Card) -> dict[str, str]:
    """What a delivery message names: the card and the date of its stored export status ("—"
    when none is stored)."""
    date = card.export_control.date if card.export_control is not None else None
    return {"card": card.name, "date": date or "—"}


def delivery_message(card: Card, region: str | None) -> Message | None:
    """Why ``card`` cannot simply be delivered to ``region`` (:func:`delivery_problem`), with
    :func:`delivery_params`, or None."""
    blocked = delivery_problem(card, region)
    return None if blocked is None else msg(blocked, **delivery_params(card))
