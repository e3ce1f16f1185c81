"""The planner's recomputation time and the reason a recomputing layout loses (persona 45b, defect 1:
selective recomputation repeats the attention alone, which the search's ``recompute_s`` left out)."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main
from configurator.core.formulas.flops import recompute_factors
from configurator.core.formulas.timing import recomputed_seconds


@pytest.mark.parametrize(("recompute", "expected_s"), [("none", 0.0), ("selective", 0.25), ("full", 2.25)])
def test_recomputed_seconds_counts_the_repeated_share_of_each_part(recompute, expected_s):
    """8 s of products and 1 s of attention, each with the recomputed forward in it: selective repeats
    a quarter of the attention (4/3 → 1/4 of it), full a quarter of both (Korthikanti et al. 2022, §5)."""
    mm, attn = recompute_factors(recompute)
    assert recomputed_seconds(8.0, 1.0, mm, attn) == pytest.approx(expected_s)


def test_a_selective_layout_loses_by_its_recomputation_not_by_slower_kernels(capsys):
    """16 × H20, Qwen2.5-32B fine-tune: the selective layout beside the chosen one (same tp and
    micro-batch) is slower by its recomputed attention alone, and says so."""
    assert main(["plan", "--workload", "finetune", "--model", "qwen2.5-32b", "--card", "h20", "--count", "16",
                 "--tokens", "2B", "--json"]) == 0
    layouts = json.loads(capsys.readouterr().out)["layouts"]
    chosen = layouts[0]
    same = [x for x in layouts if x["recompute"] == "selective"
            and all(x[k] == chosen[k] for k in ("tp", "pp", "vp", "cp", "ep", "zero", "micro_batch", "grad_accum"))]
    assert chosen["recompute"] == "none" and same
    assert same[0]["recompute_s"] > 0
    assert same[0]["recompute_s"] == pytest.approx(same[0]["step_time_s"] - chosen["step_time_s"], rel=0.02)
    assert all(x["loses_by"] == "recomputation" for x in layouts if x["recompute"] == "selective")
