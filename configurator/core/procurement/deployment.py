"""Everything a buyer signs for one estimate: its bill of materials, what owning it costs over
the years, rent against buy, and cost per unit of work on that total."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.estimate import Estimate
from configurator.core.procurement.bom import BillOfMaterials, bill_of_materials
from configurator.core.procurement.prices import PriceBook, active_price_book
from configurator.core.procurement.tco import (
    OwnershipCost,
    break_even_utilisation,
    cost_per_unit,
    ownership_cost,
    rent_per_year_at,
)
from configurator.core.workloads import MILLION_TOKENS, family_of


@dataclass(frozen=True)
class DeploymentCost:
    bom: BillOfMaterials
    ownership: OwnershipCost
    rent_per_year: float | None
    """Renting the same cards at the scenario's utilisation [currency/year]."""
    break_even_utilisation: float | None
    per_million_tokens: float | None
    """TCO per million tokens processed over the years at the utilisation [currency]."""
    per_unit: float | None = None
    """Graphics: TCO per user-month (desktops), stream-hour (video) or frame (rendering) [currency]."""
    unit: str | None = None
    """What ``per_unit`` is per: ``user-month``, ``stream-hour`` or ``frame``."""


def deployment_cost(est: Estimate, book: PriceBook | None = None) -> DeploymentCost:
    """The bill of materials, ownership cost, rent, break-even and the cost per unit of work
    (the family's :meth:`~configurator.core.workloads.base.WorkloadFamily.work_per_year`)."""
    book = book or active_price_book()
    bom = bill_of_materials(est.scenario, est.card, book)
    own = ownership_cost(bom, est.scenario, book)
    family = family_of(est.scenario.workload)
    work = family.work_per_year(est)  # in unit_scale × cost_unit per year of full use
    per_million = per_unit = unit = None
    if work and family.cost_unit == MILLION_TOKENS:
        per_million = cost_per_unit(own, work / family.unit_scale)
    elif work:
        unit = family.cost_unit
        # desktops are paid for by the month whether used or not: their unit ignores utilisation
        per_unit = own.tco / (work * own.years) if family.billed_regardless_of_use else cost_per_unit(own, work)
    return DeploymentCost(bom, own, rent_per_year_at(est.card, est.scenario, own.utilisation),
                          break_even_utilisation(own, est.card, est.scenario), per_million, per_unit, unit)


def _money(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _significant(value: float | None, digits: int = 4) -> float | None:
    """A small amount (per token, per stream-hour) to ``digits`` significant figures."""
    return None if value is None else float(f"{value:.{digits}g}")


def deployment_cost_to_dict(cost: DeploymentCost) -> dict:
    """The ``bom`` block of ``estimate --json``: lines, capex, opex per year, years, TCO [currency]."""
    bom, own = cost.bom, cost.ownership
    return {
        "currency": bom.currency,
        "items": [{"kind": line.kind, "item": line.item_id, "name": line.name, "quantity": line.quantity,
                   "unit": line.unit, "unit_price": _money(line.unit_price), "total": _money(line.total),
                   "per_year": line.yearly, "source": line.source, "date": line.date,
                   "confidence": line.confidence} for line in bom.lines],
        "unpriced": [line.item_id for line in bom.unpriced],
        "complete": own.complete,
        "servers": bom.servers, "racks": bom.racks, "liquid_cooled": bom.liquid_cooled,
        "it_kw": None if bom.it_kw is None else round(bom.it_kw, 3),
        "capex": _money(own.capex),
        "opex_per_year": _money(own.opex_per_year),
        "opex": {"energy": _money(own.energy_per_year), "support": _money(own.support_per_year),
                 "licences": _money(own.licences_per_year), "colocation": _money(own.colocation_per_year)},
        "years": own.years, "utilisation": own.utilisation, "residual": _money(own.residual),
        "tco": _money(own.tco),
        "rent_per_year": _money(cost.rent_per_year),
        "break_even_utilisation": None if cost.break_even_utilisation is None else round(cost.break_even_utilisation, 4),
        "tco_per_million_tokens": _significant(cost.per_million_tokens),
        "tco_per_unit": _significant(cost.per_unit), "unit": cost.unit,
        "goodput": None if bom.goodput is None else {
            "fraction": round(bom.goodput.fraction, 4),
            "interruptions_per_day": round(bom.goodput.interruptions_per_day, 3),
            "checkpoint_interval_h": round(bom.goodput.checkpoint_interval_h, 3),
            "spare_servers": bom.goodput.spare_servers},
    }
