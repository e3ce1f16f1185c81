"""A card's prices: one price observation (:class:`PriceEntry`) with its amount, currency, date, kind,
source and confidence, the words for what a price is (kind, condition, confidence, where a rent is sold) and
the currencies accepted. Part of the card's schema (:mod:`configurator.core.card`, which re-exports every
name here)."""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import Field, field_validator, model_validator

from configurator.core.calendar_date import checked_date
from configurator.core.frozen_model import FrozenModel
from configurator.core.messages import msg
from configurator.core.messages_said import said


PriceKind = Literal["street", "quote", "list", "launch", "msrp", "cloud-hourly"]
"""What a price is: ``street`` = what buyers pay now (resellers, used-market medians);
``quote`` = a vendor's quote to a buyer; ``list`` = a vendor's or OEM's list price (street is
typically lower); ``launch`` = the price announced at launch; ``msrp`` = a list price (the
catalog's older word for ``list``, still read); ``cloud-hourly`` = rent per card-hour."""
PriceCondition = Literal["new", "used", "refurbished"]
"""The state of the cards a purchase price buys: ``new`` = new cards from the vendor, a distributor
or a retailer (the default: a price row that says nothing is for new cards); ``used`` = second-hand
cards (a used-market or auction price, pulled or decommissioned modules); ``refurbished`` = used
cards a reseller has tested or reworked and sells again. A ranking and a bill of materials buy new
cards (:mod:`configurator.core.procurement.card_price`); a used or refurbished price is shown, never
ranked. A rent (``cloud-hourly``) is always ``new``: it buys no card."""
PRICE_CONDITIONS: tuple[str, ...] = get_args(PriceCondition)
PriceConfidence = Literal["high", "medium", "low"]
"""How far a price can be trusted: ``high`` = the seller's own published price (vendor list
price, a provider's rate card); ``medium`` = a dated report or aggregator of such prices;
``low`` = an estimate, an undated page, or a price derived from a system or kit."""
CloudMarket = Literal["cn", "global"]
"""Where a cloud rent (``cloud-hourly``) can be bought, set from the provider named in the price's
source: ``cn`` = a provider serving from mainland China, selling in CNY to accounts verified there
(the PRC Cybersecurity Law of 2016, art. 24, has a network operator take each user's real
identity before providing service: a buyer abroad cannot open one); ``global`` = a provider
selling worldwide from regions outside mainland China (a foreign company runs no cloud inside
mainland China without a licensed Chinese operator: MIIT's Classification Catalogue of
Telecommunications Services, 2015, internet data centre services B11, are value-added telecom
services under foreign-investment limits; AWS's and Azure's China regions are run by Sinnet/NWCD
and 21Vianet and priced apart). Who may rent where: :mod:`configurator.core.procurement.card_price`."""
CLOUD_MARKETS: tuple[str, ...] = get_args(CloudMarket)
Origin = Literal["catalog", "user"]
ORIGIN_DESCRIPTION = ("where the entry comes from: the bundled catalog, or the user's own file (set when the user "
                      "catalog is merged, whatever the file says; never written to a file)")


_Frozen = FrozenModel


ISO_CURRENCIES = frozenset((
    "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD "
    "CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ "
    "GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR "
    "LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN "
    "PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB "
    "TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL").split())
"""Active ISO 4217 currency codes; a price in any other code is refused (it could never be converted)."""
MAX_PRICE = 1e9
"""Highest price accepted, in any currency [currency]."""


def checked_currency(value: str) -> str:
    """``value`` when it is an ISO 4217 code this program knows (:data:`ISO_CURRENCIES`), else a
    ValueError saying so (a pydantic validator's message)."""
    if value not in ISO_CURRENCIES:
        raise said(ValueError, msg("card-unknown-currency", value=value))
    return value


class PriceEntry(_Frozen):
    """One price observation with its currency, date and source."""

    amount: float = Field(gt=0, le=MAX_PRICE, description="price, or low end of a range [currency]")
    amount_high: float | None = Field(default=None, gt=0, le=MAX_PRICE, description="high end of a range [currency]")
    currency: str = Field(pattern=r"^[A-Z]{3}$")
    date: str = Field(pattern=r"^\d{4}(-\d{2}(-\d{2})?)?$")
    kind: PriceKind
    source: str = Field(min_length=3)
    note: str | None = None
    confidence: PriceConfidence | None = Field(
        default=None, description="how far the price can be trusted (None = not rated, e.g. a user's entry)")
    provider: str | None = Field(default=None, description="cloud prices: who rents the card (e.g. 'AWS', "
                                 "'median of 7 providers')")
    tier: str | None = Field(default=None, description="cloud prices: the offer (on-demand, 1-year reserved, spot)")
    market: CloudMarket | None = Field(
        default=None, description="cloud prices: where the rent can be bought ('cn': mainland China only; 'global': "
                                  "worldwide outside mainland China; None: not known, or the user's own price)")
    vgpu_licence_included: bool | None = Field(
        default=None, description="cloud prices: whether the GPU-hour includes the NVIDIA vGPU software licence "
                                  "(RTX vWS, vPC, GRID) a desktop on the card needs: true with the provider's words in "
                                  "the note; false where the provider says it does not; None = its sources do not "
                                  "say, so a bill's vGPU licences are counted on the rent too (rent against buy)")
    condition: PriceCondition = Field(
        default="new", description="the state of the cards the price buys: new, used or refurbished (PriceCondition)")
    origin: Origin = Field(default="catalog", exclude=True, description=ORIGIN_DESCRIPTION)

    @field_validator("date")
    @classmethod
    def _date_is_real(cls, value: str) -> str:
        return checked_date(value)

    @field_validator("currency")
    @classmethod
    def _currency_is_known(cls, value: str) -> str:
        return checked_currency(value)

    @model_validator(mode="after")
    def _range_is_ordered(self) -> PriceEntry:
        if self.amount_high is not None and self.amount_high < self.amount:
            raise said(ValueError, msg("price-high-below-amount"))
        if self.market is not None and self.kind != "cloud-hourly":
            raise ValueError(f"market is where a rent is sold; a {self.kind} price has none")
        if self.vgpu_licence_included is not None and self.kind != "cloud-hourly":
            raise ValueError(f"vgpu_licence_included is what a rent's price includes; a {self.kind} price has none")
        if self.condition != "new" and self.kind == "cloud-hourly":
            raise ValueError(f"a rent buys no card; it cannot be {self.condition}")
        return self

    @property
    def midpoint(self) -> float:
        """Middle of the quoted range, or the single amount [currency]."""
        return self.amount if self.amount_high is None else (self.amount + self.amount_high) / 2
