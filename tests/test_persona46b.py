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


def _serving_no_fit(**fields):
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.estimate import estimate
    from configurator.core.scenario import LAYOUT_FIELDS, Scenario

    catalog = load_catalog()
    s = Scenario(auto_layout=LAYOUT_FIELDS, model=preset("qwen2.5-72b"), workload="inference", card_id="ascend-910b",
                 count=1, constraints={"region": "cn"}, **fields)
    return catalog, estimate(s, catalog.get("ascend-910b"))


def test_another_card_suggested_is_one_the_ranking_can_rate():
    from configurator.core.fit_suggestions import what_would_fit
    from configurator.core.recommend_card import unrated_line

    catalog, est = _serving_no_fit()
    assert unrated_line(est.scenario, catalog.get("ascend-950pr")) is not None  # no BF16 rate: not rated
    others = [s.estimate for s in what_would_fit(est, catalog) if s.kind == "other-card"]
    assert others and all(unrated_line(o.scenario, o.card) is None for o in others)
    assert all(o.card.id != "ascend-950pr" for o in others)  # was '2 × Ascend 950PR' (persona46)


def test_another_card_suggested_is_one_the_buyers_filters_allow():
    from configurator.core.fit_suggestions import what_would_fit
    from configurator.core.region import domestic

    from configurator.core.recommend_filters import Filters

    catalog, est = _serving_no_fit()
    anywhere = [s.estimate.card for s in what_would_fit(est, catalog) if s.kind == "other-card"]
    assert anywhere and not domestic(anywhere[0])  # DGX Spark
    only = Filters(domestic_only=True, classes=("inference", "training"))
    others = [s.estimate.card for s in what_would_fit(est, catalog, only) if s.kind == "other-card"]
    assert all(domestic(card) for card in others)


def test_a_render_card_without_ray_tracing_cores_is_marked_in_its_row(capsys):
    from configurator.core.catalog import load_catalog

    catalog = load_catalog()
    assert catalog.get("h200-nvl").rt_cores == 0 and catalog.get("t4").rt_cores == 40  # Turing: 40 RT cores
    argv = ["recommend", "--workload", "render", "--deadline", "24h", "--limit", "40"]
    assert cli.main(argv) == 0
    rows = capsys.readouterr().out.splitlines()
    assert any("H200 NVL" in r and r.endswith("— no ray-tracing cores: it renders on its shader cores") for r in rows)
    assert not any(" T4 " in r and "no ray-tracing cores" in r for r in rows)
    assert cli.main([*argv, "--lang", "zh_CN"]) == 0
    assert "——没有光线追踪核心：只能用着色核心渲染" in capsys.readouterr().out


def test_a_range_writes_its_far_bounds_as_powers_of_ten_with_the_unit(capsys):
    from configurator.core.bounds import Bounds

    assert Bounds(1, 1e12, unit="[CNY]").text() == "1 to 10¹² [CNY]"
    assert Bounds(1e6, 1e15, unit="[tokens]").symbols() == "1,000,000 … 10¹⁵ [tokens]"
    assert Bounds(1, 2**31).text() == "1 to 2,147,483,648" and Bounds(1, 2.5e7).text() == "1 to 25,000,000"
    assert cli.main(["recommend", "--region", "cn", "--budget", "0", "--lang", "zh_CN"]) == 2
    assert "--budget：0 超出范围 1 至 10¹² [CNY]" in capsys.readouterr().err


def test_desktops_held_by_their_framebuffers_say_framebuffer_in_the_window_as_on_the_command_line(qapp):
    from configurator.app import labels
    from configurator.app.i18n import install_language
    from configurator.core.catalog import load_catalog
    from configurator.core.estimate import estimate
    from configurator.core.limiting import limiting_factor
    from configurator.core.scenario import Scenario

    card = load_catalog().get("l40s")
    from configurator.core.architecture import preset

    est = estimate(Scenario(model=preset("llama3-8b"), workload="vdi", card_id="l40s",
                            graphics={"users": 100, "profile_gib": 8}), card)
    assert est.graphics.limiting == "framebuffer" and limiting_factor(est) == "framebuffer"
    assert labels.factor_names()["framebuffer"] == labels.limit_names()["framebuffer"] == "framebuffer"
    install_language("zh_CN")
    try:
        assert labels.factor_names()["framebuffer"] == labels.limit_names()["framebuffer"] == "帧缓冲"
    finally:
        install_language("en")


def test_a_money_box_says_300w_is_wan_in_letters_as_the_command_line_does(qtbot):
    from configurator.app.binders import spin_refusal
    from configurator.app.i18n import install_language
    from configurator.app.inputs import MagnitudeSpinBox

    box = MagnitudeSpinBox()
    qtbot.addWidget(box)
    box.setRange(0, 1e12)
    box.set_currency("CNY")
    said = spin_refusal(box, "300w", "budget")
    assert said.endswith("'300w' writes 万 in letters: write 300万 (or the number in full, 3,000,000).")
    plain = MagnitudeSpinBox()  # no currency: a w may be watts
    qtbot.addWidget(plain)
    assert "万" not in spin_refusal(plain, "300w", "power")
    install_language("zh_CN")
    try:
        assert "'300w' 用字母写了万：请写作 300万" in spin_refusal(box, "300w", "预算")
    finally:
        install_language("en")


def test_the_panels_budget_box_says_300w_is_wan_in_letters(qtbot, controller):
    from ime_typing import type_and_return

    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.core.currency import with_currency

    controller.replace(with_currency(controller.scenario, "CNY"))
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.show()
    said = []
    controller.error_changed.connect(said.append)
    before = controller.scenario
    type_and_return(qtbot, panel.budget, "300w")
    assert controller.scenario == before
    assert said and "'300w' writes 万 in letters: write 300万" in said[-1]
