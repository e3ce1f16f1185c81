"""The garbage collector paused for a whole recommendation (configurator.core.recommend.recommend,
issue 28): off while the catalog's cards are ranked, on again afterwards; and the README's
recommendations leave no reference cycle for it to find, counted with it off throughout."""

from __future__ import annotations

import gc

import pytest

from configurator.core import recommend as recommend_module
from configurator.core.catalog import Catalog, load_bundled_catalog

from own_interpreter import printed_by

README_QUESTIONS = {
    "serving": "--workload inference --model llama3-70b --concurrency 200 --requests-per-s 20 --tpot-ms 50 "
               "--objective cloud",
    "training": "--workload pretrain --model llama2-7b --tokens 1T --seq 4096 --recipe megatron-mixed --deadline 30d",
}

_CYCLES_LEFT = """
import gc, sys
from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import clear_estimate_memo
from configurator.core.recommend import Objective, recommend
catalog = load_bundled_catalog()
args = build_parser().parse_args(["recommend", *sys.stdin.read().split()])
scenario = with_constraints(scenario_from_args(args, catalog), args)
clear_estimate_memo()
gc.collect()
gc.disable()
found = recommend(scenario, catalog, Objective(args.objective))
del found
clear_estimate_memo()
print(gc.collect())
"""
"""One cold recommendation in an interpreter of its own, the collector off throughout: the objects
it finds unreachable once the memos are cleared (printed; tests/own_interpreter.py says why)."""


@pytest.mark.parametrize("name", list(README_QUESTIONS))
def test_a_readme_recommendation_leaves_no_reference_cycle(name):
    assert printed_by(_CYCLES_LEFT, README_QUESTIONS[name]) == "0"


def test_the_collector_is_off_while_the_cards_are_ranked_and_on_again_after(monkeypatch):
    catalog = load_bundled_catalog()
    small = Catalog(cards=(catalog.get("h100-sxm"), catalog.get("l40s")), problems=(), refusals=())
    seen = []
    rank_card = recommend_module.rank_card

    def ranked(*args, **kwargs):
        seen.append(gc.isenabled())
        return rank_card(*args, **kwargs)

    monkeypatch.setattr(recommend_module, "rank_card", ranked)
    was = gc.isenabled()
    gc.enable()
    try:
        from test_decode_step import CASES

        recommend_module.recommend(CASES["70B TP4 H100"], small)
        assert seen == [False, False] and gc.isenabled()
    finally:
        if not was:
            gc.disable()
