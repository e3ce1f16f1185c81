"""What a buyer in mainland China weighs of a card beyond its current US export status (session 38):
the fee the US government takes on licensed sales, the statuses the card held before, whether it is
still made, and whether the cards a provider there holds came in lawfully. Each entry is dated and
sourced; unknown is None with a note. Read by :class:`configurator.core.card.Card` and
:class:`~configurator.core.card.ExportControl`; said by :mod:`configurator.core.trade_words`.

The facts recorded (catalog entries, each with its sources):

- **Licence fee**: the US government took 15 % of H20 sales into China as the condition of the
  licences issued from 2025-08-08 (Wall Street Journal, 2025-08-11; paid by NVIDIA, not codified in a
  regulation), and 25 % of the value of H200 chips bound for China, announced 2025-12-08 and levied
  from 2026-01-15 as a Section 232 import tariff on the chips' detour through a US test laboratory
  (White House proclamation of 2026-01-14; paid by the importer, the vendor). Neither is a price a
  buyer pays on top of the vendor's: it is shown, never added to a price.
- **Availability**: NVIDIA told suppliers to halt H20 production (The Information, 2025-08-22).
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import Field, field_validator, model_validator

from configurator.core.calendar_date import DATE_PATTERN, checked_date
from configurator.core.frozen_model import FrozenModel

ChinaExport = Literal["licence-required", "not-permitted", "permitted", "unknown"]
"""The US export status of a card for mainland China: ``permitted`` (no licence needed; end-use and
end-user controls still apply), ``licence-required``, ``not-permitted`` (presumption of denial),
``unknown``."""

FeeBasis = Literal["revenue-share", "import-tariff"]
"""How the US government takes its share of licensed sales into China: ``revenue-share`` = a share of
the vendor's China sales revenue agreed with the vendor (the H20, 2025-08); ``import-tariff`` = a tariff
on the chips' value levied when they enter the United States for the testing the export rule requires
before they go on to China (the H200, Section 232, 2026-01-15)."""
FEE_BASES: tuple[str, ...] = get_args(FeeBasis)

FeePayer = Literal["vendor", "buyer"]
"""Who pays the fee, as the sources say: the ``vendor`` (the exporter or the importer of record in the
US), or the ``buyer``; None where the sources do not say."""

ProductionStatus = Literal["announced", "in-production", "production-halted", "end-of-life"]
"""Whether new cards are made: ``announced`` (not yet shipping), ``in-production``,
``production-halted`` (the vendor told its suppliers to stop, as reported), ``end-of-life`` (the vendor
announced its last orders)."""
PRODUCTION_STATUSES: tuple[str, ...] = get_args(ProductionStatus)

IN_PRODUCTION = "in-production"
"""The one production status that needs no caution on a card recommended for purchase."""

HowEntered = Literal["lawfully", "outside-licences"]
"""How the cards a provider in mainland China holds came in, as the sources allow one to say:
``lawfully`` (while the US status permitted it, or under a US licence, and before China's customs
barred the card), ``outside-licences`` (while the US status was 'not permitted' and no licence had
delivered one: diverted)."""


class Reported(FrozenModel):
    """A dated, sourced report (the shape of every trade fact below): ``date`` an ISO date of any
    precision that exists, ``source`` the reports it rests on, ``note`` what they leave open. A
    subclass states what its date means by declaring ``date`` again with its own description."""

    date: str = Field(pattern=DATE_PATTERN, description="when it was reported")
    source: str = Field(min_length=3, description="the reports it rests on, each with its date")
    note: str | None = None

    @field_validator("date")
    @classmethod
    def _date_is_real(cls, value: str) -> str:
        return checked_date(value)


class LicenceFee(FrozenModel):
    """The share of licensed sales into mainland China the US government takes: shown beside the
    status, never added to a price (the vendor pays it where the sources say so)."""

    share: float | None = Field(gt=0, lt=1, description="the fraction taken [1] (None: a fee reported, its size "
                                                        "not; the note says why)")
    basis: FeeBasis
    paid_by: FeePayer | None = Field(description="who pays it, as the sources say (None: not said)")
    since: str = Field(pattern=DATE_PATTERN, description="when the fee first applied (or was announced, the note "
                                                         "says which)")
    source: str = Field(min_length=3, description="the reports it rests on, each with its date")
    note: str | None = None

    @field_validator("since")
    @classmethod
    def _since_is_real(cls, value: str) -> str:
        return checked_date(value)

    @model_validator(mode="after")
    def _unknown_share_says_why(self) -> LicenceFee:
        if self.share is None and not self.note:
            raise ValueError("a licence fee of unknown size needs a note saying why")
        return self


class ExportChange(Reported):
    """One earlier US export status of a card for mainland China, from ``date`` until the next one:
    how the status moved (a buyer weighs how stable it is). The current status stays
    :attr:`ExportControl.china <configurator.core.card.ExportControl>`, the one the region check reads."""

    china: ChinaExport
    date: str = Field(pattern=DATE_PATTERN, description="when that status took effect")


def checked_history(history: tuple[ExportChange, ...], current_date: str) -> tuple[ExportChange, ...]:
    """``history`` when its dates run oldest first and none is later than the current status's
    ``current_date`` (ISO dates of any precision compare as text), else a ValueError."""
    dates = [change.date for change in history]
    if dates != sorted(dates):
        raise ValueError("an export status history runs oldest first")
    if dates and dates[-1] > current_date:
        raise ValueError("an earlier export status is dated after the current one")
    return history


class Availability(Reported):
    """Whether new cards of the model are made (:data:`ProductionStatus`), dated and sourced."""

    status: ProductionStatus
    date: str = Field(pattern=DATE_PATTERN, description="when that status was reported")

    @property
    def in_production(self) -> bool:
        """Whether new cards are made (no caution on a purchase)."""
        return self.status == IN_PRODUCTION


class HeldInCountry(Reported):
    """The cards of a model China's customs bar that a provider in mainland China holds and rents
    out, and how they came in (:data:`HowEntered`): renting cards that entered lawfully imports
    nothing (a caution: no new supply); renting cards that came in outside the US licences is
    refused, as buying is (15 CFR 736.2(b)(10), General Prohibition 10: no one may use an item with
    knowledge that a violation of the EAR has occurred with it)."""

    entered: HowEntered
    date: str = Field(pattern=DATE_PATTERN, description="when the cards were reported held there")
    note: str = Field(min_length=3, description="why the sources allow saying how they came in")

    @property
    def rentable(self) -> bool:
        """Whether renting these cards where they are is allowed (with a caution)."""
        return self.entered == "lawfully"
