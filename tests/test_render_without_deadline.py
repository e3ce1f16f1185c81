"""A render job without a deadline is sized at one server at most (session 24): the ranking bought
192 RTX PRO 6000 Blackwell Workstation cards to render 2,000 frames in 36 min, since the cost per
frame (the TCO over years of back-to-back jobs) flattens past one server (8 cards 0.0364 USD a
frame, 192 cards 0.0344). Now 8 cards, 13.7 h, and the reason says no deadline was set; a deadline
still sizes it past one server."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.procurement.servers import LARGEST_PCIE_SERVER
from configurator.core.recommend import recommend
from configurator.core.scenario import Scenario, updated


def _render(deadline_hours: float | None = None) -> Scenario:
    s = Scenario(model=preset("llama3-8b"), workload="render", card_id="rtx-6000-ada", count=4,
                 graphics={"frames": 2000, "scene_gib": 20})
    return updated(s, constraints={"deadline_hours": deadline_hours}) if deadline_hours else s


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_without_a_deadline_no_count_past_one_server(catalog):
    result = recommend(_render(), catalog)
    assert result.ranked and all(r.count <= LARGEST_PCIE_SERVER for r in result.ranked)
    best = result.ranked[0]
    reason = next(m for m in best.reasons if m.id != "total-excludes-workstation")  # 1 card: a deskside workstation
    assert reason.id == "reason-render-speed-no-deadline" and "no deadline set" in reason.text
    assert "未设期限" in reason.text_in("zh_CN")


def test_a_deadline_sizes_it_past_one_server(catalog):
    result = recommend(_render(2.0), catalog)
    best = result.ranked[0]
    assert best.count > LARGEST_PCIE_SERVER and best.estimate.graphics.hours <= 2.0
    assert best.reasons[0].id == "reason-render-speed"
