"""torchtune's README table of May 2024 as held-out memory rows (issue 27 part 1: LoRA, QLoRA and full fine-tuning
memory of Llama 2 at a stated batch and length): each row cites the README at the commit that entered the table and
is predicted as a peak-allocated reading; the two rows whose stated setting cannot be what ran, and the 70B full
fine-tune with no config at that commit, are listed as excluded with the reason."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
from accuracy_heldout import CASES, EXCLUDED, SOURCE  # noqa: E402

URL = "https://github.com/pytorch/torchtune/blob/0217d44c2e1e372b34628767745c1f6538086a81/README.md"
RECORDS = [r for r in json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8")) if r["id"].startswith("tt2405-")]


def test_the_table_holds_seven_rows_four_predicted():
    assert len(RECORDS) == 7 and all(r["url"] == URL and r["publication"] == "torchtune-readme" for r in RECORDS)
    assert sum(r["case"] == EXCLUDED for r in RECORDS) == 3


@pytest.mark.parametrize("record", [r for r in RECORDS if r["case"] != EXCLUDED], ids=lambda r: r["id"])
def test_each_predicted_row_is_a_peak_allocated_memory_row(record):
    rows = list(CASES[record["case"]](record))
    assert len(rows) == 1 and rows[0].kind == "memory" and rows[0].source == SOURCE
    assert rows[0].measured == pytest.approx(record["values"]["peak_allocated_gb"] * 1e9 / 2**30)


def test_the_impossible_settings_are_listed_with_their_arithmetic():
    for record in RECORDS:
        if record["case"] == EXCLUDED and "lora" in record["id"]:
            assert "cannot be what ran" in record["excluded"] and "GB a GPU" in record["excluded"]
