"""Context parallelism's ring merges (Transformer Engine's AttnFuncWithCPAndKVP2P): the memory
traffic of merging each ring step's partial attention output and adding its gradients, which a
layout without context parallelism does not pay (cp8 brief, session 38)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.formulas.ring_merge import ring_merge_bytes_per_token, ring_merge_seconds
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.workloads.training.search import plan_training_layout


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_one_context_rank_merges_nothing_and_each_step_adds_its_merge():
    """Llama 3 8B widths (output and query 4,096, key/value 1,024): per later step 10 B per output
    element forward and 6 B per query, key and value gradient element backward, plus the fp32
    widening and narrowing once."""
    assert ring_merge_bytes_per_token(4096, 4096, 1024, 1) == 0
    step = 10 * 4096 + 6 * (4096 + 2 * 1024)
    assert ring_merge_bytes_per_token(4096, 4096, 1024, 2) == step + 12 * 4096
    assert ring_merge_bytes_per_token(4096, 4096, 1024, 8) == 7 * step + 12 * 4096


def test_the_merge_time_is_its_traffic_over_the_bandwidth():
    seconds = ring_merge_seconds(4096, 4096, 4096, 1024, 2, 32, 2, 3.35e12, 0.8)
    assert seconds == pytest.approx(32 * ring_merge_bytes_per_token(4096, 4096, 1024, 2) * 4096 / 2 / (3.35e12 * 0.8))


def test_an_8k_pretraining_whose_batch_splits_over_the_cards_runs_without_context_parallelism(catalog):
    """256 sequences of 8,192 tokens on 64 H100: data parallelism over all 64 cards splits the
    batch, and every context-parallel layout of the same tokens per rank is slower by its merges
    (before them the two tied and the simpler was kept by the tie-break alone)."""
    card = catalog.get("h100-sxm")
    s = Scenario(model=preset("llama3-8b"), workload="pretrain", card_id="h100-sxm", count=64,
                 auto_layout=LAYOUT_FIELDS,
                 training={"tokens": 1e12, "seq_len": 8192, "global_batch_tokens": 256 * 8192})
    plan = plan_training_layout(s, card, top=12)
    best = plan.best
    assert (best.tp, best.pp, best.cp, best.dp) == (1, 1, 1, 64)
    split = [x for x in plan.layouts if x.cp > 1 and x.tp == 1 and x.pp == 1 and x.micro_batch == best.micro_batch * x.cp]
    assert split and all(x.tokens_per_s < best.tokens_per_s for x in split)
