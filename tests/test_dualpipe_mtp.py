"""DeepSeek-V3 trained as its report states it (issue 27 part 4): DualPipe's bubble and the two
stages each of its ranks holds (formulas/dualpipe.py), and the multi-token prediction module's
block, projection and second pass through the head (core/training_mtp.py).

DeepSeek-AI 2024, "DeepSeek-V3 Technical Report", arXiv 2412.19437: §2.2 (MTP, D = 1 in §4.2),
§3.2.1 and Table 2 (DualPipe), §3.2.3 (the embedding and the head on one rank);
deepseek-ai/DualPipe README (commit 3da1bbe).
"""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.dualpipe import (
    dualpipe_bubble_fraction,
    dualpipe_in_flight,
    idle_chunk_share,
    mirror_rank,
    paired_stage_work,
    runs_dualpipe,
    schedule_bubble_fraction,
)
from configurator.core.formulas.parallelism import bubble_share_of_step, pipeline_bubble_fraction
from configurator.core.memory import training_stage_layers
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.training_mtp import mtp_matmul_params, mtp_params
from configurator.core.training_stage_work import matmul_params_on_fullest_stage
from configurator.core.precision import plan_training
from configurator.core.training_rank_params import rank_params, stage_rank_params
from configurator.core.training_stage_memory import stage_memory_at

DSV3_TOKENS_PER_S_PER_CARD = 1e12 / (180_000 * 3600)
"""DeepSeek-V3 report, abstract and Table 1: 180K H800 GPU-hours per trillion tokens [tokens/s]."""


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _dsv3_mtp():
    return preset("deepseek-v3").model_copy(update={"mtp_depth": 1})


def _dsv3(algorithm: str, mtp: int = 1, policy: str = "fp8-cache") -> Scenario:
    model = preset("deepseek-v3").model_copy(update={"mtp_depth": mtp})
    return Scenario(model=model, card_id="h800-sxm", count=2048, workload="pretrain", precision="fp8",
                    parallelism={"tp": 1, "pp": 16, "ep": 64, "zero": 1},
                    training={"seq_len": 4096, "micro_batch": 1, "grad_accum": 120, "recompute": "selective",
                              "selective_policy": policy, "recipe": "megatron-mixed", "expert_overlap": True,
                              "fp8_scaling": "block", "pipeline_algorithm": algorithm})


# ---- DualPipe --------------------------------------------------------------------------------


def test_dualpipe_bubble_at_pp16_and_the_rows_micro_batches():
    """(PP/2 − 1)(F&B + B − 3W) with F : B : W = 1 : 2 : 1 and F&B = F + B: 7 × (3 + 2 − 3)/3 = 7 × 2/3
    micro-batch times of 120, against 1F1B's 15 of 120."""
    assert idle_chunk_share() == pytest.approx(2 / 3)
    assert dualpipe_bubble_fraction(16, 120) == pytest.approx(7 * 2 / 3 / 120)
    assert pipeline_bubble_fraction(16, 120) == pytest.approx(15 / 120)
    assert dualpipe_bubble_fraction(2, 8) == 0.0  # one pair: the two directions fill each other


def test_dualpipe_only_on_an_even_number_of_stages():
    assert runs_dualpipe("dualpipe", 16) and not runs_dualpipe("dualpipe", 15) and not runs_dualpipe("1f1b", 16)
    np.testing.assert_array_equal(runs_dualpipe("dualpipe", np.array([1, 2, 3, 8])), [False, True, False, True])
    assert schedule_bubble_fraction("dualpipe", 15, 60) == pytest.approx(14 / 60)
    assert schedule_bubble_fraction("1f1b", 16, 120, 2, 16) == pipeline_bubble_fraction(16, 120, 2, 16)
    np.testing.assert_allclose(schedule_bubble_fraction("dualpipe", np.array([4, 5]), np.array([8, 10])),
                               [1 * 2 / 3 / 8, 4 / 10])


def test_a_dualpipe_rank_holds_its_stage_and_the_mirror():
    """Rank i holds stages i and PP−1−i (example_dualpipe.py): two copies of the parameters, the
    end ranks the first stage with the embedding and the last with the head (and the MTP module)."""
    assert mirror_rank(0, 16) == 15 and mirror_rank(7, 16) == 8
    model = _dsv3_mtp()
    first, fullest, last = training_stage_layers(model, 16, dualpipe=True)
    assert (first, fullest, last) == (4, 4, 1)  # DeepSeek's split: 4 × 15 and 1 (profile-data)
    s = _dsv3("dualpipe")
    middle = stage_rank_params(model, 16, 1, fullest)
    assert rank_params(s, 1, fullest) == pytest.approx(2 * middle)
    ends = stage_rank_params(model, 16, 0, first) + stage_rank_params(model, 16, 15, last)
    assert rank_params(s, 0, first) == pytest.approx(ends)
    assert stage_rank_params(model, 16, 15, last) - stage_rank_params(preset("deepseek-v3"), 16, 15, last) \
        == mtp_params(model)
    assert rank_params(_dsv3("1f1b"), 1, fullest) == middle
    assert training_stage_layers(model, 16) == (3, 4, 3)  # 1F1B: the embedding and head counted as layers


