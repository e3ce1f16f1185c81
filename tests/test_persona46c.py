"""Session 46, small answers persona46c fixed: the summary's "your choice cannot be recommended" sentence names a
card of a vendor the buyer did not ask for, as the headline above it does."""

from __future__ import annotations

from configurator import cli

SERVE = ("report", "--workload", "inference", "--model", "qwen2.5-7b", "--card", "l20", "--count", "1",
         "--concurrency", "8", "--domestic-only")


def _verdict_line(text: str, opening: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(opening))


def test_a_card_of_another_vendor_is_not_called_your_choice_beside_a_recommendation(capsys, tmp_path):
    """1 × L20 for a buyer of domestic cards only, meeting every other constraint, read "Your choice: 1 × L20
    48GB (China SKU). Recommended by …" until December 2026: the vendor, broken in the headline, was not said."""
    out = tmp_path / "s.md"
    assert cli.main([*SERVE, "-o", str(out)]) == 0
    line = _verdict_line(out.read_text(encoding="utf-8"), "**Your choice")
    assert "cannot be recommended: not made by a vendor asked for." in line
    rows = [r for r in out.read_text(encoding="utf-8").splitlines() if "(your choice)" in r]
    assert rows and rows[0].startswith("| — |") and "not ranked: not made by a vendor asked for" in rows[0]
    assert cli.main([*SERVE, "--lang", "zh_CN", "-o", str(out)]) == 0
    line = _verdict_line(out.read_text(encoding="utf-8"), "**您的选择")
    assert "不能推荐：不属于所选厂商。" in line


def test_the_vendor_is_said_last_after_the_constraints_the_scenario_checks(capsys, tmp_path):
    out = tmp_path / "s.md"
    argv = [*SERVE[:6], "h20", "--count", "2", "--concurrency", "32", "--region", "cn", "--budget", "50万",
            "--domestic-only", "-o", str(out)]
    assert cli.main(argv) == 0
    line = _verdict_line(out.read_text(encoding="utf-8"), "**Your choice")
    problems = line[line.index("cannot be recommended: "):line.index(". ")]
    assert problems.startswith("cannot be recommended: over budget by") and problems.endswith(
        "; not made by a vendor asked for")


def test_a_board_of_several_gpus_says_its_power_per_gpu_and_whole():
    from configurator.core.catalog import load_catalog
    from configurator.core.view.card_view import card_view
    from configurator.core.view.rows import write

    catalog = load_catalog()
    rows = {r.key: r for s in card_view(catalog.get("atlas-300i-duo")).sections for r in s.rows}
    said = {language: write(rows["tdp_w"].value, language).replace("\xa0", " ") for language in ("en", "zh_CN")}
    assert said == {"en": "75.0 W per NPU (150 W the board of 2)",  # the chip's own word (ui46b)
                    "zh_CN": "每颗 NPU 75.0 W（每块板卡 2 颗，共 150 W）"}
    rows = {r.key: r for s in card_view(catalog.get("h100-sxm")).sections for r in s.rows}
    assert write(rows["tdp_w"].value, "en").replace("\xa0", " ") == "700 W"


def test_the_largest_concurrency_that_fits_is_counted_in_users():
    from configurator.core.catalog import load_catalog
    from configurator.core.estimate import estimate
    from configurator.core.architecture import preset
    from configurator.core.scenario import Scenario
    from configurator.core.view.estimate_view import estimate_view
    from configurator.core.view.rows import write

    s = Scenario(model=preset("llama3-8b"), workload="inference", card_id="h100-sxm", count=1)
    speed = estimate_view(estimate(s, load_catalog().get("h100-sxm"))).section("speed")
    row = next(r for r in speed.rows if r.key == "max_concurrency")
    assert write(row.value, "en").endswith(" users at once") and write(row.value, "zh_CN").endswith(" 位同时在线用户")


def test_cards_whose_budget_waits_on_a_price_are_not_said_to_meet_every_constraint(capsys, tmp_path):
    """A 50万元 budget, domestic cards only: the summary said "4 other cards that meet every constraint are not
    ranked: BR100 (no price) …" until December 2026, though without a price the budget cannot be checked."""
    out = tmp_path / "s.md"
    argv = ["report", "--workload", "inference", "--model", "qwen2.5-32b", "--region", "cn", "--budget", "50万",
            "--domestic-only", "--concurrency", "50", "-o", str(out)]
    assert cli.main(argv) == 0
    text = out.read_text(encoding="utf-8")
    assert "other cards that break no constraint are not ranked (without a price the budget cannot be checked)" in text
    assert "meet every constraint are not ranked" not in text and "that card that breaks no constraint" in text
    assert cli.main([*argv, "--lang", "zh_CN"]) == 0
    text = out.read_text(encoding="utf-8")
    assert "种未违反任何约束的加速卡未参与排名（无价格则无法核对预算）" in text and "满足全部约束的加速卡" not in text
