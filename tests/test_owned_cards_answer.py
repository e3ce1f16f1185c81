"""A buyer who already owns cards gets an answer that says so (session 32's Chinese-procurement
persona): cards owned in mainland China are delivered already, so the US export status — which
governs delivering new cards — does not put them below the line; the cards bought beyond them still
need it. A row on owned cards says they are owned, the new spend, and what its TCO counts."""

from __future__ import annotations

from summary_markdown import headline_line

QWEN_72B_CN = ["recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--region", "cn", "--limit", "3"]


def _recommend(capsys, *args: str) -> str:
    from configurator.cli import main

    assert main([*QWEN_72B_CN, *args]) == 0
    return capsys.readouterr().out


def test_owned_a100s_are_ranked_not_below_the_line_for_want_of_a_licence(capsys):
    out = _recommend(capsys, "--concurrency", "100", "--owned", "a100-sxm-80gb:8", "--lang", "zh_CN")
    ranked = out.split("基准线以下：")[0]
    first = ranked.splitlines()[4]
    assert "A100 SXM4 80GB" in first and "已拥有，不再采购" in first and "使用已拥有的 8 × A100 SXM4 80GB" in first
    assert "（连同其服务器）：新增资本支出" in first and "不计其购价" in first
    why = ranked.split("排名第一的理由：")[1]
    assert "不计购价（已付），电费全额计入" in why
    assert "[满足] A100 SXM4 80GB：所用 8 张均在已拥有、已交付的 8 张之内" in why
    assert "A100 SXM4 80GB 向中国大陆交付需要美国出口许可" not in out


def test_owned_cards_say_the_new_spend_in_english(capsys):
    out = _recommend(capsys, "--concurrency", "100", "--owned", "a100-sxm-80gb:8")
    first = out.splitlines()[4]
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
    # the whole HGX baseboard they came on (until December 2026 the row used 1 of the 8)
    assert "Uses the 8 × B200 (HGX B200, SXM) already owned" in owned.splitlines()[4]


def _report(tmp_path, capsys, name: str, *args: str) -> str:
    from configurator.cli import main

    path = tmp_path / name
    assert main(["report", *args, "-o", str(path)]) == 0, capsys.readouterr().err
    capsys.readouterr()
    return path.read_text(encoding="utf-8")


def _front(markdown: str) -> str:
    """The first page's figures: the headline's lines."""
    return "\n".join(line for line in markdown.split("## ")[0].splitlines() if line.startswith("- **"))


def test_the_summary_takes_owned_and_says_which_and_the_new_spend(tmp_path, capsys):
    """``report`` takes ``--owned`` as ``recommend`` does; its first page says which cards are owned,
    the capex as the new spend, and that the owned cards are delivered."""
    args = ["--workload", "inference", "--model", "qwen2.5-72b", "--concurrency", "100", "--region", "cn",
            "--owned", "a100-sxm-80gb:8"]
    front = _front(_report(tmp_path, capsys, "owned.md", *args, "--lang", "zh_CN"))
    assert headline_line("配置", "8 × A100 SXM4 80GB", "zh_CN") in front
    assert headline_line("已拥有", "8 × A100 SXM4 80GB 及其所在的 1 台服务器，不再采购：资本支出即新增支出", "zh_CN") in front
    assert headline_line("新增支出（资本支出）", "", "zh_CN") in front and "- **资本支出**" not in front
    assert "所用 8 张均在已拥有、已交付的 8 张之内" in front and "新采购的卡：对华交付：需要许可证" in front
    english = _report(tmp_path, capsys, "owned-en.md", *args)
    assert headline_line("Already owned", "8 × A100 SXM4 80GB and the 1 server they come in, not bought", "en") in english
    assert "| yours, already owned |" in english  # the bill's owned lines: no price source to cite
    plain = _front(_report(tmp_path, capsys, "plain.md", *args[:-2]))
    assert "A100" not in plain and "Already owned" not in plain


def test_a_rented_summary_leads_with_the_rent(tmp_path, capsys):
    """Ranked by rent, the first page gives the cards rented and the rent (an hour and a month) first,
    the capex and TCO of buying further down as a comparison."""
    front = _front(_report(tmp_path, capsys, "rent.md", "--workload", "inference", "--model", "llama3-8b",
                           "--requests-per-s", "5", "--objective", "cloud", "--lang", "zh_CN", "--region", "cn"))
    names = [line.split("**")[1] for line in front.splitlines()]
    assert names[:3] == ["配置", "云租金", "每百万词元成本"]  # its basis beside the figure (session 47, look)
    assert "——云租用价格" in front.splitlines()[2]
    assert "，按卡时租用" in front and " · 每月 " in front and "台服务器" not in front.splitlines()[0]
    assert names.index("改为购买：资本支出") > names.index("云租金")
    job = _front(_report(tmp_path, capsys, "job.md", "--workload", "pretrain", "--model", "llama3-8b",
                         "--tokens", "20B", "--objective", "cloud"))
    assert job.splitlines()[1].startswith(headline_line("Cloud rent", "", "en")) and " for the job (" in job.splitlines()[1]
    bought = _front(_report(tmp_path, capsys, "buy.md", "--workload", "inference", "--model", "llama3-8b",
                            "--requests-per-s", "5"))
    assert bought.splitlines()[1].startswith(headline_line("Capex", "", "en")) and "Cloud rent" not in bought


