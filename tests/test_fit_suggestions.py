"""What would fit (issue 24, part 5): each suggestion is an estimate of the changed scenario that
fits, worded with its own numbers; and the per-server session limit of consumer transcoding no
longer saw-tooths the cards needed (issue 24, part 6)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import carrying_whole_load, estimate, with_count
from configurator.core.fit_suggestions import what_would_fit
from configurator.core.model_size import model_for_size
from configurator.core.formulas.graphics import session_limited_cards, session_limited_streams
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.units import GIB, Precision
from configurator.core.view.suggestions_view import suggestions_section
from configurator.core.view.rows import write


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _scenario(**fields) -> Scenario:
    """The layout left to the planner but the optimizer's CPU offload, pinned off: the planner would put the
    optimizer in host memory where nothing fits on the cards (offload50), and these jobs are to not fit."""
    return Scenario(auto_layout=tuple(f for f in LAYOUT_FIELDS if f != "offload"), **fields)


def test_a_20b_fine_tune_on_four_a100_gets_numbered_ways_to_fit(catalog):
    s = _scenario(model=model_for_size(20e9).model, workload="finetune", card_id="a100-sxm-80gb", count=4)
    est = estimate(s, catalog.get("a100-sxm-80gb"))
    assert not est.fits
    found = what_would_fit(est, catalog)
    kinds = [x.kind for x in found]
    assert kinds[0] == "more-cards" and "lora" in kinds and "other-card" in kinds
    for x in found:
        assert x.estimate.fits
        assert x.message.params["need"] == pytest.approx(x.estimate.memory.total / GIB)
    more = found[0]
    assert more.estimate.scenario.count > 4 and more.estimate.card.id == "a100-sxm-80gb"
    assert f"{more.estimate.scenario.count:,} × A100" in more.message.text


def test_nothing_is_suggested_for_what_already_fits(catalog):
    s = _scenario(model=preset("llama3-8b"), workload="lora", card_id="h100-sxm", count=1)
    assert what_would_fit(estimate(s, catalog.get("h100-sxm")), catalog) == ()


def test_a_serving_no_fit_is_offered_more_cards_and_fewer_bits(catalog):
    s = _scenario(model=preset("llama3-70b"), workload="inference", card_id="h100-sxm", count=2,
                  serving={"concurrency": 64})
    found = what_would_fit(estimate(s, catalog.get("h100-sxm")), catalog)
    by_kind = {x.kind: x for x in found}
    assert by_kind["more-cards"].estimate.scenario.count == 4
    assert by_kind["weight-format"].estimate.scenario.serving.weight_format.value == "fp8"
    assert all(x.estimate.fits for x in found)


def _serving_no_fit(catalog, card: str, count: int):
    s = _scenario(model=preset("qwen2.5-72b"), workload="inference", card_id=card, count=count)
    est = estimate(s, catalog.get(card))
    assert not est.fits
    return {x.kind: x for x in what_would_fit(est, catalog)}


def test_fewer_bits_are_offered_only_in_a_format_the_card_computes(catalog):
    """The Atlas 300I Duo (Ascend 310P: FP16 and INT8 rates, no FP8) was offered "Weights in FP8" until
    December 2026 (persona46c): an 8-bit card without FP8 is offered INT8 W8A8, in both languages."""
    duo = _serving_no_fit(catalog, "atlas-300i-duo", 2)["weight-format"]
    assert duo.estimate.scenario.serving.weight_format.value == "int8"
    assert "INT8 (W8A8)" in duo.message.text and "FP8" not in duo.message.text
    assert "INT8 (W8A8)" in write(duo.message, "zh_CN") and "权重改用" in write(duo.message, "zh_CN")
    assert _serving_no_fit(catalog, "h100-sxm", 1)["weight-format"].estimate.scenario.serving.weight_format.value \
        == "fp8"


def test_llama_cpp_is_offered_no_weight_format_it_cannot_load(catalog):
    """llama.cpp loads no FP8 (ggml has no FP8 type), INT8 W8A8 or AWQ: no "Weights in FP8" for it on an H100,
    while vLLM on the same card is offered FP8."""
    s = _scenario(model=preset("qwen2.5-72b"), workload="inference", card_id="h100-sxm", count=1,
                  serving={"engine": "llama.cpp"})
    est = estimate(s, catalog.get("h100-sxm"))
    assert not est.fits
    assert "weight-format" not in {x.kind for x in what_would_fit(est, catalog)}


def test_a_card_without_an_8_bit_rate_is_offered_no_8_bit_weights(catalog):
    """Ascend 910C: the catalog gives FP16 and BF16 rates only (no published INT8 rate), so no FP8 or INT8
    weights; AWQ INT4's products run at FP16."""
    card = catalog.get("ascend-910c")
    assert not card.supports(Precision.FP8) and not card.supports(Precision.INT8)
    found = _serving_no_fit(catalog, "ascend-910c", 1)["weight-format"]
    assert found.estimate.scenario.serving.weight_format.value == "awq-int4"