def test_dualpipe_holds_pp_plus_one_micro_batches_on_every_rank():
    """Table 2's "Activation PP+1": rank r holds p − r micro-batches of its own stage and r + 1 of
    the mirror stage; each direction carries half the step's micro-batches, so a short step caps both."""
    for pp in (2, 4, 16):
        for rank in range(pp):
            own, mirrored = dualpipe_in_flight(pp, 2 * pp, rank)
            assert (own, mirrored) == (pp - rank, rank + 1) and own + mirrored == pp + 1
    assert dualpipe_in_flight(16, 8, 0) == (4, 1) and dualpipe_in_flight(16, 8, 7) == (4, 4)
    own, mirrored = dualpipe_in_flight(np.array([4, 16]), np.array([120, 120]), np.array([3, 1]))
    assert own.tolist() == [1, 15] and mirrored.tolist() == [4, 2]


def test_dualpipe_activations_count_the_mirror_stage_and_the_head_on_rank_0(catalog):
    """DeepSeek-V3 at PP16 (stages of 4 layers, the last of 1): rank 0 keeps 16 micro-batches of its
    stage and 1 of the last stage with the loss's logits, as the last rank keeps 1 of its own and 16
    of the first; a middle rank 15 + 2 of middle stages (before: 16, 15 and 1 of its own alone)."""
    card = catalog.get("h800-sxm")
    dual, plain = _dsv3("dualpipe"), _dsv3("1f1b")
    plan = plan_training(card, dual.precision)
    assert training_stage_layers(dual.model, 16, dualpipe=True) == (4, 4, 1)
    held = {rank: stage_memory_at(dual, card, plan, rank).activations_per_sequence for rank in (0, 1, 15)}
    held_1f1b = {rank: stage_memory_at(plain, card, plan, rank).activations_per_sequence for rank in (0, 1, 15)}
    assert held[0] == pytest.approx(held[15])
    assert held[1] == pytest.approx(held_1f1b[1] * 17 / 15, rel=0.02)  # the working layer's bytes apart
    assert held[0] > held_1f1b[0] and held[15] > 4 * held_1f1b[15]


def test_dualpipe_end_ranks_average_the_first_and_last_stage():
    assert paired_stage_work(3.0, 4.0, 7.0, 16) == 5.0
    assert paired_stage_work(3.0, 4.0, 3.0, 16) == 4.0
    assert paired_stage_work(3.0, 9.0, 7.0, 2) == 5.0  # two stages: both ranks hold both
    model = preset("deepseek-v3")
    first, fullest, last = training_stage_layers(model, 16)
    per_layer = (model.matmul_params() - model.vocab * model.hidden) / model.n_layers
    plain = matmul_params_on_fullest_stage(model, 16)
    assert plain == pytest.approx(last * per_layer + model.vocab * model.hidden)  # the head's stage
    first, fullest, last = training_stage_layers(model, 16, dualpipe=True)  # (4, 4, 1)
    ends = ((first + last) * per_layer + model.vocab * model.hidden) / 2
    assert matmul_params_on_fullest_stage(model, 16, True) == pytest.approx(max(fullest * per_layer, ends))


# ---- multi-token prediction --------------------------------------------------------------------


def test_mtp_products_share_of_deepseek_v3():
    """D = 1: one MoE block's active products (MLA, 8 routed + 1 shared expert of 3 × 7,168 × 2,048,
    the 256-expert router, two norms), the 2h × h projection and a second 7,168 × 129,280 head: 1.61 B
    beside the main model's 36.6 B, 4.4 %."""
    model = _dsv3_mtp()
    h, f = 7168, 2048
    block = model.attention_params() + 256 * h + 9 * 3 * h * f + 2 * h
    assert mtp_matmul_params(model) == block + 2 * h * h + 129_280 * h
    assert mtp_matmul_params(model) / model.matmul_params() == pytest.approx(0.0441, abs=5e-4)
    assert mtp_matmul_params(preset("deepseek-v3")) == 0 == mtp_params(preset("deepseek-v3"))
    # stored, embedding and head shared: the block with its 256 experts, the projection, three norms
    assert mtp_params(model) == model.moe_layer_params() + 2 * h * h + 3 * h


