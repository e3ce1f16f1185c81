"""The held-out rows of Megatron-Bridge's performance summaries (docs/performance-summary.md and
performance-summary-archive.md at 067f987, issue 27 part 1, session 42): every row of every table is listed,
predicted or excluded with its reason, and each layout is whole, so a mistyped figure or layout shows."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
import accuracy_heldout  # noqa: E402
from accuracy_base import CATALOG  # noqa: E402

from configurator.core.architecture import load_presets  # noqa: E402

RECORDS = [r for r in json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8"))
           if r["publication"] == "megatron-bridge-performance"]

TABLE_ROWS = {"26.08": 18, "26.06.01": 14, "26.06": 41, "26.04.01": 47, "26.04": 44, "26.02.01": 36, "26.02": 33,
              "25.11": 32, "25.09": 27}
"""Rows of each release's tables at 067f987, a figure in brackets (another precision or layout) counted as a row of
its own [rows]."""


def _release(record: dict) -> str:
    return re.search(r"'([\d.]+) NeMo Container'", record["source"])[1]


def test_every_row_of_the_tables_is_listed_once():
    assert Counter(_release(r) for r in RECORDS) == TABLE_ROWS
    assert len({r["id"] for r in RECORDS}) == len(RECORDS)


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_the_layout_covers_the_cards_and_makes_the_global_batch(record):
    """TP x PP x CP divides the cards, micro-batch x accumulations x data-parallel ranks is the global batch the row
    states, and a predicted row names a preset and a catalog card."""
    setup = record["setup"]
    model_parallel = setup["tp"] * setup["pp"] * setup["cp"]
    assert setup["count"] % model_parallel == 0
    batch = int(re.search(r"global batch (\d+) sequences", record["assumed"])[1])
    assert setup["micro_batch"] * setup["grad_accum"] * (setup["count"] // model_parallel) == batch
    assert setup["card"] in {c.id for c in CATALOG.cards}
    if record["case"] == "train":
        assert setup["model"] in load_presets() and record["values"]["tokens_per_s_per_card"] > 0


def test_each_predicted_row_gives_one_throughput_and_each_excluded_row_says_why():
    predicted = {row.row_id for row in accuracy.held_out() if row.kind == "train-throughput"}
    for r in RECORDS:
        if r["case"] == "train":
            assert r["id"] in predicted
        else:
            assert r["case"] == accuracy_heldout.EXCLUDED and r["excluded"].strip()


def test_expert_parallelism_is_excluded_only_where_it_spans_more_than_data_parallel():
    """The scenario's expert parallelism lies within data parallel; a row whose EP is wider is excluded, and the
    predicted mixture-of-experts rows state an EP that divides their data-parallel ranks."""
    for r in RECORDS:
        s = r["setup"]
        data_parallel = s["count"] // (s["tp"] * s["pp"] * s["cp"])
        if "expert parallelism" in r.get("excluded", ""):
            assert s["ep"] > data_parallel
        elif r["case"] == "train" and "ep" in s:
            assert data_parallel % s["ep"] == 0
