"""Graphics workloads: virtual desktops, transcoding and rendering, checked on published figures."""

from __future__ import annotations

import json
import math

import pytest

from configurator.cli import main
from configurator.core.analysis import analyse
from configurator.core.estimate import estimate
from configurator.core.graphics import PRESET_SPEED
from configurator.core.mismatch import mismatch
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.prices import price_book_for
from configurator.core.recommend import Filters, Objective, recommend
from configurator.core.scenario import Scenario, updated
from configurator.core.scenario_io import read_scenario, write_scenario
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.rows import write
from configurator.report.summary import build_summary


@pytest.fixture
def base(llama8b):
    return Scenario(model=llama8b)


def on(scenario, catalog, card_id, **changes):
    s = updated(scenario, card_id=card_id, **changes)
    return estimate(s, catalog.get(card_id))


def ids(est):
    return [m.id for m in est.messages]


# ---- virtual desktops ---------------------------------------------------------------------

# NVIDIA's A40 Q-series table: profile [GB] -> vGPUs per GPU (A40-1Q … A40-48Q)
A40_PROFILES = {1: 32, 2: 24, 3: 16, 4: 12, 6: 8, 8: 6, 12: 4, 16: 3, 24: 2, 48: 1}


@pytest.mark.parametrize(("profile", "published"), A40_PROFILES.items())
def test_a40_vgpu_counts_match_nvidia_table(catalog, base, profile, published):
    """Through the estimate the app runs: users one A40 hosts when shading is no limit."""
    scenario = updated(base, workload="vdi", card_id="a40", count=1,
                       graphics={"users": 1, "profile_gib": profile, "shading_tflops_per_user": 0.5})
    graphics = estimate(scenario, catalog.get("a40")).graphics
    assert graphics.per_card == published
    assert graphics.limiting == ("vGPU instances" if profile == 1 else "framebuffer")


def test_a16_board_hosts_64_knowledge_workers(catalog, base):
    """NVIDIA sizes an A16 board (4 GPUs × 16 GB) for 64 desktops with 1 GB profiles."""
    est = on(base, catalog, "a16-gpu", workload="vdi", count=4,
             graphics={"users": 64, "profile_gib": 1, "shading_tflops_per_user": 0.25})
    assert est.graphics.per_card == 16
    assert est.graphics.served == 64 and est.graphics.meets_demand
    assert catalog.get("a16-gpu").gpus_per_board == 4


def test_heavy_users_are_limited_by_shading(catalog, base):
    est = on(base, catalog, "l4", workload="vdi", count=1,
             graphics={"users": 10, "profile_gib": 1, "shading_tflops_per_user": 6})
    assert est.graphics.limiting == "shading load"
    assert est.graphics.per_card == math.floor(catalog.get("l4").fp32_tflops / 6)


def test_profile_larger_than_card_does_not_fit(catalog, base):
    est = on(base, catalog, "l4", workload="vdi", graphics={"profile_gib": 48})
    assert not est.fits and "does-not-fit" in ids(est)


def test_vdi_needs_more_cards_and_says_how_many(catalog, base):
    est = on(base, catalog, "l40s", workload="vdi", count=2, graphics={"users": 100, "profile_gib": 2})
    assert est.graphics.per_card == 24 and est.graphics.cards_needed == 5
    assert not est.usable and "misses-users" in ids(est)
    assert "vgpu-licence-in-bill" in ids(est)


def test_vdi_bill_has_the_licences_the_note_names_and_its_desktops_storage(catalog, base):
    """The note says the licences are in the bill (they are: a software-vgpu line), not that they
    are left out; the desktops' disks are a storage line (tests/test_vdi_storage.py; until
    December 2026 graphics work sized no storage)."""
    est = on(base, catalog, "l40s", workload="vdi", count=9, graphics={"users": 200, "profile_gib": 2})
    bom = bill_of_materials(est.scenario, catalog.get("l40s"), price_book_for(est.scenario.economics))
    licences = [line for line in bom.lines if line.item_id.startswith("software-vgpu")]
    assert licences and licences[0].quantity == 200 and bom.licences_per_year > 0
    assert "vgpu-licence-in-bill" in ids(est)
    assert "bill of materials" in next(m for m in est.messages if m.id == "vgpu-licence-in-bill").text
    assert [line.quantity for line in bom.lines if line.item_id == "storage-nvme-per-tb"] == [3.2]  # 200 × 15 GB