def test_mtp_products_on_the_last_stage():
    model = _dsv3_mtp()
    plain = preset("deepseek-v3")
    assert matmul_params_on_fullest_stage(model, 16) - matmul_params_on_fullest_stage(plain, 16) \
        == pytest.approx(mtp_matmul_params(model))
    first, fullest, last = training_stage_layers(model, 16, dualpipe=True)
    per_layer = (model.matmul_params() - model.vocab * model.hidden) / model.n_layers
    ends = ((first + last) * per_layer + model.vocab * model.hidden + mtp_matmul_params(model)) / 2
    assert matmul_params_on_fullest_stage(model, 16, True) == pytest.approx(max(fullest * per_layer, ends))


def test_mtp_depth_is_written_only_when_set():
    assert "mtp_depth" not in preset("deepseek-v3").model_dump()
    assert _dsv3_mtp().model_dump()["mtp_depth"] == 1
    assert "pipeline_algorithm" not in _dsv3("1f1b").training.model_dump()


# ---- the published run -----------------------------------------------------------------------


def test_deepseek_v3_as_stated_fits_and_is_within_25_percent(catalog):
    """PP16 EP64 ZeRO-1, DualPipe, MTP D = 1, its own recomputation: fits on the H800 with the two
    copies of the parameters, and the step's bubble is DualPipe's 7 × 2/3 of 120 micro-batch times."""
    est = estimate(_dsv3("dualpipe"), catalog.get("h800-sxm"))
    assert est.memory.fits
    assert est.training.bubble_fraction == pytest.approx(bubble_share_of_step(7 * 2 / 3 / 120))
    assert est.training.tokens_per_s_per_card == pytest.approx(DSV3_TOKENS_PER_S_PER_CARD, rel=0.25)
    one = estimate(_dsv3("1f1b", mtp=0), catalog.get("h800-sxm"))
    assert est.memory.weights > one.memory.weights  # the mirror stage's copy


@pytest.mark.parametrize(("count", "seq", "pinned"), [
    (256, 512, {}),  # every field to the planner
    (1024, 4096, {"pp": 16}),  # DualPipe's mirror stages, the MTP module and the BF16 head on rank 0's pair
])
def test_planner_agrees_with_the_estimate_under_dualpipe_and_mtp(catalog, count, seq, pinned):
    from configurator.core.workloads.training.search import plan_training_layout
    from searched_layout import estimated_as_searched
    s = Scenario(model=_dsv3_mtp(), workload="pretrain", card_id="h800-sxm", count=count, precision="fp8",
                 auto_layout=tuple(f for f in LAYOUT_FIELDS if f not in pinned), parallelism=pinned,
                 training={"tokens": 1e12, "seq_len": seq, "recipe": "megatron-mixed", "expert_overlap": True,
                           "pipeline_algorithm": "dualpipe", "fp8_scaling": "block", "selective_policy": "fp8-cache"})
    card = catalog.get("h800-sxm")
    plan = plan_training_layout(s, card, top=8)
    assert plan.layouts
    for layout in plan.layouts:
        est = estimated_as_searched(s, layout, card)
        assert est.memory.total == pytest.approx(layout.memory_bytes, rel=1e-9)
        assert est.training.step_time_s == pytest.approx(layout.step_s, rel=1e-9)


# ---- the output head in 16 bits --------------------------------------------------------------


def test_block_scaled_fp8_keeps_the_head_in_bf16(catalog):
    """DeepSeek-V3 §3.3.1: the output head stays in BF16 while the products run FP8: on an H800 each head
    parameter costs twice an FP8 one (1,979 / 989.5 TFLOP/s); the main head and the MTP module's pass.
    Other FP8 scalings and 16-bit math keep weight 1."""
    from configurator.core.precision import plan_training
    from configurator.core.training_stage_work import output_head_weight
    card = catalog.get("h800-sxm")
    s = _dsv3("dualpipe")
    plan = plan_training(card, s.precision)
    assert output_head_weight(s, card, plan) == pytest.approx(card.peak_tflops("fp8") / card.peak_tflops("bf16"))
    assert output_head_weight(s, card, plan) == pytest.approx(2.0, rel=0.01)
    dynamic = s.model_copy(update={"training": s.training.model_copy(update={"fp8_scaling": "dynamic"})})
    assert output_head_weight(dynamic, card, plan) == 1.0
    bf16 = s.model_copy(update={"precision": "bf16"})
    assert output_head_weight(bf16, card, plan_training(card, bf16.precision)) == 1.0
    model = _dsv3_mtp()
    vh = model.vocab * model.hidden
    assert matmul_params_on_fullest_stage(model, 16, False, 2.0) - matmul_params_on_fullest_stage(model, 16) \
        == pytest.approx(2 * vh)  # two head passes, each one FP8 parameter's worth more
    assert matmul_params_on_fullest_stage(model, 16, True, 2.0) - matmul_params_on_fullest_stage(model, 16, True) \
        == pytest.approx(vh)  # DualPipe's end ranks: half of the micro-batches reach the head
