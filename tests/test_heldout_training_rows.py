"""The held-out training rows added for issue 27 part 1 (NeMo 24.07's performance summary, torchtitan's
2024-04 A100 page, NVIDIA's MLPerf Training v4.1 logs) and the rows listed as ``excluded``: checks that
hold whatever the estimator predicts, so a mistyped layout or figure shows."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
import accuracy_heldout  # noqa: E402
from accuracy_base import CATALOG  # noqa: E402

from configurator.core.architecture import load_presets  # noqa: E402

RECORDS = json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8"))
EXCLUDED = [r for r in RECORDS if r["case"] == accuracy_heldout.EXCLUDED]
NEW_TRAINING = [r for r in RECORDS if r["publication"] in
                {"nemo-performance-summary-2407", "torchtitan-performance-a100", "mlperf-training-v4.1"}
                and r["case"] == "train"]

MLPERF_LORA_TOKENS = 8192
"""Tokens of one MLPerf Llama 2 70B LoRA sample (its max_seq_length) [tokens]."""


def test_excluded_rows_state_their_reason_and_predict_nothing():
    """A row the estimator cannot express is listed with why (``excluded``) and yields no row; a predicted row
    carries no such reason."""
    assert len(EXCLUDED) >= 7
    for r in EXCLUDED:
        assert r["excluded"].strip() and r["values"], r["id"]
        assert list(accuracy_heldout.CASES[r["case"]](r)) == []
    assert not [r["id"] for r in RECORDS if r["case"] != accuracy_heldout.EXCLUDED and "excluded" in r]
    text = accuracy_heldout.describe_excluded(accuracy.HELD_OUT)
    assert all(r["publication"] in text for r in EXCLUDED)


def test_excluded_for_want_of_a_preset_means_no_preset():
    """Rows excluded because their model is no preset name none of the presets (else they should be predicted)."""
    presets = set(load_presets())
    for r in EXCLUDED:
        if "no preset" in r["excluded"]:
            assert r["setup"].get("model") not in presets, r["id"]


@pytest.mark.parametrize("record", NEW_TRAINING, ids=[r["id"] for r in NEW_TRAINING])
def test_layout_divides_the_cards_and_the_batch(record):
    """The layout the row states covers its cards exactly, and the global batch is whole micro-batches."""
    setup = record["setup"]
    model_parallel = setup.get("tp", 1) * setup.get("pp", 1) * setup.get("cp", 1)
    assert setup["count"] % model_parallel == 0, record["id"]
    assert setup["card"] in {c.id for c in CATALOG.cards}
    assert setup["model"] in load_presets()
    if setup.get("virtual_stages", 1) > 1:
        assert load_presets()[setup["model"]].n_layers % (setup["pp"] * setup["virtual_stages"]) == 0, record["id"]


@pytest.mark.parametrize("record", [r for r in NEW_TRAINING if r["publication"] == "mlperf-training-v4.1"],
                         ids=lambda r: r["id"])
def test_mlperf_training_figures_follow_from_the_logs(record):
    """GPT-3: the stated global batch x 2,048 tokens over the median step time the row states; LoRA: the median
    samples/s x 8,192 tokens; both per GPU, and the layout's micro-batches make the stated global batch."""
    setup, count = record["setup"], record["setup"]["count"]
    figure = record["values"]["tokens_per_s_per_card"]
    batch = int(re.search(r"global batch ([\d,]+)", record["measured"] + " " + record["assumed"])[1].replace(",", ""))
    data_parallel = count // (setup["tp"] * setup["pp"] * setup["cp"])
    assert setup["micro_batch"] * setup["grad_accum"] * data_parallel == batch
    if setup["model"] == "gpt3-175b":
        step = float(record["measured"].split("median ")[1].split(" s")[0])
        assert figure == pytest.approx(batch * 2048 / step / count, rel=1e-3)
    else:
        samples = float(record["measured"].split("median ")[1].split(" samples/s")[0])
        assert figure == pytest.approx(samples * MLPERF_LORA_TOKENS / count, rel=1e-3)


def test_every_new_training_row_is_predicted():
    """Each new training row gives one tokens/s row among the held-out rows."""
    ids = {row.row_id for row in accuracy.held_out() if row.kind == "train-throughput"}
    assert {r["id"] for r in NEW_TRAINING} <= ids
