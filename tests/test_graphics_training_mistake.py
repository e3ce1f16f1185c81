"""A graphics buyer (persona12gfx, session 42) reads on the ranking itself why no training card is
listed: what a training card lacks for the work (catalog facts) and what its best deployment would
cost beside the first, in English and Chinese; until December 2026 only ``--json`` said 'filtered out'."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from configurator.cli import main


def _ranking(*flags: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["recommend", "--json", *flags]) == 0
    return json.loads(out.getvalue())


def _first_reason(answer: dict, reason_id: str) -> dict:
    return next(r for r in answer["ranked"][0]["reason_ids"] if r["id"] == reason_id)


@pytest.fixture(scope="module")
def desktops() -> dict:
    return _ranking("--workload", "vdi", "--users", "200", "--user-class", "designer", "--limit", "3")


def test_desktops_say_a_training_card_costs_many_times_the_first(desktops):
    said = _first_reason(desktops, "reason-training-card-costs")
    params = said["params"]
    assert params["count"] == 200  # passthrough: one user per card
    assert params["ratio"] > 3
    assert params["first"] == desktops["ranked"][0]["card"]["name"]
    assert [m["id"] for m in params["lacks"]] == ["lacks-desktop-vgpu", "lacks-video-encoders",
                                                  "lacks-display-outputs"]
    assert "per user-month" in said["text"] and "one user per card" in said["text"]


def test_transcoding_names_the_missing_encoders():
    answer = _ranking("--workload", "transcode", "--streams", "500", "--codec", "hevc", "--limit", "3")
    said = _first_reason(answer, "reason-training-card-cannot")
    assert [m["id"] for m in said["params"]["lacks"]] == ["lacks-video-encoders", "lacks-display-outputs"]


def test_rendering_names_the_missing_ray_tracing_cores():
    answer = _ranking("--workload", "render", "--frames", "10000", "--deadline", "12h", "--limit", "3")
    said = _first_reason(answer, "reason-training-card-costs")
    assert said["params"]["lacks"][0]["id"] == "lacks-rt-cores" and said["params"]["ratio"] > 1


def test_asking_for_training_cards_says_nothing_of_them():
    answer = _ranking("--workload", "render", "--frames", "1000", "--deadline", "12h", "--limit", "3",
                      "--classes", "training,workstation")
    ids = {r["id"] for row in answer["ranked"] for r in row["reason_ids"]}
    assert not ids & {"reason-training-card-costs", "reason-training-card-cannot"}


def test_the_table_says_it_in_chinese(capsys):
    assert main(["recommend", "--workload", "vdi", "--users", "200", "--user-class", "designer", "--limit", "3",
                 "--lang", "zh_CN"]) == 0
    text = capsys.readouterr().out
    assert "训练卡不参与虚拟桌面排名" in text and "无虚拟桌面 vGPU 配置，每卡只能一个用户" in text


def test_a_card_whose_vgpu_is_not_verified_is_not_said_to_have_none(desktops):
    """The catalog's ``vgpu`` null (RTX PRO 6000 Blackwell, L20) is 'not verified', not 'no profiles'."""
    why = desktops["rejected_ids"]
    assert why["rtx-pro-6000-blackwell-server"]["id"] == "left-out-vdi-vgpu-unverified"
    assert why["h100-nvl"]["id"] == "left-out-no-vdi-vgpu"  # C-series compute profiles only