def test_consumer_and_training_cards_get_passthrough_and_warnings(catalog, base):
    consumer = on(base, catalog, "rtx-4090", workload="vdi")
    assert consumer.graphics.limiting == "passthrough" and consumer.graphics.per_card == 1
    assert {"no-graphics-vgpu", "consumer-card-datacenter"} <= set(ids(consumer))
    training = on(base, catalog, "h100-sxm", workload="vdi")
    assert {"class-mismatch", "no-display-no-encoder"} <= set(ids(training))


def test_profiles_that_do_not_exist_are_refused(base):
    with pytest.raises(ValueError, match="profiles are"):
        updated(base, workload="vdi", graphics={"profile_gib": 5})


# NVIDIA's vGPU types divide a GPU's memory evenly: a 16 GB GPU (A16, T4) has 1, 2, 4, 8, 16 GB
# types and no 3 GB one; a 24 GB L4 has 3 and 6 GB; a 48 GB card has no 32 GB type.
NEXT_TYPE = [("a16-gpu", 3, 4, 4), ("t4", 3, 4, 4), ("t4", 6, 8, 2), ("l4", 16, 24, 1), ("l40s", 32, 48, 1)]


@pytest.mark.parametrize(("card_id", "profile", "size", "per_card"), NEXT_TYPE)
def test_a_profile_that_does_not_divide_the_card_gets_its_next_vgpu_type(catalog, base, card_id, profile, size,
                                                                        per_card):
    """3 GiB desktops on a T4 or an A16 GPU are 4 a GPU in its 4 GB type, not 5 (16 / 3): the
    answer said 60 T4 for 300 such desktops where 75 are needed; the memory and a warning say so."""
    est = on(base, catalog, card_id, workload="vdi", count=1,
             graphics={"users": 300, "profile_gib": profile, "shading_tflops_per_user": 0.1})
    assert est.graphics.per_card == per_card
    assert est.memory.total == pytest.approx(per_card * size * 2**30)
    said = next(m for m in est.messages if m.id == "vgpu-profile-rounded")
    assert f"each desktop gets the next one, {size} GiB, {per_card} desktops per card" in said.text


def test_a_profile_that_divides_the_card_is_kept_and_300_desktops_of_3_gib_are_75_t4(catalog, base):
    est = on(base, catalog, "l4", workload="vdi", count=1, graphics={"users": 1, "profile_gib": 3})
    assert est.graphics.per_card == 8 and "vgpu-profile-rounded" not in ids(est)
    scenario = updated(base, workload="vdi", graphics={"users": 300, "profile_gib": 3})
    t4 = next(r for r in recommend(scenario, catalog, Objective.TCO).ranked if r.card.id == "t4")
    assert t4.count == 75


# ---- video --------------------------------------------------------------------------------


def test_one_encoder_carries_eight_1080p30_or_one_2160p60(catalog, base):
    """vMix's planning figure per NVIDIA encoding chip: 8 × 1080p30, 4 × 1080p60 or 1 × 2160p60."""
    for resolution, fps, streams in (("1080p", 30, 8), ("1080p", 60, 4), ("2160p", 60, 1)):
        est = on(base, catalog, "t4", workload="transcode", count=1,
                 graphics={"streams": 1, "resolution": resolution, "fps": fps, "decode": False})
        assert est.graphics.per_card == streams


def test_engines_multiply_and_decoders_can_limit(catalog, base):
    l40s = on(base, catalog, "l40s", workload="transcode", count=1, graphics={"streams": 200})
    from configurator.core.nvenc_rates import codec_factor  # an Ada engine: NVIDIA's table's factor for the codec
    factor = codec_factor(8, l40s.scenario.graphics.codec)
    assert dict(l40s.graphics.capacities)["encoders"] == math.floor(3 * 240 * factor / 30) > 3 * 8
    rtx = on(base, catalog, "rtx-4090", workload="transcode", count=1, parallelism={"cards_per_node": 1},
             graphics={"streams": 200, "preset": "p1"})
    caps = dict(rtx.graphics.capacities)
    assert caps["decoders"] == 8 and caps["encoders"] > 8  # one NVDEC, two NVENC


def test_preset_speeds_are_the_measured_ratios():
    assert PRESET_SPEED["p1"] == pytest.approx(35.9 / 17.4)
    assert PRESET_SPEED["p4"] == 1.0
    assert PRESET_SPEED["p5"] < 1


