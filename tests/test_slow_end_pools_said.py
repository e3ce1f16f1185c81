"""The pools a slow-end line names are the pools its count is estimated in (review51, session 51).

The count search for a request rate's slow end plans each count again, tensor parallel degree and all, but a
pinned ``--disaggregated on`` carries the prefill pool's cards from the configuration's own layout: 8 × MI300X
serving Llama 3 70B at 10 requests/s (6 prefill + 2 decode copies of TP 1, 6 prefill cards) meet the rate at the
slow end on 16 cards of TP 8, estimated as one prefill copy and one decode copy, 8 + 8 cards
(:attr:`~configurator.core.scenario.Scenario.prefill_copies`). The line said "TP 8, prefill 6 + decode 10 cards",
a pool no TP 8 copy fits in."""

from __future__ import annotations

import pytest
from buyer_questions import question_scenario

from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import updated
from configurator.core.slow_end_count import with_slow_end

QUESTION = ("recommend", "--workload", "inference", "--model", "llama3-70b", "--disaggregated", "on",
            "--requests-per-s", "10")


@pytest.fixture(scope="module")
def rate_verdict():
    catalog = load_catalog()
    est = estimate(updated(question_scenario(QUESTION, catalog), card_id="mi300x", count=8), catalog.get("mi300x"))
    return next(v for v in with_slow_end(est).verdicts if v.id == "request-rate")


def test_the_pools_said_are_whole_copies_of_the_layout_said(rate_verdict):
    pools = rate_verdict.params["slow_pools"]
    count = rate_verdict.params["slow_count"]
    width = pools["tp"] * pools["pp"]
    assert pools["prefill_cards"] % width == 0 and pools["decode_cards"] % width == 0
    assert pools["prefill_cards"] + pools["decode_cards"] == count
    said = f"TP {pools['tp']}, prefill {pools['prefill_cards']:,} + decode {pools['decode_cards']:,} cards"
    assert said in rate_verdict.message.text
    assert rate_verdict.to_dict()["slow_end"]["layout"]["prefill_cards"] == pools["prefill_cards"]
