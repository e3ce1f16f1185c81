"""Virtual desktops sized by their user class and displays: a VFX artist on two 4K monitors is not a
2 GiB office desktop (persona 5, session 37: 60 artists answered at 8 users per T4), and an office
desktop on one HD display is not 2 GiB either (persona 7, session 38)."""

from __future__ import annotations

import json
import re

import pytest

from configurator.cli import main
from configurator.core.estimate import estimate
from configurator.core.formulas.graphics import desktop_profile_gib as profile_for
from configurator.core.graphics import desktop_profile_gib, vgpu_licence
from configurator.core.recommend import Objective, recommend
from configurator.core.scenario import Scenario, updated


@pytest.fixture
def base(llama8b):
    return Scenario(model=llama8b, workload="vdi")


def desktops(base, **graphics):
    return updated(base, graphics={"users": 60, **graphics})


def best(scenario, catalog, card_id):
    return next(r for r in recommend(scenario, catalog, Objective.TCO).ranked if r.card.id == card_id)


# NVIDIA vPC sizing guide, 'Test Findings' (nVector knowledge worker on A16): 1B for one HD display,
# 2B for two HD, two or three QHD, one or two 4K, one 5K.
VPC_FINDINGS = [((1920, 1080), 1, 1), ((1920, 1080), 2, 2), ((2560, 1440), 2, 2), ((2560, 1440), 3, 2),
                ((4096, 2160), 1, 2), ((4096, 2160), 2, 2), ((5120, 2880), 1, 2)]


@pytest.mark.parametrize(("display", "monitors", "gib"), VPC_FINDINGS)
def test_knowledge_workers_get_the_vpc_guides_profiles(display, monitors, gib):
    assert profile_for("knowledge", *display, monitors) == gib


def test_designers_span_the_vws_guides_medium_range_and_beyond_vpc_pixels_need_a_q_profile():
    assert profile_for("designer", 1920, 1080, 1) == 4 and profile_for("designer", 3840, 2160, 2) == 8
    assert profile_for("heavy", 3840, 2160, 2) == 16  # within the guide's 12Q–24Q for heavy users
    assert profile_for("knowledge", 3840, 2160, 3) == 4  # 24.9 Mpx: past vPC's 17,694,720 pixels


def test_60_designers_on_two_4k_monitors_need_8_gib_and_more_cards_than_at_1080p(catalog, base):
    hd = desktops(base, user_class="designer", resolution="1080p", monitors=1)
    uhd = desktops(base, user_class="designer", resolution="2160p", monitors=2)
    assert desktop_profile_gib(hd) == 4 and desktop_profile_gib(uhd) == 8
    hd_t4, uhd_t4 = best(hd, catalog, "t4"), best(uhd, catalog, "t4")
    assert uhd_t4.estimate.graphics.per_card == 2 and uhd_t4.count == 30
    assert hd_t4.estimate.graphics.per_card == 4 and hd_t4.count == 15
    said = next(m for m in uhd_t4.estimate.messages if m.id == "vgpu-profile-of-displays")
    assert "8 GiB" in said.text and "2 × 2160p" in said.text and "设计人员" in said.text_in("zh_CN")
    assert "not 1 GiB" not in said.text  # the smallest profile is no one's ask: the default
    asked = best(updated(uhd, graphics={"profile_gib": 4}), catalog, "t4")
    said = next(m for m in asked.estimate.messages if m.id == "vgpu-profile-for-displays")
    assert "8 GiB, not 4 GiB" in said.text and "而非 4 GiB" in said.text_in("zh_CN")
    assert vgpu_licence(uhd, catalog.get("t4")) == "software-vgpu"  # a Q profile: RTX vWS


@pytest.mark.parametrize("card_id", ["a16-gpu", "l4", "l40s", "t4", "a10"])
def test_the_display_profile_divides_each_cards_framebuffer(catalog, base, card_id):
    """8 GiB desktops: 2 per 16 GB GPU (A16, T4), 3 per 24 GB (L4, A10), 6 per 48 GB (L40S)."""
    card = catalog.get(card_id)
    scenario = updated(desktops(base, user_class="designer", resolution="2160p", monitors=2), card_id=card_id,
                       count=1)
    est = estimate(scenario, card)
    assert est.graphics.per_card * 8 == pytest.approx(card.memory_gb, abs=8 - 1e-9)
    assert "vgpu-profile-rounded" not in [m.id for m in est.messages]