def test_consumer_cards_hit_the_session_limit(catalog, base):
    est = on(base, catalog, "rtx-4090", workload="transcode", count=1, parallelism={"cards_per_node": 1},
             graphics={"streams": 50, "resolution": "720p", "decode": False})
    assert est.graphics.limiting == "encode sessions" and est.graphics.per_card == 8
    assert "consumer-encode-sessions" in ids(est)


def test_each_codec_has_its_engine_generations_rate(catalog, base):
    """Until December 2026 one 240 frames/s stood for H.264, HEVC and AV1 on every NVENC generation; now
    NVIDIA's table's rate for the codec and generation (P4 between its P3 and P5), AV1 none before Ada."""
    from configurator.core.graphics import encoder_fps
    from configurator.core.nvenc_rates import RATES, codec_factor
    fps = {c: encoder_fps(catalog.get(card), updated(base, workload="transcode", graphics={"codec": c}))
           for card in ("t4",) for c in ("h264", "hevc", "av1")}
    assert fps["h264"] == 240 and fps["hevc"] == pytest.approx(240 * 375.8 / 403.2, rel=1e-3) and fps["av1"] is None
    assert codec_factor(9, "hevc") > codec_factor(8, "hevc") > codec_factor(7, "hevc")
    assert codec_factor(None, "av1") == 1.0  # a generation the table does not list keeps the default
    assert all(r.source and r.date for r in RATES) and all(r.note for r in RATES if r.p3 is None)


def test_av1_needs_an_av1_encoder(catalog, base):
    t4 = on(base, catalog, "t4", workload="transcode", graphics={"codec": "av1"})
    assert t4.graphics.per_card == 0 and "no-av1-encoder" in ids(t4)
    l4 = on(base, catalog, "l4", workload="transcode", graphics={"codec": "av1"})
    assert l4.graphics.per_card > 0 and "no-av1-encoder" not in ids(l4)


def test_cards_without_encoders_cannot_transcode(catalog, base):
    est = on(base, catalog, "h100-sxm", workload="transcode")
    assert est.graphics.per_card == 0 and est.graphics.cards_needed is None and not est.usable
    assert "no-encoder" in ids(est)
    unknown = on(base, catalog, "mtt-s80", workload="transcode")
    assert unknown.graphics.limiting == "unknown" and "encoder-unknown" in ids(unknown)


# ---- rendering ----------------------------------------------------------------------------


def test_render_time_scales_with_fp32_and_whole_frames(catalog, base):
    """A card without a measured render score (the A10: none under that name in Blender Open Data)
    is scaled by FP32 rate from the reference."""
    graphics = {"frames": 10, "reference_card": "rtx-4090", "reference_fp32_tflops": 82.6,
                "reference_minutes_per_frame": 6.0}
    a10 = on(base, catalog, "a10", workload="render", count=4, graphics=graphics)
    minutes = 6.0 * 82.6 / catalog.get("a10").fp32_tflops
    assert a10.graphics.minutes_per_frame == pytest.approx(minutes)
    assert a10.graphics.hours == pytest.approx(3 * minutes / 60)  # ceil(10 / 4) frames on the busiest card
    assert a10.hours == a10.graphics.hours and a10.costs.per_unit is not None


def test_render_time_follows_measured_scores_where_both_cards_have_one(catalog, base):
    """The L4 and the RTX 4090 both have Blender Open Data medians (3,861 and 11,124 samples/min):
    the time per frame is the reference's times their ratio, not the FP32 ratio (30.3 / 82.6)."""
    graphics = {"frames": 10, "reference_card": "rtx-4090", "reference_fp32_tflops": 82.6,
                "reference_minutes_per_frame": 6.0}
    l4 = on(base, catalog, "l4", workload="render", count=4, graphics=graphics)
    assert l4.graphics.minutes_per_frame == pytest.approx(6.0 * 11123.8 / 3860.9)


def test_scene_must_fit_in_each_card(catalog, base):
    est = on(base, catalog, "l4", workload="render", graphics={"scene_gib": 30})
    assert not est.fits and est.memory.graphics > 30 * 2**30


def test_no_rt_cores_is_said(catalog, base):
    assert "no-rt-cores" in ids(on(base, catalog, "h100-pcie", workload="render"))
    assert "no-rt-cores" not in ids(on(base, catalog, "l40", workload="render"))


