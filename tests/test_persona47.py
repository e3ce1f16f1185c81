"""What a buyer read wrong in session 47's persona runs (procurement officer in Chinese, engineer with a
deadline, graphics buyer), each through the public names the summary and the window use."""

from __future__ import annotations

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.estimate import estimate
from configurator.core.view.family_view import view_of
from configurator.core.view.words import words


def _estimate(catalog, *argv: str):
    args = build_parser().parse_args(["estimate", *argv])
    scenario = with_constraints(scenario_from_args(args, catalog), args)
    return estimate(scenario, catalog.get(scenario.card_id))


@pytest.mark.parametrize(("argv", "en", "zh"), [
    (("--precision", "bf16"), "BF16", "BF16"),
    (("--precision", "fp8"), "FP8 asked, run in BF16", "要求 FP8，按 BF16 运行"),
])
def test_the_precision_row_says_a_conversion_only_where_there_is_one(catalog, argv, en, zh):
    """The summary's precision row read 'BF16 → BF16' for Qwen 2.5 32B on 8 × Ascend 910B."""
    est = _estimate(catalog, "--workload", "inference", "--model", "qwen2.5-32b", "--card", "a100-sxm-80gb",
                    "--count", "2", "--concurrency", "16", *argv)
    rows = view_of(est.scenario.workload).workload_rows
    assert dict(rows(est, words("en")))["Precision"] == en
    assert dict(rows(est, words("zh_CN")))["精度"] == zh


def test_a_range_over_many_runs_names_the_nearest_and_counts_the_rest():
    """The summary's 'Rows' cell of a 128 × H100 pre-training named 55 runs (80 rows), a page-long cell;
    the run of the estimate's own model and card was the 52nd."""
    from configurator.core.view.rows import NAMED_AT_MOST, named_rows

    runs = [(f"GPT 3 175B · {256 * k} × A100 SXM4 80GB", 2) for k in range(1, 20)]
    runs += [("llama3-8b · 128 × H100 SXM5 80GB", 1), ("Llama 3 70B · 256 × H100 SXM5 80GB", 3)]
    band = type("B", (), {"row_names": tuple(runs)})()
    named = named_rows(band, "en", "H100 SXM5 80GB", "llama3-8b")
    assert len(named) == NAMED_AT_MOST
    assert named[:2] == ["Llama 3 8B · 128 × H100 SXM5 80GB", "Llama 3 70B · 256 × H100 SXM5 80GB (3 rows)"]
    shown = 1 + 3 + 2 * (NAMED_AT_MOST - 3)
    assert named[-1] == f"and {2 * 19 + 4 - shown} more rows"
    assert named_rows(band, "zh_CN", "H100 SXM5 80GB", "llama3-8b")[-1] == f"另有 {2 * 19 + 4 - shown} 行"
    few = type("B", (), {"row_names": tuple(runs[:3])})()
    assert named_rows(few) == [f"GPT 3 175B · {256 * k} × A100 SXM4 80GB (2 rows)" for k in (1, 2, 3)]  # as before


@pytest.mark.parametrize(("workload", "argv", "overhead"), [
    ("vdi", ("--users", "300", "--user-class", "designer", "--card", "t4", "--count", "150"), False),
    ("render", ("--frames", "100", "--card", "l40s", "--count", "4"), True),
])
def test_the_memory_table_names_an_overhead_only_where_there_is_one(catalog, workload, argv, overhead):
    """A 300-seat desktop summary's memory table read 'Overhead 0 GiB' (框架开销 0 GiB) under its frame
    buffers: a vGPU slice holds the hypervisor's share, desktops have no process overhead."""
    from configurator.core.view.estimate_view import estimate_view

    est = _estimate(catalog, "--workload", workload, *argv)
    keys = {row.key for section in estimate_view(est).sections for row in section.shown()}
    assert "memory.graphics" in keys and ("memory.overhead" in keys) is overhead
