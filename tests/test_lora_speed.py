"""LoRA and QLoRA training speed under ZeRO-3 / FSDP (issue 27, adapters): every step all-gathers
the frozen base in the dtype it is stored in, and reduce-scatters none of it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import accuracy  # noqa: E402

from configurator.core.architecture import preset  # noqa: E402
from configurator.core.catalog import load_bundled_catalog  # noqa: E402
from configurator.core.estimate import estimate  # noqa: E402
from configurator.core.formulas.collectives import reduce_scatter_seconds  # noqa: E402
from configurator.core.formulas.communication import (  # noqa: E402
    data_parallel_sync_seconds,
    frozen_base_gather_seconds,
    gradient_sync_seconds,
)
from configurator.core.adapter_memory import NF4_BYTES_PER_PARAM  # noqa: E402
from configurator.core.precision import plan_training  # noqa: E402
from configurator.core.scenario import LAYOUT_FIELDS, Scenario  # noqa: E402
from configurator.core.training_stage_work import frozen_base_bytes  # noqa: E402
from searched_layout import estimated_alone  # noqa: E402

CATALOG = load_bundled_catalog()
H100 = CATALOG.get("h100-sxm")
LINKS = (8, 450.0, 50.0, 0.8)
"""(ranks in a server, NVLink GB/s, network GB/s, efficiency): plain link figures for the formula."""


def _adapter(workload="lora", zero=3, count=16, seq_len=256, pp=1, model="llama3-70b") -> Scenario:
    """An adapter run short enough per micro-batch that two servers' gathers show."""
    return Scenario.model_validate({
        "model": preset(model).model_dump(), "card_id": H100.id, "count": count, "workload": workload,
        "precision": "bf16", "parallelism": {"zero": zero, "pp": pp, "cards_per_node": 8},
        "training": {"recipe": "pure", "micro_batch": 1, "grad_accum": 4, "seq_len": seq_len,
                     "recompute": "full"}})


def test_the_frozen_base_is_gathered_for_forward_and_again_for_backward():
    gather = reduce_scatter_seconds(1e9, 16, *LINKS)
    assert frozen_base_gather_seconds(1e9, 3, 16, *LINKS) == pytest.approx(2 * gather)


def test_under_pipeline_stages_the_base_is_gathered_once_and_kept():
    assert frozen_base_gather_seconds(1e9, 3, 16, *LINKS, pp=2) == pytest.approx(
        reduce_scatter_seconds(1e9, 16, *LINKS))


@pytest.mark.parametrize("zero, dp, base", [(2, 16, 1e9), (0, 16, 1e9), (3, 1, 1e9), (3, 16, 0.0)])
def test_nothing_is_gathered_below_zero_3_on_one_rank_or_without_a_frozen_base(zero, dp, base):
    assert frozen_base_gather_seconds(base, zero, dp, *LINKS) == 0.0


def test_a_card_syncs_the_gradients_of_what_trains_and_gathers_what_is_frozen():
    trained = gradient_sync_seconds(1e9, 2.0, 2.0, 3, 16, *LINKS)
    assert data_parallel_sync_seconds(1e9, 0.0, 2.0, 2.0, 3, 16, *LINKS) == trained
    assert data_parallel_sync_seconds(0.0, 2e9, 2.0, 2.0, 3, 16, *LINKS) == frozen_base_gather_seconds(2e9, 3, 16,
                                                                                                        *LINKS)
    assert data_parallel_sync_seconds(0.0, 0.0, 2.0, 2.0, 3, 16, *LINKS) == 0.0


def test_qlora_gathers_its_nf4_blocks_and_a_16_bit_rest():
    model = preset("llama3-8b")
    s = _adapter("qlora", model="llama3-8b")
    plan = plan_training(H100, s.precision)
    blocks = model.n_layers * model.layer_params() / model.n_layers
    rest = model.total_params() - blocks
    qlora = frozen_base_bytes(s, plan, model.total_params(), model.n_layers)
    lora = frozen_base_bytes(_adapter("lora", model="llama3-8b"), plan, model.total_params(), model.n_layers)
    assert lora == pytest.approx(2.0 * model.total_params())
    assert rest * 2.0 + blocks * NF4_BYTES_PER_PARAM < qlora < rest * 2.0 + blocks * 2.0
    assert frozen_base_bytes(_adapter("finetune", model="llama3-8b"), plan, model.total_params(),
                             model.n_layers) == 0.0


def test_zero_3_adapter_runs_pay_for_the_gathers_qlora_less_than_lora():
    lora, qlora = (estimate(_adapter(w), H100).training for w in ("lora", "qlora"))
    assert lora.data_parallel_s > qlora.data_parallel_s > 0.0
    assert lora.step_time_s > qlora.step_time_s


def test_zero_2_adapter_runs_gather_nothing():
    assert estimate(_adapter("lora", zero=2), H100).training.data_parallel_s == 0.0


def test_long_micro_batches_hide_the_gathers_behind_compute():
    """torchtune's 70B LoRA on 8 A100 (2 × 2,048 tokens a step): 141 GB gathered twice over NVLink
    is ~1 s against ~8 s of compute, hidden as FSDP prefetches it."""
    card = CATALOG.get("a100-sxm-80gb")
    s = Scenario.model_validate({
        "model": preset("llama3-70b").model_dump(), "card_id": card.id, "count": 8, "workload": "lora",
        "precision": "bf16", "parallelism": {"zero": 3},
        "training": {"recipe": "pure", "micro_batch": 2, "seq_len": 2048, "recompute": "full"}})
    assert estimate(s, card).training.data_parallel_s == 0.0


@pytest.mark.parametrize("workload", ["lora", "qlora"])
def test_the_layout_search_times_the_gathers_as_the_estimate_does(workload):
    """Every layout the planner weighs for an adapter run on two servers, estimated alone, takes
    the same step time (the search's vectorised copy of the gathers agrees)."""
    from configurator.core.workloads.training.search import plan_training_layout

    scenario = _adapter(workload).model_copy(update={"auto_layout": LAYOUT_FIELDS})
    plan = plan_training_layout(scenario, H100, top=12)
    assert plan.layouts and {layout.zero for layout in plan.layouts} & {3}
    for layout in plan.layouts:
        exact = estimated_alone(scenario, layout, H100)
        assert exact.training.step_time_s == pytest.approx(layout.step_s, rel=1e-9), layout


def test_torchtunes_fsdp_adapter_rows_are_predicted_within_the_throughput_target():
    """torchtune's README (2024-09) 70B LoRA and 405B QLoRA on 8 A100 under FSDP, held out: the
    gathers hidden, the estimate within the project's ±25 % throughput target (+8 %, +4 % here)."""
    rows = [r for r in accuracy.held_out() if r.publication == "torchtune-readme" and r.kind == "train-throughput"
            and r.scenario.parallelism.zero >= 3]
    assert len(rows) == 2 and all(abs(r.error_pct) <= 25.0 for r in rows), [(r.row_id, r.error_pct) for r in rows]
