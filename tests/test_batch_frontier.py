"""The default global batch of frontier-scale pre-training (December 2026): the batch most of a
published run's tokens saw. Until 2026-12-05 every model of 20 B parameters or more was planned
at 4M tokens, so Llama 3.1 405B on 15T tokens within 50M USD was 1,280 MI355X at micro-batch
1 × 32 with a 28 % pipeline bubble; Meta trained it at 16M."""

from __future__ import annotations

import pytest

from configurator.core.architecture import load_presets
from configurator.core.batch import (
    FINE_TUNE_GLOBAL_BATCH_TOKENS, MAX_GLOBAL_BATCH_TOKENS, default_global_batch_tokens,
)
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import LAYOUT_FIELDS, Scenario

CATALOG = load_bundled_catalog()
PRESETS = load_presets()


def test_llama3_405b_is_planned_at_the_16m_tokens_most_of_its_run_saw():
    """Llama 3 report §3.4.1: 4M, then 8M after 252M tokens, then 16M after 2.87T of 15.6T tokens."""
    assert default_global_batch_tokens(405e9) == 16 * 2**20
    assert default_global_batch_tokens(PRESETS["llama3.1-405b"].total_params()) == 16 * 2**20


@pytest.mark.parametrize("n_params", [13.5e9, 33e9, 70e9, 175e9])
def test_dense_models_under_300b_keep_4m_or_less(n_params):
    """LLaMA 33B/65B and Llama 2 70B (Touvron et al. 2023, §2.2): 4M; the README's 70B answers stay."""
    assert default_global_batch_tokens(n_params) == (2**21 if n_params < 20e9 else 2**22)


def test_large_mixtures_of_experts_take_deepseeks_published_batches():
    """DeepSeek-V2 §3.2.1: 9,216 sequences of 4K (236 B total); DeepSeek-V3 §4.2: 15,360 of 4K (671 B)."""
    assert default_global_batch_tokens(671e9, moe=True) == 15_360 * 4096
    assert default_global_batch_tokens(236e9, moe=True) == 9_216 * 4096
    assert default_global_batch_tokens(141e9, moe=True) == 2**22  # Mixtral 8x22B: no batch published
    assert default_global_batch_tokens(671e9) == 16 * 2**20  # a dense model of that size: Llama 3's
    assert 15_360 * 4096 < MAX_GLOBAL_BATCH_TOKENS


def test_a_frontier_fine_tune_keeps_the_fine_tuning_batch():
    for moe in (False, True):
        assert default_global_batch_tokens(671e9, fine_tune=True, moe=moe) == FINE_TUNE_GLOBAL_BATCH_TOKENS


def _planned(model: str, count: int, seq: int, **training) -> int:
    s = Scenario(model=PRESETS[model], card_id="h100-sxm", count=count, auto_layout=LAYOUT_FIELDS,
                 training={"seq_len": seq, **training})
    return estimate(s, CATALOG.get("h100-sxm")).scenario.global_batch_tokens


@pytest.mark.parametrize("model,seq,published", [
    ("llama3.1-405b", 8192, 16 * 2**20),
    ("deepseek-v3", 4096, 15_360 * 4096),
])
def test_the_planner_trains_a_frontier_model_at_its_published_batch(model, seq, published):
    """Within the 5 % a layout may move an unpinned default (``BATCH_ROUNDING``)."""
    assert _planned(model, 2048, seq) == pytest.approx(published, rel=0.05)


def test_a_stated_batch_is_kept_for_a_frontier_model():
    assert _planned("llama3.1-405b", 2048, 8192, global_batch_tokens=2**22) == 2**22
