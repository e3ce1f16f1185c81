"""The A16 is bought and priced by the board (4 GPUs): every place that says what a purchase price
buys says "per board" for it, by one rule from the catalog (``Card.priced_per``); and each graphics
workload's assumptions list only its own defaults (session 35, gfxwords)."""

from __future__ import annotations

import pytest

from configurator.core.estimate import estimate
from configurator.core.recommend import recommend
from configurator.core.scenario import Scenario, updated
from configurator.core.view.assumptions_view import assumptions_section
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.price_view import price_value
from configurator.core.recommend import Objective
from configurator.core.view.rows import write


@pytest.fixture
def base(llama8b):
    return Scenario(model=llama8b)


def a16_desktops(base, count=16, price=3000.0):
    return updated(base, workload="vdi", card_id="a16-gpu", count=count, graphics={"users": 200},
                   economics={"card_price": price})


def rows(view):
    return {r.key: r for section in view.sections for r in section.rows}


def test_the_rule_is_the_catalogs(catalog):
    assert catalog.get("a16-gpu").priced_per == "per board"
    assert catalog.get("l4").priced_per == "per card"


def test_the_purchase_row_says_boards(catalog, base):
    est = estimate(a16_desktops(base), catalog.get("a16-gpu"))
    row = rows(estimate_view(est))["purchase"]
    assert write(row.label, "en") == "Purchase (boards only)" and write(row.label, "zh_CN") == "采购价（仅板卡）"
    l4 = estimate(updated(a16_desktops(base), card_id="l4"), catalog.get("l4"))
    assert write(rows(estimate_view(l4))["purchase"].label, "en") == "Purchase (cards only)"


def test_the_assumed_price_is_a_boards(catalog, base):
    est = estimate(a16_desktops(base), catalog.get("a16-gpu"))
    prices = next(r for r in assumptions_section(est).rows if r.key == "prices")
    assert write(prices.value, "en").startswith("board of 4 GPUs 3,000")
    assert write(prices.value, "zh_CN").startswith("板卡（每块 4 颗 GPU）")


def test_the_ranked_price_says_per_board(catalog, base):
    est = estimate(a16_desktops(base), catalog.get("a16-gpu"))
    assert write(price_value(est, Objective.TCO), "en").endswith(", per board of 4 GPUs")
    assert write(price_value(est, Objective.TCO), "zh_CN").endswith("每块板卡（4 颗 GPU）")
    assert "per board" not in write(price_value(est, Objective.CLOUD), "en")  # rent stays per GPU-hour


def test_price_decides_says_the_a16s_price_per_board(catalog, base):
    """'A16 stays first while its own price is at most 3,118 USD per board' — it said per card, and
    the figure was a board's."""
    result = recommend(updated(a16_desktops(base, count=63), graphics={"users": 500}), catalog)
    decision = result.price_decides
    assert decision is not None
    texts = [m.text_in("en") for m in decision.messages()]
    a16 = [t for t in texts if t.startswith("A16") or "A16 (one of its 4 GPUs)" in t]
    assert a16 and all("per board" in t and "per card" not in t for t in a16), texts
    others = [t for t in texts if "RTX A6000 would be first below" in t]
    assert all("per card" in t for t in others)
    assert any("每块板卡" in m.text_in("zh_CN") for m in decision.messages())


@pytest.mark.parametrize("workload, keys", [
    ("vdi", {"vgpu", "desktop_host"}), ("transcode", {"video_engines", "encode_sessions"}), ("render", {"render_speed", "overheads"})])
def test_each_graphics_workload_lists_only_its_own_assumptions(catalog, base, workload, keys):
    """A render summary listed the video engines and vGPU; a desktop one the video engines."""
    est = estimate(updated(base, workload=workload, card_id="l40s", count=2), catalog.get("l40s"))
    listed = {r.key for r in assumptions_section(est).rows}
    family = listed - {"facility", "host_watts", "prices", "exchange_rate"}
    assert family == keys


def test_the_card_view_and_browser_say_a_board_price_per_board(catalog):
    """A price for the A16 (from the user's file: the bundled catalog has none) is a board's."""
    from configurator.app.browser import ranked_price_text
    from configurator.core.card import Card
    from configurator.core.view.card_view import card_view

    data = catalog.get("a16-gpu").model_dump(mode="json")
    data["prices"] = [{"amount": 3200.0, "currency": "USD", "date": "2026-11", "kind": "street",
                       "source": "a reseller's quote (test)", "confidence": "medium"}]
    a16 = Card.model_validate(data)
    ranked = next(r for s in card_view(a16).sections for r in s.rows if r.key == "price.ranked")
    assert write(ranked.value, "en").endswith("per board of 4 GPUs")
    assert ranked_price_text(a16).startswith("3,200\xa0USD/4 GPUs, ")  # the browser's narrow column, short (cncards46)


def test_a_huawei_board_is_said_in_npus_wherever_its_chips_are_counted(catalog):
    """The Atlas 300I Duo's browser column said '1,400 USD/2 GPUs' beside its own '2 NPUs' (look46): the
    board's chips take the vendor's word (``Card.chip_word``) in the column, the details pane, the prices
    row and the unpriced line; the A16 keeps GPUs."""
    from configurator.app.browser import ranked_price_text
    from configurator.core.view.card_view import card_view
    from configurator.core.view.cost_bases import amount_as_bought

    duo, a16 = catalog.get("atlas-300i-duo"), catalog.get("a16-gpu")
    assert (duo.chip_word, a16.chip_word, catalog.get("ascend-910b").chip_word) == ("NPU", "GPU", "NPU")
    assert write(amount_as_bought(1400, duo), "en") == "1,400/2 NPUs"
    assert write(amount_as_bought(1400, duo), "zh_CN") == "1,400/2 颗 NPU"
    if duo.prices:  # the browser's narrow column
        assert "/2 NPUs" in ranked_price_text(duo) and "GPU" not in ranked_price_text(duo)
    on_board = {write(r.label, lang): write(r.value, lang) for s in card_view(duo).sections for r in s.rows
                if r.key == "gpus_per_board" for lang in ("en", "zh_CN")}
    assert on_board == {"NPUs on the board": "2", "每板 NPU 数": "2"}
    a16_rows = [write(r.label, "en") for s in card_view(a16).sections for r in s.rows if r.key == "gpus_per_board"]
    assert a16_rows == ["GPUs on the board"]
