"""The summary an approver signs ranks as ``recommend`` does: a Chinese buyer who asks for domestic
vendors only (``--domestic-only``) or for renting (``--objective cloud``) gets the same first
configuration from ``report`` as from ``recommend``, and the summary says which cards it compared.

Before: ``report --domestic-only`` was refused ("unrecognised argument") and ``report`` without
``--card`` recommended 1 × RTX A6000 (NVIDIA) where ``recommend --domestic-only`` ranked
2 × MTT S4000 first."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main
from configurator.core.catalog import load_catalog
from configurator.core.recommend import DOMESTIC_VENDORS

LORA_IN_A_WEEK = ["--lang", "zh_CN", "--region", "cn", "--workload", "lora", "--model", "qwen2.5-7b",
                  "--deadline", "7d", "--budget", "50万"]
SERVE_8B_RENTED = ["--lang", "zh_CN", "--region", "cn", "--workload", "inference", "--model", "llama3-8b",
                   "--requests-per-s", "5", "--objective", "cloud", "--budget-basis", "rent", "--budget", "5万"]


def _recommended(args: list[str], capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["recommend", *args, "--json"]) == 0, capsys.readouterr().err
    return [r["card"]["id"] for r in json.loads(capsys.readouterr().out)["ranked"]]


def _summary(args: list[str], path, capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(["report", *args, "-o", str(path)]) == 0, capsys.readouterr().err
    capsys.readouterr()
    return json.loads(path.read_text(encoding="utf-8"))


def test_domestic_only_summary_recommends_what_recommend_ranks_first(tmp_path, capsys):
    ranked = _recommended([*LORA_IN_A_WEEK, "--domestic-only"], capsys)
    summary = _summary([*LORA_IN_A_WEEK, "--domestic-only"], tmp_path / "domestic.json", capsys)
    unfiltered = _summary(LORA_IN_A_WEEK, tmp_path / "any.json", capsys)
    vendors = {c.id: c.vendor for c in load_catalog().cards}

    assert summary["estimate"]["card"]["id"] == ranked[0]
    assert vendors[ranked[0]] in DOMESTIC_VENDORS
    assert vendors[unfiltered["estimate"]["card"]["id"]] not in DOMESTIC_VENDORS  # the filter is what moved it
    assert all(vendors[a["card"]["id"]] in DOMESTIC_VENDORS for a in summary["alternatives"])


def test_domestic_only_summary_says_which_vendors_it_compared(tmp_path, capsys):
    path = tmp_path / "domestic.md"
    assert main(["report", *LORA_IN_A_WEEK, "--domestic-only", "-o", str(path)]) == 0, capsys.readouterr().err
    text = path.read_text(encoding="utf-8")

    assert "只比较中国大陆厂商的加速卡（" in text
    assert "RTX A6000" not in text.split("## 基准线以下")[0]  # neither recommended nor an alternative


def test_rented_summary_ranks_by_rent_as_recommend_does(tmp_path, capsys):
    assert main(["recommend", *SERVE_8B_RENTED, "--json"]) == 0, capsys.readouterr().err
    first = json.loads(capsys.readouterr().out)["ranked"][0]
    ranked = _recommended(SERVE_8B_RENTED, capsys)
    summary = _summary(SERVE_8B_RENTED, tmp_path / "rent.json", capsys)
    order = [summary["estimate"]["card"]["id"], *(a["card"]["id"] for a in summary["alternatives"])]

    assert order == ranked[:len(order)]
    # the front page carries the figure the ranking is on (it showed only the purchase's TCO per token)
    # named short, its basis beside the figure (session 47, look)
    shown = summary["headline"]["每百万词元成本"].replace("\xa0", " ")
    assert shown == f"{first['cloud_per_million_tokens']:.3f} 元——云租用价格"  # 元 in Chinese (session 38)


def _alternatives(markdown: str) -> str:
    return markdown.split("## 备选方案")[1].split("\n## ")[0]


def test_window_summary_ranks_as_the_recommendation_panel_filters(qtbot, chinese_window, tmp_path):
    from configurator.core.view.card_names import card_name

    window = chinese_window
    foreign = [card_name(c.name, "zh_CN") for c in load_catalog().cards if c.vendor not in DOMESTIC_VENDORS]
    before = tmp_path / "before.md"
    assert window.export_summary(before)
    assert any(name in _alternatives(before.read_text(encoding="utf-8")) for name in foreign)  # foreign cards listed

    panel = window.toggle_recommendations(True)
    panel.domestic.setChecked(True)  # the panel's "domestic (China) vendors only"
    after = tmp_path / "after.md"
    assert window.export_summary(after)
    alternatives = _alternatives(after.read_text(encoding="utf-8"))
    chosen = card_name(window.controller.catalog.get(window.controller.scenario.card_id).name, "zh_CN")
    assert [name for name in foreign if name in alternatives and name != chosen] == []
    assert "只比较中国大陆厂商的加速卡（" in alternatives
    assert "只比较中国大陆厂商的加速卡（" in window.summary_document().toPlainText()
