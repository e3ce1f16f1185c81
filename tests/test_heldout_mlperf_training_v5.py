"""The held-out rows of MLPerf Training v5.0 and v5.1 (issue 27 item 1, session 40): Llama 3.1 405B and 8B
pretraining and Llama 2 70B LoRA from the submissions' result logs and configs. Checks that hold whatever the
estimator predicts: each row cites the file it came from, its figure follows from the log's reading it states,
its layout makes the log's global batch, and every row is predicted or listed as excluded with its reason."""

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

PUBLICATIONS = ("mlperf-training-v5.0", "mlperf-training-v5.1")
RECORDS = json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8"))
SWITCHLESS_SET = "switchless-mlperf-training-2026-12-06"
"""The AMD-board rows of the same rounds, a set of their own with their own checks (session 46)."""
V5 = [r for r in RECORDS if r["publication"] in PUBLICATIONS and r.get("set") != SWITCHLESS_SET]
PREDICTED = [r for r in V5 if r["case"] == "train"]

SEQUENCE_TOKENS = 8192
"""Tokens of one sample of all three benchmarks (the logs' max_sequence_length; LoRA's max_seq_length) [tokens]."""


def test_rows_sit_after_the_v41_rows_and_span_cards_and_benchmarks():
    """15-30 rows, placed right after the last MLPerf Training v4.1 row; the predicted ones cover at least three
    cards and all three benchmarks."""
    assert 15 <= len(V5) <= 30
    ids = [r["id"] for r in RECORDS]
    last_v41 = max(i for i, r in enumerate(RECORDS) if r["publication"] == "mlperf-training-v4.1")
    assert ids[last_v41 + 1:last_v41 + 1 + len(V5)] == [r["id"] for r in V5]
    assert len({r["setup"]["card"] for r in PREDICTED}) >= 3
    assert {r["setup"]["model"] for r in PREDICTED} == {"llama3.1-405b", "llama3.1-8b", "llama2-70b"}


@pytest.mark.parametrize("record", V5, ids=lambda r: r["id"])
def test_each_row_cites_its_log_and_config(record):
    """The URL pins the results repository's commit and names the result directory the source names; the source
    names the result logs and the config file the layout was read from."""
    version = record["publication"].rsplit("-", 1)[1]
    repository = f"https://github.com/mlcommons/training_results_{version}/tree/"
    url = re.fullmatch(rf"{re.escape(repository)}([0-9a-f]{{40}})/(.+)", record["url"])
    assert url, record["id"]
    assert f"{url[2]}/result_0.." in record["source"], record["id"]
    assert re.search(r"config_\w+\.sh", record["source"]) and "closed division" in record["source"], record["id"]
    assert all(record[field] for field in accuracy_heldout.FIELDS if field != "assumed" or record["case"] == "train")


@pytest.mark.parametrize("record", V5, ids=lambda r: r["id"])
def test_figure_follows_from_the_log_reading(record):
    """tokens/s per GPU = the global batch x 8,192 tokens over the median step time, or the median samples/s x
    8,192 tokens, over the GPUs; the layout's micro-batches and accumulations make the global batch."""
    setup, count = record["setup"], record["setup"]["count"]
    figure = record["values"]["tokens_per_s_per_card"]
    batch = int(re.search(r"global batch ([\d,]+)", record["measured"] + " " + record["assumed"])[1].replace(",", ""))
    data_parallel = count // (setup["tp"] * setup["pp"] * setup["cp"])
    assert data_parallel * setup["tp"] * setup["pp"] * setup["cp"] == count
    assert setup["micro_batch"] * setup["grad_accum"] * data_parallel == batch
    median = float(re.search(r"median ([\d.]+)", record["measured"])[1])
    if "train_step_time" in record["measured"]:
        assert figure == pytest.approx(batch * SEQUENCE_TOKENS / median / count, rel=1e-3)
    else:
        assert figure == pytest.approx(median * SEQUENCE_TOKENS / count, rel=1e-3)
    assert setup["card"] in {c.id for c in CATALOG.cards} and setup["model"] in load_presets()


def test_every_row_is_predicted_or_excluded_with_its_reason():
    """Each 'train' row gives one tokens/s row among the held-out rows, predicted; each excluded row states why
    and gives none."""
    rows = {row.row_id: row for row in accuracy.held_out() if row.kind == "train-throughput"}
    for r in PREDICTED:
        assert rows[r["id"]].predicted > 0 and rows[r["id"]].publication == r["publication"], r["id"]
    for r in V5:
        if r["case"] == accuracy_heldout.EXCLUDED:
            assert r["excluded"].strip() and r["id"] not in rows, r["id"]
    assert len(PREDICTED) >= 12
