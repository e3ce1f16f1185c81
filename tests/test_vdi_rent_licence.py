"""The rent per user-month of virtual desktops holds the vGPU licence each user needs (as the bill
and the rent against buying count it) unless the rent's price includes it, and says which."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.economics import HOURS_PER_MONTH
from configurator.core.procurement.prices import price_book_for
from configurator.core.recommend_costs import cloud_per_million
from configurator.core.scenario import Scenario, Workload
from configurator.core.view.cost_bases import per_unit_label
from configurator.core.view.rows import write


def _vdi(card: str, count: int = 7) -> Scenario:
    return Scenario(model=preset("llama3-8b"), workload=Workload.VDI, card_id=card, count=count,
                    graphics={"users": 40, "profile_gib": 8})


def test_the_rent_per_user_month_adds_the_rtx_vws_licence():
    """40 designers on 7 × L40S: the rent alone, 776 CNY a user-month in CNY until December 2026, plus
    RTX vWS (250 USD a user-year) a twelfth a month."""
    s = _vdi("l40s")
    est = estimate(s, load_catalog().get("l40s"))
    c, g = est.costs, est.graphics
    assert c.basis == "cloud"
    vws = price_book_for(s.economics).item("software-vgpu").unit_price * s.economics.usd_to_currency / 12
    assert c.licence_per_unit == pytest.approx(vws)
    rent_only = c.cloud / g.served * HOURS_PER_MONTH
    assert c.per_unit == pytest.approx(rent_only + vws)
    assert cloud_per_million(est) == pytest.approx(c.per_unit)
    assert "vGPU licence" in write(per_unit_label("user-month", c.basis, licence=c.licence_per_unit), "en")
    assert "vGPU 许可" in write(per_unit_label("user-month", c.basis, licence=c.licence_per_unit), "zh_CN")


def test_a_rent_that_includes_the_licence_adds_none_and_says_so():
    est = estimate(_vdi("a10"), load_catalog().get("a10"))
    assert est.costs.basis == "cloud" and est.costs.licence_per_unit == 0.0
    assert "included" in write(per_unit_label("user-month", "cloud", licence=0.0), "en")


def test_work_without_a_per_user_licence_says_cloud_rent_alone():
    s = Scenario(model=preset("llama3-8b"), workload="transcode", card_id="l4", count=4, graphics={"streams": 16})
    est = estimate(s, load_catalog().get("l4"))
    assert est.costs.licence_per_unit is None
    assert write(per_unit_label("stream-hour", "cloud"), "en") == "Cost per stream-hour — cloud rent"


def test_a_ranking_by_rent_of_desktops_says_the_licence_is_on_each_cards_rent():
    from configurator.core.recommend_record import Objective
    from configurator.core.view.ranking_view import ranking_cost_label

    label = ranking_cost_label(Objective.CLOUD, _vdi("l40s"))
    assert "vGPU licence where the rent does not include it" in write(label, "en")
    assert "vGPU 许可" in write(label, "zh_CN")
    tokens = Scenario(model=preset("llama3-8b"), workload=Workload.INFERENCE, card_id="l4", count=1)
    assert write(ranking_cost_label(Objective.CLOUD, tokens), "en").endswith("cloud rent")


def test_the_caution_says_where_the_licences_are_counted():
    est = estimate(_vdi("l40s"), load_catalog().get("l40s"))
    said = next(m for m in est.messages if m.id == "vgpu-licence-in-bill")
    assert "rent per user-month" in said.text and "每用户·月租用成本" in said.text_in("zh_CN")
