"""Like for like (issue 24, part 6): compared cards at the count each needs for the job (and the
chosen micro-batch where the count is the user's); a serving deployment's per-user speed is what
one user gets, its capacity labelled as such; one cost basis per view, named."""

from __future__ import annotations

import pytest

from configurator.core.analysis import analyse, like_for_like
from configurator.core.architecture import preset
from configurator.core.estimate import estimate
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.rows import write
from configurator.report.summary import build_summary
from configurator.report.text import estimate_table, recommendation_table


def _s(**fields) -> Scenario:
    return Scenario(**{"auto_layout": LAYOUT_FIELDS, **fields})


def test_compared_cards_are_drawn_at_the_count_each_needs(catalog):
    """A 70B pre-train on 16 × H200: the H200 fits at 16, the A100 40GB and the L40S do not and are
    compared at the fewest cards that fit (before: every card at 16, two of them not fitting). The CPU
    offload pinned off: else 16 A100 40GB fit with the optimizer in host memory (offload50)."""
    s = _s(model=preset("llama3-70b"), workload="pretrain", card_id="h200-sxm", count=16,
           auto_layout=tuple(f for f in LAYOUT_FIELDS if f != "offload"))
    analysis = analyse(s, catalog, ["h100-sxm", "a100-sxm-40gb", "l40s"])
    chosen = analysis.estimate
    assert chosen.fits
    for other in analysis.compared:
        assert other.fits, other.card.id
        assert other.scenario.count >= 16
    small = next(e for e in analysis.compared if e.card.id == "a100-sxm-40gb")
    assert small.scenario.count > 16 and not estimate(s.model_copy(update={"card_id": "a100-sxm-40gb"}),
                                                      catalog.get("a100-sxm-40gb")).fits


def test_at_the_users_count_the_compared_card_keeps_the_chosen_micro_batch(catalog):
    """8B fine-tune on 8 × H100; the H200 (more memory) would pick a larger micro-batch of its
    own: compared at the user's count it keeps the H100's, so the bars compare the same job."""
    s = _s(model=preset("llama3-8b"), workload="finetune", card_id="h100-sxm", count=8)
    chosen = estimate(s, catalog.get("h100-sxm"))
    other = like_for_like(chosen, catalog.get("h200-sxm"))
    assert other.scenario.count == 8 and other.fits
    assert other.scenario.training.micro_batch == chosen.scenario.training.micro_batch
    assert other.scenario.global_batch_tokens == chosen.scenario.global_batch_tokens


def test_a_serving_comparison_is_at_the_count_that_carries_the_load(catalog):
    s = _s(model=preset("llama3-70b"), workload="inference", card_id="h100-sxm", count=8,
           serving={"concurrency": 200})
    chosen = estimate(s, catalog.get("h100-sxm"))
    l40s = like_for_like(chosen, catalog.get("l40s"))
    assert l40s.fits and l40s.scenario.count > 8


# ---- serving: one user's speed, and the capacity said to be one --------------------------------


def test_one_user_on_ten_t4_is_shown_one_users_speed(catalog):
    """One user on 10 × T4 (5 copies): before, 72.5 tokens/s — five copies' worth — as the output;
    now one user's, and a per-user row of one token per TPOT."""
    s = _s(model=preset("llama3-8b"), workload="inference", card_id="t4", count=10, serving={"concurrency": 1})
    est = estimate(s, catalog.get("t4"))
    i = est.serving
    assert est.scenario.data_parallel > 1
    assert i.tokens_per_s == pytest.approx(1 / (i.ttft_s / 256 + i.tpot_s), rel=0.1)
    rows = {r.key: r for section in estimate_view(est).sections for r in section.rows}
    assert rows["tokens_per_s_per_user"].value.value == pytest.approx(1 / i.tpot_s)
    assert rows["tokens_per_s"].label == "Output throughput"