def test_a_chinese_summary_names_the_domestic_vendors_in_chinese(tmp_path, capsys):
    """``--domestic-only`` in a zh_CN summary named the vendors in English ('Alibaba T-Head, Biren …');
    their Chinese names are declared once (core/view/words_vendors.py), the card's vendor row too."""
    from configurator.core.recommend import DOMESTIC_VENDORS

    text = _report(tmp_path, capsys, "domestic.md", "--lang", "zh_CN", "--region", "cn", "--workload", "lora",
                   "--model", "qwen2.5-7b", "--deadline", "7d", "--domestic-only")
    note = text.split("只比较中国大陆厂商的加速卡（")[1].split("）")[0]
    assert "华为昇腾" in note and "摩尔线程" in note and "寒武纪" in note and "海光" in note
    assert not any(vendor in note for vendor in DOMESTIC_VENDORS)
    english = _report(tmp_path, capsys, "domestic-en.md", "--region", "cn", "--workload", "lora",
                      "--model", "qwen2.5-7b", "--deadline", "7d", "--domestic-only")
    assert "Huawei" in english.split("Only cards of vendors based in mainland China are compared (")[1].split(")")[0]


def test_the_ranking_text_says_which_vendors_it_compared(capsys):
    """``recommend --domestic-only --lang zh_CN`` says which vendors it compared, in Chinese, under its
    heading (the summary's note: one sentence for both)."""
    from configurator.cli import main

    assert main(["recommend", "--workload", "lora", "--model", "qwen2.5-7b", "--region", "cn", "--domestic-only",
                 "--lang", "zh_CN", "--limit", "2"]) == 0
    second = capsys.readouterr().out.splitlines()[3]
    assert second.startswith("只比较中国大陆厂商的加速卡（") and "华为昇腾" in second and "Huawei" not in second


OWNED_910B_RENTED = ["--concurrency", "500", "--owned", "ascend-910b:16", "--objective", "cloud"]


def test_ranked_by_rent_the_owned_cards_are_not_used_and_the_row_says_what_using_them_costs(capsys):
    """Ranked by rent with 16 x 910B owned (session 33's personacn2, finding 2) the row rented all 40
    'by the card-hour' and said it used the 16 owned and bought 24: a rent for 40 cards beside a purchase
    of 24. One deployment does not run across owned and rented cards, so the rent is for all 40, the row
    says the owned are not used and what using them (yours and 24 bought) costs as owned, and the first's
    reasons compare the two and say how to rank with them counted."""
    out = _recommend(capsys, *OWNED_910B_RENTED)
    first = out.splitlines()[4]
    assert " 40 " in first and "Ascend 910B" in first
    assert "Rents all 40 × Ascend 910B by the card-hour: the 16 already owned are not used" in first
    assert "using them instead (your 16 and 24 bought) has a TCO of " in first and " USD per million tokens" in first
    assert "Uses the 16 × Ascend 910B already owned" not in out  # the owning row of a TCO ranking
    why = out.split("Why the first:")[1].split("The first against")[0]
    assert "Renting all 40 × Ascend 910B costs " in why and "rank by the TCO to rank with them counted" in why
    assert "What the TCO counts with owned cards" not in why
    chinese = _recommend(capsys, *OWNED_910B_RENTED, "--lang", "zh_CN")
    first = chinese.splitlines()[4]
    assert "按卡时租用全部 40 × 昇腾 910B：已拥有的 16 张不使用（同一部署不会横跨自有卡与租用卡）" in first
    assert "改用已拥有的卡（已拥有的 16 张加另购 24 张）按拥有计每百万词元 " in first
    assert "租用全部 40 × 昇腾 910B 每百万词元 " in chinese and "请按总拥有成本排名" in chinese


def test_ranked_by_the_tco_the_owned_cards_are_still_used(capsys):
    """The rent's wording is the rent ranking's only: by the TCO the owned 910Bs are used, 24 bought."""
    out = _recommend(capsys, "--concurrency", "500", "--owned", "ascend-910b:16", "--limit", "10")
    assert "Rents all" not in out and "Renting all" not in out
    assert "Uses the 16 × Ascend 910B already owned and buys 24 more" in out


def test_a_rented_summary_says_the_owned_cards_are_not_used(tmp_path, capsys):
    """``report`` ranked by rent with owned cards: the first page rents all the cards and says the owned
    ones are not used when renting; buying instead (its new spend below) uses them."""
    args = ["--workload", "inference", "--model", "qwen2.5-72b", "--region", "cn", *OWNED_910B_RENTED]
    front = _front(_report(tmp_path, capsys, "rent-owned.md", *args, "--lang", "zh_CN"))
    names = [line.split("**")[1] for line in front.splitlines()]
    assert names[:3] == ["配置", "云租金", "已拥有"]
    assert headline_line("配置", "40 × 昇腾 910B，按卡时租用", "zh_CN") in front
    assert headline_line("已拥有", "16 × 昇腾 910B：租用时不使用（同一部署不会横跨自有卡与租用卡）；改为购买时使用这些卡"
                                  "（已拥有的 16 张加另购 24 张）", "zh_CN") in front
    assert headline_line("改为购买：新增支出（资本支出）", "", "zh_CN") in front
    english = _front(_report(tmp_path, capsys, "rent-owned-en.md", *args))
    assert headline_line("Already owned", "16 × Ascend 910B: not used when renting", "en") in english
    assert "buying instead uses them (your 16 and 24 bought), its new spend below" in english
    assert headline_line("Buying instead: new spend (capex)", "", "en") in english
