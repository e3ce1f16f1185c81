"""The costly-class mistake on the approver's paper and the command line (persona12gfx, session 42): a
summary of 200 × H100 on virtual desktops (a training card: no desktop vGPU, no NVENC, no display
outputs) opened with a green "Meets what was asked" and a title of "4 GiB vGPU each"; ``estimate``
printed only the generic class warning. Page 1 now opens, in red, with what the mistake costs and what
the card lacks, the one message the window shows (:func:`~configurator.core.mismatch.mismatch`)."""

from __future__ import annotations

import json

import pytest

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.mismatch import mismatch
from configurator.core.scenario import Scenario
from configurator.report.render import STATUS_COLOURS, to_html
from configurator.report.summary import WRONG_CLASS, build_summary

DESKTOPS = ["--workload", "vdi", "--card", "h100-sxm", "--users", "200", "--count", "200"]
LACKS = {"en": ("no video encoders (NVENC)", "no display outputs", "as much per user-month as"),
         "zh_CN": ("无视频编码器（NVENC）", "无显示输出", "每用户·月成本是")}
TITLE = {"en": "a whole card each in passthrough, no vGPU", "zh_CN": "每人独占一张卡（直通，无 vGPU"}


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _desktops(card_id: str) -> Scenario:
    """200 virtual desktops on 200 of ``card_id``, as the command line reads them."""
    args = build_parser().parse_args(["estimate", *DESKTOPS[:2], "--card", card_id, *DESKTOPS[4:]])
    return scenario_from_args(args, load_catalog())


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_first_page_opens_in_red_with_what_the_mistake_costs(catalog, language):
    scenario = _desktops("h100-sxm")
    warning = mismatch(scenario, catalog)
    assert warning is not None and warning.params["ratio"] > 2
    summary = build_summary(estimate(scenario, catalog.get("h100-sxm")), catalog, language)
    assert summary.state == WRONG_CLASS and STATUS_COLOURS[WRONG_CLASS] == STATUS_COLOURS["not met"]
    assert warning.text_in(language) in summary.status
    assert all(said in summary.status for said in LACKS[language])
    assert "Meets what was asked" not in summary.headings["state"] and "满足要求" != summary.headings["state"]
    assert TITLE[language] in summary.title and "vGPU each" not in summary.title
    page = to_html(summary)
    first = page[:page.index(summary.headings["headline"])]  # the status, before 'At a glance'
    assert STATUS_COLOURS["not met"][0] in first and LACKS[language][0] in first


def test_a_graphics_card_keeps_its_green_status_and_vgpu_title(catalog):
    summary = build_summary(estimate(_desktops("l40s"), catalog.get("l40s")), catalog, "en")
    assert summary.state != WRONG_CLASS and "vGPU each" in summary.title


def test_the_summary_file_and_its_json_say_it(tmp_path):
    out = tmp_path / "summary.json"
    assert main(["report", *DESKTOPS, "-o", str(out)]) == 0
    status = json.loads(out.read_text(encoding="utf-8"))["status"]
    assert status["state"] == WRONG_CLASS and LACKS["en"][2] in status["text"]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_estimate_prints_the_same_quantified_line(catalog, capsys, language):
    assert main(["estimate", *DESKTOPS, "--lang", language]) == 0
    out = capsys.readouterr().out
    said = mismatch(_desktops("h100-sxm"), catalog).text_in(language)
    assert said in out and out.count(said) == 1
    assert "virtual-desktop work usually belongs on graphics cards" not in out  # the generic line it quantifies
