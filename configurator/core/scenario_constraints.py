"""The scenario's goals and limits (:class:`Constraints`), one of its sections
(:mod:`configurator.core.scenario_sections` re-exports it)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from configurator.core.frozen_model import FrozenModel


class Constraints(FrozenModel):
    """Goals and limits the user states (None = no limit); estimates warn when one is missed."""

    deadline_hours: float | None = Field(
        default=None, ge=0.01, le=87_660, description="the job must finish within (10 years at most) [h]")
    budget: float | None = Field(
        default=None, ge=1, le=1e12,
        description="ceiling on what the deployment costs: buying, its capex (the bill of materials: cards, "
                    "servers, network, storage, racks); renting, its rent for a month of service or for the whole "
                    "job [currency]")
    budget_basis: Literal["capex", "rent"] = Field(
        default="capex", description="what the budget caps: 'capex' (buying) or 'rent' (renting: a month of a "
                                     "service that runs on, or the whole job for one that ends)")
    power_cap_kw: float | None = Field(
        default=None, ge=0.01, le=1e7, description="facility power available: the average draw × PUE [kW]")
    rack_power_kw: float | None = Field(
        default=None, ge=0.01, le=10_000,
        description="IT power one server may draw at its rack's PDU (cards at TDP and host, no PUE) [kW]")
    min_tokens_per_s: float | None = Field(
        default=None, ge=1, le=1e12, description="training throughput needed [tokens/s]")
    requests_per_s: float | None = Field(default=None, ge=0.001, le=1e6, description="serving load to carry [1/s]")
    tpot_ms: float | None = Field(default=None, ge=0.1, le=1e6, description="time per output token target [ms]")
    ttft_ms: float | None = Field(default=None, ge=0.1, le=1e7, description="time to first token target [ms]")
    latency_percentile: Literal[50, 90, 95, 99] | None = Field(
        default=None, description="percentile of requests the time-per-token and first-token targets hold for under "
                                  "the load (None = the serving use's: p90 for chat; MLPerf's server scenario: 99)")
    region: Literal["cn", "other"] | None = Field(
        default=None, description="where the cards are delivered: 'cn' leaves out cards whose US export status "
                                  "for China is 'not permitted' and ranks only 'permitted' ones; 'licence "
                                  "required' or 'unknown' are listed below the line, except, renting, a card "
                                  "rented at a mainland-China rent (None = no export rule). "
                                  "Rents: 'cn' ranks those sold in mainland China, 'other' and None those sold "
                                  "outside it (procurement.card_price.RENT_MARKETS)")
