"""A card's software: the vendor stack it needs (:class:`SoftwareStack`), how far each framework runs on
it (:class:`FrameworkSupport`) and the end of the vendor's support for its architecture
(:class:`SupportEnd`), each with its source. Part of the card's schema (:mod:`configurator.core.card`,
which re-exports every name here); read by :mod:`configurator.core.software`."""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import Field, model_validator

from configurator.core.frozen_model import FrozenModel


Framework = Literal["pytorch", "vllm", "sglang", "tensorrt-llm", "megatron", "deepspeed", "llama.cpp"]
FRAMEWORKS: tuple[str, ...] = get_args(Framework)
"""The frameworks every card's software entry rates, in display order."""
SupportLevel = Literal["supported", "partial", "none"]
"""``supported`` = upstream or the vendor's maintained backend lists this card or its
architecture; ``partial`` = a fork, plugin in preview, community support or a subset of
features; ``none`` = no backend found (the source says where it was looked for)."""


_Frozen = FrozenModel


class FrameworkSupport(_Frozen):
    """Whether one framework runs on a card, and where that is stated."""

    status: SupportLevel
    source: str = Field(min_length=3)
    note: str | None = None


_MONTH = r"^\d{4}(-\d{2})?$"


class DroppedBy(_Frozen):
    """A framework release that no longer runs (or deprecates) the card's architecture."""

    release: str = Field(min_length=3, description="the release or build, by name and version "
                                                   "('PyTorch 2.8 CUDA 12.8 and 12.9 builds')")
    date: str | None = Field(default=None, pattern=_MONTH, description="when it was released (YYYY or YYYY-MM)")
    source: str = Field(min_length=3)


class SupportEnd(_Frozen):
    """The vendor's software no longer targets the card's architecture: the toolkit stops at
    ``last_release`` (``dropped_in`` removed it), so the card runs only software built with that
    release or older, for as long as the buyer owns it. Every field as the source states it."""

    last_release: str = Field(min_length=2, description="the last toolkit release that builds for the "
                                                        "architecture ('CUDA 12.9')")
    dropped_in: str = Field(min_length=2, description="the release that removed it ('CUDA 13.0')")
    date: str = Field(pattern=_MONTH, description="when ``dropped_in`` was released (YYYY or YYYY-MM)")
    source: str = Field(min_length=3, description="the vendor's own statement, with the date it was read")
    last_driver: str | None = Field(default=None, description="the last driver branch that supports it ('R580')")
    driver_source: str | None = None
    dropped_by: tuple[DroppedBy, ...] = Field(default=(), description="framework releases that dropped it")
    note: str | None = None

    @model_validator(mode="after")
    def _driver_sourced(self) -> SupportEnd:
        if self.last_driver is not None and not self.driver_source:
            raise ValueError("last_driver needs a driver_source")
        return self


class SoftwareStack(_Frozen):
    """The vendor software a card needs and which frameworks run on it."""

    stack: str = Field(min_length=2, description="CUDA, ROCm, CANN, MUSA, Neuware, SUPA …")
    version: str | None = Field(default=None, description="the current or last supporting release")
    frameworks: dict[Framework, FrameworkSupport]
    notes: str | None = None
    support_end: SupportEnd | None = Field(
        default=None, description="the vendor's software no longer targets the card's architecture (None: no end "
                                  "of support found in the vendor's release notes — or none known for the stack: "
                                  "``notes`` says which)")

    @model_validator(mode="after")
    def _every_framework_rated(self) -> SoftwareStack:
        missing = [f for f in FRAMEWORKS if f not in self.frameworks]
        if missing:
            raise ValueError(f"frameworks not rated: {', '.join(missing)}")
        return self

    def __hash__(self) -> int:  # cards are cache keys; the frameworks mapping is hashed as sorted items
        return hash((self.stack, self.version, tuple(sorted(self.frameworks.items())), self.notes, self.support_end))

    def support(self, framework: str) -> SupportLevel:
        """The support level of ``framework`` ("none" for a framework not rated)."""
        entry = self.frameworks.get(framework)  # type: ignore[call-overload]
        return "none" if entry is None else entry.status
