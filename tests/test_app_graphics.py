"""Graphics workloads in the desktop app: editor, charts, results, wizard and recommendations."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from configurator.app.main_window import MainWindow
from configurator.app.wizard import WorkloadWizard

ANALYSIS_WAIT_MS = 30_000
"""The analysis runs on a worker thread: on a loaded 2-core machine a big one takes seconds."""


@pytest.fixture
def window(qtbot, controller, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    w = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def analysed(qtbot, controller, action):
    with qtbot.waitSignal(controller.analysis_changed, timeout=ANALYSIS_WAIT_MS) as blocker:
        action()
    return blocker.args[0]


def test_choosing_a_graphics_workload_shows_its_controls(qtbot, window):
    editor = window.editor
    analysed(qtbot, window.controller, lambda: editor.workload.setCurrentIndex(editor.workload.findData("vdi")))
    assert editor.desktops_group.isVisibleTo(window) and not editor.model_group.isVisibleTo(window)
    assert not editor.training_group.isVisibleTo(window) and not editor.tp.isEnabled()
    assert editor.encoder_fps.isVisibleTo(window) and not editor.matmul.isVisibleTo(window)
    host = editor.desktop_host["assumptions.vdi_vcpus_per_core"]
    assert host.isVisibleTo(window) and host.suffix() == " vCPU per core" and host.value() == 6.0
    analysed(qtbot, window.controller, lambda: editor.workload.setCurrentIndex(editor.workload.findData("render")))
    assert editor.render_group.isVisibleTo(window) and not editor.desktops_group.isVisibleTo(window)
    assert not host.isVisibleTo(window)  # the desktop host's assumptions are VDI's alone


@pytest.mark.parametrize(
    ("workload", "widget_name", "value", "check"),
    [
        ("vdi", "users", 300, lambda a: a.estimate.graphics.demand == 300),
        ("vdi", "shading", 3.0, lambda a: a.estimate.scenario.graphics.shading_tflops_per_user == 3.0),
        ("transcode", "streams", 64, lambda a: a.estimate.graphics.demand == 64),
        ("transcode", "fps", 60, lambda a: a.estimate.scenario.graphics.fps == 60),
        ("render", "frames", 500, lambda a: a.estimate.graphics.demand == 500),
        ("render", "scene", 40.0, lambda a: a.estimate.scenario.graphics.scene_gib == 40.0),
        ("render", "minutes", 2.5, lambda a: a.estimate.scenario.graphics.reference_minutes_per_frame == 2.5),
        ("transcode", "encoder_fps", 480, lambda a: a.estimate.scenario.assumptions.encoder_fps_1080p == 480),
        ("vdi", "assumptions.vdi_vcpus_per_core", 8.0,
         lambda a: any(m.id == "vdi-host-desktops" and m.params["desktops"] == 64 for m in a.estimate.messages)),
        ("vdi", "assumptions.vdi_ram_gib_per_desktop", 12.0,
         lambda a: a.estimate.scenario.assumptions.vdi_ram_gib_per_desktop == 12.0),
    ],
)
def test_graphics_spin_boxes_update_the_estimate(qtbot, window, workload, widget_name, value, check):
    window.controller.apply_many({"workload": workload, "card_id": "l40s", "count": 2, "parallelism.zero": 0})
    window.controller.recompute()
    widget = window.editor.desktop_host.get(widget_name) or getattr(window.editor, widget_name)
    analysis = analysed(qtbot, window.controller, lambda: widget.setValue(value))
    assert check(analysis)


def test_profile_codec_and_reference_combos(qtbot, window):
    editor, controller = window.editor, window.controller
    controller.apply_many({"workload": "vdi", "card_id": "a40", "count": 1, "parallelism.zero": 0})
    controller.recompute()
    analysis = analysed(qtbot, controller, lambda: editor.profile.setCurrentIndex(editor.profile.findData(2)))
    assert analysis.estimate.graphics.per_card == 24  # A40-2B: 48 GB in 2 GB slices (the default is 1 GiB)
    controller.apply("workload", "transcode")
    analysis = analysed(qtbot, controller, lambda: editor.codec.setCurrentIndex(editor.codec.findData("av1")))
    assert analysis.estimate.graphics.per_card == 0  # the A40's NVENC cannot encode AV1
    controller.apply("workload", "render")
    analysis = analysed(qtbot, controller, lambda: editor.reference.setCurrentIndex(editor.reference.findData("l4")))
    g = analysis.estimate.scenario.graphics
    assert g.reference_card == "l4" and g.reference_fp32_tflops == controller.catalog.get("l4").fp32_tflops


@pytest.mark.parametrize("workload", ["vdi", "transcode", "render"])
def test_charts_and_results_follow_graphics_work(qtbot, window, workload):
    controller = window.controller
    controller.set_compared(["l4", "a40"])
    analysis = analysed(qtbot, controller, lambda: controller.apply_many(
        {"workload": workload, "card_id": "l40s", "count": 2, "parallelism.zero": 0}))
    assert window.memory_chart.bars["graphics"].opts["height"][0] > 0
    assert len(window.scaling_chart.throughput.getData()[0]) > 5
    assert window.cost_chart.points.data.size >= 2
    assert window.curve_chart.curve.getData()[0] is not None
    assert "L40S" in window.results.verdict.text()
    assert analysis.estimate.graphics is not None
    labels = " ".join(window.results.values)
    assert "Tokens" not in labels and "token" not in labels


def test_verdict_says_how_many_cards_are_needed(qtbot, window):
    from configurator.app.i18n import install_language

    install_language("en")  # as build_main_window does: English plural forms ("1 card", "5 cards")
    controller = window.controller
    analysed(qtbot, controller, lambda: controller.apply_many(
        {"workload": "vdi", "card_id": "l40s", "count": 1, "graphics.users": 100, "parallelism.zero": 0}))
    text = window.results.verdict.text()
    assert "32 of 100 users" in text and "5 cards needed" in text  # 1 GiB: the 32-vGPU cap; a host holds 48


def test_wizard_graphics_path_skips_the_model_and_avoids_training_cards(qtbot, controller):
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("transcode")
    wizard.next()
    assert wizard.currentPage() is wizard.load and wizard.load.video_box.isVisibleTo(wizard)
    wizard.load.streams.setValue(120)
    wizard.load.codec.setCurrentIndex(wizard.load.codec.findData("hevc"))
    wizard.next()
    chosen = wizard.limits.card.currentData()  # None: the recommender chooses, among graphics-capable classes
    assert chosen is None or controller.catalog.get(chosen).category != "training"
    wizard.limits.card.setCurrentIndex(wizard.limits.card.findData("h100-sxm"))
    assert "training card" in wizard.limits.class_note.text()
    wizard.limits.card.setCurrentIndex(wizard.limits.card.findData("l4"))
    assert wizard.limits.class_note.text() == ""
    wizard.next()
    assert wizard.summary.wait()  # worked out on a worker thread
    assert "L4" in wizard.summary.text.toPlainText()
    assert " USD per stream-hour (card price " in wizard.summary.text.toPlainText()  # what a buyer budgets by
    wizard.accept()
    s = controller.scenario
    assert s.workload.value == "transcode" and s.card_id == "l4" and s.graphics.streams == 120
    result = controller.recompute().estimate
    assert result.usable and result.graphics.served == 120


def test_wizard_desktop_user_kinds(qtbot, controller):
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.goal.set_workload("vdi")
    wizard.next()
    wizard.load.user_kind.setCurrentIndex(wizard.load.user_kind.findData("designer"))
    wizard.load.desktop_users.setValue(40)
    wizard.next()
    wizard.limits.card.setCurrentIndex(wizard.limits.card.findData("a40"))
    wizard.next()
    wizard.accept()
    g = controller.scenario.graphics
    assert (g.profile_gib, g.shading_tflops_per_user, g.users) == (4, 2.0, 40)
    assert controller.recompute().estimate.usable


def test_recommendation_panel_for_desktops(qtbot, window):
    controller = window.controller
    controller.apply_many({"workload": "vdi", "card_id": "h100-sxm", "count": 4, "parallelism.zero": 0,
                           "graphics.users": 200})
    panel = window.toggle_recommendations(True)
    panel.objective.setCurrentIndex(panel.objective.findData("cloud"))
    result = panel.refresh()
    assert result.ranked and panel.table.rowCount() == len(result.ranked) + len(result.unpriced)
    header = panel.table.horizontalHeaderItem(3).text()  # the cost column, named by its basis
    assert header == "Rent/user-month [USD]"  # the basis named (issue 24, part 6), briefly (session 28)
    assert panel.table.horizontalHeaderItem(3).toolTip() == (  # the licence on each card's rent (polish11)
        "Cost per user-month — cloud rent, with each user's vGPU licence where the rent does not include it [USD]")
    assert "in the training class" in panel.mismatch_label.text()
    assert panel.use_selected()
    assert controller.scenario.card_id == result.ranked[0].card.id
    assert controller.recompute().estimate.usable


def test_wizard_render_path_with_reference_and_deadline(qtbot, controller):
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.goal.set_workload("render")
    wizard.next()
    wizard.load.reference.setCurrentIndex(wizard.load.reference.findData("l40s"))
    wizard.load.minutes.setValue(3.0)
    wizard.load.frames.setValue(1200)
    wizard.load.render_deadline.setValue(12.0)  # [h]
    wizard.next()
    wizard.limits.card.setCurrentIndex(wizard.limits.card.findData("l40"))
    wizard.next()
    wizard.accept()
    s = controller.scenario
    assert s.graphics.reference_card == "l40s" and s.graphics.reference_rt_generation == 3
    result = controller.recompute().estimate
    assert result.hours <= 12 and s.count >= 4


def test_wizard_render_deadline_is_in_hours_and_keeps_a_nights_10_h(qtbot, controller):
    """A nightly render due by 6 am is 10 h: the wizard's box was in days to a tenth and showed the
    window's 10 h as "0.4 days", and 10 h could not be typed (0.4 days is 9.6 h; session 37, persona 5)."""
    controller.apply_many({"workload": "render", "constraints.deadline_hours": 10.0})
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.goal.set_workload("render")
    wizard.next()
    box = wizard.load.render_deadline
    assert box.value() == 10.0 and box.text() == "10 h"
    box.setValue(9.5)
    assert wizard.answered.render_deadline_hours == 9.5
    assert wizard.answers_scenario().constraints.deadline_hours == 9.5