def test_the_ascend_910b_is_offered_int8_weights_where_they_fit(catalog):
    """Ascend 910B: INT8 640 TOPS since December 2026 (catint46), no FP8. Qwen2.5-72B on two cards: INT8 W8A8
    (39 GiB a card of 57) before AWQ INT4; on one card INT8 (68 GiB) does not fit, so AWQ INT4."""
    card = catalog.get("ascend-910b")
    assert card.supports(Precision.INT8) and not card.supports(Precision.FP8)
    assert _serving_no_fit(catalog, "ascend-910b", 2)["weight-format"].estimate.scenario.serving.weight_format.value \
        == "int8"
    assert _serving_no_fit(catalog, "ascend-910b", 1)["weight-format"].estimate.scenario.serving.weight_format.value \
        == "awq-int4"


def test_suggestions_are_worded_in_both_languages(catalog):
    s = _scenario(model=preset("llama3-8b"), workload="pretrain", card_id="t4", count=2)
    section = suggestions_section(what_would_fit(estimate(s, catalog.get("t4")), catalog))
    assert section is not None and section.rows
    for row in section.rows:
        english, chinese = write(row.value, "en"), write(row.value, "zh_CN")
        assert "GiB" in english and english != chinese and "可容纳" in chinese


# ---- consumer transcoding: the driver's session limit is per server -------------------------


def test_session_limited_streams_and_cards_are_per_server():
    """8 sessions per server, 8 streams per card by its engines: 1 card per server is enough, so
    200 streams need 25 cards (in 25 servers); 4 cards in one server still carry only 8."""
    assert session_limited_streams(4, 8, 8, 8) == 8
    assert session_limited_streams(25, 1, 8, 8) == 200
    assert session_limited_streams(9, 8, 8, 8) == 16
    assert session_limited_cards(200, 8, 8, 8) == 25
    assert session_limited_cards(200, 8, 4, 8) == 50  # two cards per server to use its 8 sessions


def test_rtx_4090_transcoding_needs_the_same_cards_at_every_count(catalog):
    """Before: 1 card -> 25 needed, 2 -> 50, 3 and 4 -> 100, 5 and 8 -> 200 (the per-server limit
    divided by the cards of one count). Now 25 at every count, and 25 of them carry the load."""
    card = catalog.get("rtx-4090")
    base = Scenario(model=preset("llama3-8b"), workload="transcode", card_id="rtx-4090", count=1,
                    graphics={"streams": 200})
    needed = set()
    for count in (1, 2, 3, 4, 5, 8, 25):
        est = estimate(with_count(base, count), card)
        needed.add(est.graphics.cards_needed)
    assert needed == {25}
    whole = carrying_whole_load(estimate(with_count(base, 4), card))
    assert whole.scenario.count == 25 and whole.graphics.meets_demand
    assert "1 per server" in whole.messages[0].text or whole.graphics.served == 200


def test_a_count_the_batch_cannot_be_split_over_is_offered_fewer_cards(catalog):
    """100,003 H100 (a prime count) for an 8B fine-tune: no layout splits the batch, the estimate is
    untimed; the one suggestion is the most cards, as clusters are built, that split it."""
    s = _scenario(model=preset("llama3-8b"), workload="finetune", card_id="h100-sxm", count=100_003)
    est = estimate(s, catalog.get("h100-sxm"))
    found = what_would_fit(est, catalog)
    assert [x.kind for x in found] == ["fewer-cards"]
    fewer = found[0].estimate
    assert fewer.scenario.count < 100_003 and fewer.training is not None and fewer.fits
