"""Whether a card can be delivered to the buyer's region: US export rules for China as stored per
card in the catalog's ``export_control``, and China's own import stance as stored in its
``china_import`` (customs barring entry, regulators discouraging purchases) — statuses to show, not
legal advice."""

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


RENT_MARKET_HELD = {"cn": "cn"}
"""The rent market (``PriceEntry.market``) whose cards are already installed in the delivery region
(mainland China: a ``cn``-market rent is served from cards a mainland provider holds there)."""


RENTED_DESPITE = frozenset({"export-licence-required", "export-status-unknown"})
"""Delivery problems (:func:`delivery_problem`) a rent in the region's own market sets aside; a
card whose export there is not permitted (presumption of denial) stays out even rented, as bought:
cards of it installed there came in outside the licences the rule grants."""


def rented_where_held(card: Card, region: str | None, rent_market: str | None) -> bool:
    """Whether renting ``card`` at a rent of ``rent_market`` leaves nothing to deliver to
    ``region``: the cards are already installed there, in a provider's data centre (a
    ``cn``-market rent), and the US export status of the card (:func:`delivery_problem`) speaks of
    delivering new ones. The renter exports nothing: the Export Administration Regulations control
    the export, reexport and in-country transfer of items (15 CFR 734.13–734.16), and BIS's
    advanced-computing rules of 2022-10-07 and 2023-10-25 (88 FR 73458) did not make remote access to
    chips already abroad an export: the 2023 rule asked for comments on whether to restrict it
    (https://exportcompliancedaily.com/article/2024/02/05/bis-asked-to-hold-off-on-cloud-export-controls-clarify-chip-rules-2402020050),
    the IaaS proposed rule of 2024-01-29 (89 FR 5698) asks US providers to identify foreign customers,
    not Chinese clouds, and a bill to control remote access (Remote Access Security Act, introduced
    2024-05) is not a rule; the AI diffusion rule of 2025-01-15 (90 FR 4544), which reached further,
    was rescinded on 2025-05-13. End-use and end-user controls (15 CFR 744) still apply. A status
    note as of the catalog's dated status, not legal advice. A mainland cloud can rent
    only the cards it holds: A800/H800 shipped before the 2023-10 rule took effect, H20 sold
    until the licence requirement of 2025-04 and under licence since (the catalog's
    ``export_control`` note and date)."""
    if region is None or RENT_MARKET_HELD.get(region) is None:
        return False
    return rent_market == RENT_MARKET_HELD[region] and delivery_problem(card, region) in RENTED_DESPITE


def domestic(card: Card) -> bool:
    """Whether ``card`` is designed by a vendor based in mainland China (:data:`DOMESTIC_VENDORS`):
    bought in China it is no export to China, so no US export status is said of it (the ECCN 3A090
    status is an exporter's; until December 2026 a Chinese buyer of Ascend 910B cards read "ECCN
    3A090.a, TPP 5,120 — US export status as of 2026-12")."""
    return card.vendor in DOMESTIC_VENDORS


IMPORT_BARRED = "import-barred"
"""The message id of a card China's customs told importers may not enter mainland China
(``china_import.status`` "barred"): it is not recommended there, bought or rented (the cards a
provider there holds came in outside the entry customs refuses and outside the US licences, none of
which had delivered an H200 by 2026-02-24), and listed below the line with this reason first — unless
the cards a provider there holds came in lawfully before the bar (:func:`rented_despite_bar`): rented
there, then, with a caution."""

IMPORT_DISCOURAGED = "import-discouraged"
"""The message id of a card Chinese regulators told firms not to buy (``china_import.status``
"discouraged"): ranked where its US status lets it be, with this warning on its row, its bill and
the summary's first page."""


def import_stance(card: Card, region: str | None) -> str | None:
    """China's import stance on ``card`` ("barred", "discouraged") where ``region`` is mainland
    China and the catalog holds one; None otherwise (no stance known, or another region)."""
    if region != "cn" or card.china_import is None:
        return None
    return card.china_import.status


def import_barred(card: Card, region: str | None) -> bool:
    """Whether China's customs told importers ``card`` may not enter ``region`` (mainland China)."""
    return import_stance(card, region) == "barred"


def rented_despite_bar(card: Card, region: str | None) -> bool:
    """Whether ``card``, barred at China's customs (:func:`import_barred`), may still be rented in
    ``region`` from a provider that holds it: the cards held there came in lawfully, before the bar
    (``china_import.held_in_country``, :attr:`~configurator.core.card_trade.HeldInCountry.rentable`).
    Renting them imports nothing (a caution: no new supply comes in); buying stays barred. Cards that
    came in outside the US licences (the H200s, diverted while the US status was 'not permitted') are
    refused rented as bought."""
    held = card.china_import.held_in_country if card.china_import is not None else None
    return import_barred(card, region) and held is not None and held.rentable


def import_message(card: Card, region: str | None) -> Message | None:
    """China's import stance on ``card`` in words, dated (:data:`IMPORT_BARRED`,
    :data:`IMPORT_DISCOURAGED`), where ``region`` is mainland China and one is known; else None."""
    stance = import_stance(card, region)
    if stance is None:
        return None
    return msg(IMPORT_BARRED if stance == "barred" else IMPORT_DISCOURAGED, **import_params(card))


def import_params(card: Card) -> dict[str, str]:
    """What an import message names: the card and the date its stance was reported ("—" when none)."""
    return {"card": card.name, "import_date": card.china_import.date if card.china_import is not None else "—"}


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


def weighed_in(card: Card, region: str | None) -> bool:
    """Whether a buyer delivering to ``region`` weighs ``card`` and asks why a ranking leaves it out: in
    mainland China the cards of its own vendors (:func:`domestic`; a 设计院 asked "why not the domestic
    card?" and read only "62 cards left out; see --json for why", persona51). The one rule of which
    left-out cards a ranking names with their reasons; none elsewhere (only China is modelled)."""
    return region == "cn" and domestic(card)