def test_wizard_desktops_on_two_4k_monitors_get_the_larger_profile(qtbot, controller, window):
    """The wizard's VDI page asks the monitors and their resolution (persona 5, session 37: 4K artists
    were sized as 2 GiB desktops); designers on two 4K displays get 8 GiB, 2 per T4, and the
    window's desktop group shows the same fields."""
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.goal.set_workload("vdi")
    wizard.next()
    wizard.load.user_kind.setCurrentIndex(wizard.load.user_kind.findData("designer"))
    wizard.load.monitors.setValue(2)
    wizard.load.desktop_resolution.setCurrentIndex(wizard.load.desktop_resolution.findData("2160p"))
    wizard.load.desktop_users.setValue(60)
    wizard.next()
    wizard.limits.card.setCurrentIndex(wizard.limits.card.findData("t4"))
    wizard.next()
    wizard.accept()
    g = controller.scenario.graphics
    assert (g.user_class, g.monitors, g.resolution, g.profile_gib) == ("designer", 2, "2160p", 4)
    assert controller.recompute().estimate.graphics.per_card == 2
    editor = window.editor
    assert editor.monitors.value() == 2 and editor.user_class.currentData() == "designer"
    assert editor.desktop_resolution.currentData() == "2160p"


@pytest.mark.parametrize(("workload", "typed", "hours", "shown"), [
    ("lora", "8", 8.0, "8 h"), ("lora", "8 h", 8.0, "8 h"), ("pretrain", "30d", 720.0, "30 days"),
    ("pretrain", "2 weeks", 336.0, "14 days"), ("render", "1.5d", 36.0, "36 h"), ("render", "3天", 72.0, "3 days")])
def test_the_wizards_deadlines_take_hours_and_days_in_one_rule(qtbot, controller, workload, typed, hours, shown):
    """persona5b: the training deadline was in days to a tenth, so an 8 h overnight fine-tune could not
    be typed (0.3 days = 7.2 h). Both wizard deadlines are one box (wizard_boxes.deadline_box): hours
    up to two days and days above, as the window writes a deadline, typed in either unit."""
    from PySide6.QtCore import Qt

    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload(workload)
    for _ in range(2):  # goal, model (graphics work has none)
        if wizard.currentPage() is not wizard.load:
            wizard.next()
    assert wizard.currentPage() is wizard.load
    box = wizard.load.render_deadline if workload == "render" else wizard.load.deadline
    box.lineEdit().selectAll()
    box.lineEdit().insert(typed)  # as typed (QtTest's key clicks take no Chinese character)
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    answered = wizard.answered.render_deadline_hours if workload == "render" else wizard.answered.deadline_hours
    assert answered == pytest.approx(hours) and box.text() == shown