def test_render_deadline_is_checked(catalog, base):
    est = on(base, catalog, "l4", workload="render", count=1, constraints={"deadline_hours": 1})
    assert "misses-deadline" in ids(est)


# ---- analysis, recommendation, summary ----------------------------------------------------


@pytest.mark.parametrize(("workload", "variable"), [("vdi", "users"), ("transcode", "streams"),
                                                     ("render", "scene_gib")])
def test_analysis_has_graphics_curves_and_points(catalog, base, workload, variable):
    analysis = analyse(updated(base, workload=workload, card_id="l40s", count=4), catalog, ["l4", "a40"])
    assert analysis.memory_curve.variable == variable
    assert len(analysis.by_count) > 5 and all(e.graphics is not None for e in analysis.by_count)
    assert analysis.catalog_points and all(p.card.category != "training" or workload == "render"
                                           for p in analysis.catalog_points)
    assert len(analysis.compared) == 2


@pytest.mark.parametrize("workload", ["vdi", "transcode", "render"])
def test_recommendation_leaves_out_consumer_and_unsuited_cards(catalog, base, workload):
    result = recommend(updated(base, workload=workload), catalog, Objective.CLOUD)
    assert result.ranked
    for rec in result.ranked:
        assert not rec.card.is_consumer and rec.card.category != "training"
        assert rec.estimate.usable
    assert result.ranked[0].reasons


def test_recommendation_explains_why_a_card_was_left_out(catalog, base):
    result = recommend(updated(base, workload="vdi"), catalog, Objective.CLOUD)
    assert "vGPU" in result.rejected["l20"]
    consumer = recommend(updated(base, workload="transcode"), catalog, Objective.CLOUD,
                         Filters(consumer=True, classes=("graphics",)))
    assert any(r.card.is_consumer for r in consumer.ranked)


def test_a_card_without_known_encoders_is_left_out_of_transcoding_saying_so(catalog, base):
    """Not "does not fit at any count tried" (its memory fits): the L20's encoders are not in the
    catalog, the H100 has none."""
    result = recommend(updated(base, workload="transcode"), catalog, Objective.CLOUD,
                       Filters(classes=("training", "inference", "graphics", "workstation", "edge")))
    assert result.rejected["l20"] == "video encoders not verified"
    assert result.rejected["h100-sxm"] == "no video encoder"


def test_streams_no_count_carries_are_not_said_to_need_zero_cards(catalog, base):
    est = estimate(updated(base, workload="transcode", card_id="l20", count=8), catalog.get("l20"))
    said = [m for m in est.messages if m.id.startswith("misses-streams")]
    assert [m.id for m in said] == ["misses-streams-at-any-count"]
    assert "no number of these cards carries them" in said[0].text_in("en") and "再多" in said[0].text_in("zh_CN")


def test_training_card_for_graphics_is_flagged(catalog, base):
    warning = mismatch(updated(base, workload="transcode", card_id="h100-sxm"), catalog)
    assert warning is not None and warning.id.startswith("mismatch-")
    assert mismatch(updated(base, workload="transcode", card_id="l4"), catalog) is None


@pytest.mark.parametrize("workload", ["vdi", "transcode", "render"])
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_summary_for_graphics(catalog, base, workload, language):
    est = on(base, catalog, "l40s", workload=workload, count=2)
    summary = build_summary(est, catalog, language)
    keys = [t.key for t in summary.tables]
    assert [k for k in keys if k in ("workload", "card", "memory", "speed")] == ["workload", "card", "memory", "speed"]
    assert [k for k in keys if k != "what_would_fit"][:2] == ["bom", "tco"]
    assert ("what_would_fit" in keys) == (not est.usable)  # 2 cards short of the load: the cards it needs first
    text = " ".join(" ".join(row) for t in summary.tables for row in t.rows)
    assert "NVENC" in text and "GiB" in text
    assert summary.alternatives and all(alt.usable for alt in summary.alternatives)
    if language == "zh_CN":
        for english in ("Users", "Streams", "Scene", "Limited by", "framebuffer", "encoders", "Per frame"):
            assert english not in text


def test_scenario_file_keeps_the_graphics_section(tmp_path, base):
    scenario = updated(base, workload="transcode", graphics={"streams": 42, "codec": "hevc"})
    path = tmp_path / "video.gpuconf.json"
    write_scenario(path, scenario)
    assert read_scenario(path) == scenario


