"""A card's licence fee and production status in words (:mod:`configurator.core.card_trade`): the
clause the region check and the card page say of the fee, and the caution a card recommended for
purchase carries when it is no longer (or not yet) made. Qt-free; the templates are in
:mod:`configurator.core.messages_region`, English and Chinese."""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurator.core.messages import Message, msg

if TYPE_CHECKING:
    from configurator.core.card import Card
    from configurator.core.card_trade import LicenceFee

PAYER_MESSAGES = {"vendor": "fee-paid-by-vendor", "buyer": "fee-paid-by-buyer", None: "fee-payer-unknown"}
"""Who pays a licence fee (``LicenceFee.paid_by``) -> the message id that says so."""

SUPPLY_CAUTIONS = {"production-halted": "supply-production-halted", "end-of-life": "supply-end-of-life",
                   "announced": "supply-announced"}
"""A production status other than in production (``Availability.status``) -> its caution's message id."""

FEE_PARAMS = ("share", "basis", "paid_by", "since")
"""The fields of a licence fee a region verdict carries, each as ``licence_fee_<field>``."""


def fee_params(fee: LicenceFee | None) -> dict:
    """The licence fee as a region verdict's parameters (``licence_fee_share`` [1], ``licence_fee_basis``,
    ``licence_fee_paid_by``, ``licence_fee_since``); empty without a fee."""
    return {} if fee is None else {f"licence_fee_{name}": getattr(fee, name) for name in FEE_PARAMS}


def fee_message(share: float | None, basis: str, paid_by: str | None, since: str) -> Message:
    """The fee in words: "licences come with a 15% share of the sales to the US government, since
    2025-08-08: paid by the vendor (not added to the prices here)"; ``share`` [1] None: its size not
    reported."""
    payer = msg(PAYER_MESSAGES[paid_by])
    if share is None:
        return msg("licence-fee-size-unknown", since=since, payer=payer)
    return msg(f"licence-fee-{basis}", share=share, since=since, payer=payer)


def licence_fee_message(fee: LicenceFee | None) -> Message | None:
    """:func:`fee_message` of a catalog entry's fee, None without one."""
    return None if fee is None else fee_message(fee.share, fee.basis, fee.paid_by, fee.since)


def fee_from_params(params: dict) -> Message | None:
    """:func:`fee_message` from a region verdict's parameters (:func:`fee_params`), None without a fee."""
    if "licence_fee_since" not in params:
        return None
    return fee_message(*(params[f"licence_fee_{name}"] for name in FEE_PARAMS))


def supply_caution(card: Card) -> Message | None:
    """The caution a card recommended for purchase carries when new cards are not made (production
    halted, end of life) or not yet shipping (announced), dated as reported; None in production or
    where the catalog records no status."""
    availability = card.availability
    if availability is None or availability.in_production:
        return None
    return msg(SUPPLY_CAUTIONS[availability.status], card=card.name, date=availability.date)