def test_one_user_on_separate_pools_is_shown_one_users_speed(catalog):
    """One user on 1 prefill + 2 decode copies: before, two decode copies' worth (each decode copy
    counted one user: 30.5 tokens/s on 3 × T4, twice the 15 one user gets); now one user's."""
    s = Scenario(model=preset("llama3-8b"), workload="inference", card_id="h100-sxm", count=3,
                 parallelism={"tp": 1, "pp": 1}, auto_layout=(),
                 serving={"concurrency": 1, "disaggregated": True, "prefill_cards": 1})
    est = estimate(s, catalog.get("h100-sxm"))
    i = est.serving
    assert est.scenario.prefill_copies == 1 and est.scenario.data_parallel == 3
    one_user = 1 / (i.ttft_s / s.serving.output_tokens + i.tpot_s)
    assert i.tokens_per_s == pytest.approx(one_user, rel=0.1)
    two = estimate(s.model_copy(update={"serving": s.serving.model_copy(update={"concurrency": 2})}),
                   catalog.get("h100-sxm"))
    assert two.serving.tokens_per_s == pytest.approx(2 * i.tokens_per_s, rel=0.1)  # one user per decode copy


def test_three_t4_that_do_not_fit_do_not_out_run_four_that_do(catalog):
    base = dict(model=preset("llama3-8b"), workload="inference", card_id="t4", serving={"concurrency": 1})
    three = estimate(_s(count=3, **base), catalog.get("t4"))
    four = estimate(_s(count=4, **base), catalog.get("t4"))
    assert not three.fits and four.fits
    assert three.serving.tokens_per_s <= four.serving.tokens_per_s * 1.01


def test_under_a_stated_rate_the_output_is_labelled_capacity(catalog):
    s = _s(model=preset("llama3-8b"), workload="inference", card_id="h100-sxm", count=1,
           serving={"concurrency": 32}, constraints={"requests_per_s": 2.0})
    rows = {r.key: r for section in estimate_view(estimate(s, catalog.get("h100-sxm"))).sections for r in section.rows}
    assert rows["tokens_per_s"].label == "Output capacity"
    assert write(rows["tokens_per_s"].label, "zh_CN") == "输出能力（满载）"


# ---- one cost basis per view, named -------------------------------------------------------------


def test_each_view_names_its_cost_basis(catalog):
    """The figures (the estimate's cloud or cards-and-electricity, the ranking's and the summary's
    one TCO of the whole bill of materials) each carry their basis in their label."""
    from configurator.core.recommend import recommend

    s = _s(model=preset("llama3-8b"), workload="inference", card_id="h100-sxm", count=1,
           serving={"concurrency": 32})
    est = estimate(s, catalog.get("h100-sxm"))
    assert "Cost per million tokens — cloud rent" in estimate_table(est)
    assert "每百万词元成本——云租用价格" in estimate_table(est, "zh_CN")
    ranking = recommendation_table(recommend(s, catalog, limit=2))
    assert "Cost per million tokens — total cost of ownership: cards, servers, network, power, support — over 4 years" in ranking
    summary = build_summary(est, catalog)
    headline = dict(summary.headline)
    # the first page names it short, its basis beside the figure (session 47, look)
    assert headline["Cost per million tokens"].endswith(
        " — total cost of ownership: cards, servers, network, power, support — over 4 years")
    alternatives = next(t for t in summary.tables if t.key == "alternatives")
    full = "Cost per million tokens — total cost of ownership: cards, servers, network, power, support — over 4 years"
    assert "TCO/M tokens" in alternatives.header and f"TCO/M tokens: {full}." in alternatives.note  # headed short


def test_scaling_stops_only_among_counts_that_fit(catalog):
    """One user on T4s: 1 card does not fit; 2, 4 and 8 are each faster (tensor parallel over the
    server's PCIe), 16 no faster than 8: the chart says it stops scaling at 8 (before: at 1, a count
    that does not fit; before tensor parallel over PCIe: at 2)."""
    from configurator.core.analysis import scaling_limit

    s = _s(model=preset("llama3-8b"), workload="inference", card_id="t4", count=4, serving={"concurrency": 1})
    analysis = analyse(s, catalog)
    assert not next(e for e in analysis.by_count if e.scenario.count == 1).fits
    assert scaling_limit(analysis.by_count) == 8


def test_every_cost_unit_has_its_words():
    from configurator.core.view.cost_bases import PER_UNIT
    from configurator.core.workloads import FAMILIES

    assert {u for f in FAMILIES for u in (f.cost_unit, f.chart_cost_unit)} <= set(PER_UNIT)
