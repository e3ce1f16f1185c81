"""Session 46, the bigger things persona46 found: the summary's headline counts the vendors row with the other
constraints (one list, one count), a Chinese list of frameworks is joined with "、", ..."""

from __future__ import annotations

from configurator import cli
from configurator.core.messages import msg
from configurator.core.word_series import Series

SERVE_CN = ("report", "--workload", "inference", "--model", "qwen2.5-72b", "--region", "cn", "--budget", "800万",
            "--concurrency", "300")


def test_the_headline_counts_the_vendors_row_with_the_other_constraints(capsys, tmp_path):
    out = tmp_path / "s.md"
    assert cli.main([*SERVE_CN, "--domestic-only", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    table = text[text.index("| Constraint |"):]
    rows = table[:table.index("\n\n")].splitlines()[2:]
    checked = [r for r in rows if r.split("|")[-2].strip()]  # a state: met, not met, cannot be checked
    assert f"meets all {len(checked)} constraints (3 you set" in text and len(checked) == 5


def test_a_card_of_another_vendor_breaks_the_headline_too(capsys, tmp_path):
    out = tmp_path / "s.md"
    argv = [*SERVE_CN, "--card", "h20", "--count", "8", "--vendor", "huawei", "-o", str(out)]
    assert cli.main(argv) == 0
    assert "of 5 constraints" in out.read_text() and "not made by a vendor asked for" in out.read_text()
    assert cli.main([*argv, "--lang", "zh_CN"]) == 0
    assert "违反 5 项约束" in out.read_text(encoding="utf-8") and "不属于所选厂商" in out.read_text(encoding="utf-8")


def test_a_porting_risk_names_the_frameworks_as_a_series_in_each_language():
    said = msg("porting-risk", card="Ascend 910B", stack="CANN", missing=Series(("vLLM", "SGLang")))
    assert "runs vLLM, SGLang only in part" in said.text
    assert "对 vLLM、SGLang 仅部分支持" in said.text_in("zh_CN")
    assert said.to_dict()["params"]["missing"] == "vLLM, SGLang"
