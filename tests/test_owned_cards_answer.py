"""A buyer who already owns cards gets an answer that says so (session 32's Chinese-procurement
persona): cards owned in mainland China are delivered already, so the US export status — which
governs delivering new cards — does not put them below the line; the cards bought beyond them still
need it. A row on owned cards says they are owned, the new spend, and what its TCO counts."""

from __future__ import annotations

QWEN_72B_CN = ["recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--region", "cn", "--limit", "3"]


def _recommend(capsys, *args: str) -> str:
    from configurator.cli import main

    assert main([*QWEN_72B_CN, *args]) == 0
    return capsys.readouterr().out


def test_owned_a100s_are_ranked_not_below_the_line_for_want_of_a_licence(capsys):
    out = _recommend(capsys, "--concurrency", "100", "--owned", "a100-sxm-80gb:8", "--lang", "zh_CN")
    ranked = out.split("基准线以下：")[0]
    first = ranked.splitlines()[2]
    assert "A100 SXM4 80GB" in first and "已拥有，不再采购" in first and "使用已拥有的 8 × A100 SXM4 80GB" in first
    assert "（连同其服务器）：新增资本支出" in first and "不计其购价" in first
    why = ranked.split("排名第一的理由：")[1]
    assert "不计购价（已付），电费全额计入" in why
    assert "[满足] A100 SXM4 80GB：所用 8 张均在已拥有、已交付的 8 张之内" in why
    assert "A100 SXM4 80GB 向中国大陆交付需要美国出口许可" not in out


def test_owned_cards_say_the_new_spend_in_english(capsys):
    out = _recommend(capsys, "--concurrency", "100", "--owned", "a100-sxm-80gb:8")
    first = out.splitlines()[2]
    assert "already owned, not bought (new: " in first
    assert "Uses the 8 × A100 SXM4 80GB already owned, in their servers: new capex " in first
    assert "the TCO counts their power, not their price" in first
    assert "already owned, already delivered — no new card to deliver to mainland China" in out


def test_more_cards_than_owned_still_need_the_licence_for_the_extra_ones(capsys):
    """At 400 sequences the A100s need more cards than the 8 owned: the row is listed below the line
    (always, being the buyer's own card), the licence said of the extra cards only."""
    out = _recommend(capsys, "--concurrency", "400", "--owned", "a100-sxm-80gb:8")
    below = out.split("Below the line")[1]
    row = next(line for line in below.splitlines() if "A100 SXM4 80GB" in line)
    assert "8 already owned and delivered; the " in row and " more to buy need a US export licence" in row


def test_owned_cards_of_a_not_permitted_card_are_not_left_out(capsys):
    """A B200 may not be exported to mainland China, so it is left out of a ranking there — unless the
    buyer owns them already."""
    plain = _recommend(capsys, "--concurrency", "100")
    assert "B200" not in plain.split("Below the line")[0]
    owned = _recommend(capsys, "--concurrency", "100", "--owned", "b200:8")
    assert "Uses the 1 × B200 (HGX B200, SXM) already owned" in owned.splitlines()[2]
