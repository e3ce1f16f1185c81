"""The prompt of an engine that runs its layers op by op (Hugging Face transformers, the H200 rig's
plain PyTorch): its elementwise kernels' traffic per token and its kernels' host dispatch as a floor
(configurator/core/formulas/eager_layer.py), in place of a fused engine's per-layer time (issue 27:
the informed 130 µs, settled for this engine by the grid's prefill rows)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.formulas.eager_layer import eager_elementwise_bytes_per_token, eager_layer_kernels
from configurator.core.precision import plan_serving
from configurator.core.prefill_time import prefill_seconds, prompt_elementwise_seconds
from configurator.core.scenario import Scenario

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

CATALOG = load_bundled_catalog()


def test_llama3_8b_layer_moves_639_kb_per_token_in_41_kernels():
    """Two fp32 RMSNorms (40·h each), rotary on q and k (20 bytes an element), the attention output's
    copy (4 bytes a q element), two residual adds (6·h each) and SwiGLU (10·f), in bf16."""
    h, q, k, f = 4096, 4096, 1024, 14336
    assert eager_elementwise_bytes_per_token(h, q, k, f) == 80 * h + 20 * (q + k) + 4 * q + 12 * h + 10 * f == 638_976
    assert eager_layer_kernels() == 41 and eager_layer_kernels(gated_mlp=False) == 39


def test_tensor_parallel_ranks_share_q_k_and_the_mlp_not_the_norms():
    h, q, k, f = 4096, 4096, 1024, 14336
    whole = eager_elementwise_bytes_per_token(h, q, k, f)
    halves = eager_elementwise_bytes_per_token(h, q, k, f, tp=2)
    assert whole - halves == pytest.approx((20 * (q + k) + 4 * q + 10 * f) / 2)


def _prompt(engine: str, card: str = "h200-sxm", tokens: int = 2048) -> tuple[Scenario, object, object]:
    s = Scenario(model=preset("llama3-8b"), card_id=card, count=1, workload="inference",
                 serving={"engine": engine, "prompt_tokens": tokens, "max_batched_tokens": max(tokens, 512)})
    c = CATALOG.get(card)
    return s, c, plan_serving(s, c)


def test_only_the_eager_engine_pays_the_elementwise_traffic():
    s, card, plan = _prompt("transformers")
    per_token = prompt_elementwise_seconds(s, card, plan, 1.0)
    # 32 layers × 639 kB at the H200's sustained bandwidth: about 5 µs a token
    assert 4e-6 < per_token < 6e-6
    for engine in ("vllm", "sglang", "tensorrt-llm"):
        s, card, plan = _prompt(engine)
        assert prompt_elementwise_seconds(s, card, plan, 2048) == 0.0


def test_a_short_prompt_waits_on_the_hosts_dispatch():
    """512 tokens of Llama 3 8B on an H200 ran in 32.3 ms on the rig, host-bound: 32 layers × 41 kernels
    at 25 µs each, 32.8 ms, more than the GPU's work."""
    s, card, plan = _prompt("transformers", tokens=512)
    assert prefill_seconds(s, card, plan, 512) == pytest.approx(32 * 41 * 25e-6)
    s, card, plan = _prompt("transformers", tokens=8192)
    assert prefill_seconds(s, card, plan, 8192) > 32 * 41 * 25e-6 * 3  # long prompts: the GPU's work


def test_the_grids_prefill_rows_are_within_12_percent():
    """The nine H200 prefill rows, Llama 3 8B at 1-16 prompts of 512-8,192 tokens: −10.1 … +1.5 % at the
    refitted prefill efficiency 0.927 (−37.8 … −11.5 % with the 130 µs per-layer time of fused engines)."""
    from accuracy import DATA
    from h200_rig_rows import h200_rows

    rows = [row for row in h200_rows(DATA / "h200-calibration.jsonl", ("prefill",)) if row.kind == "prefill"]
    assert len(rows) == 9
    assert all(abs(row.error_pct) < 12.0 for row in rows), [(row.row_id, round(row.error_pct, 1)) for row in rows]