# ---- command line -------------------------------------------------------------------------


def test_cli_transcode_json(capsys):
    code = main(["estimate", "--json", "--workload", "transcode", "--card", "l4", "--count", "2",
                 "--streams", "40", "--resolution", "720p", "--codec", "av1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    result = json.loads(out)
    assert result["graphics"]["unit"] == "streams" and result["graphics"]["limited_by"] == "encoders"
    assert result["cost"]["per_unit_basis"] == "stream-hour"


def test_cli_render_reference_card_and_table(capsys):
    code = main(["estimate", "--workload", "render", "--card", "l40", "--reference-card", "l4",
                 "--minutes-per-frame", "10", "--frames", "100"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "Time per frame" in out and "min" in out  # the labels of the window and the summary


def test_cli_bad_profile_is_one_line(capsys):
    code = main(["estimate", "--workload", "vdi", "--profile", "5"])
    _, err = capsys.readouterr()
    assert code != 0 and "profiles are" in err and len(err.strip().splitlines()) == 1


def test_cli_recommend_vdi(capsys):
    code = main(["recommend", "--workload", "vdi", "--users", "300", "--profile", "1", "--objective", "cloud"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "users per card" in out


def test_local_display_warns_on_cards_without_outputs(catalog, base):
    est = on(base, catalog, "l4", workload="render", graphics={"local_display": True})
    assert "no-display-outputs" in ids(est)
    assert "no-display-outputs" not in ids(on(base, catalog, "l40", workload="render",
                                               graphics={"local_display": True}))


def test_summary_counts_servers_and_boards(catalog, base):
    est = on(base, catalog, "a16-gpu", workload="vdi", count=4, parallelism={"cards_per_node": 8},
             graphics={"users": 100, "profile_gib": 1})
    rows = dict(next(t for t in build_summary(est, catalog).tables if t.key == "speed").rows)
    # a host's processors carry 48 desktops: 3 GPUs (one board) a server, 3 servers (until December 2026: 1 of 8)
    assert rows["Cards needed"] == "7 cards" and rows["Boards needed"] == "3 boards"
    assert rows["Servers needed"] == "3 at 1 board (3 GPUs used) each"


def test_a16_servers_are_counted_by_board_slots_with_the_hosts_desktop_limit(catalog, base):
    """300 CAD desktops of 8 GiB on A16 (2 a GPU): a 2U takes 4 boards, 16 GPUs, 32 desktops (under
    the host's 48), so 10 servers of 4 boards — until December 2026 the layout's 8 cards a server were
    8 GPUs, 19 two-slot servers of 2 boards; at 1 GiB (16 a GPU) the host binds: 3 GPUs, 1 board."""
    from configurator.core.graphics import host_cards_per_server
    from configurator.core.procurement.servers import server_type, servers_needed
    a16 = catalog.get("a16-gpu")
    est = on(base, catalog, "a16-gpu", workload="vdi", count=150, graphics={"users": 300, "profile_gib": 8})
    per_server = host_cards_per_server(est.scenario, a16)
    assert est.graphics.cards_needed == 150 and est.graphics.cards_per_server == per_server == 16
    assert servers_needed(a16, per_server, 150) == 10 and server_type(a16, per_server, 150).item_id == "server-pcie-4"
    rows = dict(next(t for t in build_summary(est, catalog).tables if t.key == "speed").rows)
    assert rows["Servers needed"] == "10 at 4 boards (16 GPUs used) each" and rows["Boards needed"] == "38 boards"
    light = on(base, catalog, "a16-gpu", workload="vdi", count=19, graphics={"users": 300, "profile_gib": 1})
    assert host_cards_per_server(light.scenario, a16) == 3


def test_a_lone_a16_gpu_in_its_server_is_one_gpu(catalog, base):
    """5 desktops on one A16 GPU: 'Servers needed' read '1 at 1 board (1 GPUs used) each' (review, session 36)."""
    est = on(base, catalog, "a16-gpu", workload="vdi", count=1, graphics={"users": 5})
    rows = {row.key: row.value for section in estimate_view(est).sections for row in section.rows}
    assert write(rows["servers_needed"]) == "1 at 1 board (1 GPU used) each"
    assert write(rows["servers_needed"], "zh_CN") == "1 台（每台 1 块板卡，使用 1 个 GPU）"


def test_graphics_ignores_a_model_layout_left_from_training(catalog, base):
    training = updated(base, workload="pretrain", count=8, parallelism={"tp": 8})
    desktops = updated(training, workload="vdi", count=3, card_id="l40s",
                       graphics={"profile_gib": 2})  # 24 a card: two cards within a host's 48 desktops
    assert desktops.model_parallel == 1
    est = estimate(desktops, catalog.get("l40s"))
    assert est.graphics.served == min(100, 3 * est.graphics.per_card)
    analysis = analyse(desktops, catalog)
    assert [e.scenario.count for e in analysis.by_count][:3] == [1, 2, 3]


def test_rt_core_generations_and_the_warning(catalog, base):
    from configurator.core.graphics import rt_generation

    assert [rt_generation(catalog.get(i)) for i in ("t4", "a40", "l40", "rtx-5090", "h100-sxm")] == [1, 2, 3, 4, None]
    ampere = on(base, catalog, "a10", workload="render")  # the default reference is an RTX 4090 (Ada)
    assert "rt-generation-differs" in ids(ampere)
    assert "rt-generation-differs" not in ids(on(base, catalog, "l40", workload="render"))
    # a measured ratio (the A40 and the RTX 4090 both in Blender Open Data) holds the generations' difference
    assert "rt-generation-differs" not in ids(on(base, catalog, "a40", workload="render"))
    warning = next(m for m in ampere.messages if m.id == "rt-generation-differs")
    assert "the reference GeForce RTX 4090 generation 3" in warning.text  # the card's name, not its catalog id


def test_one_card_short_of_the_users_is_said_in_the_singular(catalog, base):
    """'1 cards serve 12 of 500 users' read on the estimate of one L4 for 500 desktops."""
    est = on(base, catalog, "l4", workload="vdi", count=1, graphics={"users": 500, "profile_gib": 2})
    said = next(m for m in est.messages if m.id.startswith("misses-users"))
    assert said.text_in("en") == "1 card serves 12 of 500 users: 42 cards are needed"
    assert said.text_in("zh_CN") == "1 张卡可服务 500 个用户中的 12 个：需要 42 张卡"


def test_vdi_servers_are_counted_by_the_desktops_a_host_carries(catalog, base):
    """2,000 desktops on L4 (24 a card): a host's CPUs and memory carry 48 (32 cores × 6 vCPU ÷ 4
    vCPU), so 42 servers of 2 cards, not 11 of 8 with ~182 desktops each."""
    from configurator.core.formulas.graphics import desktops_per_host
    from configurator.core.procurement.bom import bill_of_materials
    from configurator.core.procurement.prices import bundled_price_book
    assert desktops_per_host(32, 6.0, 4, 512.0, 6.0) == 48 and desktops_per_host(32, 6.0, 4, 256.0, 6.0) == 42
    est = on(base, catalog, "l4", workload="vdi", count=84, graphics={"users": 2000, "profile_gib": 1})
    assert est.graphics.meets_demand and "vdi-host-desktops" in ids(est)
    bom = bill_of_materials(est.scenario, est.card, bundled_price_book())
    assert bom.servers == 42 and bom.gpus_per_server == 2


def test_the_desktop_and_the_overcommit_are_editable_assumptions(catalog, base, capsys):
    """The desktop's vCPUs and memory and the CPU overcommit are the scenario's assumptions (defaults 4,
    6 GiB and 6: 48 a host): 8 vCPU a core carry 64 desktops a host by CPU (512 GiB / 6 = 85 by memory),
    3 L4 of 24 desktops a server; 8 GiB desktops at 2 vCPU 64 by memory; the servers follow, and the
    command line takes them for VDI alone."""
    from configurator.core.graphics import vdi_desktops_per_host
    from configurator.core.procurement.bom import bill_of_materials
    from configurator.core.procurement.prices import bundled_price_book
    assert vdi_desktops_per_host(base.assumptions) == 48
    for assumptions, host, servers in (({"vdi_vcpus_per_core": 8.0}, 64, 28),
                                       ({"vdi_ram_gib_per_desktop": 8.0}, 48, 42),
                                       ({"vdi_vcpus_per_desktop": 2, "vdi_ram_gib_per_desktop": 8.0}, 64, 28),
                                       ({"vdi_vcpus_per_desktop": 64, "vdi_vcpus_per_core": 0.5}, 1, 84)):
        s = updated(base, card_id="l4", workload="vdi", count=84, graphics={"users": 2000, "profile_gib": 1},
                    assumptions=assumptions)
        assert vdi_desktops_per_host(s.assumptions) == host
        est = estimate(s, catalog.get("l4"))
        bom = bill_of_materials(est.scenario, est.card, bundled_price_book())
        assert bom.servers == servers, assumptions
    assert main(["estimate", "--json", "--workload", "vdi", "--card", "l4", "--count", "84", "--users", "2000",
                 "--profile", "1", "--vcpus-per-core", "8", "--desktop-vcpus", "4", "--desktop-memory", "6"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["assumptions"]["vdi_vcpus_per_core"] == 8.0 and out["bom"]["servers"] == 28
    assert main(["estimate", "--workload", "inference", "--vcpus-per-core", "8"]) != 0
    assert "read by --workload vdi" in capsys.readouterr().err


def test_an_a16_is_bought_by_the_board(catalog, base):
    """32 A16 GPUs at 3 a server (48 desktops a host) are 11 boards at the board price, not 32."""
    from configurator.core.procurement.bom import bill_of_materials
    from configurator.core.procurement.prices import bundled_price_book
    est = on(base, catalog, "a16-gpu", workload="vdi", count=32, graphics={"users": 500, "profile_gib": 1})
    bom = bill_of_materials(est.scenario, est.card, bundled_price_book())
    line = next(line for line in bom.lines if line.kind == "accelerator")
    assert line.unit == "per board" and line.quantity == 11 == bom.servers


def test_the_desktops_tco_names_its_licences_and_one_user_is_singular(catalog, base):
    """The TCO of virtual desktops holds their vGPU licences, and its label says so (a token's TCO
    label does not); a passthrough card carries '1 user', not '1 users'."""
    from configurator.core.view.cost_bases import per_unit_label
    from configurator.core.view.rows import write
    assert "vGPU licences" in write(per_unit_label("user-month", "tco", 4), "en")
    assert "vGPU 许可" in write(per_unit_label("user-month", "tco", 4), "zh_CN")
    assert "licences" not in write(per_unit_label("million tokens", "tco", 4), "en")
    est = on(base, catalog, "rtx-4090", workload="vdi", count=20, graphics={"users": 20, "profile_gib": 1})
    rows = dict(next(t for t in build_summary(est, catalog).tables if t.key == "speed").rows)
    assert rows["Per card"] == "1\u00a0user"


def test_a_missed_deadline_reads_in_the_unit_of_its_warning():
    """A 40 h deadline missed by 160 h: the headline says the gap as the warning does, in the gap's own
    unit (December 2026: '6.67 days', the one rule of a duration; it said '160 h' in the deadline's unit);
    a 100 h deadline missed by 160 h the same."""
    from configurator.core.verdicts import Verdict
    from configurator.core.view.constraints_view import verdict_brief
    from configurator.core.view.rows import write
    short = Verdict("deadline", 40.0, 200.0, "h", False, by=160.0, share=4.0)
    long = Verdict("deadline", 100.0, 260.0, "h", False, by=160.0, share=1.6)
    assert write(verdict_brief(short), "en") == "misses the deadline by 6.67\u00a0days"
    assert "by 6.67\u00a0days" in short.message.text
    assert write(verdict_brief(long), "en") == "misses the deadline by 6.67\u00a0days"


@pytest.mark.parametrize(("deadline", "row"), [
    ("48h", "| Deadline | within 48 h |"),
    ("3d", "| Deadline | within 3 days |"),  # as set, as its verdict says it (session 36)
])
def test_the_deadline_set_is_written_in_the_unit_its_verdict_uses(tmp_path, deadline, row):
    """A render farm's 48 h deadline read 'within 2.00 days' beside 'within the 48 h deadline'
    on the summary's constraints table: both now follow one rule, hours up to 48 h."""
    out = tmp_path / "render.md"
    assert main(["report", "--workload", "render", "--frames", "20000", "--minutes-per-frame", "10",
                 "--reference-card", "rtx-4090", "--deadline", deadline, "-o", str(out)]) in (0, None)
    line = next(line for line in out.read_text(encoding="utf-8").splitlines() if line.startswith("| Deadline |"))
    assert line.replace("\u00a0", " ").startswith(row), line
