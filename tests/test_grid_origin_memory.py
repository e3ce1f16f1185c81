"""The training search works out what a layout's memory reads of no micro-batch or accumulation
once per row of the grid before the micro-batch (``grid.GridOrigin``), and the micro-batches in
flight once per (width, pipeline, interleaving, micro-batch) group of the grid's making (issue 28:
the fixed cost of a layout search). Every layout's memory must be the one worked out row by row,
to the last bit; and grids of several counts joined (``shared_grids.JoinedGrid``) must read as the
columns joined."""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.formulas import activations, states
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.workloads.training.grid import layout_grid_with_groups, pipeline_options, tried_axes
from configurator.core.workloads.training.layout_speed import coded_tier
from configurator.core.workloads.training.shared_grids import JoinedGrid
from configurator.core.workloads.training.stage_tables import layout_memory, stage_tables

CASES = {
    "70B megatron-mixed, 512 H100": ("llama3-70b", "h100-sxm", 512, {"recipe": "megatron-mixed"}, {}),
    "8B torch-amp, 48 A100": ("llama3-8b", "a100-sxm-80gb", 48, {"recipe": "torch-amp"}, {}),
    "13B bf16 gradients, 96 H100": ("llama2-13b", "h100-sxm", 96, {"recipe": "megatron-bf16-grads"}, {}),
    "DeepSeek-V3 DualPipe, 256 H200": ("deepseek-v3", "h200-sxm", 256,
                                       {"recipe": "megatron-bf16-grads", "pipeline_algorithm": "dualpipe"}, {}),
    "8B offloaded weights, 16 H100": ("llama3-8b", "h100-sxm", 16, {"recipe": "torch-amp", "offload_params": True},
                                      {}),
}


def _scenario(model: str, card: str, count: int, training: dict, parallelism: dict) -> Scenario:
    return Scenario(model=preset(model), card_id=card, count=count, workload="pretrain", auto_layout=LAYOUT_FIELDS,
                    parallelism=parallelism, training={"seq_len": 4096, "tokens": 1e12, **training})


@pytest.mark.parametrize("case", list(CASES))
def test_memory_from_the_grid_before_the_micro_batch_is_the_row_by_row_memory(catalog, case):
    model, card_id, count, training, parallelism = CASES[case]
    scenario, card = _scenario(model, card_id, count, training, parallelism), catalog.get(card_id)
    sequences = 1024
    g, _, origin = layout_grid_with_groups(scenario, tried_axes(scenario, card, sequences), sequences)
    assert origin is not None and len(origin.rows) == len(g["tp"]) > 100
    index, first, last = stage_tables(scenario, card, pipeline_options(count))
    at = (index.take(g["pp"]), g["rc"])
    before = origin.before
    flight = coded_tier(origin.flight, origin.flight_groups)
    placed = (index.take(before["pp"]), before["rc"])
    args = (scenario.training.seq_len, 2**30, scenario.training.offload_params,
            scenario.parallelism.pipeline_schedule)
    for table, is_first in ((first, True), (last, False)):
        row_by_row = layout_memory(g, table, at, is_first, *args)
        shared = layout_memory(g, table, None, is_first, *args, flight, (before, placed, origin.rows))
        assert shared.tobytes() == row_by_row.tobytes(), (case, is_first)


def test_a_joined_grid_reads_as_its_columns_joined():
    grids = [{"tp": np.array([1, 2]), "pp": np.array([4, 8])}, {"tp": np.array([8]), "pp": np.array([1])}]
    joined = JoinedGrid(grids, n=np.array([16, 16, 32]))
    assert list(joined) == ["tp", "pp", "n"] and len(joined) == 3 and "pp" in joined and "dp" not in joined
    assert joined["tp"].tolist() == [1, 2, 8] and joined["pp"].tolist() == [4, 8, 1]
    assert joined["n"].tolist() == [16, 16, 32]
    assert joined["tp"] is joined["tp"]  # joined once, kept
    with pytest.raises(KeyError):
        joined["dp"]


def test_the_peak_formulas_split_give_the_same_bits():
    rng = np.random.default_rng(3)
    w, g, o, a, b, s = (rng.random(64) * 1e9 for _ in range(6))
    held = rng.random(64) < 0.5
    whole = states.training_peak_bytes(w, g, o, a, held, b, s)
    assert states.training_peak_bytes(None, g, None, a, held, None, s, states.resident_bytes(w, o, b)).tobytes() \
        == whole.tobytes()
    everywhere = states.training_peak_bytes(w, g, o, a, np.ones(64, dtype=bool), b, s)
    assert states.training_peak_bytes(w, g, o, a, True, b, s).tobytes() == everywhere.tobytes()
    stored, flight, working, loss = (rng.random(64) * 1e6 for _ in range(4))
    assert activations.activation_peak_bytes_per_token(
        stored, flight, None, None, activations.transient_bytes_per_token(working, loss)).tobytes() \
        == activations.activation_peak_bytes_per_token(stored, flight, working, loss).tobytes()
