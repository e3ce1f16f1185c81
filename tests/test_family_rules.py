"""Workload-family rules the mutation run (tools/mutate.py) found unpinned, checked as stated in
their docstrings and messages."""

from __future__ import annotations

import pytest

from configurator.core.scenario import Scenario, Workload
from configurator.core.workloads import family_of


@pytest.mark.parametrize(("scene_gib", "card_id"), [(100.0, "l40s"), (10.0, "l40s"), (30.0, "rtx-pro-6000-blackwell")])
def test_the_scene_size_curve_reaches_twice_the_scene_or_past_the_card(catalog, llama8b, scene_gib, card_id):
    """SCENE_CURVE_REACH: the curve runs to twice the scene or 1.2 × the card's memory, whichever
    is larger, so both the job and the card's limit are on the chart [GiB]."""
    card = catalog.get(card_id)
    s = Scenario(model=llama8b, card_id=card_id, count=1, workload="render", graphics={"scene_gib": scene_gib})
    curve = family_of(Workload.RENDER).memory_curve(s, card)
    assert curve.values[0] == 1
    assert curve.values[-1] == round(max(2 * scene_gib, 1.2 * card.memory_gb))


def test_the_latency_alternative_is_said_in_milliseconds_per_token(catalog):
    """The message reads "{ms} ms per output token (the recommendation {chosen_ms} ms)": the
    figures are in seconds per token."""
    message = family_of(Workload.INFERENCE).faster_alternative(0.0125, catalog.get("h100-sxm"), 4, 0.0573)
    assert message.id == "reason-latency-changes"
    assert message.params["ms"] == pytest.approx(12.5, rel=1e-12)
    assert message.params["chosen_ms"] == pytest.approx(57.3, rel=1e-12)
    assert message.params["count"] == 4


def test_the_rendering_time_per_frame_is_shown_in_hours(catalog, llama8b):
    """The view's "Time per frame" is the minutes per frame over 60, in hours."""
    from configurator.core.estimate import estimate
    from configurator.core.view.estimate_view import estimate_view

    s = Scenario(model=llama8b, card_id="l40s", count=2, workload="render", graphics={"scene_gib": 10.0})
    est = estimate(s, catalog.get("l40s"))
    rows = {r.key: r for section in estimate_view(est).sections for r in section.rows}
    shown = rows["minutes_per_frame"].value
    assert shown.unit == "h"
    assert shown.value == pytest.approx(est.graphics.minutes_per_frame / 60, rel=1e-12)


def test_the_disaggregated_note_gives_the_kv_transfer_in_milliseconds(catalog, llama8b):
    from configurator.core.estimate import estimate
    from configurator.core.precision import plan_serving
    from configurator.core.serving_pools import kv_transfer_seconds

    card = catalog.get("h100-sxm")
    s = Scenario(model=llama8b, card_id="h100-sxm", count=4, workload="inference",
                 serving={"context": 4096, "concurrency": 64, "prompt_tokens": 1024, "output_tokens": 256,
                          "disaggregated": True})
    est = estimate(s, card)
    note = next(m for m in est.messages if m.id == "serving-disaggregated")
    seconds = kv_transfer_seconds(est.scenario, card, plan_serving(est.scenario, card), 1024)
    assert seconds > 0 and note.params["transfer_ms"] == pytest.approx(1000 * seconds, rel=1e-12)


@pytest.mark.parametrize("workload", ["vdi", "transcode"])
def test_the_users_or_streams_curve_counts_every_load_from_one(catalog, llama8b, workload):
    """LoadFamily.memory_curve: memory per card against the users or streams on it, each whole
    number from one, past the load now on the card."""
    s = Scenario(model=llama8b, card_id="l40s", count=1, workload=workload)
    curve = family_of(s.workload).memory_curve(s, catalog.get("l40s"), on_card=5)
    assert curve.values[0] == 1
    assert list(curve.values) == list(range(1, len(curve.values) + 1))
    assert curve.values[-1] > 5


def test_the_desktop_speed_figure_is_the_reciprocal_of_a_users_fp32_rate(catalog, llama8b):
    """DesktopsFamily.speed_figure: "1 / the FP32 rate one user gets [s·TFLOP⁻¹]" (the
    recommendation chart's x axis and the fastest objective's score)."""
    from configurator.core.estimate import estimate

    s = Scenario(model=llama8b, card_id="l40s", count=1, workload="vdi")
    est = estimate(s, catalog.get("l40s"))
    assert est.graphics.tflops_per_user > 0
    assert family_of(s.workload).speed_figure(est) == pytest.approx(1 / est.graphics.tflops_per_user, rel=1e-12)
