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
