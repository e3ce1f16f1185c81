"""A budget too small for the question is said plainly (session 38, persona 6: a Chinese buyer asked
for Qwen2.5-72B for 500 users at once on 2,000,000 CNY in mainland China; the ranking read only
"没有满足方案约束的加速卡。" and the summary presented 1 × H100 SXM5 as "your choice" — a card she
had not chosen and cannot import). The command line, its JSON, the recommendation panel and the
summary's first page each name the nearest configuration the budget alone keeps out, what it costs
against the budget and (priced in full) the share of it the budget covers."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from configurator.core.bill_covers import ALL_KINDS
from configurator.cli import main

SHORT = ["--workload", "inference", "--model", "qwen2.5-72b", "--concurrency", "500", "--region", "cn",
         "--budget", "200万元"]
"""500 users at once on 2,000,000 CNY: the nearest configuration breaks the budget by about 110 %."""

ENOUGH = ["--workload", "inference", "--model", "qwen2.5-72b", "--concurrency", "100", "--region", "cn",
          "--budget", "300万元"]
"""The README's Chinese question: 8 × Ascend 910B within 3,000,000 CNY."""

MONEY = {"en": "CNY", "zh_CN": "万元"}
"""The word of an amount over budget: the ISO code in English, 万元 in Chinese (session 38)."""


def _run(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


@pytest.fixture(scope="module")
def short_json():
    """The ranking of :data:`SHORT` as JSON (computed once: a full-catalog ranking)."""
    import io
    from contextlib import redirect_stdout

    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["recommend", *SHORT, "--json"]) == 0
    return json.loads(out.getvalue())


def test_the_json_names_the_nearest_configuration_and_what_it_costs(short_json):
    assert short_json["ranked"] == []
    short = short_json["budget_too_small"]
    assert short is not None and short["count"] > 0
    message = short["message"]
    assert message["id"] == "budget-too-small"  # priced in full: the share the budget covers is said
    breaks = message["params"]["breaks"]
    assert breaks["id"] == "over-budget" and breaks["params"]["budget"] == 2_000_000
    assert message["params"]["covered"] == pytest.approx(2_000_000 / breaks["params"]["cost"])
    nearest = next(r for r in short_json["below_the_line"] if r["card"] == short["card"])
    assert [v["id"] for v in nearest["violations"]] == ["budget"]  # the budget alone keeps it out


@pytest.mark.parametrize("language, said", [
    ("en", ("The budget is too small", "the budget covers", "Raise the budget")),
    ("zh_CN", ("预算不足", "预算只够其费用的", "请提高预算")),
])
def test_the_ranking_says_the_budget_is_too_small(capsys, language, said):
    lines = _run(capsys, "recommend", *SHORT, "--lang", language).splitlines()
    line = next((ln for ln in lines if said[0] in ln), None)
    assert line is not None, lines[:5]
    assert all(part in line for part in said) and MONEY[language] in line and "%" in line
    if language == "zh_CN":  # the nearest card by its Chinese name; no English left in the sentence
        assert "昇腾" in line or "壁砺" in line or "MTT" in line
        assert "budget" not in line and "nearest" not in line


def test_a_budget_that_suffices_says_nothing_of_it(capsys):
    out = _run(capsys, "recommend", *ENOUGH, "--lang", "zh_CN")
    assert "预算不足" not in out
    data = json.loads(_run(capsys, "recommend", *ENOUGH, "--json"))
    assert data["ranked"] and data["budget_too_small"] is None


@pytest.mark.parametrize("language, nearest, choice, covers", [
    ("en", "The nearest, ", "Your choice", "The budget covers 48 % of it"),
    ("zh_CN", "最接近的方案", "您的选择", "预算只够其费用的 48%"),
])
def test_the_summary_presents_the_nearest_not_the_default_card(tmp_path, capsys, language, nearest, choice, covers):
    """No card named and nothing ranked: page 1 is the nearest configuration, called so — never the
    default 1 × H100 SXM5 called "your choice"."""
    path = tmp_path / "summary.md"
    assert main(["report", *SHORT, "--lang", language, "-o", str(path)]) == 0, capsys.readouterr().err
    text = path.read_text(encoding="utf-8")
    verdict = next((line.replace("\N{NO-BREAK SPACE}", " ") for line in text.splitlines() if nearest in line), None)
    assert verdict is not None and choice not in text
    assert "H100" not in verdict and MONEY[language] in verdict  # what it breaks, by how much
    assert covers in verdict  # as the ranking says it


@pytest.fixture
def panel(qtbot, controller):
    from configurator.app.recommend_panel import RecommendationPanel

    widget = RecommendationPanel(controller)
    qtbot.addWidget(widget)
    return widget


def test_the_panel_says_it_under_an_empty_ranking(panel):
    """The recommendation panel's sentence under an empty ranking carries the same message."""
    from configurator.core.messages import msg
    from configurator.core.recommend_budget import budget_short_message

    verdict = SimpleNamespace(id="budget", params={}, target=2_000_000.0, actual=4_000_000.0,
                              message=msg("over-budget", covers=ALL_KINDS, cost=4e6, over=2e6, share=1.0, currency="CNY",
                                          budget=2e6))
    estimate = SimpleNamespace(violations=(verdict,), usable=True, scenario=SimpleNamespace(count=16),
                               card=SimpleNamespace(name="Ascend 910B"))
    result = SimpleNamespace(ranked=(), below_line=(SimpleNamespace(estimate=estimate),), below_considered=(),
                             unpriced=(), unrated={},
                             rejected={"ascend-910b": "over budget"}, unlisted=(), not_ranked=None)
    said = budget_short_message(result)
    assert said is not None and said.params["covered"] == pytest.approx(0.5)
    text = panel._none_meets_text(result).replace("\N{NO-BREAK SPACE}", " ")  # the window keeps '50 %' whole
    assert "The budget is too small" in text and "16 × Ascend 910B" in text and "50 %" in text