def test_the_default_desktop_is_the_vpc_guides_1b_knowledge_worker_and_two_monitors_are_2b(catalog, base):
    """The default desktop (knowledge worker, one 1080p display) gets the 1 GiB the vPC guide sizes it at,
    the 1B the default load's 64 desktops per A16 board are of (it was 2 GiB until December 2026: 200
    desktops were 25 × T4 at 8 a card); two 1080p monitors take the guide's 2B."""
    scenario = desktops(base, users=200)
    assert scenario.graphics.profile_gib == 1 and desktop_profile_gib(scenario) == 1
    t4 = best(scenario, catalog, "t4")
    assert t4.estimate.graphics.per_card == 16 and t4.count == 13
    assert not {"vgpu-profile-for-displays", "vgpu-profile-of-displays"} & {m.id for m in t4.estimate.messages}
    a16 = estimate(updated(scenario, card_id="a16-gpu", count=1), catalog.get("a16-gpu"))
    assert a16.graphics.per_card * 4 == 64  # NVIDIA's 64 desktops per A16 board
    two = updated(scenario, graphics={"monitors": 2})
    assert desktop_profile_gib(two) == 2
    t4 = best(two, catalog, "t4")
    assert t4.estimate.graphics.per_card == 8 and t4.count == 25
    said = next(m for m in t4.estimate.messages if m.id == "vgpu-profile-of-displays")
    assert said.text.startswith("Each desktop gets a vGPU profile of 2 GiB:") and "2 × 1080p" in said.text
    assert "知识工作者" in said.text_in("zh_CN")


def test_cli_takes_resolution_monitors_and_user_class_for_desktops(capsys):
    code = main(["estimate", "--json", "--workload", "vdi", "--card", "t4", "--count", "30", "--users", "60",
                 "--resolution", "2160p", "--monitors", "2", "--user-class", "designer"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert json.loads(out)["graphics"]["per_card"] == 2


def test_a_saved_default_desktop_holds_no_new_keys(base):
    dumped = desktops(base).model_dump(mode="json")["graphics"]
    assert "user_class" not in dumped and "monitors" not in dumped


def test_recommend_json_names_the_unit_its_per_million_tokens_keys_hold(capsys):
    """The ranked entries' ``tco_per_million_tokens`` holds a desktop's cost per user-month (the key is the
    contract's): ``cost_unit`` says so beside it."""
    assert main(["recommend", "--json", "--workload", "vdi", "--users", "300", "--monitors", "2", "--limit", "1"]) == 0
    first = json.loads(capsys.readouterr().out)["ranked"][0]
    assert first["cost_unit"] == "user-month" and first["tco_per_million_tokens"] > 0
    assert (first["card"]["id"], first["graphics"]["per_card"]) == ("t4", 8)  # 2 GiB desktops on a 16 GB T4


def test_the_capacity_says_the_vgpu_profile_each_desktop_gets_on_the_card(capsys):
    """Beside "8 users per card", the 2 GiB each gets; the card's own size where it rounds (3 GiB on a T4 is
    its 4 GB type); none for a card passed through whole."""
    assert main(["estimate", "--workload", "vdi", "--users", "300", "--monitors", "2", "--card", "t4"]) == 0
    assert re.search(r"\n  vGPU profile +2\u00a0GiB\n", capsys.readouterr().out)
    assert main(["estimate", "--workload", "vdi", "--users", "300", "--profile", "3", "--card", "t4",
                 "--lang", "zh_CN"]) == 0
    assert re.search(r"\n  vGPU 配置（每用户显存） +4\u00a0GiB\n", capsys.readouterr().out)
    assert main(["estimate", "--json", "--workload", "vdi", "--users", "30", "--card", "h100-sxm"]) == 0
    assert json.loads(capsys.readouterr().out)["graphics"]["vgpu_profile_gib"] is None


def test_a_heavier_kind_left_at_the_office_load_is_said_and_the_wizard_starts_from_the_same_loads(catalog, base):
    """A designer counted at the office desktop's 0.25 TFLOP/s is said (the command line's --user-class
    set no load; the wizard's designer starts at 2); a load given, or the knowledge worker's, is not."""
    from configurator.app.wizard_graphics import DESKTOP_USERS
    from configurator.core.formulas.graphics import DESKTOP_CLASS_LOAD_TFLOPS

    assert DESKTOP_USERS["designer"] == ("designer", DESKTOP_CLASS_LOAD_TFLOPS["designer"]) == ("designer", 2.0)
    card = catalog.get("l40s")
    said = [m for m in estimate(updated(desktops(base, user_class="designer"), card_id="l40s"), card).messages
            if m.id == "desktop-load-of-office"]
    assert len(said) == 1 and "0.25 TFLOP/s" in said[0].text and "2 TFLOP/s" in said[0].text
    assert "设计人员" in said[0].text_in("zh_CN")
    for quiet in (desktops(base), desktops(base, user_class="designer", shading_tflops_per_user=1.0)):
        assert "desktop-load-of-office" not in [m.id for m in estimate(updated(quiet, card_id="l40s"), card).messages]


@pytest.mark.parametrize("monitors, words", [(1, "1 × 1080p display at 4 GiB"), (2, "2 × 1080p displays at 8 GiB")])
def test_the_profile_note_counts_its_displays(catalog, base, monitors, words):
    """"size a designer on 1 × 1080p display(s) at 4 GiB" (session 48, persona: a graphics buyer): the
    note says one display or several, as it counts them."""
    t4 = best(desktops(base, user_class="designer", resolution="1080p", monitors=monitors), catalog, "t4")
    said = next(m for m in t4.estimate.messages if m.id == "vgpu-profile-of-displays")
    assert said.text.endswith(words) and "(s)" not in said.text
    assert f"{monitors} 台 1080p 显示器" in said.text_in("zh_CN")
