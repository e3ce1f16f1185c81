"""A prompt's output head runs only where the engine samples (issue 27): the last position of each
prompt in a step, not every prompt token (prefill_time.prefill_flops); decode and training keep it
at every token."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.matmul_shapes import matmul_efficiency_by_shape
from configurator.core.prefill_attention import prompt_attention_flops
from configurator.core.prefill_time import prefill_flops


def test_a_prompt_runs_the_head_at_its_last_token_only():
    """Llama 3 8B: the head is 4096 x 128256 = 0.525 B of its 7.50 B product parameters, so a
    2048-token prompt's products are 2·(N − V·d)·P + 2·V·d, 7.0 % fewer than 2·N·P."""
    model, p = preset("llama3-8b"), 2048
    head = model.vocab * model.hidden
    assert head == 4096 * 128256
    products = prefill_flops(model, p) - prompt_attention_flops(model, p)
    assert products == 2.0 * (model.matmul_params() - head) * p + 2.0 * head
    assert products / (2.0 * model.matmul_params() * p) == pytest.approx(0.930, abs=1e-3)


def test_a_prompt_sampled_in_each_of_its_chunks_pays_the_head_in_each():
    model = preset("llama3-70b")
    head = model.vocab * model.hidden
    assert prefill_flops(model, 8192, 3) - prefill_flops(model, 8192) == pytest.approx(2.0 * 2.0 * head)


@pytest.mark.parametrize("card_id", ["h100-sxm", "l40s"])
def test_the_sampled_rows_run_the_head_at_their_own_shape(catalog, card_id):
    """With ``head_rows`` the head is an ``h × vocab × d`` product whatever the chunk: alone (no
    layers) it sustains what a pass of ``h`` tokens' head does; with every token sampled it is the
    plain forward figure; training's loss reads every position, so it ignores ``head_rows``."""
    model, card = preset("llama3-8b"), catalog.get(card_id)
    alone = matmul_efficiency_by_shape(model, card, "bf16", 2048, layers=0, training=False, head_rows=4)
    assert alone == pytest.approx(matmul_efficiency_by_shape(model, card, "bf16", 4, layers=0, training=False))
    every = matmul_efficiency_by_shape(model, card, "bf16", 2048, training=False)
    assert matmul_efficiency_by_shape(model, card, "bf16", 2048, training=False, head_rows=2048) == \
        pytest.approx(every)
    assert matmul_efficiency_by_shape(model, card, "bf16", 2048, head_rows=1) == \
        matmul_efficiency_by_shape(model, card, "bf16", 2048)
    # one sampled row: a GEMV-like head, under a tenth of the rate of its 2048-row product, but with
    # 1/2048 of its FLOPs, so the chunk's products sustain within 1 % of the every-row figure
    gemv = matmul_efficiency_by_shape(model, card, "bf16", 1, layers=0, training=False)
    assert gemv < 0.1 * matmul_efficiency_by_shape(model, card, "bf16", 2048, layers=0, training=False)
    one = matmul_efficiency_by_shape(model, card, "bf16", 2048, training=False, head_rows=1)
    assert one < every
    assert one == pytest.approx(every, rel=1e-2)
